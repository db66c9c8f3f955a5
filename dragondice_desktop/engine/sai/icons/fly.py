"""Fly (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import DragonColumn, SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Any roll: X maneuver or X save results (seed 000 Fly). Under Charge the maneuver
    results count as melee (seed 000 Charge), so Fly then gives maneuver."""
    rt = sai.roll_type
    if rt in (RollType.MANEUVER, RollType.SAVE):
        return sai.generate(rt, f"Fly: {sai.results(rt)} (seed 000 Fly)")
    if sai.counts_maneuver_as_melee:
        return sai.generate(RollType.MANEUVER, f"Fly: {sai.results('maneuver')}, counted "
                                               f"as melee by Charge (seed 000 Fly, Charge)")
    return sai.ignored(f"Fly gives maneuver or save results, which do not count in a "
                       f"{rt.value} roll (seed 000 Fly)")


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FLY: SaiRecord(
        applies='Any',
        summary='X maneuver or X saves, in any roll.',
        dragon_attack=DragonColumn(((RollType.SAVE, None),)),
        any_sentence_in_dragon_attack=True,
        in_roll=_in_roll,
    ),
}
