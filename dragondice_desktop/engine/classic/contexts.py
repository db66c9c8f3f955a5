"""The rolls of the 1996 game, as RollContexts the roll pipeline counts with the 1996 icon
meanings (seed 002; the 1996 digest's melee section: skirmish and charge).

Every roll of a classic game is built here, so that "which roll is this?" has one answer:
the icon handlers (``classic/counting.py``) ask ``roll_of(ctx)``, the game builds its rolls
with the constructors below, Count a roll and the odds use the same ones.

The rolls (``roll_of`` returns one of these names):

- ``SKIRMISH_ATTACK``: the attacker's melee roll in a skirmish;
- ``COUNTER_ATTACK``: the defender's skirmish counter-attack (a melee roll);
- ``CHARGE_ATTACK``: the charging army's melee roll: its maneuver results count as melee
  hits (so Trample, a maneuver *and* a melee hit in a charge, inflicts double damage);
- ``MELEE_SAVE``: a save roll against a skirmish attack or counter-attack;
- ``CHARGE_DEFENCE``: the defender's one roll during a charge, counting saves and melee;
- ``MISSILE``, ``MISSILE_SAVE``: a missile attack and the save roll against it;
- ``SAVE``: any other save roll (against a spell, say);
- ``MANEUVER``, ``COUNTER_MANEUVER``, ``MAGIC``;
- ``DRAGON``: the army's answer to a dragon attack (melee + missile + save);
- ``INDIVIDUAL``: one unit rolling alone for an effect that targets it.

A classic melee roll built without a form is read as a skirmish (the plain form of melee); a
save roll with a melee form is a save roll in melee (in a charge: the defender's roll).
"""

from __future__ import annotations

from typing import Any

from ..core.options import CLASSIC
from ..rolls.model import RollContext, RollKind, RollType

SKIRMISH, CHARGE = "skirmish", "charge"
# The forms of melee (RollContext.melee_form).
FORMS = (SKIRMISH, CHARGE)

SKIRMISH_ATTACK = "skirmish attack"
COUNTER_ATTACK = "skirmish counter-attack"
CHARGE_ATTACK = "charge attack"
MELEE_SAVE = "save roll in melee"
CHARGE_DEFENCE = "defender's roll during a charge"
MISSILE = "missile attack"
MISSILE_SAVE = "save roll against missile"
SAVE = "save roll"
MANEUVER = "maneuver roll"
COUNTER_MANEUVER = "counter-maneuver roll"
MAGIC = "magic roll"
DRAGON = "answer to a dragon attack"
INDIVIDUAL = "individual roll"
ROLLS = (SKIRMISH_ATTACK, COUNTER_ATTACK, CHARGE_ATTACK, MELEE_SAVE, CHARGE_DEFENCE, MISSILE,
         MISSILE_SAVE, SAVE, MANEUVER, COUNTER_MANEUVER, MAGIC, DRAGON, INDIVIDUAL)
# The melee attacks (the rolls in which an attacker's melee icons hit).
MELEE_ATTACKS = (SKIRMISH_ATTACK, COUNTER_ATTACK, CHARGE_ATTACK)
# The save rolls "in melee" (seed 002 Counter: including a defender's roll during a charge).
MELEE_SAVES = (MELEE_SAVE, CHARGE_DEFENCE)

MEL, MIS, SAV, MAN, MAG = (RollType.MELEE, RollType.MISSILE, RollType.SAVE, RollType.MANEUVER,
                           RollType.MAGIC)


def _classic(roll_type: RollType, form: str = "", **extra: Any) -> RollContext:
    return RollContext(roll_type, ruleset=CLASSIC, melee_form=form, **extra)


def skirmish_attack(**extra: Any) -> RollContext:
    """The attacker's melee roll in a skirmish. `extra`: any other RollContext field
    (id_multiplier, in_reserve ...). Raises ValueError for contradictory fields."""
    return _classic(MEL, SKIRMISH, **extra)


def skirmish_counter_attack(**extra: Any) -> RollContext:
    """The defender's skirmish counter-attack: a melee roll against the attacker."""
    return _classic(MEL, SKIRMISH, counter_attack=True, **extra)


def skirmish_save(**extra: Any) -> RollContext:
    """A save roll against a skirmish attack or counter-attack (a "roll for saves in melee")."""
    return _classic(SAV, SKIRMISH, save_against=MEL, **extra)


def charge_attack(**extra: Any) -> RollContext:
    """The charging army's melee roll: maneuver results count as melee hits (seed 002
    Trample: "thus inflicting double damage"; 1996 digest, the charge)."""
    counts = tuple(extra.pop("counts_as", ())) + ((MAN, MEL),)
    return _classic(MEL, CHARGE, counts_as=tuple(dict.fromkeys(counts)), **extra)


def charge_defence(**extra: Any) -> RollContext:
    """The defender's roll during a charge: one roll counting saves and melee (seed 002
    Counter, Sortie)."""
    return _classic(SAV, CHARGE, also=(MEL,), save_against=MEL, **extra)


def missile_attack(**extra: Any) -> RollContext:
    """A missile attack."""
    return _classic(MIS, **extra)


def missile_save(**extra: Any) -> RollContext:
    """The save roll against a missile attack."""
    return _classic(SAV, save_against=MIS, **extra)


def save(**extra: Any) -> RollContext:
    """Any other save roll (against a spell or an effect's damage)."""
    return _classic(SAV, **extra)


def maneuver(counter: bool = False, **extra: Any) -> RollContext:
    """A maneuver roll; `counter`: a counter-maneuver."""
    return _classic(MAN, counter_maneuver=counter, **extra)


def magic(**extra: Any) -> RollContext:
    """A magic roll."""
    return _classic(MAG, **extra)


def dragon_answer(**extra: Any) -> RollContext:
    """The army's answer to a dragon attack: melee + missile + save (1996 digest, the army's
    answer to a dragon: the v4.01 roll as the default)."""
    return _classic(SAV, also=(MEL, MIS), kind=RollKind.DRAGON_ATTACK, **extra)


def individual(roll_type: RollType, *also: RollType, **extra: Any) -> RollContext:
    """One unit rolling alone (Bullseye's target saving, Slay's target rolling for its ID ...)."""
    return _classic(roll_type, also=also, kind=RollKind.INDIVIDUAL, **extra)


def without_fly(ctx: RollContext, why: str = "Galeforce") -> RollContext:
    """The same roll by an army under Galeforce: it ignores its Fly results (seed 002)."""
    from dataclasses import replace
    return replace(ctx, ignore_fly=why)


# The lasting effect kind on an army under Galeforce (seed 002; ``effect_runners``).
GALEFORCE = "classic_galeforce"


def fly_ignored(state: Any, zone: Any, player: int) -> dict[str, Any]:
    """The RollContext fields for a roll of `player`'s army at `zone` (a GameState and a
    Zone) in a 1996 game: under Galeforce the army ignores its Fly results (``ignore_fly``,
    seed 002 Galeforce); {} otherwise."""
    if any(e.kind == GALEFORCE and e.player == player and e.zone == zone
           for e in state.effects):
        return {"ignore_fly": "Galeforce"}
    return {}


def is_classic(ctx: RollContext) -> bool:
    """True for a roll counted under the 1996 rules."""
    return ctx.ruleset == CLASSIC


def roll_of(ctx: RollContext) -> str:
    """Which roll of the 1996 game `ctx` is (one of ROLLS; see the module text)."""
    if ctx.kind is RollKind.DRAGON_ATTACK:
        return DRAGON
    if ctx.kind is RollKind.INDIVIDUAL:
        return INDIVIDUAL
    form = ctx.melee_form
    rt = ctx.roll_type
    if RollType.SAVE in ctx.counted and (ctx.save_against is MEL or form):
        return CHARGE_DEFENCE if form == CHARGE else MELEE_SAVE
    if rt is SAV:
        return MISSILE_SAVE if ctx.save_against is MIS else SAVE
    if rt is MEL:
        if ctx.counter_attack:
            return COUNTER_ATTACK
        return CHARGE_ATTACK if form == CHARGE else SKIRMISH_ATTACK
    if rt is MIS:
        return MISSILE
    if rt is MAN:
        return COUNTER_MANEUVER if ctx.counter_maneuver else MANEUVER
    return MAGIC
