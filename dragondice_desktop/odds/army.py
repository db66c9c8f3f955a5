"""Exact distribution of an army's total for one roll (rules digest §4.2, the ten steps).

Each die's outcome distribution comes from ``chains.die_chain`` (the engine's per-face
semantics). The dice are independent, so the army's state is their convolution
(``fold.fold``); the final count then applies the steps the engine applies after the faces
are known (``rolls.count_roll``):

 5. subtotal of non-SAI results N (action icons + ID results I);
 6. subtract modifiers: N1 = max(0, N - s); ID results are removed last, so I1 = min(I, N1);
 7. one dividing modifier (the gentlest): N2 = N1 // d, I2 = min(I1, N2);
 8. add SAI results S: after8 = N2 + S;
 9. one multiplying modifier per type, the one that gains most: the eighth face (I2 more),
    Elevate (the best unit's results again), Trumpet (every Feral unit's results again), an
    army-wide multiplier (after8 more);
10. adding modifiers: automatic saves, Cloak, ADD modifiers of the game state; then
    "counts as" conversions (Charge: maneuver counted as melee).

When no modifier makes this non-linear (the usual roll), every die just adds
A + m·I + S + D and the army total is a single convolution. Otherwise the state keeps the
variables the steps need (N, I, S, the best unit, the Feral sum, flags) as axes.

Charge changes how the whole roll is counted once any die shows it (``rolls.count_roll``):
the result is the mixture P(no Charge) · count-as-usual + P(some Charge) · count-with-maneuver,
computed exactly as fold(no-Charge dice, usual) + fold(all, Charge) - fold(no-Charge, Charge).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..catalog.model import Die, Species
from ..engine.rolls.model import Modifier, ModOp, Origin, RollContext, RollType
from .chains import (
    CHARGE, FLAGS, SAVE_SUB, DieChain, can_roll_in, die_chain, index, mult_bit,
)
from .dist import Distribution, NotModelled
from .fold import MAX, OR, SUM, Axis, fold, grid
from .notes import roll_notes
from .spec import OddsSpec, modifier_text

A, I, S, D = Origin.ACTION, Origin.ID, Origin.SAI, Origin.AUTOMATIC


def _applies(mod: Modifier, rt: RollType, placed: RollType) -> bool:
    """Does `mod` change result type `rt`? (the engine's rule, rolls._applies: typed
    modifiers change their types; untyped ones change every type when they divide or
    multiply, and only the placed type when they subtract or add, digest §4.5)."""
    if mod.types:
        return rt in mod.types
    if mod.op in (ModOp.DIVIDE, ModOp.MULTIPLY):
        return True
    return rt is placed


@dataclass
class TypePlan:
    """How one counted result type is counted: its modifiers and the multipliers that compete
    at step 9 (see the module docstring). `extra_sub`: the attack preview subtracts a variable
    number of saves later, so the type must keep its N and I axes."""

    rt: RollType
    sub: int = 0
    div: int = 1
    add: int = 0
    ids: int = 1
    whole: int = 1
    sai: dict[str, int] = field(default_factory=dict)
    extra_sub: bool = False
    best_types: tuple[RollType, ...] = ()  # the types Elevate picks among (combination rolls)

    @property
    def linear(self) -> bool:
        """True when the type's count is a plain sum over the dice."""
        return (not self.sub and self.div == 1 and not self.sai and not self.extra_sub
                and not (self.ids > 1 and self.whole > 1))

    @property
    def n_in_lin(self) -> bool:
        """True when the type's results only add to the total (no modifier subtracts from
        or divides them, no multiplier reads them): they are summed on the "lin" axis, and
        only what its SAIs need (Trumpet's feral results, Elevate's best unit) keeps an axis
        of its own. The state then has one dimension fewer (121 times fewer cells for a
        30-die army rolling Trumpet and Charge)."""
        return (not self.sub and self.div == 1 and self.ids == 1 and self.whole == 1
                and "whole" not in self.sai and not self.extra_sub)

    def axes(self) -> list[Axis]:
        if self.linear:
            return []
        t = self.rt.value
        out = [] if self.n_in_lin else [Axis(f"n:{t}", SUM)]
        if self.ids > 1:
            out.append(Axis(f"i:{t}", SUM))
        if self.whole > 1 or "whole" in self.sai:
            out.append(Axis(f"s:{t}", SUM))
        if "best" in self.sai:
            out += [Axis(f"mx:{t}", MAX, len(self.best_types)), Axis(f"e:{t}", OR)]
        if "feral" in self.sai:
            out += [Axis(f"f:{t}", SUM), Axis(f"tr:{t}", OR)]
        if "whole" in self.sai:
            out.append(Axis(f"w:{t}", OR))
        return out


def _plans(spec: OddsSpec, ctx: RollContext, chains: Sequence[DieChain],
           extra_sub: Sequence[RollType], notes: list[NotModelled]) -> list[TypePlan]:
    """One TypePlan per type counted into the reported total (the type itself and, under
    Charge, maneuver)."""
    rt = spec.roll_type
    tallied = [rt] + [src for src, dst in ctx.counts_as if dst is rt and src is not rt]
    placed = ctx.counted[0]
    if ctx.is_combination and any(not m.types and m.op in (ModOp.SUBTRACT, ModOp.ADD)
                                  for m in spec.modifiers):
        notes.append(NotModelled(
            "assumption", "modifier placement",
            f"untyped subtracting/adding modifiers are placed on {placed.value} results; the "
            f"engine places them on the first counted type that has results (digest §4.5)"))
    plans = []
    for tt in tallied:
        plan = TypePlan(tt, extra_sub=tt in extra_sub)
        divs = []
        for mod in spec.modifiers:
            if not _applies(mod, tt, placed):
                continue
            if mod.op is ModOp.SUBTRACT:
                plan.sub += mod.amount
            elif mod.op is ModOp.DIVIDE:
                divs.append(mod.amount)
            elif mod.op is ModOp.ADD:
                plan.add += mod.amount
            elif mod.ids_only:
                plan.ids = max(plan.ids, mod.amount)
            elif mod.unit is None:
                plan.whole = max(plan.whole, mod.amount)
            else:
                notes.append(NotModelled("modifier", mod.source,
                                         f"{modifier_text(mod)} on one unit is not modelled"))
        plan.div = min(divs) if divs else 1  # the engine takes the gentlest dividing modifier
        plan.ids = max(plan.ids, ctx.id_multiplier)
        id_slot = index(tt, I)
        if not any(v[id_slot] for ch in chains for v in ch.outcomes):
            plan.ids = 1  # no ID result of this type can come up: nothing to double
        for ch in chains:
            for (kind, mrt), factor in ch.multipliers:
                if mrt is not tt:
                    continue
                bit = mult_bit(kind, tt)
                if any(v[FLAGS] & bit for v in ch.outcomes):
                    plan.sai[kind] = max(plan.sai.get(kind, 1), factor)
        if "best" in plan.sai:
            options = {tuple(t for t in (types or ctx.counted) if t in ctx.counted)
                       for ch in chains for types in ch.best_types}
            ranked = sorted((o for o in options if tt in o), key=len, reverse=True)
            plan.best_types = ranked[0]
            if len(ranked) > 1:
                used = "/".join(t.value for t in ranked[0])
                notes.append(NotModelled(
                    "assumption", "Elevate", f"dice double the best unit's results among "
                    f"different result types; the odds use {used}"))
        plans.append(plan)
    return plans


def _amounts(v, tt: RollType) -> tuple[int, int, int, int]:
    return v[index(tt, A)], v[index(tt, I)], v[index(tt, S)], v[index(tt, D)]


def _project(chain: DieChain, plans: Sequence[TypePlan], names: Sequence[str],
             outcomes: dict | None = None) -> list[tuple[tuple[int, ...], float]]:
    """One die's outcomes as values on the state axes (duplicates merged)."""
    die = chain.die
    is_unit = die.kind.is_unit
    feral = die.species is Species.FERAL
    pos = {name: k for k, name in enumerate(names)}
    merged: dict[tuple[int, ...], float] = {}
    for v, p in (chain.outcomes if outcomes is None else outcomes).items():
        values = [0] * len(names)
        lin = 0
        for plan in plans:
            a, i, s, d = _amounts(v, plan.rt)
            if plan.linear:
                if plan.whole > 1:
                    lin += (a + i + s) * plan.whole + d
                else:
                    lin += a + i + s + d + (plan.ids - 1) * i
                continue
            t = plan.rt.value
            if plan.n_in_lin:
                lin += a + i   # with s + d below: the unit's whole amount
            else:
                values[pos[f"n:{t}"]] = a + i
            if f"i:{t}" in pos:
                values[pos[f"i:{t}"]] = i
            if f"s:{t}" in pos:
                values[pos[f"s:{t}"]] = s
                lin += d
            else:
                lin += s + d
            unit_amount = a + i + s + d  # the engine's DieOutcome.amount(rt)
            if "best" in plan.sai:
                # Elevate doubles the unit with the most results of one of its types; a
                # later unit takes over only with strictly more (coded amount * tags + tag).
                per_type = [sum(_amounts(v, bt)) for bt in plan.best_types]
                most = max(per_type)
                code = most * len(per_type) + per_type.index(most)
                values[pos[f"mx:{t}"]] = code if is_unit and most else 0
                values[pos[f"e:{t}"]] = 1 if v[FLAGS] & mult_bit("best", plan.rt) else 0
            if "feral" in plan.sai:
                values[pos[f"f:{t}"]] = unit_amount if feral else 0
                values[pos[f"tr:{t}"]] = 1 if v[FLAGS] & mult_bit("feral", plan.rt) else 0
            if "whole" in plan.sai:
                values[pos[f"w:{t}"]] = 1 if v[FLAGS] & mult_bit("whole", plan.rt) else 0
        values[pos["lin"]] = lin
        if "ss" in pos:
            values[pos["ss"]] = v[SAVE_SUB]
        key = tuple(values)
        merged[key] = merged.get(key, 0.0) + p
    return list(merged.items())


@dataclass
class Folded:
    """A folded state: the joint distribution over `axes` (axes that stay 0 for every die are
    dropped), the plans that turn it into totals, and a sign (+1, or -1 for the subtracted
    part of the Charge mixture)."""

    arr: np.ndarray
    names: list[str]
    plans: list[TypePlan]
    sign: float = 1.0


def _fold_roll(chains: Sequence[DieChain], plans: list[TypePlan], keep_ss: bool,
               outcomes: Sequence[dict] | None = None, sign: float = 1.0) -> Folded:
    axes = [Axis("lin", SUM)] + [a for plan in plans for a in plan.axes()]
    if keep_ss:
        axes.append(Axis("ss", SUM))
    names = [a.name for a in axes]
    dice = [_project(ch, plans, names, None if outcomes is None else outcomes[k])
            for k, ch in enumerate(chains)]
    # Drop axes that every die leaves at 0 (keeps the usual roll on the 1-D fast path).
    used = [k for k in range(len(axes))
            if any(values[k] for outs in dice for values, _ in outs)
            or names[k] == "lin"]
    axes = [axes[k] for k in used]
    dice = [[(tuple(values[k] for k in used), p) for values, p in outs] for outs in dice]
    return Folded(fold(axes, dice), [a.name for a in axes], plans, sign)


def totals(folded: Folded, extra_sub: int = 0, keep_ss: bool = False) -> np.ndarray:
    """The final count over a folded state: a pmf over the total (1-D), or with `keep_ss` a
    joint pmf [total, saves to subtract]. `extra_sub`: more results subtracted (step 6) from
    the plans marked extra_sub (the attack preview's Howl/Screech/Wave)."""
    arr = folded.arr
    g = dict(zip(folded.names, grid(arr.shape)))
    zero = np.zeros((1,) * arr.ndim, dtype=np.int64)
    total = g.get("lin", zero).astype(np.int64)
    for plan in folded.plans:
        if plan.linear:
            total = total + plan.add
            continue
        t = plan.rt.value
        n = g.get(f"n:{t}", zero)
        ids = g.get(f"i:{t}", zero)
        s = g.get(f"s:{t}", zero)
        sub = plan.sub + (extra_sub if plan.extra_sub else 0)
        n1 = np.maximum(0, n - sub)
        i1 = np.minimum(ids, n1)
        n2 = n1 // plan.div
        i2 = np.minimum(i1, n2)
        after8 = n2 + s
        gain = zero
        if plan.ids > 1:
            gain = np.maximum(gain, i2 * (plan.ids - 1))
        if plan.whole > 1:
            gain = np.maximum(gain, after8 * (plan.whole - 1))
        if "whole" in plan.sai:
            gain = np.maximum(gain, g.get(f"w:{t}", zero) * after8 * (plan.sai["whole"] - 1))
        if "best" in plan.sai:
            code = g.get(f"mx:{t}", zero)
            tags = len(plan.best_types)
            mine = (code % tags) == plan.best_types.index(plan.rt)
            gain = np.maximum(gain, g.get(f"e:{t}", zero) * mine * (code // tags)
                              * (plan.sai["best"] - 1))
        if "feral" in plan.sai:
            gain = np.maximum(gain, g.get(f"tr:{t}", zero) * g.get(f"f:{t}", zero)
                              * (plan.sai["feral"] - 1))
        total = total + after8 + gain + plan.add
    total = np.broadcast_to(np.maximum(total, 0), arr.shape)
    weights = arr.ravel() * folded.sign
    if not keep_ss:
        return np.bincount(total.ravel(), weights=weights)
    ss = np.broadcast_to(g.get("ss", zero), arr.shape).ravel()
    width = int(ss.max()) + 1
    flat = np.bincount(total.ravel() * width + ss, weights=weights,
                       minlength=(int(total.max()) + 1) * width)
    return flat.reshape(-1, width)


def add_arrays(parts: Sequence[np.ndarray]) -> np.ndarray:
    """Sum arrays of different lengths (1-D or 2-D), padding with zeros; clip float noise."""
    shape = tuple(max(p.shape[k] for p in parts) for k in range(parts[0].ndim))
    out = np.zeros(shape)
    for p in parts:
        out[tuple(slice(0, n) for n in p.shape)] += p
    return np.clip(out, 0.0, None)


@dataclass
class PreparedRoll:
    """An army's roll folded once; ``totals(extra_sub)`` counts it (several times for the
    attack preview). chains: the dice that roll; notes: what the odds do not count."""

    parts: list[Folded]
    chains: list[DieChain]
    notes: list[NotModelled]
    truncated_mass: float
    keep_ss: bool = False

    def totals(self, extra_sub: int = 0) -> np.ndarray:
        return add_arrays([totals(f, extra_sub, self.keep_ss) for f in self.parts])


def prepare(dice: Sequence[Die], spec: OddsSpec, keep_ss: bool = False,
            extra_sub: Sequence[RollType] = (), preview: bool = False) -> PreparedRoll:
    """Fold an army's dice for `spec`.

    keep_ss: keep the saves the defender must subtract (Howl, Screech, Wave) as a second
    output axis. extra_sub: result types from which ``totals(extra_sub=k)`` subtracts k more.
    Raises ValueError for a die that never rolls with an army (a dragon, a terrain).
    """
    ctx = spec.context()
    notes: list[NotModelled] = []
    rolling = []
    for die in dice:
        why = can_roll_in(die, ctx)
        if why and not die.kind.is_item:
            raise ValueError(why)
        if why:
            notes.append(NotModelled("excluded", die.key, why, None, (die.key,)))
        else:
            rolling.append(die)
    chains = [die_chain(d, ctx, spec.element, spec.eps) for d in rolling]
    plans = _plans(spec, ctx, chains, extra_sub, notes)
    # As the engine does: once a counted die shows Charge, the roll is counted again with
    # maneuver as melee (rolls.count_roll).
    charge = (RollType.MANEUVER, RollType.MELEE)
    charged = (charge not in ctx.counts_as
               and any(v[FLAGS] & CHARGE for ch in chains for v in ch.outcomes))
    if not charged:
        parts = [_fold_roll(chains, plans, keep_ss)]
    else:
        ctx2 = replace(ctx, counts_as=ctx.counts_as + (charge,))
        chains2 = [die_chain(d, ctx2, spec.element, spec.eps) for d in rolling]
        plans2 = _plans(spec, ctx2, chains2, extra_sub, [])
        calm1 = [{v: p for v, p in ch.outcomes.items() if not v[FLAGS] & CHARGE}
                 for ch in chains]
        calm2 = [{v: p for v, p in ch.outcomes.items() if not v[FLAGS] & CHARGE}
                 for ch in chains2]
        parts = [_fold_roll(chains, plans, keep_ss, calm1),
                 _fold_roll(chains2, plans2, keep_ss),
                 _fold_roll(chains2, plans2, keep_ss, calm2, sign=-1.0)]
    notes += list(spec.notes) + roll_notes(chains, preview)
    if spec.dragon_attack:
        notes.append(NotModelled(
            "assumption", "dragon-attack choices",
            "ID results count as saves and SAIs with several dragon-attack sentences use "
            "their first (the engine's defaults); the owner may split IDs among save, melee "
            "and missile (digest §4.5)"))
    if spec.element is not None and any(p.sub or p.div > 1 for p in plans):
        notes.append(NotModelled(
            "assumption", "magic by element",
            f"the subtracting/dividing modifiers are applied to the {spec.element.value} "
            f"magic alone; the engine takes the loss from the element sources in key order"))
    truncated = 1.0 - float(np.prod([1.0 - ch.truncated_mass for ch in chains]))
    if truncated > 0:
        notes.append(NotModelled(
            "truncation", "roll-again chains",
            f"chains of roll-again faces are cut where the chance of rolling again falls "
            f"below {spec.eps:g}; the distribution leaves out that mass", truncated))
    return PreparedRoll(parts, chains, notes, truncated, keep_ss)


def army_distribution(dice: Sequence[Die], spec: OddsSpec | RollType | str) -> Distribution:
    """The exact distribution of the army's total for the roll `spec` (an OddsSpec, a
    RollType, or a roll name such as "save-vs-melee"; see ``spec.named_specs``).

    Returns a Distribution: pmf[k] = P(total = k), statistics, and the not-modelled list.
    Raises ValueError for a die that never rolls with an army or an unknown roll name.
    Rule sources: digest §4.2 (steps), §4.3 (modifiers), §8 (eighth face); seed 000 (SAIs).
    """
    spec = as_spec(spec)
    prepared = prepare(dice, spec)
    return Distribution(prepared.totals(), spec.label, tuple(prepared.notes),
                        prepared.truncated_mass)


def die_distribution(die: Die, spec: OddsSpec | RollType | str) -> Distribution:
    """One die rolled on its own (see ``army_distribution``)."""
    return army_distribution([die], spec)


def as_spec(spec: OddsSpec | RollType | str, id_multiplier: int = 1) -> OddsSpec:
    """An OddsSpec from an OddsSpec, a RollType or a roll name."""
    from .spec import spec_from_name

    if isinstance(spec, OddsSpec):
        return spec
    if isinstance(spec, RollType):
        return OddsSpec(spec, id_multiplier=id_multiplier)
    return spec_from_name(spec, id_multiplier=id_multiplier)
