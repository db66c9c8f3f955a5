"""The computer players' own thread (issue 13): a decision takes up to a few seconds (Hard),
so it is thought out here, never in the GUI thread and never in the engine's worker (which
must stay free for undo, saving and the window's requests). QtCore only.

    thinker = ComputerThinker()
    thinker.decided.connect(window.computer_decided)   # (ticket, Decision)
    thinker.think(ticket, state, "hard", seed)         # -> decided(ticket, Decision)
    thinker.shutdown()                                 # thread.quit(); thread.wait()

`ticket` is the caller's: it says which request an answer belongs to (the window drops an
answer to a state that is no longer shown). An exception inside the AI is reported by
`failed(ticket, message)`; the game is not touched.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from .thread_stop import ThreadStopper, stop_when_destroyed


class _Thinker(QObject):
    """Lives in the thinking thread: answers one request at a time."""

    decided = Signal(object, object)
    failed = Signal(object, str)

    @Slot(object, object, str, int)
    def think(self, ticket, state, level: str, seed: int) -> None:
        """Decide for the pending player of `state` at `level` with `seed`."""
        try:
            from ..ai import decide  # loaded with the first decision, not at start

            decision = decide(state, level, seed)
        except Exception as exc:  # noqa: BLE001 — an AI failure must not take the app down
            self.failed.emit(ticket, f"{type(exc).__name__}: {str(exc)[:200]}")
            return
        self.decided.emit(ticket, decision)


class ComputerThinker(QObject):
    """The GUI side of the thinking thread. Signals: decided(ticket, Decision),
    failed(ticket, message)."""

    decided = Signal(object, object)
    failed = Signal(object, str)
    _think = Signal(object, object, str, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName("dragondice-computer")
        self._worker = _Thinker()
        self._worker.moveToThread(self.thread)
        self._think.connect(self._worker.think)
        self._worker.decided.connect(self.decided)
        self._worker.failed.connect(self.failed)
        # No deleteLater on the thread's end: Python owns _worker and deletes it once the
        # thread has stopped; a deferred delete still queued when Python deleted it at exit
        # aborted the app ("shared QObject was deleted directly").
        self._stopper = ThreadStopper(self.thread)
        stop_when_destroyed(self, self._stopper)  # also when its owner goes unclosed
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self.thread.start()

    def think(self, ticket, state, level: str, seed: int) -> None:
        """Ask for a decision in the thinking thread (answered by decided or failed)."""
        self._think.emit(ticket, state, str(level), int(seed))

    def shutdown(self) -> None:
        """Stop the thread and wait for it (safe to call twice)."""
        self._stopper()
