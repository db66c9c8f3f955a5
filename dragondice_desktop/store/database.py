"""Open the store: check the file, refuse what it cannot read, back up, migrate.

No Qt. ``open_database(path)`` is the one way the app and the CLI open the file:

1. a folder or other non-file at the path raises ``StoreError`` saying so;
2. a file that fails ``PRAGMA integrity_check`` (or is not SQLite at all), or an empty
   (0-byte) file while backups of it exist (a truncated file, not a new one), raises
   ``DamagedDatabaseError`` and is left exactly as it was; the error names the newest good
   backup so the caller can offer ``backups.restore_backup`` or ``backups.start_fresh``;
   a missing file while backups of it exist raises ``MissingDatabaseError`` (a kind of
   DamagedDatabaseError) rather than silently making an empty store;
3. a file written by a newer version of the app (schema version or migration names this
   version does not know) raises ``NewerDatabaseError``, unchanged;
4. before pending migrations run on a file that already holds tables, it is copied to a
   dated backup (``backups.make_backup``; an identical newest backup is reused);
5. foreign keys are switched on; the migrations, the schema version and a check of the
   schema and of the stored values (``schema_problems``) run in one transaction, so a
   failed migration or a check that finds damage (a missing table, a quantity that is not a
   number, text that is not UTF-8) is rolled back and reported as ``DamagedDatabaseError``
   saying truthfully whether the file changed; WAL is enabled for files only after that
   succeeds.

Before any of this a restore a kill interrupted is finished
(``backups.finish_interrupted_restore``) and (read-write opens only) leftovers in the backup
folder are removed. A
full disk (or a file-size limit) is reported as ``DiskFullError``, never as damage.
``close_database(db)`` checkpoints the WAL into the file before closing, and
``checkpoint(db)`` does so after bulk writes, so a committed change never depends on the
-wal file once the app has closed the database.

``open_database(path, read_only=True)`` (for commands that only read) never writes: a
missing file reads as an empty store, and a file from an older version is migrated in a
memory copy (finishing an interrupted restore the player asked for is its only write). A
file the user may not write is refused by the read-write open with a clear message. ``open_memory_database()`` gives a migrated in-memory database for tests.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from ..forces.errors import MAX_POINTS
from . import backups
from .collection import MAX_QUANTITY
from .migrations import FORCE_SLOTS, KNOWN_NAMES, MIGRATIONS, SCHEMA_VERSION


class StoreError(Exception):
    """The store cannot do what was asked; the message says why and what to do."""


class DamagedDatabaseError(StoreError):
    """The database file is damaged.

    Attributes: ``path`` (the damaged file), ``detail`` (what is wrong), ``backup`` (the
    newest good backup: it passes the integrity check and opens without problems, or None),
    ``changed`` (False: nothing was written to the file; True: a failed update changed it),
    ``before`` (the backup made just before that update, holding the file as it was).
    """

    def __init__(self, path: Path, detail: str, backup: Path | None, *, changed: bool = False,
                 before: Path | None = None):
        self.path, self.detail, self.backup = Path(path), detail, backup
        self.changed, self.before = changed, before
        state = ("The failed update changed the file" + (
                 f"; the backup '{before.name}' holds it as it was before." if before else ".")
                 if changed else "It was not changed.")
        super().__init__(f"the database '{path}' is damaged ({detail}). {state} "
                         f"{_choices(backup)}; the damaged file is kept either way.")


def _choices(backup: Path | None) -> str:
    """The ways out, as a sentence without its full stop."""
    if backup:
        return (f"You can restore the newest good backup ('{backup.name}': in the app, or "
                "with 'dragondice store restore') or start fresh beside it")
    return "No good backup was found; you can start fresh beside it"


class MissingDatabaseError(DamagedDatabaseError):
    """The database file is missing although backups of it exist (it was moved or deleted,
    or an older version was killed while restoring). Nothing was created. Same attributes
    as DamagedDatabaseError (``changed`` is False)."""

    def __init__(self, path: Path, backup: Path | None):
        self.path, self.backup, self.changed, self.before = Path(path), backup, False, None
        self.detail = "the file is missing although backups of it exist"
        StoreError.__init__(self, f"the database '{path}' is missing although backups of it "
                                  f"exist, so an empty one was not made in its place. "
                                  f"{_choices(backup)}.")


class DiskFullError(StoreError):
    """The disk (or the allowed file size) is full: the store could not write; what was
    saved before is intact."""


class NewerDatabaseError(StoreError):
    """The database was written by a newer version of the app; it was not changed."""


class ReadOnlyDatabaseError(StoreError):
    """The database file (or its folder) cannot be written; nothing was changed."""


class _SchemaDamage(Exception):
    """Raised inside the migration transaction to roll it back; becomes DamagedDatabaseError."""


def open_database(path: str | os.PathLike, *, keep_backups: int = backups.KEEP_BACKUPS,
                  read_only: bool = False) -> Database:
    """Open (creating if needed) and migrate the database file at ``path``.

    Creates the parent folder. Raises DamagedDatabaseError or NewerDatabaseError as the
    module docstring says, ReadOnlyDatabaseError when the file or folder cannot be written,
    and StoreError when the path is a folder or the file cannot be opened. With
    ``read_only`` nothing is created or written (see the module docstring).
    """
    path = Path(path)
    _check_path(path)
    _finish_restore(path)
    if read_only:
        return _open_read_only(path)
    backups.clean_backup_folder(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        if _no_room(exc, path):
            raise DiskFullError(_full_message(path, "the data folder cannot be made"))
        raise StoreError(f"cannot create the data folder '{path.parent}': "
                         f"{exc.strerror or exc}") from None
    _check_file(path)
    _check_writable(path)
    existed = path.exists()
    before = _fingerprint(path)
    db = None
    migrating = False
    made_backup: Path | None = None
    try:
        db = Database(path)
        db.execute("PRAGMA foreign_keys = ON")
        _refuse_newer(db, path)
        if MIGRATIONS.pending(db) and _has_tables(db):
            try:
                made_backup = backups.make_backup(path, "before-migration", keep_backups,
                                                  conn=db.conn)
            except (OSError, sqlite3.Error) as exc:
                raise StoreError(f"could not back up '{path}' before updating it to this "
                                 f"version's format: {getattr(exc, 'strerror', None) or exc}."
                                 " Nothing was changed.") from None
        migrating = True
        _migrate(db)
        migrating = False
        db.enable_wal()
        return db
    except (NewerDatabaseError, StoreError):
        assert db is not None  # both are raised only once the database is open
        db.close()
        raise
    except _SchemaDamage as exc:
        assert db is not None  # raised only once the database is open
        db.close()
        changed = _fingerprint(path) != before
        raise DamagedDatabaseError(path, str(exc), newest_sound_backup(path),
                                   changed=changed, before=made_backup) from None
    except (sqlite3.Error, OSError, UnicodeDecodeError) as exc:
        if db is not None:
            db.close()
        if not existed and _no_room(exc, path):
            _remove_new_file(path)     # made by this call: it holds nothing of the player's
        changed = existed and path.exists() and _fingerprint(path) != before
        reason = getattr(exc, "strerror", None) or exc
        if _no_room(exc, path) and not changed:
            # Rolled back by SQLite: the file holds what it held. (A step that did change
            # the file is reported below, truthfully, with the backup made before it.)
            raise DiskFullError(_full_message(path, "it could not be opened")) from None
        if migrating or changed or not _is_access_problem(exc):
            detail = (f"updating it to this version's format failed: {reason}"
                      if migrating else str(reason))
            raise DamagedDatabaseError(path, detail, newest_sound_backup(path),
                                       changed=changed, before=made_backup) from None
        # Locked, busy or unreachable: not damage, and nothing was changed.
        raise StoreError(f"cannot open the database '{path}': {reason}. Nothing was "
                         "changed.") from None


def _check_path(path: Path) -> None:
    """StoreError when something other than a database file is at ``path``."""
    try:
        if path.is_dir():
            raise StoreError(f"the database path '{path}' is a folder, not a database file. "
                             "Nothing was changed. Move the folder away, or point the app "
                             "at another data folder with --data-dir.")
        if path.exists() and not path.is_file():
            raise StoreError(f"the database path '{path}' is not a regular file (a device, "
                             "pipe or socket). Nothing was changed. Point the app at another "
                             "data folder with --data-dir.")
    except OSError as exc:
        raise StoreError(f"cannot look at the database '{path}': {exc.strerror or exc}") \
            from None


def _remove_new_file(path: Path) -> None:
    for extra in (path, *(path.with_name(path.name + s) for s in backups.SIDE_SUFFIXES)):
        try:
            extra.unlink(missing_ok=True)
        except OSError:
            pass


def _finish_restore(path: Path) -> None:
    """Finish a restore a kill interrupted (StoreError when it cannot be finished now)."""
    try:
        backups.finish_interrupted_restore(path)
    except OSError as exc:
        raise StoreError(f"a restore of the database '{path}' was interrupted and cannot be "
                         f"finished now: {exc.strerror or exc}. Nothing was lost; try again "
                         "when the folder can be written.") from None


def _no_room(exc: BaseException, path: Path) -> bool:
    """True when ``exc`` means there is no room to write: SQLite's "database or disk is
    full", ENOSPC/EFBIG/EDQUOT, or an I/O error while the disk has (almost) no free space or
    a file-size limit is set for this process."""
    import errno
    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", -1))
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc).casefold()
    if code == sqlite3.SQLITE_FULL or "disk is full" in text:
        return True
    if (code is not None and code & 0xFF == sqlite3.SQLITE_IOERR) or "disk i/o" in text:
        return _disk_nearly_full(path) or _file_size_limited()
    return False


def _disk_nearly_full(path: Path) -> bool:
    import shutil
    try:
        return shutil.disk_usage(path.parent if path.parent.exists() else ".").free < 1 << 20
    except OSError:
        return False


def _file_size_limited() -> bool:
    try:
        import resource
    except ImportError:                      # Windows
        return False
    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    return soft != resource.RLIM_INFINITY


def _full_message(path: Path, what: str) -> str:
    return (f"the disk holding '{path.parent}' is full (or this process may not make files "
            f"that large), so {what}. What was saved before is intact. Free some space and "
            "try again.")


def _check_file(path: Path) -> None:
    """DamagedDatabaseError for a damaged file, or an empty one that has backups;
    MissingDatabaseError for a missing file that has backups."""
    try:
        size = path.stat().st_size if path.exists() else None
    except OSError as exc:
        raise StoreError(f"cannot read the database '{path}': {exc.strerror or exc}") from None
    if size is None:
        if backups.list_backups(path):
            raise MissingDatabaseError(path, newest_sound_backup(path))
        return
    if size == 0:
        if backups.list_backups(path):
            raise DamagedDatabaseError(
                path, "the file is empty (0 bytes) although backups of it exist, so it was "
                "probably cut short; it is not treated as a new database",
                newest_sound_backup(path))
        return
    verdict = backups.check_integrity(path, live=True)
    if verdict != "ok":
        if "disk i/o" in verdict.casefold() and (_disk_nearly_full(path)
                                                   or _file_size_limited()):
            # Reading a file with a -wal needs room for its -shm index: not damage.
            raise DiskFullError(_full_message(path, "it could not be opened"))
        raise DamagedDatabaseError(path, verdict, newest_sound_backup(path))


def _check_writable(path: Path) -> None:
    target = path if path.exists() else path.parent
    if not os.access(target, os.W_OK) or (path.exists() and not os.access(path.parent, os.W_OK)):
        what = "file" if target == path else "folder"
        raise ReadOnlyDatabaseError(
            f"the database '{path}' cannot be written (its {what} is read-only). Nothing was "
            "changed. Commands that only read (force list, force export, collection export) "
            "still work; make the file writable to change it.")


def _is_access_problem(exc: BaseException) -> bool:
    text = str(exc).casefold()
    return isinstance(exc, OSError) or any(word in text for word in (
        "locked", "busy", "readonly", "read-only", "unable to open", "disk i/o",
        "permission", "access"))


def _fingerprint(path: Path) -> tuple[str, str]:
    """The digests of the file and of a non-empty -wal beside it (what a change would alter)."""
    wal = path.with_name(path.name + "-wal")
    wal_digest = backups.file_digest(wal) if wal.exists() and wal.stat().st_size else ""
    return backups.file_digest(path), wal_digest


def _open_read_only(path: Path) -> Database:
    _check_file(path)
    if not path.exists():
        return open_memory_database()          # nothing saved yet; nothing is created
    if path.stat().st_size == 0:
        return open_memory_database()
    conn = None
    try:
        conn = _connect_read_only(path)
        db = Database(conn)
        _refuse_newer(db, path)
        if MIGRATIONS.pending(db) or schema_version(db) != SCHEMA_VERSION:
            # An older file: read a migrated copy in memory, never the file itself.
            memory = sqlite3.connect(":memory:")
            conn.backup(memory)
            conn.close()
            db = Database(memory)
        db.execute("PRAGMA foreign_keys = ON")
        _migrate(db)
        return db
    except NewerDatabaseError:
        assert conn is not None  # raised only once the file is open
        conn.close()
        raise
    except _SchemaDamage as exc:
        assert conn is not None  # raised only once the file is open
        conn.close()
        raise DamagedDatabaseError(path, str(exc), newest_sound_backup(path)) from None
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        if conn is not None:
            conn.close()
        if _no_room(exc, path):
            raise DiskFullError(_full_message(path, "it could not be read")) from None
        if _is_access_problem(exc):
            raise StoreError(f"cannot read the database '{path}': {exc}. Nothing was "
                             "changed.") from None
        raise DamagedDatabaseError(path, str(exc), newest_sound_backup(path)) from None


def newest_sound_backup(path: Path) -> Path | None:
    """The newest backup of the database at ``path`` that passes the integrity check and
    would open without problems (its migrations and schema check succeed on a memory copy);
    None when there is none. Backups are read as immutable files (no side files appear)."""
    for backup in backups.list_backups(path):
        if backups.check_integrity(backup) == "ok" and _opens_cleanly(backup):
            return backup
    return None


def _opens_cleanly(backup: Path) -> bool:
    try:
        source = sqlite3.connect(backups._immutable_uri(backup), uri=True)
        memory = sqlite3.connect(":memory:")
        try:
            source.backup(memory)
        finally:
            source.close()
        db = Database(memory)
        try:
            _refuse_newer(db, backup)
            _migrate(db)
        finally:
            db.close()
    except (sqlite3.Error, StoreError, _SchemaDamage, OSError, UnicodeDecodeError):
        return False
    return True


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection; immutable when SQLite cannot make its -shm file (a read-only
    folder), which is safe for a command that reads once."""
    conn = sqlite3.connect(backups._read_only_uri(path), uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError:
        conn.close()
        return sqlite3.connect(backups._immutable_uri(path), uri=True)


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
    """Pending migrations, the schema version and the schema check, in one transaction:
    a failure anywhere rolls all of it back (raises _SchemaDamage for a failed check)."""
    with db.atomic():
        if MIGRATIONS.pending(db):
            MIGRATIONS.apply(db)
        if schema_version(db) != SCHEMA_VERSION:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        try:
            problems = schema_problems(db)
        except (sqlite3.Error, UnicodeDecodeError) as exc:   # e.g. text that is not UTF-8
            problems = [f"a stored value cannot be read ({exc})"]
        if problems:
            more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
            raise _SchemaDamage("; ".join(problems[:5]) + more)


# Tables and columns the app reads (after all migrations).
EXPECTED_COLUMNS = {
    "collection": ("die_key", "quantity", "printing", "condition", "notes", "updated_at"),
    "forces": ("id", "name", "points", "home_terrain", "frontier_terrain", "error_count",
               "warning_count", "total_points", "created_at", "updated_at"),
    "force_dice": ("force_id", "slot", "position", "die_key"),
}
_TEXT = "typeof({0}) NOT IN ('text', 'null')"
_INT = "typeof({0}) NOT IN ('integer', 'null')"
# (table, label column, column, bad-row condition, what the value must be)
_VALUE_CHECKS = (
    ("collection", "die_key", "die_key", "typeof(die_key) != 'text' OR die_key = ''",
     "a catalog die key"),
    ("collection", "die_key", "quantity",
     f"typeof(quantity) != 'integer' OR quantity < 0 OR quantity > {MAX_QUANTITY}",
     f"a whole number from 0 to {MAX_QUANTITY}"),
    *(("collection", "die_key", column, _TEXT.format(column), "text")
      for column in ("printing", "condition", "notes")),
    ("forces", "name", "name", "typeof(name) != 'text' OR trim(name) = ''", "a name"),
    ("forces", "name", "points",
     f"typeof(points) != 'integer' OR points < 1 OR points > {MAX_POINTS}",
     f"a whole number of points from 1 to {MAX_POINTS}"),
    *(("forces", "name", column, "typeof({0}) != 'text'".format(column), "text (a die key)")
      for column in ("home_terrain", "frontier_terrain")),
    *(("forces", "name", column, _INT.format(column), "a whole number")
      for column in ("error_count", "warning_count", "total_points")),
    ("force_dice", "force_id", "slot",
     "slot NOT IN (" + ", ".join(f"'{s}'" for s in FORCE_SLOTS) + ")",
     "one of " + ", ".join(FORCE_SLOTS)),
    ("force_dice", "force_id", "position", "typeof(position) != 'integer'", "a whole number"),
    ("force_dice", "force_id", "die_key", "typeof(die_key) != 'text'", "text (a die key)"),
)


def schema_problems(db: Database) -> list[str]:
    """What is wrong with the tables and stored values, one sentence each ([] when sound):
    a missing table or column, or a row whose value has the wrong type or range."""
    problems = []
    tables = set(db.table_names())
    for table, columns in EXPECTED_COLUMNS.items():
        if table not in tables:
            problems.append(f"the table {table!r} is missing")
            continue
        have = {c.name for c in db[table].columns}
        missing = [c for c in columns if c not in have]
        if missing:
            problems.append(f"the table {table!r} lacks the column(s) {', '.join(missing)}")
    if problems:
        return problems
    problems = _undecodable_text(db)
    if problems:
        return problems
    for table, label, column, condition, expected in _VALUE_CHECKS:
        rows = db.execute(f"SELECT {label}, {column} FROM {table} WHERE {condition} "
                          "LIMIT 3").fetchall()
        total = db.execute(f"SELECT count(*) FROM {table} WHERE {condition}").fetchone()[0]
        for name, value in rows:
            problems.append(f"{table} row {_shown(name)}: {column} is {_shown(value)}, "
                            f"expected {expected}")
        if total > len(rows):
            problems.append(f"{total - len(rows)} more {table} rows with a bad {column}")
    return problems


def _undecodable_text(db: Database) -> list[str]:
    """Rows holding text that is not UTF-8 (one flipped bit is enough): reading them would
    fail later, so the open checks name them (at most 3 a table)."""
    problems = []
    conn = db.conn
    saved = conn.text_factory
    conn.text_factory = bytes
    try:
        for table, columns in EXPECTED_COLUMNS.items():
            cols = ", ".join(columns)
            bad = 0
            for row in conn.execute(f"SELECT {cols} FROM {table}"):
                for column, value in zip(columns, row):
                    if isinstance(value, bytes) and not _is_utf8(value):
                        bad += 1
                        if bad <= 3:
                            label = row[0]
                            label = label.decode("utf-8", "replace") \
                                if isinstance(label, bytes) else label
                            problems.append(f"{table} row {_shown(label)}: {column} is not "
                                            "valid UTF-8 text")
                        break
            if bad > 3:
                problems.append(f"{bad - 3} more {table} rows with text that is not UTF-8")
    finally:
        conn.text_factory = saved
    return problems


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _shown(value: object) -> str:
    if isinstance(value, bytes):
        return f"binary data ({len(value)} bytes)"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


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
        what = reason.replace("-", " ")
        what = what if what.startswith("before ") else f"before {what}"
        if _no_room(exc, path):
            raise DiskFullError(_full_message(path, f"no backup could be made {what}; "
                                              "nothing was changed")) from None
        raise StoreError(f"could not back up '{path}' {what}: "
                         f"{getattr(exc, 'strerror', None) or exc}; nothing was changed"
                         ) from None


def checkpoint(db: Database) -> None:
    """Copy everything the WAL holds into the database file and empty the WAL (after bulk
    writes and before closing), so a committed change no longer depends on the -wal file.
    Never raises: a checkpoint that cannot run now (another reader, a full disk) leaves
    the WAL as it is, which SQLite reads correctly."""
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite3.Error:
        pass


def close_database(db: Database) -> None:
    """Checkpoint (``checkpoint``) and close an open database."""
    checkpoint(db)
    db.close()


def write_error(exc: BaseException, db: Database) -> StoreError:
    """The StoreError to raise for a sqlite3/OS error while writing to ``db``: DiskFullError
    for no room, else a StoreError naming it. SQLite has rolled the change back either way."""
    path = database_file(db) or Path(".")
    if _no_room(exc, path):
        return DiskFullError(_full_message(path, "the change could not be written; nothing "
                                           "was changed"))
    return StoreError(f"the change could not be written to '{path}' "
                      f"({getattr(exc, 'strerror', None) or exc}); nothing was changed")
