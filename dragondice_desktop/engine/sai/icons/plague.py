"""Plague (seed 000)."""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import GameState
from ...rolls.individual_roll import unit_roll
from ...rolls.model import RollType
from ...tasks.effect_steps import ask, Events, finish, resume, units_pick
from ...tasks.kinds import EffectTask, picks_of
from ...units.fates import kill
from ..builders import acting
from ..records import SaiRecord
from ..targeting import defending_army


SAVE = RollType.SAVE


def _run_plague(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Plague: the target saves or is killed; then its owner targets another unit of the same
    army, until a target saves (seed 000 Plague)."""
    defending = defending_army(state, task)
    if task.stage == "start":
        if defending is None:
            return finish(state, task, "Plague: no defending army", events)
        question = units_pick(task.owner, "Plague: target one unit in the defending army",
                              state.units_in(defending[1], defending[0]), max_units=1,
                              maximize=True)
        return ask(state, task, question, stage="chain")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (SAVE,), events, "Plague: save or be killed")
    chain = task.data + (label,)
    if roll.total(SAVE) >= 1:
        return finish(state, task, f"Plague: {', '.join(chain[:-1]) or 'no unit'} killed; "
                                   f"{label} saved and ends it", events, (die_id,),
                      ((die_id, "saved"),))
    player = state.dice[die_id].owner
    zone = state.zones[die_id]
    state = kill(state, die_id, events, "Plague, seed 000")
    units = state.units_in(zone, player)
    if not units or state.winner is not None:
        return finish(state, task, f"Plague: {', '.join(chain)} killed; no unit left", events)
    question = units_pick(player, "Plague: target another unit of your army: it saves or is killed",
                          units, max_units=1, maximize=True)
    return ask(state, task, question, data=chain)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.PLAGUE: SaiRecord(
        applies='Melee',
        summary='Defenders save or die one at a time, until one of them saves.',
        effect='target defending units one by one: save or be killed, until one saves',
        in_roll=acting("plague", RollType.MELEE),
        runners={"plague": _run_plague},
    ),
}
