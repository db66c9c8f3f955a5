"""Smite (seed 000).

The damage, with no save possible, is dealt by ``sai/damage.py`` with the facts given here.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..damage import damage_without_save
from ..records import DragonColumn, SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SMITE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='X damage to the defenders with no save.',
        effect='X damage to the defending army with no save possible',
        dragon_attack=DragonColumn(((RollType.MELEE, None),)),
        in_roll=acting("damage_no_save", RollType.MELEE),
        runners={"damage_no_save": damage_without_save()},
    ),
}
