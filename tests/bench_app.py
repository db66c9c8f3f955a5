"""Benchmark: prints speed and memory figures for issue 2 §6 (not a test; pytest ignores it).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/bench_app.py

Targets: catalog load <= 100 ms, process start to window shown <= 1 s, a full repaint of
the board with 120 dice <= 8 ms, resident memory with a game open <= 250 MB. Each figure is
the median of several runs in fresh processes where start-up matters.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

CATALOG = """
import time
t = time.perf_counter()
from dragondice_desktop.catalog.loader import load_catalog
load_catalog()
print(time.perf_counter() - t)
"""

WINDOW = """
from PySide6.QtWidgets import QApplication
from dragondice_desktop.ui.main_window import MainWindow
app = QApplication([])
window = MainWindow()
window.resize(1400, 900)
window.show()
app.processEvents()
print("shown", flush=True)
window.close()
"""

MEMORY = """
from PySide6.QtWidgets import QApplication
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.app import wait_for_snapshot
from dragondice_desktop.ui.main_window import MainWindow
app = QApplication([])
window = MainWindow()
window.resize(1400, 900)
window.show()
wait_for_snapshot(window, lambda: window.start_game(demo_setups(), 7))
for _ in range(30):
    wait_for_snapshot(window, window.computer_move)
app.processEvents()
rss = [l for l in open("/proc/self/status") if l.startswith("VmRSS")][0].split()[1]
print(int(rss) / 1024)
window.close()
"""


def median_of(runs: int, script: str) -> float:
    values = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             check=True).stdout.strip().splitlines()[-1]
        values.append(float(out))
    return statistics.median(values)


def window_start(runs: int = 5) -> float:
    """Seconds from spawning the process to the window being shown."""
    values = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", WINDOW], stdout=subprocess.PIPE, text=True)
        for line in proc.stdout:
            if line.startswith("shown"):
                values.append(time.perf_counter() - start)
                break
        proc.wait()
    return statistics.median(values)


def board_repaint(repaints: int = 60) -> tuple[int, float]:
    """(dice on the board, median ms for one full repaint of the board view)."""
    from PySide6.QtWidgets import QApplication

    from dragondice_desktop.engine.game import legal_actions
    from dragondice_desktop.engine.record import GameRecord
    from dragondice_desktop.matchup import demo_setups
    from dragondice_desktop.ui.board import Board, BoardView
    from dragondice_desktop.worker.snapshot import Change, GameSnapshot

    app = QApplication.instance() or QApplication([])
    ann, bob = demo_setups()
    # Doubling both forces gives a crowded table: about 120 dice on the board.
    big = [s.__class__(**{**s.__dict__, "home": s.home * 2, "horde": s.horde * 2,
                          "campaign": s.campaign * 2}) for s in (ann, bob)]
    record = GameRecord(tuple(big), 7)
    state = record.state()
    board = Board()
    view = BoardView(board)
    view.resize(1000, 860)  # the board's share of a 1400x900 window
    view.show()
    board.set_snapshot(GameSnapshot(record, state, (), (), legal_actions(state), Change.NEW))
    app.processEvents()
    times = []
    for _ in range(repaints):
        start = time.perf_counter()
        view.viewport().repaint()  # synchronous: paints every item of the board
        times.append((time.perf_counter() - start) * 1000)
    view.close()
    return len(state.dice), statistics.median(times[5:])


def main() -> None:
    print(f"catalog load:            {median_of(5, CATALOG) * 1000:7.1f} ms   (target <= 100 ms)")
    print(f"start to window shown:   {window_start() * 1000:7.1f} ms   (target <= 1000 ms)")
    dice, ms = board_repaint()
    print(f"board repaint, {dice} dice: {ms:7.2f} ms   (target <= 8 ms)")
    print(f"memory with a game open: {median_of(3, MEMORY):7.1f} MB   (target <= 250 MB)")


if __name__ == "__main__":
    main()
