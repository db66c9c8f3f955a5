"""The reducer: `legal_actions`, `apply`, `play` and `replay` (architecture guide).

A game is fully defined by (player setups, seed, actions): undo, save, load and replay all
rebuild a state by replaying that record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import Action
from .events import Event
from .march import apply_march, legal_march_actions
from .options import GameOptions
from .reserves import apply_reserves, legal_reserve_actions
from .resolution import apply_task_action, legal_task_actions
from .setup import apply_setup, legal_setup_actions, new_game
from .state import GameState, Phase, PlayerSetup

SETUP_PHASES = (Phase.SETUP_ROLLOFF, Phase.SETUP_CHOICE, Phase.SETUP_FRONTIER)
MARCH_PHASES = (Phase.FIRST_MARCH, Phase.SECOND_MARCH)
# Phases before the marches: their decisions are questions of the task queue.
TURN_START_PHASES = (Phase.EXPIRE_EFFECTS, Phase.EIGHTH_FACE, Phase.DRAGON_ATTACK,
                     Phase.SPECIES_ABILITIES)


class IllegalAction(ValueError):
    """An action that is not legal in the state it was played in; the state is unchanged."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, sorted by text form (deterministic). Empty once the game is over."""
    if state.phase in SETUP_PHASES:
        actions = legal_setup_actions(state)
    elif state.phase in MARCH_PHASES:
        actions = legal_march_actions(state)
    elif state.phase is Phase.RESERVES:
        actions = legal_reserve_actions(state)
    elif state.phase in TURN_START_PHASES:
        actions = legal_task_actions(state)
    else:
        actions = []
    return tuple(sorted(actions, key=lambda a: a.to_text()))


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal action: returns (new state, events). Does not check legality (see play)."""
    events: list[Event] = []
    if state.phase in SETUP_PHASES:
        state = apply_setup(state, action, events)
    elif state.phase in MARCH_PHASES:
        state = apply_march(state, action, events)
    elif state.phase is Phase.RESERVES:
        state = apply_reserves(state, action, events)
    elif state.phase in TURN_START_PHASES:
        state = apply_task_action(state, action, events)
    return state, tuple(events)


def play(state: GameState, action: Action | str) -> tuple[GameState, tuple[Event, ...]]:
    """Check that `action` (an Action or its text form) is legal, then apply it.

    Raises IllegalAction naming the action and the decision pending; the given state is
    never changed (states are immutable).
    """
    if isinstance(action, str):
        try:
            action = Action.from_text(action)
        except ValueError as exc:
            raise IllegalAction(str(exc)[:200]) from None
    try:  # compared by text form: Action(KILL, (0.0,)) is not "kill 0" (0.0 == 0 in Python)
        text = action.to_text() if isinstance(action, Action) else None
    except Exception:  # noqa: BLE001 — a malformed Action (its verb is not a Verb)
        text = None
    if text is None:
        raise IllegalAction("an action must be an Action or its text form")
    legal = {a.to_text(): a for a in legal_actions(state)}
    if text not in legal:
        waiting = state.pending.prompt if state.pending else "the game is over"
        shown = text if len(text) <= 80 else text[:80] + "…"
        raise IllegalAction(f"'{shown}' is not legal now ({waiting})")
    return apply(state, legal[text])


def replay(players: Sequence[PlayerSetup], seed: int, actions: Iterable[Action | str],
           options: GameOptions | None = None) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its record; returns the final state and all events.
    Raises IllegalAction (with the action's number) if an action is not legal when replayed,
    SetupError if the setups or `options` cannot start a game."""
    state = new_game(players, seed, options)
    events: list[Event] = []
    for number, action in enumerate(actions, start=1):
        try:
            state, new = play(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {number}: {exc}") from None
        events.extend(new)
    return state, events
