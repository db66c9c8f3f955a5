"""Exact distribution of a sum over independent dice, on a small grid of state variables.

The army's state after some dice is a numpy array whose axes are the state variables the
final count needs (see ``army.py``):

- "sum" axes add up die by die (results of one origin; the common case is a single axis, done
  by ``numpy.convolve``);
- "max" axes keep the largest value of any die, the earliest die keeping it on a tie (the
  unit Elevate doubles). A max axis may carry a tag (which result type that unit would
  double): values are coded amount * tags + tag, and only a strictly larger amount takes
  over, as in the engine's choice of the best unit (``rolls._resolve_best_units``);
- "or" axes (size 2) record whether any die showed something (an Elevate, a Trumpet).

Folding a die in is, for each of its outcomes, a shifted and weighted copy of the array
(exact: no sampling, no smoothing). Pure numpy, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np

SUM, MAX, OR = "sum", "max", "or"

# Watches the folds of this thread (the odds' worker thread sets one): called after each
# die with (dice folded, dice in all); it raises Cancelled to stop the computation.
_WATCH: ContextVar[Callable[[int, int], None] | None] = ContextVar("odds_watch", default=None)


class Cancelled(Exception):
    """A computation stopped by its watch (a newer request replaced it)."""


@contextmanager
def watching(watch: Callable[[int, int], None]) -> Iterator[None]:
    """Call `watch(done, total)` after each die folded in this thread, inside the block;
    `watch` may raise Cancelled to stop (it propagates out of the odds call)."""
    token = _WATCH.set(watch)
    try:
        yield
    finally:
        _WATCH.reset(token)


def _tick(done: int, total: int) -> None:
    watch = _WATCH.get()
    if watch is not None:
        watch(done, total)


@dataclass(frozen=True)
class Axis:
    """One state variable: its name (for reading the result) and how dice combine on it."""

    name: str
    kind: str  # SUM, MAX or OR
    tags: int = 1  # MAX axes: values are amount * tags + tag


Outcomes = Sequence[tuple[tuple[int, ...], float]]


def _max_fold(arr: np.ndarray, axis: int, code: int, tags: int) -> np.ndarray:
    """The array after a die with value `code` (amount * tags + tag) on a max `axis`: every
    cell holding a smaller amount (codes below amount * tags) moves onto `code`."""
    below = (code // tags) * tags
    if below == 0:
        return arr
    out = np.array(arr, copy=True)
    lower = [slice(None)] * arr.ndim
    lower[axis] = slice(0, below)
    moved = arr[tuple(lower)].sum(axis=axis)
    out[tuple(lower)] = 0.0
    at: list[slice | int] = [slice(None)] * arr.ndim
    at[axis] = code
    out[tuple(at)] += moved
    return out


def fold(axes: Sequence[Axis], dice: Sequence[Outcomes]) -> np.ndarray:
    """The joint distribution of the state over all dice.

    axes: the state variables; dice: per die, its outcomes as (value per axis, probability).
    Values must be >= 0 integers (OR values 0 or 1). Returns an array indexed by the values
    (sum axes sized to the largest reachable total). Probabilities of a die may sum to less
    than 1 (a sub-distribution, e.g. a cut chain); the result then sums to the product.
    """
    if len(axes) == 1 and axes[0].kind == SUM:
        return _fold_1d(dice)
    sizes = []
    for k, axis in enumerate(axes):
        if axis.kind == SUM:
            sizes.append(1)
        elif axis.kind == MAX:
            sizes.append(1 + max((v[k] for outs in dice for v, _ in outs), default=0))
        else:
            sizes.append(2)
    state = np.zeros(sizes)
    state[(0,) * len(axes)] = 1.0
    sum_axes = [k for k, a in enumerate(axes) if a.kind == SUM]
    for done, outs in enumerate(dice, start=1):
        grow = [max((v[k] for v, _ in outs), default=0) if k in sum_axes else 0
                for k in range(len(axes))]
        new = np.zeros([s + g for s, g in zip(state.shape, grow)])
        # Per combination of max/or values: the state moved accordingly. A set flag sums
        # its axis away and the result lands on the flag's "yes" cells only (the same
        # numbers as moving every cell onto "yes" first, without the cells that stay 0).
        moved: dict[tuple[int, ...], tuple[np.ndarray, frozenset[int]]] = {}
        for values, p in outs:
            if p == 0.0:
                continue
            key = tuple(values[k] for k in range(len(axes)) if k not in sum_axes)
            known = moved.get(key)
            if known is None:
                src, flagging = state, set()
                for k, axis in enumerate(axes):
                    if axis.kind == MAX and values[k]:
                        src = _max_fold(src, k, values[k], axis.tags)
                    elif axis.kind == OR and values[k]:
                        src = src.sum(axis=k, keepdims=True)
                        flagging.add(k)
                known = moved[key] = (src, frozenset(flagging))
            src, flagged = known
            target = tuple(slice(values[k], values[k] + state.shape[k]) if k in sum_axes
                           else slice(1, 2) if k in flagged else slice(None)
                           for k in range(len(axes)))
            new[target] += p * src
        state = new
        _tick(done, len(dice))
    return state


def _fold_1d(dice: Sequence[Outcomes]) -> np.ndarray:
    """One sum axis: the convolution of the dice's probability vectors."""
    total = np.ones(1)
    for outs in dice:
        vec = np.zeros(1 + max((v[0] for v, _ in outs), default=0))
        for (value,), p in outs:
            vec[value] += p
        total = np.convolve(total, vec)
    return total


def grid(shape: Sequence[int]) -> list[np.ndarray]:
    """Open index grids for an array of `shape` (one broadcastable array per axis)."""
    return list(np.ogrid[tuple(slice(0, n) for n in shape)])
