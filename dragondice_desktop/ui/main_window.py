"""The main window: the board in the centre; docks for the decision, the latest roll and the
game log; the Game, Dice and Help menus; saving, opening, replaying and recovering games.

The window is a view of the worker's snapshots (`show_snapshot`): it never plays an action
itself, it sends texts to the worker (`submit`) and redraws when the answer comes back.

Never lose a game (issue 7): with `autosave=True` the worker writes the record to the user
data folder after every change; `start_session()` offers to resume a game the app did not
close cleanly; a clean close removes the autosave (after offering to save an unfinished game
when `confirm_close` is on). An engine failure puts the game back where it was and offers a
bug report bundle. The session logic lives in `session.py`, the menus in `menus.py`.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDockWidget, QFileDialog, QMainWindow, QMessageBox, QScrollArea, QWidget,
)

from ..player_text import count_of, player_text
from ..engine.core.actions import Verb
from ..engine.core.options import CLASSIC, RULESETS, GameOptions
from ..engine.core.record import PERSON, GameRecord
from ..engine.core.state import Phase
from ..store.paths import data_dir as user_data_dir
from ..worker.autosave import Autosave
from .autosave_warning import AutosaveWarning
from ..worker.engine_worker import EngineClient
from ..worker.snapshot import Change, GameSnapshot
from . import folders, menus, session
from .board import Board, BoardView, situation
from .computer_seats import ComputerSeats
from .decision_panel import DecisionPanel
from .game_files import EXTENSION, FILE_FILTER, read_game_text, write_game_file
from .game_log import GameLog
from .army_assembly import ArmyAssembly
from .hand_off import HandOffOverlay, hand_off_player
from .help_texts import rulings_dialog
from .new_game_dialog import NewGameDialog
from .roll_panel import RollPanel
from .settings import HandOff, Preferences, SettingsStore, apply_theme
from .store_windows import StoreWindows

APP_NAME = "Dragon Dice Desktop"
STATUS_MS = 15000      # how long a status line stays (refusals, saves ...)
UNDO_STATUS_MS = 6000  # "Took back an action": shorter (the next action clears it anyway)
DOCK_MIN_WIDTH = 300  # px: a side panel's narrowest


class MainWindow(QMainWindow):
    """The app window.

    client: the EngineClient to talk to (one is created, and shut down on close, if None).
    instant: no animations (tests and screenshots), whatever the preferences say.
    data_dir: the --data-dir folder (None: $DRAGONDICE_DATA_DIR or the user data folder):
    the collection database (opened only when needed) and the autosave live there.
    settings: where preferences and the window layout are kept (None: in memory only, the
    defaults — tests and screenshots never read or write the player's settings).
    autosave: write the game to `data_dir`/autosave.ddgame after every change.
    confirm_close: on close, offer to save an unfinished game that has unsaved actions.

    Hotseat: when the player who must decide changes, the hand-off screen (`hand_off`, a
    HandOffOverlay) may cover the window until the next player is ready (Preferences ▸
    Hand-off screen between players).

    Attributes for tests: board, board_view, decision, rolls, log, hand_off, snapshot,
    file_path, preferences, error_box (the last error box, non-modal), crash_box, resume_box,
    confirm_box, last_crash, replay_dialog, inspector, glossary, cheat_sheet, rulings.
    """

    def __init__(self, client: EngineClient | None = None, instant: bool = False,
                 parent: QWidget | None = None, data_dir: str | os.PathLike | None = None,
                 *, settings: SettingsStore | None = None, autosave: bool = False,
                 confirm_close: bool = False) -> None:
        super().__init__(parent)
        self.store = StoreWindows(data_dir, self)
        self._owns_client = client is None
        self.client = client or EngineClient(self)
        self.settings = settings or SettingsStore()
        self.preferences = self.settings.preferences()
        self.instant = instant
        self.confirm_close = confirm_close
        self.autosave = Autosave(user_data_dir(data_dir)) if autosave else None
        self.snapshot: GameSnapshot | None = None
        self.file_path: Path | None = None
        self.dirty = False
        self.error_box: QMessageBox | None = None
        self.crash_box: QMessageBox | None = None
        self.resume_box: QMessageBox | None = None
        self.confirm_box: QMessageBox | None = None
        self.last_crash = None
        # The summary of the last game over (a GameOverDialog; its chart library loads when
        # a game first ends, not at start).
        self.game_over = None
        self.replay_dialog = self.inspector = self.glossary = self.cheat_sheet = None
        # A demo game is thrown away: not autosaved (an earlier game's autosave stays), not
        # offered for saving on close. The first real game after it is autosaved as usual.
        self.throwaway = False
        self.demo_changed = False  # the player has played on in the demo game
        self._opening: Path | None = None
        self._resuming = False
        self._replay_title = ""
        # The line that said what happened to the whole game (new, opened, resumed, undo,
        # redo): stale once the next action is played, which clears it.
        self._game_status = ""
        # Before any widget exists: style sheets read the palette when they are applied.
        apply_theme(self.preferences.theme)

        self.board = Board(self, instant=instant)
        self.board_view = BoardView(self.board)
        self.setCentralWidget(self.board_view)
        self.decision = DecisionPanel()
        self.rolls = RollPanel(instant=instant)
        self.log = GameLog()
        self.decision_dock = self._dock("Decision", "decisionDock", self.decision)
        self.roll_dock = self._dock("Roll result", "rollDock", self.rolls)
        self.log_dock = self._dock("Game log", "logDock", self.log)
        # The Odds panel (numpy and pyqtgraph) is built when first shown or asked for, not at
        # start. It scrolls rather than widening the window: charts have a large minimum size.
        self._odds = None
        self._odds_scroll = QScrollArea()
        self._odds_scroll.setWidgetResizable(True)
        self.odds_dock = self._dock("Odds", "oddsDock", self._odds_scroll)
        self.odds_dock.visibilityChanged.connect(lambda shown: shown and self.odds)
        # The odds share the roll panel's place (a tab): a player opens them when deciding.
        self.tabifyDockWidget(self.roll_dock, self.odds_dock)
        self.roll_dock.raise_()
        self.resizeDocks([self.decision_dock], [390], Qt.Orientation.Horizontal)
        self.resizeDocks([self.decision_dock, self.roll_dock, self.log_dock], [230, 330, 300],
                         Qt.Orientation.Vertical)
        self.computers = ComputerSeats(self)
        self.hand_off = HandOffOverlay(self, [self.board_view, self.decision_dock,
                                              self.roll_dock, self.odds_dock, self.log_dock])
        self.assembly = ArmyAssembly(self)
        self.assembly.requested.connect(self.submit)
        menus.build(self)
        self.statusBar().showMessage("Welcome to Dragon Dice")
        self.apply_preferences(self.preferences)

        self.client.stateChanged.connect(self.show_snapshot)
        self.client.failed.connect(self._action_failed)
        self.client.loadFailed.connect(self._load_failed)
        self.client.crashed.connect(self._engine_crashed)
        self.client.replayReady.connect(self._show_replay)
        self.client.replayFailed.connect(self._replay_failed)
        self.autosave_warning = AutosaveWarning(self)
        self.client.autosaveFailed.connect(self.autosave_warning.failed)
        self.client.autosaveRestored.connect(self.autosave_warning.restored)
        self.board.actionRequested.connect(self.submit)
        self.board.statusMessage.connect(self.show_status)
        self.board.inspectRequested.connect(self.show_inspector)
        self.decision.actionChosen.connect(self.submit)
        self.decision.targetsChanged.connect(self.board.set_spell_targets)
        self.decision.heightWanted.connect(lambda height: self.resizeDocks(
            [self.decision_dock], [height], Qt.Orientation.Vertical))
        if self.autosave is not None:
            self.client.set_autosave(self.autosave.folder)
            # Long games opened or saved are remembered, so opening them again is quick.
            self.client.set_cache(self.autosave.folder / "replay-cache")
        self._update_title()

    # --- layout ---------------------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        # Never so narrow that the decision buttons' labels are cut (a small window gives
        # its width to the board, and growing it again would not give it back to the docks).
        dock.setMinimumWidth(DOCK_MIN_WIDTH)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    def restore_layout(self) -> bool:
        """Put the window and its docks where the player left them (saved on close).
        Returns True when a saved geometry was restored."""
        geometry, state = self.settings.layout()
        restored = geometry is not None and self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)
        return bool(restored)

    def save_layout(self) -> None:
        """Remember the window geometry and dock layout."""
        self.settings.save_layout(self.saveGeometry(), self.saveState())

    # --- preferences ----------------------------------------------------------------------

    def apply_preferences(self, prefs: Preferences) -> None:
        """Use `prefs` now: animation speed, dice size, theme."""
        theme_changed = prefs.theme != self.preferences.theme
        self.preferences = prefs
        if prefs.hand_off is HandOff.OFF:
            self.hand_off.dismiss()  # a cover still up would wait for nobody
        self.rolls.set_duration(prefs.animation.value)
        self.board.set_animation(prefs.animation.value)
        self.board.set_dice_scale(prefs.dice_scale)
        apply_theme(prefs.theme)
        if theme_changed:
            # Style sheets resolved "palette(...)" when they were set: set them again.
            for widget in self.findChildren(QWidget):
                css = widget.styleSheet()
                if "palette(" in css:
                    widget.setStyleSheet("")
                    widget.setStyleSheet(css)
            if self.snapshot is not None:
                # Colours chosen when the rows were built follow the new palette.
                self.log.rebuild(self.snapshot)
                self.rolls.set_snapshot(self.snapshot, force=True)

    def set_preferences(self, prefs: Preferences) -> None:
        """Store `prefs` in the settings and apply them."""
        self.settings.save_preferences(prefs)
        self.apply_preferences(prefs)

    def show_preferences(self) -> None:
        """The Preferences dialog (non-modal; OK stores and applies)."""
        from .preferences_dialog import PreferencesDialog

        dialog = PreferencesDialog(self.preferences, self)
        dialog.accepted.connect(lambda: self.set_preferences(dialog.preferences()))
        self.preferences_dialog = dialog
        dialog.open()

    @property
    def odds(self):
        """The Odds panel (a GameOddsPanel), built the first time its tab is shown or it is
        asked for, and given the game as it stands."""
        if self._odds is None:
            from ..worker.odds_runner import OddsRunner
            from .game_odds import GameOddsPanel

            self._odds = GameOddsPanel()
            # Worked out in their own thread: a big army never freezes the window.
            self._odds_runner = OddsRunner(self)
            self._odds.panel.set_runner(self._odds_runner)
            self._odds_scroll.setWidget(self._odds)
            if self.snapshot is not None:
                self._odds.set_snapshot(self.snapshot)
        return self._odds

    # --- snapshots from the worker --------------------------------------------------------

    def show_snapshot(self, snapshot: GameSnapshot) -> None:
        """Show a new state of the game everywhere (board, decision, roll, log, title)."""
        if self.snapshot is not None and snapshot.serial <= self.snapshot.serial:
            return  # an older answer overtaken by a newer one
        before, self.snapshot = self.snapshot, snapshot
        self._show_assembly(snapshot)
        self._hand_off(before, snapshot)
        self.board.set_snapshot(snapshot)
        self.decision.set_snapshot(snapshot)
        self.rolls.set_snapshot(snapshot)
        if snapshot.appends and any(e.kind == "roll" for e in snapshot.events):
            self.roll_dock.raise_()  # a new roll comes forward (the odds share its place)
        self.log.set_snapshot(snapshot)
        if self._odds is not None:
            self._odds.set_snapshot(snapshot)  # a few ms: per-die odds are cached
        if snapshot.change is Change.LOAD and self._resuming:
            self._resuming = False
            self.file_path, self._opening, self.dirty = None, None, True
            self.show_game_status(f"Resumed the interrupted game at action "
                                  f"{len(snapshot.record.actions)}")
        elif snapshot.change is Change.LOAD:
            self.file_path, self._opening, self.dirty = self._opening, None, False
            self.show_game_status(
                f"Opened {self.file_path.name if self.file_path else 'the game'}")
        elif snapshot.change is Change.NEW:
            self.file_path, self.dirty = None, False
            self.show_game_status(f"New game, seed {snapshot.record.seed}")
        elif snapshot.change in (Change.UNDO, Change.REDO):
            self.dirty = True
            done = "Took back an action" if snapshot.change is Change.UNDO else "Played it again"
            played = count_of(len(snapshot.record.actions), 'action')
            self.show_game_status(f"{done}: {played} played · {situation(snapshot.state)}",
                                  UNDO_STATUS_MS)
        else:
            self.dirty = True
            if self._game_status and self.statusBar().currentMessage() == self._game_status:
                self.statusBar().clearMessage()  # the game has moved on since
            self._game_status = ""
        self.undo_action.setEnabled(snapshot.can_undo)
        self.redo_action.setEnabled(snapshot.can_redo)
        for action in (self.save_action, self.save_as_action, self.replay_action):
            action.setEnabled(True)
        self.auto_action.setEnabled(bool(snapshot.legal))
        for action in (self.hint_action, self.hard_hint_action):
            action.setEnabled(bool(snapshot.legal))
        self._update_title()
        if (snapshot.state.phase is Phase.GAME_OVER and snapshot.change is not Change.LOAD
                and (before is None or before.state.phase is not Phase.GAME_OVER)):
            self.show_game_over(snapshot.record)
        self.computers.follow(snapshot)

    def show_game_over(self, record: GameRecord) -> None:
        """The game-over summary of `record` (non-modal: the board stays readable), with
        New game and Rematch (the same players, forces and options, a new seed)."""
        import random

        from .game_over_dialog import GameOverDialog

        self.game_over = GameOverDialog(record, self)
        self.game_over.newGameRequested.connect(self.new_game_dialog)

        def rematch() -> None:
            if self._may_replace("starting a rematch"):
                self._keep_games_from_now()
                self.start_game(record.players, random.randrange(2_000_000_000), record.options,
                                record.seats)

        self.game_over.rematchRequested.connect(rematch)
        self.game_over.show()

    def _hand_off(self, before: GameSnapshot | None, snapshot: GameSnapshot) -> None:
        """Cover the window for the next player when the preferences ask for it. Only
        actions played on (not a new, opened or undone game) hand the computer on; a cover
        still up when someone else must decide now names that player instead."""
        state = snapshot.state
        if not snapshot.appends or state.pending is None:
            self.hand_off.dismiss()
            return
        player = hand_off_player(self.preferences.hand_off,
                                 before.state if before is not None else None, state)
        if player is None and self.hand_off.player not in (None, state.pending.player):
            player = state.pending.player
        if player is not None and not _hand_off_wanted(snapshot.record, player):
            self.hand_off.dismiss()  # the computer's seat, or the one person at the table
            player = None
        if player is not None:
            self.hand_off.show_for(player, state.players[player].name)

    def _show_assembly(self, snapshot: GameSnapshot) -> None:
        """The assembly screen while a person divides their armies at setup (the computer
        keeps its force's armies); the hand-off screen, when due, goes over it."""
        state = snapshot.state
        if (state.phase is Phase.SETUP_ARMIES and state.pending is not None
                and snapshot.record.seat(state.pending.player) == PERSON):
            self.assembly.show_for(state)
            if self.hand_off.isVisible():
                self.hand_off.raise_()
        else:
            self.assembly.dismiss()

    def _action_failed(self, reason: str) -> None:
        self.show_status(reason)
        self.board.refresh()  # put back a die dropped for an action the engine refused

    def _load_failed(self, reason: str) -> None:
        if self._resuming:
            session.resume_failed(self, reason)
            return
        name = self._opening.name if self._opening else "the game"
        self._opening = None
        self.show_error("Cannot open game", f"Cannot open {name}:\n{reason}")

    def _engine_crashed(self, report) -> None:
        session.engine_crashed(self, report)

    # --- requests -------------------------------------------------------------------------

    def submit(self, text: str) -> None:
        """Send an action (text form) to the worker; ending a turn asks first when the
        preferences say so."""
        if text == Verb.END_TURN.value and self.preferences.confirm_end_turn:
            session.confirm_end_turn(self, text)
            return
        self.demo_changed = self.throwaway  # a demo game the player has played on
        self.client.submit(text)

    def undo(self) -> None:
        """Take back the last action (Ctrl+Z); back to the start of the game is allowed.
        With computer seats: the person's last decision and the computer's replies."""
        self.demo_changed = self.throwaway
        snap = self.snapshot
        if snap is not None and any(seat != PERSON for seat in snap.record.seats):
            self.client.undo_decisions()
        else:
            self.client.undo()

    def redo(self) -> None:
        """Play again the last action taken back (Ctrl+Shift+Z / Ctrl+Y)."""
        self.demo_changed = self.throwaway
        self.client.redo()

    def computer_move(self) -> None:
        """Let the automatic policy answer the pending decision."""
        self.demo_changed = self.throwaway
        self.client.autoplay(1)

    def start_game(self, setups, seed: int, options: GameOptions | None = None,
                   seats: tuple[str, ...] = ()) -> None:
        """Start a new game (2 to 4 PlayerSetup in seat order, int seed, GameOptions or None
        for the current rules with app-rolled dice and no house rules; seats: who plays
        each player, "person" or a computer level, empty for persons only)."""
        self.client.new_game(setups, seed, options, seats)

    def hint(self, level: str = "normal") -> None:
        """What the computer at `level` would do for the person to move, with why (Ctrl+H:
        Normal, Ctrl+Shift+H: Hard)."""
        self.computers.hint(level)

    def start_demo(self, setups, seed: int, actions: int) -> None:
        """Start a throwaway demo game and let the automatic policy play `actions` actions:
        it is not autosaved, so the autosave of an interrupted game stays for a later start,
        and closing does not offer to save it."""
        self.throwaway, self.demo_changed = True, False
        if self.autosave is not None:
            self.client.set_autosave(None)
        self.start_game(setups, seed)
        self.client.autoplay(actions)

    def _keep_games_from_now(self) -> None:
        """A real game replaces the demo: autosave from now on. An autosave an earlier
        session left is first moved to autosave-previous.ddgame, never overwritten."""
        if not self.throwaway:
            return
        self.throwaway = False
        if self.autosave is not None:
            try:
                moved = self.autosave.set_aside()
            except OSError as exc:   # e.g. a read-only folder: the autosave then fails too
                self.show_status(f"The autosave of an earlier game could not be set aside "
                                 f"({exc.strerror or exc}); it was left where it is")
            else:
                if moved is not None:
                    self.show_status(f"The autosave of an earlier game was kept as "
                                     f"{moved.name}")
            self.client.set_autosave(self.autosave.folder)

    def new_game_dialog(self) -> None:
        """Ask for players, forces, options and seed, then start the game."""
        dialog = NewGameDialog(self, forces=self.store.game_forces(),
                               house_rules=self.preferences.house_rules)
        dialog.restore(self.settings.last_new_game())  # the last game's players and options
        if (dialog.exec() == NewGameDialog.DialogCode.Accepted
                and self._may_replace("starting a new game")):
            self.settings.save_last_new_game(dialog.choices())
            self._keep_games_from_now()
            self.start_game(dialog.setups(), dialog.seed(), dialog.options(), dialog.seats())

    def _may_replace(self, doing: str) -> bool:
        """Before another game replaces an unsaved one: offer to save it (a window that
        asks before closing asks here too; a demo game is thrown away unasked unless the
        player has played on in it)."""
        return (not self.confirm_close or (self.throwaway and not self.demo_changed)
                or session.may_close(self, doing))

    def start_session(self) -> None:
        """What the app does on start: offer to resume an interrupted game, else ask for a
        new one."""
        if not session.offer_resume(self):
            self.new_game_dialog()

    # --- files ----------------------------------------------------------------------------

    def open_file_dialog(self) -> None:
        """Choose a game file and open it."""
        path, _ = QFileDialog.getOpenFileName(self, "Open game", self._folder(), FILE_FILTER)
        folders.remember("games", path)
        if path and self._may_replace("opening another game"):
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
        self._keep_games_from_now()
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
        folders.remember("games", path)
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
            write_game_file(path, self.snapshot.record, self.snapshot.state,
                            self.snapshot.history)
        except (OSError, ValueError) as exc:  # ValueError: text UTF-8 cannot encode
            self.show_error("Cannot save game", f"Cannot save {path.name}:\n{exc}")
            return False
        self.file_path, self.dirty = path, False
        self.client.remember()  # opening this file later needs no replay
        self._update_title()
        self.show_status(f"Saved {path.name}")
        return True

    def _folder(self) -> str:
        """Where the game file dialogs open: the current game's folder, else the folder a
        game was last opened from or saved to (remembered), else home."""
        return str(self.file_path.parent) if self.file_path else folders.folder("games")

    # --- replay ---------------------------------------------------------------------------

    def replay_current(self) -> None:
        """Step through the game being played (Ctrl+R), in a read-only replay window."""
        if self.snapshot is not None:
            self._replay_title = self.file_path.name if self.file_path else "this game"
            self.client.replay(self.snapshot.record)

    def replay_file_dialog(self) -> None:
        """Choose a saved game and step through it (the current game is not touched)."""
        path, _ = QFileDialog.getOpenFileName(self, "Replay a saved game", self._folder(),
                                              FILE_FILTER)
        if path:
            self.replay_file(path)

    def replay_file(self, path: str | os.PathLike) -> None:
        """Open a saved game in the replay window."""
        path = Path(path)
        try:
            text = read_game_text(path)
        except (OSError, ValueError) as exc:
            self.show_error("Cannot replay game", f"Cannot replay {path.name}:\n{exc}")
            return
        self._replay_title = path.name
        self.client.replay(text)

    def _show_replay(self, book) -> None:
        from .replay_dialog import ReplayDialog

        if self.replay_dialog is not None:
            self.replay_dialog.close()
        self.replay_dialog = ReplayDialog(book, self._replay_title, self)
        self.replay_dialog.board.inspectRequested.connect(self.show_inspector)
        self.replay_dialog.show()

    def _replay_failed(self, reason: str) -> None:
        self.show_error("Cannot replay game", f"Cannot replay {self._replay_title}:\n{reason}")

    # --- help -----------------------------------------------------------------------------

    def show_cheat_sheet(self) -> None:
        """The keyboard shortcuts (F1)."""
        from .shortcuts import cheat_sheet_dialog

        self.cheat_sheet = cheat_sheet_dialog(self)
        self.cheat_sheet.show()

    def show_glossary(self) -> None:
        """The SAI and spell glossary (F2)."""
        from .glossary_dialog import GlossaryDialog

        if self.glossary is None:
            self.glossary = GlossaryDialog(self)
        if self.snapshot is not None:  # the spells of the game on the table
            self.glossary.set_ruleset(self.snapshot.state.options.ruleset)
        self.glossary.show()
        self.glossary.raise_()

    def show_count_roll(self) -> None:
        """Count a roll of physical dice: pick the dice, click the face each shows (under the
        rules of the game shown, which the dialog can change)."""
        from .count_roll_dialog import CountRollDialog

        ruleset = self.snapshot.state.options.ruleset if self.snapshot is not None else None
        self.count_roll = CountRollDialog(self, ruleset=ruleset)  # the game's rules to start
        self.count_roll.show()

    def show_inspector(self, die=None) -> None:
        """The die inspector (Ctrl+I), on `die` (a catalog Die) when given."""
        from .die_inspector import DieInspector

        if self.inspector is None:
            self.inspector = DieInspector(self)
        if die is not None:
            self.inspector.show_die(die)
        self.inspector.show()
        self.inspector.raise_()

    def show_rulings(self) -> None:
        """The rulings page (resources/rulings.md, Shift+F1): how the app reads ambiguous
        rules and what it does not resolve yet."""
        self.rulings = rulings_dialog(self)
        self.rulings.open()

    # --- messages -------------------------------------------------------------------------

    def show_status(self, text: str, timeout_ms: int = STATUS_MS) -> str:
        """A line in the status bar for `timeout_ms` (reasons for refused moves, saves ...),
        in the players' words (`player_text`: the engine's refusals carry references for its
        developers). Returns the line as shown."""
        shown = player_text(text)
        self.statusBar().showMessage(shown, timeout_ms)
        return shown

    def show_game_status(self, text: str, timeout_ms: int = STATUS_MS) -> None:
        """A status line about the game as it stands (a hint, a new or opened game, an
        undo): like `show_status`, but cleared when the next action is played, as it is no
        longer true then."""
        self._game_status = self.show_status(text, timeout_ms)

    def show_error(self, title: str, text: str) -> None:
        """An error message box, window-modal but not blocking (tests read `error_box`)."""
        box = QMessageBox(QMessageBox.Icon.Critical, title, player_text(text),
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.error_box = box
        box.open()

    def text_box(self, title: str, html: str) -> None:
        """An information box showing rich text (About, Rules coverage)."""
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
        # A 1996 game says so in the title: the same dice mean other things under it.
        rules = (f" · {RULESETS[CLASSIC]}" if self.snapshot.state.options.classic else "")
        self.setWindowTitle(f"{name}{' *' if self.dirty else ''}{rules} — {APP_NAME}")

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_replace("closing"):
            event.ignore()
            return
        self.save_layout()
        self.computers.shutdown()
        if self._odds is not None:
            self._odds_runner.shutdown()
        if self._owns_client:
            self.client.shutdown()
        else:
            self.client.stop_autosave()
        if self.autosave is not None and not self.throwaway:
            self.autosave.clear()  # closed cleanly: nothing to resume next time
        self.store.close()
        super().closeEvent(event)


def _hand_off_wanted(record: GameRecord, player: int) -> bool:
    """The hand-off screen is for persons passing the computer round: never for a
    computer seat, nor when only one person plays."""
    persons = sum(record.seat(p) == PERSON for p in range(len(record.players)))
    return record.seat(player) == PERSON and persons > 1
