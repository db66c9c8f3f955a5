"""Teleport (seed 000).

The move itself is made by ``sai/own_army.py``.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ..builders import moving
from ..own_army import run_move_units
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.TELEPORT: SaiRecord(
        applies='Maneuver, Non-Maneuver',
        summary=('X maneuver when maneuvering; otherwise moves itself and three health-worth of '
                 'its army anywhere.'),
        effect='this unit may move itself and up to three health-worth of its army to any terrain',
        in_roll=moving(companions=3, maneuver=True),
        runners={"move_units": run_move_units},
    ),
}
