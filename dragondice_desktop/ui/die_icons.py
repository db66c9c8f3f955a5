"""Small die pictures for lists and tables (the collection window, the force builder).

Uses ``dice_painter.render_die`` when it is available, and falls back to no picture.
"""

from __future__ import annotations

from PySide6.QtGui import QIcon

from ..catalog.model import Die, DieKind
from ..forces.text_list import short_name

try:  # the dice painter is optional: without it lists show text only
    from .dice_painter import render_die
except ImportError:  # pragma: no cover
    render_die = None


def display_face(die: Die) -> int:
    """The face a list shows: the ID face of units, the eighth face of terrains, else 0."""
    if die.id_face is not None:
        return die.id_face
    if die.kind is DieKind.TERRAIN:
        return len(die.faces) - 1
    return 0


def display_name(die: Die, catalog) -> str:
    """The name lists show: ``forces.text_list.short_name`` ("Dragonfoal (Fire)")."""
    return short_name(die, catalog)


def die_icon(die: Die, size: int = 28) -> QIcon | None:
    """A painted picture of the die, ``size`` px square (at least 16), or None without the
    dice painter."""
    if render_die is None:
        return None
    return QIcon(render_die(die, display_face(die), max(16, size)))
