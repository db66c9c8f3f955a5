"""store.collection_csv with bad or hostile files (C1, C3-C7 of the robustness review):
clear messages, and the collection stays as it was."""

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.store.collection import CollectionEntry, all_entries, set_entry
from dragondice_desktop.store.collection_csv import (
    CsvImportError, apply_import, export_csv, guard_cell, preview_import, unguard_cell,
)
from dragondice_desktop.store.database import open_memory_database

CAT = load_catalog()
HEADER = "die_key,name,species,kind,quantity,printing,condition,notes\n"


@pytest.fixture
def db():
    db = open_memory_database()
    set_entry(db, CollectionEntry("Amazons/Seer", 3, "SFR", "Good", "my notes"), CAT)
    set_entry(db, CollectionEntry("Amazons/Charioteer", 2), CAT)
    return db


def refused(db, text, mode="replace"):
    """The errors of an import that must not go through; checks nothing was written."""
    before = all_entries(db)
    preview = preview_import(db, text, mode, CAT)
    assert not preview.can_apply
    with pytest.raises(CsvImportError):
        apply_import(db, preview, confirmed=True)
    assert all_entries(db) == before
    return preview.errors


# --- C1: quantities ------------------------------------------------------------------------

@pytest.mark.parametrize("qty, shown", [
    ("²", "'²'"), ("٣", "'٣'"), ("9" * 5000, "(5000 characters)"), ("=1+1", "'=1+1'"),
    ("1e3", "'1e3'"), ("-2", "'-2'"),
])
def test_bad_quantities_are_error_rows(db, qty, shown):
    errors = refused(db, f"die_key,quantity\nAmazons/Seer,{qty}\n", mode="add")
    assert len(errors) == 1
    assert errors[0].startswith("line 2: Amazons/Seer: quantity ")
    assert shown in errors[0] and "written with the digits 0-9" in errors[0]


# --- C3: a replace import may not silently empty the collection ------------------------

@pytest.mark.parametrize("text", [
    "name,quantity\nNobody,3\n=HYPERLINK(\"http://x\"),1\n",     # every row unknown
    "name,quantity\nSeer,0\n",                                   # every row zero
])
def test_replace_import_that_would_empty_the_collection_is_refused(db, text):
    before = all_entries(db)
    preview = preview_import(db, text, "replace", CAT)
    assert preview.empties_collection
    assert preview.summary().endswith("(replace mode); this would EMPTY the collection")
    assert preview.warning().startswith("This replace import would remove all 2 dice you "
                                        "have recorded and add none")
    assert "--allow-empty" in preview.warning()
    with pytest.raises(CsvImportError, match="nothing was imported: This replace import"):
        apply_import(db, preview, confirmed=True)
    assert all_entries(db) == before
    assert apply_import(db, preview, confirmed=True, allow_empty=True) == 2
    assert all_entries(db) == {}


def test_replace_import_keeping_one_die_is_not_emptying(db):
    preview = preview_import(db, "name,quantity\nSeer,1\nNobody,3\n", "replace", CAT)
    assert not preview.empties_collection and preview.warning() == ""


def test_add_import_never_counts_as_emptying(db):
    assert not preview_import(db, "name,quantity\nNobody,3\n", "add", CAT).empties_collection


# --- C4: ambiguous names -------------------------------------------------------------------

def test_ambiguous_name_lists_the_candidates(db):
    errors = refused(db, "name,quantity\nDragonfoal,3\n", mode="add")
    assert errors == [
        "line 2: 'Dragonfoal' is ambiguous: Dragonkin/Dragonfoal (Air), Dragonkin/Dragonfoal "
        "(Death), Dragonkin/Dragonfoal (Earth), Dragonkin/Dragonfoal (Fire), "
        "Dragonkin/Dragonfoal (Water) (several dice share this name); write the die_key of "
        "the one you mean"]
    assert not any("no die" in e for e in errors)


# --- C5: text changes are shown ----------------------------------------------------------

def test_preview_shows_lost_printing_condition_and_notes(db):
    preview = preview_import(db, "die_key,quantity\nAmazons/Seer,3\nAmazons/Charioteer,2\n",
                             "replace", CAT)
    [change] = preview.changes
    assert change.die_key == "Amazons/Seer" and change.action == "change"
    assert change.describe() == ("3 -> 3; printing 'SFR' -> ''; condition 'Good' -> ''; "
                                 "notes 'my notes' -> ''")


# --- C6: short and long rows -----------------------------------------------------------

def test_row_without_a_quantity_cell_is_an_error(db):
    errors = refused(db, HEADER + "Amazons/Seer\nAmazons/Charioteer,x\n", mode="replace")
    assert errors == [
        "line 2: the row has 1 cell(s) but the quantity is column 5; write a quantity (0 for "
        "none)",
        "line 3: the row has 2 cell(s) but the quantity is column 5; write a quantity (0 for "
        "none)"]


def test_blank_quantity_cell_still_means_zero(db):
    preview = preview_import(db, "die_key,quantity,notes\nAmazons/Seer,,x\n", "add", CAT)
    assert preview.can_apply and preview.rows["Amazons/Seer"].quantity == 0


def test_row_with_extra_cells_is_an_error(db):
    errors = refused(db, HEADER + "Amazons/Seer,,,,3,,,a,b\n")
    assert errors == ["line 2: the row has 9 cells but the header has 8 columns; a comma "
                      'inside a value needs quotes ("like, this")']


# --- C7: CSV injection and control characters -----------------------------------------

@pytest.mark.parametrize("text", ["=HYPERLINK(\"x\")", "+cmd", "-1", "@SUM(1)", "\tx", "\rx",
                                  "'=x", "''+x", "plain", "'plain", ""])
def test_guard_cell_round_trips(text):
    guarded = guard_cell(text)
    assert not guarded.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert unguard_cell(guarded) == text


def test_export_guards_formulas_and_import_restores_them(db):
    entry = CollectionEntry("Amazons/Seer", 3, "=HYPERLINK(\"http://evil\")", "+cmd", "@SUM(1+1)")
    set_entry(db, entry, CAT)
    text = export_csv(db, CAT)
    row = text.splitlines()[2]
    assert row == ("Amazons/Seer,Seer,Amazons,unit,3,\"'=HYPERLINK(\"\"http://evil\"\")\","
                   "'+cmd,'@SUM(1+1)")
    other = open_memory_database()
    apply_import(other, preview_import(other, text, "replace", CAT))
    assert all_entries(other) == all_entries(db)


def test_import_strips_control_characters(db):
    text = HEADER + "Amazons/Seer,,,,3,\x1b[31mred\x07,Go\u202eod,line1\nline2\x08\n"
    text = text.replace("line1\nline2\x08", '"line1\nline2\x08"')
    preview = preview_import(db, text, "add", CAT)
    entry = preview.rows["Amazons/Seer"]
    assert (entry.printing, entry.condition, entry.notes) == ("[31mred", "Good", "line1\nline2")
