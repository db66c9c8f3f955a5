"""What each icon of the 1996 action-icon list (seed 002) does in one roll of the 1996 game:
the results it gives, the effect it hands to the game, the re-roll, or why it does nothing.

``classic_outcome(die, die_id, icon, x, ctx, choices)`` is the one entry point: the roll
pipeline (``rolls/pipeline.py``) calls it instead of the v4.01 handlers for every SAI of a
roll whose context says ``ruleset == "classic"``. It dispatches on the roll of the 1996 game
(``classic.contexts.roll_of``: skirmish attack, counter-attack, charge attack, save roll in
melee, defender's roll during a charge, missile, magic, maneuver, answer to a dragon,
individual roll) to one handler per icon (``HANDLERS``), which reads the icon's number and
effect kind from its record (``classic/records.py``).

Seed 002's header: "special abilities take effect prior to dealing with the basic roll being
made" — the effects listed here are handed to the game before the roll's totals are dealt
with, as in v4.01. Effects whose kind the v4.01 effect procedures already apply the same way
keep their v4.01 kind ("targets", "unit_damage", "hug", "coil", "charm", "damage_no_save",
"damage_to_attacker", "bash", "delayed", "move_units", "vanish", "wayfare"); the others
are "classic_..." kinds (``classic/effects.py``).

Pure: no randomness, no state.
"""

from __future__ import annotations

from collections.abc import Callable

from ...catalog.model import Die, Icon, Species
from ..rolls.model import (
    ANY_COLOR, ChoicePoint, Modifier, ModOp, RollChoice, RollContext, RollKind, RollType,
    SaiOutcome,
)
from ..sai.icon_roll import SaiRoll
from . import contexts as c
from .records import ANY, BY_ICON, MELEE_ANY, ClassicIcon

MEL, MIS, SAV, MAN, MAG = c.MEL, c.MIS, c.SAV, c.MAN, c.MAG

# The rolls in which an icon's "during melee" sentence works: the melee attacks and the
# defender's roll during a charge (which counts melee too).
MELEE_ROLLS = c.MELEE_ATTACKS + (c.CHARGE_DEFENCE,)
SAVE_ROLLS = (c.MELEE_SAVE, c.CHARGE_DEFENCE, c.MISSILE_SAVE, c.SAVE)
SKIRMISH_ROLLS = (c.SKIRMISH_ATTACK, c.COUNTER_ATTACK)
NOT_1996 = ("is not an icon of the 1996 game: the 1996 icon list does not say what it does, "
            "so the app cannot count it under the 1996 rules")
CANTRIP_ALONE = ("the game offers spells for rolls made in play only, not for a roll counted "
                 "outside a game")

Handler = Callable[[SaiRoll, ClassicIcon, str], SaiOutcome]


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def amount(sai: SaiRoll, rec: ClassicIcon) -> int:
    """The icon's number in this roll: its fixed number, else one per icon (its count)."""
    return sai.x if rec.amount is None else rec.amount


def meaning(rec: ClassicIcon, roll: str) -> str:
    """What the record says the icon does in `roll` (its melee or "any roll" sentence when
    the roll has none of its own), "" when it says nothing."""
    said = dict(rec.rolls)
    if roll in said:
        return said[roll]
    if roll in MELEE_ROLLS and MELEE_ANY in said:
        return said[MELEE_ANY]
    if roll in SAVE_ROLLS and c.SAVE in said:
        return said[c.SAVE]
    return said.get(ANY, "")


def _cite(rec: ClassicIcon) -> str:
    return f"(1996 icon list: {rec.name})"


def _gives(sai: SaiRoll, rec: ClassicIcon, rt: RollType, n: int | None = None,
           rerolls: bool = False, what: str = "") -> SaiOutcome:
    """`n` (default: the icon's number) results of `rt`."""
    n = amount(sai, rec) if n is None else n
    why = what or f"{n} {rt.value} result{'s' * (n != 1)}"
    tail = "; the die is rolled again" if rerolls else ""
    return sai.generate(rt, f"{rec.name}: {why}{tail} {_cite(rec)}", amount=n, rerolls=rerolls)


def _charge_maneuver(sai: SaiRoll, rec: ClassicIcon, what: str) -> SaiOutcome:
    """Maneuver results in a charge attack, which hit: counted as maneuver when the roll
    counts maneuver as melee (``contexts.charge_attack``), else as melee directly."""
    rt = MAN if sai.counts_maneuver_as_melee else MEL
    return _gives(sai, rec, rt, what=what)


def _acts(sai: SaiRoll, rec: ClassicIcon, roll: str, n: int | None = None,
          rerolls: bool = False, kind: str = "") -> SaiOutcome:
    """The icon's effect, handed to the game, with its words for this roll as the note."""
    n = amount(sai, rec) if n is None else n
    note = f"{rec.name}: {meaning(rec, roll)} {_cite(rec)}"
    return sai.effect(kind or rec.effect_kind, note, amount=n, rerolls=rerolls)


def _idle(sai: SaiRoll, rec: ClassicIcon, roll: str, why: str = "") -> SaiOutcome:
    """The icon does nothing in this roll; says where it works."""
    where = "; ".join(r for r, _ in rec.rolls)
    return sai.ignored(why or f"{rec.name} does nothing in a {roll} under the 1996 rules "
                              f"(it works in: {where}) {_cite(rec)}")


def _acting_in(*rolls: str, rerolls: bool = False) -> Handler:
    """An icon that hands its effect to the game in the listed rolls and does nothing else."""
    def handler(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
        if roll in rolls:
            return _acts(sai, rec, roll, rerolls=rerolls)
        return _idle(sai, rec, roll)
    return handler


# --------------------------------------------------------------------------------------------
# The common icons
# --------------------------------------------------------------------------------------------


def _bullseye(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Missile: 1 damage per icon to one unit the shooter picks, saved by it alone; no
    re-roll in 1996 (seed 002 Bullseye)."""
    if roll == c.MISSILE:
        return _acts(sai, rec, roll)
    return _idle(sai, rec, roll)


def _cantrip(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Magic: normal magic; maneuver: negated; any other roll: magic that buys spells at once
    — any spell in 1996 (seed 002 Cantrip)."""
    if roll == c.MAGIC:
        return _gives(sai, rec, MAG)
    if roll in (c.MANEUVER, c.COUNTER_MANEUVER):
        return sai.ignored(f"Cantrip is negated in a maneuver roll and can't be used for "
                           f"anything {_cite(rec)}")
    if sai.ctx.cantrip_spells:
        out = sai.ignored(f"Cantrip: {sai.x} magic results that buy spells at once, cast after "
                          f"the roll {_cite(rec)}")
    else:
        out = sai.unresolved(f"{sai.x} magic results that buy spells at once; {CANTRIP_ALONE}")
    return out + SaiOutcome(cantrip_magic=sai.x)


def _counter(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Melee attacks: a hit per icon. Saves: a save per icon; saving in melee (the defender's
    charge roll included) also a hit on the attacking army that it may not roll saves against
    (seed 002 Counter)."""
    if roll in c.MELEE_ATTACKS:
        return _gives(sai, rec, MEL)
    if roll in c.MELEE_SAVES:
        n = amount(sai, rec)
        return _gives(sai, rec, SAV) + sai.effect(
            "damage_to_attacker", f"Counter: {n} hit{'s' * (n != 1)} on the attacking army, "
                                  f"which may not roll saves against it {_cite(rec)}", amount=n)
    if roll in SAVE_ROLLS:
        return _gives(sai, rec, SAV)
    return _idle(sai, rec, roll)


def _fly(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Maneuvers or saves, as needed, never both (seed 002 Fly); in a charge maneuvers hit.
    An army under Galeforce ignores its Fly results (seed 002 Galeforce)."""
    if sai.ctx.ignore_fly:
        return sai.ignored(f"Fly: the army ignores its flying results ({sai.ctx.ignore_fly}; "
                           f"1996 icon list: Galeforce)")
    if roll in (c.MANEUVER, c.COUNTER_MANEUVER):
        return _gives(sai, rec, MAN)
    if roll in SAVE_ROLLS:
        return _gives(sai, rec, SAV)
    if roll == c.CHARGE_ATTACK:
        return _charge_maneuver(sai, rec, f"{sai.x} maneuver results, which hit in a charge")
    return _idle(sai, rec, roll, f"Fly gives maneuvers or saves, which do not count in a "
                                 f"{roll} {_cite(rec)}")


def _rend(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Melee: hits, and the unit rolls again while Rend comes up; maneuver: maneuvers, no
    re-roll (seed 002 Rend)."""
    if roll in MELEE_ROLLS:
        return _gives(sai, rec, MEL, rerolls=True)
    if roll in (c.MANEUVER, c.COUNTER_MANEUVER):
        return _gives(sai, rec, MAN, what=f"{sai.x} maneuver results, not rolled again")
    return _idle(sai, rec, roll)


def _smite(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Skirmish attack or counter-attack: hits no save stops, the owner picks the units
    killed, removed before the army saves; in a charge ordinary melee (seed 002 Smite)."""
    if roll in SKIRMISH_ROLLS:
        return _acts(sai, rec, roll)
    if roll in (c.CHARGE_ATTACK, c.CHARGE_DEFENCE):
        return _gives(sai, rec, MEL, what=f"{sai.x} ordinary melee results in a charge, which "
                                          f"saves can stop")
    return _idle(sai, rec, roll)


def _trample(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """A maneuver or a hit as needed; in a charge both (seed 002 Trample)."""
    if roll in (c.MANEUVER, c.COUNTER_MANEUVER):
        return _gives(sai, rec, MAN)
    if roll == c.CHARGE_ATTACK:
        return (_gives(sai, rec, MEL)
                + _charge_maneuver(sai, rec, f"{sai.x} maneuver results as well, which hit "
                                             f"in a charge: double damage"))
    if roll in MELEE_ROLLS:
        return _gives(sai, rec, MEL)
    return _idle(sai, rec, roll)


# --------------------------------------------------------------------------------------------
# Special icons that give results
# --------------------------------------------------------------------------------------------


def _attune(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Magic: 1 point of any colour (seed 002 Attune); recolouring one unit's magic happens
    when spells are paid."""
    if roll != c.MAGIC:
        return _idle(sai, rec, roll)
    n = amount(sai, rec)
    return sai.generate(MAG, f"Attune: {n} magic point of any colour; it may also turn one "
                             f"unit's magic results (not ID) into that colour when spells are "
                             f"paid, never for a spell the army is barred from {_cite(rec)}",
                        amount=n, color=ANY_COLOR)


def _create(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Four of whatever result the acting army needs (seed 002 Create); in a roll counting
    several types the roller picks one."""
    counted = sai.ctx.counted
    if len(counted) == 1:
        return _gives(sai, rec, counted[0])
    values = tuple(rt.value for rt in counted)
    wanted = sai.choice()
    rt = next((t for t in counted if t.value == wanted), counted[0])
    point = sai.choice_point(values, values[0], "Create: which results the four count as")
    return _gives(sai, rec, rt) + SaiOutcome(choices=(point,))


def _flurry(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Attacking in melee: 4 hits and the die rolls again (in a charge too, the app's
    reading); defending in melee: 4 saves (seed 002 Flurry)."""
    if roll in c.MELEE_ATTACKS:
        return _gives(sai, rec, MEL, rerolls=True)
    if roll in c.MELEE_SAVES:
        return _gives(sai, rec, SAV)
    return _idle(sai, rec, roll)


def _melee_reroll(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Double Strike (4 hits), Tail (2 hits): hits in melee, and the die rolls again. The
    Feral printing of Double Strike (seed 002, *The Feral*): normal hits, one per icon, and
    the die rolls again."""
    if roll not in MELEE_ROLLS:
        return _idle(sai, rec, roll)
    if sai.icon is Icon.DOUBLE_STRIKE and sai.die.species is Species.FERAL:
        return _gives(sai, rec, MEL, n=sai.x, rerolls=True,
                      what=f"{sai.x} normal hits (the Feral printing)")
    return _gives(sai, rec, MEL, rerolls=True)


def _screech(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Melee: four is taken from the opponent's saves for judging rout only (seed 002
    Screech); the Feral printing (*The Feral*: "during a melee action, subtracts 4 from the
    opponent's saves") takes them from the saves against the attack."""
    if roll not in MELEE_ROLLS:
        return _idle(sai, rec, roll)
    if sai.die.species is Species.FERAL:
        if roll not in c.MELEE_ATTACKS:
            return _idle(sai, rec, roll, f"Screech (the Feral printing) takes saves from the "
                                         f"army its melee attack hits; the charging army "
                                         f"rolls no saves {_cite(rec)}")
        n = amount(sai, rec)
        return sai.effect("subtract_saves", f"Screech (the Feral printing): the opposing army "
                                            f"subtracts {n} save results {_cite(rec)}",
                          amount=n)
    return _acts(sai, rec, roll)


def _regenerate(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Four saves, or four health of units back from your dead (seed 002 Regenerate): in a
    save roll the roller chooses; in other rolls the saves would not count, so the return."""
    back = _acts(sai, rec, roll)
    if roll not in SAVE_ROLLS:
        return back
    point = sai.choice_point(("saves", "return"), "saves",
                             "Regenerate: four saves, or four health of units back from the dead")
    if sai.choice() == "return":
        return back + SaiOutcome(choices=(point,))
    return _gives(sai, rec, SAV) + SaiOutcome(choices=(point,))


def _rise(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Saving: four saves; its other power is a roll of its own when the monster dies."""
    if roll in SAVE_ROLLS:
        return _gives(sai, rec, SAV)
    return _idle(sai, rec, roll)


def _sortie(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Four saves or four hits as needed; defending against a charge both (seed 002)."""
    if roll == c.CHARGE_DEFENCE:
        return _gives(sai, rec, SAV) + _gives(sai, rec, MEL)
    if roll in c.MELEE_ATTACKS:
        return _gives(sai, rec, MEL)
    if roll in SAVE_ROLLS:
        return _gives(sai, rec, SAV)
    return _idle(sai, rec, roll)


def _trumpet(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Rolling for melee or saves, every Feral doubles its results (seed 002 Trumpet)."""
    if roll in MELEE_ROLLS or roll in SAVE_ROLLS:
        return SaiOutcome(modifiers=(Modifier(
            ModOp.MULTIPLY, 2, f"Trumpet: all Feral double their results {_cite(rec)}",
            types=(MEL, SAV), unit="feral", icon=Icon.TRUMPET),))
    return _idle(sai, rec, roll)


def _vanish(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Saving: a save per icon, and the unit may move to any terrain or its reserves."""
    if roll in SAVE_ROLLS:
        return _gives(sai, rec, SAV) + _acts(sai, rec, roll)
    return _idle(sai, rec, roll)


def _own_roll(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Dispel Magic, Wave: they act only in a roll of their own (``classic/effects.py``)."""
    return _idle(sai, rec, roll, f"{rec.name} works only in its own roll, made when "
                                 f"{_own_roll_when[rec.name]} {_cite(rec)}")


_own_roll_when = {
    "Dispel Magic": "magic targets this unit, its army or its terrain",
    "Wave": "an opposing army rolls for saves or maneuvers at its terrain",
}


def _summon_dragon(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Magic: the dragon of your choice, any colour, comes to this die's terrain, wished or
    not (seed 002 Summon Dragon); a die in reserves occupies no terrain."""
    if roll != c.MAGIC:
        return _idle(sai, rec, roll)
    if sai.ctx.in_reserve:
        return sai.ignored("Summon Dragon: a die in the reserves occupies no terrain to bring "
                           f"a dragon to {_cite(rec)}")
    return _acts(sai, rec, roll, n=1)


def _bash(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Saving in melee: one attacking die's melee results are turned back on it, and it
    saves against them (seed 002 Bash: no saves for the basher, unlike v4.01)."""
    if roll not in c.MELEE_SAVES:
        return _idle(sai, rec, roll)
    melee = dict(sai.ctx.attacker_melee)
    if not melee:
        return sai.unresolved("one attacking die's melee results are turned back on it — the "
                              "attacking army's roll is not known here")
    best = max(melee, key=lambda i: (melee[i], -i))
    chosen = sai.choice()
    target = int(chosen) if chosen is not None and chosen.isdigit() and int(chosen) in melee \
        else best
    point = sai.choice_point(tuple(str(i) for i in sorted(melee)), str(best),
                             "Bash: choose the attacking die to turn its attack back on",
                             kind="unit")
    n = melee[target]
    return sai.effect("bash", f"Bash: attacking die {target} takes its own {n} melee results "
                              f"and rolls to save against them {_cite(rec)}",
                      amount=n, target=target) + SaiOutcome(choices=(point,))


def _elevate(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Melee: one unit's normal missile results count in the melee (seed 002 Elevate). The
    game adds them once the roll is counted (``effect_runners``: the roller picks the unit);
    a roll counted outside a game cannot know which, and says so."""
    if roll not in MELEE_ROLLS:
        return _idle(sai, rec, roll)
    if sai.ctx.cantrip_spells:  # a roll made in play (as for Cantrip's spells)
        return _acts(sai, rec, roll)
    return _acts(sai, rec, roll) + sai.unresolved(
        "pick one unit of the army whose normal missile results count as melee here; the "
        "count does not add them by itself")


def _movement(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Ferry, Firewalking, Galeforce: no roll named: they act in any army roll."""
    return _acts(sai, rec, roll)


def _wayfare(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Maneuvering: the die may move, taking one unit along (seed 002 Wayfare: no maneuver
    results of its own)."""
    if roll in (c.MANEUVER, c.COUNTER_MANEUVER):
        return _acts(sai, rec, roll)
    return _idle(sai, rec, roll)


def _convert(sai: SaiRoll, rec: ClassicIcon, roll: str) -> SaiOutcome:
    """Melee: a unit of less health than the Convert icons saves or dies (seed 002)."""
    if roll in MELEE_ROLLS:
        return _acts(sai, rec, roll)
    return _idle(sai, rec, roll)


HANDLERS: dict[Icon, Handler] = {
    Icon.BULLSEYE: _bullseye, Icon.CANTRIP: _cantrip, Icon.COUNTER: _counter, Icon.FLY: _fly,
    Icon.REND: _rend, Icon.SMITE: _smite, Icon.TRAMPLE: _trample,
    Icon.ATTUNE: _attune, Icon.BASH: _bash,
    Icon.CHARM: _acting_in(*MELEE_ROLLS), Icon.COIL: _acting_in(*MELEE_ROLLS),
    Icon.CONFUSE: _acting_in(*MELEE_ROLLS, c.MISSILE), Icon.CONVERT: _convert,
    Icon.CREATE_FIREMINIONS: _create, Icon.CRUSH: _acting_in(c.MISSILE),
    Icon.DECAPITATE: _acting_in(*SKIRMISH_ROLLS), Icon.DISPEL_MAGIC: _own_roll,
    Icon.DOUBLE_STRIKE: _melee_reroll, Icon.ELEVATE: _elevate,
    Icon.ENTANGLE: _acting_in(*MELEE_ROLLS), Icon.FERRY: _movement,
    Icon.FIREBREATH: _acting_in(*MELEE_ROLLS), Icon.FIRECLOUD: _acting_in(c.MISSILE),
    Icon.FIREWALKING: _movement, Icon.FLAME: _acting_in(*MELEE_ROLLS), Icon.FLURRY: _flurry,
    Icon.GALEFORCE: _movement, Icon.GORE: _acting_in(*MELEE_ROLLS),
    Icon.HUG: _acting_in(*MELEE_ROLLS), Icon.ILLUSION: _acting_in(*MELEE_ROLLS),
    Icon.IMPALE: _acting_in(c.MISSILE), Icon.KICK: _acting_in(*MELEE_ROLLS),
    Icon.PLAGUE: _acting_in(*MELEE_ROLLS), Icon.POISON: _acting_in(*MELEE_ROLLS),
    Icon.REGENERATE: _regenerate, Icon.RISE_FROM_THE_ASHES: _rise,
    Icon.ROAR: _acting_in(*MELEE_ROLLS), Icon.SCARE: _acting_in(*MELEE_ROLLS),
    Icon.SCREECH: _screech, Icon.SEIZE: _acting_in(c.MISSILE),
    Icon.SLAY: _acting_in(*MELEE_ROLLS), Icon.SMOTHER: _acting_in(*MELEE_ROLLS),
    Icon.SORTIE: _sortie, Icon.STONE: _acting_in(c.MISSILE),
    Icon.STUN: _acting_in(*SKIRMISH_ROLLS, rerolls=True),
    Icon.SUMMON_DRAGON: _summon_dragon,
    Icon.SURPRISE: _acting_in(c.SKIRMISH_ATTACK, c.CHARGE_ATTACK),
    Icon.TAIL: _melee_reroll, Icon.TRUMPET: _trumpet, Icon.VANISH: _vanish, Icon.WAVE: _own_roll,
    Icon.WEB: _acting_in(*MELEE_ROLLS), Icon.WAYFARE: _wayfare,
    Icon.WITHER: _acting_in(*MELEE_ROLLS),
}


# --------------------------------------------------------------------------------------------
# The answer to a dragon, individual rolls, the Horde roll-off
# --------------------------------------------------------------------------------------------

# The rolls whose results an icon's ordinary sentences give in a roll that is neither a melee,
# a missile nor a save roll of an army (the answer to a dragon; a unit rolling alone).
_RESULT_ROLL = {MEL: c.SKIRMISH_ATTACK, MIS: c.MISSILE, SAV: c.SAVE, MAN: c.MANEUVER,
                MAG: c.MAGIC}


def _results_of(sai: SaiRoll, rec: ClassicIcon, rt: RollType,
                base: RollContext) -> SaiOutcome:
    """The results (and re-roll) the icon gives of type `rt` when read as in the ordinary
    roll of that type; its effects on armies are left out."""
    ctx = base.single(rt)
    out = HANDLERS[sai.icon](SaiRoll(sai.die, sai.die_id, sai.icon, sai.x, ctx, sai.choices),
                             rec, _RESULT_ROLL[rt])
    kept = tuple(x for x in out.contributions if x.result_type is rt)
    return SaiOutcome(contributions=kept, rerolls=out.rerolls and bool(kept),
                      cantrip_magic=out.cantrip_magic, unresolved=out.unresolved
                      if out.cantrip_magic else ())


def _pick_results(sai: SaiRoll, rec: ClassicIcon, what: str) -> SaiOutcome:
    """In a roll of several types, each type the icon gives results of is one reading; the
    roller picks one (default the first). Effects on armies do nothing here (`what` says
    where)."""
    options: list[tuple[RollType, SaiOutcome]] = []
    spells = SaiOutcome()
    for rt in sai.ctx.counted:
        out = _results_of(sai, rec, rt, sai.ctx)
        if out.contributions:
            options.append((rt, out))
        elif out.cantrip_magic and not spells.cantrip_magic:
            spells = out
    if not options:
        if spells.cantrip_magic:
            return spells
        return sai.ignored(f"{rec.name} gives no result that counts {what} {_cite(rec)}")
    if len(options) == 1:
        return options[0][1]
    values = tuple(rt.value for rt, _ in options)
    point = ChoicePoint(sai.die_id, sai.icon, values, values[0],
                        f"{rec.name}: which results it gives in this roll")
    wanted = sai.choice()
    chosen = next((out for rt, out in options if rt.value == wanted), options[0][1])
    return chosen + SaiOutcome(choices=(point,))


def _dragon(sai: SaiRoll, rec: ClassicIcon) -> SaiOutcome:
    """The army's answer to a dragon attack (seed 002's dragon sentences: Bullseye, Cantrip,
    Counter, Rend, Smite, Trample; every other icon its melee, missile or save meaning, the
    1996 digest's default)."""
    icon, x = sai.icon, sai.x
    if icon is Icon.BULLSEYE:
        return _gives(sai, rec, MIS, what=f"{x} normal missile damage against a dragon")
    if icon is Icon.COUNTER:
        return (_gives(sai, rec, SAV, what=f"{x} saves against a dragon")
                + _gives(sai, rec, MEL, what=f"{x} hits on the dragon as well"))
    if icon is Icon.REND:
        return _gives(sai, rec, MEL, rerolls=True, what=f"{x} melee hits against a dragon")
    if icon is Icon.SMITE:
        return _gives(sai, rec, MEL, what=f"{x} normal melee damage against a dragon")
    if icon is Icon.FLY:
        if sai.ctx.ignore_fly:
            return _fly(sai, rec, c.SAVE)
        return _gives(sai, rec, SAV, what=f"{x} saves against a dragon")
    if icon is Icon.TRAMPLE:
        point = sai.choice_point(("melee", "maneuver"), "melee",
                                 "Trample: a melee hit or a maneuver against the dragon")
        if sai.choice() == "maneuver":
            return sai.ignored("Trample counted as a maneuver, which does nothing against a "
                               f"dragon {_cite(rec)}") + SaiOutcome(choices=(point,))
        return _gives(sai, rec, MEL, what=f"{x} melee hits against a dragon") \
            + SaiOutcome(choices=(point,))
    if icon is Icon.CANTRIP:
        return _cantrip(sai, rec, c.DRAGON)
    return _pick_results(sai, rec, "against a dragon; its effects on armies do nothing to one")


def _individual(sai: SaiRoll, rec: ClassicIcon) -> SaiOutcome:
    """One unit rolling alone: the results of the type(s) it rolls for, as the icon gives
    them in that ordinary roll; effects on armies do not apply."""
    if sai.die.kind.is_item:
        return sai.ignored("items are never rolled in a unit's own roll")
    if sai.icon is Icon.CREATE_FIREMINIONS:
        return sai.ignored(f"Create gives results to the acting army, not to a unit rolling "
                           f"alone {_cite(rec)}")
    return _pick_results(sai, rec, f"in a unit's own {sai.ctx.describe()}; effects on armies "
                                   f"do not apply there")


def classic_outcome(die: Die, die_id: int, icon: Icon, x: int, ctx: RollContext,
                    choices: tuple[RollChoice, ...] = ()) -> SaiOutcome:
    """What SAI `icon` (count `x`) on `die` does in the 1996 roll `ctx` describes (pure). An
    icon the 1996 list does not have is reported as not resolved, never dropped."""
    sai = SaiRoll(die, die_id, icon, x, ctx, choices)
    rec = BY_ICON.get(icon)
    if rec is None or icon not in HANDLERS:
        return sai.unresolved(f"{icon.value} {NOT_1996}")
    if ctx.kind is RollKind.DRAGON_ATTACK:
        return _dragon(sai, rec)
    if ctx.kind is RollKind.INDIVIDUAL:
        return _individual(sai, rec)
    out = HANDLERS[icon](sai, rec, c.roll_of(ctx))
    if ctx.ignore_sai_effects:  # the Horde roll-off: only maneuver results count
        kept = tuple(x for x in out.contributions if x.result_type is MAN)
        dropped = len(kept) < len(out.contributions) or out.effects or out.rerolls
        return SaiOutcome(contributions=kept, ignored=(
            f"{rec.name} ignored — setup roll-off: only maneuver results count",) if dropped
            else ())
    return out
