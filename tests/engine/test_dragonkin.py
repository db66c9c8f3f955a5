"""Dragonkin in play (digest §5.6, §4.8; seed 001 Silver Medallion): they cannot leave their
terrain, an army of Dragonkin alone dissolves, they never roll for magic or missile, they are
promoted from the Summoning Pool, and the Silver Medallion summons or promotes them."""

from __future__ import annotations

from dragondice_desktop.engine.units.fates import kill, promote, promotion_partners
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.state import Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, texts, turn

T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
POOL0, DUA0 = Zone(ZoneKind.SUMMONING, 0), Zone(ZoneKind.DUA, 0)
FOAL, HERO = "Dragonkin/Dragonfoal (Fire)", "Dragonkin/Dragonhero (Air)"


def with_kin(*kin, **ann):
    """Ann's Home army (Highland City) with Dragonkin from her pool placed in it."""
    state = position(ann={"dragonkin": kin, **ann}, faces=(1, 3, 3))
    ids = [d.id for d in state.dice if d.die.species and d.die.species.value == "Dragonkin"]
    return moved(state, ids, T0), ids


def test_dragonkin_cannot_retreat():
    """Digest §5.6: Dragonkin cannot leave the terrain they were summoned to."""
    state, (foal,) = with_kin(FOAL)
    state, _ = turn(state)
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce")
    retreats = [a.to_text() for a in legal_actions(state) if a.verb.value == "retreat"]
    assert f"retreat {foal}" not in retreats and retreats


def test_an_army_of_dragonkin_alone_dissolves():
    """Digest §5.6: an army made up only of Dragonkin dissolves at once; they go back to the
    Summoning Pool."""
    state, (foal,) = with_kin(FOAL)
    foot = die_ids(state, "Dwarves/Footman", "t0", 0)[0]
    events = []
    state = kill(state, foot, events, "test")
    assert state.zones[foal] == POOL0
    assert any("are alone" in t for t in texts(events))


def test_dragonkin_never_roll_for_magic():
    """Digest §5.6: they never roll for magic or missile. Highland City face 1: magic."""
    state, (foal,) = with_kin(FOAL, home=("Dwarves/Theurgist",))
    state, _ = turn(state)
    state, events = run(scripted(state, 2), "march t0", "no-maneuver", "action magic")
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert [d.die_id for d in roll.dice] == die_ids(state, "Dwarves/Theurgist")
    assert any("never roll for magic" in t for t in texts(events))


def test_dragonkin_are_promoted_from_the_summoning_pool():
    """Digest §4.8: Dragonkin are promoted from the Summoning Pool; a promoted Dragonkin may
    change element."""
    state, (foal, hero) = with_kin(FOAL, HERO)
    state = moved(state, [hero], POOL0)
    assert promotion_partners(state, foal) == [hero]
    state = promote(state, foal, hero, [], "test")
    assert state.zones[hero] == T0 and state.zones[foal] == POOL0


def test_killed_dragonkin_go_back_to_the_pool():
    state, (foal,) = with_kin(FOAL, home=("Dwarves/Footman", "Dwarves/Footman"))
    state = kill(state, foal, [], "test")
    assert state.zones[foal] == POOL0


def test_silver_medallion_summons_a_small_dragonkin():
    """Seed 001 Silver Medallion: at a terrain, summon or promote one health-worth of
    Dragonkin to the army carrying it. Its logo is face 0; Highland City face 1: magic."""
    state = position(ann={"home": ("Dwarves/Wizard", "Items/Silver Medallion"),
                          "dragonkin": (FOAL,)}, faces=(1, 3, 3))
    foal = die_ids(state, FOAL)[0]
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 0), "march t0", "no-maneuver", "action magic")
    options = sorted(a.to_text() for a in legal_actions(state))
    assert "choose summon" in options
    state, _ = run(state, "choose summon")
    assert state.zones[foal] == T0
