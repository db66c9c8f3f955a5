"""Damage and the fates of killed units that a sampled mutation run (issue 11 section 5)
showed no test checking."""

from __future__ import annotations

from dragondice_desktop.engine.units.fates import kill
from dragondice_desktop.engine.core.state import LastingEffect, Zone, ZoneKind

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

