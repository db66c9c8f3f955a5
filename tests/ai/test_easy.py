"""Easy (issue 13): the simple automatic player with random moves mixed in, that never
marches into a melee the exact odds expect it to lose and never passes up a free kill
(the odds themselves come from the odds engine, ``evaluate.attack_outlook``)."""

from __future__ import annotations

from dragondice_desktop.ai import decide
from dragondice_desktop.ai.evaluate import best_attacks
from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.engine.policy import choose

from ai_helpers import positions


def _melee_choices():
    """(state, the melee's outlook) at every action choice of a few seeded games where a
    melee is legal."""
    found = []
    for seed in range(40, 52):
        for state in positions(seed, steps=(Step.ACTION,), count=40, limit=900):
            if state.march is None:
                continue
            melee = [o for o in best_attacks(state, state.march.zone, state.pending.player)
                     if o.kind == "melee"]
            if melee:
                found.append((state, melee[0]))
    return found


def test_easy_never_makes_a_melee_it_is_expected_to_lose():
    """Where the best melee's expected kill is below what its counter-attack is expected to
    take back (a losing melee), Easy chooses another action, whatever its seed."""
    losing = [(s, o) for s, o in _melee_choices() if o.gain < 0]
    assert losing, "the seeded games offer no losing melee to test"
    for state, _ in losing:
        for seed in range(6):
            action = decide(state, "easy", seed=seed).action
            assert not (action.verb is Verb.ACTION and action.args[:1] == ("melee",)), \
                state.zone_name(state.march.zone)


def test_easy_never_passes_up_a_free_kill():
    """Where the simple player melees and the melee is expected to kill more than it loses,
    Easy melees too, whatever its seed (its random moves never replace a free kill)."""
    free = [(s, o) for s, o in _melee_choices()
            if o.gain > 0 and choose(s).to_text() == "action melee"]
    assert free, "the seeded games offer no free kill to test"
    for state, _ in free:
        for seed in range(6):
            assert decide(state, "easy", seed=seed).action.to_text() == "action melee"
