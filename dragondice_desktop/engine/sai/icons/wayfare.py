"""Wayfare (seed 001)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.dice_moves import move_die
from ...core.state import GameState
from ...rolls.model import RollType, SaiOutcome
from ...tasks.effect_steps import ask, Events, finish, resume, units_pick
from ...tasks.kinds import answer_of, EffectTask, picks_of
from ...units.fates import move_unit
from ...units.items import can_carry_item
from ..icon_roll import SaiRoll
from ..lasting import cannot_leave
from ..own_army import ask_where
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Maneuver: X maneuver results, or instead the item and one unit able to carry it may
    move to another terrain or the Reserve Area (seed 001 Wayfare): the roller's choice."""
    if sai.roll_type is not RollType.MANEUVER:
        return sai.not_applicable()
    point = sai.choice_point(("results", "move"), "results",
                             "Wayfare: take the maneuver results, or move the item and one "
                             "unit able to carry it")
    if sai.choice() == "move":
        return sai.effect("wayfare", "Wayfare: instead of maneuver results, this item and one "
                                     "unit able to carry it may move to another terrain or the "
                                     "Reserve Area (seed 001 Wayfare)") \
            + SaiOutcome(choices=(point,))
    return sai.generate(RollType.MANEUVER, f"Wayfare: {sai.results('maneuver')} (seed 001 "
                                           f"Wayfare)",
                        alternative="move the item and one carrier") + SaiOutcome(choices=(point,))


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Wayfare in a dragon attack: the item and a unit able to carry it may move to any terrain
    or the Reserve Area (seed 001 Wayfare)."""
    return sai.effect("wayfare", "Wayfare: this item and a unit able to carry it may move "
                                 "to any terrain or your Reserve Area (seed 001 Wayfare)")


def _run_wayfare(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Wayfare: the item and one unit able to carry it may move to any other terrain or the
    Reserve Area (seed 001 Wayfare)."""
    item = task.effect.die_id
    carriers = [u for u in state.units_in(task.zone, task.owner)
                if can_carry_item(u.die, state.dice[item].die) and not cannot_leave(state, u.id)]
    if task.stage == "start":
        if state.zones[item] != task.zone or not carriers:
            return finish(state, task, "Wayfare: no unit able to carry the item can move",
                          events)
        return ask_where(state, task, f"Wayfare: move {state.die_label(item)} and a unit "
                                      f"carrying it to another terrain or your Reserve Area?",
                         reserve=True)
    if task.stage == "where":
        if (waiting := resume(state, task)) is not None:
            return waiting
        to = answer_of(task)
        if isinstance(to, str):  # "stay"
            return finish(state, task, "Wayfare: the item stays", events)
        question = units_pick(task.owner, "Wayfare: the unit that carries the item", carriers,
                              max_units=1, maximize=True)
        return ask(state, task, question, stage="who", data=(to,))
    if (waiting := resume(state, task)) is not None:
        return waiting
    to, carrier = task.data[0], picks_of(task)[0]
    state = move_die(state, item, to, events)  # the item travels with its carrier
    state = move_unit(state, carrier, to, events)
    text = f"Wayfare: {state.die_label(item)} and {state.die_label(carrier)} moved to " \
           f"{state.zone_name(to)}"
    return finish(state, task, text, events, (item, carrier),
                  ((item, "moved"), (carrier, "moved")))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.WAYFARE: SaiRecord(
        applies='Dragon Attack, Maneuver',
        summary=('X maneuver, or the item and a unit carrying it move to another terrain or to '
                 'reserve.'),
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
        runners={"wayfare": _run_wayfare},
    ),
}
