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
"""

from __future__ import annotations

import errno
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine.core.record import FORMAT, MAX_BYTES, VERSION, GameFileError, GameRecord
from .atomic import UnwritableText, write_text_atomically

AUTOSAVE_FILE = "autosave.ddgame"
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


class Autosave:
    """The autosave file in `folder`."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)
        self.path = self.folder / AUTOSAVE_FILE
        self._newer_checked = False

    def save(self, record: GameRecord) -> None:
        """Write the record atomically (creates the folder). Raises OSError, or
        UnwritableText (a ValueError) when the record holds text UTF-8 cannot encode; the
        previous autosave then stays as it was. The first save first moves an autosave of
        a newer version aside (`keep_newer`), so it is never written over."""
        if not self._newer_checked:
            self.keep_newer()
            self._newer_checked = True
        write_text_atomically(self.path, record.to_json())

    def is_newer(self) -> bool:
        """True when the file was written by a newer version of the app."""
        try:
            return written_by_newer_version(self.read_text())
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
        """Remove the file (nothing to resume). Never raises for a missing file."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass

    def exists(self) -> bool:
        """True when an interrupted game waits to be resumed."""
        return self.path.is_file()

    def read_text(self) -> str:
        """The file's text. Raises OSError, or GameFileError if it is too large or not UTF-8
        (a byte order mark is dropped)."""
        size = self.path.stat().st_size
        if size > MAX_BYTES:
            raise GameFileError(f"the autosave is {size} bytes; a game file is at most "
                                f"{MAX_BYTES}")
        try:
            return self.path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError:
            raise GameFileError("the autosave is not UTF-8 text") from None

    def read_record(self) -> GameRecord:
        """The autosaved record, checked field by field but not replayed (the worker replays
        it when the player resumes). Raises OSError or GameFileError, nothing else:
        NewerAutosaveError (a GameFileError) for a file of a newer version."""
        text = self.read_text()
        try:
            return GameRecord.from_json(text, check_replay=False)
        except GameFileError as exc:
            if written_by_newer_version(text):
                raise NewerAutosaveError(str(exc)) from None
            raise

    def summary(self) -> AutosaveSummary:
        """Players and action count of the autosaved game, without replaying it. Raises
        OSError or GameFileError (damaged file): the caller then offers no resume."""
        record = self.read_record()
        return AutosaveSummary(tuple(p.name[:40] for p in record.players), len(record.actions),
                               self.path.stat().st_mtime)

    def remove_leftovers(self) -> int:
        """Delete temporary files a kill in the middle of a write left behind (the rename
        never happened, so they are never the autosave itself). Returns how many."""
        removed = 0
        for temp in self.folder.glob(f".{AUTOSAVE_FILE}.*.tmp"):
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
        os.replace(self.path, target)
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
        while target.exists():
            number += 1
            target = self.folder / f"{prefix}{stamp}-{number}.ddgame"
        os.replace(self.path, target)
        return target
