"""The die inspector (Help ▸ Die inspector…, Ctrl+I, or double-click a die on the board):
every face of a die drawn by the dice painter, its facts (kind, species, health, elements,
cost) and what each face gives in each kind of roll, asked of the engine
(`engine.rolls.face_results`, summarised by `glossary.describe_outcome`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QListWidget, QListWidgetItem, QSplitter, QTableWidget, QTableWidgetItem, QVBoxLayout,
    QWidget,
)

from ..catalog.loader import load_catalog
from ..catalog.model import Die
from ..engine.rolls.pipeline import face_results
from .dice_painter import render_die
from .glossary import ROLLS, describe_outcome

FACE_PIXELS = 72
FACES_PER_ROW = 6


def die_facts(die: Die) -> str:
    """One line of facts, e.g. "unit · Amazons · medium · health 2 · cost 2 · elements:
    earth, water · d6"."""
    parts = [die.kind.value]
    for extra in (die.species.value if die.species else "", die.size.value if die.size else "",
                  die.class_name):
        if extra and extra.casefold() not in (p.casefold() for p in parts):
            parts.append(extra)
    if die.health:
        parts.append(f"health {die.health}")
    parts.append(f"cost {die.cost}" if die.cost else "no point cost")
    elements = sorted(c.value for c in die.elements)
    colours = ", ".join(elements) if elements else ", ".join(c.value for c in die.colors) or "—"
    parts.append(f"{'elements' if elements else 'colour'}: {colours}")
    if die.autosaves:
        parts.append(f"{die.autosaves} automatic saves")
    parts.append(f"d{die.die_type.value}")
    return " · ".join(parts)


def face_table(die: Die) -> tuple[list[str], list[list[str]]]:
    """(column names, one row per face): the face as printed, then what it gives in each
    roll of `glossary.ROLLS`. Terrains, dragons and minor terrains are not rolled by an army
    (the engine answers for units and items only), so they get the face column alone."""
    rolled = die.kind.is_unit or die.kind.is_item
    columns = ["Face"] + ([name for name, _ in ROLLS] if rolled else [])
    rows = []
    for index, face in enumerate(die.faces):
        row = [f"{index + 1}: {face.to_text()}"]
        if rolled:
            for _, ctx in ROLLS:
                try:
                    row.append(describe_outcome(face_results(die, index, ctx)))
                except ValueError as exc:  # a roll this die cannot be in
                    row.append(f"— ({exc})")
        rows.append(row)
    return columns, rows


class DieInspector(QDialog):
    """Pick a die from the catalog (or get one from the board) and see all about it.

    `show_die(die)` selects a die. For tests: `picker` (QListWidget of the catalog),
    `search`, `title`, `facts`, `face_labels` (one QLabel pixmap per face), `table`.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Die inspector")
        self.setObjectName("dieInspector")
        self.resize(1180, 720)
        self.die: Die | None = None
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find a die…")
        self.search.setClearButtonEnabled(True)
        self.picker = QListWidget()
        self.picker.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for die in sorted(load_catalog(), key=lambda d: d.key.casefold()):
            item = QListWidgetItem(f"{die.key.split('/')[0]}  ·  {die.name}")
            item.setData(Qt.ItemDataRole.UserRole, die.key)
            item.setToolTip(die.key)
            self.picker.addItem(item)
        self.search.textChanged.connect(self._filter)
        self.picker.currentItemChanged.connect(self._picked)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.search)
        left_layout.addWidget(self.picker)

        self.title = QLabel("Pick a die")
        self.title.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.facts = QLabel("")
        self.facts.setWordWrap(True)
        self._faces = QGridLayout()
        self._faces.setSpacing(6)
        self.face_labels: list[QLabel] = []
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setMinimumSectionSize(80)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(self.title)
        right_layout.addWidget(self.facts)
        faces_row = QHBoxLayout()
        faces_row.addLayout(self._faces)
        faces_row.addStretch(1)
        right_layout.addLayout(faces_row)
        note = QLabel("What each face gives in each roll, as the game engine counts it "
                      "(without modifiers from other dice, terrains or spells):")
        note.setWordWrap(True)
        right_layout.addWidget(note)
        right_layout.addWidget(self.table, 1)

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 920])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    def show_die(self, die: Die) -> None:
        """Select `die` in the list and show it."""
        self.search.clear()
        for row in range(self.picker.count()):
            item = self.picker.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == die.key:
                self.picker.setCurrentItem(item)
                self.picker.scrollToItem(item)
                break
        self._show(die)

    def _filter(self, text: str) -> None:
        needle = text.strip().casefold()
        for row in range(self.picker.count()):
            item = self.picker.item(row)
            item.setHidden(bool(needle) and needle not in item.text().casefold()
                           and needle not in item.toolTip().casefold())

    def _picked(self, current: QListWidgetItem | None, _previous) -> None:
        if current is not None:
            self._show(load_catalog().die(current.data(Qt.ItemDataRole.UserRole)))

    def _show(self, die: Die) -> None:
        if die == self.die:
            return
        self.die = die
        self.title.setText(die.name)
        self.facts.setText(die_facts(die))
        while self._faces.count():
            widget = self._faces.takeAt(0).widget()
            if widget is not None:
                widget.hide()  # at once: the deferred delete comes later
                widget.deleteLater()
        self.face_labels = []
        for index in range(len(die.faces)):
            label = QLabel()
            label.setPixmap(render_die(die, index, FACE_PIXELS))
            label.setToolTip(f"Face {index + 1}: {die.faces[index].to_text()}")
            number = QLabel(str(index + 1))
            number.setAlignment(Qt.AlignmentFlag.AlignCenter)
            row, column = divmod(index, FACES_PER_ROW)
            self._faces.addWidget(label, row * 2, column)
            self._faces.addWidget(number, row * 2 + 1, column)
            self.face_labels.append(label)
        columns, rows = face_table(die)
        self.table.clear()
        self.table.setColumnCount(len(columns))
        self.table.setRowCount(len(rows))
        self.table.setHorizontalHeaderLabels(columns)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
