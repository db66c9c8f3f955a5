"""Scalders (digest §6): Scorching Touch, Intangibility."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.state import Exchange, GameState, ZoneKind
from ...rolls.model import RollContext, RollResult, RollType
from ..counts_as import Conversion
from ..registry import Hook, ability, conversion


@ability(Species.SCALDERS, "Scorching Touch", Hook.AFTER_SAVE_ROLL,
         "at a fire terrain their saves against a melee attack do damage back to the attacker")
def scorching_touch(state: GameState, ex: Exchange, save: RollResult) -> int:
    """At a fire terrain, saving against a melee attack (not a counter-attack), each save
    result the Scalders roll does 1 damage to the attacker (digest §6)."""
    zone = ex.defender_zone
    if (ex.kind != "melee" or ex.counter_attack or zone.kind is not ZoneKind.TERRAIN
            or Color.FIRE not in state.terrains[zone.index].die.elements):
        return 0
    return sum(d.amount(RollType.SAVE) - d.automatic_saves for d in save.dice
               if state.dice[d.die_id].die.species is Species.SCALDERS)


def _against_missile(ctx: RollContext) -> bool:
    return ctx.save_against is RollType.MISSILE


INTANGIBILITY = conversion(
    Conversion(Species.SCALDERS, "Intangibility", frozenset({Color.WATER}), RollType.MANEUVER,
               RollType.SAVE, _against_missile),
    "at a water terrain, maneuver counts as saves against missile damage", __name__)
