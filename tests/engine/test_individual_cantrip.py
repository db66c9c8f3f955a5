"""Cantrip in a unit's individual roll (engine/rolls/individual_roll.py, spells/casting.py; issue 3).

Seed 000 Cantrip: "During a magic action ... Cantrip generates X magic results. During other
non-maneuver rolls, Cantrip generates X magic results that only allow you to cast spells
marked as 'Cantrip' from the spell list." Digest §5.3: element and species restrictions still
apply; a Reserve army casts only spells marked R. Rulings: the army the unit rolled in casts,
once the effect that made the unit roll is resolved.

The unit showing Cantrip is Bob's Coral Elves Enchanter (air and water, face 5 "4 Cantrip": a
d6 face with four icons, X = 4). The Cantrip spells of air and water are Hailstorm (air, 2)
and Watery Double (water, 2, R); Wind Walk (air, 4) is not a Cantrip spell although 4 air
magic would pay it (digest §7).
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import battle, die_ids, ids_at, moved, position, run, scripted, texts, turn

CAT = load_catalog()
T2, DUA1, BUA1, RES1 = (Zone(ZoneKind.TERRAIN, 2), Zone(ZoneKind.DUA, 1), Zone(ZoneKind.BUA, 1),
                        Zone(ZoneKind.RESERVE, 1))
ENCHANTER, FOOT, CONJURER = "Coral Elves/Enchanter", "Dwarves/Footman", "Coral Elves/Conjurer"
NAGA, SHAMBLER = "Goblins/Death Naga", "Goblins/Shambler"
ATTACK = ("march t2", "no-maneuver", "action melee")


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def spells_offered(state) -> set[str]:
    return {a.to_text().split()[1] for a in legal_actions(state)
            if a.to_text().startswith("cast")}


def poisoned(second_face: str = "2 Save"):
    """Ann's Death Naga rolls 4 Poison (seed 000 Poison: 4 health-worth save or be killed, the
    killed save again or are buried) on Bob's Enchanter and Footman. The Enchanter shows
    4 Cantrip (no save: killed), then `second_face` in the DUA; the Footman saves."""
    state = scripted(battle([NAGA], [ENCHANTER, FOOT]), F(NAGA, "4 Poison"),
                     F(ENCHANTER, "4 Cantrip"), F(ENCHANTER, second_face), F(FOOT, "1 Save"))
    enchanter, foot = ids_at(state, 1)
    state, events = run(state, *ATTACK)
    return state, events, enchanter, foot


@pytest.mark.rule("sai", "Cantrip")
def test_a_unit_saving_alone_casts_cantrip_spells_with_its_cantrip_magic():
    """Seed 000 Cantrip: 4 Cantrip in Bob's Enchanter's save roll against Poison gives 4 magic
    for Cantrip spells of its elements (air, water): Hailstorm and Watery Double, not Wind
    Walk. Bob casts them with his army at the Frontier once Poison is resolved (the Enchanter
    is then in his DUA)."""
    state, events, enchanter, foot = poisoned()
    assert state.step is Step.CAST and state.pending.player == 1
    assert "Announce Cantrip spells: 4 magic (air/water 4)" in state.pending.prompt
    assert state.zones[enchanter] == DUA1 and state.zones[foot] == T2
    assert spells_offered(state) == {"hailstorm", "watery-double"}
    save = next(e.roll for e in events if e.kind == "roll" and e.roll
                and "Poison: save or else" in e.text and "Enchanter" in e.text)
    assert save.cantrip_magic == 4 and not save.unresolved
    # 4 magic: Watery Double twice on Bob's army (cumulative, digest §7): +2 saves.
    state, events = run(state, "cast watery-double water t2 1", "cast watery-double water t2 1")
    assert spells_offered(state) == set()
    state, events = run(state, "done")
    (double,) = [e for e in state.effects if e.spell == "Watery Double"]
    assert double.creator == 1 and double.modifiers[0].amount == 2
    assert state.step is Step.COUNTER_ATTACK and state.pending.player == 1


@pytest.mark.rule("sai", "Cantrip")
def test_cantrip_spells_from_an_individual_roll_may_be_declined():
    """Casting is optional: "done" with nothing announced loses the magic (digest §5.3); the
    march carries on (no melee results: no save roll; Bob may counter-attack)."""
    state, _, _, _ = poisoned()
    assert "done" in {a.to_text() for a in legal_actions(state)}
    state, events = run(state, "done")
    assert "No spell announced: the magic is lost" in texts(events)
    assert not state.effects
    assert state.step is Step.COUNTER_ATTACK and state.pending.player == 1


@pytest.mark.rule("sai", "Cantrip")
def test_cantrip_in_the_dua_gives_nothing():
    """Seed 000: in the DUA only SAIs that generate saves work. The Enchanter's second save
    (Poison, in the DUA) shows 4 Cantrip again: it is buried, and only the 4 magic of its
    first roll are offered."""
    state, events, enchanter, _ = poisoned(second_face="4 Cantrip")
    assert state.zones[enchanter] == BUA1
    dua_roll = next(e.roll for e in events if e.kind == "roll" and "be buried" in e.text)
    assert dua_roll.cantrip_magic == 0
    assert state.step is Step.CAST and "4 magic" in state.pending.prompt
    state, events = run(state, "done")
    assert state.step is not Step.CAST


@pytest.mark.rule("sai", "Cantrip")
def test_cantrip_in_a_maneuver_individual_roll_gives_nothing():
    """Seed 000 Cantrip applies to magic and non-maneuver rolls only: Bob's Enchanter shows
    4 Cantrip in its maneuver roll against Smother (seed 000 Smother: maneuver or be killed),
    is killed, and no spell is offered."""
    state = scripted(battle([SHAMBLER], [ENCHANTER, FOOT]), F(SHAMBLER, "4 Smother"),
                     F(ENCHANTER, "4 Cantrip"), F(FOOT, "1 ID"))
    enchanter, foot = ids_at(state, 1)
    state, events = run(state, *ATTACK)
    assert state.zones[enchanter] == DUA1 and state.zones[foot] == T2
    roll = next(e.roll for e in events if e.kind == "roll" and e.roll
                and "Enchanter" in e.text and e.roll.roll_type is RollType.MANEUVER)
    assert roll.cantrip_magic == 0
    assert any("Cantrip has no effect in an individual maneuver roll" in r
               for r in roll.dice[0].ignored)
    assert state.step is not Step.CAST and not spells_offered(state)
    assert not [t for t in texts(events) if t.startswith("Cantrip:")]


@pytest.mark.rule("sai", "Cantrip")
def test_a_reserve_unit_casts_only_reserve_cantrip_spells():
    """Digest §5.3 / §3.5: a Reserve army casts only spells marked R. Ann's Lightning Strike
    (seed: the target saves or is killed) hits Bob's Enchanter in his Reserve Area; it shows
    4 Cantrip: Watery Double (R, C) is offered, Hailstorm (C, not R) is not."""
    state = position(ann={"campaign": (ENCHANTER, CONJURER, CONJURER)},
                     bob={"home": (FOOT, ENCHANTER)}, faces=(3, 3, 1))
    target = die_ids(state, ENCHANTER, player=1)[0]
    state = moved(state, [target], RES1)
    state, _ = turn(state, 0)
    # Ann's Enchanter 4 Magic, the Conjurers 3 + 3: 10 air/water magic (test_spells.py).
    state, _ = run(scripted(state, F(ENCHANTER, "4 Magic"), F(CONJURER, "3 Magic"),
                            F(CONJURER, "3 Magic")), "march t2", "no-maneuver", "action magic")
    state = scripted(state, F(ENCHANTER, "4 Cantrip"))
    state, events = run(state, f"cast lightning-strike air {target}", "done")
    assert state.zones[target] == DUA1
    assert state.step is Step.CAST and state.pending.player == 1
    assert "(Reserve army: R spells only)" in state.pending.prompt
    assert spells_offered(state) == {"watery-double"}
