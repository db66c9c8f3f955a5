"""Driven by test_kill_recovery.py in a subprocess: open the window with autosave on, start
the demo game and let the policy play through the window's own request path, one action
at a time, printing the number of actions after each snapshot the window has shown. The
test SIGKILLs this process mid-game.

    python kill_driver.py DATA_DIR SEED
"""

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dragondice_desktop.engine.policy import choose  # noqa: E402
from dragondice_desktop.matchup import demo_setups  # noqa: E402
from dragondice_desktop.ui.main_window import MainWindow  # noqa: E402

PAUSE_MS = 15  # between actions, so the game is still going when the test kills us


def main() -> int:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    app = QApplication(sys.argv[:1])
    window = MainWindow(instant=True, data_dir=data_dir, autosave=True)
    window.show()

    def shown(snapshot) -> None:
        # Connected after the window's own slot: the window has drawn it, and the worker
        # wrote the autosave before it sent the snapshot.
        print(len(snapshot.record.actions), flush=True)
        if snapshot.legal:
            action = choose(snapshot.state).to_text()
            QTimer.singleShot(PAUSE_MS, lambda: window.submit(action))
        else:
            print("over", flush=True)

    window.client.stateChanged.connect(shown)
    window.start_game(demo_setups(), seed)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
