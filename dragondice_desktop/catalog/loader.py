"""Load and validate the committed catalog data through importlib.resources.

``load_catalog()`` returns the one shared ``Catalog`` (cached: the data never changes at run
time). Every die is validated on load (``validate_die``); a broken data file raises
``CatalogError`` naming the die and the rule it breaks, so bad data never reaches a game.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from importlib import resources
from typing import Any

from .model import (
    ACTION_ICONS, Color, Die, DieKind, DieType, Face, Icon, Size, Species, Spell,
)

DATA_FILES = (
    "units", "eldarim", "dragonkin", "dracolem", "items", "dragons", "terrains",
    "minor_terrains",
)

# Die type of each kind (digest §1.1); equipment and medallions are d4, relics d6.
KIND_DIE_TYPES = {
    DieKind.UNIT: {DieType.D6}, DieKind.CHAMPION: {DieType.D6}, DieKind.MONSTER: {DieType.D10},
    DieKind.EQUIPMENT: {DieType.D4}, DieKind.ARTIFACT: {DieType.D10},
    DieKind.MEDALLION: {DieType.D4}, DieKind.RELIC: {DieType.D6}, DieKind.DRAGON: {DieType.D12},
    DieKind.TERRAIN: {DieType.D8}, DieKind.MINOR_TERRAIN: {DieType.D8},
}
UNIT_HEALTH: dict[Size | None, int] = {Size.SMALL: 1, Size.MEDIUM: 2, Size.LARGE: 3, Size.CHAMPION: 4, Size.MONSTER: 4}
EQUIPMENT_COST: dict[Size | None, int] = {Size.SMALL: 1, Size.MEDIUM: 2, Size.LARGE: 2}
ITEM_COST = {DieKind.ARTIFACT: 3, DieKind.MEDALLION: 4, DieKind.RELIC: 4}


class CatalogError(ValueError):
    """The catalog data breaks a rule; the message names the die and the rule."""


# Keys and names an older catalog used, and the die they are now (catalog corrections): files
# and imports that still spell them the old way load.
RENAMED = {"Treefolk/Willowing": "Treefolk/Willowling"}
RENAMED_NAMES = {"willowing": "Treefolk/Willowling"}


def current_key(key: str) -> str:
    """The catalog key of die `key`, spelled as an older catalog may have spelled it
    (``RENAMED``); any other key unchanged."""
    return RENAMED.get(key, key)


class Catalog:
    """All dice and spells, looked up by key ("Dwarves/Hammerer") or, when unique, by name.

    Iterating yields every Die in key order. Raises KeyError (with close matches) from
    ``die()`` for an unknown or ambiguous name.
    """

    def __init__(self, dice: Iterable[Die], spells: Iterable[Spell]):
        self.dice: dict[str, Die] = {d.key: d for d in sorted(dice, key=lambda d: d.key)}
        self.spells: dict[str, Spell] = {s.key: s for s in sorted(spells, key=lambda s: s.key)}
        self._by_name: dict[str, list[Die]] = {}
        for die in self.dice.values():
            self._by_name.setdefault(die.name.casefold(), []).append(die)
        self._by_octgn = {d.octgn_id: d for d in self.dice.values() if d.octgn_id}

    def __iter__(self) -> Iterator[Die]:
        return iter(self.dice.values())

    def __len__(self) -> int:
        return len(self.dice)

    def die(self, ref: str) -> Die:
        """Find a die by key, or by name when the name is unique (case-insensitive); a key
        or name a die had before a catalog correction (``RENAMED``) finds it too."""
        if ref in self.dice:
            return self.dice[ref]
        renamed = RENAMED.get(ref) or RENAMED_NAMES.get(ref.casefold())
        if renamed is None:
            renamed = next((new for old, new in RENAMED.items()
                            if old.casefold() == ref.casefold()), None)
        if renamed in self.dice:
            return self.dice[renamed]
        for key, die in self.dice.items():
            if key.casefold() == ref.casefold():
                return die
        matches = self._by_name.get(ref.casefold(), [])
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise KeyError(f"{ref!r} is ambiguous: " + ", ".join(d.key for d in matches))
        close = [k for k in self.dice if ref.casefold() in k.casefold()][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise KeyError(f"no die called {ref!r} in the catalog{hint}")

    def by_octgn_id(self, octgn_id: str) -> Die:
        """The die with this OCTGN card id (used to import OCTGN decks). Raises KeyError."""
        return self._by_octgn[octgn_id]

    def of_kind(self, *kinds: DieKind) -> list[Die]:
        """Every die of the given kinds, in key order."""
        return [d for d in self.dice.values() if d.kind in kinds]


def _die_from_record(record: dict[str, Any]) -> Die:
    try:
        faces = tuple(Face.from_text(text) for text in record["faces"])
        return Die(
            key=record["key"], name=record["name"], kind=DieKind(record["kind"]),
            species=Species(record["species"]) if record.get("species") else None,
            colors=tuple(Color(c) for c in record["colors"]),
            size=Size(record["size"]) if record.get("size") else None,
            health=int(record["health"]), cost=int(record["cost"]),
            die_type=DieType(int(record["die"].lstrip("d"))), faces=faces,
            class_name=record.get("class", ""),
            eighth_face=Icon(record["eighth_face"]) if record.get("eighth_face") else None,
            autosaves=int(record.get("autosaves", 0)), octgn_id=record.get("octgn_id", ""),
        )
    except (KeyError, ValueError) as exc:
        raise CatalogError(f"die {record.get('key', record)!r}: {exc}") from None


def validate_die(die: Die) -> list[str]:
    """Every rule the die breaks, as messages (empty when valid).

    Rules: face count equals the die type (digest §1.1); a unit has exactly one ID face whose
    count equals its health, and health and cost follow its size (digest §1.2); single-icon
    faces of monsters and champions are worth 4 (seed 000 X rule); item costs follow seed 001;
    equipment has no ID and one action type; terrains have faces numbered 1-8 with the
    eighth face on 8 (digest §1.5).
    """
    problems = []
    if die.die_type not in KIND_DIE_TYPES[die.kind]:
        problems.append(f"a {die.kind.value} must be a {sorted(t.name for t in KIND_DIE_TYPES[die.kind])}")
    if len(die.faces) != die.die_type.value:
        problems.append(f"has {len(die.faces)} faces; a {die.die_type.name.lower()} has {die.die_type.value}")
    ids = [f for f in die.faces if any(i is Icon.ID for i, _ in f.icons)]
    if die.kind.is_unit:
        expected = UNIT_HEALTH.get(die.size)
        if die.health != expected:
            problems.append(f"health {die.health}; a {die.size} unit has {expected}")
        if die.cost != die.health:
            problems.append(f"costs {die.cost}; a unit costs its health {die.health}")
        if len(ids) != 1:
            problems.append(f"has {len(ids)} ID faces; a unit has exactly one")
        elif ids[0].count != die.health:
            problems.append(f"ID face counts {ids[0].count}; it must equal health {die.health}")
        if die.kind in (DieKind.MONSTER, DieKind.CHAMPION):
            for face in die.faces:
                if face.icon is not Icon.TAIL and face.count != 4 and die.species is not Species.DRACOLEM:
                    if die.kind is DieKind.MONSTER and face.icon.is_sai:
                        continue  # fixed-value monster SAIs (Gore) keep their own numbers
                    problems.append(f"face {face.to_text()!r}: a {die.kind.value} icon is worth 4")
    if die.kind is DieKind.EQUIPMENT:
        if ids:
            problems.append("equipment has no ID face (seed 001)")
        actions = {f.icon for f in die.faces if f.icon in ACTION_ICONS}
        if len(actions) != 1:
            problems.append(f"equipment shows one action type; found {sorted(a.value for a in actions)}")
        if die.cost != EQUIPMENT_COST.get(die.size):
            problems.append(f"costs {die.cost}; {die.size} equipment costs {EQUIPMENT_COST.get(die.size)}")
    if die.kind in ITEM_COST and die.cost != ITEM_COST[die.kind]:
        problems.append(f"costs {die.cost}; a {die.kind.value} costs {ITEM_COST[die.kind]} (seed 001)")
    if die.kind is DieKind.TERRAIN:
        numbers = [f.count for f in die.faces]
        if numbers != list(range(1, 9)):
            problems.append(f"terrain faces must be numbered 1-8 in order, got {numbers}")
        elif die.faces[7].icon is not die.eighth_face:
            problems.append(f"face 8 shows {die.faces[7].icon.value}, eighth face is {die.eighth_face}")
        elif any(f.icon not in (Icon.MAGIC, Icon.MISSILE, Icon.MELEE) for f in die.faces[:7]):
            problems.append("terrain faces 1-7 must carry magic, missile or melee")
    return problems


def _read(name: str) -> list[dict[str, Any]]:
    text = resources.files("dragondice_desktop.catalog.data").joinpath(f"{name}.json").read_text(
        encoding="utf-8"
    )
    records: list[dict[str, Any]] = json.loads(text)
    return records


@functools.cache
def load_catalog() -> Catalog:
    """Load, validate and return the shared catalog. Raises CatalogError on any broken die."""
    dice = [_die_from_record(r) for name in DATA_FILES for r in _read(name)]
    problems = [f"{d.key}: {p}" for d in dice for p in validate_die(d)]
    if problems:
        raise CatalogError("catalog data is invalid:\n" + "\n".join(problems))
    keys = [d.key for d in dice]
    if len(set(keys)) != len(keys):
        raise CatalogError("duplicate die keys in the catalog data")
    spells = [
        Spell(key=r["key"], name=r["name"], cost=r["cost"], color=r["color"],
              species=Species(r["species"]) if r["species"] else None,
              reserve=r["reserve"], cantrip=r["cantrip"])
        for r in _read("spells")
    ]
    return Catalog(dice, spells)
