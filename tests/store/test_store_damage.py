"""store.database / backups under damage: failed migrations are rolled back and reported
truthfully, backups are never crowded out, an empty file with backups is damage, odd paths
and bad content give clear messages, read-only opens never write, checks leave no side
files (D1-D6 of the robustness review)."""

import hashlib
import os
import sqlite3

import pytest
from sqlite_utils import Database

from dragondice_desktop.store import backups, database
from dragondice_desktop.store.collection import all_entries
from dragondice_desktop.store.database import (
    DamagedDatabaseError, ReadOnlyDatabaseError, StoreError, open_database,
)
from dragondice_desktop.store.forces import list_forces
from dragondice_desktop.store.migrations import MIGRATIONS, SCHEMA_VERSION
from dragondice_desktop.store.paths import DATABASE_FILE


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def side_files(folder):
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(("-wal", "-shm",
                                                                         "-journal")))


def version_one(path, *, block_m002=False):
    """A database as schema version 1 left it; ``block_m002`` adds a stray 'forces' table
    so the next migration fails."""
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m002_forces")
    db.execute("PRAGMA user_version = 1")
    db["collection"].insert({"die_key": "Amazons/Seer", "quantity": 3, "printing": "SFR",
                             "condition": "", "notes": "mine"})
    if block_m002:
        db["forces"].create({"x": int})
    db.close()


def current_with_seer(path, quantity=3):
    db = open_database(path)
    db["collection"].insert({"die_key": "Amazons/Seer", "quantity": quantity, "printing": "",
                             "condition": "", "notes": ""}, replace=True)
    db.close()


# --- D2: failed migrations -------------------------------------------------------------

def test_failed_migration_is_rolled_back_and_said_so(tmp_path):
    path = tmp_path / DATABASE_FILE
    version_one(path, block_m002=True)
    before = digest(path)
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    message = str(info.value)
    assert "updating it to this version's format failed: table \"forces\" already exists" \
        in message
    assert "It was not changed." in message and not info.value.changed
    assert digest(path) == before                          # truly not changed
    check = Database(path)                                 # nor half-migrated
    assert check.execute("PRAGMA user_version").fetchone()[0] == 1
    assert [m.name for m in MIGRATIONS.applied(check)] == ["m001_collection"]
    assert check.execute("PRAGMA journal_mode").fetchone()[0] != "wal"
    check.close()


def test_retried_failed_migration_never_crowds_out_good_backups(tmp_path):
    path = tmp_path / DATABASE_FILE
    version_one(path)
    old = backups.make_backup(path, "older-good")           # a good backup from before
    db = Database(path)
    db["forces"].create({"x": int})                        # then the file goes wrong
    db.close()
    for _ in range(backups.KEEP_BACKUPS + 3):              # the player retries many times
        with pytest.raises(DamagedDatabaseError):
            open_database(path)
    found = backups.list_backups(path)
    assert old in found                                    # still there
    assert len(found) == 2                                 # one before-migration copy only
    assert "before-migration" in found[0].name
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    # The before-migration copy fails the same way; the offered backup is the older one.
    assert info.value.backup == old and old.name in str(info.value)


def test_a_failed_update_that_changed_the_file_says_so(tmp_path, monkeypatch):
    path = tmp_path / DATABASE_FILE
    version_one(path)
    before = path.read_bytes()

    def half_migrate(db):            # a step that commits, then fails
        db["junk"].insert({"x": 1})
        db.conn.commit()
        raise sqlite3.OperationalError("disk is full")

    monkeypatch.setattr(database, "_migrate", half_migrate)
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    error = info.value
    assert error.changed and "It was not changed" not in str(error)
    assert "updating it to this version's format failed: disk is full" in str(error)
    assert f"The failed update changed the file; the backup '{error.before.name}' holds it " \
           "as it was before." in str(error)
    restored = Database(error.before)
    assert [r["quantity"] for r in restored["collection"].rows] == [3]
    assert "junk" not in restored.table_names()
    restored.close()
    assert path.read_bytes() != before


def test_identical_backup_is_not_made_twice(tmp_path):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    first = backups.make_backup(path, "one")
    assert backups.make_backup(path, "two") == first
    assert backups.list_backups(path) == [first]
    current_with_seer(path, quantity=4)
    second = backups.make_backup(path, "three")
    assert backups.list_backups(path) == [second, first]


def test_pruning_keeps_the_newest_good_older_backup(tmp_path):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    good = backups.make_backup(path, "good")
    for i in range(3):                                     # newer backups that are damaged
        current_with_seer(path, quantity=10 + i)
        backups.make_backup(path, f"bad{i}").write_bytes(b"garbage" * 200)
    assert len(backups.list_backups(path)) == 4
    current_with_seer(path, quantity=9)
    newest = backups.make_backup(path, "newest", keep=2)
    found = backups.list_backups(path)
    assert found[0] == newest and good in found            # protected, though older than 2
    assert len(found) == 3


# --- D1: an empty file with backups ----------------------------------------------------

def test_empty_file_with_backups_is_damage_not_a_new_database(tmp_path):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    good = backups.make_backup(path, "test")
    path.write_bytes(b"")
    for read_only in (False, True):
        with pytest.raises(DamagedDatabaseError) as info:
            open_database(path, read_only=read_only)
        assert "the file is empty (0 bytes) although backups of it exist" in str(info.value)
        assert info.value.backup == good and "It was not changed." in str(info.value)
        assert path.read_bytes() == b""                    # not written over
    aside = backups.restore_backup(path, good)
    assert aside.read_bytes() == b""                       # the empty file is kept aside
    db = open_database(path)
    assert all_entries(db)["Amazons/Seer"].quantity == 3
    db.close()


def test_empty_file_without_backups_is_a_new_database(tmp_path):
    path = tmp_path / DATABASE_FILE
    path.write_bytes(b"")
    db = open_database(path)
    assert db["collection"].count == 0
    db.close()


# --- D3: a folder at the path ----------------------------------------------------------

def test_folder_at_the_database_path(tmp_path):
    path = tmp_path / DATABASE_FILE
    path.mkdir()
    for read_only in (False, True):
        with pytest.raises(StoreError) as info:
            open_database(path, read_only=read_only)
        assert not isinstance(info.value, DamagedDatabaseError)
        assert str(info.value).startswith(f"the database path '{path}' is a folder, not a "
                                          "database file. Nothing was changed.")
        assert "disk I/O" not in str(info.value)
    assert path.is_dir() and list(path.iterdir()) == []


# --- D4: valid SQLite with bad content -------------------------------------------------

@pytest.mark.parametrize("damage, detail", [
    ("UPDATE collection SET quantity = 'many'",
     "collection row 'Amazons/Seer': quantity is 'many', expected a whole number from 0 to "
     "9999"),
    ("UPDATE collection SET quantity = -4",
     "collection row 'Amazons/Seer': quantity is -4, expected a whole number"),
    ("DROP TABLE force_dice", "the table 'force_dice' is missing"),
    ("ALTER TABLE collection DROP COLUMN notes",
     "the table 'collection' lacks the column(s) notes"),
    ("INSERT INTO forces (name, points, home_terrain, frontier_terrain) "
     "VALUES ('Big', 'lots', '', '')",
     "forces row 'Big': points is 'lots', expected a whole number of points from 1 to 100000"),
])
def test_bad_content_is_reported_as_damage(tmp_path, damage, detail):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    good = backups.make_backup(path, "test")
    conn = sqlite3.connect(path)
    conn.execute(damage)
    conn.commit()
    conn.close()
    before = digest(path)
    for read_only in (False, True):
        with pytest.raises(DamagedDatabaseError) as info:
            open_database(path, read_only=read_only)
        assert f"is damaged ({detail}" in str(info.value)
        assert "It was not changed." in str(info.value) and info.value.backup == good
    assert digest(path) == before


# --- D5: read-only opens ---------------------------------------------------------------

def test_read_only_open_never_creates_a_file(tmp_path):
    path = tmp_path / "data" / DATABASE_FILE
    db = open_database(path, read_only=True)
    assert list_forces(db) == [] and db["collection"].count == 0
    db.close()
    assert not path.parent.exists()


def test_read_only_open_reads_an_older_file_without_migrating_it(tmp_path):
    path = tmp_path / DATABASE_FILE
    version_one(path)
    before = digest(path)
    db = open_database(path, read_only=True)
    assert all_entries(db)["Amazons/Seer"].notes == "mine"
    assert list_forces(db) == []                           # the table exists in the copy
    db.close()
    assert digest(path) == before and backups.list_backups(path) == []


def test_read_only_open_cannot_write(tmp_path):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    db = open_database(path, read_only=True)
    assert db.execute("SELECT quantity FROM collection").fetchone()[0] == 3
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        db.execute("DELETE FROM collection")
    db.close()
    assert open_database(path, read_only=True)["collection"].count == 1


def test_unwritable_file_is_refused_clearly_for_writing(tmp_path, monkeypatch):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    before = digest(path)
    real_access = os.access
    monkeypatch.setattr(database.os, "access", lambda p, mode: False if mode == os.W_OK
                        else real_access(p, mode))
    with pytest.raises(ReadOnlyDatabaseError) as info:
        open_database(path)
    assert "cannot be written (its file is read-only). Nothing was changed." in str(info.value)
    assert "force list, force export, collection export" in str(info.value)
    assert digest(path) == before


# --- D6: checks leave no side files ----------------------------------------------------

def test_checks_of_backups_and_damaged_files_leave_no_side_files(tmp_path):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    backup = backups.make_backup(path, "test")
    for extra in side_files(tmp_path):
        (tmp_path / extra).unlink(missing_ok=True)
    assert side_files(tmp_path) == []
    assert backups.check_integrity(backup) == "ok"
    assert backups.newest_good_backup(path) == backup
    data = bytearray(path.read_bytes())
    data[100:-100] = b"\xff" * (len(data) - 200)
    path.write_bytes(bytes(data))
    with pytest.raises(DamagedDatabaseError):
        open_database(path)
    with pytest.raises(DamagedDatabaseError):
        open_database(path, read_only=True)
    assert side_files(tmp_path) == []
    assert Database(backup).execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_schema_version_written_once(tmp_path):
    path = tmp_path / DATABASE_FILE
    current_with_seer(path)
    db = open_database(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
