"""Issue 16, storage that never loses and never lies: each defect found by killing, filling
and damaging the store's files, with the behaviour the issue asks for (backups, restore,
text that is not UTF-8, a full disk, checkpoints, stray files, message wording). The kill
and full-disk runs with real subprocesses are in test_storage_kills.py."""

import argparse
import os
import sqlite3
import time

import pytest

from dragondice_desktop.commands import store as store_cli
from dragondice_desktop.store import backups
from dragondice_desktop.store.collection import all_entries
from dragondice_desktop.store.database import (
    DamagedDatabaseError, DiskFullError, MissingDatabaseError, StoreError, backup_now,
    close_database, newest_sound_backup, open_database,
)
from dragondice_desktop.store.paths import DATABASE_FILE


def run(*argv):
    parser = argparse.ArgumentParser(prog="dragondice")
    store_cli.add_commands(parser.add_subparsers(dest="command"))
    return store_cli.run(parser.parse_args([str(a) for a in argv]))


def with_seer(path, quantity=3, notes=""):
    db = open_database(path)
    db["collection"].insert({"die_key": "Amazons/Seer", "quantity": quantity, "printing": "",
                             "condition": "", "notes": notes}, replace=True)
    close_database(db)


def seer(path):
    db = open_database(path, read_only=True)
    try:
        entry = all_entries(db).get("Amazons/Seer")
        return entry.quantity if entry else None
    finally:
        db.close()


def good_backup(path, quantity=3):
    with_seer(path, quantity)
    return backups.make_backup(path, "test")


def empty_backup_named_newer(path, good):
    """A 0-byte file named like a newer backup: what a kill while writing one used to leave."""
    later = good.name.replace(good.name.split("-")[1], "29991231")
    empty = good.with_name(later)
    empty.write_bytes(b"")
    assert backups.list_backups(path)[0] == empty
    return empty


# --- a backup killed while it is written ----------------------------------------------------

def test_an_empty_backup_is_never_good(tmp_path):
    path = tmp_path / DATABASE_FILE
    good = good_backup(path)
    empty = empty_backup_named_newer(path, good)
    assert backups.check_integrity(empty) == "the file is empty (0 bytes)"
    assert backups.newest_good_backup(path) == good
    assert newest_sound_backup(path) == good
    with pytest.raises(ValueError, match="damaged too"):
        backups.restore_backup(path, empty)


def test_a_backup_of_no_tables_is_never_good(tmp_path):
    path = tmp_path / DATABASE_FILE
    good = good_backup(path)
    blank = good.with_name(good.name.replace(good.name.split("-")[1], "29991231"))
    conn = sqlite3.connect(blank)
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    conn.close()
    assert blank.stat().st_size > 0
    assert "no tables" in backups.check_integrity(blank)
    assert newest_sound_backup(path) == good


def test_damaged_message_app_restore_and_cli_restore_skip_an_empty_backup(tmp_path, capsys):
    """The loop of the issue: a 0-byte backup was picked, restored as an empty store that
    pointed back at the same backup. Now all three pick the real one."""
    data = tmp_path / "data"
    path = data / DATABASE_FILE
    good = good_backup(path, quantity=4)
    empty_backup_named_newer(path, good)
    path.write_bytes(b"not sqlite" * 400)
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    assert info.value.backup == good and good.name in str(info.value)
    assert run("store", "restore", "--data-dir", data) == 0
    assert f"restored {good.name}" in capsys.readouterr().out
    assert seer(path) == 4


def test_a_backup_is_written_under_a_name_never_listed_until_it_is_checked(tmp_path,
                                                                           monkeypatch):
    path = tmp_path / DATABASE_FILE
    with_seer(path)
    seen = []
    real_check = backups.check_integrity

    def spy(target, **kwargs):
        seen.append((target.name, [p.name for p in backups.list_backups(path)]))
        return real_check(target, **kwargs)

    monkeypatch.setattr(backups, "check_integrity", spy)
    made = backups.make_backup(path, "before-import")
    name, listed_then = seen[0]
    assert name == f".{made.name}.partial" and made.name not in listed_then
    assert not list(backups.backup_dir(path).glob(".*"))


def test_a_copy_that_fails_its_check_is_removed_and_never_listed(tmp_path, monkeypatch):
    path = tmp_path / DATABASE_FILE
    with_seer(path)
    monkeypatch.setattr(backups, "check_integrity", lambda p, **k: "database disk image is "
                        "malformed")
    with pytest.raises(sqlite3.DatabaseError, match="failed its check"):
        backups.make_backup(path, "before-import")
    assert list(backups.backup_dir(path).iterdir()) == []


# --- a restore killed mid-way -----------------------------------------------------------------

class Killed(BaseException):
    """Stands for SIGKILL at one step (a BaseException, so no cleanup code catches it)."""


@pytest.mark.parametrize("step", ["link", "wal", "swap"])
def test_a_restore_stopped_at_any_step_leaves_a_database_and_the_next_open_finishes_it(
        tmp_path, monkeypatch, step):
    path = tmp_path / DATABASE_FILE
    good = good_backup(path, quantity=2)
    with_seer(path, quantity=9)
    (tmp_path / (DATABASE_FILE + "-wal")).write_bytes(b"")   # as a crash leaves one
    real_link, real_replace = os.link, os.replace

    def link(src, dst, *a, **k):
        if step == "link":
            raise Killed
        return real_link(src, dst, *a, **k)

    def replace(src, dst, *a, **k):
        name = os.path.basename(str(src))
        if (step == "wal" and name.endswith("-wal")) or \
                (step == "swap" and name.endswith(".restore-new")):
            raise Killed
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "link", link)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(Killed):
        backups.restore_backup(path, good)
    monkeypatch.undo()
    assert path.exists()                                     # never a missing database
    assert seer(path) == 2                                   # the open finished the restore
    kept = list(tmp_path.glob(f"{DATABASE_FILE}.damaged-*"))
    kept = [p for p in kept if not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1
    assert not list(tmp_path.glob(".*restore*"))


def test_a_restore_copy_without_its_plan_is_removed_and_changes_nothing(tmp_path):
    path = tmp_path / DATABASE_FILE
    good = good_backup(path, quantity=2)
    with_seer(path, quantity=9)
    (tmp_path / f".{DATABASE_FILE}.restore-new").write_bytes(good.read_bytes()[:1000])
    assert seer(path) == 9
    assert not (tmp_path / f".{DATABASE_FILE}.restore-new").exists()


def test_a_missing_database_with_backups_is_reported_not_recreated(tmp_path, capsys):
    data = tmp_path / "data"
    path = data / DATABASE_FILE
    good = good_backup(path, quantity=5)
    path.unlink()
    for read_only in (False, True):
        with pytest.raises(MissingDatabaseError) as info:
            open_database(path, read_only=read_only)
        assert "missing although backups of it exist" in str(info.value)
        assert info.value.backup == good and good.name in str(info.value)
        assert not path.exists()                             # not silently recreated
    assert run("collection", "export", "-", "--data-dir", data) == 2
    assert "missing although backups of it exist" in capsys.readouterr().err
    assert run("store", "restore", "--data-dir", data) == 0
    assert seer(path) == 5


def test_starting_fresh_from_a_missing_or_empty_database_gives_an_empty_store(tmp_path):
    path = tmp_path / DATABASE_FILE
    good_backup(path)
    path.unlink()
    assert backups.start_fresh(path) == path
    db = open_database(path)
    assert db["collection"].count == 0
    close_database(db)
    path.write_bytes(b"")
    kept = backups.start_fresh(path)
    assert kept.read_bytes() == b"" and seer(path) is None


# --- text that is not UTF-8 -------------------------------------------------------------------

def flip_notes_byte(path, text="Fine notes here"):
    """Flip the high bit of one byte inside a stored text: valid SQLite, invalid UTF-8."""
    data = bytearray(path.read_bytes())
    at = bytes(data).index(text.encode())
    data[at + 2] |= 0x80
    path.write_bytes(bytes(data))


def test_text_that_is_not_utf8_is_caught_at_open_and_offers_the_restore(tmp_path, capsys):
    data = tmp_path / "data"
    path = data / DATABASE_FILE
    with_seer(path, notes="Fine notes here")
    good = backups.make_backup(path, "test")
    flip_notes_byte(path)
    assert backups.check_integrity(path, live=True) == "ok"   # SQLite itself sees no harm
    damaged = path.read_bytes()
    for read_only in (False, True):
        with pytest.raises(DamagedDatabaseError) as info:
            open_database(path, read_only=read_only)
        assert "notes is not valid UTF-8 text" in str(info.value)
        assert info.value.backup == good
    assert path.read_bytes() == damaged
    for command in (("collection", "export", "-"),
                    ("collection", "import", tmp_path / "x.csv", "--yes")):
        (tmp_path / "x.csv").write_text("name,quantity\nSeer,1\n", encoding="utf-8")
        assert run(*command, "--data-dir", data) == 2
        err = capsys.readouterr().err
        assert "not valid UTF-8" in err and "dragondice store restore" in err
    assert path.read_bytes() == damaged


def test_collection_window_path_offers_the_restore_for_text_that_is_not_utf8(qtbot, tmp_path):
    from dragondice_desktop.ui.store_dialogs import RESTORE, open_store

    path = tmp_path / DATABASE_FILE
    with_seer(path, quantity=6, notes="Fine notes here")
    backups.make_backup(path, "test")
    flip_notes_byte(path)
    asked = []
    db = open_store(path, ask=lambda parent, error: asked.append(error) or RESTORE)
    assert "not valid UTF-8" in asked[0].detail
    assert all_entries(db)["Amazons/Seer"].quantity == 6
    close_database(db)


# --- a full disk --------------------------------------------------------------------------------

def test_a_full_disk_during_an_import_write_is_a_message_and_nothing_changes(tmp_path,
                                                                              capsys,
                                                                              monkeypatch):
    from dragondice_desktop.store import collection

    data = tmp_path / "data"
    path = data / DATABASE_FILE
    with_seer(path, quantity=3)

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(collection, "_write_entry", full, raising=False)
    monkeypatch.setattr("dragondice_desktop.store.collection_csv.write_entries", full)
    csv = tmp_path / "more.csv"
    csv.write_text("name,quantity\nSeer,7\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", data) == 2
    err = capsys.readouterr().err
    assert "is full" in err and "nothing was changed" in err and "Traceback" not in err
    assert seer(path) == 3


def test_a_full_disk_for_the_backup_before_an_import_says_so_once(tmp_path, monkeypatch):
    path = tmp_path / DATABASE_FILE
    with_seer(path)
    db = open_database(path)

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backups, "make_backup", full)
    with pytest.raises(DiskFullError) as info:
        backup_now(db, "before-import")
    assert "before import" in str(info.value) and "before before" not in str(info.value)
    monkeypatch.setattr(backups, "make_backup",
                        lambda *a, **k: (_ for _ in ()).throw(PermissionError(13, "denied")))
    with pytest.raises(StoreError) as info:
        backup_now(db, "before-import")
    assert "could not back up" in str(info.value) and "before import" in str(info.value)
    assert "before before" not in str(info.value)
    db.close()


# --- checkpoints, stray files, wording ----------------------------------------------------------

def test_a_committed_change_survives_losing_the_wal_once_closed(tmp_path, capsys):
    data = tmp_path / "data"
    path = data / DATABASE_FILE
    csv = tmp_path / "mine.csv"
    csv.write_text("name,quantity\nSeer,3\n", encoding="utf-8")
    assert run("collection", "import", csv, "--yes", "--data-dir", data) == 0
    wal = data / (DATABASE_FILE + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    wal.unlink(missing_ok=True)
    assert seer(path) == 3


def test_an_import_checkpoints_while_the_database_stays_open(tmp_path):
    """The app keeps its database open: after a bulk write the change is in the file."""
    from dragondice_desktop.catalog.loader import load_catalog
    from dragondice_desktop.store.collection_csv import apply_import, preview_import

    path = tmp_path / DATABASE_FILE
    with_seer(path, quantity=1)
    db = open_database(path)
    reader = sqlite3.connect(path)          # a second connection, as a reading window keeps
    reader.execute("SELECT 1").fetchall()
    preview = preview_import(db, b"name,quantity\nSeer,5\n", "replace", load_catalog())
    apply_import(db, preview, confirmed=True)
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(path.read_bytes())     # the main file alone, without its -wal
    conn = sqlite3.connect(copy)
    assert conn.execute("SELECT quantity FROM collection").fetchall() == [(5,)]
    conn.close()
    reader.close()
    close_database(db)


def test_stray_side_files_in_backups_are_cleaned_up(tmp_path):
    path = tmp_path / DATABASE_FILE
    good = good_backup(path)
    folder = backups.backup_dir(path)
    strays = [folder / (good.name + "-journal"), folder / (good.name + "-wal"),
              folder / (good.name + "-shm"), folder / ".dragondice-x.sqlite3.partial",
              folder / ".dragondice-x.sqlite3.partial-journal"]
    for stray in strays:
        stray.write_bytes(b"left by a kill")
    young = folder / ".dragondice-y.sqlite3.partial"
    young.write_bytes(b"being written by another process")
    old = time.time() - 3600
    for stray in strays:
        os.utime(stray, (old, old))
    open_database(path, read_only=True).close()           # a read-only command writes nothing
    assert all(stray.exists() for stray in strays)
    close_database(open_database(path))
    assert sorted(p.name for p in folder.iterdir()) == sorted([good.name, young.name])


def test_messages_read_as_sentences(tmp_path):
    path = tmp_path / DATABASE_FILE
    path.write_bytes(b"not sqlite" * 400)
    with pytest.raises(DamagedDatabaseError) as info:
        open_database(path)
    text = str(info.value)
    assert "You can no" not in text
    assert "No good backup was found; you can start fresh beside it" in text
