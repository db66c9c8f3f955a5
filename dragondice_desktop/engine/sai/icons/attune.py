"""Attune (seed 001)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import ANY_COLOR, RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic of any colour (seed 001 Attune)."""
    if sai.roll_type is not RollType.MAGIC:
        return sai.not_applicable()
    return sai.generate(
        RollType.MAGIC,
        f"Attune: {sai.results('magic')} of any colour (seed 001 Attune); it may also count "
        f"one unit's normal magic results as the same colour when spells are paid",
        color=ANY_COLOR,
    )


RECORDS: dict[Icon, SaiRecord] = {
    Icon.ATTUNE: SaiRecord(
        applies='Magic',
        summary="Magic of any element you like; it can also recolour one unit's plain magic.",
        in_roll=_in_roll,
    ),
}
