"""Entangle (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.ENTANGLE: SaiRecord(
        applies='Melee',
        summary='In melee, up to X health-worth of defenders die outright.',
        effect='target up to X health-worth of defending units; they are killed',
        targets=TargetSpec(),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
