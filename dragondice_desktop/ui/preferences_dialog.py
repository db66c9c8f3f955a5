"""The Preferences dialog (Game ▸ Preferences…, Ctrl+,): animation speed, theme, dice size,
end-of-turn confirmation, the hand-off screen between hotseat players and the house rules
on by default in new games (a checkbox each, its tooltip giving both readings).

The dialog only edits a `Preferences` value: `preferences()` reads the choices back; the main
window stores and applies them.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget,
)

from .house_rules_box import HouseRulesBox
from .settings import DICE_SCALES, AnimationSpeed, ComputerPace, HandOff, Preferences, Theme

HOUSE_RULES_NOTE = ("The house rules ticked here are on at first in the New Game dialog; "
                    "a game keeps the ones it starts with. Help ▸ Rulings explains each.")


class PreferencesDialog(QDialog):
    """Edits a copy of `prefs`; after Accepted, `preferences()` is the player's choice.
    Widgets for tests: `animation_box`, `theme_box`, `scale_box`, `confirm_box`,
    `hand_off_box`, `pace_box`, `house_rules_box` (a HouseRulesBox)."""

    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.setObjectName("preferencesDialog")
        form = QFormLayout(self)
        self.animation_box = QComboBox()
        for speed in AnimationSpeed:
            self.animation_box.addItem(speed.label, speed)
        self.animation_box.setCurrentIndex(list(AnimationSpeed).index(prefs.animation))
        form.addRow("Dice animation", self.animation_box)

        self.theme_box = QComboBox()
        for theme in Theme:
            self.theme_box.addItem(theme.label, theme)
        self.theme_box.setCurrentIndex(list(Theme).index(prefs.theme))
        form.addRow("Colours", self.theme_box)

        self.scale_box = QComboBox()
        for scale in DICE_SCALES:
            self.scale_box.addItem(f"{round(scale * 100)} %", scale)
        nearest = min(range(len(DICE_SCALES)), key=lambda i: abs(DICE_SCALES[i] - prefs.dice_scale))
        self.scale_box.setCurrentIndex(nearest)
        form.addRow("Dice size on the board", self.scale_box)

        self.confirm_box = QCheckBox("Ask before ending a turn")
        self.confirm_box.setChecked(prefs.confirm_end_turn)
        form.addRow("", self.confirm_box)

        self.hand_off_box = QComboBox()
        for choice in HandOff:
            self.hand_off_box.addItem(choice.label, choice)
        self.hand_off_box.setCurrentIndex(list(HandOff).index(prefs.hand_off))
        self.hand_off_box.setToolTip(
            "Cover the window with \"Pass the computer to …\" when another player must "
            "decide, so the next player does not see the last one's secret choices")
        form.addRow("Hand-off screen between players", self.hand_off_box)
        self.pace_box = QComboBox()
        for pace in ComputerPace:
            self.pace_box.addItem(pace.label, pace)
        self.pace_box.setCurrentIndex(list(ComputerPace).index(prefs.computer_pace))
        self.pace_box.setToolTip("How long each move of a computer player stays in view "
                                 "before it makes the next")
        form.addRow("Computer players' pace", self.pace_box)

        self.house_rules_box = HouseRulesBox(prefs.house_rules)
        form.addRow("House rules in new games", self.house_rules_box)
        note = QLabel(HOUSE_RULES_NOTE)
        note.setWordWrap(True)
        note.setObjectName("houseRulesNote")
        note.setStyleSheet("font-size: 9pt;")
        form.addRow("", note)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.setMinimumWidth(460)

    def preferences(self) -> Preferences:
        """The preferences as chosen in the dialog."""
        return Preferences(
            animation=self.animation_box.currentData(),
            theme=self.theme_box.currentData(),
            dice_scale=float(self.scale_box.currentData()),
            confirm_end_turn=self.confirm_box.isChecked(),
            house_rules=self.house_rules_box.chosen(),
            hand_off=self.hand_off_box.currentData(),
            computer_pace=self.pace_box.currentData(),
        )
