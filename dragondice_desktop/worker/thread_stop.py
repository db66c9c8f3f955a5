"""Stopping a worker thread when the object that owns it goes, however it goes. QtCore only.

A runner (the odds runner, the computer's thinker, the engine client) keeps a QThread that
Python owns. Stopping it only from its window's closeEvent is not enough: a window can be
deleted without being closed (a parent deleting its children, ``deleteLater``, the garbage
collector), and a QThread destroyed while it runs aborts the whole program ("QThread:
Destroyed while thread ... is still running"); an odds job still running after its window
went would also answer to objects that no longer exist.

    stopper = ThreadStopper(thread)
    stop_when_destroyed(runner, stopper)   # runner destroyed -> job stopped, thread joined
    stopper.job_stop = job.stop            # the job running now (a threading.Event), if any
    stopper()                              # the same, by hand (shutdown); safe to call twice
"""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtCore import QObject, QThread


class ThreadStopper:
    """Stops `thread` and waits for it: first sets `job_stop` (the running job's stop flag,
    a threading.Event, or None) so a long computation ends at its next check, then quit()
    and wait(). Holds no reference to the runner, so it still works while the runner is
    being destroyed."""

    def __init__(self, thread: QThread) -> None:
        self.thread = thread
        self.job_stop: threading.Event | None = None

    def __call__(self, *_: object) -> None:
        if self.job_stop is not None:
            self.job_stop.set()
        # At exit Python may delete the thread object before its owner: nothing left to stop
        # then (a QThread deleted while it ran would already have aborted the program).
        if shiboken6.isValid(self.thread) and self.thread.isRunning():
            self.thread.quit()
            self.thread.wait()


def stop_when_destroyed(owner: QObject, stopper: ThreadStopper) -> None:
    """Run `stopper` when `owner` is destroyed (deleted by its parent, by deleteLater or by
    Python), so its thread never outlives it. The connection holds `stopper` strongly and
    `owner` not at all."""
    owner.destroyed.connect(lambda *_: stopper())
