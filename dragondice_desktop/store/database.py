"""Open the store: check the file, refuse what it cannot read, back up, migrate.

No Qt. ``open_database(path)`` is the one way the app and the CLI open the file:

1. a file that fails ``PRAGMA integrity_check`` (or is not SQLite at all) raises
   ``DamagedDatabaseError`` and is left exactly as it was; the error names the newest good
   backup so the caller can offer ``backups.restore_backup`` or ``backups.start_fresh``;
2. a file written by a newer version of the app (schema version or migration names this
   version does not know) raises ``NewerDatabaseError``, unchanged;
3. before pending migrations run on a file that already holds tables, it is copied to a
   dated backup (``backups.make_backup``);
4. foreign keys are switched on, WAL is enabled for files, migrations are applied and the
   schema version is written to ``PRAGMA user_version``.

``open_memory_database()`` gives a migrated in-memory database for tests.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from . import backups
from .migrations import KNOWN_NAMES, MIGRATIONS, SCHEMA_VERSION


class StoreError(Exception):
    """The store cannot do what was asked; the message says why and what to do."""


class DamagedDatabaseError(StoreError):
    """The database file is damaged. Nothing was written to it.

    Attributes: ``path`` (the damaged file), ``detail`` (what SQLite reported),
    ``backup`` (the newest backup passing the integrity check, or None).
    """

    def __init__(self, path: Path, detail: str, backup: Path | None):
        self.path, self.detail, self.backup = Path(path), detail, backup
        if backup:
            choice = (f"restore the newest good backup ('{backup.name}') or start fresh "
                      "beside it")
        else:
            choice = "no good backup was found; start fresh beside it"
        super().__init__(f"the database '{path}' is damaged ({detail}). It was not changed. "
                         f"You can {choice}; the damaged file is kept either way.")


class NewerDatabaseError(StoreError):
    """The database was written by a newer version of the app; it was not changed."""


def open_database(path: str | os.PathLike, *, keep_backups: int = backups.KEEP_BACKUPS
                  ) -> Database:
    """Open (creating if needed) and migrate the database file at ``path``.

    Creates the parent folder. Raises DamagedDatabaseError or NewerDatabaseError as the
    module docstring says, and StoreError when the folder or file cannot be written.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder '{path.parent}': "
                         f"{exc.strerror or exc}") from None
    if path.exists() and path.stat().st_size > 0:
        verdict = backups.check_integrity(path)
        if verdict != "ok":
            raise DamagedDatabaseError(path, verdict, backups.newest_good_backup(path))
    db = None
    try:
        db = Database(path)
        db.execute("PRAGMA foreign_keys = ON")
        _refuse_newer(db, path)
        if MIGRATIONS.pending(db) and _has_tables(db):
            backups.make_backup(path, "before-migration", keep_backups, conn=db.conn)
        db.enable_wal()
        _migrate(db)
    except NewerDatabaseError:
        db.close()
        raise
    except sqlite3.OperationalError as exc:
        # Locked, read-only or unreachable: not damage, and nothing was changed.
        if db is not None:
            db.close()
        raise StoreError(f"cannot open the database '{path}': {exc}. Nothing was changed.") \
            from None
    except sqlite3.DatabaseError as exc:
        # Damage the integrity check could not see (e.g. a file changed under us).
        if db is not None:
            db.close()
        raise DamagedDatabaseError(path, str(exc), backups.newest_good_backup(path)) from None
    except OSError as exc:
        if db is not None:
            db.close()
        raise StoreError(f"cannot write the database '{path}': {exc.strerror or exc}") \
            from None
    return db


def open_memory_database() -> Database:
    """A new, migrated in-memory database with foreign keys on (for tests and previews)."""
    db = Database(memory=True)
    db.execute("PRAGMA foreign_keys = ON")
    _migrate(db)
    return db


def migrate(db: Database) -> None:
    """Apply pending migrations to an open database (after the newer-version check).

    Raises NewerDatabaseError for a database from a newer version.
    """
    _refuse_newer(db, database_file(db))
    _migrate(db)


def _migrate(db: Database) -> None:
    MIGRATIONS.apply(db)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def schema_version(db: Database) -> int:
    """The schema version written in the database (0 for a new file)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _refuse_newer(db: Database, where: Path | None) -> None:
    version = schema_version(db)
    applied = {m.name for m in MIGRATIONS.applied(db)}
    unknown = sorted(applied - KNOWN_NAMES)
    if version > SCHEMA_VERSION or unknown:
        name = f"'{where}'" if where else "the database"
        detail = (f"schema version {version}, this version reads up to {SCHEMA_VERSION}"
                  if version > SCHEMA_VERSION else f"unknown changes {', '.join(unknown)}")
        raise NewerDatabaseError(f"{name} was written by a newer version of Dragon Dice "
                                 f"Desktop ({detail}). It was not changed. Update the app, "
                                 "or point it at another folder with --data-dir.")


def _has_tables(db: Database) -> bool:
    return bool(db.table_names())


def database_file(db: Database) -> Path | None:
    """The file behind an open database, or None for an in-memory one."""
    for row in db.execute("PRAGMA database_list").fetchall():
        if row[1] == "main" and row[2]:
            return Path(row[2])
    return None


def backup_now(db: Database, reason: str) -> Path | None:
    """Back up an open file database before a bulk change; None for an in-memory one.

    Raises StoreError when the backup cannot be written (the caller then must not go on).
    """
    path = database_file(db)
    if path is None:
        return None
    try:
        return backups.make_backup(path, reason, conn=db.conn)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"could not back up '{path}' before {reason.replace('-', ' ')}: "
                         f"{exc}; nothing was changed") from None
