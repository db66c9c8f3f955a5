"""Trumpet (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import Modifier, ModOp, RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _doubling() -> SaiOutcome:
    """Each Feral unit in this army doubles its melee and save results (seed 000 Trumpet): a
    multiplying modifier on those units."""
    return SaiOutcome(modifiers=(Modifier(
        ModOp.MULTIPLY, 2, "Trumpet: each Feral unit doubles its melee and save results "
                           "(seed 000 Trumpet)", types=(RollType.MELEE, RollType.SAVE),
        unit="feral", icon=Icon.TRUMPET),))


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Melee or save: the Feral units double their melee and save results (seed 000)."""
    if sai.roll_type in (RollType.MELEE, RollType.SAVE):
        return _doubling()
    return sai.not_applicable()


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Trumpet in a dragon attack: the Feral units double their melee and save results."""
    return _doubling()


RECORDS: dict[Icon, SaiRecord] = {
    Icon.TRUMPET: SaiRecord(
        applies='Dragon Attack, Melee, Save',
        summary='Every Feral unit in the army doubles its melee and save results.',
        effect='each Feral unit in this army doubles its melee and save results',
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
    ),
}
