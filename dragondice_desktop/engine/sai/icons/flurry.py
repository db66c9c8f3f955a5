"""Flurry (seed 001)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import ChoicePoint, RollType, SaiOutcome
from ..builders import dragon_results
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee and roll the item again; save against melee: X saves (seed 001)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, f"Flurry: {sai.results('melee')}, and the item is "
                                            f"rolled again (seed 001 Flurry)", rerolls=True)
    if sai.roll_type is RollType.SAVE:
        if sai.ctx.save_against is RollType.MELEE:
            return sai.generate(RollType.SAVE, f"Flurry: {sai.results('save')} against a "
                                               f"melee attack (seed 001 Flurry)")
        return sai.ignored("Flurry gives saves only in a save roll against a melee attack "
                           "(seed 001 Applies column: Save*)")
    return sai.not_applicable()


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Flurry's Dragon Attack sentence: X saves, or X melee and the item rolls again — the
    roller's choice (seed 001 Flurry)."""
    point = ChoicePoint(sai.die_id, sai.icon, ("save", "melee"), "save",
                        "Flurry: X save results, or X melee results and roll again")
    if sai.choice() == "melee":
        return dragon_results(sai, ((RollType.MELEE, None),), True) + SaiOutcome(choices=(point,))
    return dragon_results(sai, ((RollType.SAVE, None),), False) + SaiOutcome(choices=(point,))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FLURRY: SaiRecord(
        applies='Dragon Attack, Melee, Save*',
        summary='X melee and the die rolls again; against melee, X saves.',
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
    ),
}
