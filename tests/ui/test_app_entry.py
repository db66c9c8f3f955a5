"""`run_app` and `screenshot`, the two entry points the CLI calls."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from dragondice_desktop.ui.app import DEMO_ACTIONS, run_app, screenshot
from dragondice_desktop.ui.main_window import MainWindow


def test_screenshot_renders_the_demo_game_to_a_png(qapp, tmp_path):
    out = tmp_path / "shot.png"
    assert screenshot(str(out), seed=7, actions=12, size=(1000, 700)) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)


def test_run_app_demo_plays_the_policy_then_quits_when_closed(qapp):
    seen = {}

    def check() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)
                   and w.isVisible()]
        snapshot = windows[0].snapshot if windows else None
        if snapshot is not None and len(snapshot.record.actions) >= DEMO_ACTIONS:
            seen["actions"] = len(snapshot.record.actions)
            seen["seed"] = snapshot.record.seed
            windows[0].close()
        else:
            QTimer.singleShot(20, check)

    QTimer.singleShot(0, check)
    QTimer.singleShot(15_000, qapp.quit)  # safety net: never hang the suite
    assert run_app(demo=True, seed=11) == 0
    assert seen == {"actions": DEMO_ACTIONS, "seed": 11}
