"""Owned-only mode: count a force against the dice a player owns.

Pure Python, no Qt, no database: the caller passes the owned quantities as a mapping
(``store.collection.owned_counts(db)`` gives one). Every physical die of the force counts:
both terrains, the army dice, dragons, Dragonkin and minor terrains.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ..catalog.loader import Catalog
from .model import ARMY_NAMES, Force
from .text_list import short_name
from .validate import WARNING, Problem

COLLECTION_RULE = "collection"


@dataclass(frozen=True)
class Shortage:
    """One die the force uses more often than the player owns it.

    key: catalog key; uses: copies in the force; owned: copies in the collection (>= 0).
    """

    key: str
    uses: int
    owned: int

    @property
    def lacks(self) -> int:
        """How many more copies the player needs."""
        return self.uses - self.owned


def dice_used(force: Force) -> Counter:
    """Copies of each die key the force uses, every slot together (empty terrains skipped)."""
    keys = [force.home_terrain, force.frontier_terrain]
    for army in ARMY_NAMES:
        keys += force.army(army)
    keys += force.dragons + force.dragonkin + force.minor_terrains
    return Counter(k for k in keys if k)


def shortages(force: Force, owned: Mapping[str, int]) -> list[Shortage]:
    """Every die the force uses more often than ``owned`` holds, in key order."""
    return [Shortage(key, uses, int(owned.get(key, 0)))
            for key, uses in sorted(dice_used(force).items())
            if uses > owned.get(key, 0)]


def ownership_problems(force: Force, owned: Mapping[str, int],
                       catalog: Catalog) -> list[Problem]:
    """One warning per shortage: "Seer: you own 2, this force uses 3. Remove 1 or add 1 to
    your collection." (rule "collection"; not a rules error, so a game can still start)."""
    problems = []
    for s in shortages(force, owned):
        die = catalog.dice.get(s.key)
        name = short_name(die, catalog) if die else s.key
        problems.append(Problem(WARNING, COLLECTION_RULE, f"{name}: you own {s.owned}, this "
                                f"force uses {s.uses}. Remove {s.lacks} or add {s.lacks} to "
                                "your collection."))
    return problems


def lacking_text(force: Force, owned: Mapping[str, int], catalog: Catalog) -> str:
    """What the force still lacks, one "2x Name (key)" line per die; "" when nothing."""
    lines = []
    for s in shortages(force, owned):
        die = catalog.dice.get(s.key)
        label = f"{die.name} ({s.key})" if die else s.key
        lines.append(f"{s.lacks}x {label}")
    return "\n".join(lines)
