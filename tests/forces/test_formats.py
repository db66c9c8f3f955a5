"""forces.formats, text_list, octgn: every format round-trips; broken or hostile files are
refused with a clear message."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.errors import MAX_DICE, ForceFileError
from dragondice_desktop.forces.formats import (
    FORMATS, detect_format, export_force, import_force, read_force_file,
)
from dragondice_desktop.forces.io import force_to_data, load_force
from dragondice_desktop.forces.model import Force
from dragondice_desktop.forces.octgn import export_octgn_deck, import_octgn_deck
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.forces.text_list import export_text, import_text
from dragondice_desktop.forces.validate import validate_force

CAT = load_catalog()
SAMPLES = sample_forces()
# A legal 36-point force at the setup limits (a 1-health Home army, an 18-point Horde),
# kept with the tests so the bundled sample forces can change.
LIMITS = load_force((Path(__file__).parents[1] / "forces" / "data"
                     / "amazons-at-the-limits.json").read_text(encoding="utf-8"))
OUR_DECKS = Path(__file__).parent / "data"
# Over the 36-point size by 1 and a 19-point Horde (digest §2.1, §2.2).
INVALID = replace(LIMITS, name="Too big", horde_army=LIMITS.horde_army + ("Amazons/Seer",))


@pytest.mark.parametrize("fmt", FORMATS)
def test_formats_six_samples_round_trip(fmt):
    assert len(SAMPLES) == 6
    for force in SAMPLES:
        assert validate_force(force, CAT) == []
        assert import_force(export_force(force, fmt, CAT), fmt, catalog=CAT) == force


@pytest.mark.parametrize("fmt", FORMATS)
def test_formats_detected_from_content(fmt):
    text = export_force(SAMPLES[1], fmt, CAT)
    assert detect_format(text) == fmt
    assert import_force(text, catalog=CAT) == SAMPLES[1]


@pytest.mark.parametrize("fmt", FORMATS)
def test_formats_invalid_force_round_trips_and_states_its_problems(fmt):
    text = export_force(INVALID, fmt, CAT)
    assert "Force has 37 points; the force size is 36." in text
    assert "Horde army has 19 points; the most is 18 (half of 36)." in text
    assert import_force(text, fmt, catalog=CAT) == INVALID


@pytest.mark.parametrize("fmt", FORMATS)
def test_formats_draft_without_terrains_round_trips(fmt):
    draft = Force("Draft", 24, "", "", home_army=("Amazons/Seer",))
    assert import_force(export_force(draft, fmt, CAT), fmt, catalog=CAT) == draft


def test_formats_interleaved_order_is_kept_in_text_and_octgn():
    force = replace(SAMPLES[0], campaign_army=("Amazons/Seer", "Amazons/Visionary",
                                               "Amazons/Seer"))
    for fmt in ("text", "o8d"):
        assert import_force(export_force(force, fmt, CAT), fmt, catalog=CAT) == force


def test_formats_octgn_deck_file_reads_named_after_the_file():
    """A deck in the shape OCTGN saves it (byte-order mark, OCTGN's section order, notes):
    tests/forces/data holds one of our own lists, so this runs without ../shared."""
    decks = sorted(OUR_DECKS.glob("*.o8d"))
    assert decks
    for deck in decks:
        force = read_force_file(deck, catalog=CAT)
        assert force.name == deck.stem and validate_force(force, CAT) == []
    treefolk = read_force_file(OUR_DECKS / "Treefolk - Grove Wardens.o8d", catalog=CAT)
    assert treefolk.home_army == ("Treefolk/Oak Lord", "Treefolk/Oak", "Treefolk/Pine",
                                  "Treefolk/Dryad") + ("Treefolk/Oakling",) * 3
    assert treefolk.frontier_terrain == "Terrains/Flatland Grove"
    assert treefolk.dragonkin.count("Dragonkin/Dragonfoal (Earth)") == 4


def test_formats_read_force_file_by_extension(tmp_path):
    for fmt, suffix in (("json", ".json"), ("text", ".txt"), ("o8d", ".o8d")):
        path = tmp_path / f"force{suffix}"
        path.write_text(export_force(SAMPLES[2], fmt, CAT), encoding="utf-8")
        assert read_force_file(path, catalog=CAT) == SAMPLES[2]


# --- the text list ---------------------------------------------------------------------------

def test_text_list_shape():
    text = export_text(LIMITS, CAT)
    assert text.splitlines()[:8] == [
        "Dragon Dice force: Amazons at the limits",
        "Force size: 36 points (36 used)",
        "Home Terrain: Wasteland City",
        "Frontier Terrain: Wasteland Grove",
        "",
        "Home Army (1 point):",
        "  1x Seer",
        "",
    ]
    assert "  6x Dragonfoal (Fire)" not in text and "  6x Dragonkin/Dragonfoal (Fire)" in text


def test_text_list_reads_hand_written_lists():
    text = """# my force
    dragon dice force: Hand made
    force size: 15
    home terrain: Flatland City
    frontier: Flatland Grove

    HOME ARMY:
      - 3 x Weasel-folk
      * Badger-folk
    Horde Army (whatever):
      2× Buffalo-folk
    Campaign Army:
      1 Horse-folk
    Dragons:
      Blue Drake
    Problems: anything below here is ignored
      - rubbish
    """
    force = import_text(text, CAT)
    assert force == Force(
        name="Hand made", points=15, home_terrain="Terrains/Flatland City",
        frontier_terrain="Terrains/Flatland Grove",
        home_army=("Feral/Weasel-folk",) * 3 + ("Feral/Badger-folk",),
        horde_army=("Feral/Buffalo-folk",) * 2, campaign_army=("Feral/Horse-folk",),
        dragons=("Dragons/Blue Drake",))


def text_error(text: str) -> str:
    with pytest.raises(ForceFileError) as info:
        import_text(text, CAT)
    return str(info.value)


def test_text_list_reports_every_bad_line():
    message = text_error("Dragon Dice force: X\nForce size: 24\nHome Army:\n  2x Weasel-flok\n"
                         "  0x Badger-folk\n  1000x Weasel-folk\nwhat is this\n")
    assert "line 4: no die 'Weasel-flok' in the catalog (closest: 'Feral/Weasel-folk'" in message
    assert "line 5: count 0 for 'Badger-folk'" in message
    assert "line 6: count 1000" in message and "from 1 to 999" in message
    # Inside a section every line is a die line, so "what is this" is an unknown die.
    assert "line 7: no die 'what is this' in the catalog" in message


def test_text_list_needs_name_and_size():
    message = text_error("Home Army:\n  1x Seer\n")
    assert "no name line" in message and "no points line" in message


@pytest.mark.parametrize("line, expected", [
    ("Force size: lots", "force size 'lots' is not a positive whole number"),
    ("Force size: 0 points", "force size '0 points'"),
    ("Home Terrain: 2x Flatland City", "a terrain line names one terrain, found 2"),
])
def test_text_list_bad_fields(line, expected):
    base = "Dragon Dice force: X\nForce size: 24\n"
    if line.startswith("Force size"):
        base = "Dragon Dice force: X\n"
    assert expected in text_error(base + line + "\n")


def test_text_list_huge_total_is_refused():
    lines = ["Dragon Dice force: X", "Force size: 24", "Home Army:"]
    lines += ["  999x Seer"] * 3
    assert f"no force holds more than {MAX_DICE}" in text_error("\n".join(lines))


# --- hostile or broken files ------------------------------------------------------------------

def octgn_error(xml_text) -> str:
    with pytest.raises(ForceFileError) as info:
        import_octgn_deck(xml_text, "x", CAT)
    return str(info.value)


def test_octgn_refuses_doctype_and_entities():
    bomb = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
            '<!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><deck>&lol2;</deck>')
    assert "contains a <!DOCTYPE> declaration" in octgn_error(bomb)
    external = '<!ENTITY x SYSTEM "file:///etc/passwd"><deck/>'
    assert "contains a <!ENTITY> declaration" in octgn_error(external)


@pytest.mark.parametrize("qty", ["99999999999999999999", "1000", "0", "-1", "2.5"])
def test_octgn_refuses_bad_quantities(qty):
    deck = export_octgn_deck(LIMITS, CAT).replace('qty="4"', f'qty="{qty}"')
    assert "expected a whole number from 1 to 999" in octgn_error(deck)


def test_octgn_refuses_a_huge_deck():
    deck = export_octgn_deck(SAMPLES[0], CAT)
    card = '<card qty="999" id="01cbcf95-bf8f-4de2-9620-5538de081875">Seer</card>'
    deck = deck.replace("<section name=\"Home Army\" shared=\"False\">",
                        "<section name=\"Home Army\" shared=\"False\">" + card * 5)
    assert f"no force holds more than {MAX_DICE}" in octgn_error(deck)


def test_octgn_refuses_oversized_text():
    assert "a deck is at most" in octgn_error("<deck>" + " " * 2_100_000 + "</deck>")


def test_octgn_notes_with_bad_size():
    deck = export_octgn_deck(SAMPLES[0], CAT).replace("Force size: 36 points",
                                                      "Force size: many points")
    assert "force size 'many points'" in octgn_error(deck)


def test_octgn_two_home_terrains_refused():
    deck = export_octgn_deck(SAMPLES[0], CAT).replace(
        '<card qty="1" id="42a21a70-2afc-4e03-95dc-41e37118797d">',
        '<card qty="2" id="42a21a70-2afc-4e03-95dc-41e37118797d">')
    assert "'Home Terrain' must hold exactly one terrain, found 2" in octgn_error(deck)


@pytest.mark.parametrize("data, expected", [
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    ("   ", "is empty"),
    ('{"format": "dragondice-desktop-force", "version": 1, "name": "x"', "not valid JSON"),
    ("<deck><section name='Home Army'><card qty='1' id='x'>Nobody</card></section></deck>",
     "cards not in the catalog"),
    ("Dragon Dice force: x\nForce size: 24\nHome Army:\n 1x Nobody at all\n", "no die"),
])
def test_formats_broken_input_gives_a_clear_message(data, expected):
    with pytest.raises(ForceFileError) as info:
        import_force(data, catalog=CAT)
    assert expected in str(info.value)


def test_json_name_rules_and_problems_field():
    data = force_to_data(SAMPLES[0])
    with pytest.raises(ForceFileError, match="control character"):
        load_force(json.dumps({**data, "name": "a\nb"}), CAT)
    with pytest.raises(ForceFileError, match="'problems' must be a list of strings"):
        load_force(json.dumps({**data, "problems": [1]}), CAT)
    assert load_force(json.dumps({**data, "problems": ["stale"]}), CAT) == SAMPLES[0]


def test_json_huge_count_refused():
    data = force_to_data(SAMPLES[0])
    data["armies"]["home"] = [{"die": "Amazons/Seer", "count": 999}] * 3
    with pytest.raises(ForceFileError, match=f"no force holds more than {MAX_DICE}"):
        load_force(json.dumps(data), CAT)


def test_read_force_file_errors_name_the_file(tmp_path):
    missing = tmp_path / "nope.json"
    with pytest.raises(ForceFileError, match="no force file at"):
        read_force_file(missing, catalog=CAT)
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 2_000_001)
    with pytest.raises(ForceFileError, match="a force file is at most"):
        read_force_file(big, catalog=CAT)
    bad = tmp_path / "bad.o8d"
    bad.write_text("<deck><section", encoding="utf-8")
    with pytest.raises(ForceFileError) as info:
        read_force_file(bad, catalog=CAT)
    assert str(bad) in str(info.value) and "not valid XML" in str(info.value)
