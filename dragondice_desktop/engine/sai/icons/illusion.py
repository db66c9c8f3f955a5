"""Illusion (seed 000).

The protection it leaves is the lasting effect "illusion" (``sai/lasting.py``), which
missile attacks and spells ask.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ...core.state import GameState, LastingEffect
from ...rolls.model import RollType
from ...tasks.effect_steps import ask, Events, finish, resume
from ...tasks.kinds import ChooseAsk, EffectTask, zone_answer
from ..builders import acting
from ..lasting import add
from ..records import SaiRecord


def _run_illusion(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Illusion: one of your armies cannot be targeted by opposing missile attacks or spells
    until the beginning of your next turn (seed 000 Illusion)."""
    if task.stage == "start":
        zones = state.army_zones(task.owner)
        if not zones:
            return finish(state, task, "Illusion: you have no army", events)
        default = task.zone if task.zone in zones else zones[0]
        question = ChooseAsk(task.owner, "Illusion: choose one of your armies to hide", zones,
                             default)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    zone = zone_answer(task)
    text = (f"Illusion: {state.players[task.owner].name}'s {state.army_name(zone, task.owner)} "
            f"at {state.zone_name(zone)} cannot be targeted by opposing missile attacks or "
            f"spells until the beginning of {state.players[task.owner].name}'s next turn")
    state = add(state, LastingEffect(task.owner, Icon.ILLUSION, "illusion", text,
                                     player=task.owner, zone=zone,
                                     source_die=task.effect.die_id), events)
    return finish(state, task, text, events)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.ILLUSION: SaiRecord(
        applies='Magic, Melee, Missile',
        summary=('One of your armies cannot be shot at or targeted by enemy spells until your '
                 'next turn.'),
        effect=('one of your armies cannot be targeted by opposing missile attacks or spells '
                'until the beginning of your next turn'),
        in_roll=acting("illusion", RollType.MAGIC, RollType.MELEE, RollType.MISSILE),
        runners={"illusion": _run_illusion},
    ),
}
