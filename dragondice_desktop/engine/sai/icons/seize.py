"""Seize (seed 000): its record and everything it does — in each kind of roll, the effect it
passes on and the code that applies it.

Its targets are dealt with by the shared targeting code (``sai/targeting.py``), as its
record's ``TargetSpec`` says. Its handler in rolls is the shared ``acting``
(``sai/builders.py``): the effect it names, in the roll types it lists.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SEIZE: SaiRecord(
        applies='Melee, Missile',
        summary=('Up to X health-worth of defenders roll: ID sends them to reserve, anything else'
                 ' kills them.'),
        effect=('roll up to X health-worth of defending units: an ID goes to the Reserve Area, '
                'any other face is killed'),
        targets=TargetSpec(test='id', success='reserve'),
        in_roll=acting("targets", RollType.MELEE, RollType.MISSILE),
        runners={"targets": run_targets},
    ),
}
