"""Which unit may carry which item (seed 001, digest §1.3). Pure facts about dice, no state."""

from __future__ import annotations

from .model import Die, DieKind, Species


def can_carry(unit: Die, item: Die) -> bool:
    """True if `unit` may carry `item`.

    Seed 001: medallions and relics have no colour and any unit may carry them; equipment and
    artifacts need a carrier that contains the item's element, except that Amazons may carry
    any colour and Undead only death (black) equipment. Raises ValueError if `unit` is not a
    unit or `item` not an item.
    """
    if not unit.kind.is_unit:
        raise ValueError(f"{unit.key} is not a unit")
    if not item.kind.is_item:
        raise ValueError(f"{item.key} is not an item")
    if item.kind in (DieKind.MEDALLION, DieKind.RELIC):
        return True
    if unit.species is Species.AMAZONS:
        return True
    if unit.species is Species.UNDEAD:
        return item.elements <= unit.elements
    return bool(item.elements & unit.elements)
