"""Decapitate (seed 000): its record and everything it does — in each kind of roll, the effect
it passes on and the code that applies it.

Its effect is delayed: it applies in step 2 of the defending army's save roll
(``rolls/army_roll.py``), read from the counted roll by the march.

The dragon that rolled Jaws is killed by ``sai/on_dragons.py``. Its handler in rolls is the
shared ``acting`` (``sai/builders.py``): the effect it names, in the roll types it lists.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..builders import acting
from ..icon_roll import SaiRoll
from ..on_dragons import jaws_killer, run_kill_jaws_dragon
from ..records import SaiRecord


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Decapitate's Dragon Attack sentence: kill one dragon that rolled Jaws; if none did,
    three melee results (seed 001 Decapitate)."""
    return jaws_killer(sai, RollType.MELEE)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.DECAPITATE: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='One defender that shows ID on its save roll dies, its results lost.',
        effect=('delayed: one defending unit that rolls its ID on the save roll is killed, its '
                'results not counted'),
        in_roll=acting("delayed", RollType.MELEE),
        in_dragon_attack=_in_dragon_attack,
        runners={"kill_jaws_dragon": run_kill_jaws_dragon},
    ),
}
