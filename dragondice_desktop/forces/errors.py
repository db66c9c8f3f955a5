"""The one error every force reader raises, and the limits that keep hostile files harmless.

Pure Python, no Qt. ``ForceFileError`` carries a message naming the file (or "force text"),
the problem and, where it helps, the fix. The limits are far above any real force (a
60-point force holds at most a few dozen dice) and exist so a typo or a hostile file cannot
expand into millions of dice or fill the screen with a name.

The helpers here are shared by every reader (our JSON, the text list, the OCTGN deck) and by
the collection CSV: ``parse_whole_number`` (ASCII digits only, short enough for ``int``),
``check_name`` (printable UTF-8 text) and ``read_bounded`` (a regular file, read with a cap).
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

# More copies of one die than any force could hold (60 points is the largest suggested size).
MAX_COUNT = 999
# Dice in a whole force, all slots together.
MAX_DICE = 2000
# Characters in a force name.
MAX_NAME = 200
# Bytes in a force file of any format.
MAX_FILE_BYTES = 2_000_000
# The largest force size (points) any format reads or writes.
MAX_POINTS = 100_000
# Digits in any number a force file or CSV may hold; longer digit strings are refused
# before int() sees them (int() refuses over 4300 digits with a traceback).
MAX_DIGITS = 9

_ASCII_DIGITS = re.compile(r"[0-9]+")
# Invisible characters that are still part of normal text: the zero-width joiner and
# non-joiner (emoji sequences, Persian and Indic scripts).
_ALLOWED_FORMAT = {"\u200c", "\u200d"}


class ForceFileError(ValueError):
    """A force file or OCTGN deck cannot be read; the message says where and why."""


def parse_whole_number(text: str, lowest: int, highest: int) -> int | None:
    """``text`` as an int when it is plain ASCII digits (0-9, at most MAX_DIGITS of them)
    with a value from ``lowest`` to ``highest``; None otherwise. Never raises: Unicode
    digits ("²", "٣"), signs, spaces inside and 5000-digit strings all give None."""
    if not isinstance(text, str) or not _ASCII_DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        return None
    value = int(digits)
    return value if lowest <= value <= highest else None


def shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters with its full length noted
    (a 5000-digit number is shown as its start, not in full)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be stored and shown as one line of text, or None when it can:
    not UTF-8 (lone surrogates), control characters (including U+0085), line or paragraph
    separators (U+2028, U+2029), invisible format characters (U+202E, U+200B, ...), or no
    visible character at all."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return ("the force name is not valid Unicode text (it holds a lone surrogate, e.g. "
                "bytes that are not UTF-8); use ordinary text")
    for char in name:
        category = unicodedata.category(char)
        code = f"U+{ord(char):04X}"
        if category == "Cc":
            return (f"the force name contains a control character ({code}, e.g. a line "
                    "break or tab); use one line of text")
        if category in ("Zl", "Zp"):
            return (f"the force name contains a line or paragraph separator ({code}); use one "
                    "line of text")
        if category == "Cf" and char not in _ALLOWED_FORMAT:
            return (f"the force name contains an invisible formatting character ({code}, "
                    f"{unicodedata.name(char, 'unnamed')}); remove it")
    if not any(not ch.isspace() and unicodedata.category(ch) not in ("Cf", "Mn", "Me")
               for ch in name):
        return "the force name has no visible characters"
    return None


def check_name(name: str, where: str) -> str:
    """``name`` unchanged, or ForceFileError when it is blank, too long, has control or
    invisible characters, or is not valid Unicode (see ``name_problem``)."""
    if not isinstance(name, str):
        raise ForceFileError(f"{where}: the force name must be text")
    cleaned = name.strip()
    if not cleaned:
        raise ForceFileError(f"{where}: the force has no name")
    if len(cleaned) > MAX_NAME:
        raise ForceFileError(f"{where}: the force name is {len(cleaned)} characters long; "
                             f"the most is {MAX_NAME}")
    problem = name_problem(cleaned)
    if problem:
        raise ForceFileError(f"{where}: {problem}")
    return name


def check_dice_count(count: int, where: str) -> None:
    """ForceFileError when a force would hold more than MAX_DICE dice."""
    if count > MAX_DICE:
        raise ForceFileError(f"{where}: the force holds {count} dice; no force holds more "
                             f"than {MAX_DICE}")


def read_bounded(path: str | os.PathLike, limit: int, what: str) -> bytes:
    """The bytes of the regular file at ``path``, reading at most ``limit + 1`` bytes.

    Raises FileNotFoundError for a missing file (callers word that themselves), and
    OSError with a readable ``strerror`` for a folder, a device or pipe (``/dev/zero``, a
    FIFO: refused before opening, so nothing hangs), a file over ``limit`` bytes (``what``,
    e.g. "a force file", names the limit), or a read error.
    """
    if "\x00" in os.fspath(path):
        raise ValueError("the path contains a NUL character")
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(21, "it is a folder, not a file")
    if not path.exists():
        raise FileNotFoundError(2, "no such file", str(path))
    if not path.is_file():
        raise OSError(f"it is not a regular file (a device, pipe or socket); {what} must be "
                      "a file on disk")
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"it is larger than {limit} bytes; {what} is at most {limit} bytes")
    return data
