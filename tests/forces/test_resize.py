"""A sample force rebuilt at another force size (forces/resize.py) obeys the size rules of
the rules digest §2.1-§2.2, checked with numbers taken from the rules, not from validate."""

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.model import ARMY_NAMES
from dragondice_desktop.forces.resize import resized_force
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.forces.validate import errors, validate_force

CATALOG = load_catalog()

# Digest §2.1: one dragon per 24 points or part of 24 (a White Dragon counts as two);
# 1 health-worth of Dragonkin per full 3 points. Digest §2.2: no army over half the size.
SIZES = [  # (points, dragons counted, most Dragonkin health, largest army)
    (24, 1, 8, 12),
    (25, 2, 8, 12),
    (60, 3, 20, 30),
]


def _dragons_counted(force) -> int:
    return sum(2 if "White" in CATALOG.dice[k].name else 1 for k in force.dragons)


@pytest.mark.parametrize("points, dragons, dragonkin, army_cap", SIZES)
@pytest.mark.parametrize("index", range(len(sample_forces())))
def test_resized_sample_force_meets_the_size_rules(index, points, dragons, dragonkin, army_cap):
    force = resized_force(sample_forces()[index], points, CATALOG)
    assert force.points == points
    assert force.total_points(CATALOG) == points
    for army in ARMY_NAMES:
        assert any(CATALOG.dice[k].kind.is_unit for k in force.army(army))
        assert force.army_points(army, CATALOG) <= army_cap
    assert _dragons_counted(force) == dragons
    assert sum(CATALOG.dice[k].health for k in force.dragonkin) <= dragonkin
    assert len(force.minor_terrains) <= 4  # two-player game: 3 terrains in play + 1
    assert errors(validate_force(force, CATALOG)) == []


def test_resized_force_keeps_its_own_dice():
    original = sample_forces()[0]
    force = resized_force(original, 60, CATALOG)
    own = set(original.home_army + original.horde_army + original.campaign_army)
    assert set(force.home_army + force.horde_army + force.campaign_army) <= own
    assert force.home_terrain == original.home_terrain
    assert force.name.endswith("(60 points)")


def test_too_small_for_three_armies_is_refused():
    with pytest.raises(ValueError, match="three armies"):
        resized_force(sample_forces()[0], 2, CATALOG)
