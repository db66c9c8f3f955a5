"""Regenerate (seed 000).

Units return from the DUA through ``sai/own_army.py``.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..own_army import run_return_from_dua
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
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
    return sai.generate(RollType.SAVE, f"Regenerate: {sai.results('save')} (seed 000)",
                        alternative="return units from the DUA") + SaiOutcome(choices=(point,))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.REGENERATE: SaiRecord(
        applies='Non-Maneuver',
        summary='X saves, or bring back up to X health-worth from your DUA.',
        in_roll=_in_roll,
        runners={"return_from_dua": run_return_from_dua},
    ),
}
