"""Howl (seed 000): its record and everything it does — in each kind of roll, the effect it
passes on and the code that applies it.

The effect it passes on is read by the march from the counted roll itself
(``turn/march_rolls.py``), so it has no runner here.

Its handler in rolls is the shared ``acting`` (``sai/builders.py``): the effect it names, in
the roll types it lists.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType
from ..builders import acting
from ..records import SaiRecord


RECORDS: dict[Icon, SaiRecord] = {
    Icon.HOWL: SaiRecord(
        applies='Melee, Missile',
        summary='The defenders lose X saves.',
        effect='the defending army subtracts X save results',
        in_roll=acting("subtract_saves", RollType.MELEE, RollType.MISSILE),
    ),
}
