"""The force builder's odds view (issue 5): per-army charts for each roll type, a second army
to compare on the same chart, and the per-die statistics table of the army.

It redraws whenever the force changes (`set_force`), so a player sees each edit's effect.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from ..catalog.loader import Catalog
from ..engine.rolls.pipeline import RollType
from ..forces.model import ARMY_NAMES, Force
from .odds_panel import OddsPanel
from .odds_table import DieStatsTable

ROLLS = (RollType.MELEE, RollType.MISSILE, RollType.MAGIC, RollType.SAVE, RollType.MANEUVER)


class ForceOddsView(QWidget):
    """Odds of one army of the open force. Attributes for tests: army_box, roll_box,
    compare_box (None or another army), panel (OddsPanel), table (DieStatsTable)."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.force: Force | None = None
        self.army_box = QComboBox()
        self.compare_box = QComboBox()
        self.compare_box.addItem("nothing", None)
        for army in ARMY_NAMES:
            self.army_box.addItem(f"{army.title()} army", army)
            self.compare_box.addItem(f"{army.title()} army", army)
        self.roll_box = QComboBox()
        for roll in ROLLS:
            self.roll_box.addItem(roll.value.title(), roll)
        for box in (self.army_box, self.roll_box, self.compare_box):
            box.currentIndexChanged.connect(lambda _i: self.redraw())
        choices = QHBoxLayout()
        for label, box in (("Army", self.army_box), ("rolls", self.roll_box),
                           ("compared with", self.compare_box)):
            choices.addWidget(QLabel(label))
            choices.addWidget(box)
        choices.addStretch(1)
        self.panel = OddsPanel()
        self.table = DieStatsTable()
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.panel)
        split.addWidget(self.table)
        split.setSizes([420, 260])
        layout = QVBoxLayout(self)
        layout.addLayout(choices)
        layout.addWidget(split, 1)

    def set_force(self, force: Force | None) -> None:
        """Show the odds of `force` (None: nothing open)."""
        self.force = force
        self.redraw()

    def _dice(self, army: str) -> list:
        keys = self.force.army(army) if self.force else ()
        return [self.catalog.die(k) for k in keys if k in self.catalog.dice]

    def redraw(self) -> None:
        """Recompute the chart and the table for the chosen army, roll and comparison."""
        army = self.army_box.currentData()
        roll = self.roll_box.currentData()
        dice = self._dice(army)
        rolling = [d for d in dice if d.kind.is_unit or d.kind.is_item]
        self.table.set_dice(rolling)
        if not any(d.kind.is_unit for d in rolling):
            self.panel.show_army([], roll)
            return
        other = self.compare_box.currentData()
        other_dice = [d for d in self._dice(other) if d.kind.is_unit or d.kind.is_item] if other else []
        if other and other != army and any(d.kind.is_unit for d in other_dice):
            self.panel.compare(rolling, other_dice, roll,
                               names=(self.army_box.currentText(), self.compare_box.currentText()))
        else:
            self.panel.show_army(rolling, roll)
