"""Which unit may carry which item (seed 001, digest §1.3). Pure facts about dice, no state."""

from __future__ import annotations

from .model import ELEMENTS, Color, Die, DieKind, Species


def carrier_elements(unit: Die) -> frozenset[Color]:
    """Equipment colours a unit may carry: its elements, or all five for Amazons (seed 001).
    Undead hold only death, so they carry only death (black) equipment, as seed 001 says."""
    if unit.species is Species.AMAZONS:
        return frozenset(ELEMENTS)
    return unit.elements


def can_carry(unit: Die, item: Die) -> bool:
    """True if `unit` may carry `item` at all (seed 001).

    Equipment needs a unit containing its element (Amazons carry any colour, Undead only
    death); artifacts, medallions and relics have no colour limit in seed 001, so any unit
    may carry them.
    """
    if item.kind is not DieKind.EQUIPMENT:
        return True
    return bool(carrier_elements(unit) & item.elements)
