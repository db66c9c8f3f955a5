"""Dragons in the 1996 game (TSR digest §3.3, §12, OP-19 to OP-23): they start in their owner's
dead pile (the DUA; there is no Summoning Pool), any player may summon one from any dead pile,
and a slain dragon or one that flies away on its Wings goes back to its owner's dead pile.
Dragons of different colours fight each other and ten damage slays one unless it rolled its
Belly (five then): for the single-colour dragons of the 1996 game the v4.01 targeting table
and thresholds already say exactly that (``dragons.kinds``). A dragon's breath kills 5
health-worth with no elemental effect after (OP-23).

Dragons in a DUA are not units: ``GameState.units_in`` never lists them.
"""

from __future__ import annotations

from ...catalog.model import Color, DieKind
from ..core.state import GameState, Zone, ZoneKind


def dragon_home(owner: int) -> Zone:
    """Where `owner`'s dragons start and go back to in a classic game: their dead pile."""
    return Zone(ZoneKind.DUA, owner)


def summonable(state: GameState, elements: frozenset[Color]) -> list[int]:
    """Dragons a classic summoning of `elements` may bring (OP-19): any player's dragon in a
    dead pile whose colour is among `elements` (the magic spent must be of the dragon's
    colour), in id order. Dragons at terrains cannot be summoned again."""
    return [d.id for d, zone in zip(state.dice, state.zones)
            if d.die.kind is DieKind.DRAGON and zone.kind is ZoneKind.DUA
            and bool(d.die.elements & elements)]
