"""Hostile and broken force files: every reader raises only ForceFileError with a message
naming the problem (F1-F6 of the robustness review), and nothing else happens."""

import json
import os
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.errors import (
    MAX_POINTS, ForceFileError, check_name, parse_whole_number, read_bounded,
)
from dragondice_desktop.forces.formats import export_force, import_force, read_force_file
from dragondice_desktop.forces.io import force_to_data, load_force

CAT = load_catalog()
# A legal 36-point force at the setup limits (a 1-health Home army, an 18-point Horde),
# kept with the tests so the bundled sample forces can change.
LIMITS = load_force((Path(__file__).parents[1] / "forces" / "data"
                     / "amazons-at-the-limits.json").read_text(encoding="utf-8"))
FORCE = LIMITS
HUGE = "9" * 5000                   # int() refuses this with a bare ValueError


def json_text(**changes) -> str:
    return json.dumps({**force_to_data(FORCE), **changes}, ensure_ascii=False)


def error_of(call, *args, **kwargs) -> str:
    with pytest.raises(ForceFileError) as info:
        call(*args, **kwargs)
    return str(info.value)


def text_list(**lines) -> str:
    return export_force(FORCE, "text", CAT).replace(
        "Force size: 36 points", lines.get("size", "Force size: 36 points")).replace(
        "  2x Charioteer", lines.get("charioteer", "  2x Charioteer"))


def deck(qty="2", size="36 points") -> str:
    text = export_force(FORCE, "o8d", CAT)
    text = text.replace('<card qty="2"', f'<card qty="{qty}"', 1)
    return text.replace("Force size: 36 points", f"Force size: {size}")


# --- F1 / F2: numbers are parsed defensively ----------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("36", 36), ("007", 7), ("0", None), ("1000", None), (HUGE, None), ("²", None),
    ("³⁶", None), ("٣", None), ("２", None), ("-2", None), ("+2", None), (" 2", None),
    ("2.0", None), ("", None),
])
def test_whole_numbers_are_ascii_digits_only(text, expected):
    assert parse_whole_number(text, 1, 999) == expected


@pytest.mark.parametrize("field", ["points", "version"])
def test_json_number_with_5000_digits_is_refused_before_int(field):
    text = json_text(**{field: 1}).replace(f'"{field}": 1', f'"{field}": {HUGE}')
    message = error_of(load_force, text, CAT)
    assert message.startswith("force text: the number at line 1, column ")
    assert "has 5000 digits" in message and "no value in a force file is that long" in message


def test_json_huge_count_is_refused():
    data = force_to_data(FORCE)
    data["armies"]["horde"][0] = {"die": "Amazons/Charioteer", "count": 1}
    text = json.dumps(data).replace('"count": 1', f'"count": {HUGE}')
    assert "has 5000 digits" in error_of(load_force, text, CAT)


@pytest.mark.parametrize("charioteer, expected", [
    (f"  {HUGE}x Charioteer", "line 10: count 999999999999… (5000 characters) for 'Charioteer'"),
    ("  ²x Charioteer", "line 10: count ² for 'Charioteer'"),
    ("  ٢x Charioteer", "line 10: count ٢ for 'Charioteer'"),
    ("-2x Charioteer", "line 10: '-2x Charioteer' has a negative count"),
    ("-2 Charioteer", "line 10: '-2 Charioteer' has a negative count"),
])
def test_text_list_bad_counts(charioteer, expected):
    source = text_list(charioteer=charioteer)
    assert charioteer in source
    message = error_of(import_force, source, "text", catalog=CAT)
    assert expected in message
    # a bad count is not followed by a false "no name line" / "no points line"
    assert "no name line" not in message and "no points line" not in message


def test_text_list_bullet_is_not_a_negative_count():
    source = text_list(charioteer="- 2x Charioteer")
    assert import_force(source, "text", catalog=CAT) == FORCE


@pytest.mark.parametrize("size", [f"Force size: {HUGE} points", "Force size: ³⁶ points",
                                  "Force size: 1000000000 points"])
def test_text_list_bad_force_size_is_named_once(size):
    message = error_of(import_force, text_list(size=size), "text", catalog=CAT)
    assert "line 2: force size" in message and "is not a positive whole number" in message
    assert "no points line" not in message                 # the line is there, only bad


def test_text_list_really_missing_lines_are_reported():
    source = text_list().replace("Force size: 36 points (36 used)\n", "")
    assert "no points line: add 'Force size: <n> points'" in \
        error_of(import_force, source, "text", catalog=CAT)


@pytest.mark.parametrize("qty, shown", [(HUGE, "(5000 characters)"), ("²", "'²'"),
                                        ("٣", "'٣'"), ("-1", "'-1'")])
def test_octgn_bad_quantity(qty, shown):
    message = error_of(import_force, deck(qty=qty), "o8d", catalog=CAT)
    assert "has quantity" in message and shown in message
    assert "expected a whole number from 1 to 999" in message


@pytest.mark.parametrize("size", [f"{HUGE} points", "³⁶ points", "1000000000 points"])
def test_octgn_bad_force_size_in_notes(size):
    message = error_of(import_force, deck(size=size), "o8d", catalog=CAT)
    assert "OCTGN deck notes: force size" in message
    assert f"from 1 to {MAX_POINTS}" in message


# --- F3: one force-size cap in every format -----------------------------------------------

@pytest.mark.parametrize("points", [MAX_POINTS + 1, 10 ** 9, 2 ** 63])
def test_json_points_are_capped_like_the_other_formats(points):
    message = error_of(load_force, json_text(points=points), CAT)
    assert message == (f"force text: 'points' is {points}; a force size is at most "
                       f"{MAX_POINTS} points")


def test_largest_force_size_round_trips_in_every_format():
    force = replace(FORCE, points=MAX_POINTS)
    for fmt in ("json", "text", "o8d"):
        assert import_force(export_force(force, fmt, CAT), fmt, catalog=CAT) == force


# --- F4: names that cannot be stored or shown ----------------------------------------------

@pytest.mark.parametrize("name, expected", [
    ("T \ud800", "not valid Unicode text"),
    ("\udcff\udcfe", "not valid Unicode text"),
    ("T\u0085x", "control character (U+0085"),
    ("T\u2028x", "line or paragraph separator (U+2028)"),
    ("T \u202eevil", "invisible formatting character (U+202E, RIGHT-TO-LEFT OVERRIDE)"),
    ("\u200b\u200b", "invisible formatting character (U+200B"),
    ("\u200d", "no visible characters"),
])
def test_bad_names_are_refused_in_every_reader(name, expected):
    assert expected in error_of(check_name, name, "here")
    assert expected in error_of(load_force, json_text(name=name), CAT)
    if "\ud800" not in name and "\udcff" not in name and "\u2028" not in name \
            and "\u0085" not in name:
        # (a line separator splits a text list into two lines; surrogates never come from
        # a UTF-8 file)
        source = export_force(replace(FORCE, name="PLACEHOLDER"), "text", CAT)
        assert expected in error_of(import_force, source.replace("PLACEHOLDER", name),
                                    "text", catalog=CAT)
    assert expected in error_of(import_force, export_force(FORCE, "o8d", CAT), "o8d",
                                name=name, catalog=CAT)


def test_names_with_joiners_and_emoji_are_fine():
    for name in ("Dragons 🐉🔥", "Family 👨\u200d👩\u200d👧", "می\u200cخواهم"):
        assert check_name(name, "here") == name


# --- F5: an empty key in a list --------------------------------------------------------

def test_json_empty_key_in_an_army_is_refused_at_load():
    data = force_to_data(FORCE)
    data["armies"]["home"].append("")
    message = error_of(load_force, json.dumps(data), CAT)
    assert "'armies.home[1]' is an empty die key" in message


def test_export_of_a_force_with_unknown_keys_states_the_problem():
    force = replace(FORCE, home_army=FORCE.home_army + ("", "Amazons/Nobody"))
    for fmt in ("text", "o8d"):
        message = error_of(export_force, force, fmt, CAT)
        assert f"cannot be written as {fmt}" in message
        assert "'', 'Amazons/Nobody' are not in the catalog" in message
    problems = json.loads(export_force(force, "json", CAT))["problems"]
    assert any("Amazons/Nobody" in p for p in problems)


# --- F6: special files are refused before they are read ---------------------------------

def test_dev_zero_is_refused_at_once():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    message = error_of(read_force_file, "/dev/zero", catalog=CAT)
    assert message == ("cannot read force file '/dev/zero': it is not a regular file (a "
                       "device, pipe or socket); a force file must be a file on disk")
    assert "not a regular file" in error_of(load_force, "/dev/zero", CAT)


def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "force.json"
    os.mkfifo(fifo)
    result = {}

    def read():
        try:
            read_force_file(fifo, catalog=CAT)
        except ForceFileError as exc:
            result["message"] = str(exc)

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():                         # unblock the reader before failing
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert "is not a regular file" in result["message"]


def test_read_bounded_reads_at_most_the_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * 101)
    with pytest.raises(OSError, match="larger than 100 bytes; a force file is at most 100"):
        read_bounded(path, 100, "a force file")
    path.write_bytes(b"x" * 100)
    assert read_bounded(path, 100, "a force file") == b"x" * 100


# --- messages ------------------------------------------------------------------------------

def test_json_file_errors_name_the_file_once(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json_text(points=0), encoding="utf-8")
    message = error_of(read_force_file, path, catalog=CAT)
    assert message == (f"force file '{path}': 'points' must be a positive whole number, "
                       "found 0")
    assert "force text" not in message


def test_json_duplicate_field_is_refused(tmp_path):
    text = json_text().replace('"points": 36', '"points": 36, "points": 24')
    assert "field 'points' appears twice" in error_of(load_force, text, CAT)


@pytest.mark.parametrize("file_name, reason", [
    (" .o8d", "the force has no name"),
    ("x" * 240 + ".o8d", "the force name is 240 characters long"),
    ("bad\x01name.o8d", "control character (U+0001"),
])
def test_octgn_name_from_the_file_name_says_so(tmp_path, file_name, reason):
    text = export_force(FORCE, "o8d", CAT)
    notes_start = text.index("<notes>")
    path = tmp_path / file_name
    path.write_text(text[:notes_start] + "<notes></notes>\n</deck>\n", encoding="utf-8")
    message = error_of(read_force_file, path, catalog=CAT)
    assert "the deck holds no force name, so the name is taken from the file name" in message
    assert reason in message and "Rename the file, or give a name (--name)" in message
    assert read_force_file(path, catalog=CAT, name="Given").name == "Given"
