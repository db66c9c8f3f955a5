"""Goblins' species abilities (digest §6), applied from rules revision 2 (engine/core/options.py):
Swamp Mastery — at an earth terrain, melee counts as maneuver; Foul Stench — when an army
holding Goblins takes a melee action, N units of the defending army (N = Goblins in the
attacker's DUA, max 3 †) may not counter-attack, the defending player picking them.

Ann's Home is Highland City (fire, earth: t0), Bob's Flatland City (air, earth: t1), the
Frontier Coastland Tower (air, water: t2). Thug faces: 1 ID, 1 Save, 1 Melee, 1 Melee,
1 Maneuver, 2 Melee; Footman: 1 ID, 1 Save, 1 Melee, 1 Melee, 1 Save, 2 Melee.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.core.state import Phase, Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, texts, turn
from test_species import count

T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
DUA0 = Zone(ZoneKind.DUA, 0)


def _revision_1(state):
    return state.with_(options=GameOptions(rules=1))


@pytest.mark.rule("species", "Goblins", "Swamp Mastery")
def test_swamp_mastery_counts_melee_as_maneuver_at_an_earth_terrain():
    """A Thug showing 2 Melee at Highland City (earth) gives 2 maneuver; at Coastland (no
    earth) nothing; under rules revision 1 nothing either (games saved before it)."""
    from dragondice_desktop.engine.rolls.pipeline import RollType

    state = position(ann={"home": ("Goblins/Thug",), "campaign": ("Goblins/Thug",)})
    home, frontier = die_ids(state, "Goblins/Thug", "t0")[0], die_ids(state, "Goblins/Thug",
                                                                      "t2")[0]
    result = count(state, T0, 0, RollType.MANEUVER, {home: 5})
    assert result.total(RollType.MANEUVER) == 2 and "Swamp Mastery" in result.explain()
    assert count(state, T2, 0, RollType.MANEUVER, {frontier: 5}).total(RollType.MANEUVER) == 0
    old = _revision_1(state)
    assert count(old, T0, 0, RollType.MANEUVER, {home: 5}).total(RollType.MANEUVER) == 0


def _goblin_attack(goblins_in_dua: int, defenders=("Dwarves/Footman", "Dwarves/Footman")):
    """Ann's two Thugs attack Bob's `defenders` at the Frontier with no melee results (both
    show 1 Save), so nothing is saved or killed and Bob is offered the counter-attack."""
    dead = ("Goblins/Mugger",) * goblins_in_dua
    state = position(ann={"campaign": ("Goblins/Thug", "Goblins/Thug"),
                          "horde": ("Dwarves/Footman",) + dead},
                     bob={"campaign": defenders}, faces=(3, 3, 7))
    state = moved(state, die_ids(state, "Goblins/Mugger"), DUA0)
    state, _ = turn(state)
    state, events = run(scripted(state, 1, 1), "march t2", "no-maneuver", "action melee")
    return state, events


@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_keeps_n_defenders_out_of_the_counter_attack():
    """One Goblin in Ann's DUA: Bob picks one of his two Footmen, which may not
    counter-attack; only the other one rolls (one face scripted), then Ann saves."""
    state, _ = _goblin_attack(1)
    assert sorted(a.to_text() for a in legal_actions(state)) == ["counter-attack",
                                                                 "no-counter-attack"]
    state, _ = run(state, "counter-attack")
    footmen = die_ids(state, "Dwarves/Footman", "t2", 1)
    assert sorted(a.to_text() for a in legal_actions(state)) == [f"pick {i}" for i in footmen]
    assert state.pending.player == 1 and "Foul Stench" in state.pending.prompt
    state, events = run(scripted(state, 5, 1, 1), f"pick {footmen[0]}")
    assert "Foul Stench: 1 unit of Bob may not counter-attack" in texts(events)
    counter = [e.roll for e in events if e.kind == "roll" and e.roll is not None][0]
    rolled = [d.die_id for d in counter.dice if not d.excluded]
    assert rolled == [footmen[1]]
    assert ("Bob's Footman does not roll: Foul Stench: it may not counter-attack (Goblins, "
            "digest §6)") in texts(events)


@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_covering_every_unit_leaves_no_counter_attack():
    """Two Goblins in the DUA and a single defending Footman: nobody may counter-attack."""
    state, events = _goblin_attack(2, defenders=("Dwarves/Footman",))
    assert "Foul Stench: none of the defending army's units may counter-attack " \
           "(Goblins, digest §6)" in texts(events)
    assert state.phase is Phase.SECOND_MARCH


@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_needs_goblins_in_the_dua_and_rules_revision_2():
    """No Goblin in the DUA: N = 0, the counter-attack is offered and rolls both Footmen at
    once; under rules revision 1 the same position asks for no pick either."""
    state, _ = _goblin_attack(0)
    state, events = run(scripted(state, 5, 5, 1, 1), "counter-attack")
    counter = [e.roll for e in events if e.kind == "roll" and e.roll is not None][0]
    assert len([d for d in counter.dice if not d.excluded]) == 2
    state, _ = _goblin_attack(1)
    state, events = run(scripted(_revision_1(state), 5, 5, 1, 1), "counter-attack")
    assert not any("Foul Stench" in t for t in texts(events))


@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_is_capped_at_three_per_24_points():
    """Digest §6 †: N = Goblins in the DUA, max 3 per 24 points of force or part. Ann's force
    is 6 points (≤ 24): four Muggers in the DUA still give N = 3."""
    from dragondice_desktop.engine.turn.march_rolls import foul_stench

    state, _ = _goblin_attack(4, defenders=("Dwarves/Footman",) * 5)
    assert foul_stench(state, T2, 0) == 3


def test_the_pick_prompt_counts_the_units_picked():
    """Two Goblins in the DUA: Bob picks two of his three Footmen; after the first the
    prompt says how many are picked."""
    state, _ = _goblin_attack(2, defenders=("Dwarves/Footman",) * 3)
    state, _ = run(state, "counter-attack")
    footmen = die_ids(state, "Dwarves/Footman", "t2", 1)
    assert not state.pending.prompt.endswith("picked)")
    state, _ = run(state, f"pick {footmen[0]}")
    assert state.pending.prompt.endswith("(1 of 2 picked)")
