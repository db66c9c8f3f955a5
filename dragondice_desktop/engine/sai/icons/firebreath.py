"""Firebreath (seed 000).

The damage, with no save possible, is dealt by ``sai/damage.py`` with the facts given here.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..damage import damage_without_save
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FIREBREATH: SaiRecord(
        applies='Melee',
        summary='X damage to the defenders with no save; units it kills save or are buried.',
        effect='X damage to the defending army with no save; the killed save or are buried',
        in_roll=acting("damage_no_save", RollType.MELEE),
        runners={"damage_no_save": damage_without_save(on_kill="save_or_bury")},
    ),
}
