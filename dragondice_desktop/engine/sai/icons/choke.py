"""Choke (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import delayed
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CHOKE: SaiRecord(
        applies='Melee',
        summary=('Defenders that show ID on their save roll (up to X health-worth) die, and their'
                 ' IDs do not count.'),
        effect=('delayed: up to X health-worth of defending units that roll ID on their save roll'
                ' are killed, their ID results not counted'),
        in_roll=delayed(RollType.MELEE),
    ),
}
