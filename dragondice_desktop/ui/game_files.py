"""Reading and writing game files (the JSON of `GameRecord.to_json()`).

Writes are atomic (`worker.atomic.write_text_atomically`: temporary file in the same folder,
flushed and fsynced, then renamed over the target), so a crash mid-save never leaves half a
game file. The autosave uses the same function.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..engine.core.events import Event
from ..engine.core.record import MAX_BYTES, GameRecord
from ..engine.core.state import GameState
from ..worker.atomic import write_text_atomically
from ..worker.file_snapshot import game_file_text

EXTENSION = ".ddgame"
FILE_FILTER = "Dragon Dice games (*.ddgame *.json);;All files (*)"


def write_game_file(path: str | os.PathLike, record: GameRecord,
                    state: GameState | None = None,
                    history: tuple[tuple[Event, ...], ...] = ()) -> None:
    """Save `record` to `path` atomically; with the `state` and `history` its replay gives,
    a long game's file also carries their snapshot (``worker/file_snapshot.py``: opening
    it shows the game at once, the replay then checks it). Raises OSError if the folder is
    not writable, and ValueError (`UnwritableText`) if the record holds text that cannot be
    saved as UTF-8; the file is then left as it was."""
    write_text_atomically(path, game_file_text(record, state, history))


def read_game_text(path: str | os.PathLike) -> str:
    """The text of a game file. Raises OSError if unreadable and ValueError (with a clear
    message) if it is far too large or not UTF-8 text. A byte order mark is dropped."""
    target = Path(path)
    info = target.stat()
    if not stat.S_ISREG(info.st_mode):  # a folder, a pipe or a device would block or fail
        raise ValueError("not a game file: it is a folder or a device, not a file")
    size = info.st_size
    if size > MAX_BYTES:
        raise ValueError(f"the file is {size} bytes; a game file is at most {MAX_BYTES}")
    try:
        return target.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not a game file: it is not UTF-8 text") from None
