"""Sleep (seed 000).

The sleep is a lasting effect on the unit (``sai/lasting.py``: "asleep").
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import GameState
from ...rolls.model import RollType
from ...tasks.effect_steps import ask, Events, finish, resume, units_pick
from ...tasks.kinds import EffectTask, picks_of
from ..builders import acting
from ..records import SaiRecord
from ..targeting import apply_fate


def _run_sleep(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Sleep: one unit in an opponent's army at this terrain is asleep until the beginning of
    your next turn (seed 000 Sleep)."""
    if task.stage == "start":
        units = [u for u in state.dice_in(task.zone) if u.die.kind.is_unit
                 and u.owner != task.owner]
        if not units:
            return finish(state, task, "Sleep: no opposing unit at this terrain", events)
        question = units_pick(task.owner, "Sleep: target one opposing unit at this terrain", units,
                              max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    state, words = apply_fate(state, task, "asleep", die_id, events)
    return finish(state, task, f"Sleep: {state.die_label(die_id)} is asleep", events,
                  (die_id,), ((die_id, "asleep"),))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.SLEEP: SaiRecord(
        applies='Melee',
        summary='One enemy unit at this terrain falls asleep until your next turn.',
        effect='target one opposing unit at this terrain: asleep until your next turn',
        in_roll=acting("sleep", RollType.MELEE),
        runners={"sleep": _run_sleep},
    ),
}
