"""Stun (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.STUN: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders maneuver or are stunned; the die rolls again.',
        effect='target up to X health-worth of defending units: maneuver or be stunned',
        targets=TargetSpec(test='maneuver', fail='stunned'),
        in_roll=acting("targets", RollType.MELEE, rerolls=True),
        runners={"targets": run_targets},
    ),
}
