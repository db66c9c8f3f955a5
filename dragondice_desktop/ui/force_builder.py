"""The force builder: saved forces on the left, the dice palette in the middle, the force's
slots on the right, with live counters and every rule problem at once.

``ForceBuilderWindow(db)`` is a standalone QMainWindow. Dice are dragged from the palette
into a slot, between slots, or back onto the palette to remove them (each drag also has a
keyboard or menu equivalent). Every edit of the force goes through a ``QUndoStack`` as a
``ForceEditCommand`` holding the force before and after (Force is immutable, so undo is
exact), and is saved to the store at once: a force with errors is saved as a draft and
marked invalid in the list. "Count against my collection" (owned-only mode) limits the
palette to dice the player owns, shows how many are still free, and adds a warning per die
the force uses more often than it is owned ("you own 2, this force uses 3").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QColor, QIntValidator, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QApplication, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDockWidget, QFileDialog,
    QGridLayout, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QMainWindow,
    QMessageBox, QPlainTextEdit, QScrollArea, QSplitter, QStyle, QToolBar, QToolButton,
    QVBoxLayout, QWidget,
)
from sqlite_utils import Database

from ..catalog.loader import Catalog, load_catalog
from ..forces.errors import ForceFileError
from ..forces.formats import EXTENSIONS, export_force, read_force_file
from ..forces.io import force_file_name
from ..forces.model import ARMY_NAMES, STANDARD_POINTS, Force
from ..engine.core.options import CLASSIC, RULESETS
from ..forces.classic import ClassicSwitches
from ..forces.owned import dice_used, lacking_text, ownership_problems
from ..forces.samples import sample_forces
from ..forces.slots import (
    ARMY_SLOTS, POOL_SLOTS, SLOT_LABELS, TERRAIN_SLOTS, add_die, default_slot, known_part,
    move_die, remove_die, slot_keys,
)
from ..forces.validate import (
    ERROR, Problem, dragon_allowance, dragon_count, dragonkin_allowance, validate_force,
)
from ..store.collection import owned_counts
from ..store.database import StoreError
from ..store.forces import (
    ForceDataError, ForceNotFoundError, delete_force, duplicate_force, list_forces, load_force,
    save_force, unique_name,
)
from .force_odds import ForceOddsView
from ..worker.odds_runner import OddsRunner
from . import folders
from .force_builder_widgets import (
    GROUPS, PaletteFilter, PaletteModel, PaletteView, SlotList, die_mime,
)

DEFAULT_POINTS = 36
TWO_PLAYER_MINOR_TERRAINS = 4  # terrains in play (3) + 1, digest §1.6
OVER = "#b3261e"
OK = "#2e7d32"
UNDER = "#8a5a00"  # legal but with unused points (a warning)
PLACEHOLDERS = {
    "home_terrain": "Drop a terrain here (not an advanced one)",
    "frontier_terrain": "Drop a terrain here",
    "home_army": "Drop units and items here", "horde_army": "Drop units and items here",
    "campaign_army": "Drop units and items here", "dragons": "Drop dragons here",
    "dragonkin": "Drop Dragonkin here", "minor_terrains": "Drop minor terrains here",
}


class ForceEditCommand(QUndoCommand):
    """One edit of the force: redo shows ``after``, undo shows ``before`` (both saved)."""

    def __init__(self, builder: "ForceBuilderWindow", before: Force, after: Force, text: str):
        super().__init__(text)
        self.builder, self.before, self.after = builder, before, after

    def redo(self) -> None:
        self.builder._apply(self.after)

    def undo(self) -> None:
        self.builder._apply(self.before)


class ForceBuilderWindow(QMainWindow):
    """Build, check and keep forces. ``db`` is an open store database; ``catalog`` defaults
    to the bundled one. The first saved force is opened, if any."""

    def __init__(self, db: Database, catalog: Catalog | None = None, parent=None):
        super().__init__(parent)
        self.db = db
        self.catalog = catalog or load_catalog()
        self.force: Force | None = None
        self.saved_name: str | None = None
        self.save_error: str | None = None
        self.current_army = "home_army"
        self.owned: dict[str, int] = owned_counts(db)
        self.undo_stack = QUndoStack(self)
        self._problems: list[Problem] = []
        self.setWindowTitle("Force builder — Dragon Dice Desktop")
        self.resize(1440, 920)

        self.forces_list = QListWidget()
        self.forces_list.currentItemChanged.connect(self._force_selected)
        self._build_palette()
        self._build_editor()
        splitter = QSplitter()
        splitter.addWidget(self._panel("Saved forces", self.forces_list))
        splitter.addWidget(self.palette_panel)
        splitter.addWidget(self.editor)
        splitter.setStretchFactor(2, 1)
        splitter.setSizes([250, 310, 880])
        self.setCentralWidget(splitter)
        self._build_toolbar()
        self.odds_view = ForceOddsView(self.catalog)
        # The odds are worked out in a thread of their own (started when the dock is first
        # shown), as in the game's Odds dock: a big army never freezes the builder.
        self.odds_runner: OddsRunner | None = None
        self.table_runner: OddsRunner | None = None  # the per-die table's odds thread
        self.odds_dock = QDockWidget("Odds", self)
        self.odds_dock.setObjectName("oddsDock")
        # In a scroll area: opening the odds shares the window's height instead of adding
        # the charts' full height to it (the window never grows past the screen).
        odds_scroll = QScrollArea()
        odds_scroll.setWidgetResizable(True)
        odds_scroll.setWidget(self.odds_view)
        self.odds_dock.setWidget(odds_scroll)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.odds_dock)
        self.odds_dock.hide()  # opened from the toolbar: the builder needs the room first
        self.refresh_forces()
        summaries = list_forces(db)
        if summaries:
            self.open_force(summaries[0].name)
        else:
            self._show()

    # ----------------------------------------------------------------------- building
    @staticmethod
    def _panel(title: str, widget: QWidget, *extra: QWidget) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(6, 6, 6, 6)
        label = QLabel(title)
        label.setStyleSheet("font-weight: bold; font-size: 11pt;")
        layout.addWidget(label)
        for w in extra:
            layout.addWidget(w)
        layout.addWidget(widget, 1)
        return panel

    def _build_palette(self) -> None:
        self.palette_model = PaletteModel(self.catalog, self)
        self.palette_filter = PaletteFilter(self)
        self.palette_filter.setSourceModel(self.palette_model)
        self.palette = PaletteView()
        self.palette.setModel(self.palette_filter)
        self.palette.addRequested.connect(lambda key: self.add_die(key))
        self.palette.removeRequested.connect(lambda slot, key: self.remove_die(slot, key))
        self.source_box = QComboBox()
        self.source_box.addItem("Whole catalog", False)
        self.source_box.addItem("My collection", True)
        self.source_box.currentIndexChanged.connect(
            lambda _i: self.set_owned_only(bool(self.source_box.currentData())))
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search dice …")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda text: self.palette_filter.set_filter(text=text))
        self.group_box = QComboBox()
        self.group_box.addItem("All dice", None)
        for group in GROUPS:
            self.group_box.addItem(group, group)
        self.group_box.setCurrentIndex(1)
        self.palette_filter.set_filter(group="Units")
        self.group_box.currentIndexChanged.connect(
            lambda _i: self.palette_filter.set_filter(group=self.group_box.currentData()))
        self.species_box = QComboBox()
        self.species_box.addItem("All species", None)
        for name in sorted({d.species.value for d in self.catalog if d.species}):
            self.species_box.addItem(name, name)
        self.species_box.currentIndexChanged.connect(
            lambda _i: self.palette_filter.set_filter(species=self.species_box.currentData()))
        filters = QWidget()
        grid = QGridLayout(filters)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.source_box, 0, 0, 1, 2)
        grid.addWidget(self.search, 1, 0, 1, 2)
        grid.addWidget(self.group_box, 2, 0)
        grid.addWidget(self.species_box, 2, 1)
        hint = QLabel("Drag dice into the force, or double-click to add. "
                      "Drag a die back here to remove it.")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: #666;")
        self.palette_panel = self._panel("Dice", self.palette, filters, hint)

    def _slot(self, slot: str) -> SlotList:
        widget = SlotList(slot, self.catalog, PLACEHOLDERS[slot], self.drop_die,
                          self.remove_die)
        widget.refusal.connect(self._refused)
        if slot in ARMY_SLOTS:
            widget.itemSelectionChanged.connect(lambda s=slot: self._army_focused(s))
        return widget

    def _build_editor(self) -> None:
        self.editor = QWidget()
        layout = QVBoxLayout(self.editor)
        layout.setContentsMargins(6, 6, 6, 6)
        self.slots: dict[str, SlotList] = {}
        self.slot_titles: dict[str, QLabel] = {}

        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(200)
        self.name_edit.editingFinished.connect(lambda: self.set_name(self.name_edit.text()))
        self.points_box = QComboBox()
        self.points_box.setEditable(True)
        self.points_box.setValidator(QIntValidator(1, 9999, self))
        self.points_box.addItems([str(p) for p in STANDARD_POINTS])
        self.points_box.lineEdit().editingFinished.connect(self._points_entered)
        self.points_box.activated.connect(lambda _i: self._points_entered())
        self.points_box.setFixedWidth(80)
        self.total_label = QLabel()
        self.total_label.setStyleSheet("font-size: 12pt; font-weight: bold;")
        top = QHBoxLayout()
        top.addWidget(QLabel("Name"))
        top.addWidget(self.name_edit, 1)
        top.addSpacing(12)
        top.addWidget(QLabel("Force size"))
        top.addWidget(self.points_box)
        top.addWidget(QLabel("points"))
        top.addSpacing(12)
        top.addWidget(self.total_label)
        # The rules the force is checked against: the 1996 game refuses dice it did not have.
        self.ruleset_box = QComboBox()
        self.ruleset_box.setObjectName("forceRuleset")
        for ruleset, title in RULESETS.items():
            self.ruleset_box.addItem(title, ruleset)
        self.ruleset_box.setToolTip("Check the force for today's rules or for the 1996 game, "
                                    "which had fewer races, terrains and dragons")
        self.ruleset_box.currentIndexChanged.connect(lambda _i: self._update_problems())
        top.addSpacing(12)
        top.addWidget(QLabel("Rules"))
        top.addWidget(self.ruleset_box)
        layout.addLayout(top)

        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        for column, slot in enumerate(TERRAIN_SLOTS):
            self._add_slot(grid, slot, 0, column * 3 // 2, 1 if column == 0 else 2, 44)
        for column, slot in enumerate(ARMY_SLOTS):
            self._add_slot(grid, slot, 2, column, 1, 170)
        for column, slot in enumerate(POOL_SLOTS):
            self._add_slot(grid, slot, 4, column, 1, 110)
        grid.setRowStretch(3, 5)
        grid.setRowStretch(5, 2)
        layout.addLayout(grid, 3)

        self.problems_title = QLabel()
        self.problems_title.setStyleSheet("font-weight: bold; font-size: 11pt;")
        self.problems_list = QListWidget()
        self.problems_list.setWordWrap(True)
        self.problems_list.setMinimumHeight(120)
        layout.addWidget(self.problems_title)
        layout.addWidget(self.problems_list, 1)
        self.problems_list.setMinimumHeight(150)

    def _add_slot(self, grid: QGridLayout, slot: str, row: int, column: int, span: int,
                  height: int) -> None:
        title = QLabel(SLOT_LABELS[slot])
        title.setStyleSheet("font-weight: bold;")
        widget = self._slot(slot)
        widget.setMinimumHeight(height)
        if slot in TERRAIN_SLOTS:
            widget.setMaximumHeight(height)
        self.slot_titles[slot], self.slots[slot] = title, widget
        grid.addWidget(title, row, column, 1, span)
        grid.addWidget(widget, row + 1, column, 1, span)

    def _build_toolbar(self) -> None:
        bar = QToolBar("Forces")
        bar.setMovable(False)
        bar.setIconSize(QSize(18, 18))
        self.addToolBar(bar)
        style = self.style()

        def action(text: str, slot: Callable, shortcut=None, icon=None) -> QAction:
            act = QAction(text, self)
            if icon is not None:
                act.setIcon(style.standardIcon(icon))
            if shortcut is not None:
                act.setShortcut(shortcut)
            act.triggered.connect(lambda _checked=False: slot())
            bar.addAction(act)
            return act

        self.new_action = action("New", self.new_force, QKeySequence.StandardKey.New)
        self.duplicate_action = action("Duplicate", self.duplicate_current)
        self.rename_action = action("Rename", self._focus_name, "F2")
        self.delete_action = action("Delete", self.delete_current)
        bar.addSeparator()
        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        bar.addAction(self.undo_action)
        bar.addAction(self.redo_action)
        bar.addSeparator()
        self.import_action = action("Import…", self._import_clicked,
                                    QKeySequence.StandardKey.Open)
        export = QToolButton()
        export.setText("Export")
        export.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.export_actions = {}
        for fmt, label in (("json", "Dragon Dice Desktop (.json)…"),
                           ("text", "Text list for a forum post (.txt)…"),
                           ("o8d", "OCTGN deck (.o8d)…")):
            act = QAction(label, self)
            act.triggered.connect(lambda _c=False, f=fmt: self._export_clicked(f))
            export.addAction(act)
            self.export_actions[fmt] = act
        copy_text = QAction("Copy text list to the clipboard", self)
        copy_text.triggered.connect(self.copy_text_list)
        export.addAction(copy_text)
        bar.addWidget(export)
        self.samples_action = action("Add sample forces", self.add_sample_forces)
        bar.addSeparator()
        self.owned_check = QCheckBox("Count against my collection")
        self.owned_check.toggled.connect(self.set_owned_only)
        bar.addWidget(self.owned_check)
        self.lacking_action = action("What it lacks…", self.show_lacking)
        bar.addSeparator()
        self.odds_action = action("Odds", self.toggle_odds, "Ctrl+D")
        self.odds_action.setCheckable(True)

    def _show_odds(self) -> None:
        """Ask the odds thread (started the first time) for the open force's odds."""
        if self.odds_runner is None:
            self.odds_runner = OddsRunner(self)
            self.odds_view.panel.set_runner(self.odds_runner)
            self.table_runner = OddsRunner(self)  # its own thread: newest dice only
            self.odds_view.table.set_runner(self.table_runner)
        self.odds_view.set_force(self.force)

    def closeEvent(self, event) -> None:  # noqa: N802 — Qt's name
        """Stop the odds thread (a new one starts if the window shows its odds again)."""
        if self.odds_runner is not None:
            self.odds_view.panel.set_runner(None)
            self.odds_runner.shutdown()
            self.odds_runner = None
        if self.table_runner is not None:
            self.odds_view.table.set_runner(None)
            self.table_runner.shutdown()
            self.table_runner = None
        super().closeEvent(event)

    def toggle_odds(self) -> None:
        """Show or hide the odds dock (per-army charts and the per-die table; issue 5)."""
        visible = not self.odds_dock.isVisible()
        self.odds_dock.setVisible(visible)
        self.odds_action.setChecked(visible)
        if visible:  # a fair share of the height to start with; its edge can be dragged
            self.resizeDocks([self.odds_dock], [self.height() * 2 // 5], Qt.Orientation.Vertical)
        if visible:
            self._show_odds()

    # ----------------------------------------------------------------------- the force list
    def refresh_forces(self) -> None:
        """Reload the saved forces list; invalid drafts are red with their error count."""
        self.forces_list.blockSignals(True)
        self.forces_list.clear()
        error_icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for summary in list_forces(self.db):
            item = QListWidgetItem(summary.name)
            item.setData(Qt.ItemDataRole.UserRole, summary.name)
            detail = f"{summary.total_points}/{summary.points} points"
            if summary.valid:
                item.setToolTip(f"{detail}, ready to play")
            else:
                item.setText(f"{summary.name}\n   draft: {summary.errors} error"
                             f"{'s' if summary.errors != 1 else ''}")
                item.setIcon(error_icon)
                item.setForeground(QColor(OVER))
                item.setToolTip(f"{detail}; invalid: fix the errors to play it")
            self.forces_list.addItem(item)
            if summary.name == self.saved_name:
                self.forces_list.setCurrentItem(item)
        self.forces_list.blockSignals(False)

    def _force_selected(self, current, _previous) -> None:
        if current is not None:
            name = current.data(Qt.ItemDataRole.UserRole)
            if name != self.saved_name:
                self.open_force(name)

    def open_force(self, name: str) -> None:
        """Show the saved force ``name`` (its edit history starts empty)."""
        try:
            force = load_force(self.db, name)
        except ForceNotFoundError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return
        self.undo_stack.clear()
        self.force, self.saved_name, self.save_error = force, force.name, None
        self.refresh_forces()
        self._show()

    def new_force(self, name: str | None = None) -> str:
        """Create, save and open an empty force ("New force", made unique); returns its name."""
        name = unique_name(self.db, name or "New force")
        save_force(self.db, Force(name=name, points=DEFAULT_POINTS, home_terrain="",
                                  frontier_terrain=""), catalog=self.catalog)
        self.open_force(name)
        self._focus_name()
        return name

    def duplicate_current(self) -> str | None:
        """Save a copy of the open force ("<name> (copy)") and open it; returns its name."""
        if self.saved_name is None:
            return None
        name = duplicate_force(self.db, self.saved_name, catalog=self.catalog)
        self.open_force(name)
        return name

    def delete_current(self, confirm: bool = True) -> bool:
        """Delete the open force after asking (``confirm``); opens the next one."""
        if self.saved_name is None:
            return False
        if confirm and QMessageBox.question(
                self, "Delete force", f"Delete the force {self.saved_name!r}? "
                "This cannot be undone.") != QMessageBox.StandardButton.Yes:
            return False
        delete_force(self.db, self.saved_name)
        self.force = self.saved_name = None
        self.undo_stack.clear()
        remaining = list_forces(self.db)
        self.refresh_forces()
        if remaining:
            self.open_force(remaining[0].name)
        else:
            self._show()
        return True

    def add_sample_forces(self) -> list[str]:
        """Save the six bundled sample forces (under unique names); returns their names."""
        names = []
        for force in sample_forces():
            name = unique_name(self.db, force.name)
            save_force(self.db, replace(force, name=name), catalog=self.catalog)
            names.append(name)
        self.refresh_forces()
        if self.saved_name is None and names:
            self.open_force(names[0])
        return names

    def _focus_name(self) -> None:
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    # ----------------------------------------------------------------------- edits
    def _edit(self, after: Force, text: str) -> bool:
        if self.force is None or after == self.force:
            return False
        self.undo_stack.push(ForceEditCommand(self, self.force, after, text))
        return True

    def drop_die(self, target: str, key: str, source: str | None = None) -> bool:
        """The drop handler: add ``key`` to slot ``target`` (from the palette, ``source`` None)
        or move one copy from slot ``source``. One undoable edit; returns whether the force
        changed."""
        if self.force is None:
            self._refused("Create or open a force first")
            return False
        die = self.catalog.dice.get(key)
        name = die.name if die else key
        if source is None:
            return self._edit(add_die(self.force, target, key),
                              f"Add {name} to {SLOT_LABELS[target]}")
        if key not in slot_keys(self.force, source):
            return False
        return self._edit(move_die(self.force, source, target, key),
                          f"Move {name} to {SLOT_LABELS[target]}")

    def add_die(self, key: str, slot: str | None = None) -> bool:
        """Add one die to ``slot`` (default: where it belongs; units and items go to the
        army last selected). Refuses, with the rule, a die that does not fit."""
        die = self.catalog.dice.get(key)
        if die is None:
            return False
        slot = slot or default_slot(die, self.current_army, self.force)
        return self.slots[slot].handle_drop(die_mime(key))

    def remove_die(self, slot: str, key: str, count: int = 1) -> bool:
        """Take ``count`` copies of ``key`` out of ``slot`` (one undoable edit)."""
        if self.force is None:
            return False
        count = min(count, slot_keys(self.force, slot).count(key))
        if count <= 0:
            return False
        die = self.catalog.dice.get(key)
        return self._edit(remove_die(self.force, slot, key, count),
                          f"Remove {count} × {die.name if die else key}")

    def set_name(self, name: str) -> bool:
        """Rename the force (undoable). A blank or taken name is reported, not saved."""
        if self.force is None:
            return False
        name = name.strip()
        if name == self.force.name:
            return False
        return self._edit(replace(self.force, name=name), f"Rename to {name}")

    def set_points(self, points: int) -> bool:
        """Change the force size in points (undoable)."""
        if self.force is None or points <= 0:
            return False
        return self._edit(replace(self.force, points=points), f"Force size {points}")

    def _points_entered(self) -> None:
        text = self.points_box.currentText().strip()
        if text.isdigit() and int(text) > 0:
            self.set_points(int(text))
        elif self.force is not None:
            self.points_box.setCurrentText(str(self.force.points))

    def _apply(self, force: Force) -> None:
        """Show ``force`` and save it at once (the undo commands call this)."""
        self.force = force
        self._save()
        self._show()

    def _save(self) -> None:
        try:
            save_force(self.db, self.force, previous_name=self.saved_name, catalog=self.catalog)
        except ForceDataError as exc:
            self.save_error = f"Not saved: {exc}"
        else:
            self.saved_name, self.save_error = self.force.name.strip(), None
        self.refresh_forces()

    def _army_focused(self, slot: str) -> None:
        self.current_army = slot

    def _refused(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)

    # ----------------------------------------------------------------------- owned-only mode
    def set_owned_only(self, on: bool) -> None:
        """Count the force against the collection: the palette shows owned dice with the
        copies still free, and each shortage becomes a warning."""
        self.owned = owned_counts(self.db)
        for widget, value in ((self.owned_check, on),):
            widget.blockSignals(True)
            widget.setChecked(value)
            widget.blockSignals(False)
        self.source_box.blockSignals(True)
        self.source_box.setCurrentIndex(1 if on else 0)
        self.source_box.blockSignals(False)
        self.palette_filter.set_filter(owned_only=on)
        self._show()

    def refresh_collection(self) -> None:
        """Re-read the owned quantities (call it when the collection window changed them)."""
        self.owned = owned_counts(self.db)
        self._show()

    @property
    def owned_only(self) -> bool:
        """Whether the builder counts against the collection."""
        return self.owned_check.isChecked()

    def lacking(self) -> str:
        """What the open force still lacks from the collection (lines "2x Seer (...)")."""
        if self.force is None:
            return ""
        return lacking_text(self.force, owned_counts(self.db), self.catalog)

    def show_lacking(self) -> None:
        """A dialog listing what the force lacks, ready to copy."""
        text = self.lacking() or "Nothing: you own every die this force uses."
        dialog = QDialog(self)
        dialog.setWindowTitle(f"What {self.saved_name or 'this force'} lacks")
        box = QPlainTextEdit(text)
        box.setReadOnly(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(QLabel("Dice this force uses more often than your collection holds:"))
        layout.addWidget(box)
        layout.addWidget(buttons)
        dialog.resize(460, 360)
        dialog.exec()

    # ----------------------------------------------------------------------- import / export
    def import_file(self, path: str | Path) -> str:
        """Read a force file of any format and save it under a unique name; opens it and
        returns the name. Raises ForceFileError (nothing saved) for a bad file, StoreError
        when the store cannot save it."""
        force = read_force_file(path, catalog=self.catalog)
        name = unique_name(self.db, force.name)
        save_force(self.db, replace(force, name=name), catalog=self.catalog)
        self.open_force(name)
        return name

    def export_text(self, fmt: str) -> str:
        """The open force in ``fmt`` ("json", "text" or "o8d"), problems stated if any.
        Raises ForceFileError when the force holds dice the format cannot write."""
        if self.force is None:
            return ""
        return export_force(self.force, fmt, self.catalog)

    def copy_text_list(self) -> None:
        """Put the text list of the open force on the clipboard (for a forum post)."""
        if self.force is not None:
            try:
                text = self.export_text("text")
            except ForceFileError as exc:
                QMessageBox.warning(self, "Cannot copy the text list", str(exc))
                return
            QApplication.clipboard().setText(text)
            self.statusBar().showMessage("Text list copied to the clipboard", 5000)

    def _import_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import force", folders.folder("forces"),
            "Force files (*.json *.txt *.o8d);;All files (*)")
        if not path:
            return
        folders.remember("forces", path)
        try:
            name = self.import_file(path)
        except (ForceFileError, StoreError, sqlite3.Error) as exc:
            # Every reader raises only ForceFileError; the store may refuse to save (a
            # read-only or damaged file). Either way nothing was saved.
            QMessageBox.warning(self, "Cannot import this force",
                                f"{exc}\n\nNothing was imported.")
            return
        self.statusBar().showMessage(f"Imported {name!r}", 8000)

    def _export_clicked(self, fmt: str) -> None:
        if self.force is None:
            return
        suggested = force_file_name(self.force.name).removesuffix(".json") + EXTENSIONS[fmt]
        path, _ = QFileDialog.getSaveFileName(self, "Export force",
                                              folders.suggest("forces", suggested),
                                              f"{fmt} files (*{EXTENSIONS[fmt]})")
        if not path:
            return
        folders.remember("forces", path)
        try:
            text = self.export_text(fmt)
        except ForceFileError as exc:
            QMessageBox.warning(self, "Cannot export", str(exc))
            return
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            QMessageBox.warning(self, "Cannot export", f"Cannot write {path}: "
                                f"{exc.strerror or exc}")
            return
        self.statusBar().showMessage(f"Wrote {path}", 8000)

    # ----------------------------------------------------------------------- showing
    def problems(self) -> list[Problem]:
        """The problems shown now: rule problems, collection shortages (owned-only mode)."""
        return list(self._problems)

    def _show(self) -> None:
        has_force = self.force is not None
        if self.odds_dock.isVisible():
            self._show_odds()
        self.editor.setEnabled(has_force)
        for act in (self.duplicate_action, self.rename_action, self.delete_action,
                    self.lacking_action, *self.export_actions.values()):
            act.setEnabled(has_force)
        if not has_force:
            self.name_edit.clear()
            for widget in self.slots.values():
                widget.clear()
            self.total_label.clear()
            self.problems_title.setText("No force open: press New, Import… or "
                                        "Add sample forces.")
            self.problems_list.clear()
            self._problems = []
            self._update_palette_counts()
            return
        force = self.force
        if self.name_edit.text() != force.name:
            self.name_edit.setText(force.name)
        if self.points_box.currentText() != str(force.points):
            self.points_box.setCurrentText(str(force.points))
        usable = known_part(force, self.catalog)
        for slot, widget in self.slots.items():
            points = self._points_text if slot in ARMY_SLOTS else self._pool_text(slot)
            widget.set_keys(slot_keys(force, slot), points)
        self._update_counters(usable)
        self._update_problems()
        self._update_palette_counts()
        self.setWindowTitle(f"{force.name} — Force builder — Dragon Dice Desktop")

    def _points_text(self, key: str, count: int) -> str:
        die = self.catalog.dice.get(key)
        if die is None:
            return ""
        return f"{die.cost * count} pt{'s' if die.cost * count != 1 else ''}"

    def _pool_text(self, slot: str) -> Callable[[str, int], str] | None:
        if slot != "dragonkin":
            return None

        def health(key: str, count: int) -> str:
            die = self.catalog.dice.get(key)
            return f"{die.health * count} health" if die else ""
        return health

    def _update_counters(self, force: Force) -> None:
        cap = force.points // 2
        total = force.total_points(self.catalog)
        over_total = total > force.points
        self.total_label.setText(f"Total {total} / {force.points} points")
        colour = OVER if over_total else (UNDER if total < force.points else OK)
        self.total_label.setStyleSheet(f"font-size: 12pt; font-weight: bold; color: {colour};")
        for army in ARMY_NAMES:
            slot = f"{army}_army"
            points = force.army_points(army, self.catalog)
            units = sum(1 for k in force.army(army) if self.catalog.dice[k].kind.is_unit)
            bad = points > cap or units == 0
            self._title(slot, f"{SLOT_LABELS[slot]} — {points} / {cap} points", bad)
        dragons = sum(dragon_count(self.catalog.dice[k]) for k in force.dragons)
        allowed = dragon_allowance(force.points)
        self._title("dragons", f"Dragons — {dragons} / {allowed}", dragons > allowed)
        health = sum(self.catalog.dice[k].health for k in force.dragonkin)
        kin = dragonkin_allowance(force.points)
        self._title("dragonkin", f"Dragonkin — {health} / {kin} health", health > kin)
        minors = len(force.minor_terrains)
        self._title("minor_terrains", f"Minor terrains — {minors} / {TWO_PLAYER_MINOR_TERRAINS}",
                    minors > TWO_PLAYER_MINOR_TERRAINS)
        for slot in TERRAIN_SLOTS:
            self._title(slot, SLOT_LABELS[slot], not getattr(force, slot))

    def _title(self, slot: str, text: str, bad: bool) -> None:
        label = self.slot_titles[slot]
        label.setText(text)
        label.setStyleSheet(f"font-weight: bold; color: {OVER if bad else '#222'};")

    def _update_problems(self) -> None:
        classic = ClassicSwitches() if self.ruleset_box.currentData() == CLASSIC else None
        problems = validate_force(self.force, self.catalog, classic=classic)
        if self.owned_only:
            problems += ownership_problems(self.force, self.owned, self.catalog)
        self._problems = problems
        self.problems_list.clear()
        style = self.style()
        icons = {ERROR: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
                 "warning": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)}
        if self.save_error:
            item = QListWidgetItem(icons[ERROR], self.save_error)
            item.setForeground(QColor(OVER))
            self.problems_list.addItem(item)
        for problem in problems:
            item = QListWidgetItem(icons[problem.severity], f"{problem.message}  [{problem.topic}]")
            item.setToolTip(f"{problem.severity}: rule on {problem.topic}")
            self.problems_list.addItem(item)
        errors = sum(p.severity == ERROR for p in problems)
        warnings = len(problems) - errors
        if not problems and not self.save_error:
            self.problems_title.setText("Ready to play: no problems.")
            self.problems_title.setStyleSheet(f"font-weight: bold; font-size: 11pt; color: {OK};")
            self.problems_list.addItem(QListWidgetItem(
                style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
                "Every setup rule is met."))
        else:
            verdict = ("Invalid: errors block a game start; the force is saved as a draft."
                       if errors else "Legal, with warnings.")
            self.problems_title.setText(f"Problems — {errors} error{'s' if errors != 1 else ''}, "
                                        f"{warnings} warning{'s' if warnings != 1 else ''}. "
                                        f"{verdict}")
            self.problems_title.setStyleSheet(
                f"font-weight: bold; font-size: 11pt; color: {OVER if errors else UNDER};")

    def _update_palette_counts(self) -> None:
        used = dice_used(self.force) if self.force is not None else {}
        self.palette_model.set_counts(self.owned, used, self.owned_only)

