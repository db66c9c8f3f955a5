"""Stepping through a saved game: every state of a record, from the start to its last action.

Pure Python (no Qt). `build_replay(record)` replays the record once and keeps each state, so
the replay view can jump to any action without replaying again. The same (setup, seed,
actions) gives the same states on any machine: all randomness comes from the seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.core.events import Event
from ..engine.game import IllegalAction, play_all
from ..engine.core.record import GameRecord
from ..engine.turn.setup import new_game
from ..engine.core.state import GameState
from .snapshot import Change, GameSnapshot


@dataclass(frozen=True)
class ReplayBook:
    """Every moment of a game: states[i] is the state after i actions (states[0]: the
    start), history[i] the events of action i + 1."""

    record: GameRecord
    states: tuple[GameState, ...]
    history: tuple[tuple[Event, ...], ...]

    @property
    def last(self) -> int:
        """The index of the last moment (= the number of actions)."""
        return len(self.states) - 1

    def snapshot(self, index: int) -> GameSnapshot:
        """The read-only snapshot of moment `index` (clamped to 0..last): no legal actions,
        so nothing on a board showing it can be dragged or picked."""
        index = max(0, min(index, self.last))
        events = self.history[index - 1] if index else ()
        return GameSnapshot(
            record=self.record.first(index),
            state=self.states[index], events=events, history=self.history[:index],
            legal=(), change=Change.LOAD, serial=index,
        )

    def pending_text(self, index: int) -> str:
        """Who was to decide what at moment `index` ("" once the game is over)."""
        pending = self.states[max(0, min(index, self.last))].pending
        return pending.prompt if pending is not None else ""


def build_replay(record: GameRecord) -> ReplayBook:
    """Replay `record`, keeping every state. Raises IllegalAction (naming the action's
    number) or SetupError for a record that does not replay."""
    state = new_game(record.players, record.seed, record.options)
    states, history = [state], []
    steps = play_all(state, record.actions)  # a manual-dice roll applied once, not per face
    for number in range(1, len(record.actions) + 1):
        try:
            state, events = next(steps)
        except IllegalAction as exc:
            raise IllegalAction(f"action {number}: {exc}") from None
        states.append(state)
        history.append(events)
    return ReplayBook(record, tuple(states), tuple(history))
