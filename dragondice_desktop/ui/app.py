"""Starting the desktop app, and rendering it headless to a PNG.

`run_app(demo, seed)` is what `dragondice` runs; `screenshot(out, ...)` is what
`dragondice screenshot OUT.png` runs (it works without a display).
"""

from __future__ import annotations

import os
import random
import time
import sys
from collections.abc import Callable
from importlib import resources

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from ..matchup import demo_setups, table_setups
from ..qt_check import platform_problem

DEMO_ACTIONS = 30
WAIT_MS = 20_000


def _application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setApplicationName("Dragon Dice Desktop")
    app.setOrganizationName("dragondice-desktop")
    # Matches packaging/dragondice.desktop so Wayland shells pair the window with its entry.
    app.setDesktopFileName("io.github.dragondice_desktop")
    app.setWindowIcon(QIcon(str(resources.files("dragondice_desktop.resources") / "app-icon.svg")))
    return app


def _platform_missing() -> bool:
    """Before the QApplication: if Qt's display plugin cannot load, print which system
    libraries (and the apt-get line) it lacks instead of letting Qt abort; True then.
    An application that already exists (tests) has its plugin loaded."""
    if QApplication.instance() is not None:
        return False
    problem = platform_problem()
    if problem:
        print(problem, file=sys.stderr)
    return problem is not None


def run_app(demo: bool = False, seed: int | None = None, data_dir: str | None = None) -> int:
    """Open the main window and run the event loop; returns the exit code.

    demo: start the two sample forces' game and let the automatic policy play
    `DEMO_ACTIONS` actions (a throwaway game, not autosaved: `MainWindow.start_demo`);
    otherwise the app offers to resume a game it did not close
    cleanly (the autosave in the data folder), or opens the New Game dialog. Preferences and
    the window layout come from the player's settings (`settings.user_settings()`).
    seed: the demo game's seed (random when None).
    data_dir: folder of the collection database and the autosave (None:
    $DRAGONDICE_DATA_DIR or the user data folder).
    """
    from .main_window import MainWindow
    from .settings import SettingsStore, user_settings

    if _platform_missing():
        return 1
    app = _application()
    from ..worker.gui_gc import GuiThreadCollector

    collector = GuiThreadCollector(app)  # garbage is collected in the GUI thread only
    window = MainWindow(data_dir=data_dir, settings=SettingsStore(user_settings()),
                        autosave=True, confirm_close=True)
    from . import folders
    folders.use_settings(window.settings)  # file dialogs open where they last were
    if not window.restore_layout():
        window.resize(1400, 900)
    window.show()
    if demo:
        # A throwaway game: the autosave of a real game stays; Game ▸ New starts a kept one.
        window.start_demo(demo_setups(), seed if seed is not None else random.randrange(10**6),
                          DEMO_ACTIONS)
    else:
        QTimer.singleShot(0, window.start_session)
    code = app.exec()
    window.computers.shutdown()
    window.client.shutdown()
    collector.stop()
    return code


def wait_for_snapshot(window, request: Callable[[], None], timeout_ms: int = WAIT_MS) -> bool:
    """Make a request of the worker and run the event loop until the window has shown the
    answer (or the worker refused). Returns False on timeout or refusal."""
    loop = QEventLoop()
    outcome = {"ok": False}

    def done(_snapshot) -> None:
        outcome["ok"] = True
        loop.quit()

    window.client.stateChanged.connect(done)
    window.client.failed.connect(loop.quit)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(timeout_ms)
    request()
    loop.exec()
    timer.stop()
    window.client.stateChanged.disconnect(done)
    window.client.failed.disconnect(loop.quit)
    # The window's own slot was connected first, so it has already drawn this snapshot.
    return outcome["ok"]


def screenshot(out: str, seed: int = 7, actions: int = 40,
               size: tuple[int, int] = (1400, 900), players: int = 2,
               ruleset: str = "v4.01") -> int:
    """Render the window on the seeded demo game after `actions` policy actions to the PNG
    `out`. Works headless (uses the offscreen platform when there is no display). Returns 0
    on success, 1 if the worker did not answer or the PNG could not be written.
    players: 2 (the demo game of Ann and Bob) to 4 (Ann, Bob, Cat and Dan, `table_setups`).
    ruleset: "v4.01" or "classic" (the 1996 game, with the sample forces' 1996 versions)."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from .main_window import MainWindow
    from .settings import HandOff, Preferences, SettingsStore

    if _platform_missing():
        return 1
    app = _application()
    # The picture shows the table, never the hand-off screen between players.
    settings = SettingsStore()
    settings.save_preferences(Preferences(hand_off=HandOff.OFF))
    window = MainWindow(instant=True, settings=settings)
    window.resize(*size)
    from ..engine.core.options import CLASSIC, checked

    classic = ruleset == CLASSIC
    setups = (table_setups(players, classic=True) if classic
              else demo_setups() if players == 2 else table_setups(players))
    options = checked(ruleset=ruleset)
    ok = wait_for_snapshot(window, lambda: window.start_game(setups, seed, options))
    if ok and actions > 0:
        ok = wait_for_snapshot(window, lambda: window.client.autoplay(actions))
    window.show()
    # Let the delayed layouts run (the log wraps its lines once its dock has its width).
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:
        app.processEvents()
    saved = ok and window.grab().save(out)
    window.close()
    window.computers.shutdown()
    window.client.shutdown()
    if not saved:
        print(f"screenshot: could not render the game to {out}", file=sys.stderr)
        return 1
    print(out)
    return 0
