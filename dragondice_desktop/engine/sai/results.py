"""What each SAI does in one roll: the results it generates, the effects it passes on to the
game, the modifiers and choices it brings, or why it does nothing (seed 000, seed 001).

``sai_outcome(die, die_id, icon, x, ctx, choices)`` is the one entry point. It dispatches on
the kind of roll:

- army rolls: ``SAI_HANDLERS[icon]`` (one handler per SAI, below), falling back to the
  "Applies" column (``APPLIES``) for icons without a handler;
- combination rolls (digest §4.5): each SAI is asked what it does for each counted type; when
  several sentences apply the roller picks one (a ChoicePoint, default the first counted type);
- individual rolls: the SAI's individual sentence (Cloak, Net, the champion logos) or, when
  its Applies column lists the type rolled for, the results it generates — never effects on
  armies (rulings: an individual roll has no defending army and gets no army benefits);
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

from collections.abc import Callable
from dataclasses import replace

from ...catalog.model import Color, Die, DieKind, Icon, Species
from ..rolls.model import (
    ANY_COLOR, ChoicePoint, Contribution, Modifier, ModOp, Origin, RollChoice, RollContext,
    RollKind, RollType, SaiOutcome,
)
from .in_dragon_attack import dragon_attack_outcome
from .icon_roll import (
    APPLIES, CANTRIP_ALONE, NO_RULES_TEXT, TEXT_LIMITS, Handler, SaiRoll,
    applies_to, magic_key, relic_element,
)

# --------------------------------------------------------------------------------------------
# Generic handlers
# --------------------------------------------------------------------------------------------


def _generic(sai: SaiRoll) -> SaiOutcome:
    """Fallback for icons without a handler: the Dracolem icons, whose rules are unknown."""
    if sai.icon not in APPLIES:
        return sai.unresolved(NO_RULES_TEXT)
    return sai.not_applicable()


def _acting(kind: str, *types: RollType, rerolls: bool = False,
            amount: int | None = None) -> Handler:
    """An SAI that passes an effect of `kind` on to the game in the listed roll types (with a
    re-roll of the unit when the SAI says "roll this unit again")."""

    def handler(sai: SaiRoll) -> SaiOutcome:
        limit = TEXT_LIMITS.get(sai.icon)
        if limit and limit[0](sai.ctx):
            return sai.ignored(limit[1])
        if sai.roll_type in types:
            return sai.effect(kind, amount=amount, rerolls=rerolls)
        return sai.not_applicable()

    return handler


def _results_in(types: dict[RollType, str], other_types: str = "") -> Handler:
    """A handler for SAIs that only generate X results: `types` maps each roll type in which
    it works to the citation; other rolls are ignored (with `other_types` as the reason when
    the SAI applies there but makes results that the roll does not count)."""

    def handler(sai: SaiRoll) -> SaiOutcome:
        rt = sai.roll_type
        if rt in types:
            return sai.generate(rt, f"{sai.name}: X = {sai.x} {rt.value} results ({types[rt]})")
        if other_types:
            return sai.ignored(f"{sai.name} {other_types}, which do not count in a "
                               f"{rt.value} roll (seed 000 {sai.name})")
        return sai.not_applicable()

    return handler


# --------------------------------------------------------------------------------------------
# Result generators
# --------------------------------------------------------------------------------------------

_hoof = _results_in({RollType.MANEUVER: "seed 000 Hoof", RollType.SAVE: "seed 000 Hoof"})
_sortie = _results_in({RollType.MELEE: "seed 000 Sortie", RollType.SAVE: "seed 000 Sortie"})
_rise = _results_in({RollType.SAVE: "seed 000 Rise from the Ashes; its other power works when "
                                    "the unit is killed or buried, not in a roll"})


def _fly(sai: SaiRoll) -> SaiOutcome:
    """Any roll: X maneuver or X save results (seed 000 Fly). Under Charge the maneuver
    results count as melee (seed 000 Charge), so Fly then gives maneuver."""
    rt = sai.roll_type
    if rt in (RollType.MANEUVER, RollType.SAVE):
        return sai.generate(rt, f"Fly: X = {sai.x} {rt.value} results (seed 000 Fly)")
    if sai.counts_maneuver_as_melee:
        return sai.generate(RollType.MANEUVER, f"Fly: X = {sai.x} maneuver results, counted "
                                               f"as melee by Charge (seed 000 Fly, Charge)")
    return sai.ignored(f"Fly gives maneuver or save results, which do not count in a "
                       f"{rt.value} roll (seed 000 Fly)")


def _trample(sai: SaiRoll) -> SaiOutcome:
    """Any roll: X maneuver and X melee results (seed 000 Trample)."""
    rt = sai.roll_type
    if rt in (RollType.MANEUVER, RollType.MELEE):
        out = sai.generate(rt, f"Trample: X = {sai.x} {rt.value} results (seed 000 Trample)")
        if rt is RollType.MELEE and sai.counts_maneuver_as_melee:
            out += sai.generate(RollType.MANEUVER, f"Trample: X = {sai.x} maneuver results, "
                                                   f"counted as melee by Charge (seed 000)")
        return out
    return sai.ignored(f"Trample gives maneuver and melee results, which do not count in a "
                       f"{rt.value} roll (seed 000 Trample)")


def _rend(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee and roll again; maneuver: X maneuver, no re-roll (seed 000 Rend)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, f"Rend: X = {sai.x} melee results, and the unit is "
                                            f"rolled again (seed 000 Rend)", rerolls=True)
    if sai.roll_type is RollType.MANEUVER:
        return sai.generate(RollType.MANEUVER, f"Rend: X = {sai.x} maneuver results; no re-roll "
                                               f"in a maneuver roll (seed 000 Rend)")
    return sai.not_applicable()


def _flurry(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee and roll the item again; save against melee: X saves (seed 001)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, f"Flurry: X = {sai.x} melee results, and the item is "
                                            f"rolled again (seed 001 Flurry)", rerolls=True)
    if sai.roll_type is RollType.SAVE:
        if sai.ctx.save_against is RollType.MELEE:
            return sai.generate(RollType.SAVE, f"Flurry: X = {sai.x} save results against a "
                                               f"melee attack (seed 001 Flurry)")
        return sai.ignored("Flurry gives saves only in a save roll against a melee attack "
                           "(seed 001 Applies column: Save*)")
    return sai.not_applicable()


def _tail(sai: SaiRoll) -> SaiOutcome:
    """Melee: exactly two melee results (no X) and roll again (seed 000 Tail)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, "Tail: two melee results (a fixed number, not X), and "
                                            "the unit is rolled again (seed 000 Tail)",
                            amount=2, rerolls=True)
    return sai.not_applicable()


def _strikes_back(name: str, attack: RollType) -> Callable[[SaiRoll], SaiOutcome]:
    """Counter (melee) and Volley (missile): in a roll of the `attack` type X results of it;
    in a save roll X saves and, against that kind of attack, X damage to the attacking army
    that only spell saves reduce (seed 000 Counter, Volley)."""
    def handler(sai: SaiRoll) -> SaiOutcome:
        if sai.roll_type is attack:
            return sai.generate(attack, f"{name}: X = {sai.x} {attack.value} results "
                                        f"(seed 000 {name})")
        if sai.roll_type is RollType.SAVE:
            out = sai.generate(RollType.SAVE,
                               f"{name}: X = {sai.x} save results (seed 000 {name})")
            if sai.ctx.save_against is attack:
                out += sai.effect("damage_to_attacker",
                                  f"{name}: {sai.x} damage to the attacking army; only save "
                                  f"results generated by spells may reduce it (seed 000 "
                                  f"{name})")
            return out
        return sai.not_applicable()
    return handler


def _bash(sai: SaiRoll) -> SaiOutcome:
    """Save against melee: target one attacking unit; it takes damage equal to the melee
    results it generated (it may save) and Bash generates that many saves. Other save rolls:
    X saves (seed 001 Bash). The target is a choice made while counting."""
    if sai.roll_type is not RollType.SAVE:
        return sai.not_applicable()
    if sai.ctx.save_against is not RollType.MELEE:
        return sai.generate(RollType.SAVE, f"Bash: X = {sai.x} save results in a save roll not "
                                           f"against melee (seed 001 Bash)")
    melee = dict(sai.ctx.attacker_melee)
    if not melee:
        return sai.unresolved("target one unit of the attacking army: it takes damage equal to "
                              "its melee results and Bash generates that many saves — the "
                              "attacking army's roll is not known here")
    best = max(melee, key=lambda i: (melee[i], -i))
    chosen = sai.choice()
    target = int(chosen) if chosen is not None and chosen.isdigit() and int(chosen) in melee \
        else best
    n = melee[target]
    point = sai.choice_point(tuple(str(i) for i in sorted(melee)), str(best),
                             "Bash: choose the attacking unit to hit back", kind="unit")
    out = sai.generate(RollType.SAVE, f"Bash: {n} save results, equal to the melee results of "
                                      f"attacking unit {target} (seed 001 Bash)", amount=n)
    out += sai.effect("bash", f"Bash: attacking unit {target} takes {n} damage (its melee "
                              f"results) and makes a save roll against it (seed 001 Bash)",
                      amount=n, target=target)
    return out + SaiOutcome(choices=(point,))


def _kick(sai: SaiRoll) -> SaiOutcome:
    """Save: X saves; melee: one defending unit takes X damage (seed 000 Kick)."""
    if sai.roll_type is RollType.SAVE:
        return sai.generate(RollType.SAVE, f"Kick: X = {sai.x} save results (seed 000 Kick)")
    if sai.roll_type is RollType.MELEE:
        return sai.effect("unit_damage")
    return sai.not_applicable()


def _cantrip_only(sai: SaiRoll, what: str) -> SaiOutcome:
    """Magic in a non-magic roll that can only buy cantrip spells (digest §5.3): in play the
    game offers them after an army roll, or after the effect that made a unit roll on its own
    (``spells/casting.py``); counted outside a game (the resolve command, the odds) nobody
    casts them, so they are reported."""
    if sai.ctx.cantrip_spells:
        when = ("once the effect that made the unit roll is resolved (rulings)"
                if sai.ctx.kind is RollKind.INDIVIDUAL else "after the roll (digest §5.3)")
        out = sai.ignored(f"{sai.name}: {sai.x} magic results usable only for Cantrip "
                          f"spells{what}, cast {when}")
    else:
        out = sai.unresolved(f"{sai.x} magic results usable only for cantrip spells{what}; "
                             f"{CANTRIP_ALONE}")
    return out + SaiOutcome(cantrip_magic=sai.x)


def _cantrip(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic. Other non-maneuver rolls: X cantrip-only magic (seed 000 Cantrip)."""
    if sai.roll_type is RollType.MAGIC:
        return sai.generate(RollType.MAGIC,
                            f"Cantrip: X = {sai.x} magic results (seed 000 Cantrip)")
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    return _cantrip_only(sai, "")


def _cloak(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic. Save: X non-magical saves added to this army until the beginning of
    your next turn — an adding modifier (step 10) on this roll and a lasting effect on later
    ones (seed 000 Cloak)."""
    if sai.roll_type is RollType.MAGIC:
        return sai.generate(RollType.MAGIC, f"Cloak: X = {sai.x} magic results (seed 000 Cloak)")
    if sai.roll_type is RollType.SAVE:
        return (sai.generate(RollType.SAVE, f"Cloak: {sai.x} non-magical save results added to "
                                            f"the army (an adding modifier, seed 000 Cloak)",
                             origin=Origin.AUTOMATIC)
                + sai.effect("cloak", f"Cloak: the army keeps {sai.x} extra save results until "
                                      f"the beginning of your next turn (seed 000 Cloak)"))
    return sai.not_applicable()


def _create_fireminions(sai: SaiRoll) -> SaiOutcome:
    """Any army roll: X results of one of the five types; the rolled type is counted (in a
    combination roll the roller picks the type; digest §4.5)."""
    rt = sai.roll_type
    return sai.generate(rt, f"Create Fireminions: X = {sai.x} {rt.value} results (seed 000 "
                            f"Create Fireminions)")


def _elevate(sai: SaiRoll) -> SaiOutcome:
    """Maneuver: X maneuver. Missile: double one unit's missile results. Save against melee:
    double one unit's saves (seed 001 Elevate). The unit doubled is the one that gains most:
    a choice that can only help is made for the roller."""
    rt = sai.roll_type
    if rt is RollType.MANEUVER:
        return sai.generate(rt, f"Elevate: X = {sai.x} maneuver results (seed 001 Elevate)")
    if rt is RollType.MISSILE or (rt is RollType.SAVE and sai.ctx.save_against is RollType.MELEE):
        return SaiOutcome(modifiers=(Modifier(
            ModOp.MULTIPLY, 2, f"Elevate: double one unit's {rt.value} results (seed 001)",
            types=(rt,), unit="best", icon=Icon.ELEVATE),))
    if rt is RollType.SAVE:
        return sai.ignored("Elevate works in a save roll only against a melee attack "
                           "(seed 001 Applies column: Save*)")
    return sai.not_applicable()


def _trumpet(sai: SaiRoll) -> SaiOutcome:
    """Melee or save: each Feral unit in this army doubles its melee and save results
    (seed 000 Trumpet): a multiplying modifier on those units."""
    rt = sai.roll_type
    if rt in (RollType.MELEE, RollType.SAVE):
        return SaiOutcome(modifiers=(Modifier(
            ModOp.MULTIPLY, 2, "Trumpet: each Feral unit doubles its melee and save results "
                               "(seed 000 Trumpet)", types=(RollType.MELEE, RollType.SAVE),
            unit="feral", icon=Icon.TRUMPET),))
    return sai.not_applicable()


def _moves(sai: SaiRoll) -> SaiOutcome:
    """Ferry, Firewalking, Teleport: maneuver rolls: X maneuver (not Ferry); other rolls: the
    unit may move itself and up to three (Ferry: four) health-worth of its army to any
    terrain (seed 000)."""
    if sai.ctx.is_maneuver_roll:
        if sai.icon is Icon.FERRY:
            return sai.not_applicable()
        return sai.generate(RollType.MANEUVER,
                            f"{sai.name}: X = {sai.x} maneuver results (seed 000 {sai.name})")
    companions = 4 if sai.icon is Icon.FERRY else 3
    return sai.effect("move_units", amount=companions)


def _wayfare(sai: SaiRoll) -> SaiOutcome:
    """Maneuver: X maneuver results, or instead the item and one unit able to carry it may
    move to another terrain or the Reserve Area (seed 001 Wayfare): the roller's choice."""
    if sai.roll_type is not RollType.MANEUVER:
        return sai.not_applicable()
    point = sai.choice_point(("results", "move"), "results",
                             "Wayfare: take the maneuver results, or move the item and one "
                             "unit able to carry it")
    if sai.choice() == "move":
        return sai.effect("wayfare", "Wayfare: instead of maneuver results, this item and one "
                                     "unit able to carry it may move to another terrain or the "
                                     "Reserve Area (seed 001 Wayfare)") \
            + SaiOutcome(choices=(point,))
    return sai.generate(RollType.MANEUVER, f"Wayfare: X = {sai.x} maneuver results (seed 001 "
                                           f"Wayfare)",
                        alternative="move the item and one carrier") + SaiOutcome(choices=(point,))


def _regenerate(sai: SaiRoll) -> SaiOutcome:
    """Non-maneuver: X saves, OR return up to X health-worth from the DUA to this army
    (seed 000 Regenerate). In a save roll the roller chooses; elsewhere the saves would not
    count, so the return is offered."""
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    back = sai.effect("return_from_dua", f"Regenerate: you may return up to {sai.x} "
                                         f"health-worth of units from your DUA to this army "
                                         f"(seed 000 Regenerate)")
    if sai.roll_type is not RollType.SAVE:
        return back
    point = sai.choice_point(("saves", "return"), "saves",
                             "Regenerate: X save results, or return units from your DUA")
    if sai.choice() == "return":
        return back + SaiOutcome(choices=(point,))
    return sai.generate(RollType.SAVE, f"Regenerate: X = {sai.x} save results (seed 000)",
                        alternative="return units from the DUA") + SaiOutcome(choices=(point,))


def _wild_growth(sai: SaiRoll) -> SaiOutcome:
    """Non-maneuver: X saves or promote X health-worth, split as the roller likes (seed 000
    Wild Growth). In a save roll the split is a choice ("k-saves"); elsewhere only promotion
    matters."""
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    if sai.roll_type is not RollType.SAVE:
        return sai.effect("promote", f"Wild Growth: you may promote up to {sai.x} health-worth "
                                     f"of units in this army (seed 000 Wild Growth)")
    options = tuple(f"{k}-saves" for k in range(sai.x, -1, -1))
    point = sai.choice_point(options, options[0], "Wild Growth: how many results are saves "
                                                  "(the rest promote units)")
    chosen = sai.choice()
    saves = int(chosen.split("-")[0]) if chosen in options else sai.x
    out = SaiOutcome(choices=(point,))
    if saves:
        out += sai.generate(RollType.SAVE, f"Wild Growth: {saves} of X = {sai.x} as save results "
                                           f"(seed 000 Wild Growth)", amount=saves)
    if saves < sai.x:
        out += sai.effect("promote", f"Wild Growth: you may promote up to {sai.x - saves} "
                                     f"health-worth of units in this army (seed 000)",
                          amount=sai.x - saves)
    return out


def _vanish(sai: SaiRoll) -> SaiOutcome:
    """Save: X saves; the unit may then move to any terrain or its Reserve Area, its saves
    still counting for the army it left (seed 000 Vanish)."""
    if sai.roll_type is not RollType.SAVE:
        return sai.not_applicable()
    return (sai.generate(RollType.SAVE, f"Vanish: X = {sai.x} save results (seed 000 Vanish)")
            + sai.effect("vanish", "Vanish: the unit may move to any terrain or its Reserve "
                                   "Area; its saves still count for this army (seed 000)"))


def _sneak_attack(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee. Missile or magic: X damage to an opposing army at this terrain with no
    save possible; Dragonkin killed are buried (seed 000 Sneak Attack)."""
    rt = sai.roll_type
    if rt is RollType.MELEE:
        return sai.generate(rt, f"Sneak Attack: X = {sai.x} melee results (seed 000 Sneak Attack)")
    if rt in (RollType.MISSILE, RollType.MAGIC):
        return sai.effect("damage_no_save")
    return sai.not_applicable()


def _attune(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic of any colour (seed 001 Attune)."""
    if sai.roll_type is not RollType.MAGIC:
        return sai.not_applicable()
    return sai.generate(
        RollType.MAGIC,
        f"Attune: X = {sai.x} magic results of any colour (seed 001 Attune); it may also count "
        f"one unit's normal magic results as the same colour when spells are paid",
        color=ANY_COLOR,
    )


def _wave(sai: SaiRoll) -> SaiOutcome:
    """Maneuver (marching): each counter-maneuvering army subtracts X; counter-maneuver: no
    effect. Melee: the defending army subtracts X save results (seed 000 Wave)."""
    rt = sai.roll_type
    if rt is RollType.MANEUVER:
        if sai.ctx.counter_maneuver:
            return sai.ignored(
                "Wave does nothing if rolled during a counter-maneuver (seed 000 Wave)")
        return sai.effect("subtract_from_counter_maneuver",
                          f"Wave: each counter-maneuvering army subtracts {sai.x} from its "
                          f"maneuver results (seed 000 Wave)")
    if rt is RollType.MELEE:
        return sai.effect("subtract_saves")
    return sai.not_applicable()


def _belly(sai: SaiRoll) -> SaiOutcome:
    """The unit loses its automatic saves for this roll (seed 000 Belly, digest §4.7). Only
    save rolls count automatic saves, so Belly only matters there."""
    saves = sai.die.autosaves
    if sai.roll_type is not RollType.SAVE:
        return sai.ignored("Belly only removes automatic saves, which count only in save "
                           "rolls (digest §4.7)")
    if not saves:
        return sai.ignored("Belly: this unit has no automatic saves to lose (seed 000 Belly)")
    return SaiOutcome(
        contributions=(Contribution(RollType.SAVE, 0, Icon.BELLY,
                                    f"Belly: the unit loses its {saves} automatic saves for "
                                    f"this roll (seed 000 Belly, digest §4.7)",
                                    Origin.AUTOMATIC),),
        cancels_automatic_saves=True,
    )


def _summon_dragon(sai: SaiRoll) -> SaiOutcome:
    """Magic at a terrain: summon a dragon and roll again; magic in reserves: X magic results
    (seed 001 Summon Dragon)."""
    if sai.roll_type is not RollType.MAGIC:
        return sai.not_applicable()
    if sai.ctx.in_reserve:
        return sai.generate(RollType.MAGIC, f"Summon Dragon: X = {sai.x} magic results in a "
                                            f"magic action in reserves (seed 001 Summon Dragon)")
    return sai.effect("summon_dragon", "Summon Dragon: summon a dragon containing this item's "
                                       "colour (or an Ivory dragon, never a White one) to any "
                                       "terrain (seed 001 Summon Dragon)", amount=1,
                      rerolls=True)


def _dispel_magic(sai: SaiRoll) -> SaiOutcome:
    """Special: rolled only when magic targets this unit, its army or its terrain (seed 000
    Dispel Magic); in every other roll it does nothing."""
    return sai.ignored("Dispel Magic works only in its own roll, made when spells target this "
                       "unit, its army or its terrain (seed 000 Dispel Magic)")


def _element(sai: SaiRoll) -> SaiOutcome:
    """Elemental Relic (seed 001): in a non-maneuver roll, X health-worth of units containing
    the element shown (the logo: any element or ivory) may be re-rolled once, ignoring the
    earlier result, or X small matching units recruited, or X health-worth of matching units
    promoted — split as the roller likes. The re-roll happens inside the roll: its choice
    value is the health-worth re-rolled; the rest of X goes on to the game ("relic")."""
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    element = relic_element(sai.icon)
    what = element.value if element else "any element or ivory"
    chosen = sai.choice()
    spent = min(sai.x, int(chosen)) if chosen is not None and chosen.isdigit() else 0
    point = sai.choice_point((str(sai.x),), "0", f"Elemental Relic: re-roll up to {sai.x} "
                                                 f"health-worth of units containing {what}",
                             kind="reroll")
    out = SaiOutcome(choices=(point,))
    if spent:
        out += sai.ignored(f"Elemental Relic: {spent} of X = {sai.x} used to re-roll units "
                           f"(seed 001)")
    if spent < sai.x:
        out += sai.effect("relic", f"Elemental Relic: recruit small units or promote units "
                                   f"containing {what}, up to {sai.x - spent} health-worth "
                                   f"(seed 001)", amount=sai.x - spent)
    return out


def _logo(sai: SaiRoll) -> SaiOutcome:
    """The SFR/TSR logo means something different on each kind of die (seed 000, seed 001)."""
    die, rt = sai.die, sai.roll_type
    non_maneuver = not sai.ctx.is_maneuver_roll
    if die.kind is DieKind.MEDALLION:
        alloy = next((c for c in die.colors if c in (Color.BRONZE, Color.SILVER, Color.GOLD)), None)
        if not non_maneuver:
            return sai.ignored("SFR Logo (medallion) has no effect in a maneuver roll "
                               "(seed 001 Applies column: Non-Maneuver)")
        if alloy is Color.BRONZE:
            if rt is RollType.MAGIC:
                return sai.generate(RollType.MAGIC, f"SFR Logo (Bronze Medallion): X = {sai.x} "
                                                    f"magic results of any elemental colour "
                                                    f"(seed 001)", color=ANY_COLOR)
            return _cantrip_only(sai, " (Bronze Medallion: any species or colour)")
        if alloy is Color.SILVER:
            return sai.effect("silver_medallion", "SFR Logo (Silver Medallion): return an item "
                                                  "from your BUA to this army, or a Dragonkin "
                                                  "or minor terrain from your BUA to your "
                                                  "Summoning Pool, or summon/promote Dragonkin "
                                                  "(seed 001)", amount=1)
        if alloy is Color.GOLD:
            return sai.effect("return_from_dua", "SFR Logo (Gold Medallion): you may return up "
                                                 "to four health-worth of units from your DUA "
                                                 "to this army (seed 001)", amount=4)
        return sai.unresolved(NO_RULES_TEXT)
    if die.kind is DieKind.RELIC:
        if not any(relic_element(icon) for f in die.faces for icon, _ in f.icons):
            return sai.unresolved(NO_RULES_TEXT + " (the Earthfang relic's FAQ entry)")
        if not non_maneuver:
            return sai.ignored("SFR Logo (Elemental Relic) has no effect in a maneuver roll "
                               "(seed 001 Applies column: Non-Maneuver)")
        return _element(sai)
    if die.species is Species.DRAGONKIN:
        if rt is RollType.MELEE:
            return sai.effect("move_dragon", "SFR Logo (Dragonkin champion): you may move a "
                                             "summoned dragon containing this champion's "
                                             "colour from one terrain to another (seed 000)",
                              amount=1)
        return sai.ignored(f"SFR Logo (Dragonkin champion) has no effect in a {rt.value} roll "
                           f"(seed 000 Applies column: Melee, Individual)")
    if die.species is Species.ELDARIM:
        if Color.WHITE in die.colors:  # Dragonlord, Dragonslayer, Dragoncrusader
            return sai.ignored(f"SFR Logo (White Eldarim champion) has no effect in a {rt.value} "
                               f"roll (seed 000 Applies column: Dragon Attack, Individual)")
        return logo_as_id(sai)
    return sai.unresolved(NO_RULES_TEXT)


def logo_as_id(sai: SaiRoll) -> SaiOutcome:
    """Dragonmaster, Dragonhunter, Dragonzealot: "During any other roll, this SAI is
    considered to be an ID icon which generates two results" (seed 000) — an ID result, so
    the eighth face doubles it at step 9 like any ID."""
    rt = sai.roll_type
    if sai.ctx.ignore_ids:
        return sai.ignored(f"SFR Logo (counts as an ID icon): not counted: {sai.ctx.ignore_ids}")
    return SaiOutcome(contributions=(Contribution(
        rt, 2, Icon.LOGO, "SFR Logo (single-element Eldarim champion): counts as an ID icon "
                          "worth 2 results outside dragon attacks (seed 000)",
        Origin.ID, magic_key(sai.die) if rt is RollType.MAGIC else None),))


SAI_HANDLERS: dict[Icon, Handler] = {
    Icon.ATTUNE: _attune, Icon.BASH: _bash, Icon.BELLY: _belly,
    Icon.BREATH: _acting("targets", RollType.MELEE),
    Icon.BULLSEYE: _acting("targets", RollType.MISSILE, rerolls=True),
    Icon.CANTRIP: _cantrip, Icon.CHARGE: _acting("charge", RollType.MELEE),
    Icon.CHARM: _acting("charm", RollType.MELEE),
    Icon.CHOKE: _acting("delayed", RollType.MELEE),
    Icon.CLOAK: _cloak, Icon.COIL: _acting("coil", RollType.MELEE),
    Icon.CONFUSE: _acting("delayed", RollType.MELEE, RollType.MISSILE),
    Icon.CONVERT: _acting("targets", RollType.MELEE),
    Icon.COUNTER: _strikes_back("Counter", RollType.MELEE),
    Icon.CREATE_FIREMINIONS: _create_fireminions,
    Icon.CRUSH: _acting("targets", RollType.MISSILE),
    Icon.DECAPITATE: _acting("delayed", RollType.MELEE),
    Icon.DISPEL_MAGIC: _dispel_magic,
    Icon.DOUBLE_STRIKE: _acting("targets", RollType.MELEE, rerolls=True, amount=4),
    Icon.ELEVATE: _elevate, Icon.ENTANGLE: _acting("targets", RollType.MELEE),
    Icon.FERRY: _moves, Icon.FIREBREATH: _acting("damage_no_save", RollType.MELEE),
    Icon.FIRECLOUD: _acting("targets", RollType.MELEE, RollType.MISSILE),
    Icon.FIREWALKING: _moves, Icon.FLAME: _acting("targets", RollType.MELEE, amount=2),
    Icon.FLAMING_ARROW: _acting("targets", RollType.MISSILE),
    Icon.FLURRY: _flurry, Icon.FLY: _fly,
    Icon.FROST_BREATH: _acting("army_lasting", RollType.MELEE, RollType.MISSILE),
    Icon.GALEFORCE: _acting("army_lasting", RollType.MELEE, RollType.MISSILE, RollType.MAGIC,
                            amount=4),
    Icon.GORE: _acting("unit_damage", RollType.MELEE, amount=2), Icon.HOOF: _hoof,
    Icon.HOWL: _acting("subtract_saves", RollType.MELEE, RollType.MISSILE),
    Icon.HUG: _acting("hug", RollType.MELEE),
    Icon.HYPNOTIC_GLARE: _acting("delayed", RollType.MELEE),
    Icon.ILLUSION: _acting("illusion", RollType.MAGIC, RollType.MELEE, RollType.MISSILE),
    Icon.IMPALE: _acting("delayed", RollType.MISSILE), Icon.KICK: _kick,
    Icon.NET: _acting("targets", RollType.MELEE, RollType.MISSILE),
    Icon.PLAGUE: _acting("plague", RollType.MELEE),
    Icon.POISON: _acting("targets", RollType.MELEE), Icon.REGENERATE: _regenerate,
    Icon.REND: _rend, Icon.RISE_FROM_THE_ASHES: _rise,
    Icon.ROAR: _acting("targets", RollType.MELEE), Icon.SCARE: _acting("targets", RollType.MELEE),
    Icon.SCREECH: _acting("subtract_saves", RollType.MELEE),
    Icon.SEIZE: _acting("targets", RollType.MELEE, RollType.MISSILE),
    Icon.SLAY: _acting("targets", RollType.MELEE), Icon.SLEEP: _acting("sleep", RollType.MELEE),
    Icon.SMITE: _acting("damage_no_save", RollType.MELEE),
    Icon.SMOTHER: _acting("targets", RollType.MELEE), Icon.SNEAK_ATTACK: _sneak_attack,
    Icon.SORTIE: _sortie, Icon.STOMP: _acting("targets", RollType.MELEE),
    Icon.STONE: _acting("damage_no_save", RollType.MELEE, RollType.MISSILE),
    Icon.STUN: _acting("targets", RollType.MELEE, rerolls=True),
    Icon.SUMMON_DRAGON: _summon_dragon, Icon.SURPRISE: _acting("surprise", RollType.MELEE),
    Icon.SWALLOW: _acting("targets", RollType.MELEE), Icon.TAIL: _tail,
    Icon.TELEPORT: _moves, Icon.TRAMPLE: _trample, Icon.TRUMPET: _trumpet,
    Icon.VANISH: _vanish, Icon.VOLLEY: _strikes_back("Volley", RollType.MISSILE),
    Icon.WAVE: _wave, Icon.WAYFARE: _wayfare,
    Icon.WEB: _acting("targets", RollType.MELEE, RollType.MISSILE),
    Icon.WILD_GROWTH: _wild_growth, Icon.WITHER: _acting("army_lasting", RollType.MELEE),
    Icon.LOGO: _logo,
    Icon.ELEMENT_AIR: _element, Icon.ELEMENT_DEATH: _element, Icon.ELEMENT_EARTH: _element,
    Icon.ELEMENT_FIRE: _element, Icon.ELEMENT_WATER: _element,
}


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


def _individual_sentence(sai: SaiRoll) -> SaiOutcome | None:
    """The sentences written for individual rolls (seed 000 Cloak, Net, SFR logos), or None."""
    rt, ctx = sai.roll_type, sai.ctx
    if sai.icon is Icon.CLOAK:
        return sai.generate(rt, f"Cloak: X = {sai.x} {rt.value} results in a roll for an "
                                f"individual-targeting effect (seed 000 Cloak)")
    if sai.icon is Icon.NET and rt is RollType.SAVE and ctx.against_individual:
        return sai.generate(rt, f"Net: X = {sai.x} save results when saving against an "
                                f"individual-targeting effect (seed 000 Net)")
    if sai.icon is Icon.LOGO and sai.die.kind is DieKind.CHAMPION:
        if rt is RollType.SAVE and ctx.against_individual:
            return sai.generate(rt, "SFR Logo (champion): four save results when saving against "
                                    "an individual-targeting effect (seed 000)", amount=4)
        if sai.die.species is Species.ELDARIM and Color.WHITE not in sai.die.colors:
            return logo_as_id(sai)
        return sai.ignored("SFR Logo (champion) does nothing in this individual roll (seed 000)")
    return None


def _individual(sai: SaiRoll) -> SaiOutcome:
    """A unit's own roll: its individual sentence, or the results the SAI generates when its
    Applies column lists the roll; effects on armies do not apply (rulings)."""
    if sai.die.kind.is_item:
        return sai.ignored("items are never rolled in an individual roll (seed 001)")
    special = _individual_sentence(sai)
    if special is not None:
        return special
    column = APPLIES.get(sai.icon)
    if column is None:
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


def _army(sai: SaiRoll) -> SaiOutcome:
    return SAI_HANDLERS.get(sai.icon, _generic)(sai)


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
        out = single(SaiRoll(sai.die, sai.die_id, sai.icon, sai.x, sai.ctx.single(rt),
                             sai.choices))
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
    sai = SaiRoll(die, die_id, icon, x, ctx, choices)
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
