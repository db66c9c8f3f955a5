"""The engine's QThread bridge: the rules run in one worker thread, fed by signals.

QtCore only (architecture guide). The GUI never calls `play`: it emits a request through
`EngineClient` and redraws when `stateChanged` brings back a `GameSnapshot`.

    client = EngineClient()                  # starts the worker thread
    client.stateChanged.connect(window.show_snapshot)
    client.new_game(players, seed)           # -> stateChanged(GameSnapshot)
    client.submit("march t2")                # -> stateChanged, or failed(reason)
    client.undo()                            # -> stateChanged (replays all but the last action)
    client.shutdown()                        # thread.quit(); thread.wait()
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from ..engine.actions import Action
from ..engine.events import Event
from ..engine.game import IllegalAction, legal_actions, play
from ..engine.policy import choose
from ..engine.record import GameFileError, GameRecord
from ..engine.setup import SetupError, new_game
from ..engine.state import GameState
from .snapshot import Change, GameSnapshot


class EngineWorker(QObject):
    """Owns the current game (record, state, per-action events) and applies requests to it.

    Lives in the worker thread; its slots may also be called directly (tests do). Every
    successful change emits `stateChanged(GameSnapshot)`; a refused action emits
    `failed(reason)` and changes nothing; a file that cannot be opened emits
    `loadFailed(reason)` and keeps the current game.
    """

    stateChanged = Signal(object)
    failed = Signal(str)
    loadFailed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self._record: GameRecord | None = None
        self._state: GameState | None = None
        self._history: tuple[tuple[Event, ...], ...] = ()
        self._serial = 0

    # --- requests -------------------------------------------------------------------------

    @Slot(object, object)
    def new_game(self, players, seed) -> None:
        """Start a game from a sequence of PlayerSetup and an int seed."""
        try:
            state = new_game(tuple(players), int(seed))
        except (SetupError, TypeError, ValueError) as exc:
            self.failed.emit(f"Cannot start the game: {exc}")
            return
        self._set(GameRecord(tuple(players), int(seed)), state, (), Change.NEW, ())

    @Slot(str)
    def submit(self, text: str) -> None:
        """Play one action given in its text form (e.g. "reinforce 12 t0")."""
        if self._state is None:
            self.failed.emit("No game is in progress: start one with Game ▸ New")
            return
        try:
            state, events = play(self._state, text)
        except IllegalAction as exc:
            self.failed.emit(str(exc))
            return
        action = Action.from_text(text)
        self._set(self._record.with_action(action), state, self._history + (events,),
                  Change.ACTION, events)

    @Slot(int)
    def autoplay(self, count: int) -> None:
        """Let the automatic policy play up to `count` actions (stops when the game ends);
        sends one snapshot carrying all their events."""
        if self._state is None:
            self.failed.emit("No game is in progress")
            return
        record, state, history, new = self._record, self._state, self._history, []
        for _ in range(count):
            if not legal_actions(state):
                break
            action = choose(state)
            state, events = play(state, action)
            record, history = record.with_action(action), history + (events,)
            new.extend(events)
        self._set(record, state, history, Change.ACTION, tuple(new))

    @Slot()
    def undo(self) -> None:
        """Take back the last action by replaying the record without it (back to the start
        is allowed; at the start it reports that there is nothing to undo)."""
        if self._record is None or not self._record.actions:
            self.failed.emit("Nothing to undo: this is the start of the game")
            return
        record = self._record.without_last()
        self._set(record, record.state(), self._history[:-1], Change.UNDO, ())

    @Slot(object)
    def load(self, record: GameRecord) -> None:
        """Replace the game with a GameRecord, replaying it action by action so the log
        gets every event."""
        try:
            state = new_game(record.players, record.seed)
            history = []
            for number, action in enumerate(record.actions, start=1):
                try:
                    state, events = play(state, action)
                except IllegalAction as exc:
                    raise GameFileError(f"the game does not replay: action {number}: {exc}") from None
                history.append(events)
        except (GameFileError, SetupError) as exc:
            self.loadFailed.emit(str(exc))
            return
        events = tuple(e for step in history for e in step)
        self._set(record, state, tuple(history), Change.LOAD, events)

    @Slot(str)
    def load_text(self, text: str) -> None:
        """Open a saved game from its JSON text; `loadFailed` names the problem if it is not
        a good game file (the current game is kept)."""
        try:
            record = GameRecord.from_json(text)
        except GameFileError as exc:
            self.loadFailed.emit(str(exc))
            return
        self.load(record)

    # --- output ---------------------------------------------------------------------------

    def _set(self, record, state, history, change: Change, events) -> None:
        self._record, self._state, self._history = record, state, tuple(history)
        self._serial += 1
        self.stateChanged.emit(GameSnapshot(
            record=record, state=state, events=tuple(events), history=self._history,
            legal=legal_actions(state), change=change, serial=self._serial,
        ))


class EngineClient(QObject):
    """The GUI side of the worker: starts the thread, forwards requests as queued signals and
    re-emits the worker's answers in the GUI thread.

    Signals: stateChanged(GameSnapshot), failed(str) for a refused action,
    loadFailed(str) for a game file that cannot be opened.
    """

    stateChanged = Signal(object)
    failed = Signal(str)
    loadFailed = Signal(str)

    # Requests, delivered to the worker's thread by queued connections.
    _new_game = Signal(object, object)
    _submit = Signal(str)
    _autoplay = Signal(int)
    _undo = Signal()
    _load = Signal(object)
    _load_text = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName("dragondice-engine")
        self.worker = EngineWorker()
        self.worker.moveToThread(self.thread)
        self._new_game.connect(self.worker.new_game)
        self._submit.connect(self.worker.submit)
        self._autoplay.connect(self.worker.autoplay)
        self._undo.connect(self.worker.undo)
        self._load.connect(self.worker.load)
        self._load_text.connect(self.worker.load_text)
        self.worker.stateChanged.connect(self.stateChanged)
        self.worker.failed.connect(self.failed)
        self.worker.loadFailed.connect(self.loadFailed)
        self.thread.finished.connect(self.worker.deleteLater)
        app = QCoreApplication.instance()
        if app is not None:
            # A QThread destroyed while running aborts the process: stop it on quit at the latest.
            app.aboutToQuit.connect(self.shutdown)
        self.thread.start()

    def new_game(self, players, seed: int) -> None:
        """Ask for a new game (players: PlayerSetup sequence, seed: int)."""
        self._new_game.emit(tuple(players), int(seed))

    def submit(self, text: str) -> None:
        """Ask the worker to play an action given in text form."""
        self._submit.emit(text)

    def autoplay(self, count: int) -> None:
        """Ask the automatic policy to play up to `count` actions."""
        self._autoplay.emit(int(count))

    def undo(self) -> None:
        """Ask to take back the last action."""
        self._undo.emit()

    def load(self, record: GameRecord) -> None:
        """Ask to replace the game with `record`."""
        self._load.emit(record)

    def load_text(self, text: str) -> None:
        """Ask to open a game from save-file text."""
        self._load_text.emit(text)

    def shutdown(self) -> None:
        """Stop the worker thread and wait for it (safe to call twice)."""
        if self.thread.isRunning():
            self.thread.quit()
            self.thread.wait()
