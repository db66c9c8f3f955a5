"""The game-over summary: turns played, per player the terrains held, health killed and health
lost, and a pyqtgraph chart of each player's health in play over the turns; New game and
Rematch buttons.

The figures come from `engine.summary.game_summary` over the states of a replay of the
game's record, worked out on a background thread (a long game replays in a second or more)
so the window never freezes; the dialog says "Counting…" until they arrive.
"""

from __future__ import annotations

import threading

import pyqtgraph as pg
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QPushButton, QTableView,
    QVBoxLayout, QWidget,
)

from ..player_text import count_of
from ..engine.core.record import GameRecord
from ..engine.turn.summary import GameSummary, game_summary
from . import theme

COLUMNS = ("Player", "Terrains held", "Health killed", "Health lost", "Health left")
TEXT = "#333333"


def summary_of(record: GameRecord) -> GameSummary:
    """The summary of the game `record` (replays it; a few seconds for a very long game).
    Raises what the replay raises for a record that does not replay."""
    from ..worker.replay import build_replay

    return game_summary(build_replay(record).states)


class _Courier(QObject):
    """Carries the summary from the background thread to the dialog (a queued signal)."""

    done = Signal(object)


class GameOverDialog(QDialog):
    """The summary of a finished game. Signals: newGameRequested, rematchRequested (the
    buttons; the dialog closes). `summary` is None until the figures arrive (`ready` is
    emitted then); `table` (a QTableView over `model`) and `chart` (a pyqtgraph PlotWidget)
    show them."""

    newGameRequested = Signal()
    rematchRequested = Signal()
    ready = Signal()

    def __init__(self, record: GameRecord, parent: QWidget | None = None,
                 background: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game over")
        self.summary: GameSummary | None = None
        layout = QVBoxLayout(self)
        self.headline = QLabel("Counting…")
        self.headline.setStyleSheet("font-size: 15pt; font-weight: bold;")
        layout.addWidget(self.headline)
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels(COLUMNS)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table)
        self.chart = pg.PlotWidget(background="w")
        plot = self.chart.getPlotItem()
        plot.setTitle("Health in play over the turns", color=TEXT, size="10pt")
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.addLegend(offset=(-10, 10))
        for name, label in (("bottom", "turn (the last point: the end)"),
                            ("left", "health in play")):
            axis = plot.getAxis(name)
            axis.setTextPen(TEXT)
            axis.setLabel(label, color=TEXT)
        self.chart.setMinimumHeight(220)
        layout.addWidget(self.chart, 1)
        buttons = QDialogButtonBox()
        self.new_button = QPushButton("New game…")
        self.rematch_button = QPushButton("Rematch")
        self.rematch_button.setToolTip("The same players and forces again, with a new seed")
        buttons.addButton(self.rematch_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.new_button.clicked.connect(lambda: self._choose(self.newGameRequested))
        self.rematch_button.clicked.connect(lambda: self._choose(self.rematchRequested))
        layout.addWidget(buttons)
        self.resize(720, 560)
        self._courier = _Courier(self)
        self._courier.done.connect(self._show)
        if background:
            threading.Thread(target=self._count, args=(record,), daemon=True).start()
        else:
            self._show(summary_of(record))

    def _count(self, record: GameRecord) -> None:
        try:
            result: object = summary_of(record)
        except Exception as exc:  # noqa: BLE001  (shown in the dialog, never lost)
            result = exc
        try:
            self._courier.done.emit(result)
        except RuntimeError:
            pass  # the dialog was closed and deleted meanwhile

    def _choose(self, signal) -> None:
        self.accept()
        signal.emit()

    def _show(self, summary: object) -> None:
        if isinstance(summary, Exception):
            self.headline.setText(f"Game over. The summary could not be worked out: {summary}")
            return
        self.summary = summary
        names = [p.name for p in summary.players]
        winner = names[summary.winner] if summary.winner is not None else "Nobody"
        self.headline.setText(f"{winner} wins after {count_of(summary.turns, 'turn')}")
        self.model.setRowCount(0)
        for seat, player in enumerate(summary.players):
            cells = [QStandardItem(player.name)] + [
                QStandardItem(str(v)) for v in (player.terrains, player.killed, player.lost,
                                                player.health)]
            cells[0].setForeground(theme.player_color(seat).darker(120))
            for cell in cells[1:]:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.model.appendRow(cells)
        rows = sum(self.table.rowHeight(r) for r in range(self.model.rowCount()))
        self.table.setFixedHeight(self.table.horizontalHeader().height() + rows + 4)
        plot = self.chart.getPlotItem()
        turns = [turn for turn, _ in summary.curve]
        for seat, name in enumerate(names):
            plot.plot(turns, [health[seat] for _, health in summary.curve], name=name,
                      pen=pg.mkPen(theme.player_color(seat), width=2.5),
                      symbol="o", symbolSize=5, symbolBrush=theme.player_color(seat))
        self.ready.emit()
