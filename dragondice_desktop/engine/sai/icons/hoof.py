"""Hoof (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import results_in
from ..records import DragonColumn, SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.HOOF: SaiRecord(
        applies='Dragon Attack, Maneuver, Save',
        summary='X maneuver when maneuvering, X saves when saving.',
        dragon_attack=DragonColumn(((RollType.SAVE, None),)),
        in_roll=results_in({RollType.MANEUVER: "seed 000 Hoof", RollType.SAVE: "seed 000 Hoof"}),
    ),
}
