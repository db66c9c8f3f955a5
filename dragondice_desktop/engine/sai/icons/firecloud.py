"""Firecloud (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FIRECLOUD: SaiRecord(
        applies='Melee, Missile',
        summary='Up to X health-worth of defenders maneuver or die.',
        effect='target up to X health-worth of defending units: maneuver or be killed',
        targets=TargetSpec(test='maneuver'),
        in_roll=acting("targets", RollType.MELEE, RollType.MISSILE),
        runners={"targets": run_targets},
    ),
}
