"""Lasting effects (engine/sai/lasting.py): SAI effects that last "until the beginning of your
next turn" (seed 000) live in ``GameState.effects``, change later rolls through the pipeline's
modifier steps, stop units rolling or leaving, and end in the Expire Effects phase of the
player who made them (digest §3.1)."""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.units.fates import kill, move_unit
from dragondice_desktop.engine.turn.flow import end_march, roll_for
from dragondice_desktop.engine.turn.start import begin_turn
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.sai.lasting import add, cannot_leave, cannot_roll
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import LastingEffect, MarchState, Step, Zone, ZoneKind

from engine_helpers import battle, ids_at, run, scripted

CAT = load_catalog()
T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
RES1 = Zone(ZoneKind.RESERVE, 1)
FOOT, KNIGHT, CENTAUR = "Dwarves/Footman", "Coral Elves/Knight", "Amazons/Centaur"


def F(key, text):
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def army_effect(kind, amount=0, creator=0, player=1, zone=T2, icon=Icon.WITHER):
    return LastingEffect(creator, icon, kind, f"{kind} test", player=player, zone=zone,
                         amount=amount)


def roll(state, player, roll_type, *faces, **ctx):
    state, result = roll_for(scripted(state, *faces), T2, player, roll_type, [], **ctx)
    return result


@pytest.mark.rule("sai", "Frost Breath")
def test_frost_breath_halves_the_same_attacks_save_roll_and_expires_on_its_makers_turn():
    """Seed 000 Frost Breath: "Until the beginning of your next turn, the target army halves
    all results they roll" — from the attacker's SAIs (step 4) on, so the save roll of this
    attack is halved; digest §3.1: it ends at the beginning of its maker's next turn only."""
    hydra = "Frostwings/Cryohydra"
    state = scripted(battle([hydra, CENTAUR], ["Undead/Minor Death"]),
                     F(hydra, "4 Frost Breath"), F(CENTAUR, "4 Melee"),
                     F("Undead/Minor Death", "4 Save"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    (frost,) = state.effects
    assert (frost.kind, frost.creator, frost.player, frost.zone) == ("halve", 0, 1, T2)
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 2
    bobs_turn = begin_turn(state, 1, [])
    assert bobs_turn.effects == (frost,)
    events = []
    anns_turn = begin_turn(bobs_turn, 0, events)
    assert anns_turn.effects == ()
    assert any("Expire Effects: 1 lasting effect ended" in e.text for e in events)


@pytest.mark.rule("sai", "Wither")
def test_wither_subtracts_from_every_later_roll():
    """Seed 000 Wither: the targeted army "subtracts X results from all rolls it makes"
    (a subtracting modifier, step 6)."""
    state = add(battle([FOOT], [KNIGHT]), army_effect("subtract_all", 3), [])
    assert roll(state, 1, RollType.MELEE, F(KNIGHT, "3 Melee")).total() == 0
    assert roll(state, 1, RollType.MANEUVER, F(KNIGHT, "3 Maneuver")).total() == 0
    assert roll(state, 0, RollType.MELEE, F(FOOT, "2 Melee")).total() == 2  # Ann's: no effect


@pytest.mark.rule("sai", "Galeforce")
def test_galeforce_subtracts_four_saves_and_four_maneuver():
    """Seed 000 Galeforce: "subtracts four save and four maneuver results from all rolls"."""
    state = add(battle([FOOT], ["Coral Elves/Herald"]), army_effect("galeforce",
                                                                    icon=Icon.GALEFORCE), [])
    herald = "Coral Elves/Herald"
    assert roll(state, 1, RollType.MANEUVER, F(herald, "3 Maneuver")).total() == 0
    assert roll(state, 1, RollType.MELEE, F(herald, "3 Melee")).total() == 3


@pytest.mark.rule("sai", "Cloak")
def test_cloak_adds_saves_to_later_save_rolls_only():
    """Seed 000 Cloak: X non-magical save results added to the army's save rolls until the
    beginning of your next turn (an adding modifier, step 10)."""
    state = add(battle([FOOT], [KNIGHT]), army_effect("cloak", 4, creator=1, icon=Icon.CLOAK), [])
    save = roll(state, 1, RollType.SAVE, F(KNIGHT, "3 Melee"))
    assert save.total() == 4 and any("step 10" in m for m in save.modifiers)
    assert roll(state, 1, RollType.MELEE, F(KNIGHT, "3 Melee")).total() == 3


def test_army_effects_stay_with_the_location():
    """Digest §4.3: an army effect applies to the army at that location, including units that
    join later; an army elsewhere is not affected."""
    state = add(battle([FOOT], [KNIGHT]), army_effect("subtract_all", 1), [])
    assert roll(state, 1, RollType.MELEE, F(KNIGHT, "3 Melee")).total() == 2
    state, result = roll_for(scripted(state, F(FOOT, "2 Melee")), T0, 1, RollType.MELEE, [])
    assert result.total() == 2


def test_asleep_units_do_not_roll_and_cannot_retreat():
    """Seed 000 Sleep: the unit "cannot be rolled or leave the terrain they currently occupy"."""
    state = battle([FOOT], [KNIGHT, FOOT])
    knight, foot = ids_at(state, 1)
    sleep = LastingEffect(0, Icon.SLEEP, "asleep", "asleep test", die_id=knight)
    state = add(state, sleep, [])
    result = roll(state, 1, RollType.SAVE, F(FOOT, "1 Save"))
    assert [d.die_id for d in result.dice] == [foot]
    assert cannot_roll(state, knight) and cannot_leave(state, knight)
    state = begin_turn(state.with_(effects=state.effects), 1, [])
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce")
    assert state.step is Step.RETREAT
    retreats = {a.args[0] for a in legal_actions(state) if a.verb.value == "retreat"}
    assert knight not in retreats and foot in retreats


def test_stunned_units_roll_when_an_individual_effect_forces_them():
    """Seed 000 Stun: "cannot be rolled ... unless they are the target of an individual-
    targeting effect which forces them to roll"; asleep units cannot be rolled at all."""
    state = battle([FOOT], [KNIGHT])
    (knight,) = ids_at(state, 1)
    stun = LastingEffect(0, Icon.STUN, "stunned", "stun test", die_id=knight)
    state = add(state, stun, [])
    assert cannot_roll(state, knight) and not cannot_roll(state, knight, forced_individual=True)


@pytest.mark.rule("sai", "Stun")
def test_stun_ends_when_the_unit_leaves_the_terrain():
    """Seed 000 Stun: "Stunned units that leave the terrain through any means are no longer
    stunned"; a unit effect that is not tied to the terrain follows the unit (seed 000
    Targeting) until the unit is killed (digest §4.7)."""
    state = battle([FOOT], [KNIGHT, FOOT])
    knight, foot = ids_at(state, 1)
    state = add(state, LastingEffect(0, Icon.STUN, "stunned", "stun", die_id=knight), [])
    state = add(state, LastingEffect(0, Icon.NET, "netted", "net", die_id=foot), [])
    state = move_unit(state, knight, RES1, [])
    assert [e.kind for e in state.effects] == ["netted"]
    state = kill(state, foot, [], "test")
    assert state.effects == ()


def test_army_effects_end_when_the_army_has_no_units():
    """Digest §4.3: an army effect ends when its army has no units left (checked at the end
    of each action)."""
    state = battle([FOOT], [KNIGHT])
    (knight,) = ids_at(state, 1)
    state = add(state, army_effect("subtract_all", 2), [])
    state = kill(state, knight, [], "test")
    state = end_march(state.with_(march=MarchState(T2)), [])
    assert state.effects == ()


def test_glaring_unit_is_left_out_of_its_armys_rolls_and_glare_ends_when_it_dies():
    """Seed 000 Hypnotic Glare: "The effect ends if the glaring unit leaves the terrain, is
    killed, or is rolled. The glaring unit may be excluded from any roll until the effect
    expires" (the app always excludes it: rulings)."""
    leviathan = "Coral Elves/Leviathan"
    state = battle([leviathan, FOOT], [KNIGHT])
    lev, foot = ids_at(state, 0)
    (knight,) = ids_at(state, 1)
    state = add(state, LastingEffect(0, Icon.HYPNOTIC_GLARE, "hypnotized", "glare",
                                     die_id=knight, source_die=lev), [])
    result = roll(state, 0, RollType.MELEE, F(FOOT, "2 Melee"))
    assert [d.die_id for d in result.dice] == [foot]
    state = kill(state, lev, [], "test")
    assert state.effects == ()


def test_effects_are_exposed_for_the_window():
    """``GameState.effects``: who made each effect, what it targets and a readable line."""
    state = add(battle([FOOT], [KNIGHT]), army_effect("subtract_all", 3), [])
    (effect,) = state.effects
    assert (effect.creator, effect.player, effect.zone, effect.amount) == (0, 1, T2, 3)
    assert effect.text
