"""Sneak Attack (seed 000).

The damage, with no save possible, is dealt by ``sai/damage.py`` with the facts given here.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollType, SaiOutcome
from ..damage import damage_without_save
from ..icon_roll import SaiRoll
from ..records import DragonColumn, SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee. Missile or magic: X damage to an opposing army at this terrain with no
    save possible; Dragonkin killed are buried (seed 000 Sneak Attack)."""
    rt = sai.roll_type
    if rt is RollType.MELEE:
        return sai.generate(rt, f"Sneak Attack: {sai.results('melee')} (seed 000 Sneak Attack)")
    if rt in (RollType.MISSILE, RollType.MAGIC):
        return sai.effect("damage_no_save")
    return sai.not_applicable()


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SNEAK_ATTACK: SaiRecord(
        applies='Dragon Attack, Magic, Melee, Missile',
        summary='X damage with no save to an enemy army here (missile or magic); X melee in melee.',
        effect=('X damage to an opposing army at this terrain with no save; Dragonkin killed are '
                'buried'),
        dragon_attack=DragonColumn(((RollType.MELEE, None),)),
        in_roll=_in_roll,
        runners={"damage_no_save": damage_without_save(on_kill="bury_dragonkin",
                                                       opposing_here=True)},
    ),
}
