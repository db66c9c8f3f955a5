"""The face decision of a manual-dice game (issue 7 §3): the players roll a physical die and
click the face it shows.

`FacePicker` shows one button per face of the die being rolled, painted as that die showing
the face (its icons and number, ``count_roll_dialog.face_pixmap``) with the face's text under
it, plus "Let the app roll it". Keys: 1-9 pick the first nine faces (each button shows its key
in a corner), R lets the app roll. A line above lists the faces given so far for the action
waiting, entered by hand or rolled by the app.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QGridLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget,
)

from ..player_text import player_text
from ..catalog.loader import load_catalog
from ..engine.core.actions import Verb, act
from ..engine.game import APP_ROLL
from ..engine.core.rng import Throw
from ..engine.core.state import FaceWait
from . import theme
from .action_text import entered_face_text
from .count_roll_dialog import FACE_SIZE, face_pixmap

APP_ROLL_KEY = "R"
FACE_KEYS = tuple(str(n) for n in range(1, 10))  # the first nine faces
EARLIER_SHOWN = 6  # faces given earlier for the same action listed above the picker
LINE_CHARACTERS = 11  # a face's text longer than this is split over two lines


def face_columns(face_count: int) -> int:
    """Buttons per row: a d4 in 2 × 2, a d6 in 3 × 2, larger dice four to a row (d8 in two
    rows, d10 and d12 in three)."""
    return 2 if face_count <= 4 else 3 if face_count <= 6 else 4


def two_lines(text: str) -> str:
    """A face's text for a narrow button: split at the space nearest its middle when it is
    long ("4 Create Fireminions" -> "4 Create\\nFireminions")."""
    if len(text) <= LINE_CHARACTERS or " " not in text:
        return text
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    cut = min(spaces, key=lambda i: abs(len(text) - 2 * i))
    return f"{text[:cut]}\n{text[cut + 1:]}"


def _die_name(throw: Throw) -> str:
    """The die's own name ("Footman"), shorter than the throw's "Ann's Footman"."""
    return load_catalog().die(throw.key).name if throw.key else throw.what


def entered_text(wait: FaceWait) -> str:
    """The faces given so far for the action waiting, latest last: "Footman: 1 Melee
    (by hand) · Footman: 2 Melee (app)"; "" when none was given yet."""
    parts = [f"{_die_name(e.throw)}: {entered_face_text(e.throw.key, e.face)} "
             f"({'by hand' if e.by_hand else 'app'})" for e in wait.entered]
    if len(parts) > EARLIER_SHOWN:
        parts = [f"{len(parts) - EARLIER_SHOWN} earlier"] + parts[-EARLIER_SHOWN:]
    return " · ".join(parts)


class FaceButton(QToolButton):
    """One face: the die showing it, its text under it, its key (if any) in the top-left
    corner. `key` is the shortcut's text ("" for the faces past the ninth)."""

    def __init__(self, text: str, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.setText(two_lines(text))
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        # Narrow columns share the dock's width (long texts take two lines); the buttons of
        # a row take its height.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        if key:
            self.setShortcut(QKeySequence(key))

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.key:
            painter = QPainter(self)
            painter.setFont(theme.font(8, bold=True))
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(self.rect().adjusted(6, 3, 0, 0),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, self.key)


class FacePicker(QWidget):
    """Buttons for the face the die asked for in `wait` shows.

    Signal actionChosen(str): the action text, ``face <index>`` or ``face roll``.
    For tests: `buttons` (action text -> button), `entered_label`.
    """

    actionChosen = Signal(str)

    def __init__(self, wait: FaceWait, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("facePicker")
        self.buttons: dict[str, QToolButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        earlier = entered_text(wait)
        # Every face entered for the action so far, whoever rolled it (an attack, then saves).
        self.entered_label = QLabel(f"Entered so far in this action: {earlier}" if earlier
                                    else "", self)
        self.entered_label.setWordWrap(True)
        self.entered_label.setStyleSheet("font-size: 8.5pt; " + theme.MUTED_CSS)
        layout.addWidget(self.entered_label)
        self.entered_label.setVisible(bool(earlier))
        grid = QGridLayout()
        grid.setSpacing(2)
        columns = face_columns(wait.face_count)
        die = load_catalog().die(wait.throw.key) if wait.throw.key else None
        for face in range(wait.face_count):
            button = self._face_button(wait, die, face)
            grid.addWidget(button, face // columns, face % columns)
        layout.addLayout(grid)
        roll = QToolButton()
        roll.setText(f"Let the app roll it   [{APP_ROLL_KEY}]")
        roll.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        roll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        roll.setMinimumHeight(28)
        roll.setShortcut(QKeySequence(APP_ROLL_KEY))
        roll.setToolTip(f"The app rolls {player_text(wait.throw.label)} for you "
                        f"(key {APP_ROLL_KEY})")
        self._register(roll, act(Verb.FACE, APP_ROLL).to_text())
        layout.addWidget(roll)

    def _face_button(self, wait: FaceWait, die, face: int) -> FaceButton:
        text = entered_face_text(wait.throw.key, face)
        button = FaceButton(text, FACE_KEYS[face] if face < len(FACE_KEYS) else "")
        if die is not None:
            button.setIcon(QIcon(face_pixmap(self, die, face)))
            button.setIconSize(QSize(FACE_SIZE, FACE_SIZE))
        action = act(Verb.FACE, face).to_text()
        key = f" (key {button.key})" if button.key else ""
        button.setToolTip(f"{player_text(wait.throw.label)} shows {text}{key}")
        button.setAccessibleName(f"{text}, face {face + 1}")
        self._register(button, action)
        return button

    def _register(self, button: QToolButton, action: str) -> None:
        # A key press must not move the focus to the button: it goes away with the next
        # snapshot, and the focus with it.
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        button.clicked.connect(lambda _=False, t=action: self.actionChosen.emit(t))
        self.buttons[action] = button
