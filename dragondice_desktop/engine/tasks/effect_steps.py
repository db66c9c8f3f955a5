"""The steps every SAI effect task (and rule task) takes: ask a player (or let a forced
answer stand), wait, resume once answered, record what the effect did on its roll, finish."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..core.events import Event
from ..rolls.model import Applied
from ..core.state import GameDie, GameState, Zone
from .queue_ops import answered, pop_head, record_applied, replace_head, settle_ask, wait_on
from .kinds import Ask, EffectTask, PickAsk, RuleTask
from ..sai.lasting import untouchable

Events = list[Event]
Runner = Callable[[GameState, EffectTask, Events], tuple[GameState, bool]]


def finish(state: GameState, task: EffectTask, text: str, events: Events,
           targets: tuple[int, ...] = (), fates: tuple[tuple[int, str], ...] = (),
            ) -> tuple[GameState, bool]:
    """Record what the effect did on its roll and drop the task."""
    state = record_applied(state, task.purpose, task.effect.die_id,
                           Applied(task.effect.icon, text, targets, fates), events, task.owner)
    return pop_head(state), False


def finish_rule(state: GameState, task: RuleTask, text: str, events: Events,
                kind: str = "message") -> tuple[GameState, bool]:
    """Log what a rule task did and drop it."""
    if text:
        events.append(Event(kind, text, player=task.player))
    return pop_head(state), False


def ask(state: GameState, task: EffectTask | RuleTask, question: Ask,
        **changes: Any) -> tuple[GameState, bool]:
    """Put a question on the task; wait unless it answers itself (forced picks). Units
    nothing may touch (``sai.lasting.untouchable``: hidden by Hide) are never candidates."""
    question = settle_ask(_within_reach(state, question))
    task = replace(task, ask=question, **changes)
    state = replace_head(state, task)
    if answered(question):
        return state, False
    return wait_on(state, question), True


def _within_reach(state: GameState, question: Ask) -> Ask:
    """`question` without the units nothing may touch among a pick's candidates."""
    if not isinstance(question, PickAsk) or not state.effects:
        return question
    hidden = untouchable(state)
    if not hidden.intersection(question.candidates):
        return question
    kept = [(i, c) for i, c in zip(question.candidates, question.costs) if i not in hidden]
    return replace(question, candidates=tuple(i for i, _ in kept),
                   costs=tuple(c for _, c in kept),
                   default=None if question.default in hidden else question.default)


def resume(state: GameState, task: EffectTask | RuleTask) -> tuple[GameState, bool] | None:
    """Wait again if the task's question is still open (None when it is answered)."""
    if answered(task.ask):
        return None
    assert task.ask is not None  # a task waits only on a question it has
    return ask(state, task, task.ask)


def units_pick(chooser: int, prompt: str, units: Sequence[GameDie], **kwargs: Any) -> PickAsk:
    return PickAsk(chooser, prompt, tuple(u.id for u in units),
                   tuple(u.die.health for u in units), **kwargs)


def in_army(state: GameState, die_id: int, zone: Zone, player: int) -> bool:
    return state.zones[die_id] == zone and state.dice[die_id].owner == player
