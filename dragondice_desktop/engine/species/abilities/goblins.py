"""Goblins (digest §6): Swamp Mastery, Foul Stench (both from rules revision 2)."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.state import GameState, Zone
from ...rolls.model import RollType
from ..counts_as import FOUL_STENCH, Conversion, dua_count
from ..registry import Hook, ability, conversion

SWAMP_MASTERY = conversion(
    Conversion(Species.GOBLINS, "Swamp Mastery", frozenset({Color.EARTH}), RollType.MELEE,
               RollType.MANEUVER, since=2),
    "at an earth terrain, melee counts as maneuver", __name__)


@ability(Species.GOBLINS, "Foul Stench", Hook.BEFORE_COUNTER_ATTACK,
         "N units of the defending army may not counter-attack (N: the Goblins in the DUA)",
         since=2)
def foul_stench(state: GameState, zone: Zone, goblin_player: int) -> int:
    """When `goblin_player`'s army at `zone` holding Goblins takes a melee action, N units of
    the defending army may not counter-attack; N = Goblins in the player's DUA, max 3 †
    (digest §6). 0 under rules revision 1."""
    if not state.options.since(FOUL_STENCH.since) or not any(
            u.die.species is Species.GOBLINS for u in state.units_in(zone, goblin_player)):
        return 0
    return dua_count(state, goblin_player, FOUL_STENCH.species, FOUL_STENCH.cap)
