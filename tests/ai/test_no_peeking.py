"""The computer never cheats (issue 13): it decides from what the players can see. The dice
to come live in the game's RNG state only; changing them (another seed, another position)
without changing anything visible never changes Normal's or Hard's choice, and Hard's
samples come from its own generator."""

from __future__ import annotations


from dragondice_desktop.ai import Level, decide
from dragondice_desktop.ai import players
from dragondice_desktop.engine.game import apply
from dragondice_desktop.engine.core.rng import Rng
from dragondice_desktop.engine.core.state import Step

from ai_helpers import positions

ROLLING = (Step.CHOOSE_ARMY, Step.MANEUVER, Step.ACTION, Step.COUNTER_MANEUVER,
           Step.COUNTER_ATTACK, Step.MINOR_TERRAIN, Step.MISSILE_TARGET)


def _other_dice(state, seed, position):
    return state.with_(rng=Rng(seed, position))


def test_the_future_dice_differ_between_the_rewritten_states():
    """The check below means something: the rewritten RNG rolls differently."""
    state = positions(5, steps=(Step.MANEUVER,), count=1)[0]
    one, _ = apply(state, next(a for a in players.legal_actions(state)
                               if a.to_text() == "maneuver"))
    two, _ = apply(_other_dice(state, 99, 12345),
                   next(a for a in players.legal_actions(state) if a.to_text() == "maneuver"))
    assert one.rng != two.rng


def test_changing_only_the_dice_to_come_never_changes_normals_choice():
    checked = 0
    for seed in (5, 6, 7):
        for state in positions(seed, steps=ROLLING, count=4):
            first = decide(state, Level.NORMAL, seed=3)
            for rng_seed, position in ((1, 0), (777, 31), (state.rng.seed, 9999)):
                other = decide(_other_dice(state, rng_seed, position), Level.NORMAL, seed=3)
                assert (other.action, other.scores) == (first.action, first.scores)
            checked += 1
    assert checked >= 6


def test_hard_draws_its_samples_from_its_own_generator(monkeypatch):
    """Every state Hard tries a move on has an RNG seeded from Hard's own generator: the
    game's RNG (seed and position) never reaches the engine during its search."""
    state = positions(8, steps=(Step.ACTION, Step.MANEUVER), count=1)[0]
    game_rng = state.rng
    seen = []
    real_apply = players.apply

    def spy(s, action):
        seen.append(s.rng)
        return real_apply(s, action)

    monkeypatch.setattr(players, "apply", spy)
    monkeypatch.setattr(players, "HARD_MARGIN", float("inf"))  # always search
    decide(state, Level.HARD, seed=4)
    assert seen
    assert all(rng.seed != game_rng.seed for rng in seen)
    first = decide(state, Level.HARD, seed=4)
    other = decide(_other_dice(state, 424242, 77), Level.HARD, seed=4)
    assert (other.action, other.scores) == (first.action, first.scores)


def test_the_players_own_seed_changes_its_samples():
    state = positions(8, steps=(Step.MANEUVER,), count=1)[0]
    a = players.own_random(state, 1).random()
    b = players.own_random(state, 2).random()
    assert a != b
    assert players.own_random(_other_dice(state, 5, 5), 1).random() == a


def test_a_manual_dice_face_wait_is_answered_by_letting_the_app_roll():
    from dragondice_desktop.engine.core.options import GameOptions
    from dragondice_desktop.engine.turn.setup import new_game
    from dragondice_desktop.matchup import table_setups

    state = new_game(table_setups(2), 3, GameOptions(manual_dice=True))
    state, _ = apply(state, players.legal_actions(state)[0])
    assert state.awaiting is not None
    assert decide(state, "hard").action.to_text() == "face roll"
