"""Swallow (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SWALLOW: SaiRecord(
        applies='Melee',
        summary='One defender rolls: anything but its ID kills and buries it.',
        effect='target one defending unit; roll it: unless it rolls its ID it is killed and buried',
        targets=TargetSpec(one_unit=True, test='id', fail='kill_bury'),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
