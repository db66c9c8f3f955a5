"""Hug (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import GameState
from ...rolls.individual_roll import unit_roll
from ...rolls.model import RollType
from ...tasks.effect_steps import Events, finish
from ...tasks.kinds import EffectTask, picks_of
from ..builders import acting
from ..damage import hit_back, pick_one_defender, unit_takes
from ..records import DragonColumn, SaiRecord


MELEE = RollType.MELEE


def _run_hug(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Hug: the target takes X damage with no save and makes a melee roll whose results damage
    the hugging unit with no save (seed 000). Both happen at once (rulings)."""
    x = task.effect.amount
    if (waiting := pick_one_defender(state, task, f"Hug: target one unit in the defending "
                                                  f"army ({x} damage, no save)",
                                     events)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (MELEE,), events, "Hug: melee back")
    state, words = unit_takes(state, die_id, x, 0, events, "Hug, seed 000")
    state, back_words = hit_back(state, task.effect.die_id, roll.total(MELEE), "Hug", events)
    return finish(state, task, f"Hug: {label} {words}; {back_words}", events, (die_id,),
                  ((die_id, words),))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.HUG: SaiRecord(
        applies='Dragon Attack, Melee',
        summary='One defender takes X damage with no save and strikes back at the hugging unit.',
        effect=('target one defending unit: X damage with no save; its melee roll damages the '
                'hugging unit with no save'),
        dragon_attack=DragonColumn(((RollType.MELEE, None),)),
        in_roll=acting("hug", RollType.MELEE),
        runners={"hug": _run_hug},
    ),
}
