"""Coral Elves (digest §6): Coastal Dodge, Defensive Volley."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.state import Exchange, GameState, ZoneKind
from ...rolls.model import RollType
from ..counts_as import Conversion
from ..registry import Hook, ability, conversion

COASTAL_DODGE = conversion(
    Conversion(Species.CORAL_ELVES, "Coastal Dodge", frozenset({Color.WATER}),
               RollType.MANEUVER, RollType.SAVE),
    "at a water terrain, maneuver counts as saves", __name__)


@ability(Species.CORAL_ELVES, "Defensive Volley", Hook.MISSILE_COUNTER,
         "at an air terrain they may counter-attack a missile attack with missile")
def defensive_volley(state: GameState, ex: Exchange) -> bool:
    """An army with Coral Elves at an air terrain may counter-attack a missile attack with
    missile results (digest §6)."""
    zone = ex.defender_zone
    return (ex.kind == "missile" and zone.kind is ZoneKind.TERRAIN
            and Color.AIR in state.terrains[zone.index].die.elements
            and any(u.die.species is Species.CORAL_ELVES
                    for u in state.units_in(zone, ex.defender)))
