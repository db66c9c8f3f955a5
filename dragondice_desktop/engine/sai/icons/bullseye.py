"""Bullseye (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import DragonColumn, SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.BULLSEYE: SaiRecord(
        applies='Dragon Attack, Missile',
        summary=('In a missile attack, X health-worth of defenders must save or die; the die '
                 'rolls again.'),
        effect='target X health-worth of defending units: each saves or is killed',
        targets=TargetSpec(test='save'),
        dragon_attack=DragonColumn(((RollType.MISSILE, None),)),
        in_roll=acting("targets", RollType.MISSILE, rerolls=True),
        runners={"targets": run_targets},
    ),
}
