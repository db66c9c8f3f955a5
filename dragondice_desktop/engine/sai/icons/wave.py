"""Wave (seed 000). The march reads its effects from the counted roll itself
(``turn/march_rolls.py``), so it has no runner here.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Maneuver (marching): each counter-maneuvering army subtracts X; counter-maneuver: no
    effect. Melee: the defending army subtracts X save results (seed 000 Wave)."""
    rt = sai.roll_type
    if rt is RollType.MANEUVER:
        if sai.ctx.counter_maneuver:
            return sai.ignored(
                "Wave does nothing if rolled during a counter-maneuver (seed 000 Wave)")
        return sai.effect("subtract_from_counter_maneuver",
                          f"Wave: each counter-maneuvering army subtracts {sai.x} from its "
                          f"maneuver results (seed 000 Wave)")
    if rt is RollType.MELEE:
        return sai.effect("subtract_saves")
    return sai.not_applicable()


RECORDS: dict[Icon, SaiRecord] = {
    Icon.WAVE: SaiRecord(
        applies='Melee, Maneuver',
        summary=('The defenders lose X saves; when marching, counter-maneuvering armies lose X '
                 'maneuver.'),
        effect='the defending army subtracts X save results',
        in_roll=_in_roll,
    ),
}
