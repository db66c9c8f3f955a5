"""Double Strike (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import DragonColumn, SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.DOUBLE_STRIKE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='In melee, four health-worth of defenders save or die; the die rolls again.',
        effect='target four health-worth of defending units: each saves or is killed',
        targets=TargetSpec(test='save'),
        dragon_attack=DragonColumn(((RollType.MELEE, 4),)),
        in_roll=acting("targets", RollType.MELEE, rerolls=True, amount=4),
        runners={"targets": run_targets},
    ),
}
