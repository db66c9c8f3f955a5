"""``DieStatsTable``: each die's strengths for the force builder — per roll type the chance of
a useful face, the mean and the standard deviation of its results (``odds.die_stats``), with
cells shaded by strength and a CSV export. Qt model/view: a ``DieStatsModel`` (one row per
die) behind a sorting proxy, shown in a QTableView."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import (
    QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QFileDialog, QHBoxLayout, QHeaderView, QLabel, QPushButton, QTableView,
    QVBoxLayout, QWidget,
)

from ..catalog.model import Die
from ..odds import TABLE_ROLLS, DieStats, stats_table

MEASURES = (("p_useful", "useful %"), ("mean", "mean"), ("sd", "SD"))
# Shading: white to this colour as a cell nears the column's best value.
SHADE = QColor("#7fb2e5")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1  # numbers sort as numbers


def _shade(fraction: float) -> QColor:
    f = max(0.0, min(1.0, fraction)) * 0.85
    white = QColor("#ffffff")
    return QColor(round(white.red() + (SHADE.red() - white.red()) * f),
                  round(white.green() + (SHADE.green() - white.green()) * f),
                  round(white.blue() + (SHADE.blue() - white.blue()) * f))


class DieStatsModel(QAbstractTableModel):
    """The per-die statistics as a Qt table model: column 0 the die key, then per roll type
    useful %, mean and SD. `set_rows(dice, rows)` replaces the contents."""

    def __init__(self, rolls: Sequence[str], parent=None) -> None:
        super().__init__(parent)
        self.rolls = tuple(rolls)
        self.dice: list[Die] = []
        self.rows: list[list[DieStats]] = []
        self.best: dict[tuple[int, str], float] = {}
        self.headers = ["die"] + [f"{roll}\n{label}" for roll in self.rolls
                                  for _, label in MEASURES]

    def set_rows(self, dice: list[Die], rows: list[list[DieStats]]) -> None:
        """Show `dice` with their statistics `rows` (one list of DieStats per die)."""
        self.beginResetModel()
        self.dice, self.rows = dice, rows
        self.best = {(j, name): max((getattr(row[j], name) for row in rows), default=0.0)
                     for j in range(len(self.rolls)) for name, _ in MEASURES}
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt API)
        return 0 if parent.isValid() else len(self.dice)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.headers[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        die, column = self.dice[index.row()], index.column()
        if column == 0:
            if role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE):
                return die.key
            if role == Qt.ItemDataRole.ToolTipRole:
                return " | ".join(f.to_text() for f in die.faces)
            return None
        j, m = divmod(column - 1, len(MEASURES))
        field = MEASURES[m][0]
        stats = self.rows[index.row()][j]
        value = getattr(stats, field)
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.DisplayRole:
            if not stats.rolls:
                return "–"
            return f"{100 * value:.0f}%" if field == "p_useful" else f"{value:.2f}"
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and field != "sd" and self.best[(j, field)] > 0:
            return _shade(value / self.best[(j, field)])
        if role == Qt.ItemDataRole.ToolTipRole:
            return (f"{die.key}, {stats.roll}: useful {100 * stats.p_useful:.1f}%, results "
                    f"{100 * stats.p_results:.1f}%, mean {stats.mean:.3f}, SD {stats.sd:.3f}, "
                    f"max {stats.max}")
        return None


CAPTION = ("Each die rolled on its own: chance of a useful face, mean and spread of its "
           "results (exact, roll-again faces included).")
WORKING = "Working out each die's odds…"


class DieStatsTable(QWidget):
    """A table, one row per die: for each roll type, useful %, mean and SD (roll-again chains
    included; the die rolled on its own). "Useful" = at least one result of that type or an
    SAI that acts in that roll. Sortable; ``export_csv(path)`` writes the numbers.

    With a runner (`set_runner`, an OddsRunner) the numbers are worked out in the odds
    thread, the newest dice only, and `computed` is emitted once they are shown; without
    one, at once.

    For tests: ``table`` (the QTableView), ``model`` (its DieStatsModel, unsorted; the view
    shows it through ``proxy``), ``rows`` (the DieStats per die and roll).
    """

    computed = Signal()

    def __init__(self, parent: QWidget | None = None, rolls: Sequence[str] = TABLE_ROLLS):
        super().__init__(parent)
        self.rolls = tuple(rolls)
        self.rows: list[list[DieStats]] = []
        self.dice: list[Die] = []
        self.model = DieStatsModel(self.rolls, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.runner = None
        self._job = 0
        self.caption = QLabel(CAPTION)
        self.caption.setWordWrap(True)
        self.export_button = QPushButton("Export CSV…")
        self.export_button.clicked.connect(self._export_clicked)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

    def set_runner(self, runner) -> None:
        """Work out the numbers in `runner`'s thread (an OddsRunner) from now on; None: at
        once, in the caller's thread."""
        if self.runner is not None:
            for signal, slot in self._runner_slots():
                signal.disconnect(slot)
        self.runner, self._job = runner, 0
        if runner is not None:
            for signal, slot in self._runner_slots():
                signal.connect(slot)

    def _runner_slots(self):
        runner = self.runner
        return ((runner.finished, self._finished), (runner.failed, self._failed))

    def set_dice(self, dice: Sequence[Die], id_multiplier: int = 1) -> None:
        """Show these dice (one row each; duplicates collapse to one row): at once, or
        once the odds thread has worked them out (the rows shown until then stay)."""
        unique = list({d.key: d for d in dice}.values())
        rolls = self.rolls
        if self.runner is None:
            self._show(unique, stats_table(unique, rolls, id_multiplier))
            return
        self._job = self.runner.request(
            lambda: (unique, stats_table(unique, rolls, id_multiplier)))
        self.caption.setText(WORKING)

    def _show(self, dice: list[Die], rows: list[list[DieStats]]) -> None:
        self.dice, self.rows = dice, rows
        self.model.set_rows(dice, rows)
        self.caption.setText(CAPTION)
        self.computed.emit()

    def _finished(self, job: int, result) -> None:
        if job == self._job:
            self._show(*result)

    def _failed(self, job: int, message: str) -> None:
        if job == self._job:
            self._show([], [])
            self.caption.setText(f"The odds of these dice could not be worked out: {message}")

    def shown(self, row: int, column: int) -> str:
        """The text of a cell as the table shows it (sorted), for tests and copying."""
        return self.proxy.index(row, column).data() or ""

    def export_csv(self, path: str | Path) -> Path:
        """Write one line per die: key, then useful/mean/sd per roll type (full precision)."""
        path = Path(path)
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["die"] + [f"{roll} {field}" for roll in self.rolls
                                       for field, _ in MEASURES])
            for die, row in zip(self.dice, self.rows):
                writer.writerow([die.key] + [f"{getattr(s, field):.6f}" for s in row
                                             for field, _ in MEASURES])
        return path

    def _export_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export die statistics", "dice-odds.csv",
                                              "CSV files (*.csv)")
        if path:
            self.export_csv(path)
