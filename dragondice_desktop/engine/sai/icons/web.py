"""Web (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.WEB: SaiRecord(
        applies='Melee, Missile',
        summary=('Up to X health-worth of defenders roll for melee or are webbed until your next '
                 'turn.'),
        effect='target up to X health-worth of defending units: melee or be webbed',
        targets=TargetSpec(test='melee', fail='webbed', spares_reserve_army=True),
        in_roll=acting("targets", RollType.MELEE, RollType.MISSILE),
        runners={"targets": run_targets},
    ),
}
