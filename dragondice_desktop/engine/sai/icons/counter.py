"""Counter (seed 000).

The damage it passes on to the attacking army is read by the march from the counted roll
(``turn/march_rolls.py``).
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import strikes_back
from ..records import DragonColumn, SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.COUNTER: SaiRecord(
        applies='Dragon Attack, Melee, Save*',
        summary='Saves that also hurt the melee attacker (X damage); X melee when attacking.',
        dragon_attack=DragonColumn(((RollType.SAVE, None), (RollType.MELEE, None),)),
        in_roll=strikes_back(RollType.MELEE),
    ),
}
