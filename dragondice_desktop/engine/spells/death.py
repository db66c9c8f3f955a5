"""Death spells (digest §7): Palsy, Decay, Evil Eye, Magic Drain, Restless Dead, Swamp
Fever, Finger of Death, Necromantic Wave, Exhume, Open Grave, Soiled Ground. The army holding a
Temple is immune to its opponents' death magic (digest §8, ``targets.py`` and ``sai/lasting.py``)."""

from __future__ import annotations

from ...player_text import count_of
from ..tasks.effect_steps import Events, ask, resume, units_pick
from ..units.fates import bury, kill, return_from_dua
from ..rolls.individual_roll import id_roll, unit_roll
from ..rolls.model import ModOp
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.kinds import RuleTask, picks_of
from .book import register
from .casting import done
from .effects import (
    MAG, MAN, MEL, SAV, army_modifier_spell, army_there, cast, gone, lasting,
    terrain_modifier_spell, unit_there,
)


@register("Palsy", "army_opp", True, "Opposing army −1 on its non-maneuver rolls.")
def palsy(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "subtracts {n} from its non-maneuver "
                                                    "rolls", ModOp.SUBTRACT, 1,
                               rolls="non-maneuver")


@register("Decay", "army_opp", True, "Opposing army −2 melee.")
def decay(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "subtracts {n} melee results",
                               ModOp.SUBTRACT, 2, MEL)


@register("Evil Eye", "army_opp", True, "Opposing army −2 saves.")
def evil_eye(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "subtracts {n} save results",
                               ModOp.SUBTRACT, 2, SAV)


@register("Magic Drain", "terrain", True, "Terrain: every army roll there −2 magic.")
def magic_drain(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return terrain_modifier_spell(state, task, events, "subtracts {n} magic results from its "
                                                       "rolls", 2, MAG)


@register("Restless Dead", "army_any", True, "Army: +3 maneuver.")
def restless_dead(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "adds {n} maneuver results to its rolls",
                               ModOp.ADD, 3, MAN)


@register("Swamp Fever", "army_opp", True, "Up to 3 health-worth of units in an opposing army "
                                           "roll: an ID kills; the killed roll again: an ID "
                                           "buries.")
def swamp_fever(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    if task.stage == "resolve":
        if not army_there(state, announced.target):
            return gone(state, task, events)
        zone, player = announced.target
        question = units_pick(task.player, f"Swamp Fever: target up to {3 * times} "
                                           f"health-worth of the army",
                              state.units_in(zone, player), budget=3 * times, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    words = []
    for unit in picks_of(task):
        label = state.die_label(unit)
        state, roll = id_roll(state, unit, events, "Swamp Fever: an ID kills")
        if not roll.rolled_id:
            words.append(f"{label} spared")
            continue
        state = kill(state, unit, events, "Swamp Fever")
        if state.zones[unit].kind is ZoneKind.DUA:
            state, again = id_roll(state, unit, events, "Swamp Fever: an ID buries")
            if again.rolled_id:
                state = bury(state, unit, events, "Swamp Fever")
                words.append(f"{label} killed and buried")
                continue
        words.append(f"{label} killed")
    return done(state, task, "Swamp Fever: " + ("; ".join(words) or "no target"), events)


@register("Finger of Death", "unit_opp", True, "Opposing unit takes 1 damage, no save "
                                               "possible.")
def finger_of_death(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    unit = announced.target[0]
    if not unit_there(state, unit):
        return gone(state, task, events)
    label = state.die_label(unit)
    if times >= state.dice[unit].die.health:
        state = kill(state, unit, events, "Finger of Death")
        return done(state, task, f"Finger of Death: {label} takes {times} damage: killed",
                    events)
    return done(state, task, f"Finger of Death: {label} takes {times} damage: survives",
                events)


@register("Necromantic Wave", "army_any", False, "Army: its magic results count as melee or "
                                                 "missile results.")
def necromantic_wave(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    if not army_there(state, announced.target):
        return gone(state, task, events)
    zone, player = announced.target
    return lasting(state, task, "counts_as", "counts its magic results as melee in melee rolls "
                                             "and as missile in missile rolls", events, zone,
                   player)


@register("Exhume", "dua_opp", True, "Up to 3 health-worth in an opposing DUA make a save "
                                     "roll; those that fail are buried. You may return that "
                                     "much health-worth from your DUA to the casting army.")
def exhume(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    dua: Zone = announced.target[0]
    if task.stage == "resolve":
        units = state.units_in(dua, dua.index)
        if not units:
            return gone(state, task, events)
        question = units_pick(task.player, f"Exhume: target up to {3 * times} health-worth in "
                                           f"{state.zone_name(dua)}", units, budget=3 * times,
                              maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "pick":
        buried = 0
        for unit in picks_of(task):
            state, roll = unit_roll(state, unit, (SAV,), events, "Exhume: save or be buried",
                                    in_dua=True)
            if roll.total(SAV) < 1:
                buried += state.dice[unit].die.health
                state = bury(state, unit, events, "Exhume")
        mine = Zone(ZoneKind.DUA, task.player)
        back = [u for u in state.units_in(mine, task.player) if u.die.health <= buried]
        assert task.zone is not None  # a spell task names the casting army's terrain
        if not buried or not back or not state.has_army(task.zone, task.player):
            return done(state, task, f"Exhume: {buried} health-worth buried", events)
        question = units_pick(task.player, f"Exhume: you may return up to {buried} "
                                           f"health-worth from your DUA to the casting army",
                              back, budget=buried)
        return ask(state, task, question, stage="return")
    assert task.zone is not None
    for unit in picks_of(task):
        state = return_from_dua(state, unit, task.zone, events, "Exhume")
    return done(state, task, f"Exhume: {count_of(len(picks_of(task)), 'unit')} returned", events)


@register("Open Grave", "army_any", False, "Army: units killed after a save roll by "
                                           "army-targeting effects go to the Reserve Area "
                                           "instead of the DUA.")
def open_grave(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    if not army_there(state, announced.target):
        return gone(state, task, events)
    zone, player = announced.target
    return lasting(state, task, "open_grave", "sends units killed after a save roll to its "
                                              "Reserve Area instead of the DUA", events, zone,
                   player)


@register("Soiled Ground", "terrain", False, "Terrain: every unit killed there into the DUA "
                                             "saves or is buried.")
def soiled_ground(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    return lasting(state, task, "soiled_ground", "has its killed units save or be buried",
                   events, announced.target[0])
