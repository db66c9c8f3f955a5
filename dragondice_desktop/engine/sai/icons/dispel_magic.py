"""Dispel Magic (seed 000).

Its own roll, made when spells target its unit, army or terrain, is the spells' business
(``spells/``).
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import SaiOutcome
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Special: rolled only when magic targets this unit, its army or its terrain (seed 000
    Dispel Magic); in every other roll it does nothing."""
    return sai.ignored("Dispel Magic works only in its own roll, made when spells target this "
                       "unit, its army or its terrain (seed 000 Dispel Magic)")


RECORDS: dict[Icon, SaiRecord] = {
    Icon.DISPEL_MAGIC: SaiRecord(
        applies='Special',
        summary=('Rolled against magic aimed at its unit, army or terrain: showing this icon '
                 'cancels that magic.'),
        in_roll=_in_roll,
    ),
}
