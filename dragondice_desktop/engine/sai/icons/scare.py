"""Scare (seed 000): its record and everything it does — in each kind of roll, the effect it
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
