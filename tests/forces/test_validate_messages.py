"""Every setup rule with a legal and an illegal force, and the exact message the player reads.

Numbers come from the rules digest §2 (setup), §1.5-§1.7 and seed 001 (item costs, carrying).
"""

from dataclasses import replace

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.model import Force
from dragondice_desktop.forces.validate import validate_force

from legal_force import LEGAL

CAT = load_catalog()


def messages(force: Force) -> list[str]:
    return [str(p) for p in validate_force(force, CAT)]


def test_rule_legal_force_has_no_problem():
    assert messages(LEGAL) == []


def test_rule_total_at_most_force_size():
    """Digest §2.1: 25 points of units in a 24-point force."""
    over = replace(LEGAL, campaign_army=LEGAL.campaign_army + ("Feral/Weasel-folk",))
    assert messages(over) == [
        "error: Force has 25 points; the force size is 24. Remove 1 point of units or items, "
        "or raise the force size. [force size and allowances]"]


def test_rule_total_under_force_size_is_a_warning_naming_unused_points():
    """Digest §2.1: a force may be smaller than its size; 1 point is left unused."""
    under = replace(LEGAL, campaign_army=LEGAL.campaign_army[:-1])
    assert messages(under) == [
        "warning: Force has 23 of 24 points; 1 point unused. Add units or items, or lower the "
        "force size. [force size and allowances]"]


def test_rule_each_army_has_a_unit():
    """Digest §2.2: each army must have at least 1 unit. A Horde of one item only breaks it
    (and its item has no carrier, seed 001)."""
    no_units = replace(LEGAL, horde_army=("Items/Air Speed Slippers",),
                       campaign_army=LEGAL.campaign_army + ("Feral/Weasel-folk",) * 7)
    assert messages(no_units) == [
        "error: Horde army has no units; every army needs at least 1 unit. Move or add a unit. "
        "[army size]",
        "error: Campaign army has 15 points; the most is 12 (half of 24). Move 3 points to "
        "another army. [army size]",
        "error: Horde army: 'Items/Air Speed Slippers' has no unit that can carry it "
        "(equipment needs a unit containing air; Amazons carry any colour, Undead only death)."
        " Add such a unit or move the item to another army. [items]"]


def test_rule_army_at_most_half_the_force():
    """Digest §2.2: at 36 points no army may hold more than floor(36/2) = 18; 19 breaks it."""
    legal = replace(LEGAL, points=36, home_army=("Feral/Weasel-folk",) * 18,
                    horde_army=("Feral/Buffalo-folk",) * 3 + ("Feral/Weasel-folk",) * 3,
                    campaign_army=("Feral/Weasel-folk",) * 6,
                    dragons=("Dragons/Blue Drake", "Dragons/Red Drake"),
                    dragonkin=LEGAL.dragonkin)
    assert messages(legal) == []
    illegal = replace(legal, home_army=legal.home_army + ("Feral/Weasel-folk",),
                      campaign_army=legal.campaign_army[:-1])
    assert messages(illegal) == [
        "error: Home army has 19 points; the most is 18 (half of 36). Move 1 point to another "
        "army. [army size]"]


@pytest.mark.parametrize("points, dragons, expected", [
    (24, ("Dragons/Blue Drake",), []),
    (25, ("Dragons/Blue Drake", "Dragons/Red Drake"), []),
    (24, ("Dragons/Blue Drake", "Dragons/Red Drake"),
     ["error: Dragons count 2; a 24-point force may bring 1 (1 per 24 points or part thereof). "
      "Remove 1. [force size and allowances]"]),
    (24, ("Dragons/White Drake",),
     ["error: Dragons count 2 (a White Dragon counts 2); a 24-point force may bring 1 (1 per "
      "24 points or part thereof). Remove 1. [force size and allowances]"]),
    (48, ("Dragons/White Drake",), []),
    (48, ("Dragons/Blue Drake",),
     ["error: Force brings 1 dragon; a 48-point force brings 2 (1 per 24 points or part "
      "thereof). Add 1 dragon. [force size and allowances]"]),
    (25, ("Dragons/Blue Drake",),
     ["error: Force brings 1 dragon; a 25-point force brings 2 (1 per 24 points or part "
      "thereof). Add 1 dragon. [force size and allowances]"]),
])
def test_rule_one_dragon_per_24_points_or_part(points, dragons, expected):
    """Digest §2.1, §1.7: exactly ceil(points/24) dragons, a White Dragon counting 2; too few
    is an error (issue 11: it was only a warning, so a short force could start a game)."""
    force = replace(LEGAL, points=points, dragons=dragons)
    found = [m for m in messages(force) if "ragon" in m and "Dragonkin" not in m]
    assert found == expected


def test_rule_dragonkin_one_health_per_full_three_points():
    """Digest §2.1: floor(24/3) = 8 health of Dragonkin; 9 is one too many."""
    illegal = replace(LEGAL, dragonkin=LEGAL.dragonkin + ("Dragonkin/Dragonfoal (Air)",))
    assert messages(illegal) == [
        "error: Dragonkin total 9 health; a 24-point force may bring 8 (1 per full 3 points). "
        "Remove 1 health of Dragonkin. [force size and allowances]"]


def test_rule_minor_terrains_terrains_in_play_plus_one():
    """Digest §1.6: 3 terrains in a two-player game allow 4 minor terrains."""
    woods = ("Minor Terrains/Flatland Woods",)
    illegal = replace(LEGAL, minor_terrains=LEGAL.minor_terrains + woods)
    assert messages(illegal) == [
        "error: 5 minor terrains; a game with 3 terrains allows 4 (terrains in play + 1). "
        "Remove 1. [minor terrains]"]


def test_rule_items_count_at_their_costs():
    """Seed 001: a pair of medium equipment costs 3 (2 + 1), a small one 1, an artifact 3."""
    items = ("Items/Air Dawn Blade", "Items/Air Steel Buckler", "Items/Air Speed Slippers",
             "Items/Fire Blade Golem")
    force = replace(LEGAL, campaign_army=("Feral/Badger-folk", "Feral/Weasel-folk") + items)
    assert force.army_points("campaign", CAT) == 3 + 3 + 1 + 3
    assert messages(force) == [
        "error: Force has 26 points; the force size is 24. Remove 2 points of units or items, "
        "or raise the force size. [force size and allowances]"]


def test_rule_items_only_where_a_unit_can_carry_them():
    """Seed 001: equipment needs a unit of its colour; Feral (air, earth) cannot carry fire."""
    legal = replace(LEGAL, campaign_army=LEGAL.campaign_army[:-1] + ("Items/Air Speed Slippers",))
    assert messages(legal) == []
    fire = ("Items/Fire Speed Slippers",)
    illegal = replace(LEGAL, campaign_army=LEGAL.campaign_army[:-1] + fire)
    assert messages(illegal) == [
        "error: Campaign army: 'Items/Fire Speed Slippers' has no unit that can carry it "
        "(equipment needs a unit containing fire; Amazons carry any colour, Undead only death). "
        "Add such a unit or move the item to another army. [items]"]


def test_rule_advanced_terrain_only_as_frontier():
    """Digest §1.5: a Castle may be the proposed Frontier, never the Home Terrain."""
    assert messages(replace(LEGAL, frontier_terrain="Terrains/Flatland Castle")) == []
    assert messages(replace(LEGAL, home_terrain="Terrains/Flatland Castle")) == [
        "error: Home terrain: 'Terrains/Flatland Castle' is an advanced terrain (Castle); "
        "advanced terrains may only be the Frontier. Use a City, Standing Stones, Temple or "
        "Tower terrain at home. [terrains]"]


def test_rule_both_terrains_are_chosen():
    """Digest §2.1: each player brings a Home Terrain and a proposed Frontier Terrain."""
    assert messages(replace(LEGAL, frontier_terrain="")) == [
        "error: Frontier terrain: none chosen; each player brings a Home Terrain and a proposed "
        "Frontier Terrain. Pick a terrain die. [force size and allowances]"]


def test_rule_every_problem_at_once():
    """Validation reports all problems together, not the first only."""
    bad = replace(LEGAL, home_terrain="Terrains/Flatland Castle",
                  dragons=("Dragons/White Drake",),
                  minor_terrains=LEGAL.minor_terrains * 2)
    rules = [p.rule for p in validate_force(bad, CAT)]
    assert rules == ["digest §1.5", "digest §2.1", "digest §1.6"]
