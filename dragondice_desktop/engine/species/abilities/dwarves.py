"""Dwarves (digest §6): Mountain Mastery, Dwarven Might."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...rolls.model import RollContext, RollType
from ..counts_as import Conversion
from ..registry import conversion


def _counter_attack(ctx: RollContext) -> bool:
    return ctx.counter_attack


MOUNTAIN_MASTERY = conversion(
    Conversion(Species.DWARVES, "Mountain Mastery", frozenset({Color.EARTH}), RollType.MELEE,
               RollType.MANEUVER),
    "at an earth terrain, melee counts as maneuver", __name__)
DWARVEN_MIGHT = conversion(
    Conversion(Species.DWARVES, "Dwarven Might", frozenset({Color.FIRE}), RollType.SAVE,
               RollType.MELEE, _counter_attack),
    "at a fire terrain, in a counter-attack, saves count as melee", __name__)
