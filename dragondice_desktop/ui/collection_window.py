"""The collection window: the whole catalog in a table, what the player owns, and how
complete each species is.

``CollectionWindow(db)`` is a standalone QMainWindow. Its table is a ``CollectionModel``
(a QStandardItemModel, one row per catalog die) behind a ``CollectionFilter``
(QSortFilterProxyModel: search text, species, element, kind, size, owned or not). The
Owned, Printing, Condition and Notes cells are edited in place and written to the store at
once; the Owned cell has − and + buttons, and +, − and "Set owned" act on every selected row
at once (also the + and − keys); "Add a species" adds one of every die of a species. A
pyqtgraph bar chart shows completion per species. CSV export writes the file;
CSV import opens a preview (``CsvImportDialog``) and writes only when confirmed.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QRect, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import (
    QAction, QFont, QKeySequence, QPainter, QPixmap, QStandardItem, QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QHBoxLayout, QHeaderView, QInputDialog, QLabel,
    QLineEdit, QMainWindow, QMenu, QSpinBox, QSplitter, QStyledItemDelegate,
    QTableView, QToolBar, QToolButton, QVBoxLayout, QWidget,
)
from sqlite_utils import Database

from ..player_text import dice_count
from ..catalog.loader import Catalog, load_catalog
from ..catalog.model import Color, Die, DieKind, Size
from ..store.collection import (
    CONDITIONS, MAX_QUANTITY, CollectionEntry, CollectionError, Completion, all_entries,
    completion, printing_suggestions, set_entry,
)
from ..forces.errors import read_bounded
from ..store.collection_csv import MAX_CSV_BYTES, export_csv
from . import folders
from .csv_import_dialog import CsvImportDialog
from .die_icons import die_icon

COLUMNS = ("Die", "Species", "Kind", "Size", "Elements", "Points", "Owned", "Printing",
           "Condition", "Notes")
(COL_DIE, COL_SPECIES, COL_KIND, COL_SIZE, COL_ELEMENTS, COL_POINTS, COL_OWNED, COL_PRINTING,
 COL_CONDITION, COL_NOTES) = range(len(COLUMNS))
EDITABLE = {COL_OWNED: "quantity", COL_PRINTING: "printing", COL_CONDITION: "condition",
            COL_NOTES: "notes"}
ICON_SIZE = 28
# Sorting on numbers must compare numbers, not their text.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
DIE_ROLE = Qt.ItemDataRole.UserRole + 2
# The words a search looks in (name, key, class, species; case-folded), kept on the Species
# cell: Qt matches the search text against it without asking Python about every row.
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 3
_BOLD = QFont()
_BOLD.setBold(True)


def elements_text(die: Die) -> str:
    """"Fire, Earth"; "Ivory"; "White"; "Gold"."""
    return ", ".join(c.value.capitalize() for c in die.colors) or "—"


class _DieCell(QStandardItem):
    """The Die cell: its picture is painted and its faces worded when first asked for."""

    def __init__(self, die: Die, text: str) -> None:
        super().__init__(text)
        self.die = die
        self.icon = None

    def data(self, role=Qt.ItemDataRole.UserRole + 1):
        if role == Qt.ItemDataRole.DecorationRole:
            if self.icon is None:
                self.icon = die_icon(self.die)
            return self.icon
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{self.die.key}\n" + "\n".join(
                f"face {n}: {face.to_text()}" for n, face in enumerate(self.die.faces, start=1))
        return super().data(role)


class _OwnedCell(QStandardItem):
    """The Owned cell: shows the number (blank for none, bold for some), edits and sorts as
    a number."""

    def __init__(self) -> None:
        super().__init__()
        self.quantity = 0

    def data(self, role=Qt.ItemDataRole.UserRole + 1):
        if role == Qt.ItemDataRole.DisplayRole:
            return str(self.quantity) if self.quantity else ""
        if role == Qt.ItemDataRole.EditRole or role == SORT_ROLE:
            return self.quantity
        if role == Qt.ItemDataRole.FontRole:
            return _BOLD if self.quantity else None
        return super().data(role)


class CollectionModel(QStandardItemModel):
    """Every catalog die with the player's entry for it (Qt model, one row per die).

    Reads the collection once and keeps it in memory; ``setData`` on an editable column
    writes that die's entry to the store first and changes the cell only if the store took
    it. ``collectionChanged`` is emitted after every write; ``editRefused(str)`` carries the
    reason when a value is refused (e.g. a quantity over 9999).

    Qt keeps the cells (a QStandardItemModel): showing, filtering and sorting the table ask
    Python nothing per cell, except the Die and Owned cells (a picture painted when first
    shown; a number shown blank for none).
    """

    collectionChanged = Signal()
    editRefused = Signal(str)

    def __init__(self, db: Database, catalog: Catalog, parent=None):
        super().__init__(0, len(COLUMNS), parent)
        self.db, self.catalog = db, catalog
        self.dice: list[Die] = sorted(catalog, key=_catalog_order)
        self.entries: dict[str, CollectionEntry] = all_entries(db)
        self.haystacks = [" ".join([die.name, die.key, die.class_name,
                                    die.species.value if die.species else ""]).casefold()
                          for die in self.dice]
        self._rows = {die.key: row for row, die in enumerate(self.dice)}
        self.setHorizontalHeaderLabels(list(COLUMNS))
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        centre = int(Qt.AlignmentFlag.AlignCenter)  # between the − and + buttons
        for row, die in enumerate(self.dice):
            texts = _fixed_cells(die)
            cells: list[QStandardItem] = [_DieCell(die, texts[0])]
            cells += [QStandardItem(text) for text in texts[1:]]
            for column, cell in enumerate(cells):
                cell.setEditable(False)
                cell.setData(die.cost if column == COL_POINTS else texts[column], SORT_ROLE)
            cells[COL_POINTS].setData(right, Qt.ItemDataRole.TextAlignmentRole)
            owned = _OwnedCell()
            owned.setData(centre, Qt.ItemDataRole.TextAlignmentRole)
            cells += [owned] + [QStandardItem() for _ in (COL_PRINTING, COL_CONDITION,
                                                          COL_NOTES)]
            for cell in cells:
                cell.setData(die, DIE_ROLE)
            cells[COL_SPECIES].setData(self.haystacks[row], SEARCH_ROLE)
            self.appendRow(cells)
        for row in range(len(self.dice)):
            self._show_entry(row)

    def _show_entry(self, row: int) -> None:
        """Put the player's entry for the die of `row` in its editable cells."""
        entry = self.entry(self.dice[row].key)
        owned = self.item(row, COL_OWNED)
        if owned.quantity != entry.quantity:
            owned.quantity = entry.quantity
            owned.emitDataChanged()
        for column in (COL_PRINTING, COL_CONDITION, COL_NOTES):
            text = getattr(entry, EDITABLE[column])
            cell = self.item(row, column)
            if cell.text() != text:
                cell.setText(text)
                cell.setData(text, SORT_ROLE)

    # -- reading ----------------------------------------------------------------------------
    def die_at(self, row: int) -> Die:
        """The die of a source row."""
        return self.dice[row]

    def entry(self, key: str) -> CollectionEntry:
        """The player's entry for a die (blank if none)."""
        return self.entries.get(key) or CollectionEntry(key)

    # -- writing ----------------------------------------------------------------------------
    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.EditRole or index.column() not in EDITABLE:
            return False
        die = self.dice[index.row()]
        field = EDITABLE[index.column()]
        if field == "quantity":
            try:
                value = int(value)
            except (TypeError, ValueError):
                self.editRefused.emit(f"{die.name}: quantity {value!r} is not a whole number")
                return False
        else:
            value = "" if value is None else str(value)
        old = self.entry(die.key)
        try:
            stored = set_entry(self.db, _with(old, field, value), self.catalog)
        except CollectionError as exc:
            self.editRefused.emit(str(exc))
            return False
        self.entries[die.key] = stored
        self._show_entry(index.row())
        self.collectionChanged.emit()
        return True

    def set_quantity(self, key: str, quantity: int) -> bool:
        """Set one die's quantity through the model (as an edit in the table would)."""
        return self.setData(self.index(self._rows[key], COL_OWNED), quantity)

    def adjust(self, keys, delta: int) -> int:
        """Add `delta` copies (negative: remove, never below 0 nor above the most a
        collection holds) to each die of `keys`; returns how many dice changed. A refused
        write is reported through ``editRefused`` and the others still go through."""
        changed = 0
        for key in dict.fromkeys(keys):
            old = self.entry(key).quantity
            new = max(0, min(MAX_QUANTITY, old + delta))
            if new != old and self.set_quantity(key, new):
                changed += 1
        return changed

    def set_quantities(self, keys, quantity: int) -> int:
        """Set each die of `keys` to `quantity` copies; returns how many dice changed."""
        return sum(1 for key in dict.fromkeys(keys)
                   if self.entry(key).quantity != quantity and self.set_quantity(key, quantity))

    def reload(self) -> None:
        """Read the collection again (after an import)."""
        self.beginResetModel()
        self.entries = all_entries(self.db)
        blocked = self.blockSignals(True)  # one reset, not a change per cell
        try:
            for row in range(len(self.dice)):
                self._show_entry(row)
        finally:
            self.blockSignals(blocked)
        self.endResetModel()
        self.collectionChanged.emit()

    def owned(self) -> dict[str, int]:
        """Copies owned per key (dice with at least one)."""
        return {k: e.quantity for k, e in self.entries.items() if e.quantity > 0}


def _fixed_cells(die: Die) -> tuple[str, ...]:
    """What the columns before Owned show for `die` (they never change)."""
    return (die.name, die.species.value if die.species else "", die.kind.value,
            die.size.value if die.size else "", elements_text(die),
            str(die.cost) if die.cost else "")


def _with(entry: CollectionEntry, field: str, value) -> CollectionEntry:
    return replace(entry, **{field: value})


def _catalog_order(die: Die) -> tuple:
    kind_order = [DieKind.UNIT, DieKind.MONSTER, DieKind.CHAMPION, DieKind.EQUIPMENT,
                  DieKind.ARTIFACT, DieKind.MEDALLION, DieKind.RELIC, DieKind.DRAGON,
                  DieKind.TERRAIN, DieKind.MINOR_TERRAIN]
    return (die.species.value if die.species else "~", kind_order.index(die.kind),
            die.health, die.name)


class _ChoiceFilter(QSortFilterProxyModel):
    """The filters chosen in the combo boxes (species, element, kind, size, owned), over a
    ``CollectionModel``: a row is asked about only when a choice or its die's entry changes,
    never while the player types a search."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.species: str | None = None
        self.element: Color | None = None
        self.kind: DieKind | None = None
        self.size: Size | None = None
        self.owned: bool | None = None

    def set(self, attr: str, value) -> None:
        """Change one choice and refilter the rows."""
        # Qt 6.10+: announce the change, change the state, then refilter the rows only.
        self.beginFilterChange()
        setattr(self, attr, value)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent) -> bool:  # noqa: N802
        model: CollectionModel = self.sourceModel()
        die = model.die_at(source_row)
        if self.species and (die.species is None or die.species.value != self.species):
            return False
        if self.element and self.element not in die.colors and self.element not in die.elements:
            return False
        if self.kind and die.kind is not self.kind:
            return False
        if self.size and die.size is not self.size:
            return False
        if self.owned is not None and (model.entry(die.key).quantity > 0) != self.owned:
            return False
        return True


class CollectionFilter(QSortFilterProxyModel):
    """Search and filters over a ``CollectionModel``; sorts numbers as numbers.

    Each ``set_*`` takes None for "any". The search matches name, key, species and class
    (case-insensitive); ``owned`` True keeps dice with at least one copy, False those with
    none. The search is matched by Qt itself (the Species cell's ``SEARCH_ROLE``), on top of
    the combo boxes' choices (an inner filter), so typing asks Python nothing per row.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = ""
        self._choices = _ChoiceFilter(self)
        self.setSortRole(SORT_ROLE)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(COL_SPECIES)
        self.setFilterRole(SEARCH_ROLE)
        # Both sides are case-folded in Python: the same match as `text in haystack`.
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)

    def setSourceModel(self, model) -> None:  # noqa: N802 — Qt's name
        """Show `model` (a CollectionModel) through the choices and the search."""
        self._choices.setSourceModel(model)
        super().setSourceModel(self._choices)

    # The choices in force (None: any).
    species = property(lambda self: self._choices.species)
    element = property(lambda self: self._choices.element)
    kind = property(lambda self: self._choices.kind)
    size = property(lambda self: self._choices.size)
    owned = property(lambda self: self._choices.owned)

    def set_text(self, text: str) -> None:
        """Keep dice whose name, key, species or class contains ``text``."""
        self.text = text.strip().casefold()
        self.setFilterFixedString(self.text)

    def set_species(self, species: str | None) -> None:
        """Keep one species (its display name, e.g. "Dwarves")."""
        self._choices.set("species", species)

    def set_element(self, element: Color | None) -> None:
        """Keep dice of one colour; an element also matches White dice (all elements)."""
        self._choices.set("element", element)

    def set_kind(self, kind: DieKind | None) -> None:
        """Keep one kind of die."""
        self._choices.set("kind", kind)

    def set_size(self, size: Size | None) -> None:
        """Keep one size class."""
        self._choices.set("size", size)

    def set_owned(self, owned: bool | None) -> None:
        """True: only owned dice; False: only dice not owned; None: all."""
        self._choices.set("owned", owned)


STEP_BUTTON = 20  # px: the width of the − and + buttons in an Owned cell


def step_buttons(cell: QRect) -> tuple[QRect, QRect]:
    """The − (left) and + (right) button rectangles inside an Owned cell."""
    width = min(STEP_BUTTON, cell.width() // 3)
    return (QRect(cell.left() + 1, cell.top() + 2, width, cell.height() - 4),
            QRect(cell.right() - width, cell.top() + 2, width, cell.height() - 4))


class CollectionEditors(QStyledItemDelegate):
    """Editors for the editable columns: a spin box for Owned (0-9999), editable combo boxes
    with suggestions for Printing and Condition. Qt paints these cells itself (no Python
    per cell); ``CollectionDelegate`` adds the Owned cell's buttons."""

    def __init__(self, model: CollectionModel, parent=None):
        super().__init__(parent)
        self.model = model

    def createEditor(self, parent, option, index):  # noqa: N802
        if index.column() == COL_OWNED:
            editor = QSpinBox(parent)
            editor.setRange(0, MAX_QUANTITY)
            return editor
        if index.column() in (COL_PRINTING, COL_CONDITION):
            editor = QComboBox(parent)
            editor.setEditable(True)
            items = (printing_suggestions(self.model.db) if index.column() == COL_PRINTING
                     else list(CONDITIONS))
            editor.addItems(items)
            return editor
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor, index):  # noqa: N802
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox):
            editor.setValue(int(value or 0))
        elif isinstance(editor, QComboBox):
            editor.setCurrentText(value or "")
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index):  # noqa: N802
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            model.setData(index, editor.value())
        elif isinstance(editor, QComboBox):
            model.setData(index, editor.currentText())
        else:
            super().setModelData(editor, model, index)


class CollectionDelegate(CollectionEditors):
    """The Owned column's delegate: its editor, and − and + buttons in the cell: a click
    takes one copy away or adds one (a double-click still edits the number)."""

    def __init__(self, model: CollectionModel, parent=None):
        super().__init__(model, parent)
        self._buttons: dict[tuple, QPixmap] = {}

    def paint(self, painter, option, index):  # noqa: D102 (Qt API)
        super().paint(painter, option, index)
        minus, plus = step_buttons(option.rect)
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        painter.drawPixmap(minus.topLeft(), self._button("−", minus, option, ratio))
        painter.drawPixmap(plus.topLeft(), self._button("+", plus, option, ratio))

    def _button(self, text: str, rect: QRect, option, ratio: float) -> QPixmap:
        """The − or + button of a cell, painted once per size and palette and kept (a
        repaint of the table then copies two pixmaps per Owned cell)."""
        palette = option.palette
        key = (text, rect.width(), rect.height(), palette.cacheKey(), ratio)
        cached = self._buttons.get(key)
        if cached is None:
            cached = QPixmap(round(rect.width() * ratio), round(rect.height() * ratio))
            cached.setDevicePixelRatio(ratio)
            cached.fill(Qt.GlobalColor.transparent)
            button = QPainter(cached)
            button.setPen(palette.mid().color())
            button.setBrush(palette.button())
            button.drawRoundedRect(QRect(0, 0, rect.width() - 1, rect.height() - 1), 3, 3)
            button.setPen(palette.buttonText().color())
            button.setFont(option.font)
            button.drawText(QRect(0, 0, rect.width(), rect.height()),
                            int(Qt.AlignmentFlag.AlignCenter), text)
            button.end()
            if len(self._buttons) > 64:
                self._buttons.clear()
            self._buttons[key] = cached
        return cached

    def editorEvent(self, event, model, option, index):  # noqa: N802
        if (event.type() == QEvent.Type.MouseButtonRelease
                and event.button() == Qt.MouseButton.LeftButton):
            minus, plus = step_buttons(option.rect)
            point = event.position().toPoint()
            for rect, delta in ((minus, -1), (plus, 1)):
                if rect.contains(point):
                    die = index.data(DIE_ROLE)
                    self.model.adjust([die.key], delta)
                    return True
        return super().editorEvent(event, model, option, index)


class CompletionChart(pg.PlotWidget):
    """Horizontal bars: per species (and items, dragons, terrains), the share of its distinct
    catalog dice the player owns, labelled "owned/total"."""

    def __init__(self, parent=None):
        super().__init__(parent, background="w")
        self.setMenuEnabled(False)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.getPlotItem().invertY(True)
        self.setLabel("bottom", "% of the catalog's different dice owned")
        self.getAxis("bottom").setTextPen("#333")
        left = self.getAxis("left")
        left.setTextPen("#333")
        left.setWidth(112)
        # Show every group's name: by default pyqtgraph drops labels to leave white space.
        left.setStyle(textFillLimits=[(0, 1.0)], tickLength=0)
        self.getAxis("bottom").setTicks([[(v, str(v)) for v in range(0, 101, 20)]])
        self.completions: list[Completion] = []
        self._items: list = []

    def update_completion(self, completions: list[Completion]) -> None:
        """Redraw the bars for ``completions`` (from ``store.collection.completion``)."""
        self.completions = completions
        for item in self._items:
            self.removeItem(item)
        self._items = []
        n = len(completions)
        percents = [c.percent for c in completions]
        back = pg.BarGraphItem(x0=[0] * n, y=list(range(n)), height=0.7, width=[100] * n,
                               brush="#e8e8e8", pen=pg.mkPen(None))
        bars = pg.BarGraphItem(x0=[0] * n, y=list(range(n)), height=0.7, width=percents,
                               brush="#3f7fbf", pen=pg.mkPen(None))
        self._items += [back, bars]
        for item in self._items:
            self.addItem(item)
        for row, c in enumerate(completions):
            label = pg.TextItem(f"{c.kinds_owned}/{c.kinds_total}", color="#222", anchor=(0, 0.5))
            label.setPos(101.5, row)
            self.addItem(label)
            self._items.append(label)
        self.getAxis("left").setTicks([[(i, c.group) for i, c in enumerate(completions)]])
        self.setXRange(0, 126, padding=0)
        self.setYRange(-0.6, n - 0.4, padding=0)


class CollectionWindow(QMainWindow):
    """The collection: catalog table with filters, totals, completion chart, CSV in and out.

    ``db`` is an open store database; ``catalog`` defaults to the bundled one.
    """

    def __init__(self, db: Database, catalog: Catalog | None = None, parent=None):
        super().__init__(parent)
        self.db = db
        self.catalog = catalog or load_catalog()
        self.setWindowTitle("My dice collection — Dragon Dice Desktop")
        self.resize(1400, 860)

        self.model = CollectionModel(db, self.catalog, self)
        self.proxy = CollectionFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        # Only the Owned cell needs a delegate that paints (its − and + buttons); the other
        # editable columns' delegate only makes editors: Qt paints every other cell itself.
        self.delegate = CollectionDelegate(self.model, self.table)
        self.editors = CollectionEditors(self.model, self.table)
        for column in EDITABLE:
            self.table.setItemDelegateForColumn(
                column, self.delegate if column == COL_OWNED else self.editors)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                   | QAbstractItemView.EditTrigger.EditKeyPressed
                                   | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.table.setIconSize(self.table.iconSize().scaled(ICON_SIZE, ICON_SIZE,
                                                            Qt.AspectRatioMode.KeepAspectRatio))
        self.table.verticalHeader().setDefaultSectionSize(ICON_SIZE + 4)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in ((COL_DIE, 190), (COL_SPECIES, 105), (COL_KIND, 78),
                              (COL_SIZE, 68), (COL_ELEMENTS, 90), (COL_POINTS, 50),
                              (COL_OWNED, 96), (COL_PRINTING, 150), (COL_CONDITION, 85)):
            self.table.setColumnWidth(column, width)

        self._build_filters()
        self.totals = QLabel()
        self.totals.setWordWrap(True)
        self.totals.setStyleSheet("font-size: 11pt;")
        self.chart = CompletionChart()
        self.chart.setMinimumWidth(360)
        self.shown = QLabel()

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(6, 6, 6, 6)
        left_layout.addLayout(self.filter_row)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.shown)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(6, 6, 6, 6)
        title = QLabel("Completion")
        title.setStyleSheet("font-size: 13pt; font-weight: bold;")
        right_layout.addWidget(title)
        right_layout.addWidget(self.totals)
        right_layout.addWidget(self.chart, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([1000, 400])
        self.setCentralWidget(splitter)
        self._build_toolbar()

        self.model.collectionChanged.connect(self.update_totals)
        self.model.editRefused.connect(lambda message: self.statusBar().showMessage(message, 8000))
        self.proxy.rowsInserted.connect(self._update_shown)
        self.proxy.rowsRemoved.connect(self._update_shown)
        self.proxy.modelReset.connect(self._update_shown)
        self.proxy.layoutChanged.connect(self._update_shown)
        self.update_totals()
        self._update_shown()

    # -- building -----------------------------------------------------------------------------
    def _build_filters(self) -> None:
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search name, species, class …")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_text)
        self.species_box = _combo("All species", [(s, s) for s in sorted(
            {d.species.value for d in self.catalog if d.species})], self.proxy.set_species)
        colours = [Color.AIR, Color.DEATH, Color.EARTH, Color.FIRE, Color.WATER, Color.IVORY,
                   Color.WHITE, Color.BRONZE, Color.SILVER, Color.GOLD]
        self.element_box = _combo("All colours", [(c.value.capitalize(), c) for c in colours],
                                  self.proxy.set_element)
        self.kind_box = _combo("All kinds", [(k.value.capitalize(), k) for k in DieKind],
                               self.proxy.set_kind)
        self.size_box = _combo("All sizes", [(s.value.capitalize(), s) for s in Size],
                               self.proxy.set_size)
        self.owned_box = _combo("Owned or not", [("Owned", True), ("Not owned", False)],
                                self.proxy.set_owned)
        self.filter_row = QHBoxLayout()
        self.filter_row.addWidget(self.search, 2)
        for box in (self.species_box, self.element_box, self.kind_box, self.size_box,
                    self.owned_box):
            self.filter_row.addWidget(box, 1)

    def _build_toolbar(self) -> None:
        bar = QToolBar("Collection")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.import_action = QAction("Import CSV…", self)
        self.import_action.triggered.connect(self._import_clicked)
        self.export_action = QAction("Export CSV…", self)
        self.export_action.setShortcut(QKeySequence.StandardKey.Save)
        self.export_action.triggered.connect(self._export_clicked)
        bar.addAction(self.import_action)
        bar.addAction(self.export_action)
        bar.addSeparator()
        # Several rows at once: the selected dice (Shift/Ctrl-click, Ctrl+A for all shown).
        self.add_one_action = QAction("+1 selected", self)
        self.add_one_action.setShortcuts([QKeySequence("+"), QKeySequence("=")])
        self.add_one_action.setToolTip("Add one copy of each selected die (+)")
        self.add_one_action.triggered.connect(lambda: self.adjust_selected(1))
        self.remove_one_action = QAction("−1 selected", self)
        self.remove_one_action.setShortcut(QKeySequence("-"))
        self.remove_one_action.setToolTip("Take one copy of each selected die away (−)")
        self.remove_one_action.triggered.connect(lambda: self.adjust_selected(-1))
        self.set_owned_action = QAction("Set owned…", self)
        self.set_owned_action.setToolTip("Set how many you own of each selected die")
        self.set_owned_action.triggered.connect(self._set_owned_clicked)
        for action in (self.add_one_action, self.remove_one_action):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.table.addAction(action)
        for action in (self.add_one_action, self.remove_one_action, self.set_owned_action):
            bar.addAction(action)
        self.species_menu = QMenu(self)
        for species in sorted({d.species.value for d in self.catalog if d.species}):
            self.species_menu.addAction(species, lambda s=species: self.add_species(s))
        species_button = QToolButton()
        species_button.setText("Add a species")
        species_button.setToolTip("Add one of every die of a species (units and monsters)")
        species_button.setMenu(self.species_menu)
        species_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        bar.addWidget(species_button)

    # -- several dice at once -----------------------------------------------------------------
    def selected_keys(self) -> list[str]:
        """The keys of the dice in the selected rows, in the order shown."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.proxy.index(row, COL_DIE).data(DIE_ROLE).key for row in rows]

    def adjust_selected(self, delta: int) -> int:
        """Add `delta` copies (or take them away) of every selected die; returns how many
        changed and says so in the status bar."""
        keys = self.selected_keys()
        if not keys:
            self.statusBar().showMessage("Select the dice first (click, Shift/Ctrl-click)", 6000)
            return 0
        changed = self.model.adjust(keys, delta)
        self.statusBar().showMessage(f"{'+' if delta > 0 else '−'}{abs(delta)} for "
                                     f"{changed} of {len(keys)} selected dice", 6000)
        return changed

    def _set_owned_clicked(self) -> None:
        keys = self.selected_keys()
        if not keys:
            self.statusBar().showMessage("Select the dice first (click, Shift/Ctrl-click)", 6000)
            return
        quantity, ok = QInputDialog.getInt(self, "Set owned",
                                           f"Copies owned of each of the {dice_count(len(keys))}:",
                                           1, 0, MAX_QUANTITY)
        if ok:
            changed = self.model.set_quantities(keys, quantity)
            self.statusBar().showMessage(f"{dice_count(changed)} set to {quantity}", 6000)

    def add_species(self, species: str) -> int:
        """Add one copy of every unit and monster of `species` (its whole range); returns
        how many dice that is."""
        keys = [d.key for d in self.model.dice
                if d.species and d.species.value == species
                and d.kind in (DieKind.UNIT, DieKind.MONSTER)]
        changed = self.model.adjust(keys, 1)
        self.statusBar().showMessage(f"Added one of each {species} die: {dice_count(changed)}", 8000)
        return changed

    # -- totals -------------------------------------------------------------------------------
    def update_totals(self) -> None:
        """Recompute the totals line and the completion chart from the model."""
        owned = self.model.owned()
        groups = completion(self.catalog, owned)
        distinct = sum(g.kinds_owned for g in groups)
        total = len(self.catalog)
        copies = sum(owned.values())
        self.totals.setText(f"You own {dice_count(copies)}: {distinct} of the {total} different "
                            f"catalog dice ({100 * distinct / total:.0f}%).")
        self.chart.update_completion(groups)

    def _update_shown(self, *args) -> None:
        self.shown.setText(f"{self.proxy.rowCount()} of {dice_count(self.model.rowCount())} shown. "
                           "Double-click Owned, Printing, Condition or Notes to edit.")

    # -- CSV ----------------------------------------------------------------------------------
    def export_to(self, path: str | Path, every_die: bool = False) -> int:
        """Write the collection as CSV to ``path``; returns the number of rows written.
        Raises OSError when the file cannot be written."""
        text = export_csv(self.db, self.catalog, every_die=every_die)
        Path(path).write_text(text, encoding="utf-8")
        return text.count("\n") - 1

    def import_dialog(self, path: str | Path, mode: str = "add") -> CsvImportDialog:
        """The preview dialog for importing ``path`` (not yet shown; nothing written).
        Raises OSError when the file cannot be read, is not a regular file or is too big."""
        # A bounded read of a regular file: a device or pipe is refused, not read forever.
        data = read_bounded(path, MAX_CSV_BYTES, "a collection CSV")
        dialog = CsvImportDialog(self.db, self.catalog, data, Path(path).name, mode, self)
        dialog.accepted.connect(self.model.reload)
        return dialog

    def _export_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export collection",
                                              folders.suggest("collection", "collection.csv"),
                                              "CSV files (*.csv)")
        if path:
            folders.remember("collection", path)
            try:
                rows = self.export_to(path)
            except OSError as exc:
                self.statusBar().showMessage(f"Cannot write {path}: {exc.strerror or exc}", 10000)
                return
            self.statusBar().showMessage(f"Wrote {dice_count(rows)} to {path}", 8000)

    def _import_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import collection",
                                              folders.folder("collection"),
                                              "CSV files (*.csv);;All files (*)")
        if not path:
            return
        folders.remember("collection", path)
        try:
            dialog = self.import_dialog(path)
        except (OSError, ValueError) as exc:
            self.statusBar().showMessage(f"Cannot read {path}: "
                                         f"{getattr(exc, 'strerror', None) or exc}", 10000)
            return
        if dialog.exec() and dialog.applied is not None:
            self.statusBar().showMessage(f"Imported: {dice_count(dialog.applied)} changed", 8000)


def _combo(any_label: str, items: list[tuple[str, object]], on_change) -> QComboBox:
    box = QComboBox()
    box.addItem(any_label, None)
    for label, value in items:
        box.addItem(label, value)
    box.currentIndexChanged.connect(lambda _i: on_change(box.currentData()))
    return box
