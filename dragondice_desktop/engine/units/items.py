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
- items left over are buried: "the owner of the army must bury the excess items". Which ones
  is the owner's choice. Games started before rules revision 4 keep the items that come first
  in the army's order and bury the rest (rulings); from revision 4 the owner picks the items
  to bury one at a time (a ``bury_items`` rule task in ``fates``, default: the app's old
  pick), keeping as many as the army can carry. Where no choice is left (every item that may
  go must go, or they are all alike) they are buried at once. In the Reserves phase the items
  moved with a unit (``carry``) are the owner's choice already; the app buries what is left
  behind beyond what the units there can carry, its old pick first.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

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


def bury_excess(state: GameState, zone: Zone, player: int, events: Events,
                owner_chooses: bool = True) -> GameState:
    """Bury the items of `player`'s army at `zone` that its units cannot carry (seed 001).
    Items in a place where the player has no units at all are buried too. From rules revision
    4 no more than the excess is buried (the units keep as many items as they can carry), and
    with `owner_chooses` only the burials that leave no choice are made here; the others wait
    for the owner (``fates.queue_burial``, run by the task queue). Without it (the Reserves
    phase, where the items moved with a unit were the owner's choice) the app's old pick
    goes first."""
    items = army_items(state, zone, player)
    if not items:
        return state
    units = [u.die for u in state.units_in(zone, player)]
    if state.options.since(4):
        while (choice := burial_choice(units, items)) is not None and (
                choice[2] or not owner_chooses):
            state = bury_item(state, choice[1][0], events)
            items = army_items(state, zone, player)
        return state
    keep = carried(units, items)
    for item in items:
        if item.id not in keep:
            state = bury_item(state, item.id, events)
    return state


def bury_item(state: GameState, item_id: int, events: Events, chosen: bool = False
              ) -> GameState:
    """Bury item `item_id` (seed 001: an excess item); `chosen`: its owner picked it."""
    player = state.dice[item_id].owner
    text = (f"{state.players[player].name} buries {state.die_label(item_id)}: the army has more "
            f"items than units able to carry them (seed 001)" if chosen else
            f"{state.die_label(item_id)} has no unit able to carry it: buried (seed 001)")
    events.append(Event("message", text, player=player))
    return move_die(state, item_id, Zone(ZoneKind.BUA, player), events)


def burial_choice(units: Sequence[Die], items: Sequence[GameDie]
                  ) -> tuple[int, tuple[int, ...], bool] | None:
    """How the excess items of an army of `units` carrying `items` may be buried (seed 001:
    the owner buries the excess, keeping as many as the units can carry): (how many must
    go, ids of the items that may be buried next — the app's old pick first —, whether the
    next burial leaves no choice: every item that may go must go, or they are all the same
    die). None when the units can carry every item."""
    if fits(units, [i.die for i in items]):
        return None
    keep = len(items) - 1
    while keep and not any(fits(units, [i.die for i in kept])
                           for kept in combinations(items, keep)):
        keep -= 1
    may_go = {i.id for kept in combinations(items, keep)
              if fits(units, [k.die for k in kept]) for i in items if i not in kept}
    old_pick = [i.id for i in items if i.id not in carried(units, items)]
    order = [i for i in old_pick if i in may_go] + sorted(may_go - set(old_pick))
    count = len(items) - keep
    same = len({d.die.key for d in items if d.id in may_go}) == 1
    return count, tuple(order), len(may_go) == count or same


_ITEM_IDS: dict[int, tuple[tuple[GameDie, ...], tuple[int, ...]]] = {}


def _item_ids(dice: tuple[GameDie, ...]) -> tuple[int, ...]:
    """Ids of the items among a game's `dice` (the tuple is shared by every state of a game,
    so this is kept per tuple: the task queue asks it at every step)."""
    kept = _ITEM_IDS.get(id(dice))
    if kept is None or kept[0] is not dice:
        if len(_ITEM_IDS) > 64:
            _ITEM_IDS.clear()
        kept = _ITEM_IDS[id(dice)] = (dice, tuple(d.id for d in dice if d.die.kind.is_item))
    return kept[1]


def overloaded(state: GameState) -> tuple[Zone, int] | None:
    """The first army (place, owner) holding more items than its units can carry, from rules
    revision 4 (earlier revisions bury the excess at once); None when there is none."""
    if not state.options.since(4):
        return None
    zones = state.zones
    armies = sorted({(zones[i], state.dice[i].owner) for i in _item_ids(state.dice)
                     if zones[i].kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE)},
                    key=lambda a: (a[0].to_text(), a[1]))
    for zone, player in armies:
        items = army_items(state, zone, player)
        if not fits([u.die for u in state.units_in(zone, player)], [i.die for i in items]):
            return zone, player
    return None
