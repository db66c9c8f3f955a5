"""Reading and writing game files (the JSON of `GameRecord.to_json()`).

Writes are atomic: the text goes to a temporary file in the same folder, is flushed to disk,
then `os.replace`d over the target, so a crash mid-save never leaves half a game file.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..engine.record import MAX_BYTES, GameRecord

EXTENSION = ".ddgame"
FILE_FILTER = "Dragon Dice games (*.ddgame *.json);;All files (*)"


def write_game_file(path: str | os.PathLike, record: GameRecord) -> None:
    """Save `record` to `path` atomically. Raises OSError if the folder is not writable."""
    target = Path(path)
    text = record.to_json()
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                    dir=target.parent or Path("."))
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def read_game_text(path: str | os.PathLike) -> str:
    """The text of a game file. Raises OSError if unreadable and ValueError (with a clear
    message) if it is far too large or not UTF-8 text."""
    target = Path(path)
    if target.stat().st_size > MAX_BYTES:
        raise ValueError(f"the file is {target.stat().st_size} bytes; a game file is at most "
                         f"{MAX_BYTES}")
    try:
        return target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError("not a game file: it is not UTF-8 text") from None
