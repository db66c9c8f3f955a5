"""Rend (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import DragonColumn, SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee and roll again; maneuver: X maneuver, no re-roll (seed 000 Rend)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, f"Rend: {sai.results('melee')}, and the unit is "
                                            f"rolled again (seed 000 Rend)", rerolls=True)
    if sai.roll_type is RollType.MANEUVER:
        return sai.generate(RollType.MANEUVER, f"Rend: {sai.results('maneuver')}; no re-roll "
                                               f"in a maneuver roll (seed 000 Rend)")
    return sai.not_applicable()


RECORDS: dict[Icon, SaiRecord] = {
    Icon.REND: SaiRecord(
        applies='Dragon Attack, Maneuver, Melee',
        summary='X melee (or X maneuver) and the die rolls again.',
        dragon_attack=DragonColumn(((RollType.MELEE, None),), rerolls=True),
        in_roll=_in_roll,
    ),
}
