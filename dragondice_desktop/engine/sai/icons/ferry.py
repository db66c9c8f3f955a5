"""Ferry (seed 000).

The move itself is made by ``sai/own_army.py``.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ..builders import moving
from ..own_army import run_move_units
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FERRY: SaiRecord(
        applies='Non-Maneuver',
        summary='Moves itself and up to four health-worth of its army to any terrain.',
        effect='this unit may move itself and up to four health-worth of its army to any terrain',
        in_roll=moving(companions=4, maneuver=False),
        runners={"move_units": run_move_units},
    ),
}
