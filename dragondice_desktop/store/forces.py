"""Saved forces: save, load, list, rename, duplicate and delete, by name.

No Qt. A force is stored as one ``forces`` row and one ``force_dice`` row per die (see
``migrations``), which holds every field of ``forces.model.Force`` losslessly, order
included. A force with errors is saved too, as a draft: its error count is stored so every
list can mark it invalid. Names are unique (compared exactly, after stripping spaces).

The New Game dialog uses ``list_forces(db)`` and ``load_force(db, name)``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from typing import Any

from sqlite_utils import Database

from ..catalog.loader import Catalog, load_catalog
from ..forces.errors import MAX_POINTS, ForceFileError, check_name
from ..forces.model import Force
from ..forces.validate import ERROR, validate_force
from .database import StoreError
from .migrations import FORCE_SLOTS

SLOTS = FORCE_SLOTS


class ForceNotFoundError(StoreError, KeyError):
    """No saved force has that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class ForceDataError(StoreError, ValueError):
    """A force cannot be saved as it is (see the message); nothing was written."""


class ForceNameError(ForceDataError):
    """A force name is blank, too long, has control or invisible characters, is not valid
    Unicode, or is already taken."""


@dataclass(frozen=True)
class ForceSummary:
    """One saved force as lists show it.

    name; points (force size); total_points (what its units and items cost); errors and
    warnings (counts from validation when saved); updated_at (ISO time, UTC).
    """

    name: str
    points: int
    total_points: int
    errors: int
    warnings: int
    updated_at: str

    @property
    def valid(self) -> bool:
        """No errors: the force can start a game (a draft with errors cannot)."""
        return self.errors == 0


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat()


def clean_name(name: str) -> str:
    """``name`` stripped, or ForceNameError (blank, over 200 characters, control or
    invisible characters, not valid Unicode)."""
    try:
        check_name(name, "force name")
    except ForceFileError as exc:
        raise ForceNameError(str(exc)) from None
    return name.strip()


def spent_points(force: Force, catalog: Catalog) -> int:
    """What the force's units and items cost; keys missing from the catalog count 0 (a
    force saved with an older catalog still lists)."""
    known: dict[str, Any] = {slot: [k for k in getattr(force, slot) if k in catalog.dice] for slot in SLOTS[:3]}
    return replace(force, **known).total_points(catalog)


def _storable(text: str) -> bool:
    """Whether SQLite can take ``text`` (a lone surrogate from a command line cannot be
    encoded; no saved force has such a name)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _force_id(db: Database, name: str) -> int | None:
    if not _storable(name):
        return None
    row = db.execute("SELECT id FROM forces WHERE name = ?", [name]).fetchone()
    return row[0] if row else None


def force_exists(db: Database, name: str) -> bool:
    """Whether a force called ``name`` (stripped) is saved."""
    return _force_id(db, name.strip()) is not None


def save_force(db: Database, force: Force, *, previous_name: str | None = None,
               catalog: Catalog | None = None) -> ForceSummary:
    """Save ``force`` under ``force.name`` (stripped), replacing a force of that name.

    ``previous_name``: the name the force was saved under before an edit renamed it; that
    row is updated in place (same id, same created time). Raises ForceNameError for a bad
    name, or when renaming onto the name of another saved force; nothing is written then.
    Returns the summary as stored (validation counts from ``catalog``).
    """
    catalog = catalog or load_catalog()
    name = clean_name(force.name)
    _check_storable(force)
    problems = validate_force(force, catalog)
    errors = sum(p.severity == ERROR for p in problems)
    total = spent_points(force, catalog)
    now = _now()
    with db.atomic():
        target = _force_id(db, name)
        source = _force_id(db, previous_name.strip()) if previous_name else None
        if source is not None and target is not None and source != target:
            raise ForceNameError(f"a force called {name!r} already exists; pick another name")
        force_id = source if source is not None else target
        row = {"name": name, "points": force.points, "home_terrain": force.home_terrain,
               "frontier_terrain": force.frontier_terrain, "error_count": errors,
               "warning_count": len(problems) - errors, "total_points": total,
               "updated_at": now}
        if force_id is None:
            force_id = db.table("forces").insert({**row, "created_at": now}).last_pk
        else:
            db.table("forces").update(force_id, row)
            db.execute("DELETE FROM force_dice WHERE force_id = ?", [force_id])
        db.table("force_dice").insert_all(
            {"force_id": force_id, "slot": slot, "position": i, "die_key": key}
            for slot in SLOTS for i, key in enumerate(getattr(force, slot)))
    return ForceSummary(name, force.points, total, errors, len(problems) - errors, now)


def _check_storable(force: Force) -> None:
    """ForceDataError for a force size or die key the store (and every file format) cannot
    hold; keys unknown to the catalog are allowed (a draft states them as problems)."""
    if type(force.points) is not int or not 1 <= force.points <= MAX_POINTS:
        raise ForceDataError(f"force {force.name.strip()!r}: the force size {force.points!r} "
                             f"must be a whole number of points from 1 to {MAX_POINTS}")
    for slot in ("home_terrain", "frontier_terrain"):
        key = getattr(force, slot)
        if not isinstance(key, str) or not _storable(key):
            raise ForceDataError(f"force {force.name.strip()!r}: the {slot.replace('_', ' ')} "
                                 f"{key!r} is not a die key")
    for slot in SLOTS:
        for key in getattr(force, slot):
            if not isinstance(key, str) or not key.strip() or not _storable(key):
                raise ForceDataError(f"force {force.name.strip()!r}: {key!r} in "
                                     f"{slot.replace('_', ' ')} is not a die key")


def load_force(db: Database, name: str) -> Force:
    """The saved force called ``name``. Raises ForceNotFoundError (naming the saved forces
    when there are few) for an unknown name."""
    row = db.execute("SELECT id, name, points, home_terrain, frontier_terrain FROM forces "
                     "WHERE name = ?", [name.strip()]).fetchone() if _storable(name) else None
    if row is None:
        names = [s.name for s in list_forces(db)]
        hint = f"; saved forces: {', '.join(names[:10])}" if names else "; no force is saved"
        raise ForceNotFoundError(f"no saved force called {name!r}{hint}")
    force_id, stored_name, points, home, frontier = row
    slots: dict[str, list[str]] = {slot: [] for slot in SLOTS}
    for slot, key in db.execute("SELECT slot, die_key FROM force_dice WHERE force_id = ? "
                                "ORDER BY slot, position", [force_id]):
        if slot in slots:
            slots[slot].append(key)
    return Force(name=stored_name, points=points, home_terrain=home, frontier_terrain=frontier,
                 **{slot: tuple(keys) for slot, keys in slots.items()})


def list_forces(db: Database) -> list[ForceSummary]:
    """Every saved force, by name (case-insensitive), drafts with errors included."""
    rows = db.execute("SELECT name, points, total_points, error_count, warning_count, "
                      "updated_at FROM forces").fetchall()
    return sorted((ForceSummary(*row) for row in rows), key=lambda s: s.name.casefold())


def delete_force(db: Database, name: str) -> None:
    """Delete a saved force and its dice. Raises ForceNotFoundError for an unknown name."""
    force_id = _force_id(db, name.strip())
    if force_id is None:
        raise ForceNotFoundError(f"no saved force called {name!r}")
    with db.atomic():
        db.execute("DELETE FROM force_dice WHERE force_id = ?", [force_id])
        db.execute("DELETE FROM forces WHERE id = ?", [force_id])


def rename_force(db: Database, old: str, new: str) -> str:
    """Rename a saved force; returns the new (stripped) name. Raises ForceNotFoundError or
    ForceNameError (bad or taken name)."""
    new = clean_name(new)
    force_id = _force_id(db, old.strip())
    if force_id is None:
        raise ForceNotFoundError(f"no saved force called {old!r}")
    other = _force_id(db, new)
    if other is not None and other != force_id:
        raise ForceNameError(f"a force called {new!r} already exists; pick another name")
    db.table("forces").update(force_id, {"name": new, "updated_at": _now()})
    return new


def unique_name(db: Database, base: str) -> str:
    """``base`` if no force has it, else "base (2)", "base (3)" ..."""
    base = base.strip() or "New force"
    if not force_exists(db, base):
        return base
    number = 2
    while force_exists(db, f"{base} ({number})"):
        number += 1
    return f"{base} ({number})"


def duplicate_force(db: Database, name: str, new_name: str | None = None,
                    catalog: Catalog | None = None) -> str:
    """Save a copy of a saved force under ``new_name`` (default "<name> (copy)", made
    unique); returns the copy's name. Raises ForceNotFoundError or ForceNameError."""
    force = load_force(db, name)
    target = clean_name(new_name) if new_name else unique_name(db, f"{force.name} (copy)")
    if force_exists(db, target):
        raise ForceNameError(f"a force called {target!r} already exists; pick another name")
    save_force(db, replace(force, name=target), catalog=catalog)
    return target
