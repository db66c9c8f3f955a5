"""Replaying a record (issue 17's speed-up): each recorded action is found among the legal
actions by equality instead of by text, and that changes no answer — the same states and
events as `play`, and an action that is not legal is refused with `play`'s own message
(architecture guide: a game is its record; a bad record is refused, never played)."""

import random

import pytest

from dragondice_desktop.engine.core.actions import Action, Verb, act
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.game import IllegalAction, legal_actions, play, play_recorded
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.matchup import table_setups


def _game(players: int, seed: int, actions: int):
    chooser = random.Random(seed)
    record = GameRecord(table_setups(players, rotation=seed), seed)
    state = record.state()
    for _ in range(actions):
        legal = legal_actions(state)
        if not legal:
            break
        action = chooser.choice(legal)
        state, _ = play(state, action)
        record = record.with_action(action)
    return record


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 9)])
def test_a_record_read_back_from_its_text_replays_as_play_plays_it(players, seed):
    record = _game(players, seed, 400)
    played = recorded = new_game(record.players, record.seed, record.options)
    for action in record.actions:
        read = Action.from_text(action.to_text())          # as a game file gives it
        played, by_play = play(played, read)
        recorded, by_record = play_recorded(recorded, read)
        assert recorded == played and by_record == by_play


def test_an_action_that_is_not_legal_is_refused_with_plays_message():
    state = _game(2, 5, 60).state()
    legal = {a.to_text() for a in legal_actions(state)}
    wrong = next(act(Verb.KILL, n) for n in range(999) if f"kill {n}" not in legal)
    with pytest.raises(IllegalAction) as by_play:
        play(state, wrong)
    fresh = _game(2, 5, 60).state()                       # no legal actions kept on it yet
    with pytest.raises(IllegalAction) as by_record:
        play_recorded(fresh, wrong)
    assert str(by_record.value) == str(by_play.value)


def test_an_argument_of_another_type_is_checked_by_its_text():
    # "reinforce 3.0 t1" is not "reinforce 3 t1" (3.0 == 3 in Python): refused by play,
    # refused on replay alike.
    record = _game(2, 5, 300)
    state = new_game(record.players, record.seed, record.options)
    for action in record.actions:
        ints = [k for k, arg in enumerate(action.args) if type(arg) is int]
        if ints:
            break
        state, _ = play(state, action)
    else:
        raise AssertionError("no action with a number in 300 actions")
    args = list(action.args)
    args[ints[0]] = float(args[ints[0]])
    odd = Action(action.verb, tuple(args))
    assert odd == action                                  # equal in Python, not in the rules
    with pytest.raises(IllegalAction):
        play(state, odd)
    fresh = new_game(record.players, record.seed, record.options)
    for earlier in record.actions[:record.actions.index(action)]:
        fresh, _ = play_recorded(fresh, earlier)
    with pytest.raises(IllegalAction):
        play_recorded(fresh, odd)
