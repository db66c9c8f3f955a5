"""A plain-text force list a player can paste into a forum post, and read back.

Pure Python, no Qt. The form (``export_text``)::

    Dragon Dice force: Amazons — Mages and Cavalry
    Force size: 36 points (36 used)
    Home Terrain: Wasteland City
    Frontier Terrain: Wasteland Grove

    Home Army (1 point):
      1x Seer
    Horde Army (18 points):
      2x Charioteer
      ...
    Dragons:
      1x White Drake
    Dragonkin:
      6x Dragonkin/Dragonfoal (Fire)

    Problems (not ready to play):
      - error: Horde army has 19 points; ... [digest §2.2]

A die is written by its printed name when that name is unique in the catalog, else by its
catalog key (Dragonkin come in five elements under one name). Consecutive copies of one die
share a line, so ``import_text(export_text(f)) == f`` keeps the order of every list.

``import_text`` also reads hand-written lists: counts as ``2x Name``, ``2 x Name``, ``2× Name``
or ``2 Name`` (no count means 1; counts are written with the digits 0-9; ``-2x Name`` is a
negative count and refused), an optional leading ``- `` or ``*``, headers in any case,
blank lines and ``#`` comments anywhere. Everything after a ``Problems`` header is ignored
(problems are always recomputed). Every bad line is reported at once with its line number;
nothing is returned unless the whole list reads.
"""

from __future__ import annotations

import re
from typing import Any

from ..catalog.loader import Catalog, load_catalog
from ..catalog.model import Die
from .errors import (
    MAX_COUNT, MAX_FILE_BYTES, MAX_POINTS, ForceFileError, check_dice_count, check_name,
    parse_whole_number, shown,
)
from .model import Force
from .octgn import runs
from .validate import Problem, closest_keys

HEADER = "Dragon Dice force"
# Section title -> Force field, in the order sections are written.
SECTIONS = {
    "home army": "home_army",
    "horde army": "horde_army",
    "campaign army": "campaign_army",
    "dragons": "dragons",
    "dragonkin": "dragonkin",
    "minor terrains": "minor_terrains",
}
_TITLES = {"home_army": "Home Army", "horde_army": "Horde Army",
           "campaign_army": "Campaign Army", "dragons": "Dragons", "dragonkin": "Dragonkin",
           "minor_terrains": "Minor Terrains"}
NO_TERRAIN = "(none)"

_SECTION_LINE = re.compile(r"^(home army|horde army|campaign army|dragons|dragonkin|"
                           r"minor terrains?)\b[^:]*:\s*$", re.IGNORECASE)
_FIELD_LINE = re.compile(r"^(dragon dice force|force size|home terrain|frontier terrain|"
                         r"proposed frontier terrain|frontier)\s*:\s*(.*)$", re.IGNORECASE)
_PROBLEMS_LINE = re.compile(r"^problems\b", re.IGNORECASE)
# A die line: an optional bullet, an optional count ("2x", "2 x", "2×", "2"), the die.
_BULLET = re.compile(r"^[-*•]\s*")
_COUNTED = re.compile(r"^(\S+?)\s*(?:[x×]\s+|\s+)(\S.*?)\s*$")
# "-2x Name": a minus sign straight before the count is a negative count, not a bullet.
_MINUS = "-−"


def die_label(die: Die, catalog: Catalog) -> str:
    """How a die is written in a list: its printed name if that finds it, else its key."""
    name = die.name.strip()
    try:
        if catalog.die(name) is die:
            return name
    except KeyError:
        pass
    return die.key


def short_name(die: Die, catalog: Catalog) -> str:
    """The die's printed name, with the element when several dice share the name (Dragonkin
    come in five elements under one name): "Dragonfoal (Fire)", the key after its "/"."""
    try:
        if catalog.die(die.name.strip()) is die:
            return die.name.strip()
    except KeyError:
        pass
    return die.key.partition("/")[2] or die.key


def export_text(force: Force, catalog: Catalog | None = None,
                problems: list[Problem] | None = None) -> str:
    """The force as a plain-text list (the module docstring's form), ending in a newline.

    Points per army and the total come from ``Force.army_points`` (digest §1.2, seed 001).
    ``problems`` (from ``validate_force``), when not empty, are listed at the end under
    "Problems (not ready to play):". Raises KeyError for a key missing from the catalog.
    """
    catalog = catalog or load_catalog()
    total = force.total_points(catalog)
    lines = [f"{HEADER}: {force.name}", f"Force size: {force.points} points ({total} used)",
             f"Home Terrain: {_terrain(force.home_terrain, catalog)}",
             f"Frontier Terrain: {_terrain(force.frontier_terrain, catalog)}"]
    for field, title in _TITLES.items():
        keys = getattr(force, field)
        if field.endswith("_army"):
            points = force.army_points(field.removesuffix("_army"), catalog)
            lines += ["", f"{title} ({points} point{'' if points == 1 else 's'}):"]
        elif not keys:
            continue
        else:
            lines += ["", f"{title}:"]
        lines += [f"  {count}x {die_label(catalog.dice[key], catalog)}"
                  for key, count in runs(keys)]
    if problems:
        lines += ["", "Problems (not ready to play):"] + [f"  - {p}" for p in problems]
    return "\n".join(lines) + "\n"


def _terrain(key: str, catalog: Catalog) -> str:
    return die_label(catalog.dice[key], catalog) if key else NO_TERRAIN


def import_text(text: str, catalog: Catalog | None = None, where: str = "force list") -> Force:
    """Read a plain-text force list (see the module docstring) into a Force.

    Raises ForceFileError listing every bad line with its number: an unknown die (with the
    closest catalog names), a count of 0 or over 999, a die line before any section, an
    unknown line, a missing or repeated name or force size, or more than one die on a
    terrain line.
    """
    catalog = catalog or load_catalog()
    if len(text) > MAX_FILE_BYTES:
        raise ForceFileError(f"{where} is {len(text)} characters; a force list is at most "
                             f"{MAX_FILE_BYTES}")
    fields: dict[str, Any] = {}  # name: str, points: int, the terrains: str
    lists: dict[str, list[str]] = {field: [] for field in SECTIONS.values()}
    section: str | None = None
    bad: list[str] = []
    seen: set[str] = set()      # fields whose line was present, read or not
    total = 0
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if _PROBLEMS_LINE.match(line):
            break
        field_match = _FIELD_LINE.match(line)
        if field_match:
            section = None
            _read_field(field_match, number, fields, catalog, bad, seen)
            continue
        section_match = _SECTION_LINE.match(line)
        if section_match:
            title = section_match.group(1).casefold()
            section = SECTIONS["minor terrains" if title.startswith("minor") else title]
            continue
        if section is None:
            bad.append(f"line {number}: {line[:60]!r} is not a force line (expected a "
                       "'Name: value' line or a section such as 'Home Army:')")
            continue
        parsed = _read_die_line(line, number, catalog, bad)
        if parsed:
            key, count = parsed
            total += count
            check_dice_count(total, where)
            lists[section] += [key] * count
    for label in ("name", "points"):
        # Only when the line is really missing, not after a bad one was reported.
        if label not in fields and label not in seen:
            hint = (f"'{HEADER}: <name>'" if label == "name" else "'Force size: <n> points'")
            bad.append(f"no {label} line: add {hint}")
    if bad:
        raise ForceFileError(f"{where} cannot be read: " + "; ".join(bad))
    return Force(name=fields["name"], points=fields["points"],
                 home_terrain=fields.get("home_terrain", ""),
                 frontier_terrain=fields.get("frontier_terrain", ""),
                 **{field: tuple(keys) for field, keys in lists.items()})


def _read_field(match: re.Match[str], number: int, fields: dict[str, Any], catalog: Catalog,
                bad: list[str], seen: set[str]) -> None:
    label, value = match.group(1).casefold(), match.group(2).strip()
    target = {"dragon dice force": "name", "force size": "points", "home terrain": "home_terrain",
              "frontier terrain": "frontier_terrain", "frontier": "frontier_terrain",
              "proposed frontier terrain": "frontier_terrain"}[label]
    if target in seen:
        bad.append(f"line {number}: a second {match.group(1)!r} line")
        return
    seen.add(target)
    if target == "name":
        try:
            fields["name"] = check_name(value, f"line {number}")
        except ForceFileError as exc:
            bad.append(str(exc))
        return
    if target == "points":
        number_text = value.split()[0] if value.split() else ""
        points = parse_whole_number(number_text, 1, MAX_POINTS)
        if points is None:
            bad.append(f"line {number}: force size {shown(value, 30)} is not a positive whole "
                       f"number of points (at most {MAX_POINTS}, written with the digits 0-9)")
        else:
            fields["points"] = points
        return
    if value.casefold() in ("", NO_TERRAIN, "none", "-"):
        fields[target] = ""
        return
    parsed = _read_die_line(value, number, catalog, bad)
    if parsed:
        key, count = parsed
        if count != 1:
            bad.append(f"line {number}: a terrain line names one terrain, found {count}")
        fields[target] = key


def _read_die_line(line: str, number: int, catalog: Catalog,
                   bad: list[str]) -> tuple[str, int] | None:
    if line[:1] in _MINUS and line[1:2].isnumeric():
        bad.append(f"line {number}: {line[:60]!r} has a negative count; a count is a whole "
                   f"number from 1 to {MAX_COUNT}")
        return None
    body = _BULLET.sub("", line, count=1).strip()
    counted = _COUNTED.match(body)
    # A first word made of digits of any script ("2", "²", "٣") is a count.
    if counted and counted.group(1).isnumeric():
        count_text, ref = counted.group(1), counted.group(2)
        count = parse_whole_number(count_text, 1, MAX_COUNT)
        if count is None:
            text = count_text if len(count_text) <= 12 else \
                f"{count_text[:12]}… ({len(count_text)} characters)"
            bad.append(f"line {number}: count {text} for {ref[:40]!r}; a "
                       f"count is a whole number from 1 to {MAX_COUNT}, written with the "
                       "digits 0-9")
            return None
    else:
        count, ref = 1, body
    try:
        return catalog.die(ref).key, count
    except KeyError as exc:
        reason = str(exc.args[0]) if exc.args else ""
        if "ambiguous" in reason:
            bad.append(f"line {number}: {reason}; write the one you mean")
            return None
        close = closest_keys(ref, catalog)
        hint = f" (closest: {', '.join(map(repr, close))})" if close else ""
        bad.append(f"line {number}: no die {ref[:60]!r} in the catalog{hint}")
        return None

