"""Benchmark: prints the app's speed and memory figures on the cases the targets name (not
a test; pytest ignores it).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/bench_app.py

- catalog load (goal <= 100 ms);
- start to window: the real `dragondice` start path (`cli.main`, the settings, the window,
  its first paint) in a fresh process, as CPU seconds of that process from its start
  (interpreter and imports included) and wall seconds from spawning it (goal <= 0.8 s), and
  whether numpy and pyqtgraph were loaded before any tab that needs them was shown. The app
  is measured as installed: with its modules' bytecode compiled (pip and the desktop bundle
  compile it when installing), in a bytecode folder of its own that one unmeasured start
  fills, even where PYTHONDONTWRITEBYTECODE is set; the start that compiles every module
  from source is printed beside it;
- board repaint of a 4-player mid-game board (goal <= 8 ms) and a new state's redraw, the
  board rebuilt for the next state and painted (goal <= 16 ms), both in CPU time;
- the collection's refilter as the player sees it: a search typed and the table repainted
  (goal <= 10 ms), in CPU time;
- resident memory with a game open (goal <= 250 MB).
Each figure is a median of several runs; lines read `figure: value (goal)`.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

CATALOG = """
import time
t = time.process_time()
from dragondice_desktop.catalog.loader import load_catalog
load_catalog()
print(time.process_time() - t)
"""

# The real start path, stopped when the event loop would start: `exec` is replaced by one
# round of events (the window's first paint) and a report; the New Game dialog that the
# session opens next is left out (it waits for the player).
WINDOW = """
import sys, tempfile, time
from PySide6.QtWidgets import QApplication
from dragondice_desktop.ui.main_window import MainWindow

def report(*_args):
    QApplication.processEvents()
    late = [m for m in ("numpy", "pyqtgraph") if m in sys.modules]
    print("shown", time.process_time(), ",".join(late) or "-", flush=True)
    return 0

QApplication.exec = report
MainWindow.start_session = lambda self: None
from dragondice_desktop.commands.main import main
main(["--data-dir", tempfile.mkdtemp()])
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


def window_start(runs: int = 5, compiled: bool = True) -> tuple[float, float, str]:
    """(median wall seconds from spawn to the window shown, median CPU seconds of the
    process by then, the modules of hidden tabs already loaded). `compiled`: with the
    bytecode of every module already compiled (as installed), else compiled from source."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="dragondice-bench-pycache-")
    if compiled:  # one start that writes the bytecode, as installing does
        subprocess.run([sys.executable, "-c", WINDOW], env=env, capture_output=True, check=True)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    walls, cpus, loaded = [], [], "-"
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", WINDOW], stdout=subprocess.PIPE,
                                text=True, env=env)
        for line in proc.stdout:
            if line.startswith("shown"):
                walls.append(time.perf_counter() - start)
                _, cpu, loaded = line.split()
                cpus.append(float(cpu))
                break
        proc.wait()
    shutil.rmtree(env["PYTHONPYCACHEPREFIX"], ignore_errors=True)
    return statistics.median(walls), statistics.median(cpus), loaded


def mid_game(players: int = 4, actions: int = 400, seed: int = 7):
    """(record, states): a seeded `players`-player game of the sample forces played by the
    automatic player for up to `actions` actions, with the state after each action."""
    from dragondice_desktop.engine.game import legal_actions, play
    from dragondice_desktop.engine.policy import choose
    from dragondice_desktop.engine.core.record import GameRecord
    from dragondice_desktop.matchup import table_setups

    record = GameRecord(table_setups(players), seed)
    state = record.state()
    states = [state]
    while len(record.actions) < actions and legal_actions(state):
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
        states.append(state)
    return record, states


def board_figures(repaints: int = 60, redraws: int = 40) -> tuple[int, float, float]:
    """(dice on the board, median CPU ms of one full repaint of a 4-player mid-game board at
    1400x900, median CPU ms of showing the next state: the board rebuilt and painted)."""
    from PySide6.QtWidgets import QApplication, QMainWindow

    from dragondice_desktop.engine.game import legal_actions
    from dragondice_desktop.ui.board import Board, BoardView
    from dragondice_desktop.worker.snapshot import Change, GameSnapshot

    app = QApplication.instance() or QApplication([])
    record, states = mid_game()
    board = Board()
    view = BoardView(board)
    frame = QMainWindow()
    frame.setCentralWidget(view)
    frame.resize(1400, 900)
    frame.show()

    def snapshot(i: int) -> GameSnapshot:
        state = states[i]
        return GameSnapshot(record, state, (), (), legal_actions(state), Change.NEW)

    last = len(states) - 1
    board.set_snapshot(snapshot(last - redraws - 1))
    app.processEvents()
    times = []
    for _ in range(repaints):
        start = time.process_time()
        view.viewport().repaint()  # synchronous: paints every item of the board
        times.append((time.process_time() - start) * 1000)
    redraw = []
    for i in range(last - redraws, last):
        start = time.process_time()
        board.set_snapshot(snapshot(i))
        view.viewport().repaint()
        redraw.append((time.process_time() - start) * 1000)
    frame.close()
    return len(states[-1].dice), statistics.median(times[5:]), statistics.median(redraw)


def collection_refilter(runs: int = 7) -> float:
    """Median CPU ms of a refilter as the player sees it: the collection window at
    1400x860 with a collection, a search text typed (or changed back), the table repainted."""
    from PySide6.QtWidgets import QApplication

    from dragondice_desktop.catalog.loader import load_catalog
    from dragondice_desktop.store.collection import CollectionEntry, set_entry
    from dragondice_desktop.store.database import open_memory_database
    from dragondice_desktop.ui.collection_window import CollectionWindow

    app = QApplication.instance() or QApplication([])
    catalog = load_catalog()
    db = open_memory_database()
    for n, die in enumerate(catalog):
        if n % 3 == 0:
            set_entry(db, CollectionEntry(die.key, quantity=1 + n % 4), catalog)
    window = CollectionWindow(db, catalog)
    window.resize(1400, 860)
    window.show()
    app.processEvents()
    times = []
    for text in ["d", "dr", "dra", "", "e", "el", "", "goblin", "", "a", ""] * runs:
        start = time.process_time()
        window.search.setText(text)
        window.table.viewport().repaint()
        times.append(1000 * (time.process_time() - start))
    window.close()
    return statistics.median(times)


def main() -> None:
    """Measure every case and print one `figure: value (goal)` line each."""
    print(f"catalog load: {median_of(5, CATALOG) * 1000:.1f} ms (goal <= 100 ms)")
    wall, cpu, loaded = window_start()
    print(f"start to window, CPU: {cpu * 1000:.0f} ms (goal <= 800 ms)")
    print(f"start to window, wall from spawn: {wall * 1000:.0f} ms (goal <= 800 ms)")
    _, source_cpu, _ = window_start(3, compiled=False)
    print(f"start to window, CPU, every module compiled from source first: "
          f"{source_cpu * 1000:.0f} ms (not installed: for comparison)")
    print(f"modules of hidden tabs loaded at start: {loaded} (goal: -)")
    dice, repaint, redraw = board_figures()
    print(f"board repaint, 4 players mid-game, {dice} dice: {repaint:.2f} ms (goal <= 8 ms)")
    print(f"new state's redraw, 4 players mid-game: {redraw:.2f} ms (goal <= 16 ms)")
    print(f"collection refilter as the player sees it: {collection_refilter():.2f} ms "
          "(goal <= 10 ms)")
    print(f"memory with a game open: {median_of(3, MEMORY):.1f} MB (goal <= 250 MB)")


if __name__ == "__main__":
    main()
