"""The one checker for JSON fields (issue 12) shared by game files, Count a roll's description
and force files: each check names the field and the problem in the reader's words, returns
the value when it is right, and the three readers use it (their own message tests are in
tests/engine/test_record_*.py, tests/engine/test_resolve_input.py, tests/forces/test_io.py)."""

from __future__ import annotations

import json

import pytest

from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.engine.rolls.count_a_roll import ResolveError, resolve_text
from dragondice_desktop.forces.io import ForceFileError, load_force
from dragondice_desktop.json_fields import (
    FieldStyle, first_repeated, is_whole, missing_fields, quote, unknown_fields,
)


class Problem(ValueError):
    pass


PLAIN = FieldStyle(Problem)
FOUND = FieldStyle(Problem, text="a string", decimal="a number", found="found")


def problem(check, *args):
    with pytest.raises(Problem) as info:
        check(*args)
    return str(info.value)


@pytest.mark.parametrize("value, words", [
    (None, "null"), (True, "true/false"), (3, "a number"), (1.5, "a decimal number"),
    ("x", "text"), ([], "a list"), ({}, "an object")])
def test_kind_names_every_json_value(value, words):
    assert PLAIN.kind(value) == words


def test_a_style_has_its_own_words():
    assert (FOUND.kind("x"), FOUND.kind(1.5)) == ("a string", "a number")
    assert problem(FOUND.string, 7, "'name'") == "'name' must be a string, found a number"
    assert problem(PLAIN.string, 7, "name") == "name must be text, not a number"


def test_whole_numbers_and_their_bounds():
    assert PLAIN.whole(5, "n", 0, 8) == 5 and PLAIN.whole(0, "n", 0) == 0
    assert problem(PLAIN.whole, True, "face") == "face must be a whole number, not true/false"
    assert problem(PLAIN.whole, 2.0, "face") == "face must be a whole number, not a decimal number"
    assert problem(PLAIN.whole, 9, "face", 1, 8) == "face must be from 1 to 8, not 9"
    assert problem(PLAIN.whole, 0, "face", 1, 8) == "face must be from 1 to 8, not 0"
    assert problem(PLAIN.whole, -1, "n", 0) == "n must be at least 0, not -1"
    assert problem(PLAIN.whole, 11, "n", None, 10) == "n must be at most 10, not 11"
    assert is_whole(3) and not is_whole(True) and not is_whole(3.0)


def test_lists_texts_flags_objects():
    assert PLAIN.items([1, 2], "also", "types", 2) == [1, 2]
    assert problem(PLAIN.items, "melee", "also", "result types") == (
        "also must be a list of result types, not text")
    assert problem(PLAIN.items, [1, 2, 3], "also", "types", 2) == "also has 3 entries; at most 2"
    assert problem(PLAIN.texts, ["a", 5], "dua", "die names") == "dua[1] must be text, not a number"
    assert problem(PLAIN.string, "abcd", "name", 3) == "name is 4 characters long; at most 3"
    assert problem(PLAIN.flag, "yes", "held") == "held must be true or false, not text"
    assert problem(PLAIN.obj, [], "terrain", "an object {...}") == (
        "terrain must be an object {...}, not a list")
    assert PLAIN.flag(False, "held") is False


def test_field_lists_and_quotes():
    assert unknown_fields({"a": 1, "zz": 2, "b": 3}, ("a", "b")) == ["zz"]
    assert missing_fields({"a": 1}, ("a", "b", "c")) == ["b", "c"]
    assert first_repeated([("a", 1), ("b", 2), ("a", 3)]) == "a"
    assert first_repeated([("a", 1)]) is None
    assert quote("x" * 100, 5) == "'xxxxx…'" and quote(12) == "12"
    assert quote("\ud800") == "'\\ud800'"  # shown escaped, never a broken character


def test_the_three_readers_refuse_a_field_named_twice():
    """A field named twice is refused by every reader (a hand edit the JSON reader would
    otherwise hide by keeping the last value)."""
    with pytest.raises(ResolveError, match="the field 'roll' appears twice"):
        resolve_text('{"roll": "melee", "roll": "save", "army": []}')
    with pytest.raises(GameFileError, match="appears twice in one object"):
        GameRecord.from_json('{"format": "dragondice-desktop-game", "format": 1}')
    with pytest.raises(ForceFileError, match="field 'name' appears twice"):
        load_force('{"name": "a", "name": "b"}')


def test_the_three_readers_name_a_wrong_kind_of_value_in_their_words():
    with pytest.raises(ResolveError, match=r"^terrain.face must be a whole number, not "
                                           r"true/false$"):
        resolve_text(json.dumps({"roll": "melee", "terrain": {"face": True},
                                 "army": [{"die": "Dwarves/Footman", "face": 0}]}))
    with pytest.raises(ForceFileError, match="'name' must be a string, found a number"):
        load_force(json.dumps({"format": "dragondice-desktop-force", "version": 1, "name": 7,
                               "points": 24, "home_terrain": "", "frontier_terrain": "",
                               "armies": {}}))
