"""Issue 11 §2: force rules that decide whether a game may start or a game file may open.

- Digest §2.1: a force brings exactly one dragon per 24 points or part (a White Dragon counts
  two); too few is an error, so such a force cannot start a game.
- Seed 003 / digest §1.6: minor terrains allowed = terrains in play + 1: 4, 5, 6 for 2, 3, 4
  players (each player's Home Terrain and the one Frontier).
- The setups a game holds are checked like New Game checks them (``matchup.setups_problem``).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.validate import (
    ERROR, errors, terrains_for_players, validate_force,
)
from dragondice_desktop.matchup import force_of, setups_problem

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from engine_helpers import setup_pair  # noqa: E402

CAT = load_catalog()
MINOR = "Minor Terrains/Coastland Bridge"


@pytest.mark.parametrize("players, allowed", [(2, 4), (3, 5), (4, 6)])
def test_minor_terrains_allowed_are_terrains_in_play_plus_one(players, allowed):
    """Seed 003: a player may bring as many minor terrains as there are terrains in the game,
    plus one: 3, 4, 5 terrains for 2, 3, 4 players, so 4, 5, 6 minor terrains; one more is an
    error. Before, New Game and game files always used the two-player allowance."""
    assert terrains_for_players(players) == players + 1
    setups = list(setup_pair())
    setups += [replace(setups[0], name=f"P{n}") for n in range(2, players)]
    ok = [replace(setups[0], minor_terrains=(MINOR,) * allowed)] + setups[1:]
    assert setups_problem(ok) is None
    over = [replace(setups[0], minor_terrains=(MINOR,) * (allowed + 1))] + setups[1:]
    problem = setups_problem(over)
    assert problem and f"allows {allowed}" in problem and problem.startswith("Ann's force")


ANDRO, FOOT = "Dwarves/Androsphinx", "Dwarves/Footman"


def big_pair():
    """Ann and Bob with 62-point forces (Androsphinxes, 4 health each; armies 29, 29 and 4
    points): above every suggested size, so the force size is what the dice cost."""
    return setup_pair(home=(ANDRO,) * 7 + (FOOT,), horde=(ANDRO,) * 7 + (FOOT,),
                      campaign=(ANDRO,))


def test_too_few_dragons_is_an_error():
    """Digest §2.1: exactly one dragon per 24 points or part: a 62-point force brings 3. With
    one dragon it is short of two: an error, so it cannot start a game. Before issue 11 this
    was only a warning."""
    ann, bob = big_pair()
    force = force_of(ann)
    assert force.total_points(CAT) == 62 and force.points == 62
    problems = errors(validate_force(force, CAT))
    assert [p.severity for p in problems] == [ERROR]
    assert "Force brings 1 dragon; a 62-point force brings 3" in problems[0].message
    assert "brings 1 dragon" in setups_problem((ann, bob))
    # games recorded before rules revision 3 allowed it (a warning then): they still open
    assert setups_problem((ann, bob), rules=2) is None
    three = replace(ann, dragons=("Dragons/Red Drake",) * 3)
    assert setups_problem((three, replace(bob, dragons=three.dragons))) is None


def test_a_white_dragon_counts_two_for_the_dragon_rule():
    """Digest §1.7, §2.1: a White Dragon counts as two dragons: with one more dragon it is the
    three a 62-point force brings."""
    ann, bob = big_pair()
    dragons = ("Dragons/White Drake", "Dragons/Red Drake")
    assert setups_problem((replace(ann, dragons=dragons), replace(bob, dragons=dragons))) is None


def test_a_force_short_of_points_is_checked_at_the_size_that_suits_it():
    """Digest §2.1: a force may leave points unused. A game file does not record the agreed
    size: it is checked at the size that suits it best — a 6-point force with one dragon at 6
    points (legal), the same force with two dragons as a 30-point one (legal too)."""
    ann, bob = setup_pair()
    assert force_of(ann).points == 6 and setups_problem((ann, bob)) is None
    two = replace(ann, dragons=("Dragons/Red Drake", "Dragons/Blue Drake"))
    assert force_of(two).points == 30 and setups_problem((two, bob)) is None


@pytest.mark.parametrize("change, words", [
    ({"home_terrain": "Terrains/Wasteland Vortex"}, "advanced terrain"),
    ({"home": (ANDRO,) * 9}, "the most is 34"),
    ({"dragons": ("Dragons/Red Drake",) * 4}, "Remove 1"),
    ({"dragonkin": ("Dragonkin/Dragonhero (Air)",) * 11}, "Dragonkin total 22 health"),
])
def test_setups_breaking_a_setup_rule_are_refused_with_the_problem_named(change, words):
    """Digest §1.5 (advanced terrains are never Home Terrains), §2.2 (an army has at most half
    the points: a Home army of 9 Androsphinxes makes a 69-point force, of which 36 is over
    34), §2.1 (a 62-point force brings 3 dragons, not 4; Dragonkin health at most a third of
    the points: 22 is over 20)."""
    ann, bob = big_pair()
    ann = replace(ann, dragons=("Dragons/Red Drake",) * 3)
    bob = replace(bob, dragons=ann.dragons)
    assert setups_problem((ann, bob)) is None
    problem = setups_problem((replace(ann, **change), bob))
    assert problem and problem.startswith("Ann's force breaks a setup rule") and words in problem
