"""Exact odds of roll results (issue 5): pure Python + numpy, no Qt.

Per die and per army, for every roll type (maneuver, melee, missile, magic — per element too —
save, save against melee or missile, and the three result types of a dragon-attack roll), the
exact probability mass function of the total, with its mean, standard deviation and "at least
N" curve; and the attack preview (damage and health-worth killed). Computed by convolution,
not simulation; checked against the engine's own rolls by a seeded Monte-Carlo test.

One source of truth: every face is read through ``engine.rolls.face_results``; the counting
steps follow ``engine.rolls.count_roll`` (rules digest §4.2). What the odds cannot turn into
numbers (an SAI that kills, targets or moves; an unresolved SAI; a default choice) is listed in
each Distribution's ``notes`` — never silently dropped.

Public API
----------
- ``OddsSpec`` / ``spec_from_name(name)`` / ``named_specs()``: which roll; ``subtract``,
  ``halve``, ``add``: game-state modifiers (engine ``Modifier`` values).
- ``army_distribution(dice, spec) -> Distribution`` and ``die_distribution(die, spec)``.
- ``attack_preview(attackers, defenders, attack) -> AttackPreview``.
- ``die_stats(die, spec) -> DieStats`` and ``stats_table(dice)`` for the force builder.
- ``chain_mean(die, ctx, rt)``: the closed-form mean of a die with roll-again faces.
- ``Distribution`` (pmf, mean, sd, at_least(), p_at_least(n), quantile(q), to_dict()),
  ``NotModelled``.
"""

from .army import army_distribution, as_spec, die_distribution
from .attack import AttackPreview, attack_preview, kill_table
from .chains import chain_mean, die_chain
from .die_stats import TABLE_ROLLS, DieStats, die_stats, stats_table
from .dist import Distribution, NotModelled
from .spec import (
    DEFAULT_EPS, OddsSpec, add, halve, modifier_text, named_specs, spec_from_name, subtract,
)

__all__ = [
    "AttackPreview", "DEFAULT_EPS", "DieStats", "Distribution", "NotModelled", "OddsSpec",
    "TABLE_ROLLS", "add", "army_distribution", "as_spec", "attack_preview", "chain_mean",
    "die_chain", "die_distribution", "die_stats", "halve", "kill_table", "modifier_text",
    "named_specs", "spec_from_name", "stats_table", "subtract",
]
