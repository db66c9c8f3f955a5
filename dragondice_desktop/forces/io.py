"""Force files: our JSON format, and import of OCTGN deck files (``.o8d``).

Pure Python, no Qt. Every failure raises ``ForceFileError`` with a message that names the
file (or "force text"), the problem and, where it helps, the fix; never a bare traceback.

Our format (version 1), keys are catalog die keys::

    {"format": "dragondice-desktop-force", "version": 1,
     "name": "Amazons — Spears and Seers", "points": 36,
     "home_terrain": "Terrains/Wasteland City", "frontier_terrain": "Terrains/Highland Grove",
     "armies": {"home": ["Amazons/War Chief", {"die": "Amazons/Warrior", "count": 2}, ...],
                "horde": [...],
                "campaign": [...]},
     "dragons": [...], "dragonkin": [...], "minor_terrains": [...]}

A list entry is a key, or ``{"die": key, "count": n}`` for n copies of one die. ``dump_force``
writes runs of the same die with counts, so ``load_force(dump_force(f)) == f``. An empty
terrain key ("") means "not chosen yet" (a draft); validation reports it. An optional
``"problems": [text, ...]`` list states why an exported force is not legal; reading ignores
it (the problems are always recomputed). The OCTGN deck format lives in ``forces.octgn``.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from ..catalog.loader import Catalog, current_key, load_catalog
from ..json_fields import FieldStyle, first_repeated, is_whole, missing_fields, unknown_fields
from .errors import (  # noqa: F401  (ForceFileError and MAX_COUNT are re-exported)
    MAX_COUNT, MAX_FILE_BYTES, MAX_POINTS, ForceFileError, check_dice_count, check_name,
    read_bounded,
)
from .model import ARMY_NAMES, Force
from .octgn import import_octgn_deck
from .validate import Problem, closest_keys

FORMAT = "dragondice-desktop-force"
VERSION = 1

_T = TypeVar("_T")

_LIST_FIELDS = ("dragons", "dragonkin", "minor_terrains")
_REQUIRED = ("format", "version", "name", "points", "home_terrain", "frontier_terrain", "armies")
# "problems" is informational: an exported invalid force states them; reading ignores it.
_FIELDS = _REQUIRED + _LIST_FIELDS + ("problems",)
# Digits a JSON number may have before it is refused unparsed (points and counts are capped
# far lower; this only keeps int() away from 5000-digit strings).
_MAX_JSON_DIGITS = 20


# --- reading our format ----------------------------------------------------------------

def load_force(source: str | os.PathLike, catalog: Catalog | None = None, *,
               where: str | None = None) -> Force:
    """Read a force from JSON text or from a file path.

    ``source`` is a path (``os.PathLike``, or a ``str`` not starting with "{") or JSON text
    (a ``str`` whose first non-blank character is "{"). ``where`` names JSON text in
    messages (default "force text"; a file is named by its path). Die keys are checked
    against ``catalog`` (default: the bundled catalog); the force's legality is not, use
    ``validate_force`` for that. Raises ForceFileError for an unreadable or empty file, a
    directory or special file, text that is not JSON, a repeated field, a number too long
    to be one, a wrong format or version, a missing or mistyped field, points over
    MAX_POINTS, an empty die key in a list, or an unknown die (naming the closest catalog
    keys).
    """
    catalog = catalog or load_catalog()
    text, found_where = _read_source(source, where or "force text")
    return force_from_data(_parse_json(text, found_where), catalog, found_where)


def _read_source(source: object, where: str = "force text") -> tuple[str, str]:
    """(text, description for messages) of a text-or-path source."""
    if isinstance(source, os.PathLike):
        return _read_file(Path(source))
    if not isinstance(source, str):
        raise ForceFileError(f"expected force text or a file path, got {type(source).__name__}")
    if not source.strip():
        raise ForceFileError(f"{where} is empty: expected a JSON object starting with '{{'")
    if source.lstrip().startswith("{"):
        return source, where
    return _read_file(Path(source))


def _read_file(path: Path) -> tuple[str, str]:
    where = f"force file '{path}'"
    try:
        data = read_bounded(path, MAX_FILE_BYTES, "a force file")
    except FileNotFoundError:
        raise ForceFileError(f"no force file at '{path}' (force text must be a JSON object "
                             "starting with '{')") from None
    except IsADirectoryError:
        raise ForceFileError(f"'{path}' is a directory, not a force file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        reason = getattr(exc, "strerror", None) or exc
        raise ForceFileError(f"cannot read {where}: {reason}") from None
    try:
        text = data.decode("utf-8-sig")  # tolerate the BOM some Windows editors write
    except UnicodeDecodeError as exc:
        raise ForceFileError(f"{where} is not UTF-8 text (bad byte at offset {exc.start})") \
            from None
    if not text.strip():
        raise ForceFileError(f"{where} is empty")
    return text, where


def _parse_json(text: str, where: str) -> object:
    def number(digits: str) -> int:
        # Called with the digit string before int() sees it (a 5000-digit number would
        # raise a bare ValueError from int()).
        if len(digits.lstrip("-")) > _MAX_JSON_DIGITS:
            offset = text.find(digits)
            line = text.count("\n", 0, offset) + 1
            column = offset - text.rfind("\n", 0, offset)
            raise ForceFileError(f"{where}: the number at line {line}, column {column} has "
                                 f"{len(digits.lstrip('-'))} digits (it starts "
                                 f"{digits[:12]}…); no value in a force file is that long")
        return int(digits)

    def unique_fields(pairs: list[tuple[str, object]]) -> dict:
        twice = first_repeated(pairs)
        if twice is not None:
            raise ForceFileError(f"{where}: field {twice!r} appears twice in one object; "
                                 "keep one")
        return dict(pairs)

    try:
        return json.loads(text, parse_int=number, object_pairs_hook=unique_fields)
    except json.JSONDecodeError as exc:
        hint = ("; the data ends before it is complete, is it truncated?"
                if _ends_early(text) else "")
        raise ForceFileError(f"{where} is not valid JSON: {exc.msg} (line {exc.lineno}, "
                             f"column {exc.colno}){hint}") from None
    except RecursionError:
        raise ForceFileError(f"{where} is not a force: its JSON is nested too deeply") from None


def _ends_early(text: str) -> bool:
    """Whether JSON text stops inside a string or with brackets still open (a cut-off file)."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
    return in_string or depth > 0


def force_from_data(data: object, catalog: Catalog, where: str = "force data") -> Force:
    """Build a Force from parsed JSON (the shape in the module docstring).

    Raises ForceFileError naming the first wrong field, or every unknown die at once.
    """
    _check_header(data, where)
    assert isinstance(data, dict)  # _check_header raised otherwise
    points = _positive_int(data["points"], "points", where)
    if points > MAX_POINTS:
        raise ForceFileError(f"{where}: 'points' is {points}; a force size is at most "
                             f"{MAX_POINTS} points")
    force = Force(
        name=check_name(_typed(data, "name", str, where), where),
        points=points,
        home_terrain=_typed(data, "home_terrain", str, where),
        frontier_terrain=_typed(data, "frontier_terrain", str, where),
        **{f"{army}_army": keys for army, keys in _armies(data["armies"], where).items()},
        **{name: _entries(data.get(name, []), name, where) for name in _LIST_FIELDS},
    )
    problems = data.get("problems", [])
    if not isinstance(problems, list) or not all(isinstance(p, str) for p in problems):
        raise _style(where).wrong("'problems'", "a list of strings", problems)
    check_dice_count(len(_all_keys(force)), where)
    force = with_current_keys(force)
    _check_dice_exist(force, catalog, where)
    return force


def with_current_keys(force: Force) -> Force:
    """`force` with die keys an older catalog spelled differently (the Willowing, now the
    Willowling: ``catalog.loader.RENAMED``) under their current key."""
    def fix(keys: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(current_key(k) for k in keys)

    return replace(force, home_terrain=current_key(force.home_terrain),
                   frontier_terrain=current_key(force.frontier_terrain),
                   home_army=fix(force.home_army), horde_army=fix(force.horde_army),
                   campaign_army=fix(force.campaign_army), dragons=fix(force.dragons),
                   dragonkin=fix(force.dragonkin), minor_terrains=fix(force.minor_terrains))


def _check_header(data: object, where: str) -> None:
    if not isinstance(data, dict):
        raise ForceFileError(f"{where} is not a force: expected a JSON object, found {_kind(data)}")
    if data.get("format") != FORMAT:
        raise ForceFileError(f"{where} is not a Dragon Dice Desktop force: 'format' is "
                             f"{data.get('format')!r}, expected {FORMAT!r}")
    version = data.get("version")
    if "version" not in data:
        raise ForceFileError(f"{where}: missing fields 'version' (this app reads "
                             f"version {VERSION})")
    if type(version) is not int or version != VERSION:
        newer = type(version) is int and version > VERSION
        hint = " (written by a newer version of the app?)" if newer else ""
        raise ForceFileError(f"{where}: force format version {json.dumps(version)} is not "
                             f"supported; this app reads version {VERSION}{hint}")
    unknown = sorted(unknown_fields(data, _FIELDS))
    if unknown:
        raise ForceFileError(f"{where}: unknown fields {', '.join(map(repr, unknown))}; a "
                             f"version-{VERSION} force has {', '.join(_FIELDS)}")
    missing = missing_fields(data, _REQUIRED)
    if missing:
        raise ForceFileError(f"{where}: missing fields {', '.join(map(repr, missing))}")


def _style(where: str) -> FieldStyle:
    """The app's one checker for JSON files (``json_fields``) in a force file's words
    ("'name' must be a string, found a number"), each message naming the file first."""
    return FieldStyle(lambda problem: ForceFileError(f"{where}: {problem}"), text="a string",
                      decimal="a number", found="found")


def _typed(data: dict[str, Any], name: str, kind: type[_T], where: str) -> _T:
    value = data[name]
    if not isinstance(value, kind):
        raise _style(where).wrong(f"'{name}'", f"a {_KIND_NAMES[kind]}", value)
    return value


def _positive_int(value: object, name: str, where: str) -> int:
    # bool is an int in Python; `true` is not a number of points.
    if not is_whole(value) or not isinstance(value, int) or value <= 0:
        raise ForceFileError(f"{where}: '{name}' must be a positive whole number, found "
                             f"{json.dumps(value)}")
    return value


def _armies(value: object, where: str) -> dict[str, tuple[str, ...]]:
    _style(where).obj(value, "'armies'", f"an object with {', '.join(ARMY_NAMES)}")
    assert isinstance(value, dict)  # checked just above
    unknown = sorted(unknown_fields(value, ARMY_NAMES))
    if unknown:
        raise ForceFileError(f"{where}: unknown armies {', '.join(map(repr, unknown))}; the "
                             f"armies are {', '.join(ARMY_NAMES)}")
    # A missing army is an empty one; validation then reports that it has no units.
    return {army: _entries(value.get(army, []), f"armies.{army}", where) for army in ARMY_NAMES}


def _entries(value: object, field: str, where: str) -> tuple[str, ...]:
    """Expand a list of keys and {"die", "count"} entries into one key per die."""
    _style(where).items(value, f"'{field}'", "dice")
    assert isinstance(value, list)  # checked just above
    keys: list[str] = []
    for index, entry in enumerate(value):
        place = f"'{field}[{index}]'"
        if isinstance(entry, str):
            keys.append(_die_key(entry, place, where))
            continue
        if not isinstance(entry, dict) or set(entry) - {"die", "count"} or "die" not in entry:
            raise ForceFileError(f"{where}: {place} must be a die key or "
                                 f'{{"die": key, "count": n}}, found {json.dumps(entry)}')
        _style(where).string(entry["die"], f"{place} 'die'")
        count = _positive_int(entry.get("count", 1), f"{field}[{index}].count", where)
        if count > MAX_COUNT:
            # Guards against a typo (or a hostile file) expanding into millions of dice.
            raise ForceFileError(f"{where}: '{field}[{index}].count' is {count}; no force "
                                 f"holds more than {MAX_COUNT} of one die")
        keys.extend([_die_key(entry["die"], place, where)] * count)
        check_dice_count(len(keys), where)
    return tuple(keys)


def _die_key(key: str, place: str, where: str) -> str:
    # An empty key means "not chosen" only for a terrain; in a list it names no die at all.
    if not key.strip():
        raise ForceFileError(f"{where}: {place} is an empty die key; name a catalog die or "
                             "remove the entry")
    return key


def _check_dice_exist(force: Force, catalog: Catalog, where: str) -> None:
    unknown = [key for key in _all_keys(force) if key and key not in catalog.dice]
    if not unknown:
        return
    lines = []
    for key in dict.fromkeys(unknown):
        close = closest_keys(key, catalog)
        hint = f" (closest: {', '.join(map(repr, close))})" if close else ""
        lines.append(f"{key!r}{hint}")
    raise ForceFileError(f"{where}: unknown dice: {'; '.join(lines)}")


def _all_keys(force: Force) -> list[str]:
    keys = [force.home_terrain, force.frontier_terrain]
    for army in ARMY_NAMES:
        keys += force.army(army)
    return keys + [k for name in _LIST_FIELDS for k in getattr(force, name)]


_KIND_NAMES = {str: "string", int: "number", list: "list", dict: "object"}


def _kind(value: object) -> str:
    """JSON's name for a parsed value's type, for messages."""
    return _style("").kind(value)


# --- writing our format ----------------------------------------------------------------

def force_to_data(force: Force, problems: list[Problem] | None = None) -> dict:
    """The JSON-ready dict of a force; runs of one die become {"die": key, "count": n}.

    With ``problems`` (non-empty), the dict ends with ``"problems": [str(p), ...]``.
    """
    data = {
        "format": FORMAT,
        "version": VERSION,
        "name": force.name,
        "points": force.points,
        "home_terrain": force.home_terrain,
        "frontier_terrain": force.frontier_terrain,
        "armies": {army: _compact(force.army(army)) for army in ARMY_NAMES},
        **{name: _compact(getattr(force, name)) for name in _LIST_FIELDS},
    }
    if problems:
        data["problems"] = [str(p) for p in problems]
    return data


def dump_force(force: Force, problems: list[Problem] | None = None) -> str:
    """The force as our JSON text: one list entry per line, UTF-8 names kept, final newline.

    ``problems`` (from ``validate_force``) are written as the informational "problems" list.
    """
    return _render(force_to_data(force, problems), 0) + "\n"


def _compact(keys: tuple[str, ...]) -> list:
    # Only *consecutive* repeats are merged, so reading the file back gives the same order.
    entries: list = []
    for key in keys:
        last = entries[-1] if entries else None
        if last == key:
            entries[-1] = {"die": key, "count": 2}
        elif isinstance(last, dict) and last["die"] == key:
            last["count"] += 1
        else:
            entries.append(key)
    return entries


def _render(value: object, depth: int) -> str:
    # json.dumps(indent=2) would spread every {"die", "count"} over four lines; a force
    # file reads better with one die per line.
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        body = ",\n".join(f"{inner}{json.dumps(k)}: {_render(v, depth + 1)}"
                          for k, v in value.items())
        return "{\n" + body + "\n" + pad + "}"
    if isinstance(value, list) and value:
        body = ",\n".join(inner + json.dumps(v, ensure_ascii=False) for v in value)
        return "[\n" + body + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


# --- file names ---------------------------------------------------------------------

def force_file_name(force_name: str) -> str:
    """A readable file name for a force name.

    "Amazons — Spears and Seers" -> "amazons-spears-and-seers.json".
    """
    return re.sub(r"[^a-z0-9]+", "-", force_name.casefold()).strip("-") + ".json"
