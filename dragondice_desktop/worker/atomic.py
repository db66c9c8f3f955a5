"""Writing a file so that a crash or a kill at any moment leaves either the old file or the
new one, never half of one.

Pure Python (no Qt). The text goes to a temporary file in the target's folder (a rename is
only atomic within one file system), is flushed and fsynced, then `os.replace`d over the
target; on POSIX the folder is fsynced too so the rename itself survives a power cut.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class UnwritableText(ValueError):
    """The text holds characters UTF-8 cannot encode (a lone surrogate); nothing was written."""


def write_text_atomically(path: str | os.PathLike, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically, creating the parent folder if needed.
    Raises OSError when the folder cannot be created or written, and UnwritableText (a
    ValueError, before anything touches the disk) when the text cannot be encoded as UTF-8;
    the target is then left as it was and no temporary file stays behind."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start:exc.end]
        raise UnwritableText(f"the text holds a character that cannot be saved "
                             f"(U+{ord(bad[0]):04X} at position {exc.start}): it is not valid "
                             f"Unicode") from None
    write_bytes_atomically(path, data)


def write_bytes_atomically(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` atomically, creating the parent folder if needed. Raises
    OSError when the folder cannot be created or written; the target is then left as it
    was and no temporary file stays behind."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX); a no-op where folders cannot be opened (Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the data itself is already synced
    finally:
        os.close(fd)
