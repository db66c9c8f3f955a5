"""Vanish (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import GameState
from ...rolls.model import RollType, SaiOutcome
from ...tasks.effect_steps import Events, finish, in_army, resume
from ...tasks.kinds import answer_of, EffectTask
from ...units.fates import move_unit
from ..icon_roll import SaiRoll
from ..lasting import cannot_leave
from ..own_army import ask_where
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Save: X saves; the unit may then move to any terrain or its Reserve Area, its saves
    still counting for the army it left (seed 000 Vanish)."""
    if sai.roll_type is not RollType.SAVE:
        return sai.not_applicable()
    return (sai.generate(RollType.SAVE, f"Vanish: {sai.results('save')} (seed 000 Vanish)")
            + sai.effect("vanish", "Vanish: the unit may move to any terrain or its Reserve "
                                   "Area; its saves still count for this army (seed 000)"))


def _run_vanish(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Vanish: the unit may move to any terrain or its Reserve Area; its saves still count for
    the army it left (seed 000 Vanish)."""
    unit = task.effect.die_id
    if task.stage == "start":
        if not in_army(state, unit, task.zone, task.owner) or cannot_leave(state, unit):
            return finish(state, task, "Vanish: the unit cannot move", events)
        return ask_where(state, task, f"Vanish: move {state.die_label(unit)} to another "
                                      f"terrain or your Reserve Area?", reserve=True)
    if (waiting := resume(state, task)) is not None:
        return waiting
    to = answer_of(task)
    if isinstance(to, str):  # "stay"
        return finish(state, task, f"Vanish: {state.die_label(unit)} stays", events)
    state = move_unit(state, unit, to, events)
    return finish(state, task, f"Vanish: {state.die_label(unit)} moved to {state.zone_name(to)}",
                  events, (unit,), ((unit, f"moved to {state.zone_name(to)}"),))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.VANISH: SaiRecord(
        applies='Save',
        summary='X saves, then the unit may slip away to any terrain or its Reserve Area.',
        in_roll=_in_roll,
        runners={"vanish": _run_vanish},
    ),
}
