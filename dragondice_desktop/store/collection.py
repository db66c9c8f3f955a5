"""The player's collection: per catalog die, copies owned, printing, condition and notes.

No Qt. Rows live in the ``collection`` table (see ``migrations``); a die with no copies and
no text has no row, so "the collection" is exactly the rows present. Every function takes
the database first. Bad values raise ``CollectionError`` naming the die and the value, and
change nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from ..catalog.loader import Catalog
from ..catalog.model import Die, DieKind

MAX_QUANTITY = 9999
MAX_TEXT = 500
CONDITIONS = ("", "Mint", "Near mint", "Good", "Played", "Worn", "Damaged")
# Suggested printings; the ones the player has typed are offered too (printing_suggestions).
PRINTINGS = ("TSR 1995 (first edition)", "TSR 1996", "TSR 1997", "SFR", "SFR Kickstarter",
             "Promo")
TEXT_FIELDS = ("printing", "condition", "notes")


class CollectionError(ValueError):
    """A collection value is out of range or a die key is unknown; nothing was changed."""


@dataclass(frozen=True)
class CollectionEntry:
    """What the player records about one die.

    die_key: catalog key; quantity: copies owned (0-9999); printing, condition, notes: free
    text (at most 500 characters each).
    """

    die_key: str
    quantity: int = 0
    printing: str = ""
    condition: str = ""
    notes: str = ""

    @property
    def is_blank(self) -> bool:
        """No copies and no text: such an entry is stored as no row at all."""
        return self.quantity == 0 and not (self.printing or self.condition or self.notes)


def check_entry(entry: CollectionEntry, catalog: Catalog | None = None) -> CollectionEntry:
    """``entry`` with its text stripped, or CollectionError for a quantity outside 0-9999 (or
    not a whole number), text over 500 characters, or (given a catalog) an unknown key."""
    if catalog is not None and entry.die_key not in catalog.dice:
        raise CollectionError(f"no die {entry.die_key!r} in the catalog")
    if type(entry.quantity) is not int or not 0 <= entry.quantity <= MAX_QUANTITY:
        raise CollectionError(f"{entry.die_key}: quantity {entry.quantity!r} must be a whole "
                              f"number from 0 to {MAX_QUANTITY}")
    cleaned: dict[str, Any] = {}  # text fields only, named at run time
    for field in TEXT_FIELDS:
        value = getattr(entry, field)
        if not isinstance(value, str):
            raise CollectionError(f"{entry.die_key}: {field} must be text")
        value = " ".join(value.split()) if field != "notes" else value.strip()
        if len(value) > MAX_TEXT:
            raise CollectionError(f"{entry.die_key}: {field} is {len(value)} characters; the "
                                  f"most is {MAX_TEXT}")
        cleaned[field] = value
    return replace(entry, **cleaned)


def _row(entry: CollectionEntry) -> dict:
    return {"die_key": entry.die_key, "quantity": entry.quantity, "printing": entry.printing,
            "condition": entry.condition, "notes": entry.notes,
            "updated_at": datetime.datetime.now(datetime.timezone.utc).isoformat()}


def _entry(row: Mapping) -> CollectionEntry:
    return CollectionEntry(row["die_key"], int(row["quantity"] or 0), row["printing"] or "",
                           row["condition"] or "", row["notes"] or "")


def get_entry(db: Database, die_key: str) -> CollectionEntry:
    """The entry for one die (a blank entry when the die has no row)."""
    rows = list(db["collection"].rows_where("die_key = ?", [die_key]))
    return _entry(rows[0]) if rows else CollectionEntry(die_key)


def all_entries(db: Database) -> dict[str, CollectionEntry]:
    """Every recorded entry by die key, in key order."""
    return {row["die_key"]: _entry(row)
            for row in db["collection"].rows_where(order_by="die_key")}


def owned_counts(db: Database) -> dict[str, int]:
    """Copies owned per die key, only dice with at least one copy."""
    return {row["die_key"]: row["quantity"]
            for row in db["collection"].rows_where("quantity > 0", select="die_key, quantity")}


def set_entry(db: Database, entry: CollectionEntry, catalog: Catalog | None = None
              ) -> CollectionEntry:
    """Store one entry (a blank entry deletes the row); returns the stored, cleaned entry.

    Raises CollectionError (see ``check_entry``) and changes nothing then.
    """
    entry = check_entry(entry, catalog)
    _write(db, [entry])
    return entry


def set_quantity(db: Database, die_key: str, quantity: int,
                 catalog: Catalog | None = None) -> CollectionEntry:
    """Change only the quantity of one die, keeping its text."""
    return set_entry(db, replace(get_entry(db, die_key), quantity=quantity), catalog)


def write_entries(db: Database, entries: Iterable[CollectionEntry], *,
                  replace_all: bool = False) -> None:
    """Store many checked entries in one transaction; ``replace_all`` first empties the
    collection. Raises CollectionError before writing anything if one entry is bad."""
    checked = [check_entry(e) for e in entries]
    with db.atomic():
        if replace_all:
            db.execute("DELETE FROM collection")
        _write(db, checked)


def _write(db: Database, entries: list[CollectionEntry]) -> None:
    with db.atomic():
        for entry in entries:
            if entry.is_blank:
                db.execute("DELETE FROM collection WHERE die_key = ?", [entry.die_key])
            else:
                db.table("collection").upsert(_row(entry), pk="die_key")


def printing_suggestions(db: Database) -> list[str]:
    """The suggested printings followed by every other printing the player has typed."""
    typed = [row["printing"] for row in db.query(
        "SELECT DISTINCT printing FROM collection WHERE printing != '' ORDER BY printing")]
    return list(PRINTINGS) + [p for p in typed if p not in PRINTINGS]


# --- totals and completion -------------------------------------------------------------------

@dataclass(frozen=True)
class Completion:
    """How much of one group of the catalog the player owns.

    group: a species name, or "Items", "Dragons", "Terrains", "Minor terrains";
    kinds_owned: distinct dice of the group with at least one copy; kinds_total: distinct
    dice of the group in the catalog; copies: copies owned in the group.
    """

    group: str
    kinds_owned: int
    kinds_total: int
    copies: int

    @property
    def percent(self) -> float:
        """Share of the group's distinct dice owned, 0-100."""
        return 100.0 * self.kinds_owned / self.kinds_total if self.kinds_total else 0.0


def die_group(die: Die) -> str:
    """The completion group of a die: its species, else its kind's plural."""
    if die.species is not None:
        return die.species.value
    if die.kind.is_item:
        return "Items"
    return {DieKind.DRAGON: "Dragons", DieKind.TERRAIN: "Terrains",
            DieKind.MINOR_TERRAIN: "Minor terrains"}.get(die.kind, die.kind.value)


def completion(catalog: Catalog, owned: Mapping[str, int]) -> list[Completion]:
    """Completion per group, species first (alphabetical) then the other groups."""
    groups: dict[str, list[int]] = {}
    for die in catalog:
        counts = groups.setdefault(die_group(die), [0, 0, 0])
        have = owned.get(die.key, 0)
        counts[0] += have > 0
        counts[1] += 1
        counts[2] += have
    extra = ("Items", "Dragons", "Terrains", "Minor terrains")
    order = sorted(g for g in groups if g not in extra) + [g for g in extra if g in groups]
    return [Completion(g, *groups[g]) for g in order]
