"""Charge (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import read_by_march
from ..records import SaiRecord


# The combination roll Charge's effect makes the defending army roll instead of saving or
# counter-attacking (seed 000): (effect kind, who rolls, the types counted, the owner's default
# first). Count a roll and the odds read it.
COMBINATION_ROLL = ("charge", "the defending army", (RollType.SAVE, RollType.MELEE))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CHARGE: SaiRecord(
        applies='Melee*',
        summary=("The attackers' maneuver counts as melee, and the defenders strike back with a "
                 'save-and-melee roll instead of a normal save.'),
        effect=('the attacking army counts maneuver results as melee; the defender makes a '
                'combination save and melee roll instead of saving or counter-attacking, and its '
                'melee results damage the attacker (only spell saves reduce it)'),
        limit=(lambda ctx: ctx.counter_attack,
               "Charge has no effect during a counter-attack (seed 000 Charge)"),
        in_roll=read_by_march("charge", RollType.MELEE),
        combination_roll=COMBINATION_ROLL,
    ),
}
