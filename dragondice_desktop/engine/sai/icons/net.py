"""Net (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..builders import acting
from ..icon_roll import SaiRoll
from ..records import SaiRecord, TargetSpec
from ..targeting import run_targets


def _individual(sai: SaiRoll) -> SaiOutcome | None:
    """Net's sentence for individual rolls: X saves when saving against an
    individual-targeting effect (seed 000 Net)."""
    if sai.roll_type is RollType.SAVE and sai.ctx.against_individual:
        return sai.generate(sai.roll_type, f"Net: {sai.results('save')} when saving against "
                                           f"an individual-targeting effect (seed 000 Net)")
    return None


RECORDS: dict[Icon, SaiRecord] = {
    Icon.NET: SaiRecord(
        applies='Individual, Melee, Missile',
        summary='Up to X health-worth of defenders maneuver or are netted until your next turn.',
        effect='target up to X health-worth of defending units: maneuver or be netted',
        targets=TargetSpec(test='maneuver', fail='netted', spares_reserve_army=True),
        in_roll=acting("targets", RollType.MELEE, RollType.MISSILE),
        individual=_individual,
        runners={"targets": run_targets},
    ),
}
