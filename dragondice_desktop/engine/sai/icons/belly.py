"""Belly (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import Contribution, Origin, RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
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


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Belly's Dragon Attack sentence: the unit loses its automatic saves for this roll
    (seed 000 Belly)."""
    if not sai.die.autosaves:
        return sai.ignored("Belly: this unit has no automatic saves to lose (seed 000)")
    return SaiOutcome(cancels_automatic_saves=True,
                      ignored=(f"Belly: the unit loses its {sai.die.autosaves} automatic "
                               f"saves for this roll (seed 000 Belly)",))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.BELLY: SaiRecord(
        applies='Any',
        summary='The unit gives up its automatic saves for this roll.',
        any_sentence_in_dragon_attack=True,
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
    ),
}
