"""Elevate (seed 001)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import Modifier, ModOp, RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Maneuver: X maneuver. Missile: double one unit's missile results. Save against melee:
    double one unit's saves (seed 001 Elevate). The unit doubled is the one that gains most:
    a choice that can only help is made for the roller."""
    rt = sai.roll_type
    if rt is RollType.MANEUVER:
        return sai.generate(rt, f"Elevate: {sai.results('maneuver')} (seed 001 Elevate)")
    if rt is RollType.MISSILE or (rt is RollType.SAVE and sai.ctx.save_against is RollType.MELEE):
        return SaiOutcome(modifiers=(Modifier(
            ModOp.MULTIPLY, 2, f"Elevate: double one unit's {rt.value} results (seed 001)",
            types=(rt,), unit="best", icon=Icon.ELEVATE),))
    if rt is RollType.SAVE:
        return sai.ignored("Elevate works in a save roll only against a melee attack "
                           "(seed 001 Applies column: Save*)")
    return sai.not_applicable()


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Elevate in a dragon attack: double one unit's missile or save results (seed 001)."""
    return SaiOutcome(modifiers=(Modifier(
        ModOp.MULTIPLY, 2, "Elevate: double one unit's missile or save results (seed 001)",
        types=(RollType.MISSILE, RollType.SAVE), unit="best", icon=Icon.ELEVATE),))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.ELEVATE: SaiRecord(
        applies='Dragon Attack, Maneuver, Missile, Save*',
        summary=("X maneuver when maneuvering; otherwise doubles one unit's missile or (against "
                 'melee) save results.'),
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
    ),
}
