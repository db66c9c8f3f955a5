"""Where a player's units of a species stand, for the species abilities (digest §6)."""

from __future__ import annotations

from ...catalog.model import Species
from ..core.state import GameDie, GameState, Zone, ZoneKind


def terrain_armies(state: GameState, player: int) -> list[Zone]:
    """The zones of `player`'s armies at terrains (not the Reserve Area)."""
    return [z for z in state.army_zones(player) if z.kind is ZoneKind.TERRAIN]


def units_of(state: GameState, zone: Zone, player: int, species: Species) -> list[GameDie]:
    """`player`'s units of `species` at `zone`."""
    return [u for u in state.units_in(zone, player) if u.die.species is species]
