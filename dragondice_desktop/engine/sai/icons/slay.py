"""Slay (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SLAY: SaiRecord(
        applies='Melee',
        summary='One defender rolls: anything but its ID kills it.',
        effect='target one defending unit; roll it: unless it rolls its ID it is killed',
        targets=TargetSpec(one_unit=True, test='id'),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
