"""Scare (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SCARE: SaiRecord(
        applies='Melee',
        summary='Up to X health-worth of defenders save or flee to reserve; those showing ID die.',
        effect=('up to X health-worth of defending units save or go to their Reserve Area; those '
                'rolling their ID are killed'),
        targets=TargetSpec(test='save', fail='reserve', on_id='kill'),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
