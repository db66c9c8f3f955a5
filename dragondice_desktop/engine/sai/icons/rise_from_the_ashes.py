"""Rise from the Ashes (seed 000): its record and everything it does — in each kind of roll,
the effect it passes on and the code that applies it.

Its other power, the roll that sends a killed or buried unit to the Reserve Area, is applied
where units are killed (``units/fates.py``).
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import results_in
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.RISE_FROM_THE_ASHES: SaiRecord(
        applies='Save, Special',
        summary=('X saves; when the unit dies or is buried, a lucky roll sends it to your Reserve'
                 ' Area instead.'),
        in_roll=results_in({RollType.SAVE: "seed 000 Rise from the Ashes; its other power "
                                           "works when the unit is killed or buried, not in "
                                           "a roll"}),
    ),
}
