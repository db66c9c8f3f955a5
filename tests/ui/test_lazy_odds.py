"""The Odds tab is built when it is first shown, not at start: the window opens without
loading the charting library (the start-up target), and the tab, once shown, shows the
game as it stands."""

import os
import subprocess
import sys

from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.app import wait_for_snapshot

STARTS = """
import sys
from PySide6.QtWidgets import QApplication
from dragondice_desktop.ui.main_window import MainWindow
app = QApplication([])
window = MainWindow()
window.show()
app.processEvents()
print("pyqtgraph" in sys.modules, window._odds is None)
window.close()
window.client.shutdown()
"""


def test_the_window_opens_without_the_odds_charts():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", STARTS], capture_output=True, text=True,
                         env=env, check=True, timeout=120).stdout.split()
    assert out == ["False", "True"]


def test_showing_the_odds_tab_builds_it_with_the_game(window, qtbot):
    assert wait_for_snapshot(window, lambda: window.start_game(demo_setups(), 7))
    assert window._odds is None
    window.odds_dock.raise_()
    qtbot.waitUntil(lambda: window._odds is not None)
    assert window._odds.state is window.snapshot.state


# The real start path (the `dragondice` command's parser, the window, its first paint), as
# bench_app.py takes it: numpy (loaded by sqlite-utils, the odds and the computer players)
# and sqlite-utils wait for what needs them (issue 17: start to window <= 0.8 s).
START_PATH = """
import sys, tempfile
from PySide6.QtWidgets import QApplication
from dragondice_desktop.ui.main_window import MainWindow

def report(*_args):
    QApplication.processEvents()
    print(*[m in sys.modules for m in ("numpy", "sqlite_utils", "pyqtgraph")])
    return 0

QApplication.exec = report
MainWindow.start_session = lambda self: None
from dragondice_desktop.commands.main import main
main(["--data-dir", tempfile.mkdtemp()])
"""


def test_the_start_path_loads_neither_numpy_nor_the_store_library():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", START_PATH], capture_output=True, text=True,
                         env=env, check=True, timeout=120).stdout.split()
    assert out == ["False", "False", "False"]
