"""Flaming Arrow (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import DragonColumn, SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FLAMING_ARROW: SaiRecord(
        applies='Dragon Attack, Missile',
        summary=('In a missile attack, X health-worth of defenders save or die, then save again '
                 'or are buried.'),
        effect=('target X health-worth of defending units: save or be killed; the killed save '
                'again or are buried'),
        targets=TargetSpec(test='save', then_save=True),
        dragon_attack=DragonColumn(((RollType.MISSILE, None),)),
        in_roll=acting("targets", RollType.MISSILE),
        runners={"targets": run_targets},
    ),
}
