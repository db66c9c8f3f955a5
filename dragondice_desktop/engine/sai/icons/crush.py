"""Crush (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import DragonColumn, SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CRUSH: SaiRecord(
        applies='Dragon Attack, Missile',
        summary=('In a missile attack, up to X health-worth of defenders maneuver or die, then '
                 'save or are buried.'),
        effect=('target up to X health-worth of defending units: maneuver or be killed; the '
                'killed save or are buried'),
        targets=TargetSpec(test='maneuver', then_save=True),
        dragon_attack=DragonColumn(((RollType.MISSILE, None),)),
        in_roll=acting("targets", RollType.MISSILE),
        runners={"targets": run_targets},
    ),
}
