"""Damage and the fates of killed units that a sampled mutation run (issue 11 section 5)
showed no test checking."""

from __future__ import annotations

from dragondice_desktop.engine.fates import kill
from dragondice_desktop.engine.state import LastingEffect, Zone, ZoneKind

from engine_helpers import die_ids, position, scripted

T2, BUA1 = Zone(ZoneKind.TERRAIN, 2), Zone(ZoneKind.BUA, 1)
ORACLE = "Amazons/Oracle"  # face 5: 3 Cantrip


def test_soiled_ground_save_is_rolled_in_the_dua_where_only_save_sais_work():
    """Digest §7 Soiled Ground: a unit killed at the terrain "into the DUA" makes a save roll
    there or is buried; seed 000: in the DUA only SAIs that generate save results work. Bob's
    Oracle, killed at the Frontier, shows "3 Cantrip": in the DUA Cantrip does nothing — no
    cantrip magic, nothing left unresolved — it has no save, so it is buried."""
    state = position(bob={"campaign": (ORACLE,)}, faces=(3, 3, 3))
    soiled = LastingEffect(0, None, "soiled_ground", "Soiled Ground", zone=T2,
                           spell="Soiled Ground")
    state = state.with_(effects=(soiled,))
    oracle = die_ids(state, ORACLE, "t2", 1)[0]
    events = []
    state = kill(scripted(state, 5), oracle, events, "test")
    assert state.zones[oracle] == BUA1
    roll = [e.roll for e in events if e.roll is not None][0]
    assert roll.context.in_dua
    assert [u for d in roll.dice for u in d.unresolved] == []
    assert roll.cantrip_magic == 0


def test_accelerated_growth_exchange_is_logged_under_the_spells_name():
    """Digest §7 Accelerated Growth: a Treefolk of 2+ health that would be killed is exchanged
    with a 1-health Treefolk from the DUA — and the log says which effect did it (an effect
    is never applied silently). Bob's Oak, hit by three Hailstorms, is exchanged with his
    Oakling."""
    from engine_helpers import moved, run, texts
    from test_spells import DUA1, OAK, CONJURER, magic

    state = magic((CONJURER, CONJURER), 2, 2, bob_campaign=(OAK,),
                  bob={"home": ("Treefolk/Oakling",)})
    oak, oakling = die_ids(state, OAK)[0], die_ids(state, "Treefolk/Oakling")[0]
    state = moved(state, [oakling], DUA1)
    growth = LastingEffect(1, None, "accelerated_growth", "Accelerated Growth", player=1,
                           spell="Accelerated Growth")
    state = state.with_(effects=state.effects + (growth,))
    state, _ = run(state, "cast hailstorm air t2 1", "cast hailstorm air t2 1",
                   "cast hailstorm air t2 1")
    state, _ = run(scripted(state, 1), "done")  # the Oak rolls Melee: no save
    state, events = run(scripted(state, 1), f"kill {oak}")
    assert state.zones[oak] == DUA1 and state.zones[oakling] == T2
    assert any("Accelerated Growth exchanges it with Bob's Oakling" in t
               for t in texts(events, "sai"))
