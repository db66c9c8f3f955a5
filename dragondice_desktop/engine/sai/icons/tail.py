"""Tail (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import DragonColumn, SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Melee: exactly two melee results (no X) and roll again (seed 000 Tail)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, "Tail: two melee results (a fixed number, not X), and "
                                            "the unit is rolled again (seed 000 Tail)",
                            amount=2, rerolls=True)
    return sai.not_applicable()


RECORDS: dict[Icon, SaiRecord] = {
    Icon.TAIL: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='Two melee and the die rolls again.',
        dragon_attack=DragonColumn(((RollType.MELEE, 2),), rerolls=True),
        in_roll=_in_roll,
    ),
}
