"""``DieStatsTable``: each die's strengths for the force builder — per roll type the chance of
a useful face, the mean and the standard deviation of its results (``odds.die_stats``), with
cells shaded by strength and a CSV export."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFileDialog, QHBoxLayout, QHeaderView, QLabel, QPushButton, QTableWidget, QTableWidgetItem,
    QVBoxLayout, QWidget,
)

from ..catalog.model import Die
from ..odds import TABLE_ROLLS, DieStats, stats_table

MEASURES = (("p_useful", "useful %"), ("mean", "mean"), ("sd", "SD"))
# Shading: white to this colour as a cell nears the column's best value.
SHADE = QColor("#7fb2e5")


class _NumberItem(QTableWidgetItem):
    """A cell that sorts by its number, not its text."""

    def __init__(self, value: float, text: str):
        super().__init__(text)
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other):
        if isinstance(other, _NumberItem):
            return self.value < other.value
        return super().__lt__(other)


def _shade(fraction: float) -> QColor:
    f = max(0.0, min(1.0, fraction)) * 0.85
    white = QColor("#ffffff")
    return QColor(round(white.red() + (SHADE.red() - white.red()) * f),
                  round(white.green() + (SHADE.green() - white.green()) * f),
                  round(white.blue() + (SHADE.blue() - white.blue()) * f))


class DieStatsTable(QWidget):
    """A table, one row per die: for each roll type, useful %, mean and SD (roll-again chains
    included; the die rolled on its own). "Useful" = at least one result of that type or an
    SAI that acts in that roll. Sortable; ``export_csv(path)`` writes the numbers.

    For tests: ``table`` (the QTableWidget), ``rows`` (the DieStats per die and roll).
    """

    def __init__(self, parent: QWidget | None = None, rolls: Sequence[str] = TABLE_ROLLS):
        super().__init__(parent)
        self.rolls = tuple(rolls)
        self.rows: list[list[DieStats]] = []
        self.dice: list[Die] = []
        self.table = QTableWidget(0, 1 + len(self.rolls) * len(MEASURES))
        headers = ["die"] + [f"{roll}\n{label}" for roll in self.rolls for _, label in MEASURES]
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSortingEnabled(True)
        self.caption = QLabel("Each die rolled on its own: chance of a useful face, mean and "
                              "spread of its results (exact, roll-again faces included).")
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

    def set_dice(self, dice: Sequence[Die], id_multiplier: int = 1) -> None:
        """Show these dice (one row each; duplicates collapse to one row)."""
        unique = list({d.key: d for d in dice}.values())
        self.dice = unique
        self.rows = stats_table(unique, self.rolls, id_multiplier)
        best = {(j, name): max((getattr(row[j], name) for row in self.rows), default=0.0)
                for j in range(len(self.rolls)) for name, _ in MEASURES}
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(unique))
        for i, (die, row) in enumerate(zip(unique, self.rows)):
            name = QTableWidgetItem(die.key)
            name.setToolTip(" | ".join(f.to_text() for f in die.faces))
            self.table.setItem(i, 0, name)
            for j, stats in enumerate(row):
                for m, (field, _) in enumerate(MEASURES):
                    value = getattr(stats, field)
                    text = (f"{100 * value:.0f}%" if field == "p_useful" else f"{value:.2f}")
                    item = _NumberItem(value, text if stats.rolls else "–")
                    if field != "sd" and best[(j, field)] > 0:
                        item.setBackground(_shade(value / best[(j, field)]))
                    item.setToolTip(f"{die.key}, {stats.roll}: useful {100 * stats.p_useful:.1f}%"
                                    f", results {100 * stats.p_results:.1f}%, mean "
                                    f"{stats.mean:.3f}, SD {stats.sd:.3f}, max {stats.max}")
                    self.table.setItem(i, 1 + j * len(MEASURES) + m, item)
        self.table.setSortingEnabled(True)
        self.table.sortItems(0, Qt.SortOrder.AscendingOrder)

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
