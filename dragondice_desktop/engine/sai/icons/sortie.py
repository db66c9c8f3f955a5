"""Sortie (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import results_in
from ..records import DragonColumn, SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SORTIE: SaiRecord(
        applies='Dragon Attack, Melee, Save',
        summary='X melee when attacking, X saves when saving.',
        dragon_attack=DragonColumn(((RollType.SAVE, None), (RollType.MELEE, None),)),
        in_roll=results_in({RollType.MELEE: "seed 000 Sortie", RollType.SAVE: "seed 000 Sortie"}),
    ),
}
