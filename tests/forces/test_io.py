"""Force files: our JSON format, bad input, the OCTGN importer and the bundled sample forces."""

import json
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.io import (
    ForceFileError, dump_force, force_file_name, force_to_data, import_octgn_deck, load_force,
)
from dragondice_desktop.forces.model import Force
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.forces.validate import validate_force

CAT = load_catalog()
REPO = Path(__file__).parents[2]
COMMITTED_FORCES = REPO / "resources" / "forces"

SMALL = Force(
    name="Small — test", points=15,
    home_terrain="Terrains/Flatland City", frontier_terrain="Terrains/Flatland Vortex",
    home_army=("Feral/Weasel-folk",) * 3 + ("Feral/Badger-folk",),
    horde_army=("Feral/Buffalo-folk", "Items/Air Speed Slippers"),
    campaign_army=("Feral/Weasel-folk", "Feral/Horse-folk", "Feral/Weasel-folk"),
    dragons=("Dragons/Blue Drake",), dragonkin=("Dragonkin/Dragonfoal (Air)",) * 2,
    minor_terrains=("Minor Terrains/Flatland Woods",),
)


def good_data(**changes) -> dict:
    return {**force_to_data(SMALL), **changes}


def load_error(source) -> str:
    with pytest.raises(ForceFileError) as info:
        load_force(source, CAT)
    return str(info.value)


# --- our format ------------------------------------------------------------------------

def test_forceio_round_trip_small_force():
    assert load_force(dump_force(SMALL), CAT) == SMALL


def test_forceio_round_trip_every_sample_force():
    forces = sample_forces()
    assert forces
    for force in forces:
        assert load_force(dump_force(force), CAT) == force


def test_forceio_round_trip_keeps_order_of_interleaved_dice():
    f = Force(name="x", points=24, home_terrain="Terrains/Flatland City",
              frontier_terrain="Terrains/Flatland City",
              home_army=("Feral/Weasel-folk", "Feral/Horse-folk", "Feral/Weasel-folk"))
    assert load_force(dump_force(f), CAT) == f


def test_forceio_dump_writes_compact_counts():
    data = json.loads(dump_force(SMALL))
    assert data["format"] == "dragondice-desktop-force" and data["version"] == 1
    assert data["armies"]["home"] == [{"die": "Feral/Weasel-folk", "count": 3}, "Feral/Badger-folk"]
    assert data["dragonkin"] == [{"die": "Dragonkin/Dragonfoal (Air)", "count": 2}]
    assert "Small — test" in dump_force(SMALL)  # names stay readable, not \u escapes


def test_forceio_load_accepts_plain_and_counted_entries():
    home = ["Feral/Weasel-folk", {"die": "Feral/Weasel-folk", "count": 2},
            {"die": "Feral/Badger-folk"}]
    data = good_data(armies={"home": home, "horde": list(SMALL.horde_army),
                             "campaign": list(SMALL.campaign_army)})
    assert load_force(json.dumps(data), CAT) == SMALL


def test_forceio_load_from_path_and_path_string(tmp_path):
    path = tmp_path / "small.json"
    path.write_text(dump_force(SMALL), encoding="utf-8")
    assert load_force(path, CAT) == SMALL
    assert load_force(str(path), CAT) == SMALL


def test_forceio_load_tolerates_byte_order_mark(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + dump_force(SMALL).encode("utf-8"))
    assert load_force(path, CAT) == SMALL


def test_forceio_missing_summoning_pool_lists_are_empty():
    data = good_data()
    for name in ("dragons", "dragonkin", "minor_terrains"):
        del data[name]
    force = load_force(json.dumps(data), CAT)
    assert force.dragons == force.dragonkin == force.minor_terrains == ()


# --- bad input -------------------------------------------------------------------------

def test_forceio_truncated_json():
    text = dump_force(SMALL)[:120]
    message = load_error(text)
    assert "not valid JSON" in message and "truncated" in message


def test_forceio_syntax_error_is_not_called_truncated():
    message = load_error('{"name": "a\\"b", "points" 36}')
    assert "not valid JSON" in message and "line 1" in message and "truncated" not in message


def test_forceio_wrong_version():
    message = load_error(json.dumps(good_data(version=2)))
    assert "version 2 is not supported" in message and "reads version 1" in message


def test_forceio_wrong_format():
    message = load_error(json.dumps(good_data(format="something-else")))
    assert "'something-else'" in message and "dragondice-desktop-force" in message


def test_forceio_unknown_die_names_closest():
    data = good_data(dragons=["Dragons/Blue Drak"], home_terrain="Seer")
    message = load_error(json.dumps(data))
    assert "unknown dice" in message
    assert "'Dragons/Blue Drak' (closest: 'Dragons/Blue Drake'" in message
    assert "'Seer' (closest: 'Amazons/Seer'" in message


def test_forceio_directory_path(tmp_path):
    message = load_error(tmp_path)
    assert message == f"'{tmp_path}' is a directory, not a force file"


def test_forceio_empty_file(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("  \n", encoding="utf-8")
    assert "is empty" in load_error(path)


def test_forceio_empty_text():
    assert "empty" in load_error("")


def test_forceio_missing_file(tmp_path):
    message = load_error(str(tmp_path / "nope.json"))
    assert "no force file" in message and "nope.json" in message


def test_forceio_not_utf8(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"name": "\xe9"}')
    assert "not UTF-8" in load_error(path)


@pytest.mark.parametrize("changes, expected", [
    ({"points": "36"}, "'points' must be a positive whole number, found \"36\""),
    ({"points": True}, "'points' must be a positive whole number, found true"),
    ({"points": 0}, "'points' must be a positive whole number, found 0"),
    ({"name": 7}, "'name' must be a string, found a number"),
    ({"home_terrain": None}, "'home_terrain' must be a string, found null"),
    ({"armies": []}, "'armies' must be an object"),
    ({"armies": {"home": [], "reserve": []}}, "unknown armies 'reserve'"),
    ({"dragons": "Dragons/Blue Drake"}, "'dragons' must be a list of dice, found a string"),
    ({"dragons": [{"die": "Dragons/Blue Drake", "count": 0}]},
     "'dragons[0].count' must be a positive"),
    ({"dragons": [{"dice": "Dragons/Blue Drake"}]}, "'dragons[0]' must be a die key or"),
    ({"dragons": [3]}, "'dragons[0]' must be a die key or"),
    ({"dragon": []}, "unknown fields 'dragon'"),
    ({"dragons": [{"die": "Dragons/Blue Drake", "count": 10**9}]}, "no force holds more than 999"),
    ({"version": "1"}, 'version "1" is not supported'),
])
def test_forceio_wrong_field_types(changes, expected):
    assert expected in load_error(json.dumps(good_data(**changes)))


def test_forceio_missing_version():
    data = good_data()
    del data["version"]
    assert "missing fields 'version'" in load_error(json.dumps(data))


def test_forceio_unreadable_path_string():
    assert "cannot read force file" in load_error("bad\x00name.json")


def test_forceio_missing_field():
    data = good_data()
    del data["points"]
    assert "missing fields 'points'" in load_error(json.dumps(data))


def test_forceio_top_level_list_is_not_a_force(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    assert "expected a JSON object, found a list" in load_error(path)


# --- OCTGN import ----------------------------------------------------------------------

DECK = """\ufeff<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<deck game="0000ac4a-0bf6-4c10-8f05-e32e53e57518">
  <section name="Home Terrain" shared="False">
    <card qty="1" id="8139f119-b655-415a-acbe-c93b4a1c829c">Flatland City</card>
  </section>
  <section name="Home Army" shared="False">
    <card qty="3" id="32daf460-25a2-4a19-9468-d45dc25f3c49">Weasel-folk</card>
  </section>
  <section name="Frontier Terrain" shared="False">
    <card qty="1" id="92149556-5e40-4574-ac4c-fc21046ad731">Flatland Grove</card>
  </section>
  <section name="Campaign Army" shared="False">
    <card qty="2" id="00000000-0000-0000-0000-000000000000">Badger-folk</card>
  </section>
  <section name="Horde Army" shared="False">
    <card qty="1" id="48e14f65-a778-4044-80ec-0d437b839170">Buffalo-folk</card>
  </section>
  <section name="Dragons" shared="False">
    <card qty="1" id="094afa48-a442-49fb-a04f-9d2949d799a6">Blue Drake</card>
  </section>
  <section name="Minor Terrain" shared="False" />
  <section name="Dragonkin" shared="False">
    <card qty="2" id="36ec45ce-0598-48a9-99f7-79f000a165c2">Dragonfoal </card>
  </section>
  <section name="Items (Summoning Pool)" shared="False" />
  <notes><![CDATA[]]></notes>
</deck>"""


def test_forceio_octgn_import_maps_ids_and_falls_back_to_names():
    """The Campaign card carries an unknown id: its name "Badger-folk" still finds the die."""
    force = import_octgn_deck(DECK, "Feral import", CAT, points=24)
    assert force == Force(
        name="Feral import", points=24, home_terrain="Terrains/Flatland City",
        frontier_terrain="Terrains/Flatland Grove", home_army=("Feral/Weasel-folk",) * 3,
        horde_army=("Feral/Buffalo-folk",), campaign_army=("Feral/Badger-folk",) * 2,
        dragons=("Dragons/Blue Drake",), dragonkin=("Dragonkin/Dragonfoal (Air)",) * 2,
    )


def test_forceio_octgn_import_chooses_smallest_legal_points():
    """10 points of units, three armies of at most 7 (floor(15/2)): legal at 15."""
    assert import_octgn_deck(DECK, "Feral import", CAT).points == 15


def octgn_error(xml_text: str) -> str:
    with pytest.raises(ForceFileError) as info:
        import_octgn_deck(xml_text, "x", CAT)
    return str(info.value)


def test_forceio_octgn_unknown_card():
    bad = DECK.replace("00000000-0000-0000-0000-000000000000\">Badger-folk",
                       "00000000-0000-0000-0000-000000000000\">Badger-flok")
    message = octgn_error(bad)
    assert "'Badger-flok'" in message and "Campaign Army" in message


def test_forceio_octgn_ambiguous_name_without_id():
    """"Dragonfoal" exists in every element; without a known id the name cannot decide."""
    bad = DECK.replace("36ec45ce-0598-48a9-99f7-79f000a165c2", "unknown")
    assert "ambiguous" in octgn_error(bad)


@pytest.mark.parametrize("xml_text, expected", [
    ("<deck><section name='Home Army'>", "not valid XML"),
    ("<notadeck/>", "root element is <notadeck>"),
    ("", "not valid XML"),
])
def test_forceio_octgn_not_a_deck(xml_text, expected):
    assert expected in octgn_error(xml_text)


def test_forceio_octgn_unknown_section():
    assert "unknown section 'Reserves'" in octgn_error(DECK.replace('"Home Army"', '"Reserves"'))


def test_forceio_octgn_terrain_section_needs_one_terrain():
    two = DECK.replace('<card qty="1" id="8139f119', '<card qty="2" id="8139f119')
    assert "'Home Terrain' must hold exactly one terrain, found 2" in octgn_error(two)


def test_forceio_octgn_bad_quantity():
    assert "quantity 'x'" in octgn_error(DECK.replace('qty="3"', 'qty="x"'))


def test_forceio_octgn_items_in_summoning_pool_rejected():
    pool = DECK.replace('<section name="Items (Summoning Pool)" shared="False" />',
                        '<section name="Items (Summoning Pool)"><card qty="1" id="a">Gold Medallion'
                        '</card></section>')
    assert "items start in an army" in octgn_error(pool)


# --- the bundled sample forces ---------------------------------------------------------

def test_forceio_sample_forces_are_legal():
    """Digest §2: each sample force is legal (no errors, no unused points) at its size."""
    forces = sample_forces()
    assert len(forces) == 6
    for force in forces:
        assert validate_force(force, CAT) == [], force.name
        assert force.points == 36 and force.total_points(CAT) == 36


def test_forceio_sample_force_names_and_files():
    """Each bundled file is named after its force; six forces of six different species."""
    forces = sample_forces()
    committed = sorted(p.name for p in COMMITTED_FORCES.glob("*.json"))
    assert committed == sorted(force_file_name(f.name) for f in forces)
    assert "Amazons — Spears and Seers" in [f.name for f in forces]
    assert force_file_name("Amazons — Spears and Seers") == "amazons-spears-and-seers.json"
    species = {CAT.die(f.home_army[0]).species for f in forces}
    assert len(species) == 6


def _health(keys):
    return sum(CAT.die(k).health for k in keys)


def test_forceio_sample_forces_start_even():
    """Digest §2.2 and §3.1: the Horde roll-off pits Horde armies' maneuver rolls, and the
    first attacks meet armies of the start. No sample army is a lone 1-health unit (the old
    lists rolled 1 die against 14); every army holds 12 health, at least 5 units of at least
    3 unit classes, so any two sample forces start even."""
    for force in sample_forces():
        for army in ("home_army", "horde_army", "campaign_army"):
            keys = getattr(force, army)
            assert _health(keys) == 12, (force.name, army)
            assert len(keys) >= 5, (force.name, army)
            assert len({CAT.die(k).class_name for k in keys}) >= 3, (force.name, army)


def test_forceio_sample_forces_are_varied():
    """Different lists, not one list re-coloured: the armies' class make-up differs."""
    shapes = {tuple(sorted(CAT.die(k).class_name for k in f.campaign_army))
              for f in sample_forces()}
    assert len(shapes) >= 3
