"""Assigning damage: which units die (digest §4.7).

The owner of the damaged army removes units whose health totals as much of the damage as
possible without going over it: a maximal subset sum, the owner choosing among equally large
subsets. The engine asks for casualties one unit at a time (the window drags them to the DUA
one by one), so a unit is a legal next casualty only if the best total is still reachable
after taking it.
"""

from __future__ import annotations

from collections.abc import Sequence


def reachable_sums(healths: Sequence[int], limit: int) -> set[int]:
    """All subset sums of `healths` that are <= `limit` (0 included). Healths are 1-4."""
    sums = {0}
    for health in healths:
        sums |= {s + health for s in sums if s + health <= limit}
    return sums


def best_kill_total(healths: Sequence[int], damage: int) -> int:
    """The most health-worth that `damage` kills: max subset sum of `healths` <= damage."""
    if damage <= 0:
        return 0
    return max(reachable_sums(healths, damage))


def legal_casualties(healths: Sequence[int], damage: int, killed_so_far: int) -> list[int]:
    """Indexes into `healths` (the units still standing) that may die next.

    `damage` is the whole damage and `killed_so_far` the health already removed for it. A unit
    is legal when taking it still lets the removals reach the best total of the original army,
    which is `killed_so_far + best_kill_total(healths, damage - killed_so_far)` (the units
    already removed were chosen legally, so the best is still reachable from here).
    Returns [] when nothing more must die.
    """
    remaining = damage - killed_so_far
    target = best_kill_total(healths, remaining)
    if target == 0:
        return []
    legal = []
    for i, health in enumerate(healths):
        if health > target:
            continue
        others = list(healths[:i]) + list(healths[i + 1:])
        if target - health in reachable_sums(others, target - health):
            legal.append(i)
    return legal
