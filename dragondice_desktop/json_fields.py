"""One checker for the fields of the app's JSON files: game files (``engine/core/record.py``), Count
a roll's description (``engine/rolls/count_a_roll.py``) and force files (``forces/io.py``).

Each reader makes a ``FieldStyle`` once: the error it raises and the words its messages use
for JSON's kinds of value (a game file and a roll description say "text", a force file "a
string"; "must be X, not text" or "must be X, found text"). The checks then name the field
and the problem in that style, e.g. ``army[0].id must be a whole number, not true/false`` or
``'name' must be a string, found a number``. Every check returns the checked value, so a
reader reads and checks in one step. Pure: no files, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

MAX_QUOTE = 60  # characters of a file's own value quoted in a message


def quote(value: Any, limit: int = MAX_QUOTE) -> str:
    """`value` as it would be written, cut to `limit` characters (with "…") so a hostile file
    cannot fill the screen; characters that cannot be shown are escaped."""
    if isinstance(value, str):
        shown = repr(value[:limit] + "…" if len(value) > limit else value)
    else:
        shown = repr(value)
        shown = shown[:limit] + "…" if len(shown) > limit else shown
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def is_whole(value: Any) -> bool:
    """True for a JSON whole number (true and false are not numbers, though Python's bool is
    an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def unknown_fields(data: dict, allowed: Iterable[str]) -> list[str]:
    """The fields of object `data` not in `allowed`, in the order the object holds them."""
    allowed = set(allowed)
    return [key for key in data if key not in allowed]


def missing_fields(data: dict, required: Iterable[str]) -> list[str]:
    """The fields of `required` that object `data` lacks, in the order of `required`."""
    return [key for key in required if key not in data]


def first_repeated(pairs: list[tuple[str, Any]]) -> str | None:
    """The first field named twice among an object's (field, value) pairs, else None (the JSON
    reader would keep the last value: a hand edit the reader never sees)."""
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return key
        seen.add(key)
    return None


@dataclass(frozen=True)
class FieldStyle:
    """How one reader reports a wrong field.

    fail: makes the reader's exception from a message (e.g. ``ResolveError``).
    text: the word for a JSON string ("text", or "a string").
    decimal: the word for a number with a fraction ("a decimal number", or "a number").
    found: how a message names what was there instead: "not" ("must be a list, not text") or
        "found" ("must be a list, found text").
    """

    fail: Callable[[str], Exception]
    text: str = "text"
    decimal: str = "a decimal number"
    found: str = "not"

    def kind(self, value: Any) -> str:
        """What a JSON value is, in words: null, true/false, a number, text, a list ..."""
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true/false"
        return {int: "a number", float: self.decimal, str: self.text, list: "a list",
                dict: "an object"}.get(type(value), type(value).__name__)

    def wrong(self, path: str, what: str, value: Any) -> Exception:
        """The error for field `path` that should be `what` and holds `value`."""
        return self.fail(f"{path} must be {what}, {self.found} {self.kind(value)}")

    def obj(self, value: Any, path: str, what: str = "an object") -> dict:
        """`value` if it is a JSON object, else the error."""
        if not isinstance(value, dict):
            raise self.wrong(path, what, value)
        return value

    def items(self, value: Any, path: str, what: str, most: int | None = None) -> list:
        """`value` if it is a list of at most `most` entries; `what` names its entries
        ("dice": "... must be a list of dice, not text")."""
        if not isinstance(value, list):
            raise self.wrong(path, f"a list of {what}", value)
        if most is not None and len(value) > most:
            raise self.fail(f"{path} has {len(value)} entries; at most {most}")
        return value

    def texts(self, value: Any, path: str, what: str, most: int | None = None) -> list[str]:
        """`value` if it is a list of texts (see ``items``); an entry that is not text is
        named by its index."""
        for n, entry in enumerate(self.items(value, path, what, most)):
            self.string(entry, f"{path}[{n}]")
        return value

    def string(self, value: Any, path: str, most: int | None = None,
            what: str | None = None) -> str:
        """`value` if it is text of at most `most` characters (`what`: how the message names
        text, default the style's word)."""
        if not isinstance(value, str):
            raise self.wrong(path, what or self.text, value)
        if most is not None and len(value) > most:
            raise self.fail(f"{path} is {len(value)} characters long; at most {most}")
        return value

    def flag(self, value: Any, path: str) -> bool:
        """`value` if it is true or false."""
        if not isinstance(value, bool):
            raise self.wrong(path, "true or false", value)
        return value

    def whole(self, value: Any, path: str, low: int | None = None,
              high: int | None = None) -> int:
        """`value` if it is a whole number from `low` to `high` (either bound optional)."""
        if not is_whole(value):
            raise self.wrong(path, "a whole number", value)
        if (low is not None and value < low) or (high is not None and value > high):
            if low is None:
                raise self.fail(f"{path} must be at most {high}, not {quote(value)}")
            if high is None:
                raise self.fail(f"{path} must be at least {low}, not {quote(value)}")
            raise self.fail(f"{path} must be from {low} to {high}, not {quote(value)}")
        return value
