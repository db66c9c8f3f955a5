"""Dated copies of the database file, and the two ways out of a damaged one.

No Qt. Backups live in ``<data dir>/backups/`` as
``<stem>-YYYYMMDD-HHMMSS-ffffff-<reason>.sqlite3`` and are made with SQLite's online backup
API, so a copy is consistent even while the app has the file open in WAL mode; each copy is a
self-contained file (rollback journal, no -wal/-shm beside it). A backup whose content is
identical to the newest one is not made twice, so retrying a failing step never crowds out
older backups. Only the last ``KEEP_BACKUPS`` are kept, and pruning never removes the newest
older backup that passes the integrity check (the last known good state before this one).
Backups and damaged files are only ever read as immutable files, so checking them leaves no
side files. A damaged file is never overwritten or deleted: restoring or starting fresh
first moves it (and its -wal/-shm files) aside as ``<name>.damaged-<time>``.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import shutil
import sqlite3
from pathlib import Path

KEEP_BACKUPS = 5
BACKUP_DIR = "backups"


def backup_dir(db_path: Path) -> Path:
    """The folder holding the backups of the database at ``db_path``."""
    return Path(db_path).parent / BACKUP_DIR


def _read_only_uri(path: Path) -> str:
    # as_uri() percent-encodes spaces, "?" and "#" in the path, which a raw URI would misread.
    return Path(path).resolve().as_uri() + "?mode=ro"


def _immutable_uri(path: Path) -> str:
    """A URI opening ``path`` read-only as an immutable file: SQLite then creates no -wal,
    -shm or journal beside it (for backups and damaged files, which nothing else writes)."""
    return Path(path).resolve().as_uri() + "?mode=ro&immutable=1"


def file_digest(path: Path) -> str:
    """SHA-256 of a file's bytes ("" when it cannot be read)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return ""
    return digest.hexdigest()


def _stamp() -> str:
    return datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")


def make_backup(db_path: Path, reason: str, keep: int = KEEP_BACKUPS,
                conn: sqlite3.Connection | None = None) -> Path:
    """Copy the database at ``db_path`` to a new dated backup and prune to the last ``keep``.

    ``reason`` ("before-migration", "before-import") is part of the file name. ``conn``, an
    open connection to that database, is copied from directly (it sees its own uncommitted
    state and the WAL). When the copy has exactly the content of the newest backup, no new
    file is kept and that backup's path is returned (a retried step makes no new backups).
    Pruning keeps the newest ``keep`` backups and, in any case, the newest older backup that
    passes the integrity check. Returns the backup's path. Raises sqlite3.DatabaseError if
    the file cannot be read as a database and OSError if the backup folder cannot be written.
    """
    db_path = Path(db_path)
    folder = backup_dir(db_path)
    folder.mkdir(parents=True, exist_ok=True)
    safe_reason = "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in reason)
    target = folder / f"{db_path.stem}-{_stamp()}-{safe_reason}.sqlite3"
    source = conn or sqlite3.connect(_read_only_uri(db_path), uri=True)
    existing = list_backups(db_path)
    try:
        dest = sqlite3.connect(target)
        try:
            source.backup(dest)
            # A self-contained copy: reading it later needs no -wal/-shm files.
            dest.execute("PRAGMA journal_mode = DELETE")
        finally:
            dest.close()
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    finally:
        if conn is None:
            source.close()
    if existing and file_digest(existing[0]) == file_digest(target):
        target.unlink()
        return existing[0]
    _prune(db_path, target, keep)
    return target


def _prune(db_path: Path, newest: Path, keep: int) -> None:
    """Delete all but the last ``keep`` backups, never the newest good one before ``newest``
    (so a run of bad or failing states cannot push every good backup out)."""
    found = list_backups(db_path)
    keep = max(keep, 1)
    older = [b for b in found if b != newest]
    protected = next((b for b in older if check_integrity(b) == "ok"), None)
    for old in found[keep:]:
        if old != newest and old != protected:
            old.unlink(missing_ok=True)


def list_backups(db_path: Path) -> list[Path]:
    """Backups of the database at ``db_path``, newest first."""
    folder = backup_dir(Path(db_path))
    if not folder.is_dir():
        return []
    stem = Path(db_path).stem
    return sorted(folder.glob(f"{stem}-*.sqlite3"), key=lambda p: p.name, reverse=True)


def backup_time(backup: Path) -> datetime.datetime | None:
    """When a backup was made, read from its file name (None if the name is not ours)."""
    parts = backup.stem.split("-")
    for i in range(len(parts) - 2):
        try:
            return datetime.datetime.strptime("-".join(parts[i:i + 3]), "%Y%m%d-%H%M%S-%f")
        except ValueError:
            continue
    return None


def check_integrity(path: Path, *, live: bool = False) -> str:
    """"ok" when SQLite's ``PRAGMA integrity_check`` passes on the file, else the reason.

    Opens the file read-only, so the check itself never writes to a damaged file. A backup
    or damaged file is read as immutable (no -wal/-shm files appear beside it); ``live``
    (the app's own database, which may have a -wal file holding its latest changes) reads
    it with its -wal file when one exists.
    """
    path = Path(path)
    wal = path.with_name(path.name + "-wal")
    uri = _read_only_uri(path) if live and wal.exists() else _immutable_uri(path)
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()
    result = "; ".join(str(r[0]) for r in rows[:5])
    return "ok" if result == "ok" else result


def newest_good_backup(db_path: Path) -> Path | None:
    """The newest backup that passes the integrity check, or None."""
    for backup in list_backups(db_path):
        if check_integrity(backup) == "ok":
            return backup
    return None


def set_aside(db_path: Path) -> Path:
    """Move a (damaged) database and its -wal/-shm files to ``<name>.damaged-<time>``.

    Returns the new path of the main file. Nothing is deleted.
    """
    db_path = Path(db_path)
    aside = db_path.with_name(f"{db_path.name}.damaged-{_stamp()}")
    db_path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = db_path.with_name(db_path.name + suffix)
        if extra.exists():
            extra.rename(aside.with_name(aside.name + suffix))
    return aside


def restore_backup(db_path: Path, backup: Path) -> Path:
    """Put ``backup`` in place of the database at ``db_path``; the current file (if any) is
    set aside first (``set_aside``), never overwritten. Returns the set-aside path, or
    ``db_path`` itself when there was no file. Raises ValueError for a backup that fails
    the integrity check, OSError when it cannot be copied (the current file then stays in
    place: the copy is made beside it before anything is moved)."""
    db_path = Path(db_path)
    verdict = check_integrity(backup)
    if verdict != "ok":
        raise ValueError(f"backup '{backup}' is damaged too ({verdict}); pick another")
    copy = db_path.with_name(f".{db_path.name}.restoring-{_stamp()}")
    try:
        shutil.copy2(backup, copy)
        aside = set_aside(db_path) if db_path.exists() else db_path
        os.replace(copy, db_path)
    finally:
        copy.unlink(missing_ok=True)
    return aside


def start_fresh(db_path: Path) -> Path:
    """Set the current (damaged) file aside so a new, empty database can be made in its
    place. Returns the set-aside path."""
    return set_aside(Path(db_path))
