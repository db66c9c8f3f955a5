"""Assigning damage (digest §4.7): the killed units' health totals as much of the damage as
possible without going over it; damage below the smallest unit's health kills nothing."""

from dragondice_desktop.engine.units.damage import best_kill_total, legal_casualties


def test_best_total_is_maximal_subset_sum_not_over_damage():
    """digest §4.7: 5 damage against units of health 3, 3, 2 kills 5 (3 + 2), not 3 or 6."""
    assert best_kill_total([3, 3, 2], 5) == 5
    assert best_kill_total([3, 3, 2], 6) == 6
    assert best_kill_total([4, 4], 7) == 4


def test_damage_below_smallest_health_kills_nothing():
    """digest §4.7: "Damage smaller than the smallest unit's health kills nothing"."""
    assert best_kill_total([3, 4], 2) == 0
    assert legal_casualties([3, 4], 2, 0) == []


def test_only_units_that_keep_the_maximum_are_legal():
    """digest §4.7 [interp dd_solo]: a legal but not maximal assignment is rejected.
    5 damage vs 4, 3, 2: best is 5 (3 + 2); the 4 would leave 1 unusable, so it is illegal."""
    assert legal_casualties([4, 3, 2], 5, 0) == [1, 2]
    # After the 3 is gone (killed 3 so far), only the 2 completes the best total.
    assert legal_casualties([4, 2], 5, 3) == [1]
    # Nothing more once the best total is reached.
    assert legal_casualties([4], 5, 5) == []
