"""Poison (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.POISON: SaiRecord(
        applies='Melee',
        summary='X health-worth of defenders save or die, then save again or are buried.',
        effect=('target X health-worth of defending units: save or be killed; the killed save '
                'again or are buried'),
        targets=TargetSpec(test='save', then_save=True),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
