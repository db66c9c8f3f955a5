"""store.forces: saved forces round-trip, drafts are marked invalid, names stay unique."""

import re
from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.io import load_force as read_force
from dragondice_desktop.forces.model import Force
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.store.forces import (
    ForceNameError, ForceNotFoundError, delete_force, duplicate_force, force_exists,
    list_forces, load_force, rename_force, save_force, unique_name,
)

CAT = load_catalog()
SAMPLES = sample_forces()
# A legal 36-point force at the setup limits (a 1-health Home army, an 18-point Horde),
# kept with the tests so the bundled sample forces can change.
LIMITS = read_force((Path(__file__).parents[1] / "forces" / "data"
                     / "amazons-at-the-limits.json").read_text(encoding="utf-8"))


@pytest.fixture
def db():
    return open_memory_database()


def test_store_forces_six_samples_round_trip(db):
    for force in SAMPLES:
        summary = save_force(db, force, catalog=CAT)
        assert summary.valid and summary.total_points == 36 and summary.points == 36
    assert [s.name for s in list_forces(db)] == sorted(f.name for f in SAMPLES)
    for force in SAMPLES:
        assert load_force(db, force.name) == force


def test_store_forces_draft_with_errors_is_saved_and_marked_invalid(db):
    """Digest §2.2: a 19-point Horde in a 36-point force is an error; it still saves."""
    force = replace(LIMITS, name="Draft", horde_army=LIMITS.horde_army + ("Amazons/Seer",))
    summary = save_force(db, force, catalog=CAT)
    assert not summary.valid and summary.errors == 2 and summary.total_points == 37
    listed = {s.name: s for s in list_forces(db)}
    assert not listed["Draft"].valid
    assert load_force(db, "Draft") == force


def test_store_forces_empty_draft_with_unknown_key_keeps_everything(db):
    force = Force(name="Odd", points=24, home_terrain="", frontier_terrain="Terrains/Old Die",
                  home_army=("Amazons/Seer", "Gone/Die"))
    summary = save_force(db, force, catalog=CAT)
    assert summary.errors >= 2 and summary.total_points == 1
    assert load_force(db, "Odd") == force


def test_store_forces_save_replaces_same_name(db):
    save_force(db, SAMPLES[0], catalog=CAT)
    smaller = replace(SAMPLES[0], campaign_army=SAMPLES[0].campaign_army[:-1])
    save_force(db, smaller, catalog=CAT)
    assert len(list_forces(db)) == 1 and load_force(db, SAMPLES[0].name) == smaller
    assert db["force_dice"].count == sum(
        len(getattr(smaller, s)) for s in ("home_army", "horde_army", "campaign_army",
                                           "dragons", "dragonkin", "minor_terrains"))


def test_store_forces_save_with_previous_name_renames_in_place(db):
    save_force(db, SAMPLES[0], catalog=CAT)
    save_force(db, SAMPLES[1], catalog=CAT)
    renamed = replace(SAMPLES[0], name="Renamed")
    save_force(db, renamed, previous_name=SAMPLES[0].name, catalog=CAT)
    assert [s.name for s in list_forces(db)] == ["Feral — Pack and Flight", "Renamed"]
    with pytest.raises(ForceNameError, match="already exists"):
        save_force(db, replace(renamed, name=SAMPLES[1].name), previous_name="Renamed",
                   catalog=CAT)
    assert load_force(db, SAMPLES[1].name) == SAMPLES[1]


@pytest.mark.parametrize("name, message", [
    ("   ", "no name"), ("a" * 201, "201 characters"), ("two\nlines", "control character")])
def test_store_forces_bad_names_are_refused(db, name, message):
    with pytest.raises(ForceNameError, match=message):
        save_force(db, replace(SAMPLES[0], name=name), catalog=CAT)
    assert list_forces(db) == []


def test_store_forces_rename_duplicate_delete(db):
    save_force(db, SAMPLES[0], catalog=CAT)
    assert rename_force(db, SAMPLES[0].name, "  Mine  ") == "Mine"
    assert duplicate_force(db, "Mine", catalog=CAT) == "Mine (copy)"
    assert duplicate_force(db, "Mine", catalog=CAT) == "Mine (copy) (2)"
    assert load_force(db, "Mine (copy)") == replace(SAMPLES[0], name="Mine (copy)")
    with pytest.raises(ForceNameError):
        rename_force(db, "Mine", "Mine (copy)")
    delete_force(db, "Mine")
    assert not force_exists(db, "Mine")
    assert [s.name for s in list_forces(db)] == ["Mine (copy)", "Mine (copy) (2)"]
    assert db.execute("SELECT COUNT(*) FROM force_dice").fetchone()[0] == 2 * (
        db.execute("SELECT COUNT(*) FROM force_dice WHERE force_id = (SELECT id FROM forces "
                   "WHERE name = 'Mine (copy)')").fetchone()[0])


def test_store_forces_unknown_name(db):
    save_force(db, SAMPLES[0], catalog=CAT)
    with pytest.raises(ForceNotFoundError) as info:
        load_force(db, "Nope")
    assert "no saved force called 'Nope'" in str(info.value)
    assert SAMPLES[0].name in str(info.value)
    with pytest.raises(ForceNotFoundError):
        delete_force(db, "Nope")


def test_store_forces_unique_name(db):
    assert unique_name(db, "New force") == "New force"
    save_force(db, Force("New force", 24, "", ""), catalog=CAT)
    assert unique_name(db, "New force") == "New force (2)"


@pytest.mark.parametrize("name, message", [
    ("T \ud800", "not valid Unicode text"),
    ("\udcff\udcfe", "not valid Unicode text"),
    ("T\u0085x", "control character (U+0085"),
    ("T \u202e", "invisible formatting character (U+202E"),
    ("\u200b", "invisible formatting character (U+200B"),
])
def test_store_forces_refuse_names_sqlite_or_a_terminal_cannot_take(db, name, message):
    save_force(db, SAMPLES[0], catalog=CAT)
    with pytest.raises(ForceNameError, match=re.escape(message)):
        save_force(db, replace(SAMPLES[0], name=name), catalog=CAT)
    with pytest.raises(ForceNameError, match=re.escape(message)):
        rename_force(db, SAMPLES[0].name, name)
    with pytest.raises(ForceNotFoundError):
        load_force(db, name)
    assert not force_exists(db, name)
    assert [s.name for s in list_forces(db)] == [SAMPLES[0].name]


@pytest.mark.parametrize("points", [0, 100_001, 2 ** 63])
def test_store_forces_refuse_sizes_no_format_can_hold(db, points):
    from dragondice_desktop.store.forces import ForceDataError
    with pytest.raises(ForceDataError, match="must be a whole number of points from 1 to"):
        save_force(db, replace(SAMPLES[0], points=points), catalog=CAT)
    assert list_forces(db) == []


def test_store_forces_refuse_an_empty_key_in_a_list(db):
    from dragondice_desktop.store.forces import ForceDataError
    with pytest.raises(ForceDataError, match="'' in home army is not a die key"):
        save_force(db, replace(SAMPLES[0], home_army=("",)), catalog=CAT)
    assert list_forces(db) == []
