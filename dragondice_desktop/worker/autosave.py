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
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from ..engine.record import MAX_BYTES, GameRecord
from .atomic import write_text_atomically

AUTOSAVE_FILE = "autosave.ddgame"
PREVIOUS_FILE = "autosave-previous.ddgame"


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

    def save(self, record: GameRecord) -> None:
        """Write the record atomically (creates the folder). Raises OSError."""
        write_text_atomically(self.path, record.to_json())

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
        """The file's text. Raises OSError, or ValueError if it is too large or not UTF-8."""
        size = self.path.stat().st_size
        if size > MAX_BYTES:
            raise ValueError(f"the autosave is {size} bytes; a game file is at most {MAX_BYTES}")
        try:
            return self.path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise ValueError("the autosave is not UTF-8 text") from None

    def summary(self) -> AutosaveSummary:
        """Players and action count from the file's JSON, without replaying it. Raises
        OSError or ValueError (damaged file): the caller then offers no resume."""
        data = json.loads(self.read_text())
        if not isinstance(data, dict):
            raise ValueError("the autosave is not a game file")
        players = tuple(str(p.get("name", "?"))[:40] for p in data.get("players", ())
                        if isinstance(p, dict))
        actions = data.get("actions", ())
        return AutosaveSummary(players, len(actions) if isinstance(actions, list) else 0,
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
        """Move the file to `autosave-previous.ddgame` (declined or damaged: kept for the
        player, out of the way). Returns the new path, or None if there was no file."""
        if not self.exists():
            return None
        target = self.folder / PREVIOUS_FILE
        os.replace(self.path, target)
        return target
