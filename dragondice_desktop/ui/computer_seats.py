"""The window's computer players (issue 13): seats played by the computer at a level, the
Hint for a person, and the pace of the computer's moves.

After every snapshot, if the player who must decide sits at a computer seat (the game
record's `seats`), the decision is asked of the thinking thread (``worker.computer``): the
window never blocks. The answer is played only if the game is still at the same snapshot
(an undo, a new game or an opened file in the meantime drops it), and no sooner than the
pace in Preferences after the previous move (instant in tests). Each computer move writes a
line in the log saying why, kept with the move in the game record (its notes), so the line
is back after an undo or when the game file is opened again. Hint (Ctrl+H: Normal; Ctrl+Shift+H: Hard) shows in the status bar
and the log what that level would do for the person to move, and why.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from ..engine.core.record import PERSON
from ..worker.computer import ComputerThinker
from ..worker.snapshot import GameSnapshot
from .action_text import action_label

if TYPE_CHECKING:
    from ..ai import Level

HINT = "hint"


def seat_title(seat: str) -> str:
    """A seat for players: "Person" or "Computer (Hard)"."""
    if seat == PERSON:
        return "Person"
    from ..ai import Level  # the computer players load when first needed (a quick start)

    return f"Computer ({Level(seat).title})"


def seat_note(name: str, seat: str) -> str:
    """Who made a move, as the log's notes say it: "Bob (computer, Hard)", "Ann" for a
    person (never a bracket inside a bracket)."""
    if seat == PERSON:
        return name
    from ..ai import Level

    return f"{name} (computer, {Level(seat).title})"


class ComputerSeats(QObject):
    """Plays the computer seats of `window` (a MainWindow). For tests: `thinking` (the
    ticket asked and not yet answered, or None), `last_hint` (the last hint's text),
    `moves` (how many computer moves were played)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.thinker = ComputerThinker(self)
        self.thinker.decided.connect(self._decided)
        self.thinker.failed.connect(self._failed)
        self.thinking = None
        self.last_hint = ""
        self.moves = 0
        self._last_move = 0.0

    def pace_ms(self) -> int:
        """How long a computer move stays in view before the next: 0 in instant windows."""
        return 0 if self.window.instant else self.window.preferences.computer_pace.value

    @staticmethod
    def computer_seat(snapshot: GameSnapshot | None) -> str | None:
        """The level of the computer seat that must decide in `snapshot` (None: a person
        decides, or the game is over)."""
        if snapshot is None or not snapshot.legal or snapshot.state.pending is None:
            return None
        seat = snapshot.record.seat(snapshot.state.pending.player)
        return None if seat == PERSON else seat

    def follow(self, snapshot: GameSnapshot) -> None:
        """A new snapshot is shown: ask the computer to decide if its seat must."""
        level = self.computer_seat(snapshot)
        if level is None:
            return
        ticket = ("move", snapshot.serial)
        self.thinking = ticket
        player = snapshot.state.pending.player
        self.thinker.think(ticket, snapshot.state, level, snapshot.record.seed + 7919 * player)

    def hint(self, level: Level | str = "normal") -> None:
        """Ask what `level` would do for the person to move (shown when it answers)."""
        from ..ai import Level

        snapshot = self.window.snapshot
        if snapshot is None or not snapshot.legal:
            self.window.show_status("No decision to give a hint for")
            return
        if self.computer_seat(snapshot) is not None:
            self.window.show_status("The computer is deciding this one")
            return
        level = Level(level)
        self.window.show_game_status(f"Thinking about a hint ({level.title})…")
        self.thinker.think((HINT, snapshot.serial, level.value), snapshot.state, level.value,
                           snapshot.record.seed)

    def _current(self, serial: int) -> bool:
        snapshot = self.window.snapshot
        return snapshot is not None and snapshot.serial == serial

    def _decided(self, ticket, decision) -> None:
        if ticket[0] == HINT:
            _, serial, level = ticket
            if self._current(serial):
                from ..ai import Level

                self._show_hint(Level(level), decision)
            return
        if ticket != self.thinking or not self._current(ticket[1]):
            return  # an answer to a state no longer shown
        wait = self._last_move + self.pace_ms() / 1000 - time.monotonic()
        if wait > 0:
            QTimer.singleShot(int(wait * 1000), lambda: self._play(ticket, decision))
        else:
            self._play(ticket, decision)

    def _play(self, ticket, decision) -> None:
        if ticket != self.thinking or not self._current(ticket[1]):
            return
        self.thinking = None
        snapshot = self.window.snapshot
        state = snapshot.state
        player = state.pending.player
        seat = snapshot.record.seat(player)
        label = action_label(state, decision.action)
        note = f"{seat_note(state.players[player].name, seat)}: {label} — {decision.reason}"
        self._log(note, player)
        self.moves += 1
        self._last_move = time.monotonic()
        self.window.client.submit(decision.action.to_text(), note)

    def _show_hint(self, level: Level, decision) -> None:
        state = self.window.snapshot.state
        text = (f"Hint ({level.title}): {action_label(state, decision.action)} — "
                f"{decision.reason}")
        self.last_hint = text
        self.window.show_game_status(text)  # stale once a move is played
        self._log(text, state.pending.player)

    def _log(self, text: str, player: int) -> None:
        self.window.log.add_note(text)
        self.window.log.scrollToBottom()

    def _failed(self, ticket, message: str) -> None:
        if ticket == self.thinking:
            self.thinking = None
        self.window.show_status(f"The computer player failed ({message}); "
                                "choose its move by hand")

    def shutdown(self) -> None:
        """Stop the thinking thread."""
        self.thinking = None
        self.thinker.shutdown()
