"""validate_force: every setup rule, each with its source and the numbers from the rule text."""

from dataclasses import replace

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.model import Force
from dragondice_desktop.forces.validate import (
    ERROR, WARNING, Problem, choose_points, errors, validate_force,
)

from legal_force import LEGAL

CAT = load_catalog()


AIR_UNIT = "Eldarim/Morehl Follower (Air)"      # small, air only
FIRE_UNIT = "Eldarim/Morehl Follower (Fire)"    # small, fire only
FIRE_EQ = "Items/Fire Speed Slippers"           # small fire equipment, 1 point
AIR_EQ = "Items/Air Speed Slippers"             # small air equipment, 1 point
DEATH_EQ = "Items/Death Speed Slippers"
MEDALLION = "Items/Bronze Medallion"
RELIC = "Items/Elemental Relic"
ARTIFACT = "Items/Fire Blade Golem"


def check(force: Force, **kwargs) -> list[Problem]:
    return validate_force(force, CAT, **kwargs)


def only(problems: list[Problem], rule: str) -> Problem:
    """The single problem citing ``rule``."""
    found = [p for p in problems if p.rule == rule]
    assert len(found) == 1, problems
    return found[0]


def with_campaign(*keys: str, points: int = 24) -> Force:
    """LEGAL with its Campaign army replaced (other armies unchanged)."""
    return replace(LEGAL, campaign_army=keys, points=points)


def test_validate_legal_force_has_no_problems():
    """Digest §2: a force inside every allowance gives no problem."""
    assert check(LEGAL) == []


# --- catalog and slots -----------------------------------------------------------------

def test_validate_unknown_key_names_closest_die():
    """Catalog: a force holds catalog keys only; the message suggests the closest key."""
    p = only(check(replace(LEGAL, home_army=LEGAL.home_army + ("Feral/Weasel-flok",))), "catalog")
    assert p.severity == ERROR
    assert "'Feral/Weasel-flok'" in p.message and "'Feral/Weasel-folk'" in p.message


def test_validate_home_terrain_must_be_a_terrain():
    """Digest §2.1: each player brings a Home Terrain (a terrain die)."""
    p = only(check(replace(LEGAL, home_terrain="Feral/Weasel-folk")), "digest §2.1")
    assert p.severity == ERROR and "Home terrain" in p.message and "not a terrain" in p.message


def test_validate_frontier_must_be_a_terrain():
    """Digest §2.1: each player brings a proposed Frontier Terrain (a terrain die)."""
    f = replace(LEGAL, frontier_terrain="Minor Terrains/Flatland Village")
    p = only(check(f), "digest §2.1")
    assert "Frontier terrain" in p.message and "minor terrain" in p.message


@pytest.mark.parametrize("terrain, face", [
    ("Terrains/Flatland Castle", "Castle"), ("Terrains/Flatland Dragons Lair", "Dragon's Lair"),
    ("Terrains/Flatland Grove", "Grove"), ("Terrains/Flatland Vortex", "Vortex"),
])
def test_validate_advanced_terrain_only_as_frontier(terrain, face):
    """Digest §1.5: advanced terrains (eighth face Castle, Dragon's Lair, Grove, Vortex) may
    only be used as the Frontier."""
    p = only(check(replace(LEGAL, home_terrain=terrain)), "digest §1.5")
    assert p.severity == ERROR and face in p.message
    assert check(replace(LEGAL, frontier_terrain=terrain)) == []


@pytest.mark.parametrize("field, key, rule", [
    ("dragons", "Feral/Weasel-folk", "digest §1.7"),
    ("dragonkin", "Feral/Weasel-folk", "digest §5.6"),
    ("minor_terrains", "Terrains/Flatland City", "digest §1.6"),
])
def test_validate_summoning_pool_slots_hold_their_kind(field, key, rule):
    """Digest §1.6, §1.7, §5.6: dragons, Dragonkin and minor terrains each go in their own
    list."""
    p = only(check(replace(LEGAL, **{field: getattr(LEGAL, field)[:1] + (key,)})), rule)
    assert p.severity == ERROR and repr(key) in p.message


@pytest.mark.parametrize("key, rule", [
    ("Dragons/Red Drake", "digest §0"), ("Terrains/Flatland Temple", "digest §0"),
    ("Minor Terrains/Flatland Woods", "digest §0"), ("Dragonkin/Dragonfoal (Air)", "digest §2.1"),
])
def test_validate_armies_hold_only_units_and_items(key, rule):
    """Digest §0 "Army" (units and items only) and §2.1 (Dragonkin start in the Summoning
    Pool)."""
    p = only(check(replace(LEGAL, home_army=LEGAL.home_army + (key,))), rule)
    assert p.severity == ERROR and "Home army" in p.message


def test_validate_misplaced_die_is_left_out_of_the_counts():
    """A die in the wrong slot is one problem, not also a points or allowance problem."""
    problems = check(replace(LEGAL, home_army=LEGAL.home_army + ("Dragons/Red Drake",)))
    assert len(problems) == 1


# --- force size ------------------------------------------------------------------------

def test_validate_total_over_force_size_is_an_error():
    """Digest §2.1: units and items (items count toward force points) may not exceed the agreed
    size. 25 points in a 24-point force: remove 1."""
    p = only(check(with_campaign(*LEGAL.campaign_army, FIRE_UNIT)), "digest §2.1")
    assert p.severity == ERROR
    assert "25 points" in p.message and "24" in p.message and "Remove 1" in p.message


def test_validate_unused_points_are_a_warning():
    """Digest §2.1: a force under its size is legal; a warning names the 3 unused points."""
    problems = check(with_campaign("Feral/Wolverine-folk", "Feral/Badger-folk"))
    assert problems == [Problem(WARNING, "digest §2.1", problems[0].message)]
    assert "21 of 24 points" in problems[0].message and "3 points unused" in problems[0].message


def test_validate_force_size_must_be_positive():
    """Digest §2.1: players agree a total in points; zero is no force size."""
    p = only(check(replace(LEGAL, points=0)), "digest §2.1")
    assert p.severity == ERROR and "15, 24, 30, 36, 60" in p.message


# --- armies ----------------------------------------------------------------------------

def test_validate_army_needs_a_unit():
    """Digest §2.2: each army must have at least 1 unit."""
    p = only(check(with_campaign()), "digest §2.2")
    assert p.severity == ERROR and "Campaign army has no units" in p.message


def test_validate_army_at_most_half_the_force():
    """Digest §2.2: no army may hold more than floor(total/2) points. At 36 points a 19-point
    Horde breaks it: the most is 18."""
    f = replace(LEGAL, points=36, home_army=("Feral/Weasel-folk",) * 16,
                horde_army=("Feral/Buffalo-folk",) * 6 + ("Feral/Weasel-folk",),
                campaign_army=("Feral/Weasel-folk",))
    p = only(check(f), "digest §2.2")
    assert p.severity == ERROR
    assert "Horde army has 19 points; the most is 18 (half of 36)" in p.message
    assert "Move 1 point" in p.message


def test_validate_army_cap_rounds_down():
    """Digest §2.2: floor(15/2) = 7, so an 8-point army breaks a 15-point force's cap."""
    f = replace(LEGAL, points=15, home_army=("Feral/Weasel-folk",) * 8,
                horde_army=("Feral/Weasel-folk",) * 6, campaign_army=("Feral/Weasel-folk",),
                dragonkin=("Dragonkin/Dragonfoal (Air)",))
    p = only(check(f), "digest §2.2")
    assert "Home army has 8 points; the most is 7 (half of 15)" in p.message


# --- Summoning Pool allowances ---------------------------------------------------------

@pytest.mark.parametrize("points, dragons, ok", [
    (24, 1, True), (24, 2, False), (25, 2, True), (48, 2, True), (48, 3, False), (60, 3, True),
])
def test_validate_dragon_allowance_per_24_points_or_part(points, dragons, ok):
    """Digest §2.1: 1 dragon per 24 points of force or part thereof, ceil(points/24):
    24 -> 1, 25 -> 2, 48 -> 2, 60 -> 3."""
    f = replace(LEGAL, points=points, dragons=("Dragons/Red Drake",) * dragons)
    dragon_problems = [p for p in check(f) if "Dragons count" in p.message]
    assert (dragon_problems == []) is ok
    if not ok:
        assert f"Dragons count {dragons}" in dragon_problems[0].message
        assert dragon_problems[0].rule == "digest §2.1"


def test_validate_white_dragon_counts_two():
    """Digest §1.7, §2.1: a White Dragon counts as two dragons, so it needs a force over 24
    points."""
    p = only(check(replace(LEGAL, dragons=("Dragons/White Wyrm",))), "digest §2.1")
    assert "Dragons count 2 (a White Dragon counts 2)" in p.message and "may bring 1" in p.message
    f = replace(LEGAL, points=36, dragons=("Dragons/White Wyrm",))
    assert errors(check(f)) == []


@pytest.mark.parametrize("points, health, ok", [(36, 12, True), (36, 13, False), (14, 4, True),
                                                 (14, 5, False)])
def test_validate_dragonkin_per_full_three_points(points, health, ok):
    """Digest §2.1: 1 health-worth of Dragonkin per full 3 points, floor(points/3); a 36-point
    game allows 12 health, a 14-point one 4."""
    kin = ("Dragonkin/Dragonfoal (Air)",) * health
    problems = [p for p in check(replace(LEGAL, points=points, dragonkin=kin))
                if "Dragonkin total" in p.message]
    assert (problems == []) is ok
    if not ok:
        assert f"Dragonkin total {health} health" in problems[0].message
        assert f"may bring {points // 3}" in problems[0].message


@pytest.mark.parametrize("count, terrains, ok", [(4, 3, True), (5, 3, False), (5, 4, True)])
def test_validate_minor_terrains_terrains_in_play_plus_one(count, terrains, ok):
    """Digest §1.6 / seed 003: a player may bring terrains in the game + 1 minor terrains; in a
    2-player game (3 terrains) that is 4."""
    f = replace(LEGAL, minor_terrains=("Minor Terrains/Flatland Woods",) * count)
    problems = check(f, terrains_in_play=terrains)
    assert (problems == []) is ok
    if not ok:
        p = only(problems, "digest §1.6")
        assert "5 minor terrains" in p.message and "allows 4" in p.message


# --- items and carriers ----------------------------------------------------------------
# Campaign armies below are 5-point: 4 units + items, or fewer units and more items.

def test_validate_equipment_needs_a_unit_of_its_colour():
    """Seed 001: only a unit that contains the colour of the equipment may carry it; 4.01d
    (digest §1.3): every item must start in an army where some unit can carry it. Feral are
    air/earth, so fire equipment has no carrier."""
    f = with_campaign("Feral/Wolverine-folk", "Feral/Badger-folk", "Feral/Weasel-folk",
                      "Feral/Weasel-folk", FIRE_EQ)
    p = only(check(f), "seed 001")
    assert p.severity == ERROR and repr(FIRE_EQ) in p.message and "fire" in p.message
    air = with_campaign(*f.campaign_army[:-1], AIR_EQ)
    assert check(air) == []


def test_validate_amazons_carry_any_colour():
    """Seed 001: Amazon units may use equipment of any colour."""
    f = with_campaign("Amazons/War Driver", "Amazons/Visionary", "Amazons/Seer", "Amazons/Seer",
                      FIRE_EQ)
    assert check(f) == []


def test_validate_undead_carry_only_death_equipment():
    """Seed 001: Undead units may only use black (death) equipment."""
    units = ("Undead/Vampire", "Undead/Wight", "Undead/Zombie", "Undead/Zombie")
    assert check(with_campaign(*units, DEATH_EQ)) == []
    assert only(check(with_campaign(*units, FIRE_EQ)), "seed 001").severity == ERROR


def test_validate_medallions_relics_artifacts_any_unit():
    """Seed 001: medallions and relics lack a colour, any unit may carry them; artifacts carry
    no colour limit in seed 001 either."""
    f = replace(LEGAL, points=36, campaign_army=(AIR_UNIT, AIR_UNIT, AIR_UNIT, MEDALLION, RELIC,
                                                 ARTIFACT),
                home_army=("Feral/Weasel-folk",) * 8)
    assert [p for p in check(f) if p.rule == "seed 001"] == []


def test_validate_unit_carries_two_equipment_at_most():
    """Seed 001: each unit may carry up to two equipment (or artifacts, or one of each): two
    units carry 4 items, not 5."""
    two = with_campaign("Feral/Wolverine-folk", "Feral/Weasel-folk", AIR_EQ, AIR_EQ)
    assert [p for p in check(two) if p.severity == ERROR] == []
    five = with_campaign("Feral/Wolverine-folk", "Feral/Weasel-folk", AIR_EQ, AIR_EQ, AIR_EQ,
                         AIR_EQ, AIR_EQ)
    p = only(check(five), "seed 001")
    assert "5 items" in p.message and "2 units" in p.message


def test_validate_medallion_carrier_carries_nothing_else():
    """Seed 001: a unit that carries a medallion or relic may not carry a second item."""
    f = replace(LEGAL, points=36, campaign_army=(AIR_UNIT, MEDALLION, AIR_EQ),
                home_army=("Feral/Weasel-folk",) * 8)
    p = only(check(f), "seed 001")
    assert "2 items but its 1 unit cannot" in p.message


def test_validate_carriers_counted_per_colour():
    """Seed 001: slots only help equipment of the carrier's colour. One air and one fire unit have
    four slots, but three air equipment need three air slots and there are two."""
    f = with_campaign(AIR_UNIT, FIRE_UNIT, AIR_EQ, AIR_EQ, AIR_EQ)
    assert "3 items" in only(check(f), "seed 001").message


def test_validate_medallion_goes_where_it_blocks_nothing():
    """Seed 001: the medallion must ride on the air unit so the fire unit can carry both fire
    items; the check finds that arrangement."""
    f = replace(LEGAL, points=36, campaign_army=(AIR_UNIT, FIRE_UNIT, MEDALLION, FIRE_EQ, FIRE_EQ),
                home_army=("Feral/Weasel-folk",) * 8)
    assert [p for p in check(f) if p.rule == "seed 001"] == []


# --- choosing a force size -------------------------------------------------------------

def test_validate_choose_points_picks_smallest_legal_size():
    """Digest §2.1 suggested sizes 15, 24, 30, 36, 60: LEGAL fits 24 (its dragon and Dragonkin
    too) but not 15 (24 points of units)."""
    assert choose_points(replace(LEGAL, points=60), CAT) == 24


def test_validate_choose_points_falls_back_to_fewest_errors():
    """When no suggested size is legal (a 31-point army breaks floor(60/2) = 30 everywhere), the
    size with the fewest errors is chosen. The force brings the three dragons of a 60-point
    force (digest §2.1: exactly one per 24 points or part, so fewer is an error too)."""
    f = replace(LEGAL, home_army=("Feral/Weasel-folk",) * 31, dragons=("Dragons/Blue Drake",) * 3)
    assert choose_points(f, CAT) == 60
