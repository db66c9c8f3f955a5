"""Water spells (digest §7): Watery Double, Accelerated Growth, Flash Flood, Deluge, Mire,
Tidal Wave, Wall of Fog."""

from __future__ import annotations

from dataclasses import replace

from ..tasks.effect_steps import Events
from ..core.events import Event
from ..turn.flow import army_context, set_face
from ..sai.lasting import add
from ..rolls.model import ModOp
from ..core.state import DamageDue, GameState, LastingEffect, Zone
from ..tasks.queue_ops import pop_head, stored_result
from ..tasks.kinds import RollTask, RuleTask
from .book import register
from .casting import done
from .effects import (
    MAN, MIS, SAV, army_modifier_spell, cast, lasting, terrain_armies,
    terrain_modifier_spell, until,
)


@register("Watery Double", "army_any", True, "Army: +1 save.")
def watery_double(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "adds {n} save results to its rolls",
                               ModOp.ADD, 1, SAV)


@register("Accelerated Growth", "self", False, "Your DUA: a Treefolk of 2 or more health that is "
                                               "killed may instead be exchanged with a 1-health "
                                               "Treefolk from the DUA.")
def accelerated_growth(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    text = (f"Accelerated Growth: {state.players[task.player].name}'s Treefolk of 2 or more "
            f"health that are killed are exchanged with a 1-health Treefolk from the DUA "
            f"{until(state, task.player)}")
    state = add(state, LastingEffect(task.player, None, "accelerated_growth", text,
                                     player=task.player, spell="Accelerated Growth"), events)
    return done(state, task, "", events)


def _stepped_this_turn(state: GameState, name: str, zone: Zone) -> bool:
    return any(e.kind == "terrain_step" and e.spell == name and e.zone == zone
               and e.amount == state.turn_number for e in state.effects)


def _drop(state: GameState, task: RuleTask, zone: Zone, events: Events) -> GameState:
    """The terrain drops one step (at most once per turn from this spell); from the eighth
    face it goes to 7 and the capture ends (digest §8)."""
    name = cast(task)[0].spell
    terrain = state.terrains[zone.index]
    if _stepped_this_turn(state, name, zone) or terrain.face <= 1:
        events.append(Event("terrain", f"{name}: {terrain.die.name} does not move (at most one "
                                       f"step per turn, never below 1)", player=task.player))
        return state
    state = set_face(state, zone.index, terrain.face - 1)
    events.append(Event("terrain", f"{name}: {terrain.die.name} drops to {terrain.face - 1}",
                        player=task.player, zone=zone))
    marker = LastingEffect(task.player, None, "terrain_step", f"{name} moved "
                                                              f"{terrain.die.name} this turn",
                           zone=zone, amount=state.turn_number, spell=name)
    return state.with_(effects=state.effects + (marker,))


def _purpose(task: RuleTask, player: int) -> str:
    return f"spell {task.data[2]} {cast(task)[0].spell} {player}"


@register("Flash Flood", "terrain", True, "The terrain drops one step unless an opposing army "
                                          "there rolls 6 or more maneuver; never more than one "
                                          "step per turn from Flash Flood.")
def flash_flood(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    zone = announced.target[0]
    armies = [(z, p) for z, p in terrain_armies(state, zone) if p != task.player]
    if task.stage == "resolve":
        rolls = [RollTask(_purpose(task, p), p, z, army_context(state, z, p, MAN))
                 for z, p in armies]
        return pop_head(state, rolls + [replace(task, stage="flood")]), False
    need = 6 * times
    held = [p for _, p in armies if (r := stored_result(state, _purpose(task, p))) is not None
            and r.total(MAN) >= need]
    if held:
        return done(state, task, f"Flash Flood: {state.players[held[0]].name} rolls {need} or "
                                 f"more maneuver: the terrain holds", events)
    state = _drop(state, task, zone, events)
    return done(state, task, "", events)


@register("Deluge", "terrain", True, "Terrain: every army roll there −3 maneuver and −3 "
                                     "missile.")
def deluge(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return terrain_modifier_spell(state, task, events, "subtracts {n} maneuver and {n} missile "
                                                       "results from its rolls", 3, MAN, MIS)


@register("Mire", "terrain", False, "Terrain: an army marching there first rolls maneuver; only "
                                    "that much health-worth of its units (and their items) take "
                                    "part in the march's rolls.")
def mire(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    return lasting(state, task, "mire", "first rolls maneuver when it marches; only that much "
                                        "health-worth of its units take part in the march",
                   events, announced.target[0])


TIDAL_WAVE_RESULTS = ("Tidal Wave: only effects that generate normal save and maneuver "
                      "results count in its roll (digest §7)")


@register("Tidal Wave", "terrain", True, "Terrain: each army there takes 4 damage and makes a "
                                         "save and maneuver combination roll, in which only "
                                         "effects that generate normal save and maneuver "
                                         "results count; the terrain drops one step unless an "
                                         "army rolls 4 or more maneuver (at most one step per "
                                         "turn).")
def tidal_wave(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Digest §7 Tidal Wave: each army at the terrain takes 4 damage (cumulative) and makes a
    save and maneuver combination roll where "only effects that generate normal save and
    maneuver results count" (the spell's text): ID and action icons count, and an SAI only
    for the save and maneuver results it generates (``RollContext.normal_results_only``);
    its other effects (a move, a return, cantrip magic, re-rolls) do not happen. Games under
    rules revision 1 count the roll as any other (``options.RULES_REVISIONS``)."""
    announced, times = cast(task)
    zone = announced.target[0]
    armies = terrain_armies(state, zone)
    if task.stage == "resolve":
        rolls = [RollTask(_purpose(task, p), p, z,
                          army_context(state, z, p, SAV, also=(MAN,),
                                       normal_results_only=TIDAL_WAVE_RESULTS
                                       if state.options.since(2) else ""))
                 for z, p in armies]
        return pop_head(state, rolls + [replace(task, stage="wave")]), False
    damage, need, held = 4 * times, 4 * times, False
    for z, p in armies:
        result = stored_result(state, _purpose(task, p))
        if result is None:
            continue
        held = held or result.total(MAN) >= need
        saves = result.total(SAV)
        state = state.with_(damage=state.damage + (DamageDue(
            p, z, max(0, damage - saves), f"Tidal Wave: {damage} − saves {saves}",
            after_save=True),))
    if held:
        events.append(Event("terrain", f"Tidal Wave: an army rolls {need} or more maneuver: the "
                                       f"terrain holds", player=task.player))
    else:
        state = _drop(state, task, zone, events)
    return done(state, task, "", events)


@register("Wall of Fog", "terrain", True, "Terrain: every missile attack at an army there "
                                          "−6 missile.")
def wall_of_fog(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    return lasting(state, task, "wall_of_fog", f"is shot at with {6 * times} missile results "
                                               f"less", events, announced.target[0],
                   amount=6 * times)

