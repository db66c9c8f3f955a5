"""Create Fireminions (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import ChoicePoint, RollType, SaiOutcome
from ..builders import dragon_results
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Any army roll: X results of one of the five types; the rolled type is counted (in a
    combination roll the roller picks the type; digest §4.5)."""
    rt = sai.roll_type
    return sai.generate(rt, f"Create Fireminions: {sai.results(rt)} (seed 000 "
                            f"Create Fireminions)")


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Create Fireminions in a dragon attack: X results of the counted type the roller picks
    (seed 000 Create Fireminions)."""
    values = tuple(rt.value for rt in sai.ctx.counted)
    wanted = sai.choice() if sai.choice() in values else values[0]
    point = ChoicePoint(sai.die_id, sai.icon, values, values[0],
                        "Create Fireminions: which result type")
    return dragon_results(sai, ((RollType(wanted), None),), False) + SaiOutcome(choices=(point,))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CREATE_FIREMINIONS: SaiRecord(
        applies='Any Non-Individual',
        summary='X results of whichever type the army is rolling for.',
        any_sentence_in_dragon_attack=True,
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
    ),
}
