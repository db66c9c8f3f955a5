"""Garbage is collected in the GUI thread only (``worker.gui_gc``): a collection started by a
worker thread's allocations deleted widgets off the GUI thread, and the tests/ui suite
crashed in pytest-qt's processEvents once in five runs."""

from __future__ import annotations

import gc
import threading

from dragondice_desktop.worker.gui_gc import GuiThreadCollector


class _Cycle:
    """Half of a reference cycle that notes the thread it is collected in."""

    def __init__(self, seen: list) -> None:
        self.seen = seen
        self.other = None

    def __del__(self) -> None:
        self.seen.append(threading.current_thread())


def test_a_cycle_left_while_a_worker_allocates_is_collected_in_the_gui_thread(qtbot):
    collector = GuiThreadCollector(interval_ms=20)   # (the UI tests' own one runs too)
    try:
        assert not gc.isenabled()
        seen: list = []
        a, b = _Cycle(seen), _Cycle(seen)
        a.other, b.other = b, a
        del a, b

        kept: list = []

        def allocate():  # far past the first threshold: the automatic collector would run here
            for n in range(20 * collector.thresholds[0]):
                kept.append([n])

        worker = threading.Thread(target=allocate)
        worker.start()
        worker.join()
        assert seen == []                            # not collected in the worker
        qtbot.waitUntil(lambda: bool(seen), timeout=5000)
        assert seen == [threading.main_thread()] * 2
        del kept
    finally:
        collector.stop()
    assert not gc.isenabled()  # the UI tests' own collector still holds it off
