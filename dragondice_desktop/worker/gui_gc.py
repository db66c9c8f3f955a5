"""Python's garbage collector, run in the GUI thread only. QtCore only.

The cyclic collector runs in whichever thread happens to allocate when a generation fills
up. Here the engine, the odds and the computer's thinking run in threads of their own and
allocate a great deal, so a collection often starts there; a reference cycle holding Qt
widgets (a window gone, a card discarded, a lambda connected to a signal) is then deleted
off the GUI thread, or in the middle of an event being delivered, and the program crashes
later in the event loop (the tests/ui suite died once in five runs that way, in pytest-qt's
``processEvents``); and a collection started by an allocation inside a QObject's destructor
deleted other QObjects there (a deadlock in ``~QObject``). So, while a `GuiThreadCollector` runs, the automatic collector is off and
the GUI thread collects from a timer, at the event loop's top level, as often as the
automatic one would (the same thresholds).

    collector = GuiThreadCollector(app)     # from now on: collections in the GUI thread
    collector.stop()                        # a last collection; the automatic one is back
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500  # how often the GUI thread looks at the collector's counts


class GuiThreadCollector(QObject):
    """Turns the automatic collector off and collects from a GUI-thread timer instead:
    generation 0 when its count passes the first threshold, the older generations when theirs
    pass too, as ``gc`` itself would. Create it in the GUI thread; `stop` ends it (safe to
    call twice)."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.was_enabled = gc.isenabled()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(interval_ms)
        self.running = True

    def check(self) -> None:
        """Collect what the automatic collector would collect now."""
        first, second, third = gc.get_count()
        if first > self.thresholds[0]:
            gc.collect(0)
            if second > self.thresholds[1]:
                gc.collect(1)
                if third > self.thresholds[2]:
                    gc.collect(2)

    def stop(self, generation: int = 2) -> None:
        """Stop the timer, collect `generation` (and the younger ones) here, and give the
        automatic collector back (if it was on)."""
        if not self.running:
            return
        self.running = False
        self.timer.stop()
        gc.collect(generation)
        if self.was_enabled:
            gc.enable()
