"""Convert (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CONVERT: SaiRecord(
        applies='Melee',
        summary=('Up to X health-worth of defenders save or die; the attacker may bring back as '
                 'much health from its DUA.'),
        effect=('target up to X health-worth of defending units: save or be killed; the attacker '
                'may return that much health-worth from its DUA'),
        targets=TargetSpec(test='save', returns_killed=True),
        in_roll=acting("targets", RollType.MELEE),
        runners={"targets": run_targets},
    ),
}
