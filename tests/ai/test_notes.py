"""The computer's reasons kept with its moves (issue 13): a game record's notes explain
actions for the log, survive saving and opening, are cut with the actions an undo takes
back, never change how the game replays, and a file without them (or an older one) still
opens."""

from __future__ import annotations

import json

import pytest

from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.matchup import demo_setups


def _played(count: int, notes: dict[int, str]) -> GameRecord:
    record = GameRecord(demo_setups(), 7, seats=("person", "normal"))
    state = record.state()
    for index in range(count):
        action = choose(state)
        record = record.with_action(action, notes.get(index, ""))
        state = record.state()
    return record


def test_notes_round_trip_through_the_game_file():
    record = _played(6, {1: "melee at Swampland City: 2.9 damage expected", 4: "the only move"})
    assert record.notes == ((1, "melee at Swampland City: 2.9 damage expected"),
                            (4, "the only move"))
    again = GameRecord.from_json(record.to_json())
    assert again.notes == record.notes
    assert again.notes_for(1) == ("melee at Swampland City: 2.9 damage expected",)
    assert again.notes_for(2) == ()


def test_notes_never_change_the_replay():
    with_notes = _played(6, {0: "a", 3: "b"})
    without = GameRecord(with_notes.players, with_notes.seed, with_notes.actions,
                         with_notes.options, with_notes.seats)
    assert with_notes.state() == without.state()
    assert '"notes"' not in without.to_json()


def test_an_undo_cuts_the_notes_of_the_actions_taken_back():
    record = _played(6, {1: "one", 4: "four", 5: "five"})
    assert record.without_last().notes == ((1, "one"), (4, "four"))
    assert record.first(2).notes == ((1, "one"),)
    assert record.first(0).notes == ()


def test_a_file_without_notes_opens_with_none():
    text = _played(3, {}).to_json()
    assert '"notes"' not in text
    assert GameRecord.from_json(text).notes == ()


@pytest.mark.parametrize("notes, words", [
    ("reasons", "'notes' must be a list"),
    ([[0]], "note 1 must be a pair"),
    ([[True, "x"]], "note 1 must be a pair"),
    ([[9, "x"]], "note 1 explains action 9"),
    ([[2, "x"], [1, "y"]], "note 2 explains action 1"),
    ([[0, "two\nlines"]], "note 1 must be one line"),
    ([[0, "x" * 601]], "note 1 must be one line"),
])
def test_a_bad_note_in_a_file_is_named(notes, words):
    data = json.loads(_played(3, {}).to_json())
    data["notes"] = notes
    with pytest.raises(GameFileError, match=words):
        GameRecord.from_json(json.dumps(data))
