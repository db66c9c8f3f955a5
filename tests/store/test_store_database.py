"""store.database / backups / paths: migrations, backups, refusal of newer files, damage."""

import sqlite3

import pytest
from sqlite_utils import Database

from dragondice_desktop.store import backups
from dragondice_desktop.store.database import (
    DamagedDatabaseError, NewerDatabaseError, migrate, open_database, open_memory_database,
    schema_version,
)
from dragondice_desktop.store.migrations import MIGRATIONS, SCHEMA_VERSION
from dragondice_desktop.store.paths import DATABASE_FILE, ENV_VAR, data_dir, database_path


def tables(db):
    return set(db.table_names())


def test_store_migrates_an_empty_database():
    db = open_memory_database()
    assert {"collection", "forces", "force_dice", "_sqlite_migrations"} <= tables(db)
    assert schema_version(db) == SCHEMA_VERSION == 3
    assert [m.name for m in MIGRATIONS.applied(db)] == [
        "m001_collection", "m002_forces", "m003_force_dice_by_die"]
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_store_new_file_uses_wal_and_makes_no_backup(tmp_path):
    path = tmp_path / "data" / "dd.sqlite3"
    db = open_database(path)
    assert db.journal_mode == "wal"
    assert backups.list_backups(path) == []
    db.close()


def older_database(path):
    """A database as version 1 of the schema left it (only the collection table)."""
    db = Database(path)
    MIGRATIONS.apply(db, stop_before="m002_forces")
    db.execute("PRAGMA user_version = 1")
    db["collection"].insert({"die_key": "Amazons/Seer", "quantity": 3, "printing": "TSR 1995",
                             "condition": "", "notes": "mine"})
    db.close()


def test_store_migrates_an_older_database_and_backs_it_up_first(tmp_path):
    path = tmp_path / DATABASE_FILE
    older_database(path)
    db = open_database(path)
    assert "forces" in tables(db) and schema_version(db) == SCHEMA_VERSION
    row = db["collection"].get("Amazons/Seer")
    assert row["quantity"] == 3 and row["notes"] == "mine"   # data kept through migration
    found = backups.list_backups(path)
    assert len(found) == 1 and "before-migration" in found[0].name
    old = Database(found[0])                                  # the backup is the old schema
    assert "forces" not in old.table_names() and old["collection"].count == 1
    old.close()
    db.close()


def test_store_opening_a_current_database_makes_no_backup(tmp_path):
    path = tmp_path / DATABASE_FILE
    open_database(path).close()
    open_database(path).close()
    assert backups.list_backups(path) == []


def test_store_keeps_only_the_last_backups(tmp_path):
    path = tmp_path / DATABASE_FILE
    db = open_database(path)
    made = []
    for i in range(5):
        db["collection"].insert({"die_key": f"Amazons/Die {i}", "quantity": i + 1})
        made.append(backups.make_backup(path, f"test-{i}", keep=3, conn=db.conn))
    db.close()
    assert backups.list_backups(path) == list(reversed(made[-3:]))


def test_store_refuses_a_newer_schema_version_unchanged(tmp_path):
    path = tmp_path / DATABASE_FILE
    db = open_database(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(NewerDatabaseError) as info:
        open_database(path)
    assert "newer version" in str(info.value)
    assert f"schema version {SCHEMA_VERSION + 1}" in str(info.value)
    assert path.read_bytes() == before


def test_store_refuses_unknown_migrations():
    db = open_memory_database()
    db["_sqlite_migrations"].insert({"migration_set": "dragondice_desktop",
                                     "name": "m099_from_the_future", "applied_at": "x"})
    with pytest.raises(NewerDatabaseError) as info:
        migrate(db)
    assert "m099_from_the_future" in str(info.value)


def test_store_damaged_file_is_refused_and_not_touched(tmp_path):
    path = tmp_path / DATABASE_FILE
    path.write_bytes(b"this is not a database at all" * 100)
    before = path.read_bytes()
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    assert info.value.backup is None
    assert "damaged" in str(info.value) and "start fresh" in str(info.value)
    assert path.read_bytes() == before
    assert not any(p.name.endswith("-wal") for p in tmp_path.iterdir())


def corrupt(path):
    """Overwrite the middle of a real database file with garbage."""
    data = bytearray(path.read_bytes())
    data[100:len(data) - 100] = b"\xff" * (len(data) - 200)
    path.write_bytes(bytes(data))


def good_file_with_backup(tmp_path):
    path = tmp_path / DATABASE_FILE
    older_database(path)
    open_database(path).close()              # migrates, leaving one good backup
    corrupt(path)
    return path


def test_store_damaged_file_names_the_newest_good_backup(tmp_path):
    path = good_file_with_backup(tmp_path)
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    assert info.value.backup == backups.list_backups(path)[0]
    assert info.value.backup.name in str(info.value)


def test_store_restore_backup_keeps_the_damaged_file_beside(tmp_path):
    path = good_file_with_backup(tmp_path)
    damaged = path.read_bytes()
    backup = backups.newest_good_backup(path)
    aside = backups.restore_backup(path, backup)
    assert aside.read_bytes() == damaged and ".damaged-" in aside.name
    db = open_database(path)
    assert db["collection"].get("Amazons/Seer")["quantity"] == 3
    db.close()


def test_store_start_fresh_keeps_the_damaged_file_beside(tmp_path):
    path = good_file_with_backup(tmp_path)
    damaged = path.read_bytes()
    aside = backups.start_fresh(path)
    assert aside.read_bytes() == damaged
    db = open_database(path)
    assert db["collection"].count == 0
    db.close()


def test_store_restore_refuses_a_damaged_backup(tmp_path):
    path = tmp_path / DATABASE_FILE
    open_database(path).close()
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"garbage" * 50)
    with pytest.raises(ValueError, match="damaged too"):
        backups.restore_backup(path, bad)


def test_store_integrity_check_reads_only(tmp_path):
    path = tmp_path / DATABASE_FILE
    open_database(path).close()
    assert backups.check_integrity(path) == "ok"
    path.write_bytes(b"x" * 4096)
    assert backups.check_integrity(path) != "ok"


def test_store_foreign_keys_are_enforced():
    db = open_memory_database()
    with pytest.raises(sqlite3.IntegrityError):
        db["force_dice"].insert({"force_id": 99, "slot": "home_army", "position": 0,
                                 "die_key": "Amazons/Seer"})


def test_store_data_dir_option_then_environment_then_platform(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert data_dir(tmp_path / "opt") == tmp_path / "opt"
    assert data_dir() == tmp_path / "env"
    assert database_path() == tmp_path / "env" / DATABASE_FILE
    monkeypatch.delenv(ENV_VAR)
    assert "dragondice-desktop" in str(data_dir())
