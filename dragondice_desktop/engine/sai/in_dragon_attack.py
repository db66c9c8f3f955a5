"""Each SAI's "Dragon Attack" sentence: what it does in the army's combination melee +
missile + save roll answering a dragon attack (seed 000, seed 001; digest §5.4 step 6).

SAIs whose Applies column lists "Dragon Attack" use that sentence. A dragon attack is also a
non-maneuver roll, so SAIs listing "Non-Maneuver" (Regenerate, Ferry, Cantrip, the medallions,
the Elemental Relic ...) or "Any" without a dragon-attack sentence of their own work as in any
combination roll (the `fallback`). Other SAIs have no effect in a dragon attack. Sentences
that act on the attacking dragons become effects for the game (``sai/on_dragons.py``): Decapitate
and Impale kill a dragon that rolled Jaws, Bash hits back a dragon that did damage, the
Eldarim champions tame, slay or control a dragon. Counted outside a game (the resolve
command), where the dragons' rolls are not known, they are reported as Unresolved.
"""

from __future__ import annotations

from collections.abc import Callable

from ...catalog.model import DieKind, Icon, Species
from ..rolls.model import ChoicePoint, Modifier, ModOp, Origin, RollType, SaiOutcome
from .icon_roll import APPLIES, NO_RULES_TEXT, SaiRoll, applies_to
from .records import SAI_RECORDS

# Why a sentence about the attacking dragons cannot be applied when the roll is counted on its
# own (the resolve command): the dragons' rolls are not part of it.
NOT_IN_GAME = "the attacking dragons' rolls are not known outside a game's dragon attack"

MEL, MIS, SAV = RollType.MELEE, RollType.MISSILE, RollType.SAVE

# (results generated, re-roll) for the SAIs whose dragon-attack sentence only generates
# results (None as an amount means X), and the "Any" SAIs whose words for a dragon attack are
# fixed: views of the SAI records (``sai/records.py``).
_RESULTS: dict[Icon, tuple[tuple[tuple[RollType, int | None], ...], bool]] = {
    i: (r.dragon_attack.parts, r.dragon_attack.rerolls) for i, r in SAI_RECORDS.items()
    if r.dragon_attack is not None}
_ANY_SENTENCES = frozenset(i for i, r in SAI_RECORDS.items() if r.any_sentence_in_dragon_attack)

# Eldarim champions' logo in a dragon attack (seed 000): what the champion may do (the
# effect kind) and to which dragons.
_CHAMPION_POWERS = {
    "Dragonlord": ("tame", "ANY type of dragon"), "Dragonmaster": ("tame", "a dragon of its "
                                                                            "colour"),
    "Dragonslayer": ("slay", "ANY type of dragon"), "Dragonhunter": ("slay", "a dragon of its "
                                                                             "colour"),
    "Dragoncrusader": ("control", "ANY type of dragon"),
    "Dragonzealot": ("control", "a dragon of its colour"),
}


def _generate(sai: SaiRoll, parts: tuple[tuple[RollType, int | None], ...],
              rerolls: bool) -> SaiOutcome:
    out = SaiOutcome(rerolls=rerolls)
    for rt, fixed in parts:
        n = sai.x if fixed is None else fixed
        x_text = f"X = {n}" if fixed is None else f"{n} (a fixed number)"
        out += sai.generate(rt, f"{sai.name}: {x_text} {rt.value} results in a dragon attack "
                                f"(seed 000 {sai.name})", amount=n)
    return out


def _jaws_killer(sai: SaiRoll, fallback: RollType) -> SaiOutcome:
    """Decapitate / Impale: kill one dragon that rolled Jaws; if none did, three results."""
    jaws = sai.ctx.dragon_rolled_jaws
    if jaws is False:
        return sai.generate(fallback, f"{sai.name}: no dragon rolled Jaws, so three "
                                      f"{fallback.value} results (seed 001 {sai.name})", amount=3)
    if jaws:
        return sai.effect("kill_jaws_dragon", f"{sai.name}: kill one attacking dragon that "
                                              f"rolled Jaws (seed 001 {sai.name})", amount=1)
    return sai.unresolved(f"kill one attacking dragon that rolled Jaws; if none did, three "
                          f"{fallback.value} results — {NOT_IN_GAME}")


def _bash_dragon(sai: SaiRoll) -> SaiOutcome:
    """Bash in a dragon attack: choose an attacking dragon that did damage; it takes that much
    damage and Bash generates that many saves (seed 001 Bash)."""
    hurt = {d: n for d, n in sai.ctx.dragon_damage if n > 0}
    if not sai.ctx.dragon_damage:
        return sai.unresolved("choose an attacking dragon that inflicted damage: it takes that "
                              f"much damage and Bash generates that many saves — {NOT_IN_GAME}")
    if not hurt:
        return sai.ignored("Bash: no attacking dragon inflicted damage (seed 001 Bash)")
    best = max(hurt, key=lambda d: (hurt[d], -d))
    chosen = sai.choice()
    target = int(chosen) if chosen is not None and chosen.isdigit() and int(chosen) in hurt \
        else best
    point = sai.choice_point(tuple(str(d) for d in sorted(hurt)), str(best),
                             "Bash: choose the attacking dragon to hit back", kind="unit")
    n = hurt[target]
    return (sai.generate(SAV, f"Bash: {n} save results, the damage dragon {target} did "
                              f"(seed 001 Bash)", amount=n)
            + sai.effect("bash_dragon", f"Bash: dragon {target} takes the {n} damage it did "
                                        f"(seed 001 Bash)", amount=n, target=target)
            + SaiOutcome(choices=(point,)))


def _champion_name(sai: SaiRoll) -> str:
    name = sai.die.name.replace(" ", "")
    return next((title for title in _CHAMPION_POWERS if title.lower() in name.lower()), "")


def dragon_attack_outcome(sai: SaiRoll,
                          fallback: Callable[[SaiRoll], SaiOutcome]) -> SaiOutcome:
    """The SAI's Dragon Attack sentence, or `fallback` (the combination-roll reading) for an
    SAI that applies to every non-maneuver roll, or why it does nothing in a dragon attack."""
    icon = sai.icon
    if icon is Icon.LOGO:
        if sai.die.kind is DieKind.CHAMPION and sai.die.species is Species.ELDARIM:
            title = _champion_name(sai)
            if title not in _CHAMPION_POWERS:
                return sai.unresolved(NO_RULES_TEXT)
            kind, which = _CHAMPION_POWERS[title]
            return sai.effect(kind, f"{title}: may {kind} {which} that attacked this army; "
                                    f"its non-breath damage is ignored (seed 000)")
        if sai.die.kind in (DieKind.MEDALLION, DieKind.RELIC):  # Non-Maneuver (seed 001)
            return fallback(sai)
        return sai.ignored("SFR Logo has no Dragon Attack sentence on this die (seed 000)")
    column = APPLIES.get(icon)
    if column is None:
        return sai.unresolved(NO_RULES_TEXT)
    if "dragon attack" not in column.lower() and icon not in _ANY_SENTENCES:
        if applies_to(column, sai.ctx):
            return fallback(sai)
        return sai.ignored(f"{sai.name} has no effect in a dragon attack (seed 000 Applies "
                           f"column: {column})")
    if not applies_to(column, sai.ctx):
        return sai.ignored(f"{sai.name} has no effect in a dragon attack (seed 000 Applies "
                           f"column: {column})")
    if icon in _RESULTS:
        parts, rerolls = _RESULTS[icon]
        return _generate(sai, parts, rerolls)
    if icon is Icon.DECAPITATE:
        return _jaws_killer(sai, MEL)
    if icon is Icon.IMPALE:
        return _jaws_killer(sai, MIS)
    if icon is Icon.BELLY:
        if not sai.die.autosaves:
            return sai.ignored("Belly: this unit has no automatic saves to lose (seed 000)")
        return SaiOutcome(cancels_automatic_saves=True,
                          ignored=(f"Belly: the unit loses its {sai.die.autosaves} automatic "
                                   f"saves for this roll (seed 000 Belly)",))
    if icon is Icon.CLOAK:
        return (sai.generate(SAV, f"Cloak: {sai.x} non-magical save results added to the army "
                                  f"(an adding modifier, seed 000 Cloak)", origin=Origin.AUTOMATIC)
                + sai.effect("cloak", f"Cloak: the army keeps {sai.x} extra save results until "
                                      f"the beginning of your next turn (seed 000 Cloak)"))
    if icon is Icon.FLURRY:
        point = ChoicePoint(sai.die_id, icon, ("save", "melee"), "save",
                            "Flurry: X save results, or X melee results and roll again")
        if sai.choice() == "melee":
            return _generate(sai, ((MEL, None),), True) + SaiOutcome(choices=(point,))
        return _generate(sai, ((SAV, None),), False) + SaiOutcome(choices=(point,))
    if icon is Icon.CREATE_FIREMINIONS:
        values = tuple(rt.value for rt in sai.ctx.counted)
        wanted = sai.choice() if sai.choice() in values else values[0]
        point = ChoicePoint(sai.die_id, icon, values, values[0],
                            "Create Fireminions: which result type")
        return _generate(sai, ((RollType(wanted), None),), False) + SaiOutcome(choices=(point,))
    if icon is Icon.ELEVATE:
        return SaiOutcome(modifiers=(Modifier(
            ModOp.MULTIPLY, 2, "Elevate: double one unit's missile or save results (seed 001)",
            types=(MIS, SAV), unit="best", icon=Icon.ELEVATE),))
    if icon is Icon.TRUMPET:
        return SaiOutcome(modifiers=(Modifier(
            ModOp.MULTIPLY, 2, "Trumpet: each Feral unit doubles its melee and save results "
                               "(seed 000 Trumpet)", types=(MEL, SAV), unit="feral",
            icon=Icon.TRUMPET),))
    if icon is Icon.WAYFARE:
        return sai.effect("wayfare", "Wayfare: this item and a unit able to carry it may move "
                                     "to any terrain or your Reserve Area (seed 001 Wayfare)")
    if icon is Icon.BASH:
        return _bash_dragon(sai)
    raise AssertionError(f"{icon.value} lists Dragon Attack but has no sentence here")
