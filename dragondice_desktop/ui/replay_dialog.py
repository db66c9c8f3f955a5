"""The replay view: step through a game action by action, read-only.

Game ▸ Replay this game (Ctrl+R) or Game ▸ Replay a saved game… The worker builds a
`ReplayBook` (every state of the record, replayed once); this dialog shows one moment of it
on a board of its own, with first / previous / next / last buttons, a slider over the
actions, the action that led here and the events it produced. The board gets snapshots with
no legal actions, so nothing on it can be dragged or picked: the game being played in the
main window is never touched.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog, QHBoxLayout, QLabel, QListWidget, QPushButton, QSlider, QSplitter, QStyle,
    QVBoxLayout, QWidget,
)

from ..player_text import player_text
from ..worker.replay import ReplayBook
from .action_text import action_label
from .board import Board, BoardView


class ReplayDialog(QDialog):
    """Shows `book` from its start. `go(index)` jumps to the moment after `index` actions.

    For tests: `board`, `slider`, `index`, `position_label`, `action_label`, `events`,
    `first_button`, `previous_button`, `next_button`, `last_button`.
    """

    def __init__(self, book: ReplayBook, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.book = book
        self.index = -1
        self.setWindowTitle(f"Replay — {title}" if title else "Replay")
        self.setObjectName("replayDialog")
        self.resize(1300, 820)
        self.board = Board(self)
        self.view = BoardView(self.board)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.events = QListWidget()
        self.events.setWordWrap(True)
        self.events.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.position_label = QLabel()
        self.position_label.setStyleSheet("font-weight: bold;")
        self.action_label = QLabel()
        self.action_label.setWordWrap(True)

        style = self.style()
        self.first_button = self._button(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward),
                                         "First (Home)", "Home", lambda: self.go(0))
        self.previous_button = self._button(style.standardIcon(QStyle.StandardPixmap.SP_MediaSeekBackward),
                                            "Previous action (Left)", "Left",
                                            lambda: self.go(self.index - 1))
        self.next_button = self._button(style.standardIcon(QStyle.StandardPixmap.SP_MediaSeekForward),
                                        "Next action (Right)", "Right",
                                        lambda: self.go(self.index + 1))
        self.last_button = self._button(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward),
                                        "Last (End)", "End", lambda: self.go(self.book.last))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, book.last)
        self.slider.setPageStep(10)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrow keys step the replay
        self.slider.valueChanged.connect(self.go)

        controls = QHBoxLayout()
        for button in (self.first_button, self.previous_button):
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        for button in (self.next_button, self.last_button):
            controls.addWidget(button)
        controls.addWidget(self.position_label)

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(QLabel("<b>Action</b>"))
        side_layout.addWidget(self.action_label)
        side_layout.addWidget(QLabel("<b>What happened</b>"))
        side_layout.addWidget(self.events, 1)
        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setSizes([950, 330])
        layout = QVBoxLayout(self)
        note = QLabel("Replay (read-only): the board shows the game after the chosen action.")
        note.setStyleSheet("font-style: italic;")
        layout.addWidget(note)
        layout.addWidget(splitter, 1)
        layout.addLayout(controls)
        self.go(0)

    def _button(self, icon, tip: str, key: str, slot) -> QPushButton:
        button = QPushButton(icon, "")
        button.setToolTip(tip)
        button.setShortcut(QKeySequence(key))
        button.setAutoDefault(False)
        # Nothing in the dialog takes the keyboard focus, so no list or button eats the
        # arrow keys: Left / Right / Home / End always step the replay.
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _=False: slot())
        return button

    def go(self, index: int) -> None:
        """Show the game after `index` actions (clamped to the record)."""
        index = max(0, min(int(index), self.book.last))
        if index == self.index:
            return
        self.index = index
        snapshot = self.book.snapshot(index)
        self.board.set_snapshot(snapshot)
        if self.slider.value() != index:
            self.slider.setValue(index)  # re-enters go() with the same index: returns at once
        self.position_label.setText(f"{index} / {self.book.last}")
        if index == 0:
            self.action_label.setText("The start of the game (no action yet).")
        else:
            action = self.book.record.actions[index - 1]
            before = self.book.states[index - 1]
            who = before.pending.player if before.pending is not None else None
            name = before.players[who].name if who is not None else ""
            label = player_text(action_label(before, action))
            self.action_label.setText(f"{index}. {name + ': ' if name else ''}{label}  "
                                      f"<span style='color:gray'>({action.to_text()})</span>")
        self.events.clear()
        self.events.addItems([player_text(event.text) for event in snapshot.events])
        for button, enabled in ((self.first_button, index > 0), (self.previous_button, index > 0),
                                (self.next_button, index < self.book.last),
                                (self.last_button, index < self.book.last)):
            button.setEnabled(enabled)
