"""What dice cost toward the force size (digest §1.2, §2.1; seed 001): one place for the
force builder, validation and the engine's "per 24 points" caps.

A unit costs its health; small equipment 1, large 2, artifact 3, medallion and relic 4; medium
equipment "three for each pair (two points for the first and one point for the second)", a
lone medium die 2 (seed 001); dragons, Dragonkin, terrains and minor terrains cost nothing
toward the force size.
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Die, DieKind, Size

MEDIUM_FIRST_COST = 2
MEDIUM_SECOND_COST = 1


def is_medium_equipment(die: Die) -> bool:
    """True for a medium equipment die, the one item whose price depends on the others."""
    return die.kind is DieKind.EQUIPMENT and die.size is Size.MEDIUM


def die_cost(die: Die, medium_index: int = 0) -> int:
    """Force points of one die in an army.

    ``medium_index`` is the 0-based position of a medium equipment die among all medium
    equipment of the force: even positions (the first of each pair) cost 2, odd ones 1
    (seed 001). Every other die costs its catalog cost.
    """
    if is_medium_equipment(die):
        return MEDIUM_SECOND_COST if medium_index % 2 else MEDIUM_FIRST_COST
    return die.cost


def dice_points(dice: Iterable[Die]) -> int:
    """The force points of the dice of a force's three armies, medium equipment priced in
    pairs across the whole force (seed 001): e.g. 21 health of units and two medium
    equipment cost 24."""
    total = mediums = 0
    for die in dice:
        total += die_cost(die, mediums)
        mediums += is_medium_equipment(die)
    return total
