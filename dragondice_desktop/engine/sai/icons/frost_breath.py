"""Frost Breath (seed 000).

The halving it leaves on the army's rolls is its lasting effect "halve", read here
(``_halves``); ``sai/lasting.py`` holds it and ends it.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import LastingEffect
from ...rolls.model import Modifier, ModOp, RollType
from ..builders import acting
from ..on_armies import lasting_on_army
from ..records import SaiRecord


def _halves(effect: LastingEffect) -> tuple[Modifier, ...]:
    """While Frost Breath lasts, the army halves all its results: a dividing modifier."""
    return (Modifier(ModOp.DIVIDE, 2, effect.text, icon=effect.icon),)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.FROST_BREATH: SaiRecord(
        applies='Melee, Missile',
        summary='An enemy army at this terrain halves all its results until your next turn.',
        effect=('an opposing army at this terrain halves all its results until the beginning of '
                'your next turn'),
        in_roll=acting("army_lasting", RollType.MELEE, RollType.MISSILE),
        runners={"army_lasting": lasting_on_army("halve", "halves all its results")},
        lasting=("halve", _halves),
    ),
}
