"""Minor terrains in play (digest §1.6, §3.5, seed 003): bringing one instead of the
maneuver (colours must match; Deadlands anywhere), rolling, keeping or burying it at each
march, what its faces do, when it is buried, Deadlands in the DUA count, the Amazons'
charges.

Faces of every minor terrain (catalog): Bridge 0 ID, 1 Flood, 2-3 Double Maneuvers, 4 Missile,
5 Double Saves, 6 Magic, 7 Melee. Village 0 ID, 1 Revolt, 2 Double Saves, 3 Double Maneuvers,
4 Magic, 5-6 Melee (5), 7 Missile.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.model import Species
from dragondice_desktop.engine.turn.flow import army_context
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.sai.lasting import army_modifiers
from dragondice_desktop.engine.turn.march import allowed_actions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.species.counts_as import dua_count, terrain_elements
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, turn

T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
BUA0, DUA0 = Zone(ZoneKind.BUA, 0), Zone(ZoneKind.DUA, 0)
BRIDGE, DEAD = "Minor Terrains/Highland Bridge", "Minor Terrains/Deadland Village"


def options(state):
    return sorted(a.to_text() for a in legal_actions(state))


def marching(minors=(BRIDGE,), **ann):
    """Ann marches her Home army (Highland City, t0, face 3) with minor terrains in her pool."""
    state = position(ann={"minor_terrains": minors, **ann}, faces=(3, 3, 3))
    state, _ = turn(state)
    state, _ = run(state, "march t0")
    return state


def test_bringing_a_minor_terrain_replaces_the_maneuver():
    """Seed 003: instead of a maneuver the army may bring a minor terrain whose colours match
    the terrain's (Deadlands anywhere); it is rolled at once."""
    state = marching((BRIDGE, "Minor Terrains/Coastland Bridge", DEAD))
    bridge, coast, dead = (die_ids(state, k)[0] for k in (BRIDGE, "Minor Terrains/Coastland "
                                                                 "Bridge", DEAD))
    assert options(state) == sorted(["maneuver", "no-maneuver", f"bring {bridge}",
                                     f"bring {dead}"])
    state, events = run(scripted(state, 5), f"bring {bridge}")  # Double Saves
    assert state.zones[bridge] == T0 and state.step is Step.ACTION
    assert dict(state.minors) == {bridge: 5}
    ctx = army_context(state, T0, 0, RollType.SAVE)
    assert ctx.id_multiplier == 2
    assert army_context(state, T0, 0, RollType.MELEE).id_multiplier == 1


@pytest.mark.rule("minor_terrain", "Bridge")
def test_an_id_face_is_turned_to_the_action_face_of_choice():
    state = marching()
    bridge = die_ids(state, BRIDGE)[0]
    state, _ = run(scripted(state, 0), f"bring {bridge}")
    assert options(state) == ["choose magic", "choose melee", "choose missile"]
    state, _ = run(state, "choose missile")
    assert dict(state.minors) == {bridge: 4}
    assert state.step is Step.ACTION


def test_an_action_face_lets_the_army_take_that_action():
    """Digest §3.5: a minor terrain showing an action face offers that action as an
    alternative. Highland City face 3 shows magic; the Bridge's Melee (face 7) adds melee."""
    state = marching()
    bridge = die_ids(state, BRIDGE)[0]
    state, _ = run(scripted(state, 7), f"bring {bridge}")
    assert set(allowed_actions(state, T0, 0)) == {"magic", "melee"}


def test_each_march_rolls_keeps_or_buries_it():
    """Seed 003: an army controlling a minor terrain must roll it (then maneuver), keep its
    face (forfeiting the maneuver) or bury it (instead of the maneuver)."""
    state = marching()
    bridge = die_ids(state, BRIDGE)[0]
    state, _ = run(scripted(state, 5), f"bring {bridge}", "no-action")
    state, _ = run(state, "skip-march", "end-reinforce", "end-turn")
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce", "end-turn")
    state, _ = run(state, "march t0")
    assert state.step is Step.MINOR_TERRAIN
    assert options(state) == ["bury-minor", "keep-minor", "roll-minor"]
    kept, _ = run(state, "keep-minor")
    assert kept.step is Step.ACTION and dict(kept.minors) == {bridge: 5}
    rolled, _ = run(scripted(state, 6), "roll-minor")
    assert rolled.step is Step.MANEUVER and dict(rolled.minors) == {bridge: 6}
    buried, _ = run(state, "bury-minor")
    assert buried.zones[bridge] == BUA0 and not buried.minors


@pytest.mark.rule("minor_terrain", "Flood")
def test_a_disaster_halves_and_is_buried_at_the_next_march():
    """Digest §1.6: Flood halves maneuver; the die is buried at the start of the army's next
    march."""
    state = marching()
    bridge = die_ids(state, BRIDGE)[0]
    state, _ = run(scripted(state, 1), f"bring {bridge}")
    mods = army_modifiers(state, T0, 0)
    assert [(m.op.value, m.amount, m.types) for m in mods] == [("divide", 2,
                                                                 (RollType.MANEUVER,))]
    state, _ = run(state, "no-action", "skip-march", "end-reinforce", "end-turn")
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce", "end-turn")
    state, events = run(state, "march t0")
    assert state.zones[bridge] == BUA0 and state.step is Step.MANEUVER


def test_minor_terrain_is_buried_when_its_army_leaves_or_captures():
    """Seed 003: buried if its army leaves the terrain, or captures the eighth face; an army
    holding the eighth face cannot bring one."""
    from dragondice_desktop.engine.units.fates import kill

    state = marching()
    bridge = die_ids(state, BRIDGE)[0]
    state, _ = run(scripted(state, 5), f"bring {bridge}")
    foot = die_ids(state, "Dwarves/Footman", "t0", 0)[0]
    gone = kill(state, foot, [], "test")
    assert gone.zones[bridge] == BUA0
    held = position(ann={"minor_terrains": (BRIDGE,)}, faces=(8, 3, 3))
    held, _ = turn(held)
    held, _ = run(held, "march t0")
    assert not [o for o in options(held) if o.startswith("bring")]


def test_capturing_the_eighth_face_buries_the_minor_terrain():
    state = position(ann={"minor_terrains": (BRIDGE,)}, bob={"horde": ()}, faces=(7, 3, 3))
    state = moved(state, die_ids(state, "Dwarves/Footman", "t0", 1), DUA0)
    state, _ = turn(state)
    bridge = die_ids(state, BRIDGE)[0]
    state, _ = run(scripted(state, 5), "march t0", f"bring {bridge}", "no-action")
    state, _ = run(state, "skip-march", "end-reinforce", "end-turn")
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce", "end-turn")
    state, _ = run(scripted(state, 6), "march t0", "roll-minor", "maneuver", "turn up")
    assert state.terrains[0].face == 8 and state.zones[bridge] == BUA0


def test_minor_terrain_colours_count_for_species_abilities():
    """Seed 003: its colours count as the terrain's for the controlling army's species
    abilities. A Coastland (air, water) Bridge at Highland City adds water."""
    state = marching(("Minor Terrains/Coastland Bridge", "Minor Terrains/Flatland Bridge"))
    flat = die_ids(state, "Minor Terrains/Flatland Bridge")[0]
    state, _ = run(scripted(state, 5), f"bring {flat}")
    assert {c.value for c in terrain_elements(state, T0, 0)} == {"fire", "earth", "air"}
    assert terrain_elements(state, T0, 1) == state.terrains[0].die.elements


def test_deadlands_count_in_the_dua():
    """Seed 003: each Deadlands a player controls counts as † units of any species in their
    DUA for species abilities."""
    state = marching((DEAD,))
    dead = die_ids(state, DEAD)[0]
    assert dua_count(state, 0, Species.UNDEAD, 4) == 0
    state, _ = run(scripted(state, 2), f"bring {dead}")
    assert dua_count(state, 0, Species.UNDEAD, 4) == 1


@pytest.mark.rule("species", "Amazons", "Javelin Charge")
def test_javelin_charge_counts_amazon_maneuver_as_missile():
    """Digest §6 Javelin Charge: instead of the maneuver, bury the army's minor terrain; this
    turn its Amazons count maneuver as missile in a missile action. Highland City face 4:
    missile. Charioteer faces: 2 ID, 3 Maneuver ..."""
    state = position(ann={"home": ("Amazons/Charioteer",), "minor_terrains": (BRIDGE,)},
                     faces=(4, 3, 3))
    bridge = die_ids(state, BRIDGE)[0]
    state = state.with_(zones=tuple(T0 if i == bridge else z for i, z in enumerate(state.zones)),
                        minors=((bridge, 5),))
    state, _ = turn(state)
    state, _ = run(state, "march t0")
    assert "charge javelin" in options(state)
    state, events = run(scripted(state, 2, 2), "charge javelin", "action missile",
                        "target t0")
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert roll.total(RollType.MISSILE) == 1 and "Javelin Charge" in roll.explain()
    assert state.zones[bridge] == BUA0
