"""Confuse (seed 000): its record and everything it does — in each kind of roll, the effect it
passes on and the code that applies it.

Its effect is delayed: it applies in step 2 of the defending army's save roll
(``rolls/army_roll.py``), read from the counted roll by the march, so it has no runner here.

Its handler in rolls is the shared ``acting`` (``sai/builders.py``): the effect it names, in
the roll types it lists.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CONFUSE: SaiRecord(
        applies='Melee, Missile',
        summary=('After the defenders roll saves, up to X health-worth of them roll again and '
                 'keep the new faces.'),
        effect=('delayed: up to X health-worth of defending units are re-rolled after their save '
                'roll, ignoring the previous results'),
        in_roll=acting("delayed", RollType.MELEE, RollType.MISSILE),
    ),
}
