"""Dated copies of the database file, and the two ways out of a damaged one.

No Qt. Backups live in ``<data dir>/backups/`` as
``<stem>-YYYYMMDD-HHMMSS-ffffff-<reason>.sqlite3`` and are made with SQLite's online backup
API, so a copy is consistent even while the app has the file open in WAL mode; each copy is a
self-contained file (rollback journal, no -wal/-shm beside it). A backup is written under a
temporary name (``.<name>.partial``, which ``list_backups`` never lists), synced, checked and
only then renamed, so a kill or a full disk while it is written never leaves a backup that
looks good; an empty file, or one holding no tables, is never a good backup. A backup whose
content is identical to the newest one is not made twice, so retrying a failing step never
crowds out older backups. Stray -journal/-shm/-wal files and old partial copies in the
backup folder are removed (``clean_backup_folder``). Only the last ``KEEP_BACKUPS`` are kept, and pruning never removes the newest
older backup that passes the integrity check (the last known good state before this one).
Backups and damaged files are only ever read as immutable files, so checking them leaves no
side files. A damaged file is never overwritten or deleted: restoring or starting fresh
keeps it (and its -wal/-shm files) as ``<name>.damaged-<time>``.

Restoring (and starting fresh) never leaves the database path empty, even when killed
half-way: the new file is copied beside the database as ``.<name>.restore-new`` and synced,
a plan file ``.<name>.restore-plan`` (written atomically) says where the current file goes,
then the current file is hard-linked to its kept name, its -wal/-shm files are moved there
and the new file is renamed over the database in one step. ``finish_interrupted_restore``
(run by every open) completes a plan a kill interrupted; a new copy without a plan is an
unfinished copy and is removed.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import shutil
import sqlite3
import time
from pathlib import Path

# Pure Python, no Qt: the one atomic write and folder sync the app uses.
from ..worker.atomic import sync_folder, write_text_atomically

KEEP_BACKUPS = 5
BACKUP_DIR = "backups"
PARTIAL_SUFFIX = ".partial"
SIDE_SUFFIXES = ("-journal", "-wal", "-shm")
# A partial copy this old (seconds) belongs to no backup still being written.
STALE_PARTIAL_S = 60.0


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
    state and the WAL). The copy is written as ``.<name>.partial``, synced to disk and
    checked (``check_integrity``) before it is renamed to its backup name, so a kill leaves
    at most a partial copy that is never listed. When the copy has exactly the content of
    the newest backup, no new file is kept and that backup's path is returned (a retried
    step makes no new backups). Pruning keeps the newest ``keep`` backups and, in any case,
    the newest older backup that passes the integrity check. Returns the backup's path.
    Raises sqlite3.DatabaseError if the file cannot be read as a database or the copy fails
    its check, and OSError if the backup folder cannot be written (a full disk); nothing is
    left behind then.
    """
    db_path = Path(db_path)
    folder = backup_dir(db_path)
    folder.mkdir(parents=True, exist_ok=True)
    clean_backup_folder(db_path)
    safe_reason = "".join(ch if ch.isalnum() or ch == "-" else "-" for ch in reason)
    target = folder / f"{db_path.stem}-{_stamp()}-{safe_reason}.sqlite3"
    partial = folder / f".{target.name}{PARTIAL_SUFFIX}"
    source = conn or sqlite3.connect(_read_only_uri(db_path), uri=True)
    existing = list_backups(db_path)
    try:
        dest = sqlite3.connect(partial)
        try:
            source.backup(dest)
            # A self-contained copy: reading it later needs no -wal/-shm files.
            dest.execute("PRAGMA journal_mode = DELETE")
        finally:
            dest.close()
        _sync_file(partial)
        verdict = check_integrity(partial)
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the backup copy failed its check ({verdict})")
        if existing and file_digest(existing[0]) == file_digest(partial):
            partial.unlink()
            return existing[0]
        os.replace(partial, target)
        sync_folder(folder)
    except BaseException:
        _remove_with_sides(partial)
        raise
    finally:
        if conn is None:
            source.close()
    _prune(db_path, target, keep)
    return target


def clean_backup_folder(db_path: Path, *, stale_after: float = STALE_PARTIAL_S) -> list[str]:
    """Remove what a kill or a full disk left in the backup folder of ``db_path``: -journal,
    -wal and -shm files beside finished backups (backups are self-contained and only read as
    immutable files, so these are never needed), and partial copies (with their side files)
    older than ``stale_after`` seconds (a younger one may be a backup another process is
    writing right now). Returns the names removed; a file that cannot be removed is left."""
    folder = backup_dir(Path(db_path))
    if not folder.is_dir():
        return []
    removed = []
    now = time.time()
    for item in folder.iterdir():
        name = item.name
        base = next((name[:-len(s)] for s in SIDE_SUFFIXES if name.endswith(s)), name)
        partial = base.endswith(PARTIAL_SUFFIX)
        if base == name and not partial:
            continue                                  # a backup or someone else's file
        try:
            if partial and now - item.stat().st_mtime < stale_after:
                continue
            item.unlink()
            removed.append(name)
        except OSError:
            pass
    return removed


def _remove_with_sides(path: Path) -> None:
    for extra in (path, *(path.with_name(path.name + s) for s in SIDE_SUFFIXES)):
        try:
            extra.unlink(missing_ok=True)
        except OSError:
            pass


def _sync_file(path: Path) -> None:
    """Flush a file's bytes to the disk (raises OSError when it cannot)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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
    """"ok" when the file is a sound SQLite database, else the reason.

    Sound means: not empty, ``PRAGMA integrity_check`` passes and (for a backup: ``live``
    False) it holds at least one table, since every backup is made of a database that has
    its tables; an empty copy is never a good backup. Opens the file read-only, so the
    check itself never writes to a damaged file. A backup or damaged file is read as
    immutable (no -wal/-shm files appear beside it); ``live`` (the app's own database,
    which may have a -wal file holding its latest changes) reads it with its -wal file when
    one exists.
    """
    path = Path(path)
    try:
        if path.stat().st_size == 0:
            return "the file is empty (0 bytes)"
    except OSError as exc:
        return f"the file cannot be read ({exc.strerror or exc})"
    wal = path.with_name(path.name + "-wal")
    uri = _read_only_uri(path) if live and wal.exists() else _immutable_uri(path)
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    # The check's report may quote damaged bytes: never fail on reading it.
    conn.text_factory = lambda raw: raw.decode("utf-8", "replace")
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
        tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                              ).fetchone()[0]
    except sqlite3.Error as exc:
        return str(exc)
    except UnicodeDecodeError:        # SQLite's own message quotes the damaged bytes
        return "the file is damaged (its check reports unreadable bytes)"
    finally:
        conn.close()
    result = "; ".join(str(r[0]) for r in rows[:5])
    if result != "ok":
        return result
    if not live and not tables:
        return "the file holds no tables (an empty copy)"
    return "ok"


def newest_good_backup(db_path: Path) -> Path | None:
    """The newest backup that passes the integrity check, or None."""
    for backup in list_backups(db_path):
        if check_integrity(backup) == "ok":
            return backup
    return None


def set_aside(db_path: Path) -> Path:
    """Move a (damaged) database and its -wal/-shm files to ``<name>.damaged-<time>``.

    Returns the new path of the main file. Nothing is deleted. The database path is left
    empty: ``restore_backup`` and ``start_fresh`` never do that (they put a file in place).
    """
    db_path = Path(db_path)
    aside = _aside_name(db_path)
    db_path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = db_path.with_name(db_path.name + suffix)
        if extra.exists():
            extra.rename(aside.with_name(aside.name + suffix))
    return aside


def _aside_name(db_path: Path) -> Path:
    return db_path.with_name(f"{db_path.name}.damaged-{_stamp()}")


def _restore_new(db_path: Path) -> Path:
    return db_path.with_name(f".{db_path.name}.restore-new")


def _restore_plan(db_path: Path) -> Path:
    return db_path.with_name(f".{db_path.name}.restore-plan")


def restore_backup(db_path: Path, backup: Path) -> Path:
    """Put ``backup`` in place of the database at ``db_path``; the current file (if any) is
    kept as ``<name>.damaged-<time>`` with its -wal/-shm files, never overwritten. Returns
    that kept path, or ``db_path`` itself when there was no file. The swap is atomic (see
    the module docstring): a kill at any moment leaves the old database or the restored
    one at the path, and the next open finishes it. Raises ValueError for a backup that is
    not sound (``check_integrity``), OSError when it cannot be copied (a full disk: the
    current file then stays in place and nothing is left behind)."""
    db_path = Path(db_path)
    verdict = check_integrity(backup)
    if verdict != "ok":
        raise ValueError(f"backup '{backup}' is damaged too ({verdict}); pick another")
    return _put_in_place(db_path, lambda new: shutil.copy2(backup, new))


def start_fresh(db_path: Path) -> Path:
    """Keep the current (damaged, empty or missing) file aside and put a new, empty database
    in its place (atomically, as ``restore_backup`` does), so the next open makes the
    tables. Returns the kept path (``db_path`` itself when there was no file)."""
    def empty(new: Path) -> None:
        conn = sqlite3.connect(new)
        try:
            conn.execute("PRAGMA user_version = 0")   # writes the first page: not 0 bytes
            conn.commit()
        finally:
            conn.close()
    return _put_in_place(Path(db_path), empty)


def _put_in_place(db_path: Path, write_new) -> Path:
    finish_interrupted_restore(db_path)
    new, plan = _restore_new(db_path), _restore_plan(db_path)
    try:
        _remove_with_sides(new)
        write_new(new)
        _sync_file(new)
        aside = _aside_name(db_path) if db_path.exists() else None
        write_text_atomically(plan, json.dumps({"aside": aside.name if aside else None}))
    except BaseException:
        _remove_with_sides(new)
        plan.unlink(missing_ok=True)
        raise
    finish_interrupted_restore(db_path)
    return aside or db_path


def finish_interrupted_restore(db_path: Path) -> bool:
    """Complete a restore (or fresh start) that a kill interrupted; True when one was
    finished. A new copy without its plan was never complete and is removed; with its plan
    the current file is kept under the planned name (a hard link, so the database path is
    never empty), its -wal/-shm files are moved beside it and the new file is renamed over
    the database. Every step can be repeated, so a kill during this function is finished
    by the next call. Raises OSError when a step cannot be done (nothing is lost then)."""
    db_path = Path(db_path)
    new, plan = _restore_new(db_path), _restore_plan(db_path)
    for temp in db_path.parent.glob(f".{plan.name}.*.tmp"):   # a kill inside the plan write
        temp.unlink(missing_ok=True)
    if not plan.exists():
        if new.exists():
            _remove_with_sides(new)
        return False
    if new.exists():
        try:
            name = json.loads(plan.read_text(encoding="utf-8"))["aside"]
            aside = db_path.with_name(name) if name else None
        except (ValueError, KeyError, TypeError, OSError):
            aside = None
        if aside is None or Path(aside.name).name != aside.name or \
                not aside.name.startswith(db_path.name + ".damaged-"):
            aside = _aside_name(db_path)
        if db_path.exists() and not aside.exists():
            _keep_copy(db_path, aside)
        for suffix in ("-wal", "-shm"):
            extra = db_path.with_name(db_path.name + suffix)
            if extra.exists():
                os.replace(extra, aside.with_name(aside.name + suffix))
        new.with_name(new.name + "-journal").unlink(missing_ok=True)
        os.replace(new, db_path)
        sync_folder(db_path.parent)
    plan.unlink(missing_ok=True)
    return True


def _keep_copy(db_path: Path, aside: Path) -> None:
    """A second name for the current file (a hard link), or a synced copy where links are
    not possible; either way ``aside`` appears complete or not at all."""
    try:
        os.link(db_path, aside)
        return
    except OSError:
        pass
    temp = aside.with_name(aside.name + PARTIAL_SUFFIX)
    shutil.copy2(db_path, temp)
    _sync_file(temp)
    os.replace(temp, aside)
