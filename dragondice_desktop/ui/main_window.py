"""The main window: the board in the centre; docks for the decision, the latest roll and the
game log; the Game and Help menus; saving and opening games.

The window is a view of the worker's snapshots (`show_snapshot`): it never plays an action
itself, it sends texts to the worker (`submit`) and redraws when the answer comes back.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget, QFileDialog, QMainWindow, QMessageBox, QWidget,
)

from ..engine.record import GameRecord
from ..worker.engine_worker import EngineClient
from ..worker.snapshot import Change, GameSnapshot
from .board import Board, BoardView
from .decision_panel import DecisionPanel
from .game_files import EXTENSION, FILE_FILTER, read_game_text, write_game_file
from .game_log import GameLog
from .help_texts import ABOUT, rules_coverage_html, rulings_dialog
from .new_game_dialog import NewGameDialog
from .roll_panel import RollPanel
from .store_windows import StoreWindows

APP_NAME = "Dragon Dice Desktop"


class MainWindow(QMainWindow):
    """The app window.

    client: the EngineClient to talk to (one is created, and shut down on close, if None).
    instant: no animations (tests and screenshots).
    data_dir: where the collection database lives (None: the user data folder); it is
    opened only when the collection, the force builder or the New Game dialog needs it.
    Attributes for tests: board, board_view, decision, rolls, log, snapshot, file_path,
    error_box (the last error message box shown, non-modal).
    """

    def __init__(self, client: EngineClient | None = None, instant: bool = False,
                 parent: QWidget | None = None, data_dir: str | os.PathLike | None = None,
                 ) -> None:
        super().__init__(parent)
        self.store = StoreWindows(data_dir, self)
        self._owns_client = client is None
        self.client = client or EngineClient(self)
        self.snapshot: GameSnapshot | None = None
        self.file_path: Path | None = None
        self.dirty = False
        self.error_box: QMessageBox | None = None
        self._opening: Path | None = None

        self.board = Board(self)
        self.board_view = BoardView(self.board)
        self.setCentralWidget(self.board_view)
        self.decision = DecisionPanel()
        self.rolls = RollPanel(instant=instant)
        self.log = GameLog()
        self.decision_dock = self._dock("Decision", "decisionDock", self.decision)
        self.roll_dock = self._dock("Roll result", "rollDock", self.rolls)
        self.log_dock = self._dock("Game log", "logDock", self.log)
        self.resizeDocks([self.decision_dock], [390], Qt.Orientation.Horizontal)
        self.resizeDocks([self.decision_dock, self.roll_dock, self.log_dock], [230, 330, 300],
                         Qt.Orientation.Vertical)
        self._make_menus()
        self.statusBar().showMessage("Welcome to Dragon Dice")

        self.client.stateChanged.connect(self.show_snapshot)
        self.client.failed.connect(self._action_failed)
        self.client.loadFailed.connect(self._load_failed)
        self.board.actionRequested.connect(self.submit)
        self.board.statusMessage.connect(self.show_status)
        self.decision.actionChosen.connect(self.submit)
        self._update_title()

    # --- layout ---------------------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    def _make_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self.new_action = self._action(game, "&New…", self.new_game_dialog, QKeySequence.StandardKey.New)
        self.open_action = self._action(game, "&Open…", self.open_file_dialog, QKeySequence.StandardKey.Open)
        self.save_action = self._action(game, "&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(game, "Save &As…", self.save_as, QKeySequence.StandardKey.SaveAs)
        game.addSeparator()
        self.undo_action = self._action(game, "&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.auto_action = self._action(game, "&Let the computer choose", self.computer_move,
                                        QKeySequence("F5"))
        game.addSeparator()
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        dice = self.menuBar().addMenu("&Dice")
        self._action(dice, "My &collection…", self.store.show_collection, QKeySequence("Ctrl+L"))
        self._action(dice, "&Force builder…", self.store.show_builder, QKeySequence("Ctrl+B"))
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&About", lambda: self._text_box("About", ABOUT))
        self._action(help_menu, "Rulings and &limits", self.show_rulings, QKeySequence("F1"))
        self._action(help_menu, "&Rules coverage",
                     lambda: self._text_box("Rules coverage", rules_coverage_html()))
        for action in (self.save_action, self.save_as_action, self.undo_action, self.auto_action):
            action.setEnabled(False)

    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    # --- snapshots from the worker --------------------------------------------------------

    def show_snapshot(self, snapshot: GameSnapshot) -> None:
        """Show a new state of the game everywhere (board, decision, roll, log, title)."""
        if self.snapshot is not None and snapshot.serial <= self.snapshot.serial:
            return  # an older answer overtaken by a newer one
        self.snapshot = snapshot
        self.board.set_snapshot(snapshot)
        self.decision.set_snapshot(snapshot)
        self.rolls.set_snapshot(snapshot)
        self.log.set_snapshot(snapshot)
        if snapshot.change is Change.LOAD:
            self.file_path, self._opening, self.dirty = self._opening, None, False
            self.show_status(f"Opened {self.file_path.name if self.file_path else 'game'}")
        elif snapshot.change is Change.NEW:
            self.file_path, self.dirty = None, False
            self.show_status(f"New game, seed {snapshot.record.seed}")
        else:
            self.dirty = True
        self.undo_action.setEnabled(snapshot.can_undo)
        for action in (self.save_action, self.save_as_action):
            action.setEnabled(True)
        self.auto_action.setEnabled(bool(snapshot.legal))
        self._update_title()

    def _action_failed(self, reason: str) -> None:
        self.show_status(reason)
        self.board.refresh()  # put back a die dropped for an action the engine refused

    def _load_failed(self, reason: str) -> None:
        name = self._opening.name if self._opening else "the game"
        self._opening = None
        self.show_error("Cannot open game", f"Cannot open {name}:\n{reason}")

    # --- requests -------------------------------------------------------------------------

    def submit(self, text: str) -> None:
        """Send an action (text form) to the worker."""
        self.client.submit(text)

    def undo(self) -> None:
        """Take back the last action (Ctrl+Z); back to the start of the game is allowed."""
        self.client.undo()

    def computer_move(self) -> None:
        """Let the automatic policy answer the pending decision."""
        self.client.autoplay(1)

    def start_game(self, setups, seed: int) -> None:
        """Start a new game (two PlayerSetup, int seed)."""
        self.client.new_game(setups, seed)

    def new_game_dialog(self) -> None:
        """Ask for players, forces and seed, then start the game."""
        dialog = NewGameDialog(self, forces=self.store.game_forces())
        if dialog.exec() == NewGameDialog.DialogCode.Accepted:
            self.start_game(dialog.setups(), dialog.seed())

    # --- files ----------------------------------------------------------------------------

    def open_file_dialog(self) -> None:
        """Choose a game file and open it."""
        path, _ = QFileDialog.getOpenFileName(self, "Open game", self._folder(), FILE_FILTER)
        if path:
            self.open_file(path)

    def open_file(self, path: str | os.PathLike) -> None:
        """Open a game file. The worker replays it; if it is not a good game file an error box
        names the problem and the current game stays as it was."""
        path = Path(path)
        try:
            text = read_game_text(path)
        except (OSError, ValueError) as exc:
            self.show_error("Cannot open game", f"Cannot open {path.name}:\n{exc}")
            return
        self._opening = path
        self.client.load_text(text)

    def open_record(self, record: GameRecord) -> None:
        """Replace the game with a record (no file attached)."""
        self.client.load(record)

    def save(self) -> bool:
        """Save to the current file, or ask for one. Returns True when saved."""
        if self.file_path is None:
            return self.save_as()
        return self.save_to(self.file_path)

    def save_as(self) -> bool:
        """Ask for a file name and save there. Returns True when saved."""
        if self.snapshot is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save game", self._folder(), FILE_FILTER)
        if not path:
            return False
        if not Path(path).suffix:
            path += EXTENSION
        return self.save_to(path)

    def save_to(self, path: str | os.PathLike) -> bool:
        """Write the current game record to `path` atomically. Returns True when saved;
        shows an error box and returns False if the file cannot be written."""
        if self.snapshot is None:
            return False
        path = Path(path)
        try:
            write_game_file(path, self.snapshot.record)
        except OSError as exc:
            self.show_error("Cannot save game", f"Cannot save {path.name}:\n{exc}")
            return False
        self.file_path, self.dirty = path, False
        self._update_title()
        self.show_status(f"Saved {path.name}")
        return True

    def _folder(self) -> str:
        return str(self.file_path.parent) if self.file_path else str(Path.home())

    # --- messages -------------------------------------------------------------------------

    def show_status(self, text: str) -> None:
        """A line in the status bar (reasons for refused moves, saves ...)."""
        self.statusBar().showMessage(text, 15000)

    def show_error(self, title: str, text: str) -> None:
        """An error message box, window-modal but not blocking (tests read `error_box`)."""
        box = QMessageBox(QMessageBox.Icon.Critical, title, text, QMessageBox.StandardButton.Ok,
                          self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.error_box = box
        box.open()

    def show_rulings(self) -> None:
        """The rulings page (resources/rulings.md): how the app reads ambiguous rules and
        what it does not resolve yet."""
        self.rulings = rulings_dialog(self)
        self.rulings.open()

    def _text_box(self, title: str, html: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, html,
                          QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.RichText)
        self.info_box = box
        box.open()

    def _update_title(self) -> None:
        name = self.file_path.name if self.file_path else "Untitled"
        if self.snapshot is None:
            self.setWindowTitle(APP_NAME)
            return
        self.setWindowTitle(f"{name}{' *' if self.dirty else ''} — {APP_NAME}")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._owns_client:
            self.client.shutdown()
        self.store.close()
        super().closeEvent(event)
