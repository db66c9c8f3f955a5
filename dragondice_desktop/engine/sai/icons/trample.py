"""Trample (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import DragonColumn, SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Any roll: X maneuver and X melee results (seed 000 Trample)."""
    rt = sai.roll_type
    if rt in (RollType.MANEUVER, RollType.MELEE):
        out = sai.generate(rt, f"Trample: {sai.results(rt)} (seed 000 Trample)")
        if rt is RollType.MELEE and sai.counts_maneuver_as_melee:
            out += sai.generate(RollType.MANEUVER, f"Trample: {sai.results('maneuver')}, "
                                                   f"counted as melee by Charge (seed 000)")
        return out
    return sai.ignored(f"Trample gives maneuver and melee results, which do not count in a "
                       f"{rt.value} roll (seed 000 Trample)")


RECORDS: dict[Icon, SaiRecord] = {
    Icon.TRAMPLE: SaiRecord(
        applies='Any',
        summary='X maneuver and X melee, in any roll.',
        dragon_attack=DragonColumn(((RollType.MELEE, None),)),
        any_sentence_in_dragon_attack=True,
        in_roll=_in_roll,
    ),
}
