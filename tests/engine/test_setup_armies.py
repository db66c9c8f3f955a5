"""Armies assembled at setup (issue 14 §2; digest §2.2: each player divides the force
secretly into a Home, a Horde and a Campaign army, then the Horde armies roll off, digest
§2.4). With the game option `assemble_armies` each player in seat order moves army dice
between their three armies and says they are ready; a game without the option (every game
file written before it) starts at the roll-off with the force's own split, unchanged."""

from __future__ import annotations

import json

import pytest

from dragondice_desktop.engine.core.actions import Action, Verb
from dragondice_desktop.engine.game import IllegalAction, legal_actions, play
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.engine.core.state import Phase, Zone, ZoneKind
from dragondice_desktop.matchup import demo_setups, table_setups

ASSEMBLE = GameOptions(assemble_armies=True)
T = ZoneKind.TERRAIN


def _dice_at(state, player, index):
    return [d.id for d in state.dice if d.owner == player and state.zones[d.id] == Zone(T, index)]


def test_digest_2_2_each_player_assembles_before_the_roll_off_in_seat_order():
    state = new_game(demo_setups(), 7, ASSEMBLE)
    assert state.phase is Phase.SETUP_ARMIES and state.pending.player == 0
    assert state.pending.default == "armies-ready"
    state, events = play(state, "armies-ready")
    assert state.phase is Phase.SETUP_ARMIES and state.pending.player == 1
    assert [e.text for e in events] == ["Ann's armies are assembled"]
    state, events = play(state, "armies-ready")
    assert state.phase is Phase.SETUP_ROLLOFF and state.pending.player == 0
    assert [a.to_text() for a in legal_actions(state)] == ["rolloff"]
    assert "revealed" in events[-1].text


def test_digest_2_2_the_force_split_is_where_the_armies_start():
    """The setup's Home army at the player's own Home Terrain (t0 for Ann), the Horde army at
    the next player's (t1), the Campaign army at the Frontier (t2 with two players)."""
    setups = demo_setups()
    state = new_game(setups, 7, ASSEMBLE)
    for index, keys in enumerate((setups[0].home, setups[0].horde, setups[0].campaign)):
        assert sorted(state.dice[i].key for i in _dice_at(state, 0, index)) == sorted(keys)


def test_a_player_moves_only_their_own_army_dice_between_their_three_armies():
    state = new_game(demo_setups(), 7, ASSEMBLE)
    moves = [a for a in legal_actions(state) if a.verb is Verb.ARMY]
    army_dice = {i for i in range(3) for i in _dice_at(state, 0, i)}
    assert {a.args[0] for a in moves} == army_dice
    assert all(state.dice[a.args[0]].owner == 0 for a in moves)
    assert len(moves) == 2 * len(army_dice)  # each die to either other army
    bob_die = _dice_at(state, 1, 1)[0]
    with pytest.raises(IllegalAction):
        play(state, f"army {bob_die} t0")
    dragon = next(d.id for d in state.dice if d.owner == 0 and d.die.kind.value == "dragon")
    with pytest.raises(IllegalAction):
        play(state, f"army {dragon} t0")  # dragons wait in the Summoning Pool


def test_digest_2_2_a_moved_unit_is_in_its_new_army_and_the_move_is_not_logged():
    """The division is secret: moving a die writes nothing to the log."""
    state = new_game(demo_setups(), 7, ASSEMBLE)
    die = _dice_at(state, 0, 0)[0]
    after, events = play(state, f"army {die} t1")
    assert after.zones[die] == Zone(T, 1) and events == ()
    assert after.army_name(Zone(T, 1), 0) == "Horde army"
    assert die in [u.id for u in after.units_in(Zone(T, 1), 0)]


def test_digest_2_4_the_roll_off_rolls_the_horde_army_as_assembled():
    state = new_game(demo_setups(), 7, ASSEMBLE)
    horde = _dice_at(state, 0, 1)
    for die in horde[1:]:  # leave one unit in Ann's Horde army
        state, _ = play(state, f"army {die} t0")
    state, _ = play(state, "armies-ready")
    state, _ = play(state, "armies-ready")
    state, events = play(state, "rolloff")
    ann_roll = next(e for e in events if e.kind == "roll" and e.player == 0)
    assert [d.die_id for d in ann_roll.roll.dice] == horde[:1]


def test_three_and_four_players_assemble_in_seat_order():
    for count in (3, 4):
        state = new_game(table_setups(count), 5, ASSEMBLE)
        for player in range(count):
            assert state.phase is Phase.SETUP_ARMIES and state.pending.player == player
            state, _ = play(state, "armies-ready")
        assert state.phase is Phase.SETUP_ROLLOFF


def test_without_the_option_the_game_starts_at_the_roll_off_as_before():
    state = new_game(demo_setups(), 7)
    assert state.phase is Phase.SETUP_ROLLOFF
    assert not any(a.verb in (Verb.ARMY, Verb.ARMIES_READY) for a in legal_actions(state))


def test_the_automatic_player_keeps_the_force_split():
    state = new_game(demo_setups(), 7, ASSEMBLE)
    assert choose(state).to_text() == "armies-ready"


def test_a_game_file_keeps_the_option_and_the_moves_and_replays_them():
    record = GameRecord(demo_setups(), 7, options=ASSEMBLE)
    state = record.state()
    die = _dice_at(state, 0, 0)[0]
    for text in (f"army {die} t2", "armies-ready", "armies-ready", "rolloff"):
        state, _ = play(state, text)
        record = record.with_action(Action.from_text(text))
    data = json.loads(record.to_json())
    assert data["options"]["assemble_armies"] is True
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.options.assemble_armies and loaded.state() == state


def test_a_file_without_the_option_is_written_and_read_as_before():
    """Old game files have no "assemble_armies": they load without it, and a game without it
    writes the options exactly as before."""
    data = json.loads(GameRecord(demo_setups(), 3).to_json())
    options = data["options"]
    assert set(options) == {"rules", "manual_dice", "house_rules"}  # no "assemble_armies"
    assert (options["manual_dice"], options["house_rules"]) == (False, [])
    loaded = GameRecord.from_json(json.dumps(data))
    assert loaded.options.assemble_armies is False
    assert loaded.state().phase is Phase.SETUP_ROLLOFF


def test_a_file_with_a_bad_assemble_value_is_refused_by_name():
    data = json.loads(GameRecord(demo_setups(), 3).to_json())
    data["options"]["assemble_armies"] = "yes"
    with pytest.raises(GameFileError) as info:
        GameRecord.from_json(json.dumps(data))
    assert "'assemble_armies' must be true or false" in str(info.value)


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_computer_level_keeps_the_force_split(level):
    """A computer player keeps its force's armies (the split its force file was checked
    with, so it keeps the setup rules)."""
    from dragondice_desktop.ai import decide

    state = new_game(demo_setups(), 7, ASSEMBLE)
    assert decide(state, level).action.to_text() == "armies-ready"


def test_digest_2_2_the_force_rules_judge_the_division():
    """Each army needs at least one unit; no army may hold more than half the force's points
    (the rules digest's setup section). Judged by the force rules at the force's own size."""
    from dragondice_desktop.matchup import assembly_problems, setup_force, split_of

    state = new_game(demo_setups(), 7, ASSEMBLE)
    assert assembly_problems(state, 0) == []
    split = split_of(state, 0)
    emptied = {"home": split["home"] + split["horde"], "horde": [],
               "campaign": split["campaign"]}
    problems = assembly_problems(state, 0, emptied)
    assert any("Horde army has no units" in p for p in problems)
    points = setup_force(state, 0).points
    assert any("Home army has" in p and f"the most is {points // 2}" in p for p in problems)
    # As moved in the state: the same verdict.
    for die in split["horde"]:
        state, _ = play(state, f"army {die} t0")
    assert any("Horde army has no units" in p for p in assembly_problems(state, 0))


def test_a_game_file_whose_assembled_armies_break_a_setup_rule_is_refused():
    """Issue 11 §2 (game files obey the force rules) with armies assembled at setup: a file
    whose recorded moves leave a player's Horde army empty (digest §2: every army has at
    least one unit) is refused when opened, naming the player, as the live assembly screen
    refuses it; the same file with a legal division opens."""
    from dragondice_desktop.worker.engine_worker import parse_game_text

    state = new_game(demo_setups(), 7, ASSEMBLE)
    record = GameRecord(demo_setups(), 7, options=ASSEMBLE)
    home = Zone(ZoneKind.TERRAIN, 0)
    texts = [f"army {die} t0" for die in _dice_at(state, 0, 1)]  # Horde to Home
    for text in texts + ["armies-ready"]:
        record = record.with_action(Action.from_text(text))
    assert all(record.state().zones[d] == home for d in _dice_at(state, 0, 1))
    with pytest.raises(GameFileError, match="armies break a setup rule"):
        parse_game_text(record.to_json())
    legal = GameRecord(demo_setups(), 7, options=ASSEMBLE).with_action(
        Action.from_text("armies-ready"))
    assert parse_game_text(legal.to_json()).actions == legal.actions
