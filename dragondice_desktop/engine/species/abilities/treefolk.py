"""Treefolk (digest §6): Rapid Growth, Replanting."""

from __future__ import annotations

from ....catalog.model import Color, Icon, Species
from ...core.events import Event
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.individual_roll import face_roll
from ...rolls.model import DieRoll, RollContext
from ...tasks.kinds import RollTask
from ...units.fates import Killing, move_unit
from ..registry import Hook, ability, plays_species_abilities


def rapid_growth_applies(elements: frozenset[Color], ctx: RollContext) -> bool:
    """True when Treefolk that rolled no SAI may be re-rolled in the roll `ctx` at a terrain
    of `elements` (Rapid Growth, digest §6: counter-maneuvering at an earth terrain); never
    in a 1996 game's roll (``registry.plays_species_abilities``). The odds ask it directly."""
    return plays_species_abilities(ctx) and ctx.counter_maneuver and Color.EARTH in elements


@ability(Species.TREEFOLK, "Rapid Growth", Hook.IN_ROLL_STEPS,
         "counter-maneuvering at an earth terrain, Treefolk that rolled no SAI may roll again")
def rapid_growth(state: GameState, task: RollTask) -> list[DieRoll]:
    """The Treefolk of the roll `task` that may be re-rolled once, all together, their old
    results ignored: counter-maneuvering at an earth terrain, those that rolled no SAI
    (digest §6)."""
    zone = task.zone
    if (zone.kind is not ZoneKind.TERRAIN
            or not rapid_growth_applies(state.terrains[zone.index].die.elements, task.ctx)):
        return []
    return [d for d in task.rolled.dice if not d.excluded and d.die.species is Species.TREEFOLK
            and not any(icon.is_sai for icon, _ in d.die.faces[d.faces[0]].icons)]


@ability(Species.TREEFOLK, "Replanting", Hook.UNIT_KILLED,
         "a Treefolk about to be killed at a water terrain rolls; on its ID it goes to the "
         "Reserve Area instead")
def replanting(state: GameState, killing: Killing,
               events: list[Event]) -> tuple[GameState, bool]:
    """A Treefolk about to be killed at a terrain containing water rolls first; on its ID it
    goes to the Reserve Area instead of being killed (digest §6). Returns (state, True) when
    it was replanted."""
    die_id, origin = killing.die_id, killing.origin
    if not (state.dice[die_id].die.species is Species.TREEFOLK
            and origin.kind is ZoneKind.TERRAIN
            and Color.WATER in state.terrains[origin.index].die.elements):
        return state, False
    state, rooted = face_roll(state, die_id, Icon.ID, events, "Replanting (Treefolk, "
                                                              "digest §6)")
    if not rooted:
        return state, False
    player = state.dice[die_id].owner
    return move_unit(state, die_id, Zone(ZoneKind.RESERVE, player), events,
                     "is replanted in the Reserve Area instead of being killed",
                     settle=killing.settle), True
