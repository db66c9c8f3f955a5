"""The autosave: the game record written after every engine action, so a crash, a kill or a
power cut never loses more than the action being applied.

Pure Python (no Qt). The worker writes `autosave.ddgame` in the user data folder
(`store.paths.data_dir()`: ``--data-dir``, ``$DRAGONDICE_DATA_DIR`` or the platform's
folder) with `write_text_atomically`, before it tells the window about the new state.

When is there something to resume? The file exists only while an unfinished game is being
played:
- the worker removes it when the game is over (a finished game is nothing to resume);
- the window removes it when the app is closed normally (after offering to save);
- so a file found at start-up means the app did not close cleanly: the app offers to
  resume that game at its last action. Declining moves it to `autosave-previous.ddgame`
  (kept until the next decline) rather than deleting it.
- a damaged autosave (not a game file, or a game that does not replay) is never offered and
  never read twice: it is moved to `autosave-damaged-<date>-<time>.ddgame` (kept for a bug
  report) and the app carries on, so a bad file cannot stop every start.
- an autosave written by a newer version of the app is not damage: reading it raises
  `NewerAutosaveError` and it stays where it is (a newer app can resume it). The first
  autosave of another game moves it to `autosave-newer-<date>-<time>.ddgame` rather than
  writing over it.

An autosave that cannot be written (a full disk, a read-only folder, a folder in the way)
raises OSError; `autosave_problem` words the reason for the player. The worker retries at
every change and says when it works again.

Reading it raises OSError or `GameFileError` only (everything goes through
`GameRecord.from_json`), whatever the file holds.

The cost of a save does not grow with the game (issue 17): the whole record is written
(atomically, as above) only now and then; in between each change is appended to a journal
beside it, `autosave.ddjournal`, and synced to the disk:
- its first line names the record file it continues (the SHA-256 of that file's bytes) and
  each later line says how many of the record's actions stay and which follow, e.g.
  ``{"keep": 41, "add": ["march t2"]}`` (an undo adds nothing and keeps one fewer);
- the record is rewritten and the journal started afresh when the journal holds as many
  changes as the record has actions (at least `JOURNAL_MIN`), so the total cost per action
  stays flat;
- a kill in the middle of an append leaves an unfinished last line: it is ignored (that
  change is the one that was being saved). A journal that names another record file is
  left over from a kill between a rewrite and the journal's removal: the record already
  holds its changes, so it is ignored. Any other damage makes the autosave damaged;
- an autosave written before the journal existed (the record file alone) resumes as it is.
`read_text` returns the game's full save-file text (the record with the journal applied), so
every reader sees one game file.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import time
from dataclasses import dataclass, replace
from pathlib import Path

from ..engine.core.actions import Action
from ..engine.core.record import (
    FORMAT, MAX_ACTIONS, MAX_BYTES, VERSION, GameFileError, GameRecord,
)
from .atomic import UnwritableText, sync_folder, write_text_atomically

AUTOSAVE_FILE = "autosave.ddgame"
JOURNAL_FILE = "autosave.ddjournal"
JOURNAL_SUFFIX = ".ddjournal"
JOURNAL_VERSION = 1
JOURNAL_MIN = 256  # changes the journal holds at least before the record is rewritten
PREVIOUS_FILE = "autosave-previous.ddgame"
DAMAGED_PREFIX = "autosave-damaged-"
NEWER_PREFIX = "autosave-newer-"


class NewerAutosaveError(GameFileError):
    """The autosave was written by a newer version of the app: not damaged, kept as it is."""


def autosave_problem(exc: BaseException, path: Path) -> str:
    """Why the autosave at `path` cannot be written, in the player's words (for the lasting
    "autosave is off" warning)."""
    if isinstance(exc, UnwritableText):
        return f"the game holds text that cannot be saved ({exc})"
    number = getattr(exc, "errno", None)
    if number in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", -1)):
        return f"the disk holding {path.parent} is full"
    if number in (errno.EROFS, errno.EACCES, errno.EPERM):
        return f"the folder {path.parent} cannot be written (it is read-only)"
    if isinstance(exc, IsADirectoryError) or (number == errno.EISDIR) or path.is_dir():
        return f"a folder named {path.name} is in the way in {path.parent}"
    if isinstance(exc, (NotADirectoryError, FileExistsError)) or number in (
            errno.ENOTDIR, errno.EEXIST):
        return f"a file is in the way of the folder {path.parent}"
    return f"{path} cannot be written ({getattr(exc, 'strerror', None) or exc})"


def written_by_newer_version(text: str) -> bool:
    """True when `text` is a game file whose version is newer than this app reads."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return False
    version = data.get("version")
    return isinstance(version, int) and not isinstance(version, bool) and version > VERSION


@dataclass(frozen=True)
class AutosaveSummary:
    """What the resume offer says about an interrupted game, read without replaying it (the
    worker replays it when the player accepts)."""

    players: tuple[str, ...]
    actions: int
    saved_at: float  # the file's modification time (seconds since the epoch)

    def describe(self) -> str:
        """E.g. "Ann vs Bob, 37 actions played, last saved 2025-01-31 10:32"."""
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        names = " vs ".join(self.players) or "an unnamed game"
        plural = "" if self.actions == 1 else "s"
        return f"{names}, {self.actions} action{plural} played, last saved {when}"


@dataclass(frozen=True)
class Follows:
    """What the caller knows of how the record it saves now follows the one it saved
    before (`Autosave.save`), so the save need not compare the two records' actions (that
    comparison grows with the game): the new record keeps the first `keep` actions of
    `previous` and adds its own after them. An action played (or redone, or a batch):
    `keep` is every action of `previous`; an undo that cuts the record at k: `keep` is k.
    The autosave trusts it only when `previous` is the very record it saved last."""

    previous: GameRecord
    keep: int


class Autosave:
    """The autosave file in `folder`."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)
        self.path = self.folder / AUTOSAVE_FILE
        self.journal_path = self.folder / JOURNAL_FILE
        self._newer_checked = False
        # What this object last wrote: the record as saved, and the number of changes in
        # the journal (None: no journal yet for the record file written last).
        self._saved: GameRecord | None = None
        self._base_digest = ""
        self._base_actions = 0
        self._journal_changes: int | None = None

    def save(self, record: GameRecord, follows: Follows | None = None) -> None:
        """Save the record (creates the folder): append the change since the last save to
        the journal and sync it, or write the whole record atomically (the first save of
        this object, a record that is not the last one with actions added or taken back,
        or a full journal). `follows`: how `record` follows the record saved before, as
        the caller knows it (the worker, after an action or an undo): the save then costs
        the new actions only; without it (or when it names another record than the one
        saved last) the two records are compared. Raises OSError, or UnwritableText (a
        ValueError) when the record holds text UTF-8 cannot encode; the previous autosave
        then stays as it was. The first save first moves an autosave of a newer version
        aside (`keep_newer`), so it is never written over."""
        if not self._newer_checked:
            self.keep_newer()
            self._newer_checked = True
        keep = self._kept_actions(record, follows)
        if keep is not None and self._journal_changes is not None \
                and self._journal_changes < max(JOURNAL_MIN, self._base_actions):
            line = _journal_line({"keep": keep,
                                  "add": [a.to_text() for a in record.actions[keep:]]})
            try:
                self._append(line, create=self._journal_changes == 0)
            except OSError as exc:
                # A failed append may leave half a line: the next save rewrites the record.
                self._saved = None
                if not isinstance(exc, FileNotFoundError):
                    raise
                # The journal went away (set aside or cleared elsewhere): rewrite now.
            else:
                self._saved = record
                self._journal_changes += 1
                return
        self._rewrite(record)

    def _kept_actions(self, record: GameRecord, follows: Follows | None = None) -> int | None:
        """How many of the last saved record's actions `record` keeps, when it is that
        record with actions added or taken back at the end (None otherwise): as `follows`
        says when it continues the record saved last (no comparison of the actions), else
        found by comparing the two records."""
        saved = self._saved
        if saved is None or (record.players, record.seed, record.options, record.seats) != (
                saved.players, saved.seed, saved.options, saved.seats):
            return None
        old, new = saved.actions, record.actions
        if follows is not None and follows.previous is saved:
            keep = follows.keep
            return keep if 0 <= keep <= min(len(old), len(new)) else None
        if len(new) >= len(old):
            return len(old) if new[:len(old)] == old else None
        return len(new) if old[:len(new)] == new else None

    def _rewrite(self, record: GameRecord) -> None:
        """Write the whole record atomically and end the journal (a journal left behind
        by a kill in between names the previous record file, so it is ignored)."""
        self._saved = None
        data = record.to_json()
        write_text_atomically(self.path, data)
        self._base_digest = _digest(data.encode("utf-8"))
        self._base_actions = len(record.actions)
        try:
            self.journal_path.unlink()
        except FileNotFoundError:
            pass
        self._saved, self._journal_changes = record, 0

    def _append(self, line: str, create: bool) -> None:
        """Append one line to the journal and sync it; `create` starts the journal with
        its header line naming the record file. Raises OSError (FileNotFoundError when a
        journal to continue is missing)."""
        data = line.encode("utf-8")
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)
        if create:
            data = _journal_line({"journal": JOURNAL_VERSION, "record": self._base_digest,
                                  "actions": self._base_actions}).encode("utf-8") + data
            flags |= os.O_CREAT | os.O_TRUNC
        fd = os.open(self.journal_path, flags, 0o666)
        try:
            written = 0
            while written < len(data):
                written += os.write(fd, data[written:])
            os.fsync(fd)
        finally:
            os.close(fd)
        if create:
            sync_folder(self.folder)

    def is_newer(self) -> bool:
        """True when the file was written by a newer version of the app."""
        try:
            return written_by_newer_version(self._record_file_text()[1])
        except (OSError, GameFileError):
            return False

    def keep_newer(self) -> Path | None:
        """Move an autosave of a newer version to `autosave-newer-<date>-<time>.ddgame`
        (never overwriting one); returns its new path, or None when there was none. Raises
        OSError if it cannot be moved (the caller then must not write over it)."""
        if not self.exists() or not self.is_newer():
            return None
        return self._move_to_unique(NEWER_PREFIX)

    def clear(self) -> None:
        """Remove the file and its journal (nothing to resume). Never raises for a
        missing file."""
        self._saved = None
        for path in (self.path, self.journal_path):
            try:
                path.unlink()
            except FileNotFoundError:
                pass

    def exists(self) -> bool:
        """True when an interrupted game waits to be resumed."""
        return self.path.is_file()

    def read_text(self) -> str:
        """The autosaved game's save-file text: the file's text, with the changes of its
        journal applied when there is one that continues it. Raises OSError, or
        GameFileError if it is too large, not UTF-8 (a byte order mark is dropped), or its
        journal is damaged or does not fit it."""
        raw, text = self._record_file_text()
        changes = self._journal_changes_for(raw)
        if not changes:
            return text
        record = GameRecord.from_json(text, check_replay=False)
        actions = list(record.actions)
        for number, (keep, add) in enumerate(changes, start=2):
            if keep > len(actions) or keep + len(add) > MAX_ACTIONS:
                raise GameFileError(f"the autosave's journal is damaged: line {number} "
                                    f"keeps {keep} of {len(actions)} actions")
            del actions[keep:]
            actions.extend(add)
        return replace(record, actions=tuple(actions)).to_json()

    def _record_file_text(self) -> tuple[bytes, str]:
        """The record file's bytes and text, without its journal. Raises OSError, or
        GameFileError if it is too large or not UTF-8 (a byte order mark is dropped)."""
        size = self.path.stat().st_size
        if size > MAX_BYTES:
            raise GameFileError(f"the autosave is {size} bytes; a game file is at most "
                                f"{MAX_BYTES}")
        raw = self.path.read_bytes()
        try:
            return raw, raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise GameFileError("the autosave is not UTF-8 text") from None

    def _journal_changes_for(self, raw: bytes) -> list[tuple[int, list[Action]]]:
        """The journal's changes to the record file whose bytes are `raw`: [] when there is
        no journal or it continues another record file. An unfinished last line (a kill
        while it was written) is ignored. Raises OSError, or GameFileError for a damaged
        journal."""
        try:
            size = self.journal_path.stat().st_size
        except FileNotFoundError:
            return []
        if size > MAX_BYTES:
            raise GameFileError(f"the autosave's journal is {size} bytes; it is at most "
                                f"{MAX_BYTES}")
        lines = self.journal_path.read_bytes().split(b"\n")[:-1]  # the last is unfinished
        if not lines:
            return []
        header = _journal_object(lines[0], 1)
        if header.get("journal") != JOURNAL_VERSION or not isinstance(header.get("record"), str):
            raise GameFileError("the autosave's journal is damaged: line 1 is not its header")
        if header["record"] != _digest(raw):
            return []  # left over from before the record file was last written
        changes = []
        for number, line in enumerate(lines[1:], start=2):
            entry = _journal_object(line, number)
            keep, add = entry.get("keep"), entry.get("add")
            if set(entry) != {"keep", "add"} or not isinstance(keep, int) \
                    or isinstance(keep, bool) or keep < 0 or not isinstance(add, list) \
                    or not all(isinstance(text, str) for text in add):
                raise GameFileError(f"the autosave's journal is damaged: line {number} is "
                                    "not a change")
            try:
                actions = [Action.from_text(text) for text in add]
            except ValueError as exc:
                raise GameFileError(f"the autosave's journal is damaged: line {number}: "
                                    f"{str(exc)[:120]}") from None
            changes.append((keep, actions))
        return changes

    def read_record(self) -> GameRecord:
        """The autosaved record, checked field by field but not replayed (the worker replays
        it when the player resumes). Raises OSError or GameFileError, nothing else:
        NewerAutosaveError (a GameFileError) for a file of a newer version."""
        try:
            return GameRecord.from_json(self.read_text(), check_replay=False)
        except GameFileError as exc:
            if self.is_newer():
                raise NewerAutosaveError(str(exc)) from None
            raise

    def summary(self) -> AutosaveSummary:
        """Players and action count of the autosaved game, without replaying it. Raises
        OSError or GameFileError (damaged file): the caller then offers no resume."""
        record = self.read_record()
        saved_at = self.path.stat().st_mtime
        try:  # the journal holds the last change when there is one
            saved_at = max(saved_at, self.journal_path.stat().st_mtime)
        except FileNotFoundError:
            pass
        return AutosaveSummary(tuple(p.name[:40] for p in record.players), len(record.actions),
                               saved_at)

    def remove_leftovers(self) -> int:
        """Delete temporary files a kill in the middle of a write left behind (the rename
        never happened, so they are never the autosave itself). Returns how many."""
        removed = 0
        leftovers = list(self.folder.glob(f".{AUTOSAVE_FILE}.*.tmp"))
        if self.journal_path.is_file() and not self.path.exists():
            leftovers.append(self.journal_path)  # a kill while the autosave was removed
        for temp in leftovers:
            try:
                temp.unlink()
                removed += 1
            except OSError:
                pass
        return removed

    def set_aside(self) -> Path | None:
        """Move the file to `autosave-previous.ddgame` (declined: kept for the player, out
        of the way). An autosave of a newer version goes to its own
        `autosave-newer-<date>-<time>.ddgame` instead, so a later decline never writes over
        it. Returns the new path, or None if there was no file. Raises OSError if it cannot
        be moved (it then stays where it was)."""
        if not self.exists():
            return None
        if self.is_newer():
            return self._move_to_unique(NEWER_PREFIX)
        target = self.folder / PREVIOUS_FILE
        if self.journal_path.exists():
            try:
                text = self.read_text()
            except GameFileError:
                return self._move_to_unique(DAMAGED_PREFIX)
            write_text_atomically(target, text)  # one game file the player can open
            self.clear()
        else:
            os.replace(self.path, target)
        self._saved = None
        return target

    def set_aside_damaged(self) -> Path | None:
        """Move a damaged file to `autosave-damaged-<date>-<time>.ddgame` (never overwriting
        an earlier one) so it is not offered again. Returns the new path, or None if there
        was no file. Raises OSError if it cannot be moved."""
        if not self.exists():
            return None
        return self._move_to_unique(DAMAGED_PREFIX)

    def _move_to_unique(self, prefix: str) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.folder / f"{prefix}{stamp}.ddgame"
        number = 1
        while target.exists() or target.with_suffix(JOURNAL_SUFFIX).exists():
            number += 1
            target = self.folder / f"{prefix}{stamp}-{number}.ddgame"
        self._saved = None
        journal = self.journal_path.exists()
        os.replace(self.path, target)
        if journal:  # kept with its record file, under the same name
            os.replace(self.journal_path, target.with_suffix(JOURNAL_SUFFIX))
        return target


def _digest(data: bytes) -> str:
    """The SHA-256 (hex) naming a record file in its journal's header."""
    return hashlib.sha256(data).hexdigest()


def _journal_line(entry: dict) -> str:
    """One journal line: compact JSON ending in a newline (a line without one is
    unfinished)."""
    return json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n"


def _journal_object(line: bytes, number: int) -> dict:
    """Journal line `number` as a JSON object. Raises GameFileError when it is not one."""
    try:
        entry = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        entry = None
    if not isinstance(entry, dict):
        raise GameFileError(f"the autosave's journal is damaged: line {number} cannot be "
                            "read")
    return entry
