"""Surprise (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import read_by_march
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SURPRISE: SaiRecord(
        applies='Melee',
        summary='The defenders may not counter-attack.',
        effect='the defending army cannot counter-attack',
        limit=(lambda ctx: ctx.counter_attack,
               "Surprise has no effect during a counter-attack (seed 000 Surprise)"),
        in_roll=read_by_march("surprise", RollType.MELEE),
    ),
}
