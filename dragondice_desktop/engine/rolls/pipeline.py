"""Die-roll resolution: one pipeline for every roll the game makes — maneuver, melee, missile,
magic and save army rolls, combination rolls, dragon-attack rolls, individual rolls and rolls
in the DUA.

Sources: rules digest §1.2 (ID and icon counts), §4.2 (the ten steps of v4.01d), §4.3
(modifiers), §4.4 (counts as), §4.5 (combination rolls), §4.6 (SAIs), §4.7 (automatic saves);
seed 000 (every SAI, its "Applies" column and the X rule), seed 001 (items), seed 003 (Vortex).

Public API
----------
- ``count_roll(RollInput) -> RollResult``: count faces already shown, with the modifiers, added
  results and choices of the roll. The engine, the resolve command and tests all count here.
- ``count_faces(shown, ctx)``: shorthand for a roll with no modifiers or choices.
- ``roll_army(dice, ctx, rng) -> (RollResult, Rng)``: roll every die once in the given order,
  then resolve re-rolls die by die (step 3), then count.
- ``face_results(die, face_index, ctx) -> FaceOutcome``: what one face gives in one roll; the
  odds module reuses it so there is one source of truth for per-face semantics.
- ``chain_faces(...)``: roll a die again while its face says so (step 3), each re-roll thrown
  by the game's throwing routine (``rolls/throwing.py``); ``extend_chain`` draws them from an
  Rng (``roll_army``).
- ``handled_icons()``: the SAIs whose army-roll handlers never report Unresolved (the SAI
  table itself: ``sai/registry.py``).

The ten steps as counted here, per result type:
 5. subtotal of non-SAI results (action icons, ID icons, results added from other rolls);
 6. subtract modifiers, ID results removed last, never below 0;
 7. at most one dividing modifier, rounding down, ID results removed last;
 8. add SAI-generated results;
 9. at most one multiplying modifier: the one that gains most (the eighth face doubles ID
    results; Elevate one unit's; Trumpet each Feral unit's); SAI rule: no army or unit is
    multiplied twice for one result type;
10. adding modifiers: automatic saves, Cloak, "counts as" conversions (Charge).
Steps 1-4 (rolling, delayed effects, re-rolls, SAIs) happen before: in the engine
(``rolls/army_roll.py``) or in the faces given.

Invariant: every SAI icon on a shown face ends up in its die's contributions, effects,
unresolved or ignored. Nothing is dropped silently (architecture guide).

The module is pure: all randomness comes from the ``Rng`` value passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from ...player_text import count_of
from ...catalog.model import Color, Die, DieKind, Icon, Species
from ..core.rng import Rng, Throw
from .model import (
    ACTION_ROLL_TYPES, ANY_COLOR, Addition, Applied, ChoicePoint, Contribution, DieOutcome,
    DieRoll, Effect, FaceOutcome, MagicKey, Modifier, ModOp, Origin, RollChoice, RollContext,
    RollInput, RollKind, RollResult, RollType, SaiOutcome, Unresolved, key_text,
)
from ..sai.results import sai_outcome
from ..sai.icon_roll import SaiRoll, magic_key, relic_element
from ..classic.counting import classic_outcome

__all__ = [
    "ANY_COLOR", "MAX_REROLLS",
    "RollType", "RollKind", "Origin", "RollContext", "Contribution", "Unresolved", "Effect",
    "Modifier", "ModOp", "ChoicePoint", "RollChoice", "Addition", "DieRoll", "RollInput",
    "Applied", "SaiRoll", "SaiOutcome", "FaceOutcome", "DieOutcome", "RollResult",
    "roll_army", "roll_note", "count_faces", "count_roll", "face_results", "extend_chain", "chain_faces",
    "magic_key",
    "handled_icons",
]

# A re-roll chain (Rend, Rend, Rend ...) stops after this many re-rolls. The odds of reaching
# it are negligible; the cap only guarantees that a loop always ends.
MAX_REROLLS = 100



def handled_icons() -> frozenset[Icon]:
    """Icons whose handlers never report Unresolved in army rolls.

    Cantrip and the Bronze medallion (spells), the other logos (the Earthfang's unknown text,
    dragons' rolls outside a game) and Bash without the attacking army's or dragons' roll can
    report Unresolved; ``coverage.rules_coverage()`` lists every icon with its status (checked
    by the tests against every catalog face in every roll context).
    """
    from ..sai.registry import SAI_HANDLERS  # the SAIs' files use the game code that counts here
    return frozenset(icon for icon in SAI_HANDLERS
                     if icon not in (Icon.CANTRIP, Icon.LOGO, Icon.BASH))


# --------------------------------------------------------------------------------------------
# One face
# --------------------------------------------------------------------------------------------


def _id_split(die_id: int, count: int, ctx: RollContext,
              choices: tuple[RollChoice, ...]) -> list[tuple[RollType, int]]:
    """How a combination roll counts one die's ID results (digest §4.5: the owner decides
    which type each ID result becomes, and may split one ID). The value is a type name
    ("save") or a split ("save:2,melee:1"); the die's own choice wins over the roll's.
    Raises ValueError for a split that names a type not counted or does not add up."""
    value = next((c.value for c in choices if c.die_id == die_id and c.icon is Icon.ID), None)
    if value is None:
        value = next((c.value for c in choices if c.die_id == -1 and c.icon is Icon.ID),
                     ctx.counted[0].value)
    parts = []
    for part in value.split(","):
        name, _, amount = part.partition(":")
        try:
            rt = RollType(name.strip())
        except ValueError:
            raise ValueError(f"ID split {value!r}: {name!r} is not a result type") from None
        if rt not in ctx.counted:
            raise ValueError(f"ID split {value!r}: this roll does not count {rt.value}")
        parts.append((rt, int(amount) if amount else count))
    if sum(n for _, n in parts) != count:
        raise ValueError(f"ID split {value!r} must add up to the {count} ID results")
    return parts


def id_splits(count: int, types: tuple[RollType, ...]) -> tuple[str, ...]:
    """Every way to count `count` ID results among `types` (digest §4.5), as ``_id_split``
    reads them: all on one type first ("save"), then the splits ("save:2,melee:1"), in the
    order of `types`. E.g. 2 results, (save, melee): save, melee, save:1,melee:1."""
    whole = tuple(rt.value for rt in types)

    def parts(n: int, k: int) -> Iterator[tuple[int, ...]]:
        if k == 1:
            yield (n,)
            return
        for first in range(n, -1, -1):
            for rest in parts(n - first, k - 1):
                yield (first,) + rest

    splits = tuple(",".join(f"{rt.value}:{n}" for rt, n in zip(types, amounts) if n)
                   for amounts in parts(count, len(types))
                   if sum(1 for n in amounts if n) > 1)
    return whole + splits


def _icon_results(die: Die, die_id: int, icon: Icon, count: int, ctx: RollContext,
                  choices: tuple[RollChoice, ...]) -> SaiOutcome:
    """What one (icon, count) pair of a face gives in this roll."""
    counted = ctx.counted
    if icon is Icon.ID and ctx.ignore_ids:
        return SaiOutcome(ignored=(f"{count} ID results not counted: {ctx.ignore_ids}",))
    if icon is Icon.ID:
        what = "artifact ID = 4" if die.kind is DieKind.ARTIFACT else f"ID = health {count}"
        out = SaiOutcome()
        for rt, n in _id_split(die_id, count, ctx, choices) if ctx.is_combination \
                else [(ctx.roll_type, count)]:
            color = magic_key(die) if rt is RollType.MAGIC else None
            out += SaiOutcome(contributions=(Contribution(rt, n, icon, what, Origin.ID, color),))
        if ctx.is_combination and ctx.split_ids:
            splits = id_splits(count, counted)
            out += SaiOutcome(choices=(ChoicePoint(
                die_id, Icon.ID, splits, splits[0],
                f"How the {die.name}'s {count} ID results count (digest §4.5: they may be "
                f"split)"),))
        elif ctx.is_combination:
            values = tuple(rt.value for rt in counted)
            out += SaiOutcome(choices=(ChoicePoint(
                -1, Icon.ID, values, values[0],
                "Which result type the ID results count as (digest §4.5)"),))
        return out
    if icon in ACTION_ROLL_TYPES:
        rt = ACTION_ROLL_TYPES[icon]
        converted = any(src is rt for src, _ in ctx.counts_as)
        if rt in counted and die.kind.is_unit:
            offered = _offered_conversion(die, die_id, icon, rt, count, ctx, choices)
            if offered is not None:
                return offered
        if rt in counted or converted:
            color = magic_key(die) if rt is RollType.MAGIC else None
            return SaiOutcome(contributions=(Contribution(
                rt, count, icon, f"{count} {icon.value} result{'s' * (count != 1)}",
                Origin.ACTION, color),))
        turned = next(((dst, why) for species, src, dst, why in ctx.converts
                       if src is rt and species is die.species and die.kind.is_unit
                       and dst in counted), None)
        if turned:
            dst, why = turned
            return SaiOutcome(contributions=(Contribution(
                dst, count, icon, f"{count} {icon.value} counts as {dst.value}: {why}",
                Origin.AUTOMATIC),))
        return SaiOutcome(ignored=(
            f"{count} {icon.value}: not counted in a {ctx.roll_type.value} roll",))
    if ctx.ruleset == "classic":  # the 1996 meanings of every SAI (issue 18)
        return classic_outcome(die, die_id, icon, count, ctx, choices)
    return sai_outcome(die, die_id, icon, count, ctx, choices)


def _offered_conversion(die: Die, die_id: int, icon: Icon, rt: RollType, count: int,
                        ctx: RollContext, choices: tuple[RollChoice, ...]) -> SaiOutcome | None:
    """A species "counts as" in a roll that counts both its types (Flaming Shields in the
    answer to a dragon attack, rules revision 4; ``species.Conversion.chosen_since``): the
    owner chooses, unit by unit, whether this die's results of type `rt` count as they are
    (the default) or as the conversion's type. None when no such conversion applies."""
    dst, why = next(((dst, why) for species, src, dst, why in ctx.converts
                     if src is rt and dst in ctx.counted and species is die.species),
                    (None, ""))
    if dst is None:
        return None
    options = (rt.value, dst.value)
    wanted = next((c.value for c in choices
                   if c.die_id == die_id and c.icon is icon and c.value in options), rt.value)
    name = why.split(" (")[0]
    point = ChoicePoint(die_id, icon, options, rt.value,
                        f"{name}: do the {die.name}'s {count} {rt.value} results count as "
                        f"{_plural(rt)} or as {_plural(dst)}?")
    if wanted == rt.value:
        contribution = Contribution(rt, count, icon, f"{count} {icon.value} result"
                                                     f"{'s' * (count != 1)}", Origin.ACTION)
    else:
        contribution = Contribution(dst, count, icon, f"{count} {icon.value} counts as "
                                                      f"{dst.value}: {why}", Origin.AUTOMATIC)
    return SaiOutcome(contributions=(contribution,), choices=(point,))


def _plural(rt: RollType) -> str:
    """A result type in a sentence about several results: "saves", "melee"."""
    return "saves" if rt is RollType.SAVE else rt.value


def _check_army_die(die: Die) -> None:
    if not (die.kind.is_unit or die.kind.is_item):
        raise ValueError(f"{die.key} is a {die.kind.value}: only units and items roll in an "
                         f"army roll")


def face_results(die: Die, face_index: int, ctx: RollContext, die_id: int = 0,
                 choices: tuple[RollChoice, ...] = ()) -> FaceOutcome:
    """What face `face_index` of `die` gives in a roll described by `ctx` (pure; steps 1-4
    for one face). Raises ValueError for a die that is not a unit or item, or a bad index."""
    _check_army_die(die)
    if not 0 <= face_index < len(die.faces):
        raise ValueError(f"{die.key} has faces 0-{len(die.faces) - 1}, not {face_index}")
    face = die.faces[face_index]
    pairs = face.icons
    if len(pairs) == 1:  # most faces: one icon (no sum to build)
        total = _icon_results(die, die_id, pairs[0][0], pairs[0][1], ctx, choices)
    else:
        total = SaiOutcome()
        for icon, count in pairs:
            total += _icon_results(die, die_id, icon, count, ctx, choices)
    return FaceOutcome(**vars(total), die_id=die_id, face_index=face_index,
                       face_text=face.to_text(), icons=tuple(icon for icon, _ in pairs))


def _face_rerolls(die: Die, face_index: int, ctx: RollContext, die_id: int,
                  choices: tuple[RollChoice, ...]) -> bool:
    """Whether face `face_index` rolls `die` again in this roll (``face_results(...)
    .rerolls``). Re-rolls come from SAIs only: a face of action icons and ID results alone
    (counted by `_icon_results` itself) never re-rolls, so its results are not worked out
    here (the count works them out once). Raises ValueError as `face_results` does."""
    if 0 <= face_index < len(die.faces) and (die.kind.is_unit or die.kind.is_item) and all(
            icon is Icon.ID or icon in ACTION_ROLL_TYPES
            for icon, _ in die.faces[face_index].icons):
        return False
    return face_results(die, face_index, ctx, die_id, choices).rerolls


# --------------------------------------------------------------------------------------------
# One die: its faces, re-roll chain and automatic saves
# --------------------------------------------------------------------------------------------


def _check_chain(die_id: int, die: Die, outcomes: Sequence[FaceOutcome]) -> bool:
    """Check that the shown faces form a legal re-roll chain (step 3); returns True when the
    chain was cut by MAX_REROLLS. Raises ValueError naming the problem."""
    if not outcomes:
        raise ValueError(f"die {die_id} ({die.key}): no face shown; a rolled die shows one")
    if len(outcomes) > MAX_REROLLS + 1:
        raise ValueError(f"die {die_id} ({die.key}): more than {MAX_REROLLS} re-rolls")
    for i, out in enumerate(outcomes[:-1]):
        if not out.rerolls:
            raise ValueError(f"die {die_id} ({die.key}): face {out.face_index} ({out.face_text}) "
                             f"on roll {i + 1} does not roll the die again, but "
                             f"{len(outcomes) - i - 1} more face(s) were given")
    last = outcomes[-1]
    if last.rerolls and len(outcomes) <= MAX_REROLLS:
        raise ValueError(f"die {die_id} ({die.key}): face {last.face_index} ({last.face_text}) "
                         f"rolls the die again in this roll; give the re-rolled face too")
    return last.rerolls


def _die_outcome(roll: DieRoll, ctx: RollContext,
                 choices: tuple[RollChoice, ...]) -> DieOutcome:
    die, die_id = roll.die, roll.die_id
    _check_army_die(die)
    if ctx.kind is RollKind.INDIVIDUAL and die.kind.is_item:
        raise ValueError(f"{die.key} is an item: items are never rolled in an individual roll "
                         f"(seed 001)")
    outcomes = tuple(face_results(die, f, ctx, die_id, choices) for f in roll.faces)
    # An excluded die stops where it was excluded (Choke kills it before re-rolls).
    capped = False if roll.excluded else _check_chain(die_id, die, outcomes)
    merged = SaiOutcome()
    for out in outcomes:
        merged += out
    ignored = merged.ignored
    if capped:
        ignored += (f"re-roll chain stopped after {MAX_REROLLS} re-rolls (a safety cap)",)
    contributions = merged.contributions
    autosaves = 0
    # Dragonkin automatic saves count only in save rolls, only for dice that were rolled, and
    # not for a die that showed Belly (digest §4.7; they are an adding modifier, step 10).
    if RollType.SAVE in ctx.counted and die.autosaves and not merged.cancels_automatic_saves:
        autosaves = die.autosaves
        contributions += (Contribution(
            RollType.SAVE, autosaves, Icon.SAVE,
            f"automatic saves = {autosaves} (Dragonkin health, digest §4.7)", Origin.AUTOMATIC),)
    replaced = tuple(tuple(die.faces[f].to_text() for f in chain) for chain in roll.replaced)
    return DieOutcome(
        die_id=die_id, key=die.key, faces=roll.faces, contributions=contributions,
        unresolved=merged.unresolved, ignored=ignored, effects=merged.effects,
        face_outcomes=outcomes, automatic_saves=autosaves, cantrip_magic=merged.cantrip_magic,
        modifiers=merged.modifiers, excluded=roll.excluded, replaced=replaced, notes=roll.notes,
    )


# --------------------------------------------------------------------------------------------
# The pipeline (digest §4.2, v4.01d ten steps)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tally:
    """Results of one type kept apart by origin until the step that adds them."""

    action: int = 0   # non-SAI, non-ID results (step 5)
    ids: int = 0      # ID results (step 5; removed last by subtract/divide; doubled at step 9)
    sai: int = 0      # SAI-generated results (step 8)
    adding: int = 0   # adding modifiers: automatic saves, Cloak (step 10)


_FIELD_OF = {Origin.ACTION: "action", Origin.ID: "ids", Origin.SAI: "sai",
             Origin.AUTOMATIC: "adding"}
_TALLY_FIELDS = ("action", "ids", "sai", "adding")


def _tallies(dice: Iterable[DieOutcome], additions: Iterable[Addition]) -> dict[RollType, _Tally]:
    sums = {rt: dict.fromkeys(_TALLY_FIELDS, 0) for rt in RollType}
    for die in dice:
        if die.excluded:
            continue
        for c in die.contributions:
            sums[c.result_type][_FIELD_OF[c.origin]] += c.amount
    for add in additions:
        sums[add.result_type]["action"] += add.amount
    return {rt: _Tally(**amounts) for rt, amounts in sums.items()}


def _describe(amounts: dict[RollType, int], shown: Sequence[RollType]) -> str:
    """"melee 7" — the counted types always, other types only when they are not 0."""
    return ", ".join(f"{rt.value} {n}" for rt, n in amounts.items() if n or rt in shown)


def _multiplier_gain(mod: Modifier, rt: RollType, ids: int, after8: int,
                     dice: Sequence[DieOutcome], die_of: dict[int, Die]) -> tuple[int, str]:
    """Results a multiplying modifier adds to type `rt`, and the words for the trace.
    Species abilities never modify items (seed 001), and Trumpet names Feral units only."""
    extra = mod.amount - 1
    if mod.ids_only:
        return ids * extra, f"{ids} -> {ids * mod.amount}"
    if mod.unit == "feral":
        n = sum(d.amount(rt) for d in dice if die_of[d.die_id].species is Species.FERAL)
        return n * extra, f"Feral units' {n} -> {n * mod.amount}"
    if isinstance(mod.unit, int):
        n = next((d.amount(rt) for d in dice if d.die_id == mod.unit), 0)
        return n * extra, f"unit {mod.unit}: {n} -> {n * mod.amount}"
    return after8 * extra, f"{after8} -> {after8 * mod.amount}"


def _resolve_best_units(modifiers: Sequence[Modifier], counted: Sequence[RollType],
                        dice: Sequence[DieOutcome], die_of: dict[int, Die]) -> list[Modifier]:
    """Turn "the unit that gains most" (Elevate) into a die id and one result type: a choice
    that can only help, made for the roller (rulings: Elevate)."""
    out = []
    for mod in modifiers:
        if mod.unit != "best":
            out.append(mod)
            continue
        options = [(d.amount(rt), -d.die_id, d.die_id, rt) for d in dice
                   for rt in (mod.types or counted) if rt in counted and not d.excluded
                   and die_of[d.die_id].kind.is_unit]
        if not options:
            continue
        _, _, die_id, rt = max(options, key=lambda o: (o[0], o[1]))
        out.append(replace(mod, unit=die_id, types=(rt,),
                           source=f"{mod.source}: unit {die_id}"))
    return out


def _unit_choices(ctx: RollContext, sourced: Sequence[tuple[int, Modifier]],
                  dice: Sequence[DieOutcome], die_of: dict[int, Die],
                  choices: Sequence[RollChoice],
                  ) -> tuple[list[Modifier | None], list[ChoicePoint]]:
    """With `ctx.unit_multipliers` (rules revision 3): give each "best unit" modifier (Elevate,
    Wilding) its own unit, never one another such modifier already multiplies for that type
    (seed 000 Targeting: no unit is affected by two effects multiplying the same result).
    `sourced`: (die id of the SAI that made it, or -1, modifier). An SAI's unit is the roller's
    choice: a ChoicePoint of kind "unit" (default: the unit that gains most), answered by a
    RollChoice (die id, icon, unit id); a spell's is the unit that gains most. Returns the
    modifiers with their units fixed, in the order of `sourced` (None for one that has no unit
    to multiply), and the choice points. Raises ValueError for a chosen unit that is not one
    of the point's options."""
    counted = ctx.counted
    made = {(c.die_id, c.icon): c.value for c in choices}
    taken = {(m.unit, t) for _, m in sourced if isinstance(m.unit, int) for t in m.types}
    out: list[Modifier | None] = []
    points: list[ChoicePoint] = []
    for source, mod in sourced:
        if mod.unit != "best":
            out.append(mod)
            continue
        # Most gained first, then the lower die id; a unit gaining as much in two of the
        # modifier's types (Volley's missile and save in a dragon attack) takes the first of
        # them, as ``_resolve_best_units`` does: the sort is stable and never compares types.
        options = sorted(((d.amount(rt), -d.die_id, d.die_id, rt) for d in dice
                          for rt in (mod.types or counted) if rt in counted and not d.excluded
                          and die_of[d.die_id].kind.is_unit and d.amount(rt) > 0
                          and (d.die_id, rt) not in taken),
                         key=lambda o: (o[0], o[1]), reverse=True)
        if not options:
            out.append(None)
            continue
        best = options[0]
        units = sorted({o[2] for o in options})
        pick = best
        if source >= 0 and mod.icon is not None and len(units) > 1:
            points.append(ChoicePoint(source, mod.icon, tuple(str(u) for u in units),
                                      str(best[2]), f"{mod.icon.value}: which unit doubles its "
                                      f"results (each {mod.icon.value} a different unit)",
                                      kind="unit"))
            value = made.get((source, mod.icon))
            if value is not None:
                if value not in points[-1].options:
                    raise ValueError(f"{mod.icon.value}: unit {value} cannot be chosen; "
                                     f"choose one of {', '.join(points[-1].options)}")
                pick = next(o for o in options if o[2] == int(value))
        _, _, die_id, rt = pick
        taken.add((die_id, rt))
        out.append(replace(mod, unit=die_id, types=(rt,), source=f"{mod.source}: unit {die_id}"))
    return out, points


def _step9(mults: Sequence[Modifier], rt: RollType, ids: int, after8: int,
           dice: Sequence[DieOutcome], die_of: dict[int, Die],
           unit_multipliers: bool) -> tuple[int, str, Modifier]:
    """Step 9 for one result type: (gain, words, the modifier named). Without
    `unit_multipliers`, the one multiplying modifier that gains most. With it (rules revision
    3), either the best modifier on the whole army, or every modifier on a single unit, each
    unit at most once (its best), whichever gains more (seed 000 Targeting)."""
    scored = [(_multiplier_gain(m, rt, ids, after8, dice, die_of), m) for m in mults]
    (gain, how), best = max(scored, key=lambda s: s[0][0])
    if not unit_multipliers:
        return gain, how, best
    per_unit: dict[int, tuple[tuple[int, str], Modifier]] = {}
    for score, mod in scored:
        if isinstance(mod.unit, int) and (mod.unit not in per_unit
                                          or score[0] > per_unit[mod.unit][0][0]):
            per_unit[mod.unit] = (score, mod)
    army = [(score, mod) for score, mod in scored if not isinstance(mod.unit, int)]
    unit_gain = sum(score[0] for score, _ in per_unit.values())
    if len(per_unit) < 2 or (army and max(s[0] for s, _ in army) >= unit_gain):
        return gain, how, best
    parts = [f"{mod.source}: {score[1]}" for score, mod in per_unit.values()]
    first = next(iter(per_unit.values()))[1]
    return unit_gain, "; ".join(parts), replace(first, source="; ".join(
        m.source for _, m in per_unit.values()))


def _applies(mod: Modifier, rt: RollType, placed: RollType,
             counted: Sequence[RollType] = ()) -> bool:
    """Does `mod` change result type `rt`? Typed modifiers change their types (a `one_type`
    modifier only the first of them the roll counts); untyped ones change every counted type
    when they divide or multiply, and only the placed type when they subtract or add (digest
    §4.5: placed as the owner chooses)."""
    if mod.types and mod.one_type:
        return rt is next((t for t in mod.types if t in counted), None)
    if mod.types:
        return rt in mod.types
    if mod.op in (ModOp.DIVIDE, ModOp.MULTIPLY):
        return True
    return rt is placed


def _pipeline(inp: RollInput, dice: tuple[DieOutcome, ...], sai_mods: Sequence[Modifier],
              ) -> tuple[dict[RollType, int], dict[RollType, _Tally], tuple[str, ...],
                         tuple[str, ...], dict[RollType, Modifier]]:
    """Run steps 1-10 over the counted dice; returns (final totals, tallies, step trace,
    modifier texts, the multiplying modifier chosen for each type)."""
    ctx = inp.ctx
    die_of = {d.die_id: d.die for d in inp.dice}
    counted = ctx.counted
    tallied = tuple(dict.fromkeys(counted + tuple(src for src, _ in ctx.counts_as)))
    steps, applied = [], []
    first = ", ".join(f"{d.key} {d.face_outcomes[0].face_text}" for d in dice)
    steps.append(f"step 1: rolled {count_of(len(dice), 'die', 'dice')}"
                 + (f": {first}" if dice else ""))
    if inp.step2:
        steps.append("step 2: delayed effects: " + "; ".join(inp.step2))
    elif RollType.SAVE in counted and ctx.save_against is not None:
        steps.append("step 2: no delayed SAIs from the attacker's roll (Choke, Confuse, "
                     "Decapitate, Impale, Hypnotic Glare) in this save roll")
    else:
        steps.append("step 2: no delayed effects (only save rolls against an attack have them)")
    rerolled = [f"{d.key} " + " -> ".join(f.face_text for f in d.face_outcomes)
                for d in dice if len(d.faces) > 1]
    replaced = [f"{d.key} ignored {' -> '.join(chain)}" for d in dice for chain in d.replaced]
    text3 = "; ".join(rerolled + replaced)
    steps.append("step 3: re-rolls: " + text3 if text3 else "step 3: no re-rolls")
    sai_count = sum(1 for d in dice for f in d.face_outcomes for icon in f.icons if icon.is_sai)
    unresolved = sum(len(d.unresolved) for d in dice if not d.excluded)
    effects = sum(len(d.effects) for d in dice if not d.excluded)
    excluded = [f"{d.key} ({d.excluded})" for d in dice if d.excluded]
    shown = f"{count_of(sai_count, 'SAI icon')} shown" if sai_count else "no SAIs shown"
    steps.append(f"step 4: {shown}" + (
        f"; {count_of(effects, 'effect')} passed on to the game" if effects else "") + (
        f"; {unresolved} not resolved" if unresolved else "") + (
        f"; not counted: {', '.join(excluded)}" if excluded else ""))

    tallies = _tallies(dice, inp.additions)
    modifiers = list(inp.modifiers) + list(sai_mods)
    if ctx.id_multiplier != 1:
        verb = "doubles" if ctx.id_multiplier == 2 else f"multiplies by {ctx.id_multiplier}"
        modifiers.append(Modifier(ModOp.MULTIPLY, ctx.id_multiplier,
                                  f"eighth face {verb} ID results", ids_only=True))
    modifiers = _resolve_best_units(modifiers, counted, dice, die_of)
    subtotal = {t: tallies[t].action + tallies[t].ids for t in RollType}
    placed = next((t for t in counted if subtotal[t]), counted[0])
    id_part = ", ".join(f"{t.value} {tallies[t].ids}" for t in RollType if tallies[t].ids)
    adds = "; ".join(f"{a.source}: +{a.amount} {a.result_type.value}" for a in inp.additions)
    steps.append(f"step 5: subtotal of non-SAI results: {_describe(subtotal, counted)}"
                 + (f" (from ID: {id_part})" if id_part else "")
                 + (f" (added: {adds})" if adds else ""))

    action = {t: tallies[t].action for t in RollType}
    ids = {t: tallies[t].ids for t in RollType}
    # Step 6: subtracting modifiers; ID results are removed last (digest §4.3).
    texts = []
    for t in tallied:
        minus = sum(m.amount for m in modifiers
                    if m.op is ModOp.SUBTRACT and _applies(m, t, placed, counted))
        if minus:
            before = action[t] + ids[t]
            take = min(action[t], minus)
            action[t] -= take
            ids[t] = max(0, ids[t] - (minus - take))
            names = ", ".join(m.source for m in modifiers
                              if m.op is ModOp.SUBTRACT and _applies(m, t, placed, counted))
            texts.append(f"{t.value} {before} - {minus} = {action[t] + ids[t]} ({names})")
            applied.append(f"step 6: -{minus} {t.value} ({names})")
    steps.append("step 6: subtract: " + "; ".join(texts) if texts
                 else "step 6: no subtracting modifiers")
    # Step 7: at most one dividing modifier per type, rounding down, ID removed last.
    texts = []
    for t in tallied:
        divs = [m for m in modifiers
                if m.op is ModOp.DIVIDE and _applies(m, t, placed, counted)]
        if divs:
            mod = min(divs, key=lambda m: m.amount)  # the owner picks the gentlest one
            before = action[t] + ids[t]
            after = before // mod.amount
            ids[t] = min(ids[t], after)
            action[t] = after - ids[t]
            skipped = "" if len(divs) == 1 else " (only one dividing modifier per result type)"
            texts.append(f"{t.value} {before} / {mod.amount} = {after} ({mod.source}){skipped}")
            applied.append(f"step 7: {t.value} / {mod.amount} ({mod.source}){skipped}")
    steps.append("step 7: divide: " + "; ".join(texts) if texts
                 else "step 7: no dividing modifiers")
    after8 = {t: action[t] + ids[t] + tallies[t].sai for t in RollType}
    added = [f"{t.value} {action[t] + ids[t]} + {tallies[t].sai} = {after8[t]}"
             for t in tallied if tallies[t].sai]
    steps.append("step 8: add SAI results: " + "; ".join(added) if added
                 else "step 8: no SAI-generated results")
    # Step 9: at most one multiplying modifier per type: the one that gains most.
    after9 = dict(after8)
    chosen: dict[RollType, Modifier] = {}
    texts = []
    for t in tallied:
        mults = [m for m in modifiers
                 if m.op is ModOp.MULTIPLY and _applies(m, t, placed, counted)]
        if not mults:
            continue
        gain, how, best = _step9(mults, t, ids[t], after8[t], dice, die_of,
                                 ctx.unit_multipliers)
        after9[t] += gain
        chosen[t] = best
        several = ctx.unit_multipliers and ";" in how and not best.ids_only
        others = "" if len(mults) == 1 or several else (
            " (only one multiplying modifier per result type)")
        if several:
            texts.append(f"{t.value}: {how}")
        elif best.ids_only:
            texts.append(f"{best.source}: {how}{others}")
        else:
            texts.append(f"{t.value}: {best.source}: {how}{others}")
        applied.append(f"step 9: {t.value} +{gain} ({best.source}){others}")
    steps.append("step 9: " + "; ".join(texts) if texts else "step 9: no multiplying modifiers")
    # Step 10: adding modifiers, then "counts as" conversions.
    final = {}
    for t in RollType:
        plus = sum(m.amount for m in modifiers
                   if m.op is ModOp.ADD and _applies(m, t, placed, counted))
        final[t] = after9[t] + tallies[t].adding + plus
        if plus:
            applied.append(f"step 10: +{plus} {t.value}")
    adds_text = [f"{t.value} {after9[t]} + {final[t] - after9[t]} = {final[t]}"
                 for t in tallied if final[t] != after9[t]]
    only_auto = not any(m.op is ModOp.ADD for m in modifiers) and all(
        c.icon is Icon.SAVE for d in dice if not d.excluded for c in d.contributions
        if c.origin is Origin.AUTOMATIC and c.amount)
    what = "automatic saves" if only_auto else "adding modifiers"
    conversions = []
    for src, dst in ctx.counts_as:
        if final[src]:
            conversions.append(f"{src.value} {final[src]} counts as {dst.value}")
            applied.append(f"step 10: {src.value} {final[src]} counts as {dst.value}")
        final[dst] += final[src]
        if src not in counted:
            final[src] = 0
    # A conversion alone (a 1996 charge's maneuver counting as melee) adds nothing: it is
    # named for what it does, not as an "add".
    said = ([f"add {what}: " + "; ".join(adds_text)] if adds_text else []) + conversions
    steps.append("step 10: " + "; ".join(said) if said else "step 10: no adding modifiers")
    for t in RollType:
        if t not in counted:
            final[t] = 0
        final[t] = max(0, final[t])
    steps.append("total: " + ", ".join(f"{t.value} {final[t]}" for t in counted))
    return final, tallies, tuple(steps), tuple(applied), chosen


def _magic_by_color(dice: Iterable[DieOutcome], total: int,
                    id_factor: int) -> tuple[tuple[MagicKey, int], ...]:
    """Magic per element source, with ID magic multiplied like the total (step 9); when
    modifiers took magic away, the loss comes off the keys in key order, so the amounts always
    add up to the magic total."""
    by_key: dict[MagicKey, int] = {}
    for die in dice:
        if die.excluded:
            continue
        for c in die.contributions:
            if c.result_type is RollType.MAGIC and c.amount:
                n = c.amount * (id_factor if c.origin is Origin.ID else 1)
                key = c.color if c.color is not None else frozenset({Color.IVORY})
                by_key[key] = by_key.get(key, 0) + n
    items = sorted(by_key.items(), key=lambda kv: key_text(kv[0]))
    excess = sum(n for _, n in items) - total
    trimmed = []
    for key, n in items:
        take = min(n, max(0, excess))
        excess -= take
        if n - take:
            trimmed.append((key, n - take))
    return tuple(trimmed)


def _choice_points(dice: Sequence[DieOutcome], choices: Sequence[RollChoice],
                   extra: Sequence[ChoicePoint] = (),
                   ) -> tuple[tuple[tuple[ChoicePoint, str], ...], tuple[ChoicePoint, ...]]:
    """Every choice point of the counted dice (one per die and icon; the ID choice of a
    combination roll once) and the `extra` ones of the count (each Elevate's unit), with the
    value taken, and those left to their default."""
    made = {(c.die_id, c.icon): c.value for c in choices}
    seen: dict[tuple[int, Icon], ChoicePoint] = {}
    for die in dice:
        if die.excluded:
            continue
        for face in die.face_outcomes:
            for point in face.choices:
                seen.setdefault((point.die_id, point.icon), point)
    for point in extra:
        seen.setdefault((point.die_id, point.icon), point)
    taken, open_points = [], []
    for key, point in seen.items():
        value = made.get(key)
        if value is None:
            open_points.append(point)
        taken.append((point, point.default if value is None else value))
    return tuple(taken), tuple(open_points)


def _relic_shows(die: Die, outcome: DieOutcome) -> Icon | None:
    """The relic icon (an element or the logo) an Elemental Relic shows, else None."""
    if die.kind is not DieKind.RELIC or not outcome.face_outcomes:
        return None
    icon = outcome.face_outcomes[-1].icons[0]
    if icon is Icon.LOGO and any(relic_element(i) for f in die.faces for i, _ in f.icons):
        return icon
    return icon if relic_element(icon) else None


def _cancel_relics(dice: tuple[DieOutcome, ...], die_of: dict[int, Die]) -> tuple[DieOutcome, ...]:
    """Elemental Relics that roll the same element have no effect on that roll; the SFR logo
    matches all elements, so it matches any other relic (seed 001, rulings)."""
    relics = {d.die_id: _relic_shows(die_of[d.die_id], d) for d in dice if not d.excluded}
    shown = {i: icon for i, icon in relics.items() if icon is not None}
    cancelled = {i for i, icon in shown.items() for j, other in shown.items()
                 if i != j and (icon is other or Icon.LOGO in (icon, other))}
    if not cancelled:
        return dice
    out = []
    for d in dice:
        if d.die_id in cancelled:
            faces = tuple(replace(f, effects=(), choices=()) for f in d.face_outcomes)
            d = replace(d, effects=(), face_outcomes=faces, ignored=d.ignored + (
                f"{shown[d.die_id].value} (Elemental Relic): another relic in the roll shows "
                f"the same element, so it has no effect on this roll (seed 001)",))
        out.append(d)
    return tuple(out)


def count_roll(inp: RollInput) -> RollResult:
    """Count a roll (steps 5-10 over the faces given; steps 1-4 are the faces, the delayed
    effects and re-rolls already applied, and the SAIs evaluated here).

    Raises ValueError for a duplicate die id, a die that is not a unit or item (or an item in
    an individual roll), a bad face index, faces that do not form the re-roll chain the rules
    demand (a re-roll face must be followed by the re-rolled face; a face that does not
    re-roll must be the last one), or an impossible ID split.
    """
    ids = [d.die_id for d in inp.dice]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise ValueError(f"die id {dup} appears twice in one roll")
    ctx = inp.ctx
    dice = tuple(_die_outcome(d, ctx, inp.choices) for d in inp.dice)
    # Charge changes how the whole roll counts (maneuver as melee, seed 000 Charge): count
    # again with the conversion once a counted die shows it.
    charge = (RollType.MANEUVER, RollType.MELEE)
    if (any(e.kind == "charge" for d in dice if not d.excluded for e in d.effects)
            and charge not in ctx.counts_as):
        ctx = replace(ctx, counts_as=ctx.counts_as + (charge,))
        dice = tuple(_die_outcome(d, ctx, inp.choices) for d in inp.dice)
    dice = _cancel_relics(dice, {d.die_id: d.die for d in inp.dice})
    sai_mods = [m for d in dice if not d.excluded for m in d.modifiers]
    unit_points: list[ChoicePoint] = []
    if ctx.unit_multipliers:
        sourced = [(-1, m) for m in inp.modifiers] + [
            (d.die_id, m) for d in dice if not d.excluded for m in d.modifiers]
        fixed, unit_points = _unit_choices(ctx, sourced, dice,
                                           {d.die_id: d.die for d in inp.dice}, inp.choices)
        given = len(inp.modifiers)
        counted_inp = replace(inp, ctx=ctx, modifiers=tuple(m for m in fixed[:given] if m))
        sai_mods = [m for m in fixed[given:] if m]
    else:
        counted_inp = replace(inp, ctx=ctx)
    final, tallies, steps, applied, chosen = _pipeline(counted_inp, dice, sai_mods)
    rt = ctx.roll_type
    taken, open_points = _choice_points(dice, inp.choices, unit_points)
    magic_mult = chosen.get(RollType.MAGIC)
    id_factor = magic_mult.amount if magic_mult is not None and magic_mult.ids_only else 1
    return RollResult(
        roll_type=rt, dice=dice, subtotal_id=tallies[rt].ids,
        subtotal=tallies[rt].action + tallies[rt].ids, sai_results=tallies[rt].sai,
        totals=tuple((t, final[t]) for t in RollType),
        magic_by_color=(_magic_by_color(dice, final[RollType.MAGIC], id_factor)
                        if RollType.MAGIC in ctx.counted else ()),
        cantrip_magic=sum(d.cantrip_magic for d in dice if not d.excluded), steps=steps,
        context=ctx, modifiers=applied, choices=taken, open_choices=open_points,
        additions=inp.additions, source=inp,
    )


def count_faces(shown: Sequence[tuple[int, Die, Sequence[int]]], ctx: RollContext) -> RollResult:
    """Count faces already shown: (die_id, die, every face index shown by that die — the first
    roll, then each re-roll in order), with no modifiers or choices. See ``count_roll``."""
    dice = tuple(DieRoll(i, die, tuple(faces)) for i, die, faces in shown)
    return count_roll(RollInput(ctx, dice))


# --------------------------------------------------------------------------------------------
# Rolling
# --------------------------------------------------------------------------------------------


def roll_note(ctx: RollContext) -> str:
    """What a die is rolled for, as a manual-dice game asks for its face: "melee roll",
    "save + melee roll"."""
    return " + ".join(t.value for t in ctx.counted) + " roll"


def extend_chain(die: Die, die_id: int, faces: Sequence[int], ctx: RollContext, rng: Rng,
                 choices: tuple[RollChoice, ...] = (), *,
                 throw: Throw) -> tuple[tuple[int, ...], Rng]:
    """Step 3 for one die: roll it again while its last face says so (Rend, Tail, Bullseye
    ...), up to MAX_REROLLS (``chain_faces``), drawing from `rng`. `throw` names the die for
    a player entering its faces (manual dice); each re-roll is asked as "rolled again after
    <face>". Returns (the whole chain, advanced rng)."""
    held = [rng]

    def one(count: int, again: Throw) -> int:
        face, held[0] = held[0].roll_face(count, again)
        return face

    chain = chain_faces(die, die_id, faces, ctx, one, choices, throw=throw)
    assert chain is not None  # an Rng always gives a face
    return chain, held[0]


def chain_faces(die: Die, die_id: int, faces: Sequence[int], ctx: RollContext,
                throw_one: Callable[[int, Throw], int | None],
                choices: tuple[RollChoice, ...] = (), *, throw: Throw) -> tuple[int, ...] | None:
    """Step 3 for one die: the chain of `faces` and its re-rolls, made while the last face
    says so (Rend, Tail, Bullseye ...), at most MAX_REROLLS times. Each re-roll is thrown
    with `throw_one(face count, the die "rolled again after <face>")` (a
    ``throwing.Thrower``'s ``face``); None when it gives None (a manual-dice game waits for
    that face)."""
    chain = list(faces)
    while (len(chain) <= MAX_REROLLS
           and _face_rerolls(die, chain[-1], ctx, die_id, choices)):
        face = throw_one(len(die.faces), throw.again(f"after {die.faces[chain[-1]].to_text()}"))
        if face is None:
            return None
        chain.append(face)
    return tuple(chain)


def roll_army(dice: Sequence[tuple[int, Die]], ctx: RollContext,
              rng: Rng) -> tuple[RollResult, Rng]:
    """Roll every die once, in the given order (step 1), then resolve re-rolls one die at a
    time in the same order, each chain until its re-roll icon stops coming up (step 3), then
    count with ``count_faces``. Returns (result, advanced rng).

    Raises ValueError for dice that are not units or items, or duplicate ids.
    """
    for _, die in dice:
        _check_army_die(die)
    firsts = []
    for _, die in dice:
        face, rng = rng.roll_face(len(die.faces), Throw(die.name, die.key))
        firsts.append(face)
    shown = []
    for (die_id, die), first in zip(dice, firsts):
        chain, rng = extend_chain(die, die_id, (first,), ctx, rng,
                                  throw=Throw(die.name, die.key))
        shown.append((die_id, die, chain))
    return count_faces(shown, ctx), rng
