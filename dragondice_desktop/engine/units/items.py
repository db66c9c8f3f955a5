"""Carrying items (seed 001, digest §1.3): which items an army can carry, which of them roll,
and burying the excess.

Rules:
- a unit may carry up to two equipment or artifacts (or one of each);
- a unit carrying a medallion or a relic may carry nothing else;
- equipment needs a unit containing its element (Amazons carry any, Undead only death) —
  ``catalog.carrying.can_carry``; Dragonkin carry no items (digest §5.6);
- items are not assigned to units: an army can carry a set of items when some assignment of
  items to its units respects the limits (a small matching problem, solved by search);
- an item rolls only when a unit able to carry it is rolled (and then within the limits);
- items left over are buried. Which ones is the owner's choice; the app keeps the items that
  come first in the army's order and buries the rest (rulings).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ...catalog.carrying import can_carry
from ...catalog.model import Die, DieKind, Species
from ..core.dice_moves import move_die
from ..core.events import Event
from ..core.state import GameDie, GameState, Zone, ZoneKind

Events = list[Event]

BIG_ITEMS = (DieKind.MEDALLION, DieKind.RELIC)


def can_carry_item(unit: Die, item: Die) -> bool:
    """True if `unit` may carry `item` at all (colour rules; Dragonkin carry nothing)."""
    return unit.species is not Species.DRAGONKIN and can_carry(unit, item)


@functools.lru_cache(maxsize=4096)
def _fits(units: tuple[Die, ...], items: tuple[Die, ...]) -> bool:
    """Whether every item can be assigned a carrier within the limits (search, big items
    first: they take a whole unit)."""
    order = sorted(items, key=lambda d: d.kind not in BIG_ITEMS)
    load = [0] * len(units)  # 0-2 small items; 3 = carrying a medallion or relic

    def place(i: int) -> bool:
        if i == len(order):
            return True
        item = order[i]
        big = item.kind in BIG_ITEMS
        tried = set()
        for u, unit in enumerate(units):
            state = (unit, load[u])
            if state in tried or not can_carry_item(unit, item):
                continue
            tried.add(state)  # identical units with the same load are interchangeable
            if big and load[u] == 0:
                load[u] = 3
            elif not big and load[u] < 2:
                load[u] += 1
            else:
                continue
            if place(i + 1):
                return True
            load[u] = 0 if big else load[u] - 1
        return False

    return place(0)


def fits(units: Sequence[Die], items: Sequence[Die]) -> bool:
    """True if `units` can carry all `items` at once (seed 001 limits)."""
    key = lambda d: d.key  # noqa: E731 - a sort key for the cache
    return _fits(tuple(sorted(units, key=key)), tuple(sorted(items, key=key)))


def carried(units: Sequence[Die], items: Sequence[GameDie]) -> tuple[int, ...]:
    """Ids of the items `units` carry: in order, each item that still fits with the ones kept
    before it."""
    kept: list[GameDie] = []
    for item in items:
        if fits(units, [d.die for d in kept] + [item.die]):
            kept.append(item)
    return tuple(d.id for d in kept)


def army_items(state: GameState, zone: Zone, player: int) -> tuple[GameDie, ...]:
    """`player`'s items at `zone`."""
    return tuple(d for d in state.dice_in(zone, player) if d.die.kind.is_item)


def rolling_items(state: GameState, zone: Zone, player: int,
                  rolled_units: Sequence[GameDie]) -> tuple[int, ...]:
    """The items that roll with `rolled_units`: an item rolls only if a unit able to carry it
    is rolled (seed 001), within the carrying limits."""
    return carried([u.die for u in rolled_units], army_items(state, zone, player))


def bury_excess(state: GameState, zone: Zone, player: int, events: Events) -> GameState:
    """Bury the items of `player`'s army at `zone` that its units cannot carry (seed 001).
    Items in a place where the player has no units at all are buried too."""
    items = army_items(state, zone, player)
    if not items:
        return state
    keep = carried([u.die for u in state.units_in(zone, player)], items)
    for item in items:
        if item.id not in keep:
            events.append(Event("message", f"{state.die_label(item.id)} has no unit able to "
                                           f"carry it: buried (seed 001)", player=player))
            state = move_die(state, item.id, Zone(ZoneKind.BUA, player), events)
    return state
