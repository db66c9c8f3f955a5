"""Small operations on the task queue (``GameState.tasks``) shared by the task runners:
replace or drop the head task, queue tasks in front, wait on a task's question, keep the rolls
of the march or dragon attack in progress, and record what an SAI effect did on the roll it
came from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.events import Event
from ..turn.flow import wait
from ..rolls.model import Applied, RollResult
from ..core.state import GameState, Step
from .kinds import ChooseAsk, PickAsk, Task

Events = list[Event]


def head(state: GameState) -> Task:
    """The task in progress. Raises IndexError when the queue is empty."""
    return state.tasks[0]


def replace_head(state: GameState, task: Task) -> GameState:
    """The state with the head task replaced by its next version."""
    return state.with_(tasks=(task,) + state.tasks[1:])


def pop_head(state: GameState, then: Sequence[Task] = ()) -> GameState:
    """Drop the finished head task; `then` goes first in the queue."""
    return state.with_(tasks=tuple(then) + state.tasks[1:])


def push_front(state: GameState, tasks: Sequence[Task]) -> GameState:
    """Queue `tasks` before everything else."""
    return state.with_(tasks=tuple(tasks) + state.tasks)


def settle_ask(ask: PickAsk | ChooseAsk) -> PickAsk | ChooseAsk:
    """Make the picks and choices that leave no real choice: forced picks of an opponent's
    targets, and a choice with a single option."""
    if isinstance(ask, ChooseAsk):
        if ask.answer is None and len(ask.options) == 1:
            return replace(ask, answer=ask.options[0])
        return ask
    while (pick := ask.forced()) is not None:
        ask = ask.pick(pick)
    return ask


def answered(ask: PickAsk | ChooseAsk | None) -> bool:
    """True when the question has its answer (all picks made, or an option chosen)."""
    if ask is None:
        return False
    if isinstance(ask, ChooseAsk):
        return ask.answer is not None
    return ask.complete


def wait_on(state: GameState, ask: PickAsk | ChooseAsk) -> GameState:
    """Set the pending decision for a task's question."""
    if isinstance(ask, ChooseAsk):
        default = ask.default.to_text() if hasattr(ask.default, "to_text") else str(ask.default)
        return wait(state, ask.chooser, Step.SAI_CHOOSE, ask.prompt, f"choose {default}")
    default = "" if ask.maximize else "done"
    if ask.default is not None and not ask.picked:
        default = f"pick {ask.default}"
    return wait(state, ask.chooser, Step.SAI_PICK, ask.prompt + pick_progress(ask), default)


def pick_progress(ask: PickAsk) -> str:
    """What has been picked so far, for the prompt: " (1 of 2 picked)", " (2 picked: 3 of
    5 health-worth)"; "" before the first pick."""
    if not ask.picked:
        return ""
    count = (f"{len(ask.picked)} of {ask.max_units} picked" if ask.max_units is not None
             else f"{len(ask.picked)} picked")
    spent = f": {ask.spent()} of {ask.budget} health-worth" if (
        ask.budget is not None and ask.max_units is None) else ""
    return f" ({count}{spent})"


def stored_result(state: GameState, purpose: str) -> RollResult | None:
    """The roll made for `purpose` in the march (or, outside a march, the dragon attack) in
    progress; None if there is none."""
    holder = state.march if state.march is not None else state.dragon_attack
    return holder.result(purpose) if holder is not None else None


def store_result(state: GameState, purpose: str, result: RollResult) -> GameState:
    """Keep a counted roll in the march (or the dragon attack) in progress."""
    if state.march is not None:
        return state.with_(march=state.current_march.with_result(purpose, result))
    if state.dragon_attack is not None:
        return state.with_(dragon_attack=state.current_dragon_attack.with_result(purpose, result))
    return state


def record_applied(state: GameState, purpose: str, die_id: int, applied: Applied,
                   events: Events, player: int | None = None) -> GameState:
    """Record what an SAI effect did on the roll it came from (so "explain this roll" shows
    it) and log it; the event carries the updated roll."""
    result = stored_result(state, purpose)
    roll = None
    if result is not None and result.outcome(die_id) is not None:
        roll = result.with_applied(die_id, applied)
        state = store_result(state, purpose, roll)
    events.append(Event("sai", applied.text, player=player, roll=roll))
    return state
