"""Double Strike (seed 000): its record and everything it does — in each kind of roll, the
effect it passes on and the code that applies it.

Its targets are dealt with by the shared targeting code (``sai/targeting.py``), as its
record's ``TargetSpec`` says. Its handler in rolls is the shared ``acting``
(``sai/builders.py``): the effect it names, in the roll types it lists.
"""

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
