"""One die in one roll: the exact distribution of what it gives, roll-again chains included.

Every face is read through the engine's ``rolls.face_results`` (the one source of truth for
per-face semantics: X values, ID = health, SAIs that generate results in the roll type, items,
choices at their defaults). The odds never re-read icons themselves.

A face's results are kept apart by pipeline origin (rules digest §4.2): normal action results
(step 5), ID results (step 5, the only ones the eighth face doubles at step 9), SAI results
(added at step 8) and adding modifiers such as automatic saves and Cloak (step 10). Flags say
what a face does besides: Belly (loses automatic saves), Charge, an SAI multiplying modifier
(Elevate, Trumpet), an effect the odds cannot count.

Roll-again faces (Rend, Bullseye, Double Strike, Flurry, Tail, Stun, Summon Dragon ...; the
``rerolls`` flag of a FaceOutcome) form a geometric chain (step 3): with n faces of which a
set R rolls again (chance q = |R|/n), the chain's generating function is T(z) / (1 - R(z)).
It is unrolled until the chance of still rolling again drops below ``eps`` (default 1e-12);
the mass left out is reported as ``truncated_mass``. The engine stops a chain after
``MAX_REROLLS`` re-rolls; that cap is applied too (it is never reached for eps >= q^100).

Vector layout (``Vec``, a tuple of ints): for each RollType in enum order, four amounts in
ORIGINS order, then a flag word, then the saves the defender must subtract (Howl, Screech,
Wave: effect kind "subtract_saves", modelled by the attack preview).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..catalog.model import Color, Die
from ..engine.rolls.model import (
    ANY_COLOR, FaceOutcome, Modifier, ModOp, Origin, RollContext, RollType,
)
from ..engine.rolls.pipeline import MAX_REROLLS, count_faces, face_results
from ..engine.sai.icon_roll import magic_key

TYPES = tuple(RollType)
ORIGINS = (Origin.ACTION, Origin.ID, Origin.SAI, Origin.AUTOMATIC)
FLAGS = len(TYPES) * len(ORIGINS)   # index of the flag word
SAVE_SUB = FLAGS + 1                # index of the "defender subtracts saves" amount
VEC_LEN = SAVE_SUB + 1

Vec = tuple[int, ...]

# Flag bits.
BELLY = 1 << 0         # the die loses its automatic saves for this roll (seed 000 Belly)
CHARGE = 1 << 1        # Charge shown: the roll counts maneuver as melee (seed 000 Charge)
ACTS = 1 << 2          # the face does something in this roll besides results (an effect ...)
UNKNOWN_MOD = 1 << 3   # an SAI modifier of a shape the odds do not model
MULT_KINDS = ("best", "feral", "whole")   # Elevate (one unit), Trumpet (Feral units), army


def mult_bit(kind: str, rt: RollType) -> int:
    """The flag bit of an SAI multiplying modifier of `kind` on result type `rt`."""
    return 1 << (4 + MULT_KINDS.index(kind) * len(TYPES) + TYPES.index(rt))


def index(rt: RollType, origin: Origin) -> int:
    """Position of (result type, origin) in a Vec."""
    return TYPES.index(rt) * len(ORIGINS) + ORIGINS.index(origin)


ZERO: Vec = (0,) * VEC_LEN


def _join(a: Vec, b: Vec) -> Vec:
    """Results add up along a chain; flags combine with OR."""
    out = [x + y for x, y in zip(a, b)]
    out[FLAGS] = a[FLAGS] | b[FLAGS]
    return tuple(out)


def mult_kind(mod: Modifier) -> str | None:
    """Which SAI multiplying modifier the odds model: "best" (Elevate: the unit that gains
    most), "feral" (Trumpet: each Feral unit), "whole" (the army's results); None otherwise."""
    if mod.op is not ModOp.MULTIPLY or mod.ids_only:
        return None
    if mod.unit in ("best", "feral"):
        return mod.unit
    return "whole" if mod.unit is None else None


def _matches(color, element: Color | None, die: Die) -> bool:
    """Does magic of this element key count as `element`? ANY_COLOR always does."""
    if element is None:
        return True
    if color is None:
        color = magic_key(die)
    return color == ANY_COLOR or element in color


def face_vector(die: Die, out: FaceOutcome, element: Color | None = None
                ) -> tuple[Vec, dict[tuple, int]]:
    """A FaceOutcome as a Vec, and the SAI multiplying modifiers it brings: (kind, result
    type) -> factor, plus ("types", the modifier's types) for each "best unit" modifier."""
    vec = [0] * VEC_LEN
    for c in out.contributions:
        if c.result_type is RollType.MAGIC and not _matches(c.color, element, die):
            continue
        vec[index(c.result_type, c.origin)] += c.amount
    flags = 0
    if out.cancels_automatic_saves:
        flags |= BELLY
    # The engine counts the whole roll again with maneuver as melee once a counted die shows
    # a "charge" effect (rolls.count_roll).
    if any(e.kind == "charge" for e in out.effects):
        flags |= CHARGE
    if out.effects or out.unresolved or out.modifiers or out.cantrip_magic:
        flags |= ACTS
    amounts: dict[tuple, int] = {}
    for mod in out.modifiers:
        kind = mult_kind(mod)
        if kind is None:
            flags |= UNKNOWN_MOD
            continue
        if kind == "best":
            # The result types Elevate picks among, in the modifier's order (ties go to the
            # first, as in the engine's choice of the best unit).
            amounts[("types", mod.types)] = 0
        for rt in mod.types or TYPES:
            flags |= mult_bit(kind, rt)
            amounts[(kind, rt)] = max(amounts.get((kind, rt), 0), mod.amount)
    vec[FLAGS] = flags
    vec[SAVE_SUB] = sum(e.amount for e in out.effects if e.kind == "subtract_saves")
    return tuple(vec), amounts


@dataclass(frozen=True)
class DieChain:
    """One die's exact outcome distribution in one roll.

    outcomes: Vec -> probability, over the whole roll-again chain (sums to 1 - truncated_mass).
    truncated_mass: probability of the chains cut by eps (see the module docstring).
    faces: the FaceOutcome of every face (face index order), for the not-modelled list.
    multipliers: (kind, result type) -> factor of the SAI multiplying modifiers it can bring.
    best_types: the result-type lists of the "best unit" modifiers (Elevate) it can bring.
    autosaves: automatic saves the engine adds when the die is rolled (step 10; 0 when none).
    rerolling_faces: indexes of the faces that roll the die again in this roll.
    """

    die: Die
    ctx: RollContext
    outcomes: dict[Vec, float]
    truncated_mass: float
    faces: tuple[FaceOutcome, ...]
    multipliers: tuple[tuple[tuple[str, RollType], int], ...]
    best_types: tuple[tuple[RollType, ...], ...]
    autosaves: int
    rerolling_faces: tuple[int, ...]


def _product(a: dict[Vec, float], b: dict[Vec, float]) -> dict[Vec, float]:
    out: dict[Vec, float] = {}
    for va, pa in a.items():
        for vb, pb in b.items():
            v = _join(va, vb)
            out[v] = out.get(v, 0.0) + pa * pb
    return out


def _autosaves(die: Die, ctx: RollContext, faces: tuple[FaceOutcome, ...]) -> int:
    """Automatic saves the engine adds for this die (a die-level rule of the engine's count,
    digest §4.7): read from the engine by counting one plain face of the die alone."""
    plain = next((f.face_index for f in faces
                  if not f.rerolls and not f.cancels_automatic_saves), None)
    if plain is None:
        return 0
    return count_faces([(0, die, (plain,))], ctx).dice[0].automatic_saves


@functools.lru_cache(maxsize=8192)
def die_chain(die: Die, ctx: RollContext, element: Color | None = None,
              eps: float = 1e-12) -> DieChain:
    """The exact distribution of one die's outcome in the roll `ctx` (pure, cached).

    Raises ValueError (from the engine) for a die that cannot roll in an army roll.
    """
    n = len(die.faces)
    faces = tuple(face_results(die, i, ctx) for i in range(n))
    terminal: dict[Vec, float] = {}
    again: dict[Vec, float] = {}
    multipliers: dict[tuple[str, RollType], int] = {}
    best_types: dict[tuple[RollType, ...], None] = {}
    for out in faces:
        vec, amounts = face_vector(die, out, element)
        for key, amount in amounts.items():
            if key[0] == "types":
                best_types[key[1]] = None
            else:
                multipliers[key] = max(multipliers.get(key, 0), amount)
        bucket = again if out.rerolls else terminal
        bucket[vec] = bucket.get(vec, 0.0) + 1.0 / n
    outcomes = dict(terminal)
    chain, rerolls = dict(again), 1
    while chain and sum(chain.values()) >= eps and rerolls <= MAX_REROLLS:
        for v, p in _product(chain, terminal).items():
            outcomes[v] = outcomes.get(v, 0.0) + p
        chain = _product(chain, again)
        rerolls += 1
    truncated = sum(chain.values())
    if chain and rerolls > MAX_REROLLS:
        # The engine's safety cap: after MAX_REROLLS re-rolls the last face counts and the
        # die stops (rolls.extend_chain).
        for v, p in chain.items():
            outcomes[v] = outcomes.get(v, 0.0) + p
        truncated = 0.0
    autosaves = _autosaves(die, ctx, faces) if RollType.SAVE in ctx.counted else 0
    if autosaves:
        slot = index(RollType.SAVE, Origin.AUTOMATIC)
        with_saves: dict[Vec, float] = {}
        for v, p in outcomes.items():
            if not v[FLAGS] & BELLY:
                v = v[:slot] + (v[slot] + autosaves,) + v[slot + 1:]
            with_saves[v] = with_saves.get(v, 0.0) + p
        outcomes = with_saves
    ordered = sorted(multipliers.items(), key=lambda kv: (kv[0][0], kv[0][1].value))
    return DieChain(
        die=die, ctx=ctx, outcomes=outcomes, truncated_mass=truncated, faces=faces,
        multipliers=tuple(ordered), best_types=tuple(best_types), autosaves=autosaves,
        rerolling_faces=tuple(f.face_index for f in faces if f.rerolls),
    )


def chain_mean(die: Die, ctx: RollContext, rt: RollType, id_multiplier: int = 1,
               element: Color | None = None) -> float:
    """Closed-form mean of one die's `rt` results in a roll (no army modifiers): with a
    roll-again chain, E = (sum of every face's results) / (number of faces that do not roll
    again) — each roll-again face adds its results and then the die starts afresh. ID results
    count `id_multiplier` times. Automatic saves (step 10) count once, unless the chain ends on
    a Belly face: chance (Belly faces that end the chain) / (faces that end the chain).

    Raises ValueError when every face rolls again (the chain never ends)."""
    faces = tuple(face_results(die, i, ctx) for i in range(len(die.faces)))
    ending = sum(1 for f in faces if not f.rerolls)
    if not ending:
        raise ValueError(f"{die.key}: every face rolls again")
    if any(f.rerolls and f.cancels_automatic_saves for f in faces):
        raise ValueError(f"{die.key}: a roll-again Belly face has no simple closed form")
    total = 0.0
    if rt is RollType.SAVE and RollType.SAVE in ctx.counted:
        belly = sum(1 for f in faces if f.cancels_automatic_saves)
        total += _autosaves(die, ctx, faces) * (ending - belly)
    for f in faces:
        vec, _ = face_vector(die, f, element)
        total += sum(vec[index(rt, o)] for o in ORIGINS)
        total += (id_multiplier - 1) * vec[index(rt, Origin.ID)]
    return total / ending


@functools.lru_cache(maxsize=8192)
def can_roll_in(die: Die, ctx: RollContext) -> str:
    """Why the engine refuses `die` in the roll `ctx` ("" when it rolls): asked of the engine
    by counting one plain face of the die alone, so the rule lives in one place."""
    try:
        faces = [face_results(die, i, ctx) for i in range(len(die.faces))]
        plain = next((f.face_index for f in faces if not f.rerolls), None)
        if plain is None:
            return f"{die.key}: every face rolls again"
        count_faces([(0, die, (plain,))], ctx)
    except ValueError as exc:
        return str(exc)
    return ""
