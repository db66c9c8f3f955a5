"""The pieces of the force builder: the dice palette and the slot lists dice are dropped on.

A drag carries one die as ``application/x-dragondice-die`` (JSON: the die key and the slot
it comes from, or none for the palette). A ``SlotList`` accepts a drag only if the die fits
its slot (``forces.slots.fits``); a drop is handed to the builder's drop handler, which makes
the edit through the undo stack. Dropping a die from a slot on the palette takes it out of
the force. Every drag has a keyboard and menu equivalent (double-click or Enter in the
palette adds a die; Delete in a slot removes one; the context menus move and remove).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from PySide6.QtCore import (
    QAbstractListModel, QMimeData, QModelIndex, QSize, QSortFilterProxyModel, Qt, Signal,
)
from PySide6.QtGui import QColor, QDrag, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView, QListView, QMenu, QToolTip,
)

from ..catalog.loader import Catalog
from ..catalog.model import Die, DieKind, Species
from ..forces.slots import ARMY_SLOTS, SLOT_LABELS, SLOTS, TERRAIN_SLOTS, fits
from .die_icons import die_icon, display_name
from .game_log import player_text

MIME_TYPE = "application/x-dragondice-die"
ICON = 30

# Palette groups: label -> test on a die.
GROUPS: dict[str, Callable[[Die], bool]] = {
    "Units": lambda d: d.kind.is_unit and d.species is not Species.DRAGONKIN,
    "Items": lambda d: d.kind.is_item,
    "Terrains": lambda d: d.kind is DieKind.TERRAIN,
    "Dragons": lambda d: d.kind is DieKind.DRAGON,
    "Dragonkin": lambda d: d.species is Species.DRAGONKIN,
    "Minor terrains": lambda d: d.kind is DieKind.MINOR_TERRAIN,
}


def die_mime(key: str, source: str | None = None) -> QMimeData:
    """Drag data for one die; ``source`` is the slot it leaves (None from the palette)."""
    mime = QMimeData()
    mime.setData(MIME_TYPE, json.dumps({"key": key, "from": source}).encode("utf-8"))
    mime.setText(key)
    return mime


def read_die_mime(mime: QMimeData) -> tuple[str, str | None] | None:
    """(key, source slot) from drag data, or None when it is not one of our dice."""
    if mime is None or not mime.hasFormat(MIME_TYPE):
        return None
    try:
        data = json.loads(bytes(mime.data(MIME_TYPE)).decode("utf-8"))
        key, source = data["key"], data.get("from")
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(key, str) or (source is not None and source not in SLOTS):
        return None
    return key, source


def dice_row_flags(index: QModelIndex) -> Qt.ItemFlag:
    """The flags of a row in a list of dice that are dragged between lists: every row may
    be selected and dragged; dice may be dropped on the list (not on one row)."""
    base = Qt.ItemFlag.ItemIsDropEnabled
    if not index.isValid():
        return base
    return base | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable \
        | Qt.ItemFlag.ItemIsDragEnabled


# --- palette -----------------------------------------------------------------------------------

class PaletteModel(QAbstractListModel):
    """The dice one can add: every catalog die, with owned and still-free counts.

    ``set_counts(owned, used)`` updates the "own 5 · 2 free" part of each line.
    """

    def __init__(self, catalog: Catalog, parent=None):
        super().__init__(parent)
        self.catalog = catalog
        order = list(GROUPS)
        self.dice = sorted(catalog, key=lambda d: (
            next((i for i, g in enumerate(order) if GROUPS[g](d)), 99),
            d.species.value if d.species else "", d.health, d.name))
        self.owned: Mapping[str, int] = {}
        self.used: Mapping[str, int] = {}
        self.show_owned = False

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.dice)

    def die_at(self, row: int) -> Die:
        """The die of a source row."""
        return self.dice[row]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        die = self.dice[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{display_name(die, self.catalog)}\n{self._detail(die)}"
        if role == Qt.ItemDataRole.DecorationRole:
            return die_icon(die, ICON)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{die.key}\nDouble-click or drag into the force."
        if role == Qt.ItemDataRole.UserRole:
            return die.key
        if role == Qt.ItemDataRole.ForegroundRole and self.show_owned and self.free(die.key) <= 0:
            return QColor("#999999")
        return None

    def _detail(self, die: Die) -> str:
        parts = [die.species.value if die.species else die.kind.value.capitalize()]
        if die.kind.is_unit or die.kind.is_item:
            parts.append(f"{die.cost} pt" if die.cost == 1 else f"{die.cost} pts")
        if self.show_owned:
            free = self.free(die.key)
            parts.append(f"own {self.owned.get(die.key, 0)} · "
                         + (f"{free} free" if free >= 0 else f"{-free} short"))
        return " · ".join(parts)

    def free(self, key: str) -> int:
        """Copies owned and not yet used by the force being edited."""
        return self.owned.get(key, 0) - self.used.get(key, 0)

    def set_counts(self, owned: Mapping[str, int], used: Mapping[str, int],
                   show_owned: bool) -> None:
        """New owned/used counts; repaints the lines."""
        self.owned, self.used, self.show_owned = owned, used, show_owned
        if self.dice:
            self.dataChanged.emit(self.index(0), self.index(len(self.dice) - 1))

    def flags(self, index):
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else base

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [MIME_TYPE]

    def mimeData(self, indexes) -> QMimeData:  # noqa: N802
        return die_mime(self.dice[indexes[0].row()].key) if indexes else QMimeData()


class PaletteFilter(QSortFilterProxyModel):
    """Search text, group ("Units", "Items" ...), species and owned-only over the palette."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = ""
        self.group: str | None = None
        self.species: str | None = None
        self.owned_only = False

    def set_filter(self, **changes) -> None:
        """Change any of text, group, species, owned_only and refilter."""
        self.beginFilterChange()
        for name, value in changes.items():
            setattr(self, name, value.strip().casefold() if name == "text" else value)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, row: int, parent) -> bool:  # noqa: N802
        model: PaletteModel = self.sourceModel()
        die = model.die_at(row)
        if self.group and not GROUPS[self.group](die):
            return False
        if self.species and (die.species is None or die.species.value != self.species):
            return False
        if self.owned_only and model.owned.get(die.key, 0) <= 0:
            return False
        if self.text:
            hay = f"{die.name} {die.key} {die.class_name}".casefold()
            return self.text in hay
        return True


class PaletteView(QListView):
    """The palette list: drag a die out, double-click or Enter to add it, drop a die from
    the force here to take it out. ``addRequested(key)`` and ``removeRequested(slot, key)``
    go to the builder."""

    addRequested = Signal(str)
    removeRequested = Signal(str, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setIconSize(QSize(ICON, ICON))
        self.setSpacing(1)
        self.setUniformItemSizes(True)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.activated.connect(
            lambda index: self.addRequested.emit(index.data(Qt.ItemDataRole.UserRole)))

    def dragEnterEvent(self, event):  # noqa: N802
        found = read_die_mime(event.mimeData())
        if found and found[1]:
            event.acceptProposedAction()
        elif found:
            event.ignore()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event):  # noqa: N802
        found = read_die_mime(event.mimeData())
        if found and found[1]:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event):  # noqa: N802
        if self.handle_drop(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def handle_drop(self, mime: QMimeData) -> bool:
        """A die dragged out of a slot onto the palette is removed from the force."""
        found = read_die_mime(mime)
        if not found or not found[1]:
            return False
        self.removeRequested.emit(found[1], found[0])
        return True


# --- slots -------------------------------------------------------------------------------------

class SlotModel(QAbstractListModel):
    """One slot's dice as a Qt list model: one row per die key, with its count. `rows`:
    (key, count, text shown) per line, in first-seen order."""

    KEY = Qt.ItemDataRole.UserRole

    def __init__(self, slot: str, catalog: Catalog, parent=None):
        super().__init__(parent)
        self.slot, self.catalog = slot, catalog
        self.rows: list[tuple[str, int, str]] = []

    def set_keys(self, keys: tuple[str, ...], points: Callable[[str, int], str] | None = None
                 ) -> None:
        """Show ``keys`` grouped by die in first-seen order; ``points(key, count)`` gives
        the text after the name (e.g. "3 pts")."""
        counts: dict[str, int] = {}
        for key in keys:
            counts[key] = counts.get(key, 0) + 1
        rows = []
        for key, count in counts.items():
            die = self.catalog.dice.get(key)
            name = display_name(die, self.catalog) if die else f"{key} (not in the catalog)"
            extra = points(key, count) if points else ""
            text = f"{count} × {name}" + (f"   {extra}" if extra else "")
            if self.slot in TERRAIN_SLOTS:
                text, count = name, 1
            rows.append((key, count, text))
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt API)
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        key, _count, text = self.rows[index.row()]
        die = self.catalog.dice.get(key)
        if role == Qt.ItemDataRole.DisplayRole:
            return text
        if role == self.KEY:
            return key
        if role == Qt.ItemDataRole.DecorationRole and die is not None:
            return die_icon(die, ICON)
        if role == Qt.ItemDataRole.ToolTipRole and die is not None:
            return f"{die.key}\nDrag to another slot, Delete to remove one."
        return None

    def flags(self, index):
        return dice_row_flags(index)


class SlotList(QListView):
    """One slot of the force (an army, a terrain, dragons ...) as a list of dice (a QListView
    over a SlotModel, `slot_model`).

    Shows one line per die with its count ("3 × Seer  3 pts"). ``drop_handler(target, key,
    source)`` makes the edit and returns whether it was done; ``remove_handler(slot, key,
    count)`` takes dice out; ``refusal(str)`` is emitted when a die is refused, with the rule;
    ``itemSelectionChanged()`` when another line is selected.
    """

    refusal = Signal(str)
    itemSelectionChanged = Signal()  # noqa: N815 (as QListWidget names it)

    def __init__(self, slot: str, catalog: Catalog, placeholder: str,
                 drop_handler: Callable[[str, str, str | None], bool],
                 remove_handler: Callable[[str, str, int], None], parent=None):
        super().__init__(parent)
        self.slot, self.catalog, self.placeholder = slot, catalog, placeholder
        self.drop_handler, self.remove_handler = drop_handler, remove_handler
        self.slot_model = SlotModel(slot, catalog, self)
        self.setModel(self.slot_model)
        self.selectionModel().selectionChanged.connect(
            lambda *_: self.itemSelectionChanged.emit())
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setIconSize(QSize(ICON - 4, ICON - 4))
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(False)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAccessibleName(SLOT_LABELS[slot])
        self._hover = False

    # -- content ------------------------------------------------------------------------------
    def set_keys(self, keys: tuple[str, ...], points: Callable[[str, int], str] | None = None
                 ) -> None:
        """Show ``keys`` grouped by die in first-seen order; ``points(key, count)`` gives
        the text after the name (e.g. "3 pts"). The selected die stays selected."""
        selected = self.current_key()
        self.slot_model.set_keys(keys, points)
        rows = [key for key, _count, _text in self.slot_model.rows]
        if selected in rows:
            self.setCurrentRow(rows.index(selected))

    def clear(self) -> None:
        """Show no dice."""
        self.slot_model.set_keys(())

    def count(self) -> int:
        """The number of lines (one per kind of die)."""
        return self.slot_model.rowCount()

    def setCurrentRow(self, row: int) -> None:  # noqa: N802 (as QListWidget names it)
        """Select line `row`."""
        self.setCurrentIndex(self.slot_model.index(row, 0))

    def keys_shown(self) -> list[tuple[str, int]]:
        """(key, count) per line, in order (used by tests and screen readers)."""
        return [(key, count) for key, count, _text in self.slot_model.rows]

    def current_key(self) -> str | None:
        """The key of the selected line, or None."""
        index = self.currentIndex()
        return index.data(SlotModel.KEY) if index.isValid() else None

    def _line_at(self, pos) -> tuple[str, int] | None:
        index = self.indexAt(pos)
        return self.slot_model.rows[index.row()][:2] if index.isValid() else None

    # -- drag and drop ------------------------------------------------------------------------
    def startDrag(self, actions):  # noqa: N802
        key = self.current_key()
        if not key:
            return
        drag = QDrag(self)
        drag.setMimeData(die_mime(key, self.slot))
        icon = self.currentIndex().data(Qt.ItemDataRole.DecorationRole)
        if icon is not None and not icon.isNull():
            drag.setPixmap(icon.pixmap(ICON, ICON))
        drag.exec(Qt.DropAction.MoveAction)

    def _acceptable(self, mime: QMimeData) -> bool:
        found = read_die_mime(mime)
        if not found:
            return False
        die = self.catalog.dice.get(found[0])
        return die is not None and fits(self.slot, die) is None and found[1] != self.slot

    def refused_reason(self, mime: QMimeData) -> str:
        """Why a die being dragged cannot be dropped on this slot, in a player's words ("" if
        it can, or when it comes from this slot)."""
        found = read_die_mime(mime)
        if not found or found[1] == self.slot:
            return ""
        die = self.catalog.dice.get(found[0])
        if die is None:
            return f"{found[0]!r} is not in the catalog"
        return player_text(fits(self.slot, die) or "")

    def dragEnterEvent(self, event):  # noqa: N802
        if self._acceptable(event.mimeData()):
            self._set_hover(True)
            event.acceptProposedAction()
            return
        # Not a legal target: no highlight, the drop snaps back; the rule that refuses it is
        # said at the cursor and in the status bar (a silent refusal leaves players guessing).
        reason = self.refused_reason(event.mimeData())
        if reason:
            QToolTip.showText(self.mapToGlobal(event.position().toPoint()), reason, self)
            self.refusal.emit(reason)
        event.ignore()

    def dragMoveEvent(self, event):  # noqa: N802
        if self._acceptable(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragLeaveEvent(self, event):  # noqa: N802
        self._set_hover(False)
        super().dragLeaveEvent(event)

    def dropEvent(self, event):  # noqa: N802
        self._set_hover(False)
        if self.handle_drop(event.mimeData()):
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()

    def handle_drop(self, mime: QMimeData) -> bool:
        """The drop handler: add (from the palette) or move (from another slot) one die.

        A die that does not fit this slot is refused: nothing changes and ``refusal`` says
        which rule. Returns whether the force changed.
        """
        found = read_die_mime(mime)
        if not found:
            return False
        key, source = found
        die = self.catalog.dice.get(key)
        if die is None:
            self.refusal.emit(f"{key!r} is not in the catalog")
            return False
        reason = fits(self.slot, die)
        if reason:
            self.refusal.emit(reason)
            return False
        return self.drop_handler(self.slot, key, source)

    def _set_hover(self, on: bool) -> None:
        if on != self._hover:
            self._hover = on
            self.viewport().update()

    # -- keyboard and menu equivalents --------------------------------------------------------
    def keyPressEvent(self, event):  # noqa: N802
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.current_key():
            self.remove_handler(self.slot, self.current_key(), 1)
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event):  # noqa: N802
        line = self._line_at(event.pos())
        if line is None:
            return
        key, count = line
        menu = QMenu(self)
        menu.addAction("Remove one", lambda: self.remove_handler(self.slot, key, 1))
        if count > 1:
            menu.addAction(f"Remove all {count}",
                           lambda: self.remove_handler(self.slot, key, count))
        die = self.catalog.dice.get(key)
        targets = [s for s in ARMY_SLOTS if s != self.slot and die and fits(s, die) is None]
        if targets:
            move = menu.addMenu("Move one to")
            for target in targets:
                move.addAction(SLOT_LABELS[target],
                               lambda t=target: self.drop_handler(t, key, self.slot))
        menu.exec(event.globalPos())

    def paintEvent(self, event):  # noqa: N802
        super().paintEvent(event)
        if self.count() == 0 or self._hover:
            painter = QPainter(self.viewport())
            if self._hover:
                painter.setPen(QColor("#d4a017"))
                painter.drawRect(self.viewport().rect().adjusted(1, 1, -2, -2))
            if self.count() == 0:
                painter.setPen(QColor("#8a8a8a"))
                painter.drawText(self.viewport().rect().adjusted(6, 4, -6, -4),
                                 Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                                 self.placeholder)
            painter.end()
