"""The New Game dialog: how many players (2 to 4), each player's name and force (a sample
force or one of the player's saved forces) and who plays it (a person, or the computer at a
level, in any mix), the game's options (the rules: SFR v4.01 or the 1996 TSR game; players
roll their own dice; each player divides their armies before the roll-off;
the house rules in force, ticked as in Preferences to start with) and the RNG seed.
Under the 1996 rules the sample forces offered are their 1996 versions (TSR terrains and
dragons, nothing the 1996 game lacked) and only the 1996 game's house rules show beside the
others.

The seed defaults to a random number (shown, so a game can be replayed or reported); the
dialog only collects choices — `setups()` turns them into the engine's PlayerSetups.
`choices()` and `restore()` carry the last game's players, forces and options from one
dialog to the next (the main window keeps them in the settings).
"""

from __future__ import annotations

import random

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel,
    QLineEdit, QPushButton, QSpinBox, QWidget,
)

from ..engine.core.options import CLASSIC, RULESETS, V401, GameOptions, checked
from ..engine.core.record import PERSON, SEAT_KINDS
from ..engine.core.state import PlayerSetup
from ..forces.model import Force
from ..forces.samples import classic_sample_forces, sample_forces
from ..matchup import TABLE_FORCES, TABLE_PLAYERS, setup_from_force
from . import theme
from .board_layout import MAX_PLAYERS, seat_names
from .computer_seats import seat_title
from .house_rules_box import HouseRulesBox

MAX_SEED = 2_000_000_000
MIN_PLAYERS = 2


class NewGameDialog(QDialog):
    """Collects 2 to 4 players and their forces, and the game's options. After `exec()`
    returns Accepted, read `setups()` (one PlayerSetup per player, in seat order), `seed()`
    (int) and `options()` (GameOptions). `house_rules`: the ids ticked at first (the
    Preferences' defaults).

    Widgets for tests: `ruleset_box` (the rules: RULESETS ids as item data), `count_box`
    (the number of players), `captions`, `names` and
    `force_boxes` and `seat_boxes` (who plays: a person or the computer at a level; one
    per possible player; those past the count are hidden), `manual_box`, `assemble_box`,
    `house_rules_box`, `seed_edit`.
    """

    def __init__(self, parent: QWidget | None = None, forces: list[Force] | None = None,
                 house_rules: tuple[str, ...] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.v4_forces = forces if forces is not None else sample_forces()
        samples = {f.name for f in sample_forces()}
        # A 1996 game offers the samples' 1996 versions and the player's own forces.
        self.classic_forces = classic_sample_forces() + [
            f for f in self.v4_forces if f.name not in samples]
        self.forces = self.v4_forces
        self.form = form = QFormLayout(self)
        self.ruleset_box = QComboBox()
        self.ruleset_box.setObjectName("rulesetBox")
        for ruleset, title in RULESETS.items():
            self.ruleset_box.addItem(title, ruleset)
        self.ruleset_box.setToolTip("SFR's v4.01 rules, or the 1996 TSR game: skirmish and "
                                    "charge, dragons from the dead piles, the icons' 1996 "
                                    "meanings, and only the dice of the time")
        self.count_box = QSpinBox()
        self.count_box.setRange(MIN_PLAYERS, MAX_PLAYERS)
        self.count_box.setValue(MIN_PLAYERS)
        self.count_box.setToolTip("Players at the table: persons sharing this computer (hotseat) or computer players")
        top = QHBoxLayout()  # the players and the rules share a row: the dialog stays short
        top.addWidget(self.count_box)
        top.addSpacing(16)
        top.addWidget(QLabel("Rules"))
        top.addWidget(self.ruleset_box, 1)
        form.addRow("Players", top)
        self.captions: list[QLabel] = []
        self.names: list[QLineEdit] = []
        self.force_boxes: list[QComboBox] = []
        self.seat_boxes: list[QComboBox] = []
        for player in range(MAX_PLAYERS):
            name = QLineEdit(TABLE_PLAYERS[player])
            name.setMaxLength(24)
            box = QComboBox()
            for force in self.forces:
                box.addItem(force.name)
            box.setCurrentIndex(min(TABLE_FORCES[player], len(self.forces) - 1))
            caption = QLabel()
            caption.setStyleSheet(f"color: {theme.player_color(player).darker(130).name()};"
                                  "font-weight: bold;")
            form.addRow(caption)
            form.addRow("Name", name)
            form.addRow("Force", box)
            seat = QComboBox()
            for value in SEAT_KINDS:
                seat.addItem(seat_title(value), value)
            seat.setToolTip("A person at this computer, or the computer playing at a level "
                            "(Easy, Normal or Hard)")
            form.addRow("Played by", seat)
            self.seat_boxes.append(seat)
            self.captions.append(caption)
            self.names.append(name)
            self.force_boxes.append(box)
        self.manual_box = QCheckBox("Roll our own dice (enter each face in the window)")
        self.manual_box.setToolTip("Players roll their physical dice and click the face each "
                                   "one shows; the app counts and enforces the rest. Any die "
                                   "may still be left to the app.")
        form.addRow("Dice", self.manual_box)
        self.assemble_box = QCheckBox("Each player divides their armies before the roll-off")
        self.assemble_box.setChecked(True)
        self.assemble_box.setToolTip("In turn, each player shares their units and items "
                                     "between the Home, Horde and Campaign armies, unseen by "
                                     "the others; the force's own division is where they "
                                     "start. Untick to play the forces as they are divided.")
        form.addRow("Armies", self.assemble_box)
        self.house_rules_box = HouseRulesBox(house_rules)
        form.addRow("House rules", self.house_rules_box)
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
        self.count_box.valueChanged.connect(self._show_players)
        self.ruleset_box.currentIndexChanged.connect(lambda _i: self._ruleset_changed())
        self._show_players(self.count_box.value())
        self._ruleset_changed()

    def ruleset(self) -> str:
        """The rules chosen: a key of RULESETS (V401 or CLASSIC)."""
        return str(self.ruleset_box.currentData() or V401)

    def _ruleset_changed(self) -> None:
        """Offer the forces of the rules chosen (keeping each player's choice by position)
        and show the house rules that belong to them."""
        classic = self.ruleset() == CLASSIC
        forces = self.classic_forces if classic else self.v4_forces
        if forces is not self.forces:
            self.forces = forces
            for player, box in enumerate(self.force_boxes):
                index = box.currentIndex()
                box.blockSignals(True)
                box.clear()
                for force in self.forces:
                    box.addItem(force.name)
                box.setCurrentIndex(min(max(index, 0), len(self.forces) - 1))
                box.blockSignals(False)
        self.house_rules_box.show_ruleset(self.ruleset())
        self.house_rules_box.updateGeometry()
        self.form.invalidate()
        self.adjustSize()

    def player_count(self) -> int:
        """The number of players chosen (2 to 4)."""
        return self.count_box.value()

    def _show_players(self, count: int) -> None:
        """Show the rows of the first `count` players, each captioned with its seat."""
        seats = seat_names(count)
        for player, (caption, name, box, seat) in enumerate(
                zip(self.captions, self.names, self.force_boxes, self.seat_boxes)):
            shown = player < count
            for widget in (caption, name, box, seat):
                self.form.setRowVisible(widget, shown)
            if shown:
                caption.setText(f"Player {player + 1} ({seats[player]})")
        self.adjustSize()

    def setups(self) -> tuple[PlayerSetup, ...]:
        """The players' setups from the names and forces chosen, in seat order (a blank name
        becomes "Player N"; a name already taken gets the player's number, so the log stays
        clear)."""
        names: list[str] = []
        for number, edit in enumerate(self.names[:self.player_count()], start=1):
            name = edit.text().strip() or f"Player {number}"
            while name in names:
                name += f" {number}"
            names.append(name)
        return tuple(setup_from_force(self.forces[box.currentIndex()], name)
                     for box, name in zip(self.force_boxes, names))

    def seats(self) -> tuple[str, ...]:
        """Who plays each player, in seat order: "person" or a computer level; empty when
        persons play every seat (a game file then records no seats)."""
        seats = tuple(box.currentData() for box in self.seat_boxes[:self.player_count()])
        return seats if any(seat != PERSON for seat in seats) else ()

    def options(self) -> GameOptions:
        """The game's options: the current rules revision, the rules chosen, manual dice, the
        house rules (those shown for the rules chosen) and the assembling of armies at setup
        as ticked."""
        return checked(manual_dice=self.manual_box.isChecked(),
                       house_rules=self.house_rules_box.chosen(),
                       assemble_armies=self.assemble_box.isChecked(),
                       ruleset=self.ruleset())

    def seed(self) -> int:
        """The seed typed (0 if left empty)."""
        text = self.seed_edit.text().strip()
        return int(text) if text.isdigit() else 0

    def choices(self) -> dict:
        """What the players chose, to offer again next time: {"players": count, "names":
        [4 names], "forces": [4 force names], "manual_dice": bool, "assemble_armies": bool,
        "house_rules": [ids], "ruleset": id}.
        The seed is not kept (each game gets a fresh one)."""
        return {"players": self.player_count(),
                "names": [edit.text() for edit in self.names],
                "forces": [box.currentText() for box in self.force_boxes],
                "manual_dice": self.manual_box.isChecked(),
                "assemble_armies": self.assemble_box.isChecked(),
                "house_rules": list(self.house_rules_box.chosen()),
                "ruleset": self.ruleset()}

    def restore(self, choices: object) -> None:
        """Set the dialog to earlier `choices()`. Anything missing, of the wrong type or no
        longer there (a force since deleted, an unknown house rule) keeps its default."""
        if not isinstance(choices, dict):
            return
        ruleset = choices.get("ruleset")
        if isinstance(ruleset, str) and ruleset in RULESETS:
            self.ruleset_box.setCurrentIndex(self.ruleset_box.findData(ruleset))
        count = choices.get("players")
        if isinstance(count, int) and not isinstance(count, bool):
            self.count_box.setValue(max(MIN_PLAYERS, min(MAX_PLAYERS, count)))
        names = choices.get("names")
        if isinstance(names, list):
            for edit, name in zip(self.names, names):
                if isinstance(name, str):
                    edit.setText(name[:edit.maxLength()])
        forces = choices.get("forces")
        if isinstance(forces, list):
            for box, name in zip(self.force_boxes, forces):
                index = box.findText(name) if isinstance(name, str) else -1
                if index >= 0:
                    box.setCurrentIndex(index)
        if isinstance(choices.get("manual_dice"), bool):
            self.manual_box.setChecked(choices["manual_dice"])
        if isinstance(choices.get("assemble_armies"), bool):
            self.assemble_box.setChecked(choices["assemble_armies"])
        rules = choices.get("house_rules")
        if isinstance(rules, list) and all(isinstance(r, str) for r in rules):
            self.house_rules_box.set_chosen(rules)
