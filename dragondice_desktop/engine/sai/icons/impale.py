"""Impale (seed 000): its record and everything it does — in each kind of roll, the effect it
passes on and the code that applies it.

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
    """Impale's Dragon Attack sentence: kill one dragon that rolled Jaws; if none did,
    three missile results (seed 001 Impale)."""
    return jaws_killer(sai, RollType.MISSILE)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.IMPALE: SaiRecord(
        applies='Dragon Attack, Missile',
        summary='In a missile attack, one defender that shows ID on its save roll dies.',
        effect=('delayed: one defending unit that rolls its ID on the save roll is killed, its '
                'results not counted'),
        in_roll=acting("delayed", RollType.MISSILE),
        in_dragon_attack=_in_dragon_attack,
        runners={"kill_jaws_dragon": run_kill_jaws_dragon},
    ),
}
