"""Cantrip (seed 000).

The Cantrip spells its magic buys are cast by ``spells/casting.py``; ``cantrip_only`` also
serves the Bronze Medallion (``logo.py``).
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...rolls.model import RollKind, RollType, SaiOutcome
from ..icon_roll import CANTRIP_ALONE, SaiRoll
from ..records import SaiRecord


def cantrip_only(sai: SaiRoll, what: str) -> SaiOutcome:
    """Magic in a non-magic roll that can only buy cantrip spells (digest §5.3): in play the
    game offers them after an army roll, or after the effect that made a unit roll on its own
    (``spells/casting.py``); counted outside a game (the resolve command, the odds) nobody
    casts them, so they are reported."""
    if sai.ctx.cantrip_spells:
        when = ("once the effect that made the unit roll is resolved (rulings)"
                if sai.ctx.kind is RollKind.INDIVIDUAL else "after the roll (digest §5.3)")
        out = sai.ignored(f"{sai.name}: {sai.x} magic results usable only for Cantrip "
                          f"spells{what}, cast {when}")
    else:
        out = sai.unresolved(f"{sai.x} magic results usable only for cantrip spells{what}; "
                             f"{CANTRIP_ALONE}")
    return out + SaiOutcome(cantrip_magic=sai.x)


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic. Other non-maneuver rolls: X cantrip-only magic (seed 000 Cantrip)."""
    if sai.roll_type is RollType.MAGIC:
        return sai.generate(RollType.MAGIC,
                            f"Cantrip: {sai.results('magic')} (seed 000 Cantrip)")
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    return cantrip_only(sai, "")


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CANTRIP: SaiRecord(
        applies='Magic, Non-Maneuver',
        summary=('X magic in a magic action; in other non-maneuver rolls, X magic good only for '
                 'cantrip spells.'),
        in_roll=_in_roll,
    ),
}
