"""Game file format version 2 (issue 6 §6, §7; issue 7 §2-3): the options a game is played
with (rules revision, manual dice, house rules) are saved and replayed, games of 3 and 4
players save and load, and version 1 files still load as two-player games under rules
revision 1."""

from __future__ import annotations

import json

import pytest

from dragondice_desktop.engine.core.options import RULES, GameOptions, checked
from dragondice_desktop.engine.core.record import VERSION, GameFileError, GameRecord
from dragondice_desktop.engine.turn.setup import SetupError, new_game
from dragondice_desktop.matchup import demo_setups, table_setups

from engine_helpers import played


def _refused(data: dict, *words: str) -> None:
    with pytest.raises(GameFileError) as info:
        GameRecord.from_json(json.dumps(data))
    for word in words:
        assert word in str(info.value), str(info.value)


@pytest.fixture(scope="module")
def good() -> dict:
    return json.loads(played(GameRecord(demo_setups(), 3), 10).to_json())


def test_new_files_are_version_2_with_the_current_rules(good):
    assert good["version"] == VERSION == 2
    assert good["options"] == {"rules": RULES, "manual_dice": False, "house_rules": []}


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_player_games_save_and_load_to_the_same_state(players):
    record = played(GameRecord(table_setups(players), 11), 60)
    loaded = GameRecord.from_json(record.to_json())
    assert len(loaded.players) == players
    assert loaded == record and loaded.state() == record.state()


def test_options_are_kept_in_the_state_and_the_file():
    options = GameOptions(rules=1)
    record = played(GameRecord(demo_setups(), 4, (), options), 5)
    assert record.state().options == options
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.options == options and loaded.state() == record.state()


def test_a_version_1_file_is_two_players_under_rules_revision_1(good):
    old = {key: value for key, value in good.items() if key != "options"}
    old["version"] = 1
    loaded = GameRecord.from_json(json.dumps(old))
    assert loaded.options == GameOptions(rules=1, manual_dice=False, house_rules=())
    assert loaded.state().options.rules == 1


def test_a_version_1_file_with_three_players_is_refused(good):
    old = {key: value for key, value in good.items() if key != "options"}
    old["version"] = 1
    old["players"] = [good["players"][n % 2] for n in range(3)]
    _refused(old, "list of two players, not 3 entries")


def test_a_version_1_file_with_options_is_refused(good):
    _refused({**good, "version": 1}, "unknown field 'options'")


@pytest.mark.parametrize("options, words", [
    ("fast", ("'options' must be an object, not text",)),
    ({"rules": 2, "manual_dice": False}, ("'options' lacks the field 'house_rules'",)),
    ({"rules": 2, "manual_dice": False, "house_rules": [], "speed": 1},
     ("'options' has an unknown field 'speed'",)),
    ({"rules": 99, "manual_dice": False, "house_rules": []},
     ("rules revision 99 is unknown",)),
    ({"rules": True, "manual_dice": False, "house_rules": []},
     ("field 'rules' must be a number, not true/false",)),
    ({"rules": 2.0, "manual_dice": False, "house_rules": []},
     ("field 'rules' must be a whole number, not 2.0",)),
    ({"rules": 1.5, "manual_dice": False, "house_rules": []},
     ("field 'rules' must be a whole number, not 1.5",)),
    ({"rules": "2", "manual_dice": False, "house_rules": []},
     ("field 'rules' must be a number, not text",)),
    ({"rules": 10 ** 100, "manual_dice": False, "house_rules": []},
     ("rules revision 1000", "is unknown")),
    ({"rules": 2, "manual_dice": None, "house_rules": []},
     ("'manual_dice' must be true or false, not null",)),
    ({"rules": 2, "manual_dice": False, "house_rules": [{"id": "x"}]},
     ("'house_rules' must be a list of house rule names",)),
    ({"rules": 2, "manual_dice": "yes", "house_rules": []},
     ("'manual_dice' must be true or false, not text",)),
    ({"rules": 2, "manual_dice": False, "house_rules": "all"},
     ("'house_rules' must be a list of house rule names",)),
    ({"rules": 2, "manual_dice": False, "house_rules": ["no-such-rule"]},
     ("house rule 'no-such-rule' is unknown",)),
])
def test_bad_options_are_named(good, options, words):
    _refused({**good, "options": options}, "damaged", *words)


def test_a_version_2_file_without_options_is_refused(good):
    _refused({key: value for key, value in good.items() if key != "options"},
             "the field 'options' is missing")


def test_new_game_refuses_options_it_does_not_know():
    with pytest.raises(SetupError, match="rules revision 0 is unknown"):
        new_game(demo_setups(), 1, GameOptions(rules=0))
    with pytest.raises(ValueError, match="house rule 'x' is unknown"):
        checked(house_rules=("x",))


@pytest.mark.rule("spell", "Tidal Wave")
@pytest.mark.rule("sai", "Cantrip")
def test_rules_revision_1_keeps_tidal_wave_and_lone_cantrip_as_they_were():
    """Games recorded under revision 1 replay as played: a unit rolling alone is not
    offered Cantrip spells, and Tidal Wave's roll is counted like any other (rulings)."""
    from dragondice_desktop.engine.rolls.individual_roll import unit_roll
    from dragondice_desktop.engine.rolls.pipeline import RollType

    from engine_helpers import die_ids, position, scripted

    state = position(ann={"campaign": ("Goblins/Death Mage",)})
    mage = die_ids(state, "Goblins/Death Mage")[0]
    for rules, queued in ((2, True), (1, False)):
        old = scripted(state.with_(options=GameOptions(rules=rules)), 5)  # 4 Cantrip
        after, roll = unit_roll(old, mage, (RollType.SAVE,), [], "a test")
        assert roll.result.cantrip_magic == 4
        assert any(getattr(t, "kind", "") == "cantrip" for t in after.tasks) is queued


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "1e400"])
def test_a_rules_revision_that_is_not_a_whole_number_says_so(good, literal):
    text = json.dumps(good).replace(f'"rules": {good["options"]["rules"]}', f'"rules": {literal}')
    with pytest.raises(GameFileError, match="field 'rules' must be a whole number, not"):
        GameRecord.from_json(text)


def test_every_house_rule_twice_or_a_huge_list_is_refused_quickly(good):
    """A house rule named twice is refused; so is a list of 900,000 names (the file stays
    under the size limit), without a long wait."""
    import time

    from dragondice_desktop.engine.core.house_rules import HOUSE_RULES

    ids = list(HOUSE_RULES)
    _refused({**good, "options": {**good["options"], "house_rules": ids + ids[:1]}},
             "a house rule is named twice")
    huge = {**good, "options": {**good["options"], "house_rules": ["x"] * 900_000}}
    start = time.perf_counter()
    _refused(huge, "house rule 'x' is unknown")
    assert time.perf_counter() - start < 5


def test_all_five_house_rules_load_and_replay(good):
    from dragondice_desktop.engine.core.house_rules import HOUSE_RULES

    options = {**good["options"], "house_rules": list(reversed(HOUSE_RULES))}
    loaded = GameRecord.from_json(json.dumps({**good, "options": options}))
    assert loaded.options.house_rules == tuple(sorted(HOUSE_RULES))


def test_the_ruleset_is_saved_only_for_a_classic_game_and_read_back(good):
    """Issue 18: the ruleset is stored in the game file; a file without it is v4.01."""
    assert "ruleset" not in good["options"]
    assert GameRecord.from_json(json.dumps(good)).options.ruleset == "v4.01"
    classic = dict(good, options=dict(good["options"], ruleset="classic"))
    loaded = GameRecord.from_json(json.dumps(classic))
    assert loaded.options.ruleset == "classic" and loaded.options.classic
    assert json.loads(loaded.to_json())["options"]["ruleset"] == "classic"


@pytest.mark.parametrize("ruleset, words", [("tsr", ("ruleset", "'tsr'", "unknown")),
                                            (1996, ("ruleset", "must be text"))])
def test_an_unknown_ruleset_is_refused_naming_it(good, ruleset, words):
    _refused(dict(good, options=dict(good["options"], ruleset=ruleset)), *words)
    with pytest.raises(ValueError):
        checked(ruleset="tsr")
