"""Galeforce (seed 000).

The results it takes from the army's rolls are its lasting effect "galeforce", read here
(``_subtracts``); ``sai/lasting.py`` holds it and ends it.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import LastingEffect
from ...rolls.model import Modifier, ModOp, RollType
from ..builders import acting
from ..on_armies import lasting_on_army
from ..records import SaiRecord


def _subtracts(effect: LastingEffect) -> tuple[Modifier, ...]:
    """While Galeforce lasts, the army subtracts four saves and four maneuver results."""
    return (Modifier(ModOp.SUBTRACT, 4, effect.text, types=(RollType.SAVE,), icon=effect.icon),
            Modifier(ModOp.SUBTRACT, 4, effect.text, types=(RollType.MANEUVER,),
                     icon=effect.icon))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.GALEFORCE: SaiRecord(
        applies='Magic*, Melee, Missile',
        summary=('An enemy army anywhere loses four saves and four maneuver from every roll until'
                 ' your next turn.'),
        effect=('an opposing army at any terrain subtracts four save and four maneuver results '
                'from all rolls until the beginning of your next turn'),
        limit=(lambda ctx: ctx.roll_type is RollType.MAGIC and ctx.in_reserve,
               "Galeforce works only in a magic action at a terrain, not in reserves "
               "(seed 000 Galeforce)"),
        in_roll=acting("army_lasting", RollType.MELEE, RollType.MISSILE, RollType.MAGIC,
                       amount=4),
        runners={"army_lasting": lasting_on_army(
            "galeforce", "subtracts four save and four maneuver results from all its rolls",
            anywhere=True)},
        lasting=("galeforce", _subtracts),
    ),
}
