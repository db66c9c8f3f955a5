"""Confuse (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import delayed
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CONFUSE: SaiRecord(
        applies='Melee, Missile',
        summary=('After the defenders roll saves, up to X health-worth of them roll again and '
                 'keep the new faces.'),
        effect=('delayed: up to X health-worth of defending units are re-rolled after their save '
                'roll, ignoring the previous results'),
        in_roll=delayed(RollType.MELEE, RollType.MISSILE),
    ),
}
