"""The preview shown before a collection CSV is imported: what changes (quantities and the
printing, condition and notes that would be replaced or lost), what is unknown, what is
wrong. Nothing is written until the player presses Import (``apply``). A replace import that
would empty the collection needs the "empty my collection" box ticked first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QButtonGroup, QCheckBox, QDialog, QDialogButtonBox, QHBoxLayout,
    QHeaderView,
    QLabel, QListWidget, QListWidgetItem, QRadioButton, QTableWidget,
    QTableWidgetItem, QVBoxLayout,
)
from sqlite_utils import Database

from ..player_text import count_of
from ..catalog.loader import Catalog
from ..store.collection_csv import (
    CsvImportError, ImportPreview, apply_import, preview_import,
)
from ..store.database import StoreError

ERROR_COLOR = QColor("#b3261e")


class CsvImportDialog(QDialog):
    """Preview and confirm a CSV import into the collection.

    ``data`` is the file's bytes (or text), ``source`` its name for the title. The mode
    buttons switch between "add to quantities" and "replace the collection" and recompute the
    preview. ``apply()`` writes (after the store's backup) and returns the number of dice
    changed; it refuses (returns None, showing why) while the preview has errors.
    """

    def __init__(self, db: Database, catalog: Catalog, data: bytes | str, source: str = "",
                 mode: str = "add", parent=None):
        super().__init__(parent)
        self.db, self.catalog, self.data = db, catalog, data
        self.applied: int | None = None
        self.setWindowTitle(f"Import collection — {source}" if source else "Import collection")
        self.resize(760, 560)

        self.add_button = QRadioButton("Add to the quantities I own")
        self.replace_button = QRadioButton("Replace my whole collection with this file")
        self.modes = QButtonGroup(self)
        for button in (self.add_button, self.replace_button):
            self.modes.addButton(button)
        (self.replace_button if mode == "replace" else self.add_button).setChecked(True)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setStyleSheet("font-weight: bold;")
        self.summary.setWordWrap(True)
        self.changes = QTableWidget(0, 5)
        self.changes.setHorizontalHeaderLabels(["Change", "Die", "Owned now", "After import",
                                                "Printing, condition, notes"])
        self.changes.verticalHeader().hide()
        self.changes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.changes.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.issues_label = QLabel()
        self.issues_label.setWordWrap(True)
        self.issues_label.setTextFormat(Qt.TextFormat.PlainText)
        self.issues = QListWidget()
        self.issues.setMaximumHeight(140)
        self.allow_empty = QCheckBox("Yes, remove every die from my collection")
        self.allow_empty.toggled.connect(lambda *_: self._update_button())
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton("Import",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(self._import_clicked)

        layout = QVBoxLayout(self)
        mode_row = QHBoxLayout()
        mode_row.addWidget(self.add_button)
        mode_row.addWidget(self.replace_button)
        mode_row.addStretch()
        layout.addLayout(mode_row)
        layout.addWidget(self.summary)
        layout.addWidget(self.changes, 1)
        layout.addWidget(self.issues_label)
        layout.addWidget(self.issues)
        layout.addWidget(self.allow_empty)
        layout.addWidget(self.buttons)
        self.modes.buttonToggled.connect(lambda *_: self.refresh())
        self.preview: ImportPreview | None = None
        self.refresh()

    @property
    def mode(self) -> str:
        """"add" or "replace", as the radio buttons say."""
        return "replace" if self.replace_button.isChecked() else "add"

    def set_mode(self, mode: str) -> None:
        """Select "add" or "replace" (recomputes the preview)."""
        (self.replace_button if mode == "replace" else self.add_button).setChecked(True)

    def refresh(self) -> None:
        """Recompute the preview for the current mode; writes nothing."""
        self.preview = preview_import(self.db, self.data, self.mode, self.catalog)
        p = self.preview
        self.summary.setText(f"{p.summary()}. Nothing has been written yet."
                             + (" Replace mode removes every die the file does not list."
                                if self.mode == "replace" else ""))
        self.changes.setRowCount(len(p.changes))
        for row, change in enumerate(p.changes):
            die = self.catalog.dice.get(change.die_key)
            values = [change.action, f"{die.name} ({change.die_key})" if die else change.die_key,
                      str(change.before.quantity if change.before else 0),
                      str(change.after.quantity if change.after else 0),
                      "; ".join(change.text_changes())]
            for column, value in enumerate(values):
                self.changes.setItem(row, column, QTableWidgetItem(value))
        self.issues.clear()
        for error in p.errors:
            item = QListWidgetItem(f"Error: {error}")
            item.setForeground(ERROR_COLOR)
            self.issues.addItem(item)
        for unknown in p.unknown:
            self.issues.addItem(QListWidgetItem(f"Unknown die, will be skipped: {unknown}"))
        if p.errors:
            self.issues_label.setText("The file has errors; fix them and import again. "
                                      "Nothing will be imported.")
        elif p.empties_collection:
            self.issues_label.setText(p.warning().replace(
                "(--allow-empty on the command line)", "(tick the box below)"))
        elif p.unknown:
            self.issues_label.setText(f"Dice not in the catalog: {count_of(len(p.unknown), 'row')} "
                                      "(closest names shown), skipped by the import.")
        else:
            self.issues_label.setText("Every row names a catalog die.")
        self.issues.setVisible(bool(p.errors or p.unknown))
        self.allow_empty.setVisible(p.empties_collection and not p.errors)
        if not p.empties_collection:
            self.allow_empty.setChecked(False)
        self._update_button()
        self.import_button.setText(f"Import and skip {len(p.unknown)} unknown" if p.unknown
                                   else "Import")

    def _update_button(self) -> None:
        p = self.preview
        if p is None:
            return
        allowed = not p.empties_collection or self.allow_empty.isChecked()
        self.import_button.setEnabled(p.can_apply and bool(p.changes) and allowed)

    def apply(self) -> int | None:
        """Write the import (the player's confirmation); the number of dice changed, or None
        when it was refused (errors, an unconfirmed emptying of the collection, or the store
        could not back up; the reason is shown)."""
        try:
            self.applied = apply_import(self.db, self.preview, confirmed=True,
                                        allow_empty=self.allow_empty.isChecked())
        except (CsvImportError, StoreError) as exc:
            # Shown in the dialog rather than a modal box, so the player can read the preview.
            self.issues_label.setStyleSheet(f"color: {ERROR_COLOR.name()};")
            self.issues_label.setText(f"Import refused: {exc}")
            return None
        return self.applied

    def _import_clicked(self) -> None:
        if self.apply() is not None:
            self.accept()
