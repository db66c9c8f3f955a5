"""Hypnotic Glare (seed 000).

The hypnosis it leaves is a lasting effect on the units (``sai/lasting.py``: "hypnotized").
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import delayed
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.HYPNOTIC_GLARE: SaiRecord(
        applies='Melee',
        summary=('Defenders that show ID on their save roll are frozen until your next turn; '
                 'their results do not count.'),
        effect=('delayed: defending units that roll ID on their save roll are hypnotized until '
                'your next turn and their results do not count'),
        in_roll=delayed(RollType.MELEE),
    ),
}
