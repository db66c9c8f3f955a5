"""Stomp (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import DragonColumn, SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.STOMP: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='Up to X health-worth of defenders maneuver or die, then save or are buried.',
        effect=('target up to X health-worth of defending units: maneuver or be killed; the '
                'killed save or are buried'),
        targets=TargetSpec(test='maneuver', then_save=True),
        dragon_attack=DragonColumn(((RollType.MELEE, None),)),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
