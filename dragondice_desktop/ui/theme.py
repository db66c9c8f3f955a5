"""Colours and fonts shared by the board and the panels, so the players' colours agree
everywhere (zone borders, banner, log, decision panel)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

# Seat colours, one per player (2 to 4): chosen away from the die body colours' hues where
# possible, apart from each other (blue, orange, lavender, turquoise), and bright enough to read
# on the dark felt.
PLAYER_COLORS = ("#4aa3ff", "#ff7a45", "#c58cff", "#35d6b5")
HIGHLIGHT = "#ffd23c"     # a legal drop target while dragging
MARCH_COLOR = "#ffe27a"   # the marching army
DAMAGE_COLOR = "#ff5a5a"  # an army that must take damage
UNRESOLVED_COLOR = "#e08a00"
FELT_CENTRE = "#2f7440"
FELT_EDGE = "#123b1f"
WOOD = "#5a3a1e"


def player_color(player: int | None) -> QColor:
    """The seat colour of `player` (grey for None)."""
    if player is None:
        return QColor("#cccccc")
    return QColor(PLAYER_COLORS[player % len(PLAYER_COLORS)])


def font(point_size: float, bold: bool = False) -> QFont:
    """The application font at a given point size, optionally bold."""
    f = QFont()
    f.setPointSizeF(point_size)
    f.setBold(bold)
    return f


def is_dark() -> bool:
    """True when the application's window colour is dark (dark theme or dark system)."""
    app = QGuiApplication.instance()
    return app is not None and app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def gain_color() -> str:
    """The colour of results a die gave, readable on the current window colour."""
    return "#7fd47f" if is_dark() else "#1d4d1d"


# Secondary text that follows the palette (light or dark theme) in style sheets.
MUTED_CSS = "color: palette(placeholder-text);"
