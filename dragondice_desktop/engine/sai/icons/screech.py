"""Screech (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import read_by_march
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SCREECH: SaiRecord(
        applies='Melee',
        summary='The defenders lose X saves.',
        effect='the defending army subtracts X save results',
        in_roll=read_by_march("subtract_saves", RollType.MELEE),
    ),
}
