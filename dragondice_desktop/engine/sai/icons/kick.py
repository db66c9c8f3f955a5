"""Kick (seed 000).

The damage to the one unit it targets is dealt by ``sai/damage.py``.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..damage import run_unit_damage
from ..icon_roll import SaiRoll
from ..records import DragonColumn, SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Save: X saves; melee: one defending unit takes X damage (seed 000 Kick)."""
    if sai.roll_type is RollType.SAVE:
        return sai.generate(RollType.SAVE, f"Kick: {sai.results('save')} (seed 000 Kick)")
    if sai.roll_type is RollType.MELEE:
        return sai.effect("unit_damage")
    return sai.not_applicable()


RECORDS: dict[Icon, SaiRecord] = {
    Icon.KICK: SaiRecord(
        applies='Dragon Attack, Melee, Save',
        summary='One defender takes X damage (it may save); X saves when saving.',
        effect='target one defending unit: it takes X damage (it may save)',
        dragon_attack=DragonColumn(((RollType.MELEE, None), (RollType.SAVE, None),)),
        in_roll=_in_roll,
        runners={"unit_damage": run_unit_damage},
    ),
}
