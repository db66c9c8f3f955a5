"""Whom SAI effects hit (seed 000 Targeting), as a table: each row an SAI whose text names
its target, and the army or unit the engine must hit — never the roller's own army where the
text says "opposing", and a compulsory chain never offers to stop. Added to kill mutants the
sampled mutation run left alive (issue 11 §5)."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import battle, ids_at, run, scripted
from test_sai_effects import ATTACK, F, FOOT

T2 = Zone(ZoneKind.TERRAIN, 2)


@pytest.mark.rule("sai", "Sneak Attack")
def test_sneak_attack_damages_the_opposing_army_at_this_terrain_not_the_rollers():
    """Seed 000 Sneak Attack: "X damage to an opposing army at this terrain": Bob's army at
    the Frontier takes the 4 damage, never Ann's own."""
    hunter = "Eldarim/Air Dragon Hunter (Air)"
    state = scripted(battle([hunter], [FOOT, FOOT, FOOT, FOOT], face=3),
                     F(hunter, "4 Sneak Attack"))
    state, _ = run(state, "march t2", "no-maneuver", "action missile", "target t2")
    assert state.step is Step.DAMAGE
    assert [(d.player, d.zone, d.amount) for d in state.damage] == [(1, T2, 4)]
    assert state.pending.player == 1


@pytest.mark.rule("sai", "Plague")
def test_plague_passes_on_without_an_offer_to_stop():
    """Seed 000 Plague: after a kill "that unit's owner then targets another unit in the same
    army" — compulsory: Bob must pick, "done" is not offered."""
    state = scripted(battle(["Undead/Minor Death"], [FOOT, FOOT, FOOT]),
                     F("Undead/Minor Death", "4 Plague"), F(FOOT, "1 Melee"), F(FOOT, "1 Save"))
    a, b, c = ids_at(state, 1)
    state, _ = run(state, *ATTACK, f"pick {b}")  # Ann's target: Melee, killed
    assert state.pending.player == 1
    offered = sorted(x.to_text() for x in legal_actions(state))
    assert offered == sorted(f"pick {i}" for i in (a, c))
