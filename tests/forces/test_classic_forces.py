"""The 1996 game's force rules (issue 18; TSR digest §2.3-2.5, §3.2, §18 rows 2-6, §19 OP-28 to
OP-31): dice and terrains the 1996 game did not have are refused for a classic force, with the
reason named, and the Home and Campaign armies hold one race each."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.classic import (
    ClassicSwitches, classic_die_fault, classic_problems, classic_version, switches_from,
)
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.forces.validate import errors, slot_fault, validate_force

CAT = load_catalog()

# A legal 24-point Goblin force for the 1996 game: TSR terrain types with basic eighth faces,
# one single-colour dragon (1 per 24 points, OP-1), three one-race armies of 8 health.
GOBLINS = ("Goblins/Marauder", "Goblins/Cutthroat", "Goblins/Thug", "Goblins/Thug",
           "Goblins/Thug")


def _force(**changes):
    from dragondice_desktop.forces.model import Force

    base = Force(name="Goblins 1996", points=24, home_terrain="Terrains/Flatland City",
                 frontier_terrain="Terrains/Swampland Tower", home_army=GOBLINS,
                 horde_army=GOBLINS, campaign_army=GOBLINS, dragons=("Dragons/Black Drake",))
    return replace(base, **changes)


def _messages(force, switches=ClassicSwitches()):
    return [p.message for p in errors(validate_force(force, CAT, classic=switches))]


def test_the_base_force_is_legal_in_both_rulesets():
    """The fixture itself breaks no rule, so each refusal below comes from the change made."""
    for die in GOBLINS:
        assert CAT.die(die).species.value == "Goblins"
    assert sum(CAT.die(k).health for k in GOBLINS) == 8
    assert errors(validate_force(_force(), CAT)) == []
    assert _messages(_force()) == []


@pytest.mark.parametrize("species", ["Treefolk", "Eldarim", "Dracolem"])
def test_races_the_1996_game_did_not_have_are_refused(species):
    """Digest §2.5: Treefolk, Eldarim (other than the no-race Dragonlord, Dragonslayer and
    Dragonmasters) and Dracolem have no TSR printing: refused, naming the race."""
    die = next(d for d in CAT if d.species is not None and d.species.value == species
               and d.kind.is_unit and "Dragon Master" not in d.name
               and d.name not in ("Dragonlord", "Dragonslayer"))
    force = _force(horde_army=GOBLINS[:-1] + (die.key,))
    found = [m for m in _messages(force) if die.key in m]
    assert found and species in found[0] and "Horde army" in found[0]


def test_dragonhunters_are_refused_but_dragonlords_play():
    """Digest §2.5: Dragonhunters have no TSR printing; Dragonlords, Dragonslayers and the
    five Dragonmasters are TSR dice of no race."""
    assert classic_die_fault(CAT.die("Eldarim/Fire Dragon Hunter (Fire)")) is not None
    for key in ("Eldarim/Dragonlord (White)", "Eldarim/Dragonslayer (White)",
                "Eldarim/Death Dragon Master (Death)"):
        assert classic_die_fault(CAT.die(key)) is None


def test_frostwings_and_scalders_only_with_the_1997_switch():
    """OP-29: refused by default; the "1997 dice" house rule lets them play."""
    for species in ("Frostwings", "Scalders"):
        die = next(d for d in CAT if d.species is not None and d.species.value == species)
        assert species in classic_die_fault(die)
        assert classic_die_fault(die, ClassicSwitches(dice_of_1997=True)) is None


@pytest.mark.parametrize("race", ["Amazons", "Coral Elves", "Dwarves", "Goblins", "Lava Elves",
                                  "Firewalkers", "Undead", "Feral", "Swamp Stalkers"])
def test_the_nine_races_of_1996_play(race):
    """Digest §2.5: the four 1995 races, Amazons, Firewalkers, Undead, Feral, Swamp Stalkers."""
    dice = [d for d in CAT if d.species is not None and d.species.value == race]
    assert len(dice) == 20 and all(classic_die_fault(d) is None for d in dice)


def test_only_the_four_tsr_terrain_types_with_basic_eighth_faces():
    """Digest §2.3, §18 row 3: Coastland, Flatland, Highland, Swampland; no Wasteland or
    Feyland, no advanced terrains (Castle, Dragon's Lair, Grove, Vortex)."""
    terrains = [d for d in CAT if d.kind.value == "terrain"]
    allowed = sorted(d.name for d in terrains if classic_die_fault(d) is None)
    assert len(allowed) == 16  # 4 types x City, Standing Stones, Temple, Tower
    assert {n.split()[0] for n in allowed} == {"Coastland", "Flatland", "Highland", "Swampland"}
    messages = _messages(_force(home_terrain="Terrains/Wasteland City",
                                frontier_terrain="Terrains/Highland Grove"))
    assert any("Home terrain" in m and "Wasteland" in m for m in messages)
    assert any("Frontier terrain" in m and "advanced" in m for m in messages)


def test_only_single_colour_drakes_and_wyrms():
    """Digest §2.4, §18 row 4: one drake and one wyrm in each of five colours, ten in all;
    Hybrid, Ivory, Ivory Hybrid and White dragons are refused."""
    dragons = [d for d in CAT if d.kind.value == "dragon"]
    assert len([d for d in dragons if classic_die_fault(d) is None]) == 10
    for key in ("Dragons/White Drake", "Dragons/Ivory Wyrm", "Dragons/Black/Blue Drake",
                "Dragons/Red/Ivory Wyrm"):
        messages = _messages(_force(dragons=(key,)))
        assert any("Dragons" in m and key in m for m in messages)


def test_dragons_stay_outside_the_force_size_one_per_24_points():
    """Digest §3.1 (F1 A2), OP-1: dragons do not count towards the conflict size; the number
    follows v4's one per 24 points or part: 24 points bring 1, 25 bring 2."""
    assert _force().total_points(CAT) == 24
    assert any("brings 2" in m for m in _messages(_force(points=25)))


def test_minor_terrains_refused_items_and_dragonkin_behind_a_switch():
    """OP-31: minor terrains refused. OP-30: items and Dragonkin refused unless the "items
    and Dragonkin" house rule is on; relics never (no TSR printing)."""
    minor = _messages(_force(minor_terrains=("Minor Terrains/Flatland Bridge",)))
    assert any("minor terrain" in m for m in minor)
    kin = _force(dragonkin=("Dragonkin/Dragonfoal (Fire)",))
    assert any("Dragonkin" in m for m in _messages(kin))
    assert _messages(kin, ClassicSwitches(items_and_dragonkin=True)) == []
    sword = CAT.die("Items/Fire Vorpal Sword")
    assert "item" in classic_die_fault(sword)
    assert classic_die_fault(sword, ClassicSwitches(items_and_dragonkin=True)) is None
    relic = next(d for d in CAT if d.kind.value == "relic")
    assert classic_die_fault(relic, ClassicSwitches(items_and_dragonkin=True)) is not None


def test_home_and_campaign_one_race_each_the_horde_mixes():
    """Digest §3.2 (F1 B1): Home and Campaign armies one race each (the same or not); the
    Horde may mix freely."""
    dwarves = ("Dwarves/Footman",) * 2
    mixed_home = _force(home_army=GOBLINS[:-2] + dwarves)
    assert any(m.startswith("Home army mixes Dwarves, Goblins") for m in _messages(mixed_home))
    mixed_campaign = _force(campaign_army=GOBLINS[:-2] + dwarves)
    assert any(m.startswith("Campaign army mixes") for m in _messages(mixed_campaign))
    assert not any("mixes" in m for m in _messages(_force(horde_army=GOBLINS[:-2] + dwarves)))
    # different races at Home and in the Campaign are fine
    dwarf_home = ("Dwarves/Footman",) * 8
    assert not any("mixes" in m for m in _messages(_force(home_army=dwarf_home)))


def test_no_race_dice_strict_by_default_neutral_with_the_switch():
    """OP-28: an army of Dragonlords only is one race (F1's all-Dragonlord example); mixed
    with a race it breaks the rule unless "no-race dice are neutral" is on."""
    lord = "Eldarim/Dragonlord (White)"  # 4 health
    only_lords = _force(home_army=(lord, lord))
    assert not any("mixes" in m for m in _messages(only_lords))
    mixed = _force(home_army=GOBLINS[:2] + (lord,))
    assert any("no race" in m for m in _messages(mixed))
    assert not any("mixes" in m for m in _messages(mixed, ClassicSwitches(no_race_neutral=True)))


def test_the_force_builder_refuses_a_drop_with_the_reason():
    """The force builder asks slot_fault: under classic a Treefolk unit or a Wasteland terrain
    is refused with the 1996 reason; under v4.01 it is not."""
    tree = CAT.die("Treefolk/Oak")
    assert slot_fault("horde_army", tree) is None
    rule, why = slot_fault("horde_army", tree, ClassicSwitches())
    assert "Treefolk" in why
    waste = CAT.die("Terrains/Wasteland City")
    assert slot_fault("home_terrain", waste, ClassicSwitches())[1].startswith("is a Wasteland")


def test_switches_from_house_rules():
    assert switches_from(["classic-1997-dice", "other"]) == ClassicSwitches(dice_of_1997=True)
    assert switches_from([]) == ClassicSwitches()


def test_classic_versions_of_the_samples_are_legal_except_treefolk():
    """The classic sample forces (classic_version) keep their units and swap only terrains,
    dragons and what 1996 lacks; five of the six samples are then legal classic forces (the
    Treefolk one is not: Treefolk did not exist)."""
    legal = []
    for force in sample_forces():
        version = classic_version(force, CAT)
        assert version.home_army == force.home_army
        if not errors(validate_force(version, CAT, classic=ClassicSwitches())):
            legal.append(force.name.split()[0])
        assert errors(validate_force(force, CAT, classic=ClassicSwitches()))  # 1996 lacks some
    assert sorted(legal) == ["Amazons", "Feral", "Goblins", "Swamp", "Undead"]


def test_force_validate_command_under_classic(tmp_path):
    """`dragondice force validate --ruleset classic` names each 1996 problem, exits 1; the
    same file is legal under v4.01 (exit 0)."""
    from dragondice_desktop.forces.io import dump_force

    force = _force(horde_army=GOBLINS[:-1] + ("Treefolk/Pineling",))
    path = tmp_path / "force.json"
    path.write_text(dump_force(force), encoding="utf-8")
    run = [sys.executable, "-m", "dragondice_desktop", "force", "validate", str(path)]
    v4 = subprocess.run(run, capture_output=True, text=True)
    classic = subprocess.run(run + ["--ruleset", "classic"], capture_output=True, text=True)
    assert v4.returncode == 0, v4.stdout + v4.stderr
    assert classic.returncode == 1 and "Treefolk were not made for the 1996 game" in classic.stdout
    bad = subprocess.run(run + ["--house-rule", "classic-1997-dice"], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "--ruleset classic" in bad.stderr
