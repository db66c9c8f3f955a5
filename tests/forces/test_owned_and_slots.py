"""forces.owned (owned-only mode) and forces.slots (one-die edits of the builder)."""

from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.io import load_force
from dragondice_desktop.forces.model import Force
from dragondice_desktop.forces.owned import (
    Shortage, dice_used, lacking_text, ownership_problems, shortages,
)
from dragondice_desktop.forces.slots import (
    add_die, default_slot, fits, known_part, move_die, remove_die,
)

CAT = load_catalog()
# A legal 36-point force at the setup limits (a 1-health Home army, an 18-point Horde),
# kept with the tests so the bundled sample forces can change.
LIMITS = load_force((Path(__file__).parents[1] / "forces" / "data"
                     / "amazons-at-the-limits.json").read_text(encoding="utf-8"))
AMAZONS = LIMITS


def test_owned_counts_every_slot():
    used = dice_used(AMAZONS)
    assert used["Amazons/Seer"] == 6 and used["Terrains/Wasteland City"] == 1
    assert used["Dragonkin/Dragonfoal (Fire)"] == 6
    assert sum(used.values()) == 1 + 1 + 20 + 1 + 12 + 4  # terrains, armies, pool


def test_owned_shortage_message():
    owned = {"Amazons/Seer": 2}
    short = {s.key: s for s in shortages(AMAZONS, owned)}
    assert short["Amazons/Seer"] == Shortage("Amazons/Seer", 6, 2)
    assert short["Amazons/Seer"].lacks == 4
    messages = [p.message for p in ownership_problems(AMAZONS, owned, CAT)]
    assert "Seer: you own 2, this force uses 6. Remove 4 or add 4 to your collection." in messages
    assert ("Dragonfoal (Fire): you own 0, this force uses 6. Remove 6 or add 6 to your "
            "collection.") in messages
    assert all(p.severity == "warning" for p in ownership_problems(AMAZONS, owned, CAT))


def test_owned_lacking_text_and_nothing_lacking():
    owned = dict(dice_used(AMAZONS))
    assert lacking_text(AMAZONS, owned, CAT) == ""
    owned["Amazons/Seer"] = 5
    assert lacking_text(AMAZONS, owned, CAT) == "1x Seer (Amazons/Seer)"


def test_slots_add_keeps_runs_together_and_remove_takes_the_last():
    f = Force("x", 24, "", "", home_army=("Amazons/Seer", "Amazons/Visionary"))
    f = add_die(f, "home_army", "Amazons/Seer")
    assert f.home_army == ("Amazons/Seer", "Amazons/Seer", "Amazons/Visionary")
    f = add_die(f, "home_army", "Amazons/Darter")
    assert f.home_army[-1] == "Amazons/Darter"
    f = remove_die(f, "home_army", "Amazons/Seer")
    assert f.home_army == ("Amazons/Seer", "Amazons/Visionary", "Amazons/Darter")
    with pytest.raises(ValueError):
        remove_die(f, "home_army", "Amazons/Seer", 2)


def test_slots_move_and_terrains():
    f = move_die(AMAZONS, "campaign_army", "home_army", "Amazons/Seer")
    assert f.home_army == ("Amazons/Seer",) * 2 and f.campaign_army.count("Amazons/Seer") == 4
    f = add_die(f, "home_terrain", "Terrains/Highland City")
    assert f.home_terrain == "Terrains/Highland City"
    assert remove_die(f, "home_terrain", "Terrains/Highland City").home_terrain == ""


def test_slots_fit_follows_the_rules():
    assert fits("horde_army", CAT.dice["Amazons/Seer"]) is None
    assert fits("horde_army", CAT.dice["Dragons/Red Drake"]) == (
        "Horde army: Red Drake is a dragon; armies hold only units and items. Move it to its "
        "own list. [what an army holds]")
    assert "advanced terrains may only be the Frontier" in fits(
        "home_terrain", CAT.dice["Terrains/Flatland Castle"])
    assert fits("frontier_terrain", CAT.dice["Terrains/Flatland Castle"]) is None


def test_slots_default_slot():
    assert default_slot(CAT.dice["Amazons/Seer"], "horde_army") == "horde_army"
    assert default_slot(CAT.dice["Dragonkin/Dragonfoal (Air)"]) == "dragonkin"
    assert default_slot(CAT.dice["Dragons/Red Drake"]) == "dragons"
    assert default_slot(CAT.dice["Terrains/Flatland Castle"]) == "frontier_terrain"
    assert default_slot(CAT.dice["Terrains/Flatland City"]) == "home_terrain"
    assert default_slot(CAT.dice["Terrains/Flatland City"], force=AMAZONS) == "frontier_terrain"


def test_slots_known_part_drops_unknown_keys():
    f = replace(AMAZONS, home_army=("Gone/Die", "Amazons/Seer"), home_terrain="Gone/Terrain")
    part = known_part(f, CAT)
    assert part.home_army == ("Amazons/Seer",) and part.home_terrain == ""
