"""Gore (seed 000).

The damage to the one unit it targets is dealt by ``sai/damage.py``.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..damage import run_unit_damage
from ..records import DragonColumn, SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.GORE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='One defender takes two damage (it may save) and is buried if it dies.',
        effect=('target one defending unit: it takes two damage (it may save) and is buried if '
                'killed'),
        buries_if_killed=True,
        dragon_attack=DragonColumn(((RollType.MELEE, 4),)),
        in_roll=acting("unit_damage", RollType.MELEE, amount=2),
        runners={"unit_damage": run_unit_damage},
    ),
}
