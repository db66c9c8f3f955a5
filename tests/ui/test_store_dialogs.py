"""ui.store_dialogs.open_store: a damaged database is never overwritten; the player's choice
(restore the newest good backup, start fresh, or leave it) is carried out."""

from dragondice_desktop.store import backups
from dragondice_desktop.store.database import open_database
from dragondice_desktop.ui.store_dialogs import FRESH, RESTORE, open_store


def damaged_with_backup(tmp_path):
    path = tmp_path / "dd.sqlite3"
    db = open_database(path)
    db["collection"].insert({"die_key": "Amazons/Seer", "quantity": 2, "printing": "",
                             "condition": "", "notes": ""})
    backups.make_backup(path, "test", conn=db.conn)
    db.close()
    data = bytearray(path.read_bytes())
    data[100:-100] = b"\xff" * (len(data) - 200)
    path.write_bytes(bytes(data))
    return path, bytes(data)


def test_store_dialog_restore_keeps_damaged_file(qtbot, tmp_path):
    path, damaged = damaged_with_backup(tmp_path)
    asked = []
    db = open_store(path, ask=lambda parent, error: asked.append(error) or RESTORE)
    assert asked and asked[0].backup is not None
    assert db["collection"].get("Amazons/Seer")["quantity"] == 2
    kept = [p for p in tmp_path.iterdir()
            if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged
    db.close()


def test_store_dialog_start_fresh(qtbot, tmp_path):
    path, damaged = damaged_with_backup(tmp_path)
    db = open_store(path, ask=lambda parent, error: FRESH)
    assert db["collection"].count == 0
    db.close()


def test_store_dialog_not_now_changes_nothing(qtbot, tmp_path):
    path, damaged = damaged_with_backup(tmp_path)
    assert open_store(path, ask=lambda parent, error: None) is None
    assert path.read_bytes() == damaged


def test_store_dialog_empty_file_with_backups_is_offered_a_restore(qtbot, tmp_path):
    path = tmp_path / "dd.sqlite3"
    db = open_database(path)
    db["collection"].insert({"die_key": "Amazons/Seer", "quantity": 2, "printing": "",
                             "condition": "", "notes": ""})
    backups.make_backup(path, "test", conn=db.conn)
    db.close()
    path.write_bytes(b"")                       # cut short, e.g. by a full disk
    asked = []
    assert open_store(path, ask=lambda parent, error: asked.append(error)) is None
    assert "empty (0 bytes) although backups of it exist" in asked[0].detail
    assert path.read_bytes() == b""             # "not now": not written over
    db = open_store(path, ask=lambda parent, error: RESTORE)
    assert db["collection"].get("Amazons/Seer")["quantity"] == 2
    db.close()


def test_store_dialog_folder_at_the_path_is_a_message(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    path = tmp_path / "dd.sqlite3"
    path.mkdir()
    assert open_store(path, ask=lambda parent, error: RESTORE) is None
    assert shown and "is a folder, not a database file" in shown[0]
