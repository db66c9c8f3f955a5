"""Carrying items (seed 001): equipment needs a unit containing its element, Amazons carry any
colour, Undead only death; artifacts, medallions and relics any unit."""

import pytest

from dragondice_desktop.catalog.carrying import can_carry
from dragondice_desktop.catalog.loader import load_catalog


@pytest.mark.parametrize("unit,item,ok", [
    ("Dwarves/Footman", "Items/Fire Dawn Blade", True),       # Dwarves contain fire
    ("Dwarves/Footman", "Items/Air Dawn Blade", False),       # ... but not air
    ("Amazons/Seer", "Items/Air Dawn Blade", True),           # Amazons carry any colour
    ("Undead/Zombie", "Items/Death Dawn Blade", True),        # Undead carry death equipment
    ("Undead/Zombie", "Items/Fire Dawn Blade", False),        # ... and nothing else
    ("Dwarves/Footman", "Items/Air Blade Golem", True),       # artifacts: any unit
    ("Dwarves/Footman", "Items/Gold Medallion", True),        # medallions: any unit
])
def test_who_may_carry_what(unit, item, ok):
    catalog = load_catalog()
    assert can_carry(catalog.die(unit), catalog.die(item)) is ok
