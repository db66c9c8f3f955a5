"""Summon Dragon (seed 001)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.events import Event
from ...core.state import GameState
from ...rolls.model import RollType, SaiOutcome
from ...tasks.effect_steps import Events
from ...tasks.kinds import EffectTask
from ...tasks.queue_ops import pop_head
from ...terrains.eighth_faces import summon_task
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Magic at a terrain: summon a dragon and roll again; magic in reserves: X magic results
    (seed 001 Summon Dragon)."""
    if sai.roll_type is not RollType.MAGIC:
        return sai.not_applicable()
    if sai.ctx.in_reserve:
        return sai.generate(RollType.MAGIC, f"Summon Dragon: {sai.results('magic')} in a "
                                            f"magic action in reserves (seed 001 Summon Dragon)")
    return sai.effect("summon_dragon", "Summon Dragon: summon a dragon containing this item's "
                                       "colour (or an Ivory dragon, never a White one) to any "
                                       "terrain (seed 001 Summon Dragon)", amount=1,
                      rerolls=True)


def _run_summon_dragon(state: GameState, task: EffectTask,
                       events: Events) -> tuple[GameState, bool]:
    """The Dragon Staff's Summon Dragon at a terrain: summon a dragon containing the item's
    colour, or an Ivory dragon (seed 001)."""
    elements = state.dice[task.effect.die_id].die.elements
    summon = summon_task(task.owner, task.zone, elements, "Summon Dragon (seed 001)",
                         optional=False)
    events.append(Event("sai", f"{state.die_label(task.effect.die_id)}: Summon Dragon",
                        player=task.owner))
    return pop_head(state, [summon]), False


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SUMMON_DRAGON: SaiRecord(
        applies='Magic',
        summary='Summons a dragon of its colour to a terrain; X magic in reserves.',
        in_roll=_in_roll,
        runners={"summon_dragon": _run_summon_dragon},
    ),
}
