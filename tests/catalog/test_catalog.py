"""The dice catalog: complete, validated on load, and equal to a fresh conversion of the
reference data (issue 2 §2; digest §1; seed 001 for item costs)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from dragondice_desktop.catalog import convert
from dragondice_desktop.catalog.loader import CatalogError, _die_from_record, load_catalog, validate_die
from dragondice_desktop.catalog.model import DieKind, DieType, Face, Icon, Species

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "octgn-sets"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def test_every_die_of_the_game_is_there(catalog):
    """Issue 2 §2 counts: 240 species dice, 208 Eldarim, 60 Dragonkin, 63 Dracolem, 105 items,
    44 dragons, 48 terrains, 28 minor terrains and 55 spells."""
    groups = Counter(d.key.split("/")[0] for d in catalog)
    species = sum(n for g, n in groups.items() if g in {s.value for s in Species} - {"Eldarim", "Dragonkin", "Dracolem"})
    assert species == 240
    assert groups["Eldarim"] == 208 and groups["Dragonkin"] == 60 and groups["Dracolem"] == 63
    assert groups["Items"] == 105 and groups["Dragons"] == 44
    assert groups["Terrains"] == 48 and groups["Minor Terrains"] == 28
    assert len(catalog.spells) == 55


def test_twelve_species_have_twenty_dice_each(catalog):
    """Digest §1.2: 5 small, 5 medium, 5 large and 5 monsters per original species."""
    for species in Species:
        if species in (Species.ELDARIM, Species.DRAGONKIN, Species.DRACOLEM):
            continue
        sizes = Counter(d.size.value for d in catalog if d.species is species)
        assert sizes == {"small": 5, "medium": 5, "large": 5, "monster": 5}, species


def test_units_have_one_id_face_equal_to_health(catalog):
    """Digest §1.2: one ID face per unit, producing results equal to the unit's health."""
    for die in catalog:
        if die.kind.is_unit:
            ids = [f for f in die.faces if f.icon is Icon.ID]
            assert len(ids) == 1 and ids[0].count == die.health, die.key


def test_face_count_matches_die_type(catalog):
    for die in catalog:
        assert len(die.faces) == die.die_type.value, die.key


@pytest.mark.parametrize("key,cost", [
    ("Items/Air Flicker Foil", 1), ("Items/Air Dawn Blade", 2), ("Items/Air Vorpal Sword", 2),
    ("Items/Air Blade Golem", 3), ("Items/Bronze Medallion", 4), ("Items/Elemental Relic", 4),
])
def test_item_costs_follow_seed_001(catalog, key, cost):
    """Seed 001 items table: small 1, medium 2 (first of a pair), large 2, artifact 3,
    medallion 4, relic 4."""
    assert catalog.die(key).cost == cost


@pytest.mark.parametrize("key,health", [
    ("Dwarves/Footman", 1), ("Coral Elves/Leviathan", 4), ("Dragonkin/Dragonfoal (Air)", 1),
])
def test_unit_cost_equals_health(catalog, key, health):
    """Digest §1.2: a unit's point cost equals its health."""
    die = catalog.die(key)
    assert die.health == health and die.cost == health


def test_die_types_by_kind(catalog):
    """Digest §1.1: units d6, monsters and artifacts d10, equipment and medallions d4, relics
    d6, dragons d12, terrains d8."""
    expected = {DieKind.UNIT: DieType.D6, DieKind.MONSTER: DieType.D10, DieKind.ARTIFACT: DieType.D10,
                DieKind.EQUIPMENT: DieType.D4, DieKind.MEDALLION: DieType.D4, DieKind.RELIC: DieType.D6,
                DieKind.DRAGON: DieType.D12, DieKind.TERRAIN: DieType.D8, DieKind.MINOR_TERRAIN: DieType.D8}
    for die in catalog:
        assert die.die_type is expected.get(die.kind, die.die_type), die.key


def test_terrain_layout_by_type(catalog):
    """Digest §1.5 table: a Coastland has magic on 1, missile on 2-5, melee on 6-7."""
    faces = [f.icon for f in catalog.die("Terrains/Coastland Tower").faces]
    assert faces == [Icon.MAGIC] + [Icon.MISSILE] * 4 + [Icon.MELEE] * 2 + [Icon.TOWER]


def test_corrections_where_rules_beat_the_data(catalog):
    """Reference README "known doubtful points": rules win. White Drake doubled like the White
    Wyrm with 10 health and 5 saves (digest §1.7, §10 #1); Tail is a fixed 2 melee (seed 000);
    Eldarim champion logos are single champion icons worth 4 (seed 000 X rule); Dragonkin
    names carry no trailing space."""
    white = catalog.die("Dragons/White Drake")
    assert white.health == 10 and white.autosaves == 5
    values = {f.icon: f.count for f in white.faces}
    assert values[Icon.JAWS] == 24 and values[Icon.CLAWS] == 12 and values[Icon.WINGS] == 10
    assert values[Icon.TAIL] == 6
    assert {f.count for f in catalog.die("Coral Elves/Leviathan").faces if f.icon is Icon.TAIL} == {2}
    logo = [f for f in catalog.die("Eldarim/Dragonlord (White)").faces if f.icon is Icon.LOGO]
    assert logo[0].count == 4
    assert all(d.name == d.name.strip() for d in catalog)


def test_unknown_icon_fails_loudly():
    with pytest.raises(ValueError, match="unknown icon 'Sparkle'"):
        Face.from_text("2 Sparkle")
    record = {"key": "X/Y", "name": "Y", "kind": "unit", "species": "Dwarves", "colors": ["fire"],
              "size": "small", "health": 1, "cost": 1, "die": "d6", "faces": ["1 Sparkle"] * 6}
    with pytest.raises(CatalogError, match="X/Y"):
        _die_from_record(record)


def test_validation_names_each_broken_rule(catalog):
    """A die with two ID faces and the wrong face count breaks two rules at once."""
    import dataclasses
    footman = catalog.die("Dwarves/Footman")
    broken = dataclasses.replace(footman, faces=footman.faces[:1] * 2 + footman.faces[2:5])
    problems = validate_die(broken)
    assert any("5 faces" in p for p in problems)
    assert any("2 ID faces" in p for p in problems)
    assert validate_die(footman) == []


def test_lookup_by_name_and_helpful_miss(catalog):
    assert catalog.die("androsphinx").key == "Dwarves/Androsphinx"
    with pytest.raises(KeyError, match="ambiguous"):
        catalog.die("Dragonfoal")
    with pytest.raises(KeyError, match="no die called 'Hammerer'"):
        catalog.die("Hammerer")


@pytest.mark.skipif(not SHARED.exists(), reason=(
    "needs the reference files (../shared/reference/octgn-sets beside the repository) to "
    "convert afresh and compare with the committed catalog; every other catalog test runs"))
def test_committed_data_equals_a_fresh_conversion():
    """The committed catalog is exactly what the converter makes of the reference files."""
    fresh = convert.convert(SHARED)
    for stem, records in fresh.items():
        committed = json.loads((convert.DATA_DIR / f"{stem}.json").read_text(encoding="utf-8"))
        assert committed == records, stem
