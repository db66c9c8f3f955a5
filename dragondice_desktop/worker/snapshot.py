"""The immutable picture of a game that the worker hands to the window after every change.

Pure Python (no Qt): a `GameSnapshot` is built in the worker thread and read in the GUI
thread, so everything in it is an immutable value (the engine's frozen dataclasses and
tuples). The window never asks the engine anything: what it shows and which moves it offers
come from the snapshot.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..engine.core.actions import Action
from ..engine.core.events import Event
from ..engine.core.record import GameRecord
from ..engine.spells.casting import CastingView
from ..engine.core.state import GameState


class Change(enum.Enum):
    """What produced a snapshot; the log and roll panel rebuild on all but ACTION."""

    NEW = "new"          # a new game started
    ACTION = "action"    # one or more actions were played on top of the previous snapshot
    UNDO = "undo"        # the last action was taken back
    REDO = "redo"        # an undone action was played again (on top of the previous snapshot)
    LOAD = "load"        # a saved game was opened


@dataclass(frozen=True)
class GameSnapshot:
    """One moment of the game, as the window sees it.

    record:  the GameRecord (players, seed, actions) that rebuilds `state`
    state:   the engine GameState after `record.actions`
    events:  the events this change produced, in order (NEW/UNDO: none; LOAD: all of them)
    history: history[i] = the events of record.actions[i], so len(history) == len(actions)
    legal:   legal_actions(state), sorted (empty once the game is over)
    change:  what produced this snapshot
    serial:  increases by one with every snapshot the worker sends (lets the GUI drop stale ones)
    redo:    the actions undone and not yet replayed, the next one to redo first
    casting: while spells are announced, the spells offered, magic left and spells announced
             (engine ``casting_view``); None otherwise
    """

    record: GameRecord
    state: GameState
    events: tuple[Event, ...]
    history: tuple[tuple[Event, ...], ...]
    legal: tuple[Action, ...]
    change: Change
    serial: int = 0
    redo: tuple[Action, ...] = ()
    casting: CastingView | None = None

    @property
    def all_events(self) -> tuple[Event, ...]:
        """Every event of the game so far, oldest first."""
        return tuple(e for events in self.history for e in events)

    @property
    def can_undo(self) -> bool:
        """True when there is an action to take back."""
        return bool(self.record.actions)

    @property
    def can_redo(self) -> bool:
        """True when an undone action can be played again."""
        return bool(self.redo)

    @property
    def appends(self) -> bool:
        """True when this snapshot adds actions on top of the previous one (ACTION, REDO):
        views append its events instead of rebuilding from the whole history."""
        return self.change in (Change.ACTION, Change.REDO)

    def legal_texts(self) -> tuple[str, ...]:
        """The text forms of the legal actions (what the window sends back to the worker)."""
        return tuple(a.to_text() for a in self.legal)
