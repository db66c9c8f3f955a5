"""The value the odds hand out: ``Distribution`` (a probability mass function with its
statistics) and ``NotModelled`` (what the odds could not turn into numbers, shown beside the
chart — never silently dropped). Pure Python + numpy."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class NotModelled:
    """Something in the roll that the distribution does not count, or counts by assumption.

    category: "effect" (an SAI that kills, targets, moves ... rather than giving results),
        "unresolved" (the engine cannot resolve it yet), "choice" (the engine's default was
        counted), "modifier" (an SAI or game modifier of a shape the odds do not model),
        "assumption" (a rule applied one way where the owner may choose another),
        "excluded" (a die that does not roll), "truncation" (cut roll-again chains),
        "combination" (a combination roll an effect makes the other side roll: Coil, Charge).
    what: the icon or rule ("Breath", "dragon attack IDs").
    text: what it does / what was assumed, in plain words (the engine's note where it has one).
    probability: chance it comes up in one roll of the army (None when it always applies).
    dice: keys of the dice it comes from.
    """

    category: str
    what: str
    text: str
    probability: float | None = None
    dice: tuple[str, ...] = ()

    def to_text(self) -> str:
        """One line: "Breath (23%): target X health-worth ... [Goblins/Wyvern]"."""
        chance = "" if self.probability is None else f" ({percent_text(self.probability)})"
        dice = f" [{', '.join(self.dice)}]" if self.dice else ""
        return f"{self.what}{chance}: {self.text}{dice}"

    def to_dict(self) -> dict:
        return {"category": self.category, "what": self.what, "text": self.text,
                "probability": self.probability, "dice": list(self.dice)}


def percent_text(p: float) -> str:
    """A probability as a percentage that never rounds a near-certainty up to "100%" or a
    small chance down to "0%": "37%", "99.6%", "0.012%"."""
    if p >= 1.0:
        return "100%"
    if p > 0.995:
        return f"{min(100 * p, 99.9):.1f}%"
    if p >= 0.01:
        return f"{100 * p:.0f}%"
    return f"{100 * p:.2g}%" if p > 0 else "0%"


@dataclass(frozen=True, eq=False)
class Distribution:
    """An exact distribution of a non-negative whole number of results.

    pmf: float64 array, pmf[k] = P(total = k). It sums to 1 - truncated_mass (the mass of
        roll-again chains cut below eps; the statistics are not renormalised, so a cut can only
        make the mean slightly lower, never higher).
    label: what was rolled, in words. notes: what the numbers leave out (``NotModelled``).
    """

    pmf: np.ndarray
    label: str = ""
    notes: tuple[NotModelled, ...] = ()
    truncated_mass: float = 0.0

    def __post_init__(self) -> None:
        pmf = np.asarray(self.pmf, dtype=float)
        # Convolution and mixtures leave float noise of ~1e-17 below zero; keep it out.
        pmf = np.clip(pmf, 0.0, None)
        nz = np.flatnonzero(pmf > 0)
        pmf = pmf[: nz[-1] + 1] if nz.size else np.ones(1) * pmf.sum()
        object.__setattr__(self, "pmf", pmf)

    @property
    def values(self) -> np.ndarray:
        """0, 1, ..., max: the totals the pmf is indexed by."""
        return np.arange(len(self.pmf))

    @property
    def total_mass(self) -> float:
        return float(self.pmf.sum())

    @property
    def mean(self) -> float:
        return float(self.values @ self.pmf)

    @property
    def variance(self) -> float:
        m = self.mean
        return float(max(0.0, ((self.values - m) ** 2) @ self.pmf))

    @property
    def sd(self) -> float:
        """Standard deviation."""
        return math.sqrt(self.variance)

    @property
    def max_value(self) -> int:
        """The largest total with a non-zero chance."""
        return len(self.pmf) - 1

    def at_least(self) -> np.ndarray:
        """P(total >= k) for k = 0..max (the "at least N" curve)."""
        tail = np.cumsum(self.pmf[::-1])[::-1]
        return np.clip(tail, 0.0, 1.0)

    def p_at_least(self, n: int) -> float:
        """P(total >= n)."""
        if n <= 0:
            return self.total_mass
        return float(self.pmf[n:].sum()) if n < len(self.pmf) else 0.0

    def p(self, n: int) -> float:
        """P(total == n)."""
        return float(self.pmf[n]) if 0 <= n < len(self.pmf) else 0.0

    def quantile(self, q: float) -> int:
        """The smallest total t with P(total <= t) >= q (q in [0, 1])."""
        cdf = np.cumsum(self.pmf)
        return min(int(np.searchsorted(cdf, q - 1e-12)), len(self.pmf) - 1)

    def to_dict(self, digits: int = 12) -> dict:
        """JSON-ready: statistics, pmf and at-least lists (rounded), notes."""
        return {
            "label": self.label,
            "mean": round(self.mean, digits), "sd": round(self.sd, digits),
            "p_zero": round(self.p(0), digits), "median": self.quantile(0.5),
            "max": self.max_value,
            "pmf": [round(float(x), digits) for x in self.pmf],
            "at_least": [round(float(x), digits) for x in self.at_least()],
            "truncated_mass": self.truncated_mass,
            "not_modelled": [n.to_dict() for n in self.notes],
        }
