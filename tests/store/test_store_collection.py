"""store.collection and store.collection_csv: entries, completion, CSV in both modes."""

import pytest
from sqlite_utils import Database

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.store import backups
from dragondice_desktop.store.collection import (
    CollectionEntry, CollectionError, all_entries, completion, get_entry, owned_counts,
    printing_suggestions, set_entry, set_quantity,
)
from dragondice_desktop.store.collection_csv import (
    CsvImportError, apply_import, export_csv, preview_import,
)
from dragondice_desktop.store.database import open_database, open_memory_database

CAT = load_catalog()


@pytest.fixture
def db():
    return open_memory_database()


def test_collection_entry_round_trip_and_blank_removes_row(db):
    stored = set_entry(db, CollectionEntry("Amazons/Seer", 3, "  TSR   1995 ", "Good", " x "), CAT)
    assert stored == CollectionEntry("Amazons/Seer", 3, "TSR 1995", "Good", "x")
    assert get_entry(db, "Amazons/Seer") == stored
    set_entry(db, CollectionEntry("Amazons/Seer"), CAT)
    assert db["collection"].count == 0
    assert get_entry(db, "Amazons/Seer") == CollectionEntry("Amazons/Seer")


@pytest.mark.parametrize("entry, message", [
    (CollectionEntry("Amazons/Seer", -1), "from 0 to 9999"),
    (CollectionEntry("Amazons/Seer", 10000), "from 0 to 9999"),
    (CollectionEntry("Amazons/Seer", 1, notes="n" * 501), "notes is 501 characters"),
    (CollectionEntry("Amazons/Seerr", 1), "no die 'Amazons/Seerr'"),
])
def test_collection_bad_values_change_nothing(db, entry, message):
    set_quantity(db, "Amazons/Seer", 2, CAT)
    with pytest.raises(CollectionError, match=message):
        set_entry(db, entry, CAT)
    assert owned_counts(db) == {"Amazons/Seer": 2}


def test_collection_set_quantity_keeps_text(db):
    set_entry(db, CollectionEntry("Amazons/Seer", 1, "SFR", "Mint", "gift"), CAT)
    set_quantity(db, "Amazons/Seer", 4, CAT)
    assert get_entry(db, "Amazons/Seer") == CollectionEntry("Amazons/Seer", 4, "SFR", "Mint",
                                                            "gift")


def test_collection_printing_suggestions_include_typed_ones(db):
    set_entry(db, CollectionEntry("Amazons/Seer", 1, "My own print"), CAT)
    suggestions = printing_suggestions(db)
    assert suggestions[0] == "TSR 1995 (first edition)" and suggestions[-1] == "My own print"


def test_collection_completion_per_species():
    """Digest §1.2: each of the 12 original species has 20 dice, one per class per size."""
    owned = {"Amazons/Seer": 3, "Amazons/War Driver": 1, "Dragons/Red Drake": 2}
    groups = {c.group: c for c in completion(CAT, owned)}
    amazons = groups["Amazons"]
    assert (amazons.kinds_owned, amazons.kinds_total, amazons.copies) == (2, 20, 4)
    assert amazons.percent == 10.0
    assert groups["Dragons"].kinds_owned == 1 and groups["Dragons"].copies == 2
    assert groups["Dwarves"].kinds_total == 20 and groups["Dwarves"].kinds_owned == 0
    assert sum(c.kinds_total for c in groups.values()) == len(CAT)
    assert list(groups)[-4:] == ["Items", "Dragons", "Terrains", "Minor terrains"]


# --- CSV -------------------------------------------------------------------------------------

CSV = ("die_key,name,quantity,printing,condition,notes\n"
       "Amazons/Seer,Seer,3,TSR 1995,Good,\n"
       ",War Driver,2,,,\n"
       "Dwarves/Footman,,1,,,chipped\n")


def test_csv_export_lists_recorded_dice(db):
    set_entry(db, CollectionEntry("Amazons/Seer", 3, "TSR 1995", "Good", 'says "hi", twice'), CAT)
    text = export_csv(db, CAT)
    assert text.splitlines() == [
        "die_key,name,species,kind,quantity,printing,condition,notes",
        'Amazons/Seer,Seer,Amazons,unit,3,TSR 1995,Good,"says ""hi"", twice"']
    assert len(export_csv(db, CAT, every_die=True).splitlines()) == len(CAT) + 1


def test_csv_export_then_replace_import_restores_the_collection(db):
    set_entry(db, CollectionEntry("Amazons/Seer", 3, "TSR 1995", "Good", "a, b"), CAT)
    set_quantity(db, "Dwarves/Footman", 2, CAT)
    text = export_csv(db, CAT)
    before = all_entries(db)
    other = open_memory_database()
    set_quantity(other, "Dragons/Red Drake", 5, CAT)     # replaced away by the import
    apply_import(other, preview_import(other, text, "replace", CAT))
    assert all_entries(other) == before


def test_csv_preview_writes_nothing(db):
    preview = preview_import(db, CSV, "add", CAT)
    assert preview.summary() == "3 to add, 0 to change, 0 to remove (add mode)"
    assert db["collection"].count == 0


def test_csv_add_mode_adds_quantities(db):
    set_entry(db, CollectionEntry("Amazons/Seer", 2, "", "", "keep me"), CAT)
    assert apply_import(db, preview_import(db, CSV, "add", CAT)) == 3
    assert owned_counts(db) == {"Amazons/Seer": 5, "Amazons/War Driver": 2, "Dwarves/Footman": 1}
    assert get_entry(db, "Amazons/Seer").notes == "keep me"      # blank cell keeps text
    assert get_entry(db, "Amazons/Seer").printing == "TSR 1995"  # non-blank cell replaces
    apply_import(db, preview_import(db, CSV, "add", CAT))
    assert owned_counts(db)["Amazons/Seer"] == 8


def test_csv_replace_mode_is_idempotent(db):
    set_quantity(db, "Dragons/Red Drake", 4, CAT)
    apply_import(db, preview_import(db, CSV, "replace", CAT))
    first = all_entries(db)
    assert set(first) == {"Amazons/Seer", "Amazons/War Driver", "Dwarves/Footman"}
    second_preview = preview_import(db, CSV, "replace", CAT)
    assert second_preview.changes == []
    apply_import(db, second_preview)
    assert all_entries(db) == first


def test_csv_replace_preview_lists_removals(db):
    set_quantity(db, "Dragons/Red Drake", 1, CAT)
    preview = preview_import(db, CSV, "replace", CAT)
    removed = [c for c in preview.changes if c.action == "remove"]
    assert [c.die_key for c in removed] == ["Dragons/Red Drake"]


def test_csv_unknown_names_need_confirmation(db):
    text = CSV + ",Seerr,1,,,\n,Footmann,2,,,\n"
    preview = preview_import(db, text, "add", CAT)
    assert [str(u) for u in preview.unknown] == [
        "line 5: no die 'Seerr' in the catalog; closest: Amazons/Seer",
        "line 6: no die 'Footmann' in the catalog; closest: Dwarves/Footman",
    ]
    with pytest.raises(CsvImportError, match="Confirm"):
        apply_import(db, preview)
    assert db["collection"].count == 0
    assert apply_import(db, preview, confirmed=True) == 3
    assert "Amazons/Seer" in owned_counts(db)


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("die,count\nAmazons/Seer,1\n", "needs a 'quantity' column"),
    ("die_key,quantity\nAmazons/Seer,-2\n", "quantity '-2'"),
    ("die_key,quantity\nAmazons/Seer,99999999999999999999\n", "from 0 to 9999"),
    ("die_key,quantity\nAmazons/Seer,two\n", "quantity 'two'"),
    (b"die_key,quantity\n\xff\xfe,1\n", "not UTF-8"),
    ('die_key,quantity\n"Amazons/Seer,1\n', "not valid CSV"),
])
def test_csv_errors_block_the_import(db, text, message):
    set_quantity(db, "Dragons/Red Drake", 1, CAT)
    preview = preview_import(db, text, "replace", CAT)
    assert not preview.can_apply and any(message in e for e in preview.errors), preview.errors
    with pytest.raises(CsvImportError):
        apply_import(db, preview, confirmed=True)
    assert owned_counts(db) == {"Dragons/Red Drake": 1}


def test_csv_duplicate_rows_are_added(db):
    text = "die_key,quantity\nAmazons/Seer,2\nAmazons/Seer,3\n"
    apply_import(db, preview_import(db, text, "replace", CAT))
    assert owned_counts(db) == {"Amazons/Seer": 5}


def test_csv_import_backs_up_the_file_first(tmp_path):
    path = tmp_path / "dd.sqlite3"
    db = open_database(path)
    set_quantity(db, "Amazons/Seer", 7, CAT)
    apply_import(db, preview_import(db, CSV, "replace", CAT))
    found = backups.list_backups(path)
    assert len(found) == 1 and "before-import" in found[0].name
    copy = Database(found[0])
    assert copy["collection"].get("Amazons/Seer")["quantity"] == 7
    copy.close()
    db.close()
