"""The one error every force reader raises, and the limits that keep hostile files harmless.

Pure Python, no Qt. ``ForceFileError`` carries a message naming the file (or "force text"),
the problem and, where it helps, the fix. The limits are far above any real force (a
60-point force holds at most a few dozen dice) and exist so a typo or a hostile file cannot
expand into millions of dice or fill the screen with a name.
"""

from __future__ import annotations

# More copies of one die than any force could hold (60 points is the largest suggested size).
MAX_COUNT = 999
# Dice in a whole force, all slots together.
MAX_DICE = 2000
# Characters in a force name.
MAX_NAME = 200
# Bytes in a force file of any format.
MAX_FILE_BYTES = 2_000_000


class ForceFileError(ValueError):
    """A force file or OCTGN deck cannot be read; the message says where and why."""


def check_name(name: str, where: str) -> str:
    """``name`` unchanged, or ForceFileError when it is blank, too long or has control chars."""
    cleaned = name.strip()
    if not cleaned:
        raise ForceFileError(f"{where}: the force has no name")
    if len(cleaned) > MAX_NAME:
        raise ForceFileError(f"{where}: the force name is {len(cleaned)} characters long; "
                             f"the most is {MAX_NAME}")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in cleaned):
        raise ForceFileError(f"{where}: the force name contains a control character "
                             "(a line break or tab); use one line of text")
    return name


def check_dice_count(count: int, where: str) -> None:
    """ForceFileError when a force would hold more than MAX_DICE dice."""
    if count > MAX_DICE:
        raise ForceFileError(f"{where}: the force holds {count} dice; no force holds more "
                             f"than {MAX_DICE}")
