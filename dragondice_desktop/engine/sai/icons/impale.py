"""Impale (seed 000, seed 001): a delayed effect in a missile attack (``builders.delayed``); in
a dragon attack it kills a dragon that rolled Jaws (``on_dragons.jaws_sentence``).
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import KILLS_ONE_ID, delayed
from ..on_dragons import JAWS_RUNNERS, jaws_sentence
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.IMPALE: SaiRecord(
        applies='Dragon Attack, Missile',
        summary='In a missile attack, one defender that shows ID on its save roll dies.',
        effect=KILLS_ONE_ID,
        in_roll=delayed(RollType.MISSILE),
        in_dragon_attack=jaws_sentence(RollType.MISSILE),
        runners=JAWS_RUNNERS,
    ),
}
