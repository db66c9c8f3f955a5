"""The hand-off screen between hotseat players: when the player who must decide changes, an
opaque cover says "Pass the computer to Cat — click or press Space when ready", so the next
player does not see what the last one chose in secret (dragons' target picks, digest §5.4
step 2; the setup choices).

`hand_off_player` decides from two engine states (the Preferences' `HandOff` setting says how
often); `HandOffOverlay` is the cover. While it is up the widgets it guards are disabled, so
neither a click nor a keyboard shortcut reaches the board or the Decision panel; the menus stay
usable (save, quit).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from ..engine.core.state import GameState, Phase, Step
from . import theme
from .board import SETUP_PHASES
from .settings import HandOff

# Decisions that others at the table must not watch: the setup choices (going first or
# picking the Frontier; the Horde roll-off itself is public, so its result is not covered)
# and the Dragon Attack phase, where each owner picks their dragons' targets secretly
# (digest §5.4 step 2).
PRIVATE_PHASES = tuple(p for p in SETUP_PHASES if p is not Phase.SETUP_ROLLOFF) + (
    Phase.DRAGON_ATTACK,)
SECRET_MIN_PLAYERS = 3  # HandOff.SECRET covers the window only in games of 3-4 players


def is_private(state: GameState) -> bool:
    """True while the decision pending in `state` is a setup choice or a secret one."""
    return state.pending is not None and state.phase in PRIVATE_PHASES


def hand_off_player(mode: HandOff, before: GameState | None, after: GameState) -> int | None:
    """The player the computer must be passed to when the game goes from `before` to
    `after`, or None when no hand-off screen is due.

    Due only when both states wait on a decision and the deciding player changed; then with
    EVERY always, with SECRET when the game has three or four players and the last player
    made a private choice (`is_private(before)`: it is hidden from the next) or the next
    player picks a dragon's target in secret, or in any game after a player assembled their
    armies (digest §2.2: the armies are divided secretly); with OFF never. Never for entering the face
    of a physical die (manual dice): a rolled die is seen by the whole table.
    """
    if (mode is HandOff.OFF or before is None or before.pending is None
            or after.pending is None or before.pending.player == after.pending.player
            or after.step is Step.FACE):
        return None
    if mode is HandOff.EVERY:
        return after.pending.player
    if after.player_count >= SECRET_MIN_PLAYERS and (
            is_private(before) or after.phase is Phase.DRAGON_ATTACK):
        return after.pending.player
    if before.phase is Phase.SETUP_ARMIES:  # armies are assembled unseen, even by two
        return after.pending.player
    return None


class HandOffOverlay(QWidget):
    """An opaque cover over a main window (below its menu bar) asking to pass the computer
    to a player. A click anywhere on it, Space or Enter dismisses it.

    guarded: the widgets disabled while it is up (the board view, the docks).
    Signal dismissed() — the player is ready. For tests: `player` (None when hidden),
    `message()`.
    """

    dismissed = Signal()

    def __init__(self, window: QMainWindow, guarded: Sequence[QWidget]) -> None:
        super().__init__(window)
        self.window_ = window
        self.guarded = list(guarded)
        self.player: int | None = None
        self.name = ""
        self.setObjectName("handOffOverlay")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.hide()
        window.installEventFilter(self)

    def message(self) -> str:
        """What the cover says."""
        return f"Pass the computer to {self.name} — click or press Space when ready"

    def show_for(self, player: int, name: str) -> None:
        """Cover the window for `player` (called `name`) and disable the guarded widgets."""
        self.player, self.name = player, name
        for widget in self.guarded:
            widget.setEnabled(False)
        self._fit()
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self.update()

    def dismiss(self) -> None:
        """Uncover the window (nothing happens when it is not covered)."""
        if self.player is None:
            return
        self.player = None
        self.hide()
        for widget in self.guarded:
            widget.setEnabled(True)
        self.dismissed.emit()

    def _fit(self) -> None:
        """Cover everything below the menu bar."""
        top = self.window_.menuBar().geometry().bottom() + 1
        self.setGeometry(QRect(0, top, self.window_.width(), self.window_.height() - top))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the window's size while covering it."""
        if watched is self.window_ and event.type() == QEvent.Type.Resize and self.isVisible():
            self._fit()
        return False

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()
        self.dismiss()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            self.dismiss()
            return
        event.accept()  # every other key stays on the cover

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(theme.FELT_EDGE))
        colour = theme.player_color(self.player)
        middle = QRectF(self.rect()).adjusted(40, 0, -40, 0)
        head = QRectF(middle.left(), middle.center().y() - 70, middle.width(), 60)
        painter.setPen(colour.lighter(115))
        painter.setFont(theme.font(26, bold=True))
        painter.drawText(head, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                         f"Pass the computer to {self.name}")
        painter.setPen(QColor("#d6e6d6"))
        painter.setFont(theme.font(13))
        painter.drawText(QRectF(middle.left(), head.bottom() + 10, middle.width(), 40),
                         Qt.AlignmentFlag.AlignCenter,
                         "Click or press Space when ready")
        painter.setPen(QColor("#a9c4a9"))
        painter.setFont(theme.font(9.5))
        painter.drawText(QRectF(middle.left(), head.bottom() + 50, middle.width(), 40),
                         Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                         "The board is hidden so nobody sees the last player's choices. "
                         "Game ▸ Preferences sets when this screen appears.")
