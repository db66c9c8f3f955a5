"""The force: everything one player brings to a game, as catalog die keys.

Pure Python, no Qt. A ``Force`` is an immutable value: the force builder, the file format
(``forces.io``), validation (``forces.validate``) and the game setup all pass it around.

Rule sources: rules digest §0 (force, army, Summoning Pool), §1.2 (a unit costs its health),
§1.3 and seed 001 (item costs), §2.1 (force size; dragons, Dragonkin and minor terrains are not
part of it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..catalog.costs import die_cost, is_medium_equipment
from ..catalog.loader import Catalog
from ..catalog.model import Die

# The three setup armies, in the order forces list them (digest §2.2).
ARMY_NAMES = ("home", "horde", "campaign")

# Force sizes the rules suggest (digest §2.1); any positive total is allowed.
STANDARD_POINTS = (15, 24, 30, 36, 60)

# Item prices (seed 001, medium equipment in pairs) live in catalog.costs: one place for the
# force builder, validation and the engine.

@dataclass(frozen=True)
class Force:
    """One player's force.

    Fields:
      name: the player's title for the force, e.g. "Amazons — Mages and Cavalry".
      points: the agreed force size in points (15, 24, 30, 36, 60 or any positive total).
      home_terrain, frontier_terrain: terrain die keys ("Terrains/Flatland City"); the
        Frontier is the *proposed* Frontier (digest §2.1).
      home_army, horde_army, campaign_army: tuples of die keys, units and the items they
        carry, one entry per physical die (a die brought twice appears twice).
      dragons, dragonkin, minor_terrains: tuples of die keys for the Summoning Pool.

    Any iterable given for a tuple field is stored as a tuple, so a Force is hashable and
    compares by value. Order is kept as given (the file format writes it back unchanged).
    """

    name: str
    points: int
    home_terrain: str
    frontier_terrain: str
    home_army: tuple[str, ...] = ()
    horde_army: tuple[str, ...] = ()
    campaign_army: tuple[str, ...] = ()
    dragons: tuple[str, ...] = ()
    dragonkin: tuple[str, ...] = ()
    minor_terrains: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Callers naturally build lists; storing tuples keeps the value frozen and hashable.
        for field_name in ("home_army", "horde_army", "campaign_army", "dragons", "dragonkin",
                           "minor_terrains"):
            value = getattr(self, field_name)
            if isinstance(value, str):
                raise TypeError(f"Force.{field_name} must be a sequence of die keys, not a string")
            object.__setattr__(self, field_name, tuple(value))

    def army(self, army: str) -> tuple[str, ...]:
        """The die keys of one army: ``army`` is "home", "horde" or "campaign" (ValueError else)."""
        if army not in ARMY_NAMES:
            raise ValueError(f"no army called {army!r}; armies are {', '.join(ARMY_NAMES)}")
        return getattr(self, f"{army}_army")

    @property
    def armies(self) -> dict[str, tuple[str, ...]]:
        """{"home": (...), "horde": (...), "campaign": (...)} in setup order."""
        return {name: self.army(name) for name in ARMY_NAMES}

    def army_points(self, army: str, catalog: Catalog) -> int:
        """Points of one army ("home", "horde" or "campaign") toward the force size.

        Units cost their health (digest §1.2); items follow seed 001 (see ``item_costs``).
        The army costs add up to ``total_points``. Raises KeyError for a key missing from the
        catalog (``validate_force`` reports those as problems instead).
        """
        costs = _army_costs(self, catalog)
        if army not in costs:
            raise ValueError(f"no army called {army!r}; armies are {', '.join(ARMY_NAMES)}")
        return costs[army]

    def total_points(self, catalog: Catalog) -> int:
        """Points the force spends: units and items of all three armies.

        Dragons, Dragonkin, terrains and minor terrains cost nothing toward force size
        (digest §0 "Force", §2.1). Raises KeyError for a key missing from the catalog.
        """
        return sum(_army_costs(self, catalog).values())


def _army_costs(force: Force, catalog: Catalog) -> dict[str, int]:
    # Medium equipment is priced per force, not per army. When a pair is split between
    # armies, the rules do not say which army holds "the second" die; we count Home, Horde,
    # Campaign in list order, so the later die is the 1-point one and the army costs always
    # add up to the force total.
    mediums_seen = 0
    costs = {}
    for name in ARMY_NAMES:
        total = 0
        for die in _dice(force.army(name), catalog):
            total += die_cost(die, mediums_seen)
            mediums_seen += is_medium_equipment(die)
        costs[name] = total
    return costs


def _dice(keys: Iterable[str], catalog: Catalog) -> list[Die]:
    # Exact key lookup: a force stores catalog keys, never names (names can be ambiguous).
    return [catalog.dice[key] for key in keys]
