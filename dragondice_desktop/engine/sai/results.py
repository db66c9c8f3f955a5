"""What an SAI does in one roll: the dispatch on the kind of roll, which finds the SAI's own
code in its record (``sai/registry.py``; each SAI's file in ``sai/icons/``) and applies the
rules that hold for every SAI in a kind of roll (seed 000, seed 001).

``sai_outcome(die, die_id, icon, x, ctx, choices)`` is the one entry point. It dispatches on
the kind of roll:

- army rolls: the record's ``in_roll`` handler, falling back to the "Applies" column for
  icons without one (the Dracolem icons, whose rules are unknown);
- combination rolls (digest §4.5): each SAI is asked what it does for each counted type; when
  several sentences apply the roller picks one (a ChoicePoint, default the first counted type);
- individual rolls: the SAI's individual sentence (its record's ``individual``: Cloak, Net,
  the champion logos) or, when its Applies column lists the type rolled for, the results it
  generates — never effects on armies (rulings: an individual roll has no defending army and
  gets no army benefits);
- rolls in the DUA: only SAIs that generate saves work (seed 000);
- dragon-attack rolls: each SAI's "Dragon Attack" sentence (``sai/in_dragon_attack.py``);
- the Horde roll-off: only maneuver results count (digest §2);
- Tidal Wave's save and maneuver roll: only the save and maneuver results an SAI generates
  count, nothing else it does (digest §7; ``RollContext.normal_results_only``).

X is the icon's count in the catalog, which already follows seed 000's X rule (a d6 counts its
icons; large equipment and large Dragonkin 3; monsters, artifacts, medallions, relics and
champions 4). SAIs with a fixed number (Tail, Gore, Double Strike, Flame) ignore X.
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog.model import Die, Icon
from ..rolls.model import ChoicePoint, RollChoice, RollContext, RollKind, RollType, SaiOutcome
from .icon_roll import NO_RULES_TEXT, Handler, SaiRoll, applies_to
from .in_dragon_attack import dragon_attack_outcome
from .records import NO_RECORD, SaiRecord

# The SAI records (``sai/registry.py``), read at the first roll: the SAIs' files hold the code
# that applies their effects to the game, which counts its rolls through this module.
_RECORDS: dict[Icon, SaiRecord] = {}


def _record(icon: Icon) -> SaiRecord:
    """`icon`'s record (NO_RECORD for an icon without one)."""
    if not _RECORDS:
        from .registry import SAI_RECORDS
        _RECORDS.update(SAI_RECORDS)
    return _RECORDS.get(icon, NO_RECORD)

# --------------------------------------------------------------------------------------------
# The SAI's own code, from its record
# --------------------------------------------------------------------------------------------


def _generic(sai: SaiRoll) -> SaiOutcome:
    """Fallback for icons without a handler: the Dracolem icons, whose rules are unknown."""
    if not sai.record.applies:
        return sai.unresolved(NO_RULES_TEXT)
    return sai.not_applicable()


def _army(sai: SaiRoll) -> SaiOutcome:
    """The SAI in an army roll: its record's handler (``in_roll``), or the generic reading."""
    handler = sai.record.in_roll
    return handler(sai) if handler is not None else _generic(sai)


# --------------------------------------------------------------------------------------------
# Dispatch on the kind of roll
# --------------------------------------------------------------------------------------------


def _setup_rolloff(sai: SaiRoll, out: SaiOutcome) -> SaiOutcome:
    """Horde roll-off (digest §2 step 4): keep the maneuver results an SAI produces; every
    other effect is ignored by rule, so report it as ignored rather than unresolved."""
    kept = tuple(c for c in out.contributions if c.result_type is RollType.MANEUVER)
    dropped = (len(kept) < len(out.contributions) or out.unresolved or out.effects
               or out.rerolls or out.cantrip_magic or out.ignored or out.modifiers)
    reason = (f"{sai.name} ignored — setup roll-off: only maneuver results count (digest §2)",)
    return SaiOutcome(contributions=kept, ignored=reason if dropped else ())


def _individual(sai: SaiRoll) -> SaiOutcome:
    """A unit's own roll: its individual sentence (its record's ``individual``: Cloak, Net,
    the champions' logo), or the results the SAI generates when its Applies column lists the
    roll; effects on armies do not apply (rulings)."""
    if sai.die.kind.is_item:
        return sai.ignored("items are never rolled in an individual roll (seed 001)")
    sentence = sai.record.individual
    special = sentence(sai) if sentence is not None else None
    if special is not None:
        return special
    column = sai.record.applies
    if not column:
        return _army(sai)
    if not applies_to(column, sai.ctx):
        return sai.ignored(f"{sai.name} has no effect in an individual {sai.roll_type.value} "
                           f"roll (seed 000 Applies column: {column})")
    out = _army(sai)
    stripped = out.effects or out.modifiers
    kept = SaiOutcome(contributions=out.contributions, unresolved=out.unresolved,
                      ignored=out.ignored, rerolls=out.rerolls, cantrip_magic=out.cantrip_magic,
                      cancels_automatic_saves=out.cancels_automatic_saves)
    if stripped:
        kept += sai.ignored(f"{sai.name}: its effect on armies does not apply in an individual "
                            f"roll (rulings: individual rolls)")
    return kept


def _in_dua(sai: SaiRoll) -> SaiOutcome:
    """In the DUA only SAIs that generate save results work (seed 000)."""
    out = _individual(sai)
    saves = tuple(c for c in out.contributions if c.result_type is RollType.SAVE)
    if saves and sai.roll_type is RollType.SAVE:
        return SaiOutcome(contributions=saves,
                          cancels_automatic_saves=out.cancels_automatic_saves)
    return sai.ignored(f"{sai.name}: in the DUA only SAIs that generate save results work "
                       f"(seed 000)")


def _single(sai: SaiRoll) -> SaiOutcome:
    """One SAI in a single-type roll of any kind."""
    if sai.ctx.kind is RollKind.INDIVIDUAL:
        return _in_dua(sai) if sai.ctx.in_dua else _individual(sai)
    return _army(sai)


def _combination(sai: SaiRoll, single: Handler = _single) -> SaiOutcome:
    """Digest §4.5: an SAI with a different effect for each counted type applies one of its
    sentences, the roller's pick (default: the first counted type that it affects). `single`
    reads one sentence (a single-type roll)."""
    options: list[tuple[RollType, SaiOutcome]] = []
    ignored: list[str] = []
    for rt in sai.ctx.counted:
        out = single(replace(sai, ctx=sai.ctx.single(rt)))
        if out.is_empty:
            ignored += out.ignored
        else:
            options.append((rt, out))
    if not options:
        return SaiOutcome(ignored=tuple(dict.fromkeys(ignored)))
    distinct: list[tuple[RollType, SaiOutcome]] = []
    for rt, out in options:  # the same effect for several types is one sentence, not a choice
        if not any(_same(out, seen) for _, seen in distinct):
            distinct.append((rt, out))
    options = distinct
    own = [out for _, out in options if any(p.die_id == sai.die_id and p.icon is sai.icon
                                            for p in out.choices)]
    if own:  # the SAI's own choice (Regenerate: saves or return) already covers its sentences
        return own[0]
    if len(options) == 1:
        return options[0][1]
    values = tuple(rt.value for rt, _ in options)
    point = ChoicePoint(sai.die_id, sai.icon, values, values[0],
                        f"{sai.name}: which result type it gives in this combination roll "
                        f"(digest §4.5)")
    wanted = next((c.value for c in sai.choices
                   if c.die_id == sai.die_id and c.icon is sai.icon and c.value in values),
                  values[0])
    chosen = next(out for rt, out in options if rt.value == wanted)
    return chosen + SaiOutcome(choices=(point,))


def _results_only(sai: SaiRoll, out: SaiOutcome) -> SaiOutcome:
    """Keep the results of the counted types an SAI generates; drop everything else it does
    (effects, re-rolls, modifiers, cantrip magic, lost automatic saves), saying so."""
    kept = tuple(c for c in out.contributions if c.result_type in sai.ctx.counted)
    dropped = (len(kept) < len(out.contributions) or out.unresolved or out.effects
               or out.rerolls or out.cantrip_magic or out.modifiers
               or out.cancels_automatic_saves)
    reason = (f"{sai.name}: only the results it generates count, not its other effects — "
              f"{sai.ctx.normal_results_only}",)
    return SaiOutcome(contributions=kept, ignored=out.ignored + (reason if dropped else ()),
                      choices=out.choices)


def _normal_results(sai: SaiRoll) -> SaiOutcome:
    """One sentence of an SAI in a roll where only effects that generate normal results of
    the counted types count (``RollContext.normal_results_only``: Tidal Wave's save and
    maneuver roll, digest §7). The SAI's own choices keep only the options that give such
    results (Regenerate's saves, not its return; Wayfare's results, not its move); a choice
    left with one option is no choice."""
    out = _results_only(sai, _single(sai))
    points = []
    for point in out.choices:
        if point.die_id == sai.die_id and point.icon is sai.icon and point.kind == "option":
            others = tuple(c for c in sai.choices
                           if not (c.die_id == sai.die_id and c.icon is sai.icon))
            good = tuple(v for v in point.options if _results_only(sai, _single(replace(
                sai, choices=others + (RollChoice(sai.die_id, sai.icon, v),)))).contributions)
            if good and (sai.choice() or point.default) not in good:  # count a good option
                return _normal_results(replace(sai, choices=others + (RollChoice(
                    sai.die_id, sai.icon, point.default if point.default in good
                    else good[0]),)))
            if len(good) == 1:
                continue
            if good and len(good) < len(point.options):
                point = replace(point, options=good,
                                default=point.default if point.default in good else good[0])
        points.append(point)
    return replace(out, choices=tuple(points))


def _same(a: SaiOutcome, b: SaiOutcome) -> bool:
    """Two readings that do the same thing (only effects, equal ones)."""
    return not a.contributions and not b.contributions and a.effects == b.effects \
        and a.unresolved == b.unresolved and a.rerolls == b.rerolls


def sai_outcome(die: Die, die_id: int, icon: Icon, x: int, ctx: RollContext,
                choices: tuple[RollChoice, ...] = ()) -> SaiOutcome:
    """What SAI `icon` (count `x`) on `die` does in the roll `ctx` describes (pure)."""
    sai = SaiRoll(die, die_id, icon, x, ctx, choices, _record(icon))
    if ctx.ignore_sai_effects:
        return _setup_rolloff(sai, _army(sai))
    if ctx.normal_results_only:  # no cantrip magic to cast: it is not a result that counts
        sai = replace(sai, ctx=replace(ctx, cantrip_spells=False))
        return _combination(sai, _normal_results) if ctx.is_combination else _normal_results(sai)
    if ctx.kind is RollKind.DRAGON_ATTACK:
        return dragon_attack_outcome(sai, _combination)
    if ctx.is_combination:
        return _combination(sai)
    return _single(sai)
