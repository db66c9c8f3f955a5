"""Hostile and damaged game files: `GameRecord.from_json` raises GameFileError (never anything
else) with a short message naming the field, the player or the action; `play` refuses
anything that is not an action, and compares actions by their text form."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest

from dragondice_desktop.engine.core.actions import Action, Verb
from dragondice_desktop.engine.game import IllegalAction, legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import (
    MAX_ACTIONS, MAX_DICE, GameFileError, GameRecord, setup_problem,
)
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.matchup import demo_setups

from engine_helpers import played


def _played(actions: int = 12, seed: int = 5) -> GameRecord:
    return played(GameRecord(demo_setups(), seed), actions)


@pytest.fixture(scope="module")
def good() -> dict:
    return json.loads(_played().to_json())


def _load(data) -> GameRecord:
    return GameRecord.from_json(data if isinstance(data, str) else json.dumps(data))


def _refused(data, *words) -> str:
    with pytest.raises(GameFileError) as info:
        _load(data)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert len(message) < 700, message  # never the whole file back
    return message


def _changed(good, path, value) -> dict:
    data = json.loads(json.dumps(good))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def test_a_good_record_round_trips(good):
    record = _load(good)
    assert json.loads(record.to_json()) == good
    assert record.state() == _played().state()


# --- G1: every PlayerSetup field has its type -------------------------------------------------

@pytest.mark.parametrize("field, value, words", [
    ("home_terrain", ["x"], ("player 1's 'home_terrain' must be text, not a list",)),
    ("frontier_terrain", [], ("player 1's 'frontier_terrain' must be text, not a list",)),
    ("name", 5, ("player 1's 'name' must be text, not a number",)),
    ("force_name", None, ("player 1's 'force_name' must be text, not null",)),
    ("horde", "Amazons/Seer", ("player 1's 'horde' must be a list of die names, not text",)),
    ("dragons", "Dragons/White Drake", ("player 1's 'dragons' must be a list of die names",)),
    ("home", [1, 2], ("player 1's 'home' must be a list of die names: entry 1 is a number",)),
    ("campaign", [["Amazons/Seer"]], ("entry 1 is a list",)),
    ("minor_terrains", {"a": 1}, ("'minor_terrains' must be a list of die names, not an object",)),
])
def test_player_fields_must_have_their_types(good, field, value, words):
    _refused(_changed(good, ["players", 0, field], value), "damaged", *words)


# --- G4 / G7: names are non-empty printable single lines, encodable as UTF-8 --------------------

@pytest.mark.parametrize("name, words", [
    ("A\ud800", ("player 2's 'name'", "lone surrogate", "U+D800")),
    ("", ("player 2's 'name' is empty",)),
    ("   ", ("player 2's 'name' is empty",)),
    ("Ann\nBob", ("control character", "U+000A")),
    ("Ann\x00", ("control character", "U+0000")),
    ("Ann\u2028", ("line break", "U+2028")),
    ("A" * 201, ("longer than 200",)),
])
def test_bad_names_are_refused(good, name, words):
    _refused(_changed(good, ["players", 1, "name"], name), "damaged", *words)


def test_a_surrogate_die_key_is_refused_too(good):
    _refused(_changed(good, ["players", 0, "home"], ["Amazons/Seer\udc80"]),
             "player 1's 'home' entry 1", "lone surrogate")


def test_names_with_accents_and_emoji_load(good):
    record = _load(_changed(good, ["players", 0, "name"], "Zoë 🐉 Ærø"))
    assert record.players[0].name == "Zoë 🐉 Ærø"


# --- G6 / G7: structure, known fields, clear messages ----------------------------------------

def test_a_missing_seed_is_named(good):
    data = {k: v for k, v in good.items() if k != "seed"}
    _refused(data, "the field 'seed' is missing")


def test_a_missing_player_field_is_named(good):
    data = json.loads(json.dumps(good))
    del data["players"][0]["home"]
    message = _refused(data, "player 1 lacks the field 'home'")
    assert "__init__" not in message and "positional" not in message


@pytest.mark.parametrize("players, words", [
    (5, "'players' must be a list of 2 to 4 players, not a number"),
    ("Ann", "'players' must be a list of 2 to 4 players, not text"),
    ([], "'players' must be a list of 2 to 4 players, not 0 entries"),
])
def test_players_must_be_a_list_of_two_to_four(good, players, words):
    """Game format version 2 holds 2-4 players (issue 6 §6)."""
    _refused(_changed(good, ["players"], players), words)


def test_five_players_are_refused(good):
    five = [good["players"][n % 2] for n in range(5)]
    _refused(_changed(good, ["players"], five), "2 to 4 players, not 5 entries")


def test_a_player_that_is_not_an_object_is_named(good):
    data = json.loads(json.dumps(good))
    data["players"][1] = "Bob"
    _refused(data, "player 2 must be an object", "not text")


def test_an_action_that_is_a_number_is_named(good):
    data = json.loads(json.dumps(good))
    data["actions"][2] = 7
    message = _refused(data, "action 3 is not text")
    assert "split" not in message


def test_an_unreadable_action_gives_its_number(good):
    data = json.loads(json.dumps(good))
    data["actions"][2] = "kill ²"
    _refused(data, "action 3 'kill ²' cannot be read")


@pytest.mark.parametrize("actions, words", [
    ({"rolloff": 1}, "'actions' must be a list of action texts, not an object"),
    ("rolloff", "'actions' must be a list of action texts, not text"),
    (None, "'actions' must be a list of action texts, not null"),
])
def test_actions_must_be_a_list(good, actions, words):
    _refused(_changed(good, ["actions"], actions), words)


@pytest.mark.parametrize("text", ["rolloff ", " rolloff", "rolloff\t", "kill 007",
                                  "march\u00a0t0"])
def test_actions_must_be_written_as_the_app_writes_them(good, text):
    data = json.loads(json.dumps(good))
    data["actions"][0] = text
    _refused(data, "action 1", "is not written the way this app writes actions")


def test_unknown_fields_are_refused(good):
    _refused(_changed(good, ["comment"], "hi"), "unknown field 'comment'")
    _refused(_changed(good, ["players", 0, "colour"], "red"),
             "player 1 has an unknown field 'colour'")


def test_a_seed_must_be_a_reasonable_whole_number(good):
    _refused(_changed(good, ["seed"], 1.5), "seed must be a whole number, not a number")
    _refused(_changed(good, ["seed"], 10 ** 40), "the seed must be a whole number between")
    largest = json.dumps(_changed(good, ["seed"], 2 ** 64 - 1))
    assert GameRecord.from_json(largest, check_replay=False).seed == 2 ** 64 - 1


@pytest.mark.parametrize("field, twice", [
    ('"seed": ', '"seed": 1, "seed": '),
    ('"name": ', '"name": "Eve", "name": '),
    ('"rules": ', '"rules": 1, "rules": '),
])
def test_a_field_written_twice_is_refused(good, field, twice):
    """JSON lets an object name a field twice and Python's reader keeps the last one: a
    hand-edited file could then play another seed or rules revision than the one it shows
    first. A game file holds each field once."""
    data = {**good, "options": {"rules": 2, "manual_dice": False, "house_rules": []},
            "version": 2}
    text = json.dumps(data).replace(field, twice, 1)
    name = field.split('"')[1]
    _refused(text, "damaged", f"the field '{name}' appears twice")


def test_a_byte_order_mark_is_accepted(good):
    assert _load("\ufeff" + json.dumps(good)).actions == _load(good).actions


# --- G2 / G3: limits, checked before any replay ------------------------------------------------

def test_too_many_dice_are_refused_quickly(good):
    data = _changed(good, ["players", 0, "horde"], ["Amazons/Seer"] * 200_000)
    start = time.perf_counter()
    _refused(data, "player 1 brings 2000", f"at most {MAX_DICE} per player")
    assert time.perf_counter() - start < 3


def test_too_many_actions_are_refused_quickly(good):
    data = _changed(good, ["actions"], ["rolloff"] * (MAX_ACTIONS + 1))
    start = time.perf_counter()
    _refused(data, f"at most {MAX_ACTIONS}")
    assert time.perf_counter() - start < 3


def test_a_huge_action_is_quoted_briefly(good):
    data = json.loads(json.dumps(good))
    data["actions"][3] = "x" * 4_000_000
    message = _refused(data, "action 4 is 4000000 characters long", "…")
    assert len(message) < 300


def test_an_unknown_long_verb_is_quoted_briefly(good):
    data = json.loads(json.dumps(good))
    data["actions"][3] = "y" * 150
    message = _refused(data, "action 4", "…")
    assert "y" * 81 not in message


# --- anything else is a GameFileError too ------------------------------------------------------

@pytest.mark.parametrize("text", ["[" * 100_000, "{" * 50_000, b"\xff\xfe\x00", "", "null",
                                  "[1, 2]", '{"players": 5, "actions": []}'])
def test_hostile_text_only_raises_game_file_error(text):
    with pytest.raises(GameFileError):
        GameRecord.from_json(text)


def test_without_replay_the_fields_are_still_checked(good):
    data = json.loads(json.dumps(good))
    data["actions"].append("end-turn")  # reads, but does not replay
    record = GameRecord.from_json(json.dumps(data), check_replay=False)
    assert len(record.actions) == len(good["actions"]) + 1
    with pytest.raises(GameFileError, match=f"action {len(record.actions)}"):
        record.check_replay()
    with pytest.raises(GameFileError, match="player 1's 'name' is empty"):
        GameRecord.from_json(json.dumps(_changed(good, ["players", 0, "name"], "")),
                             check_replay=False)


def test_setup_problem_checks_new_games_like_loaded_ones():
    ann, bob = demo_setups()
    assert setup_problem(ann, 1) is None
    assert "lone surrogate" in setup_problem(replace(bob, name="B\ud800"), 2)
    crowded = replace(ann, horde=("Amazons/Seer",) * 600)
    assert "dice; a game allows at most 500" in setup_problem(crowded, 1)


# --- E1 / E2: play refuses what is not an action ------------------------------------------------

@pytest.mark.parametrize("bad", [None, 5, ["kill", 0], b"rolloff", Action("rolloff", ())])
def test_play_refuses_what_is_not_an_action(bad):
    state = new_game(demo_setups(), 3)
    with pytest.raises(IllegalAction, match="an action must be an Action or its text form"):
        play(state, bad)
    assert play(state, "rolloff")[0] != state  # the state is untouched and still plays


def test_play_compares_actions_by_text_form():
    record = _played(0)
    state = record.state()
    while not any(a.verb is Verb.KILL for a in legal_actions(state)):
        state, _ = play(state, choose(state))
    kill = next(a for a in legal_actions(state) if a.verb is Verb.KILL)
    as_float = Action(Verb.KILL, (float(kill.args[0]),))
    assert as_float == kill  # Python: 0.0 == 0, so equality alone would let it through
    with pytest.raises(IllegalAction, match=rf"'kill {kill.args[0]}\.0' is not legal now"):
        play(state, as_float)
    with pytest.raises(IllegalAction):
        play(state, Action(Verb.KILL, (True,)))
    after, _ = play(state, kill)  # the real one still plays
    assert after != state
