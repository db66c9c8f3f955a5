"""Breath (seed 000): its record and everything it does — in each kind of roll, the effect it
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
    Icon.BREATH: SaiRecord(
        applies='Melee',
        summary='In melee, X health-worth of defenders die outright.',
        effect='target X health-worth of units in the defending army; they are killed',
        targets=TargetSpec(),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
