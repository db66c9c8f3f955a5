"""Seize (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SEIZE: SaiRecord(
        applies='Melee, Missile',
        summary=('Up to X health-worth of defenders roll: ID sends them to reserve, anything else'
                 ' kills them.'),
        effect=('roll up to X health-worth of defending units: an ID goes to the Reserve Area, '
                'any other face is killed'),
        targets=TargetSpec(test='id', success='reserve'),
        in_roll=acting("targets", RollType.MELEE, RollType.MISSILE),
        runners={"targets": run_targets},
    ),
}
