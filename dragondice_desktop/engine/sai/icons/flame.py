"""Flame (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FLAME: SaiRecord(
        applies='Melee',
        summary='In melee, two health-worth of defenders die and are buried.',
        effect='target up to two health-worth of defending units; they are killed and buried',
        targets=TargetSpec(fail='kill_bury'),
        in_roll=acting("targets", RollType.MELEE, amount=2),
        runners={"targets": run_targets},
    ),
}
