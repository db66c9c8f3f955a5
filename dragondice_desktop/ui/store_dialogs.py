"""Opening the store from the app: a damaged or newer database is explained, never
overwritten, and the player chooses what happens.

``open_store(path, parent)`` returns an open database or None (the app then runs without
collection and saved forces). For a damaged file it offers: restore the newest good backup,
or start fresh beside it; either way the damaged file is kept as ``<name>.damaged-<time>``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget
from sqlite_utils import Database

from ..store.backups import backup_time, restore_backup, start_fresh
from ..store.database import (
    DamagedDatabaseError, MissingDatabaseError, StoreError, open_database,
)

RESTORE, FRESH = "restore", "fresh"


def ask_damaged(parent: QWidget | None, error: DamagedDatabaseError) -> str | None:
    """Ask what to do with a damaged database: RESTORE, FRESH, or None (leave it)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    if isinstance(error, MissingDatabaseError):
        box.setWindowTitle("The collection database is missing")
        box.setText(f"The file {error.path} is missing, although backups of it exist, so "
                    "an empty collection was not made in its place.\n\n"
                    "Restore the newest good backup, or start fresh.")
    else:
        box.setWindowTitle("The collection database is damaged")
        state = ("A failed update changed it" if error.changed else "It has not been changed")
        box.setText(f"The file {error.path} is damaged ({error.detail}).\n\n"
                    f"{state}, and it will be kept either way.")
    restore = None
    if error.backup is not None:
        when = backup_time(error.backup)
        stamp = when.strftime("%Y-%m-%d %H:%M") if when else error.backup.name
        restore = box.addButton(f"Restore the backup of {stamp}",
                                QMessageBox.ButtonRole.AcceptRole)
    fresh = box.addButton("Start fresh" if isinstance(error, MissingDatabaseError)
                          else "Start fresh beside it", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
    box.exec()
    clicked = box.clickedButton()
    if restore is not None and clicked is restore:
        return RESTORE
    if clicked is fresh:
        return FRESH
    return None


def open_store(path: str | os.PathLike, parent: QWidget | None = None,
               ask: Callable[[QWidget | None, DamagedDatabaseError], str | None] = ask_damaged,
               ) -> Database | None:
    """Open the database at ``path``, asking the player (``ask``) what to do if it is
    damaged; a newer-version or unwritable database is reported in a message box. Returns
    the database, or None when it stays closed."""
    path = Path(path)
    try:
        return open_database(path)
    except DamagedDatabaseError as error:
        choice = ask(parent, error)
        try:
            if choice == RESTORE and error.backup is not None:
                restore_backup(path, error.backup)
            elif choice == FRESH:
                start_fresh(path)
            else:
                return None
            return open_database(path)
        except (StoreError, OSError, ValueError) as exc:
            _warn(parent, "Cannot open the collection database", str(exc))
            return None
    except StoreError as exc:
        _warn(parent, "Cannot open the collection database", str(exc))
        return None


def _warn(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.warning(parent, title, text)
