"""Wither (seed 000).

The results it takes from the army's rolls are its lasting effect "subtract_all", read
here (``_subtracts``); ``sai/lasting.py`` holds it and ends it.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import LastingEffect
from ...rolls.model import Modifier, ModOp, RollType
from ..builders import acting
from ..on_armies import lasting_on_army
from ..records import SaiRecord


def _subtracts(effect: LastingEffect) -> tuple[Modifier, ...]:
    """While Wither lasts, the army subtracts X results from every roll."""
    return (Modifier(ModOp.SUBTRACT, effect.amount, effect.text, icon=effect.icon),)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.WITHER: SaiRecord(
        applies='Melee',
        summary=('An enemy army at this terrain loses X results from every roll until your next '
                 'turn.'),
        effect=('an opposing army at this terrain subtracts X results from all its rolls until '
                'the beginning of your next turn'),
        in_roll=acting("army_lasting", RollType.MELEE),
        runners={"army_lasting": lasting_on_army("subtract_all",
                                                 "subtracts {amount} results from all its rolls")},
        lasting=("subtract_all", _subtracts),
    ),
}
