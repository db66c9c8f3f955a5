"""Per-die strengths for the force builder: for each roll type, the chance of a useful face,
the mean and the standard deviation of the die's results when it rolls (on its own, so army
modifiers and other dice do not enter).

"Useful" = the die's roll (its whole roll-again chain) gives at least one result of the type,
or shows an SAI that acts in that roll (kills, targets, moves, doubles ...: anything the
engine reports as an effect, modifier or unresolved SAI of that roll).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..catalog.model import Die
from .army import army_distribution
from .chains import ACTS, FLAGS, ORIGINS, can_roll_in, die_chain, index
from .spec import OddsSpec, spec_from_name

TABLE_ROLLS = ("maneuver", "melee", "missile", "magic", "save")


@dataclass(frozen=True)
class DieStats:
    """One die in one roll: p_useful (see the module docstring), p_results (P(results > 0)),
    mean and sd of its results (roll-again chains included), max (largest total with a
    non-zero chance). rolls=False (and zeros) when the die does not roll in that roll."""

    key: str
    roll: str
    p_useful: float
    p_results: float
    mean: float
    sd: float
    max: int
    rolls: bool = True

    def to_dict(self) -> dict:
        return {"die": self.key, "roll": self.roll, "p_useful": self.p_useful,
                "p_results": self.p_results, "mean": self.mean, "sd": self.sd,
                "max": self.max, "rolls": self.rolls}


def die_stats(die: Die, spec: OddsSpec | str) -> DieStats:
    """The stats of one die for one roll (an OddsSpec or a roll name, see ``named_specs``)."""
    spec = spec if isinstance(spec, OddsSpec) else spec_from_name(spec)
    ctx = spec.context()
    if can_roll_in(die, ctx):
        return DieStats(die.key, spec.name, 0.0, 0.0, 0.0, 0.0, 0, rolls=False)
    dist = army_distribution([die], spec)
    chain = die_chain(die, ctx, spec.element, spec.eps)
    slots = [index(spec.roll_type, o) for o in ORIGINS]
    useful = sum(p for v, p in chain.outcomes.items()
                 if any(v[s] for s in slots) or v[FLAGS] & ACTS)
    return DieStats(die.key, spec.name, useful, dist.p_at_least(1),
                    dist.mean, dist.sd, dist.max_value)


def stats_table(dice: Sequence[Die], rolls: Sequence[str] = TABLE_ROLLS,
                id_multiplier: int = 1) -> list[list[DieStats]]:
    """One row per die (duplicates kept in order), one DieStats per roll name."""
    specs = [spec_from_name(r, id_multiplier=id_multiplier if not r.startswith("dragon")
                            else 1) for r in rolls]
    return [[die_stats(die, spec) for spec in specs] for die in dice]
