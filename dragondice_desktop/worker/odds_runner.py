"""The odds' worker thread: exact distributions are worked out away from the GUI thread, the
newest request only, and a request can be stopped.

QtCore only. A panel hands `OddsRunner.request` a function of no arguments (the whole
computation: it reads only immutable values); the runner's thread calls it and the runner
emits, in the GUI thread, `finished(job, result)`, `failed(job, message)` for a ValueError
(an impossible roll) or any other failure, `progress(job, done, total)` while the dice are
folded, and `cancelled(job)`. A new request stops the one running (the fold checks between
dice, ``odds.fold.watching``) and skips any still waiting; `cancel()` stops the current one.
Only answers to the newest job reach the panel: an answer that arrives late is dropped.

    runner = OddsRunner()
    runner.finished.connect(panel.draw_result)
    job = runner.request(lambda: army_distribution(dice, spec))
    runner.cancel()
    runner.shutdown()                       # quit() + wait()
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from ..odds.fold import Cancelled, watching
from .thread_stop import ThreadStopper, stop_when_destroyed

class _Job:
    """One request: its number, the computation and the flag that stops it."""

    def __init__(self, number: int, compute: Callable[[], object]) -> None:
        self.number = number
        self.compute = compute
        self.stop = threading.Event()


class _Newest:
    """The newest job's number, shared by the runner and its worker. A plain object, so the
    worker holds no reference to the runner: no runner-worker cycle is left for the garbage
    collector to break later, at a moment and in a thread of its choosing."""

    def __init__(self) -> None:
        self.number = 0


class _OddsWorker(QObject):
    """Lives in the runner's thread and runs the jobs it is sent."""

    done = Signal(int, object)
    failed = Signal(int, str)
    progress = Signal(int, int, int)
    cancelled = Signal(int)

    def __init__(self, newest: _Newest) -> None:
        super().__init__()
        self._newest = newest

    @Slot(object)
    def run(self, job: _Job) -> None:
        if job.stop.is_set() or job.number != self._newest.number:
            self.cancelled.emit(job.number)
            return

        def watch(done: int, total: int) -> None:
            if job.stop.is_set():
                raise Cancelled
            self.progress.emit(job.number, done, total)

        try:
            with watching(watch):
                result = job.compute()
        except Cancelled:
            self.cancelled.emit(job.number)
        except ValueError as exc:
            self.failed.emit(job.number, str(exc))
        except Exception as exc:  # noqa: BLE001 — an odds bug must not take the app down
            self.failed.emit(job.number, f"the odds could not be worked out "
                                         f"({type(exc).__name__}: {str(exc)[:200]})")
        else:
            self.done.emit(job.number, result)


class OddsRunner(QObject):
    """The GUI side: starts the odds thread and forwards the answers to the newest job.

    Signals (GUI thread): finished(job, result), failed(job, message), progress(job, done,
    total), cancelled(job). `latest` is the newest job's number (0: none yet); `busy` is
    True from a request until its answer. The thread stops with the runner: on `shutdown`,
    on quitting, and when the runner is destroyed (its parent window deleted without being
    closed, for instance), so a job never outlives the window that asked for it."""

    finished = Signal(int, object)
    failed = Signal(int, str)
    progress = Signal(int, int, int)
    cancelled = Signal(int)
    _run = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._latest = _Newest()
        self.busy = False
        self._current: _Job | None = None
        self.thread = QThread()
        self.thread.setObjectName("dragondice-odds")
        self._worker = _OddsWorker(self._latest)
        self._worker.moveToThread(self.thread)
        self._run.connect(self._worker.run)
        self._worker.done.connect(self._done)
        self._worker.failed.connect(self._failed)
        self._worker.progress.connect(self._progress)
        self._worker.cancelled.connect(self._cancelled)
        # No deleteLater on the thread's end: Python owns _worker and deletes it once the
        # thread has stopped; a deferred delete still queued when Python deleted it at exit
        # aborted the app ("shared QObject was deleted directly").
        self._stopper = ThreadStopper(self.thread)
        stop_when_destroyed(self, self._stopper)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self.thread.start()

    @property
    def latest(self) -> int:
        """The newest job's number (0: none yet)."""
        return self._latest.number

    def request(self, compute: Callable[[], object]) -> int:
        """Work out `compute()` in the odds thread (stopping the job running); returns the
        new job's number."""
        if self._current is not None:
            self._current.stop.set()
        self._latest.number += 1
        self._current = _Job(self.latest, compute)
        self._stopper.job_stop = self._current.stop
        self.busy = True
        self._run.emit(self._current)
        return self.latest

    def cancel(self) -> None:
        """Stop the current job (answered by `cancelled`)."""
        if self._current is not None:
            self._current.stop.set()

    def _newest(self, job: int) -> bool:
        return job == self.latest

    def _done(self, job: int, result: object) -> None:
        if self._newest(job):
            self.busy, self._current = False, None
            self.finished.emit(job, result)

    def _failed(self, job: int, message: str) -> None:
        if self._newest(job):
            self.busy, self._current = False, None
            self.failed.emit(job, message)

    def _progress(self, job: int, done: int, total: int) -> None:
        if self._newest(job):
            self.progress.emit(job, done, total)

    def _cancelled(self, job: int) -> None:
        if self._newest(job):
            self.busy, self._current = False, None
            self.cancelled.emit(job)

    def shutdown(self) -> None:
        """Stop the job running and the thread, and wait for it (safe to call twice)."""
        self.cancel()
        self._stopper()
