"""The New Game dialog: two player names, a sample force for each, and the RNG seed.

The seed defaults to a random number (shown, so a game can be replayed or reported); the
dialog only collects choices — `setups()` turns them into the engine's PlayerSetups.
"""

from __future__ import annotations

import random

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QPushButton, QWidget,
    QHBoxLayout,
)

from ..engine.state import PlayerSetup
from ..forces.model import Force
from ..forces.samples import sample_forces
from ..matchup import DEMO_PLAYERS, setup_from_force
from . import theme

MAX_SEED = 2_000_000_000


class NewGameDialog(QDialog):
    """Collects two players and their forces. After `exec()` returns Accepted, read
    `setups()` (two PlayerSetup) and `seed()` (int)."""

    def __init__(self, parent: QWidget | None = None, forces: list[Force] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.forces = forces if forces is not None else sample_forces()
        form = QFormLayout(self)
        self.names: list[QLineEdit] = []
        self.force_boxes: list[QComboBox] = []
        defaults = (0, min(2, len(self.forces) - 1))
        for player in range(2):
            name = QLineEdit(DEMO_PLAYERS[player])
            name.setMaxLength(24)
            box = QComboBox()
            for force in self.forces:
                box.addItem(force.name)
            box.setCurrentIndex(defaults[player])
            seat = "bottom" if player == 0 else "top"
            caption = QLabel(f"Player {player + 1} ({seat})")
            caption.setStyleSheet(f"color: {theme.player_color(player).darker(130).name()};"
                                  "font-weight: bold;")
            form.addRow(caption)
            form.addRow("Name", name)
            form.addRow("Force", box)
            self.names.append(name)
            self.force_boxes.append(box)
        self.seed_edit = QLineEdit(str(random.randrange(MAX_SEED)))
        self.seed_edit.setValidator(QIntValidator(0, MAX_SEED, self))
        reroll = QPushButton("New seed")
        reroll.clicked.connect(lambda: self.seed_edit.setText(str(random.randrange(MAX_SEED))))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_edit, 1)
        seed_row.addWidget(reroll)
        form.addRow("Seed", seed_row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def setups(self) -> tuple[PlayerSetup, PlayerSetup]:
        """The two players' setups from the names and forces chosen (blank names become
        Player 1 / Player 2; equal names get a number so the log stays clear)."""
        names = [n.text().strip() or f"Player {i + 1}" for i, n in enumerate(self.names)]
        if names[0] == names[1]:
            names[1] += " 2"
        return tuple(setup_from_force(self.forces[box.currentIndex()], name)
                     for box, name in zip(self.force_boxes, names))

    def seed(self) -> int:
        """The seed typed (0 if left empty)."""
        text = self.seed_edit.text().strip()
        return int(text) if text.isdigit() else 0
