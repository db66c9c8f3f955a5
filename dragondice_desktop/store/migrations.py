"""The schema's history as sqlite-utils ``Migrations``: the only code that creates or
changes tables. Append new migrations at the end; never edit or reorder applied ones.

Tables (after all migrations):

- ``collection``: one row per catalog die the player has recorded. ``die_key`` (catalog key,
  primary key), ``quantity`` (copies owned, >= 0), ``printing`` (edition, free text),
  ``condition`` (free text), ``notes``, ``updated_at`` (ISO time, UTC).
- ``forces``: one row per saved force. ``id``, ``name`` (unique), ``points`` (force size),
  ``home_terrain`` / ``frontier_terrain`` (catalog keys, "" when not chosen),
  ``error_count`` / ``warning_count`` / ``total_points`` (from validation at save time, so
  lists can mark invalid drafts without the catalog), ``created_at``, ``updated_at``.
- ``force_dice``: the dice of each force. ``force_id`` (foreign key to forces.id),
  ``slot`` (home_army, horde_army, campaign_army, dragons, dragonkin, minor_terrains),
  ``position`` (order within the slot), ``die_key``.
"""

from __future__ import annotations

from sqlite_utils import Database, Migrations

# The values of force_dice.slot: the Force fields holding dice, in the order they are saved.
FORCE_SLOTS = ("home_army", "horde_army", "campaign_army", "dragons", "dragonkin",
               "minor_terrains")

MIGRATIONS = Migrations("dragondice_desktop")


@MIGRATIONS()
def m001_collection(db: Database) -> None:
    """The collection table (issue 4: quantity, printing, condition, notes per die)."""
    db.table("collection").create(
        {"die_key": str, "quantity": int, "printing": str, "condition": str, "notes": str,
         "updated_at": str},
        pk="die_key", not_null={"quantity", "printing", "condition", "notes"},
        defaults={"quantity": 0, "printing": "", "condition": "", "notes": ""},
    )


@MIGRATIONS()
def m002_forces(db: Database) -> None:
    """Saved forces and their dice (a force's dice rows point at it by foreign key)."""
    db.table("forces").create(
        {"id": int, "name": str, "points": int, "home_terrain": str, "frontier_terrain": str,
         "error_count": int, "warning_count": int, "total_points": int, "created_at": str,
         "updated_at": str},
        pk="id", not_null={"name", "points", "home_terrain", "frontier_terrain"},
        defaults={"error_count": 0, "warning_count": 0, "total_points": 0},
    )
    db.table("forces").create_index(["name"], unique=True)
    db.table("force_dice").create(
        {"force_id": int, "slot": str, "position": int, "die_key": str},
        pk=("force_id", "slot", "position"), not_null={"die_key"},
        foreign_keys=[("force_id", "forces", "id")],
    )


@MIGRATIONS()
def m003_force_dice_by_die(db: Database) -> None:
    """Index force dice by die, for "which saved forces use this die" lookups."""
    db.table("force_dice").create_index(["die_key"])


# Every migration in order; the schema version is how many of them a database has applied.
ORDER = (m001_collection, m002_forces, m003_force_dice_by_die)
SCHEMA_VERSION = len(ORDER)
KNOWN_NAMES = frozenset(f.__name__ for f in ORDER)
