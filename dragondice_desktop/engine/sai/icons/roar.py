"""Roar (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.ROAR: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders are driven to their Reserve Area before saving.',
        effect='up to X health-worth of defending units go to their Reserve Area before saving',
        targets=TargetSpec(fail='reserve', leaves=True),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
