"""The computer players (issue 13): legal moves only, determinism under a seed, and the
position score's fixed points from the rules (two captures or last standing win, digest
"Two captures" / "Last standing")."""

from __future__ import annotations

import pytest

from dragondice_desktop.ai import Level, decide
from dragondice_desktop.ai.evaluate import WIN, value
from dragondice_desktop.engine.game import apply, legal_actions
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.matchup import table_setups

from ai_helpers import positions


@pytest.mark.parametrize("level", ["easy", "normal", "random"])
def test_a_computer_game_plays_only_legal_actions(level):
    """Every seat at `level` for 80 actions of a seeded two-player game: each action is
    one of the legal actions of its state."""
    state = new_game(table_setups(2, rotation=3), 3)
    for _ in range(80):
        legal = legal_actions(state)
        if not legal:
            break
        decision = decide(state, level, seed=5)
        assert decision.action in legal
        assert decision.reason
        state, _ = apply(state, decision.action)


def test_hard_chooses_a_legal_action_with_a_reason():
    for state in positions(11, steps=(Step.ACTION, Step.CHOOSE_ARMY), count=2):
        decision = decide(state, Level.HARD, seed=2)
        assert decision.action in legal_actions(state)
        assert decision.level is Level.HARD and decision.reason


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_same_seed_and_position_give_the_same_decision(level):
    for state in positions(21, count=5):
        first = decide(state, level, seed=9)
        again = decide(state, level, seed=9)
        assert (first.action, first.reason, first.scores) == (again.action, again.reason,
                                                               again.scores)


def test_a_game_between_levels_is_the_same_under_the_same_seed():
    from dragondice_desktop.ai.arena import play_arena_game

    one = play_arena_game("easy", "random", 2, seed=40, game=1, max_actions=150)
    two = play_arena_game("easy", "random", 2, seed=40, game=1, max_actions=150)
    assert one == two


def test_normal_scores_every_legal_action_once():
    for state in positions(31, count=4):
        decision = decide(state, Level.NORMAL, seed=1)
        texts = [text for text, _ in decision.scores]
        assert sorted(texts) == sorted(a.to_text() for a in legal_actions(state))
        assert decision.action.to_text() == texts[0]
        assert [s for _, s in decision.scores] == sorted((s for _, s in decision.scores),
                                                         reverse=True)


def test_a_won_game_scores_win_for_the_winner_and_loss_for_the_others():
    """Digest "Two captures" / "Last standing": the game is over and decided."""
    state = new_game(table_setups(3), 1).with_(winner=1)
    assert value(state, 1) == WIN
    assert value(state, 0) == -WIN and value(state, 2) == -WIN


def test_losing_units_lowers_the_score():
    """Health-worth in play (digest §3.7) is what the score counts: a unit sent to the
    DUA costs its player at least its health."""
    from dragondice_desktop.engine.core.state import Zone, ZoneKind

    state = new_game(table_setups(2), 4)
    unit = next(d for d in state.dice if d.owner == 0 and d.die.kind.is_unit
                and state.zones[d.id].kind is ZoneKind.TERRAIN)
    zones = list(state.zones)
    zones[unit.id] = Zone(ZoneKind.DUA, 0)
    after = state.with_(zones=tuple(zones))
    assert value(after, 0) <= value(state, 0) - unit.die.health
    assert value(after, 1) > value(state, 1)


def test_the_game_over_is_refused():
    from dragondice_desktop.engine.core.state import Phase

    state = new_game(table_setups(2), 4).with_(winner=0, pending=None, phase=Phase.GAME_OVER)
    with pytest.raises(ValueError, match="game is over"):
        decide(state, "normal")


def test_the_visible_key_is_the_same_in_every_process():
    """A decision depends on the seed and what the players see, not on the process: the
    state's sets (a spell's elements ...) are written in a fixed order, whatever the
    string hashing Python picked for the process."""
    import os
    import subprocess
    import sys

    code = ("from dragondice_desktop.ai.players import visible_key\n"
            "from dragondice_desktop.engine.game import apply, legal_actions\n"
            "from dragondice_desktop.engine.policy import choose\n"
            "from dragondice_desktop.engine.turn.setup import new_game\n"
            "from dragondice_desktop.matchup import table_setups\n"
            "s = new_game(table_setups(2, rotation=4), 4)\n"
            "keys = []\n"
            "for _ in range(120):\n"
            "    if not legal_actions(s): break\n"
            "    keys.append(visible_key(s)); s, _ = apply(s, choose(s))\n"
            "print(keys)\n")
    outputs = set()
    for hash_seed in ("1", "2", "3", "4"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        outputs.add(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                   capture_output=True, text=True).stdout)
    assert len(outputs) == 1


def test_normal_and_hard_never_take_back_an_announced_spell():
    """Taking a spell back (uncast) and announcing it again could go on for ever: the
    computer never chooses it (it is scored last), at any level."""
    from dragondice_desktop.engine.core.actions import Verb

    found = []
    for seed in range(1, 12):
        found += [s for s in positions(seed, steps=(Step.CAST,), count=8, limit=900)
                  if any(a.verb is Verb.UNCAST for a in legal_actions(s))]
        if len(found) >= 3:
            break
    assert found, "no position with a spell announced"
    for state in found[:3]:
        for level in ("easy", "normal", "hard"):
            decision = decide(state, level, seed=3)
            assert decision.action.verb is not Verb.UNCAST, (level, decision.action)
        scores = decide(state, "normal", seed=3).scores
        assert all(score == float("-inf") for text, score in scores if text.startswith("uncast"))


def test_hard_measures_a_close_sampled_decision_on_many_rolls_shared_by_the_moves(
        monkeypatch):
    """Where Normal's few sampled rolls decide between close moves, Hard plays each of its
    candidates on more rolls than Normal ever samples, and every candidate on the same
    rolls (common random numbers): the moves are compared, not the luck of their dice."""
    from dragondice_desktop.ai import players

    found = None
    for seed in (100, 101, 102, 103):
        for state in positions(seed, steps=(Step.RETREAT, Step.CHOOSE_ARMY), count=6):
            if "sampled rolls" in decide(state, Level.HARD, seed=1).reason:
                found = state
                break
        if found is not None:
            break
    assert found is not None, "no close sampled decision found"
    candidates = {text for text, _ in decide(found, Level.HARD, seed=1).scores}
    assert len(candidates) >= 2
    simulated, rolls = [], {}
    real_simulated, real_apply = players._simulated, players.apply

    def spy_simulated(state, rnd):
        sim = real_simulated(state, rnd)
        simulated.append(sim.rng)
        return sim

    def spy_apply(state, action):
        if simulated and state.rng is simulated[-1] and action.to_text() in candidates:
            rolls.setdefault(action.to_text(), []).append(state.rng.seed)
        return real_apply(state, action)

    ranked = players.normal_scores(found, found.pending.player, players.own_random(found, 1))
    monkeypatch.setattr(players, "normal_scores", lambda *args: ranked)  # Hard's part only
    monkeypatch.setattr(players, "_simulated", spy_simulated)
    monkeypatch.setattr(players, "apply", spy_apply)
    decision = decide(found, Level.HARD, seed=1)
    assert decision.action in legal_actions(found)
    assert len(rolls) >= 2
    lists = list(rolls.values())
    assert all(seeds == lists[0] for seeds in lists)
    assert len(lists[0]) > players.NORMAL_SAMPLES[1]


def _alone_at_a_terrain(state):
    """`state` with player 1's units at terrain 0 sent to their Reserve Area, so that only
    player 0's army stands there (no threat to or from it there), and that terrain."""
    from dragondice_desktop.engine.core.state import Zone, ZoneKind

    terrain = Zone(ZoneKind.TERRAIN, 0)
    zones = [Zone(ZoneKind.RESERVE, 1) if z == terrain and state.dice[i].owner == 1 else z
             for i, z in enumerate(state.zones)]
    return state.with_(zones=tuple(zones)), terrain


def test_each_level_scores_a_terrain_turned_toward_its_eighth_face_with_its_own_weights():
    """An army alone at a terrain is nearer a capture (digest "Two captures") for every
    face the terrain turns up: Normal's score rises by its own progress weight per face
    (the module's PROGRESS, unchanged), Hard's by Hard's own weight."""
    from dataclasses import replace as copy

    from dragondice_desktop.ai.evaluate import NORMAL_WEIGHTS, PROGRESS
    from dragondice_desktop.ai.players import HARD_WEIGHTS

    state, terrain = _alone_at_a_terrain(new_game(table_setups(2), 4))
    assert any(state.zones[d.id] == terrain for d in state.dice if d.owner == 0)
    face = state.terrains[0].face
    assert face < 7
    up = state.with_(terrains=(copy(state.terrains[0], face=face + 1),) + state.terrains[1:])
    assert value(up, 0) - value(state, 0) == pytest.approx(PROGRESS / 7)
    assert NORMAL_WEIGHTS.progress == PROGRESS
    assert (value(up, 0, HARD_WEIGHTS) - value(state, 0, HARD_WEIGHTS)
            == pytest.approx(HARD_WEIGHTS.progress / 7))


def test_a_move_that_wins_the_game_says_so_not_a_lead_in_health_worth():
    """A won game scores WIN (digest "Two captures" / §3.7: the game ends), so the lead of a
    winning move over the next is no health-worth a player could read: the reason says the
    move wins. The position: seed 0's simple-player game two actions before its end, where
    turning the terrain up is the last decision (the engine then names the mover winner)."""
    state = new_game(table_setups(2, rotation=0), 0)
    history = []
    while legal_actions(state):
        history.append(state)
        state, _ = apply(state, choose(state))
    before = history[-1]
    decision = decide(before, "normal", 1)
    won, _ = apply(before, decision.action)
    assert won.winner == before.pending.player  # the oracle: the engine's own verdict
    assert decision.reason == "this move wins the game"
    assert "health-worth" not in decision.reason
