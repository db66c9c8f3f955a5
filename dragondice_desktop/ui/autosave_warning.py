"""The lasting "autosave is off" warning of the main window.

While the autosave cannot be written (a full disk, a read-only folder, a folder in the way)
the game goes on but a crash would lose the actions since the last autosave, so the window
says so for as long as it lasts: a warning in the status bar that a passing message cannot
hide, naming the reason and that the autosave is retried after every action. When a write
works again the warning goes and a status line says so.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow

RESTORED_TEXT = "Autosave works again: the game is saved up to the last action."
MAX_SHOWN = 70  # characters of the reason shown in the warning itself (all in its tooltip)


class AutosaveWarning(QLabel):
    """A permanent status-bar label of `window`, hidden while the autosave works.

    `failed(reason)`: show (or update) the warning; `restored()`: hide it and show
    `RESTORED_TEXT` as a status line; `active`: whether the warning is up.
    """

    def __init__(self, window: QMainWindow) -> None:
        super().__init__()
        self._window = window
        self.active = False
        self.setObjectName("autosaveWarning")
        self.setStyleSheet("QLabel#autosaveWarning { background: #b3261e; color: white; "
                           "font-weight: bold; padding: 2px 8px; border-radius: 3px; }")
        self.setWordWrap(False)
        window.statusBar().addPermanentWidget(self)
        self.hide()

    def failed(self, reason: str) -> None:
        """The autosave could not be written: `reason` as the worker words it."""
        why = reason.removeprefix("Cannot write the autosave: ")
        shown = why if len(why) <= MAX_SHOWN else why[:MAX_SHOWN - 1] + "…"
        self.setText(f"Autosave is off: {shown}. Retrying after every action.")
        self.setToolTip(f"The autosave cannot be written: {why}.\nUntil it can, a crash "
                        "would lose this game's actions since the last autosave.")
        self.active = True
        self.show()
        self._window.statusBar().showMessage(f"Autosave is off: {why}", 15000)

    def restored(self) -> None:
        """A write worked again after a failure."""
        self.active = False
        self.hide()
        self._window.statusBar().showMessage(RESTORED_TEXT, 15000)
