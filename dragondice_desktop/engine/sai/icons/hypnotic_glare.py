"""Hypnotic Glare (seed 000): its record and everything it does — in each kind of roll, the
effect it passes on and the code that applies it.

Its effect is delayed: it applies in step 2 of the defending army's save roll
(``rolls/army_roll.py``), read from the counted roll by the march, so it has no runner here.
The hypnosis it leaves is a lasting effect on the units (``sai/lasting.py``: "hypnotized").

Its handler in rolls is the shared ``acting`` (``sai/builders.py``): the effect it names, in
the roll types it lists.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.HYPNOTIC_GLARE: SaiRecord(
        applies='Melee',
        summary=('Defenders that show ID on their save roll are frozen until your next turn; '
                 'their results do not count.'),
        effect=('delayed: defending units that roll ID on their save roll are hypnotized until '
                'your next turn and their results do not count'),
        in_roll=acting("delayed", RollType.MELEE),
    ),
}
