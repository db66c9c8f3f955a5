"""Eighth-face powers (digest §3.2, §8; seed 003): City, Temple, Dragon's Lair and Grove in the
Eighth Face phase, the Castle's choice on capture, the Tower's missile attacks on any army."""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.turn.march import missile_targets
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Phase, Step, Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, texts, turn, with_face

T0, T1, T2 = (Zone(ZoneKind.TERRAIN, i) for i in range(3))
DUA0, DUA1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1)
BUA0, BUA1 = Zone(ZoneKind.BUA, 0), Zone(ZoneKind.BUA, 1)
RES1, POOL0 = Zone(ZoneKind.RESERVE, 1), Zone(ZoneKind.SUMMONING, 0)
FOOT, SERGEANT = "Dwarves/Footman", "Dwarves/Sergeant"


def options(state):
    return sorted(a.to_text() for a in legal_actions(state))


def held(state, terrain, player=0):
    return with_face(state, terrain, 8, player)


@pytest.mark.rule("eighth_face", "City")
def test_city_recruits_a_small_unit_from_the_dua():
    """Digest §8 City: "Recruit one small unit to the army, or promote one of its units" in the
    Eighth Face phase, optional."""
    state = position(ann={"home": (FOOT, FOOT)}, faces=(8, 3, 3))
    dead = die_ids(state, FOOT, "t0", 0)[1]
    state = moved(state, [dead], DUA0)
    state, events = turn(state)
    assert state.phase is Phase.EIGHTH_FACE and state.step is Step.SAI_CHOOSE
    assert options(state) == ["choose none", "choose recruit"]
    state, _ = run(state, "choose recruit")
    assert state.zones[dead] == T0
    assert state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("eighth_face", "City")
def test_city_promotes_one_unit_of_the_army():
    """Digest §4.8: promote = swap a unit with a unit of its species and one more health."""
    state = position(ann={"home": (FOOT,), "horde": (SERGEANT,)}, faces=(8, 3, 3))
    foot, sergeant = die_ids(state, FOOT, "t0", 0)[0], die_ids(state, SERGEANT)[0]
    state = moved(state, [sergeant], DUA0)
    state, _ = turn(state)
    assert options(state) == ["choose none", "choose promote"]
    state, _ = run(state, "choose promote")
    assert state.zones[sergeant] == T0 and state.zones[foot] == DUA0


@pytest.mark.rule("eighth_face", "City")
def test_city_may_be_declined():
    state = position(ann={"home": (FOOT, FOOT)}, faces=(8, 3, 3))
    dead = die_ids(state, FOOT, "t0", 0)[1]
    state = moved(state, [dead], DUA0)
    state, _ = turn(state)
    state, events = run(state, "choose none")
    assert state.zones[dead] == DUA0 and "City: not used" in texts(events)


@pytest.mark.rule("eighth_face", "Temple")
def test_temple_forces_another_player_to_bury_a_unit_of_their_choice():
    """Digest §8 Temple: "May force another player to bury one unit of that player's choice
    from their DUA" — Ann decides, Bob picks the unit."""
    state = position(bob={"home": (FOOT, SERGEANT)}, frontier="Terrains/Feyland Temple",
                     faces=(3, 3, 8))
    bobs = die_ids(state, FOOT, "t1", 1) + die_ids(state, SERGEANT, "t1", 1)
    state = moved(state, bobs, DUA1)
    state, _ = turn(state)
    assert options(state) == ["choose dua1", "choose none"]
    state, _ = run(state, "choose dua1")
    assert state.pending.player == 1
    assert options(state) == [f"pick {i}" for i in sorted(bobs)]
    state, events = run(state, f"pick {bobs[1]}")
    assert state.zones[bobs[1]] == BUA1 and state.zones[bobs[0]] == DUA1


@pytest.mark.rule("eighth_face", "Dragon's Lair")
def test_dragons_lair_summons_a_matching_dragon_never_a_white_one():
    """Seed 003 Dragon's Lair: "summon a dragon that matches at least one color of this
    terrain, an Ivory Dragon or any Ivory Hybrid Dragon, and place it at any terrain. The
    Dragon's Lair may not summon a White Dragon." Coastland = air and water."""
    state = position(ann={"dragons": ("Dragons/Red Drake", "Dragons/White Drake")},
                     bob={"dragons": ("Dragons/Blue Drake", "Dragons/Ivory Wyrm",
                                      "Dragons/Red/Ivory Drake")},
                     frontier="Terrains/Coastland Dragons Lair", faces=(3, 3, 8))
    blue, ivory, red_ivory = (die_ids(state, f"Dragons/{n}")[0]
                              for n in ("Blue Drake", "Ivory Wyrm", "Red/Ivory Drake"))
    state, _ = turn(state)
    assert options(state) == ["done"] + sorted(f"pick {i}" for i in (blue, ivory, red_ivory))
    state, _ = run(state, f"pick {blue}")
    assert options(state) == ["choose t0", "choose t1", "choose t2"]
    state, events = run(state, "choose t1")
    assert state.zones[blue] == T1
    # Ann's Horde stands there: the dragon attacks it in this turn's Dragon Attack phase.
    assert "Bob's Blue Drake attacks Ann's Horde army" in texts(events)


def test_an_ivory_hybrid_at_a_terrain_needs_its_own_element():
    """Digest §1.7: an Ivory Hybrid "can be summoned from a terrain only by magic or an effect
    matching its element"; an Ivory dragon never comes from a terrain."""
    state = position(bob={"dragons": ("Dragons/Red/Ivory Drake", "Dragons/Blue/Ivory Drake",
                                      "Dragons/Ivory Drake")},
                     frontier="Terrains/Coastland Dragons Lair", faces=(3, 3, 8))
    red, blue, ivory = (die_ids(state, f"Dragons/{n}")[0]
                        for n in ("Red/Ivory Drake", "Blue/Ivory Drake", "Ivory Drake"))
    state = moved(state, [red, blue, ivory], T1)
    state, _ = turn(state)
    assert options(state) == ["done", f"pick {blue}"]


@pytest.mark.rule("eighth_face", "Grove")
def test_grove_must_move_something_out_of_a_bua():
    """Seed 003 Grove: not optional — a non-Dragonkin unit from any player's BUA to their DUA
    (here the only choice, so it happens with no question)."""
    state = position(bob={"home": (FOOT, FOOT)}, frontier="Terrains/Coastland Grove",
                     faces=(3, 3, 8))
    buried = die_ids(state, FOOT, "t1", 1)[1]
    state = moved(state, [buried], BUA1)
    state, events = run(*[turn(state)[0]])
    assert state.zones[buried] == DUA1 and state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("eighth_face", "Castle")
def test_castle_becomes_what_its_captor_chooses_until_the_face_moves():
    """Seed 003 Castle: "When you capture this terrain, choose one of the following four
    terrain types ... The castle becomes that terrain until its face is moved." """
    state = position(bob={"campaign": ()}, frontier="Terrains/Coastland Castle",
                     faces=(3, 3, 7))
    state = moved(state, die_ids(state, FOOT, "t2", 1), DUA1)
    state, _ = turn(state)
    state, _ = run(state, "march t2", "maneuver", "turn up")
    assert options(state) == ["choose city", "choose standing-stones", "choose temple",
                              "choose tower"]
    state, events = run(state, "choose tower")
    assert state.terrains[2].eighth_face is Icon.TOWER and state.step is Step.ACTION
    assert "Castle: Coastland Castle becomes a Tower until its face moves (seed 003)" in \
        texts(events)


@pytest.mark.rule("eighth_face", "Tower")
def test_tower_shoots_at_any_army_even_a_reserve_army():
    """Digest §5.2 / §8 Tower: the controlling army "may make a missile attack against any
    opponent army, including other Home Terrains and Reserve armies"; against a Reserve army
    only non-ID missile results count."""
    tower = position(frontier="Terrains/Coastland Tower", faces=(3, 3, 8))
    reserve = die_ids(tower, FOOT, "t1", 1)[0]
    tower = moved(tower, [reserve], RES1)
    # Bob's Horde at t0, his Campaign army at t2, his Home army now in reserve.
    assert set(missile_targets(tower, T2, 0)) == {T0, T2, RES1}
    assert RES1 not in missile_targets(with_face(tower, 2, 7), T2, 0)


CROSSBOW = "Dwarves/Crossbowman"


@pytest.mark.rule("eighth_face", "Tower")
def test_a_tower_attack_on_reserves_ignores_id_results():
    """Two Crossbowmen roll ID (0) and 2 Missile (5): only the 2 missile count against the
    Reserve army; its Footman rolls 1 Melee (2), no save, and is killed."""
    state = position(ann={"campaign": (CROSSBOW, CROSSBOW)}, frontier="Terrains/Coastland Tower",
                     faces=(3, 3, 8))
    reserve = die_ids(state, FOOT, "t1", 1)[0]
    state = moved(state, [reserve], RES1)
    state, _ = turn(state, 0, 0, 5, 2)
    state, events = run(state, "march t2", "no-maneuver", "action missile", "target reserve1")
    attack = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert attack.total(RollType.MISSILE) == 2
    assert "ID results not counted: a Tower's missile attack" in attack.explain()
    state, _ = run(state, f"kill {reserve}")
    assert state.zones[reserve] == DUA1
