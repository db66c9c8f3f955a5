"""Air spells (digest §7): Hailstorm, Blizzard, Wilding, Wind Walk, Fields of Ice, Mirage,
Lightning Strike."""

from __future__ import annotations

from ..tasks.effect_steps import Events, resume
from ..units.fates import kill, move_unit
from ..rolls.individual_roll import unit_roll
from ..rolls.model import ModOp
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.kinds import RuleTask, picks_of
from .book import register
from .casting import done
from .effects import (
    MAN, MEL, SAV, army_damage_spell, army_modifier_spell, army_there, ask_opposing_movers,
    cast, gone, terrain_modifier_spell, unit_there,
)


@register("Hailstorm", "army_opp", True, "Opposing army takes 1 damage; it may save.")
def hailstorm(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    if not army_there(state, announced.target):
        return gone(state, task, events)
    return army_damage_spell(state, task, events, 1, [announced.target])


@register("Blizzard", "terrain", True, "Terrain: every army roll there −3 melee.")
def blizzard(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return terrain_modifier_spell(state, task, events, "subtracts {n} melee results from its "
                                                       "rolls", 3, MEL)


@register("Wilding", "army_any", False, "Army: after each roll, one unit of your choice "
                                         "doubles its melee and save results.")
def wilding(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "has one unit double its melee and save "
                                                    "results in each roll", ModOp.MULTIPLY, 2,
                               MEL, SAV, unit="best")


@register("Wind Walk", "army_any", True, "Army: +4 maneuver.")
def wind_walk(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "adds {n} maneuver results to its rolls",
                               ModOp.ADD, 4, MAN)


@register("Fields of Ice", "terrain", True, "Terrain: every army roll there −4 maneuver, and "
                                             "maneuver ties there go to the counter-maneuverer.")
def fields_of_ice(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return terrain_modifier_spell(state, task, events, "subtracts {n} maneuver results from "
                                                       "its rolls, and ties go to the "
                                                       "counter-maneuvering army", 4, MAN)


@register("Mirage", "terrain", True, "Up to 5 health-worth of opposing units at one terrain "
                                      "make a save roll; those that fail go to their Reserve "
                                      "Area.")
def mirage(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    zone: Zone = announced.target[0]
    if task.stage == "resolve":
        return ask_opposing_movers(state, task, zone, "Mirage", 5 * times, events)
    if (waiting := resume(state, task)) is not None:
        return waiting
    words = []
    for unit in picks_of(task):
        state, roll = unit_roll(state, unit, (SAV,), events, "Mirage: save or flee")
        if roll.total(SAV) >= 1:
            words.append(f"{state.die_label(unit)} saves")
        else:
            owner = state.dice[unit].owner
            state = move_unit(state, unit, Zone(ZoneKind.RESERVE, owner), events,
                              "flees to its Reserve Area (Mirage)")
            words.append(f"{state.die_label(unit)} flees")
    return done(state, task, "Mirage: " + ("; ".join(words) or "no target"), events)


@register("Lightning Strike", "unit_opp", False, "Opposing unit saves or is killed; at most one "
                                                 "Lightning Strike per unit per magic action.")
def lightning_strike(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    unit = announced.target[0]
    if not unit_there(state, unit):
        return gone(state, task, events)
    state, roll = unit_roll(state, unit, (SAV,), events, "Lightning Strike: save or be killed")
    label = state.die_label(unit)
    if roll.total(SAV) >= 1:
        return done(state, task, f"Lightning Strike: {label} saves", events)
    state = kill(state, unit, events, "Lightning Strike")
    return done(state, task, f"Lightning Strike: {label} is killed", events)
