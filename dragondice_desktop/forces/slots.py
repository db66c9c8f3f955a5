"""Edits of a force one die at a time, as the force builder makes them. Pure functions on
the immutable ``Force``: each returns a new Force and never changes the one it is given.

Slots are Force field names: "home_terrain", "frontier_terrain" (one die each, "" when
empty), "home_army", "horde_army", "campaign_army", "dragons", "dragonkin",
"minor_terrains" (lists). Which die fits which slot follows validation (``slot_fault``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..catalog.loader import Catalog
from ..catalog.model import ADVANCED_EIGHTH_FACES, Die, DieKind, Species
from .model import ARMY_NAMES, Force
from .validate import rule_topic, slot_fault

TERRAIN_SLOTS = ("home_terrain", "frontier_terrain")
ARMY_SLOTS = tuple(f"{army}_army" for army in ARMY_NAMES)
POOL_SLOTS = ("dragons", "dragonkin", "minor_terrains")
SLOTS = TERRAIN_SLOTS + ARMY_SLOTS + POOL_SLOTS
SLOT_LABELS = {
    "home_terrain": "Home Terrain", "frontier_terrain": "Frontier Terrain (proposed)",
    "home_army": "Home army", "horde_army": "Horde army", "campaign_army": "Campaign army",
    "dragons": "Dragons", "dragonkin": "Dragonkin", "minor_terrains": "Minor terrains",
}


def fits(slot: str, die: Die) -> str | None:
    """None if ``die`` may go in ``slot``, else a sentence saying why not, naming the rule in
    words."""
    fault = slot_fault(slot, die)
    if fault is None:
        return None
    rule, complaint = fault
    return f"{SLOT_LABELS[slot]}: {die.name} {complaint} [{rule_topic(rule)}]"


def default_slot(die: Die, army: str = "home_army", force: Force | None = None) -> str:
    """Where a die goes when added without a target: units and items to ``army``, Dragonkin,
    dragons and minor terrains to their lists, a terrain to the Home Terrain (or to the
    Frontier when it is advanced or the Home Terrain is already chosen)."""
    if die.kind is DieKind.TERRAIN:
        if die.eighth_face in ADVANCED_EIGHTH_FACES or (force and force.home_terrain):
            return "frontier_terrain"
        return "home_terrain"
    if die.species is Species.DRAGONKIN:
        return "dragonkin"
    if die.kind is DieKind.DRAGON:
        return "dragons"
    if die.kind is DieKind.MINOR_TERRAIN:
        return "minor_terrains"
    return army


def slot_keys(force: Force, slot: str) -> tuple[str, ...]:
    """The keys in a slot; a terrain slot gives () or (key,)."""
    value = getattr(force, slot)
    if isinstance(value, str):
        return (value,) if value else ()
    return value


def add_die(force: Force, slot: str, key: str) -> Force:
    """``force`` with one ``key`` added to ``slot``: a terrain slot is set to it; a list gets
    it after the last copy of the same die (runs stay together), else at the end."""
    if slot in TERRAIN_SLOTS:
        value: dict[str, Any] = {slot: key}  # the slot is a field name known only here
        return replace(force, **value)
    keys = list(getattr(force, slot))
    where = max((i for i, k in enumerate(keys) if k == key), default=len(keys) - 1) + 1
    keys.insert(where, key)
    changed: dict[str, Any] = {slot: tuple(keys)}
    return replace(force, **changed)


def remove_die(force: Force, slot: str, key: str, count: int = 1) -> Force:
    """``force`` with ``count`` copies of ``key`` (the last ones) taken out of ``slot``; a
    terrain slot becomes "". Raises ValueError if the slot holds fewer copies."""
    if slot in TERRAIN_SLOTS:
        if getattr(force, slot) != key:
            raise ValueError(f"{SLOT_LABELS[slot]} is not {key!r}")
        emptied: dict[str, Any] = {slot: ""}
        return replace(force, **emptied)
    keys = list(getattr(force, slot))
    if keys.count(key) < count:
        raise ValueError(f"{SLOT_LABELS[slot]} holds {keys.count(key)} of {key!r}, not {count}")
    for _ in range(count):
        del keys[len(keys) - 1 - keys[::-1].index(key)]
    taken: dict[str, Any] = {slot: tuple(keys)}
    return replace(force, **taken)


def move_die(force: Force, source: str, target: str, key: str) -> Force:
    """One ``key`` moved from ``source`` to ``target`` (unchanged when they are the same)."""
    if source == target:
        return force
    return add_die(remove_die(force, source, key), target, key)


def known_part(force: Force, catalog: Catalog) -> Force:
    """``force`` without keys missing from the catalog, so counters never fail."""
    changes: dict[str, Any] = {slot: tuple(k for k in getattr(force, slot) if k in catalog.dice)
               for slot in ARMY_SLOTS + POOL_SLOTS}
    for slot in TERRAIN_SLOTS:
        if getattr(force, slot) not in catalog.dice:
            changes[slot] = ""
    return replace(force, **changes)
