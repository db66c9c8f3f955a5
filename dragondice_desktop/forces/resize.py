"""A force made to another force size from its own dice: the sample forces at 24 or 60 points
for self-play and the benchmarks that name a force size.

Pure Python, no Qt. The result obeys the setup rules that depend on the size, as
`validate_force` counts them: units up to the size with no army over half of it and each army
holding a unit, dragons to the allowance (1 per 24 points or part, a White Dragon counting
two), Dragonkin within their health allowance (1 per full 3 points), at most four minor
terrains (a two-player game). Items are left out: a smaller force has no carrier to spare,
and a larger one would need a rule for which unit carries what.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import cycle, islice

from ..catalog.loader import Catalog
from ..catalog.model import DieKind
from .model import ARMY_NAMES, Force
from .validate import (
    TWO_PLAYER_TERRAINS, dragon_allowance, dragon_count, dragonkin_allowance,
)


def resized_force(force: Force, points: int, catalog: Catalog) -> Force:
    """`force` rebuilt at `points` points from its own units, dragons, Dragonkin and minor
    terrains, named "<name> (<points> points)".

    Units are taken in the force's order (Home, Horde, Campaign), again from the start once
    used up, each into the army with the fewest points that can still hold it, until no unit
    fits. Raises ValueError when `points` is below 3 (three armies of at least one 1-health
    unit) or the force has no units, and KeyError for a key missing from `catalog`.
    """
    units = [key for army in ARMY_NAMES for key in force.army(army)
             if catalog.dice[key].kind.is_unit]
    if not units:
        raise ValueError(f"{force.name!r} has no units to build a force from")
    if points < len(ARMY_NAMES):
        raise ValueError(f"a force of {points} points cannot hold three armies")
    armies = _fill_armies(units, points, catalog)
    return replace(
        force, name=f"{force.name} ({points} points)", points=points,
        home_army=armies[0], horde_army=armies[1], campaign_army=armies[2],
        dragons=_dragons(force, points, catalog),
        dragonkin=_dragonkin(force, points, catalog),
        minor_terrains=force.minor_terrains[:TWO_PLAYER_TERRAINS + 1],
    )


def _fill_armies(units: list[str], points: int, catalog: Catalog) -> tuple[tuple[str, ...], ...]:
    cap = points // 2
    armies: list[list[str]] = [[] for _ in ARMY_NAMES]
    totals = [0] * len(ARMY_NAMES)
    misses = 0
    for key in cycle(units):
        health = catalog.dice[key].health
        room = [i for i in range(len(armies))
                if totals[i] + health <= cap and sum(totals) + health <= points]
        if room:
            # An empty army first, so every army gets a unit; then the lightest.
            target = min(room, key=lambda i: (bool(armies[i]), totals[i], i))
            armies[target].append(key)
            totals[target] += health
            misses = 0
        else:
            misses += 1
        if misses >= len(units) or sum(totals) == points:
            break
    return tuple(tuple(army) for army in armies)


def _dragons(force: Force, points: int, catalog: Catalog) -> tuple[str, ...]:
    allowed = dragon_allowance(points)
    pool = list(force.dragons) or [d.key for d in catalog if d.kind is DieKind.DRAGON]
    chosen: list[str] = []
    count = 0
    for key in islice(cycle(pool), 4 * allowed * len(pool)):
        worth = dragon_count(catalog.dice[key])
        if count + worth <= allowed:
            chosen.append(key)
            count += worth
        if count == allowed:
            return tuple(chosen)
    # Only White Dragons and an odd allowance: the last place goes to a one-count dragon.
    single = next(d.key for d in catalog if d.kind is DieKind.DRAGON and dragon_count(d) == 1)
    return tuple(chosen + [single] * (allowed - count))


def _dragonkin(force: Force, points: int, catalog: Catalog) -> tuple[str, ...]:
    allowed = dragonkin_allowance(points)
    chosen: list[str] = []
    health = 0
    for key in force.dragonkin:
        if health + catalog.dice[key].health <= allowed:
            chosen.append(key)
            health += catalog.dice[key].health
    return tuple(chosen)
