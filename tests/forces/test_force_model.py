"""Force model: the value itself and its point costs (digest §0, §1.2, §1.3, §2.1; seed 001)."""

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.model import ARMY_NAMES, Force

CAT = load_catalog()

SMALL_EQ = "Items/Fire Speed Slippers"
MEDIUM_EQ = "Items/Fire Steel Buckler"
MEDIUM_EQ_2 = "Items/Fire Ring of Stars"
LARGE_EQ = "Items/Fire Magi Crown"
ARTIFACT = "Items/Fire Blade Golem"
MEDALLION = "Items/Gold Medallion"
RELIC = "Items/Elemental Relic"


def force(**fields) -> Force:
    base = dict(name="Test", points=36, home_terrain="Terrains/Flatland City",
                frontier_terrain="Terrains/Flatland Grove")
    return Force(**{**base, **fields})


def test_force_units_cost_their_health():
    """Digest §1.2: a unit costs its health (small 1, medium 2, large 3, monster 4)."""
    f = force(home_army=["Goblins/Thug", "Goblins/Cutthroat", "Goblins/Leopard Rider",
                         "Goblins/Shambler"])
    assert f.total_points(CAT) == 1 + 2 + 3 + 4


@pytest.mark.parametrize("item, cost", [
    (SMALL_EQ, 1), (LARGE_EQ, 2), (ARTIFACT, 3), (MEDALLION, 4), (RELIC, 4), (MEDIUM_EQ, 2),
])
def test_force_item_costs_follow_seed_001(item, cost):
    """Seed 001 / digest §1.3: small 1, lone medium 2, large 2, artifact 3, medallion 4,
    relic 4."""
    assert force(home_army=["Amazons/Seer", item]).total_points(CAT) == 1 + cost


@pytest.mark.parametrize("mediums, cost", [(1, 2), (2, 3), (3, 5), (4, 6)])
def test_force_medium_equipment_pairs_cost_three(mediums, cost):
    """Seed 001: medium equipment costs 2 for the first and 1 for the second; a pair costs 3,
    and the pair need not match."""
    keys = [MEDIUM_EQ, MEDIUM_EQ_2] * 2
    assert force(home_army=keys[:mediums]).total_points(CAT) == cost


def test_force_medium_pair_split_between_armies_sums_to_total():
    """Seed 001 prices medium equipment per force; a pair split over two armies still costs 3,
    and the later army (Home, Horde, Campaign order) holds the 1-point die."""
    f = force(home_army=["Amazons/Seer", MEDIUM_EQ], campaign_army=["Amazons/Seer", MEDIUM_EQ_2])
    assert f.army_points("home", CAT) == 1 + 2
    assert f.army_points("campaign", CAT) == 1 + 1
    assert f.total_points(CAT) == sum(f.army_points(a, CAT) for a in ARMY_NAMES) == 5


def test_force_summoning_pool_and_terrains_cost_nothing():
    """Digest §0 "Force" and §2.1: dragons, Dragonkin, terrains and minor terrains are not part
    of force size."""
    f = force(dragons=["Dragons/White Drake"], dragonkin=["Dragonkin/Dragonstallion (Air)"] * 3,
              minor_terrains=["Minor Terrains/Flatland Village"] * 4)
    assert f.total_points(CAT) == 0


def test_force_army_points_per_army():
    """Digest §2.2: each army's points are its own units and items."""
    f = force(home_army=["Feral/Weasel-folk"] * 3, horde_army=["Feral/Buffalo-folk", SMALL_EQ],
              campaign_army=["Feral/Horse-folk"])
    assert [f.army_points(a, CAT) for a in ARMY_NAMES] == [3, 4, 2]
    assert f.armies == {"home": ("Feral/Weasel-folk",) * 3,
                        "horde": ("Feral/Buffalo-folk", SMALL_EQ),
                        "campaign": ("Feral/Horse-folk",)}


def test_force_army_points_rejects_unknown_army():
    with pytest.raises(ValueError, match="reserve"):
        force().army_points("reserve", CAT)


def test_force_total_points_unknown_key_raises_keyerror():
    with pytest.raises(KeyError):
        force(home_army=["Amazons/Nobody"]).total_points(CAT)


def test_force_lists_become_tuples_and_force_is_hashable():
    f = force(home_army=["Amazons/Seer", "Amazons/Seer"], dragons=["Dragons/Red Drake"])
    assert f.home_army == ("Amazons/Seer", "Amazons/Seer")
    assert f == force(home_army=("Amazons/Seer",) * 2, dragons=("Dragons/Red Drake",))
    assert len({f, force(home_army=["Amazons/Seer"] * 2, dragons=["Dragons/Red Drake"])}) == 1


def test_force_rejects_a_string_for_a_die_list():
    # A bare string would silently become a tuple of letters.
    with pytest.raises(TypeError, match="home_army"):
        force(home_army="Amazons/Seer")
