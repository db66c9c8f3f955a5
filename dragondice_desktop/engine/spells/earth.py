"""Earth spells (digest §7): Stone Skin, Path, Berserker Rage, Higher Ground, Scent of Fear,
Wall of Thorns, Transmute Rock to Mud."""

from __future__ import annotations

from dataclasses import replace

from ...player_text import count_of
from ...catalog.model import Species
from ..tasks.effect_steps import Events, ask, resume, units_pick
from ..units.fates import move_unit
from ..sai.lasting import cannot_leave
from ..rolls.model import ModOp
from ..core.state import GameDie, GameState, Zone, ZoneKind
from ..tasks.kinds import ChooseAsk, RuleTask, picks_of, zone_answer
from .book import register
from .casting import done
from .effects import (
    MAN, MEL, SAV, army_modifier_spell, army_there, ask_opposing_movers, cast, gone, lasting,
)


@register("Stone Skin", "army_any", True, "Army: +1 save.")
def stone_skin(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "adds {n} save results to its rolls",
                               ModOp.ADD, 1, SAV)


def _path_units(state: GameState, player: int) -> list[GameDie]:
    """Your units at terrains that may leave and have another terrain with your army to go."""
    homes = {z for z in state.army_zones(player) if z.kind is ZoneKind.TERRAIN}
    return [u for z in sorted(homes) for u in state.units_in(z, player)
            if not cannot_leave(state, u.id) and homes - {z}]


def _path_condition(state: GameState, player: int, zone: Zone, element: str) -> str:
    return "" if _path_units(state, player) else "no unit can move to another of your armies"


@register("Path", "self", True, "Move one of your units at a terrain to another terrain where "
                                "you have an army (extra castings move more units).",
          condition=_path_condition)
def path(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """task.data: (announced, times, index, units moved so far[, the unit moving])."""
    _, times = cast(task)
    moved = task.data[3] if len(task.data) > 3 else 0
    if task.stage == "resolve":
        units = _path_units(state, task.player)
        if moved >= times or not units:
            return done(state, task, f"Path: {count_of(moved, 'unit')} moved", events)
        question = units_pick(task.player, f"Path: you may move one of your units to another "
                                           f"of your armies ({times - moved} left)", units,
                              max_units=1)
        return ask(state, task, question, stage="unit", data=task.data[:3] + (moved,))
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "unit":
        if not picks_of(task):
            return done(state, task, f"Path: {count_of(moved, 'unit')} moved", events)
        unit = picks_of(task)[0]
        places = tuple(z for z in state.army_zones(task.player)
                       if z.kind is ZoneKind.TERRAIN and z != state.zones[unit])
        where = ChooseAsk(task.player, f"Path: where does {state.die_label(unit)} go?",
                          places, places[0])
        return ask(state, task, where, stage="place", data=task.data[:4] + (unit,))
    unit, to = task.data[4], zone_answer(task)
    state = move_unit(state, unit, to, events, f"moves to {state.zone_name(to)} (Path)")
    return path(state, replace(task, stage="resolve", ask=None,
                               data=task.data[:3] + (moved + 1,)), events)


@register("Berserker Rage", "army_any", False, "Army with at least one Feral: its Feral count "
                                               "save results as melee in every counter-attack.")
def berserker_rage(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    if not army_there(state, announced.target):
        return gone(state, task, events)
    zone, player = announced.target
    if not any(u.die.species is Species.FERAL for u in state.units_in(zone, player)):
        return done(state, task, "Berserker Rage: the army has no Feral; no effect", events)
    return lasting(state, task, "converts", "counts its Feral units' save results as melee in "
                                            "counter-attacks", events, zone, player)


@register("Higher Ground", "army_opp", True, "Opposing army −5 melee.")
def higher_ground(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "subtracts {n} melee results",
                               ModOp.SUBTRACT, 5, MEL)


@register("Scent of Fear", "terrain", True, "Up to 3 health-worth of opposing units at one "
                                            "terrain go to their Reserve Area; no roll.")
def scent_of_fear(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    zone: Zone = announced.target[0]
    if task.stage == "resolve":
        return ask_opposing_movers(state, task, zone, "Scent of Fear", 3 * times, events)
    if (waiting := resume(state, task)) is not None:
        return waiting
    for unit in picks_of(task):
        owner = state.dice[unit].owner
        state = move_unit(state, unit, Zone(ZoneKind.RESERVE, owner), events,
                          "flees to its Reserve Area (Scent of Fear)")
    names = ", ".join(state.die_label(u) for u in picks_of(task)) or "nobody"
    return done(state, task, f"Scent of Fear: {names} fled", events)


@register("Wall of Thorns", "terrain_not8", True, "Terrain not on its eighth face: an army "
                                                  "that successfully maneuvers there takes 6 "
                                                  "damage, reduced by a melee roll instead of a "
                                                  "save roll.")
def wall_of_thorns(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    return lasting(state, task, "wall_of_thorns", f"takes {6 * times} damage when it maneuvers "
                                                  f"successfully there (a melee roll reduces "
                                                  f"it)", events, announced.target[0],
                   amount=6 * times)


@register("Transmute Rock to Mud", "army_opp", True, "Opposing army −6 maneuver.")
def transmute_rock_to_mud(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "subtracts {n} maneuver results",
                               ModOp.SUBTRACT, 6, MAN)
