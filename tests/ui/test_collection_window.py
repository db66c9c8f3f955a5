"""The collection window: model/view over the catalog, filters, in-place edits written to the
store, totals and completion chart, CSV export and previewed import."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Color, DieKind, Size
from dragondice_desktop.store.collection import (
    CollectionEntry, get_entry, owned_counts, set_entry, set_quantity,
)
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.ui.collection_window import (
    COL_DIE, COL_NOTES, COL_OWNED, COL_PRINTING, DIE_ROLE, CollectionModel, CollectionWindow,
)

CAT = load_catalog()


@pytest.fixture
def db():
    return open_memory_database()


@pytest.fixture
def window(qtbot, db):
    set_quantity(db, "Amazons/Seer", 3, CAT)
    set_quantity(db, "Dwarves/Footman", 1, CAT)
    w = CollectionWindow(db, CAT)
    qtbot.addWidget(w)
    return w


def row_of(model: CollectionModel, key: str) -> int:
    return next(i for i, d in enumerate(model.dice) if d.key == key)


def test_collection_model_has_every_catalog_die(window):
    assert window.model.rowCount() == len(CAT) == 796
    assert window.proxy.rowCount() == 796
    seer = window.model.index(row_of(window.model, "Amazons/Seer"), COL_OWNED)
    assert seer.data() == "3" and seer.data(Qt.ItemDataRole.EditRole) == 3
    assert window.model.index(seer.row(), COL_DIE).data() == "Seer"
    assert window.model.flags(seer) & Qt.ItemFlag.ItemIsEditable
    name = window.model.index(seer.row(), COL_DIE)
    assert not window.model.flags(name) & Qt.ItemFlag.ItemIsEditable


def test_collection_filters(window):
    """Digest §1.2: each original species has 20 dice, 5 of them monsters."""
    proxy = window.proxy
    proxy.set_species("Amazons")
    assert proxy.rowCount() == 20
    proxy.set_kind(DieKind.MONSTER)
    assert proxy.rowCount() == 5
    proxy.set_kind(None)
    proxy.set_size(Size.SMALL)
    assert proxy.rowCount() == 5
    proxy.set_size(None)
    proxy.set_owned(True)
    assert proxy.rowCount() == 1
    proxy.set_species(None)
    assert proxy.rowCount() == 2
    proxy.set_owned(False)
    assert proxy.rowCount() == 794
    proxy.set_owned(None)
    proxy.set_text("footm")
    assert proxy.rowCount() >= 1 and all(
        "footm" in proxy.index(r, COL_DIE).data().casefold() for r in range(proxy.rowCount()))
    proxy.set_text("")
    proxy.set_element(Color.FIRE)
    keys = [proxy.index(r, 0).data(DIE_ROLE).key for r in range(proxy.rowCount())]
    assert "Dwarves/Footman" in keys and "Amazons/Seer" not in keys


def test_collection_filter_widgets_drive_the_proxy(window):
    window.species_box.setCurrentIndex(window.species_box.findText("Dwarves"))
    assert window.proxy.rowCount() == 20
    window.owned_box.setCurrentIndex(1)
    assert window.proxy.rowCount() == 1
    assert "1 of 796 dice shown" in window.shown.text()


def test_collection_edit_writes_the_store_and_updates_totals(window, db, qtbot):
    index = window.model.index(row_of(window.model, "Amazons/War Driver"), COL_OWNED)
    with qtbot.waitSignal(window.model.collectionChanged):
        assert window.model.setData(index, 2)
    assert owned_counts(db)["Amazons/War Driver"] == 2
    assert window.totals.text() == ("You own 6 dice: 3 of the 796 different catalog dice (0%).")
    amazons = next(c for c in window.chart.completions if c.group == "Amazons")
    assert (amazons.kinds_owned, amazons.kinds_total) == (2, 20)
    printing = window.model.index(index.row(), COL_PRINTING)
    assert window.model.setData(printing, "SFR")
    assert get_entry(db, "Amazons/War Driver") == CollectionEntry("Amazons/War Driver", 2, "SFR")


def test_collection_refused_edit_changes_nothing(window, db, qtbot):
    index = window.model.index(row_of(window.model, "Amazons/Seer"), COL_OWNED)
    with qtbot.waitSignal(window.model.editRefused) as signal:
        assert not window.model.setData(index, 10000)
    assert "from 0 to 9999" in signal.args[0]
    assert owned_counts(db)["Amazons/Seer"] == 3
    notes = window.model.index(index.row(), COL_NOTES)
    assert not window.model.setData(notes, "n" * 501)
    assert get_entry(db, "Amazons/Seer").notes == ""


def test_collection_sorts_owned_as_numbers(window, db):
    set_quantity(db, "Dragons/Red Drake", 12, CAT)
    window.model.reload()
    window.table.sortByColumn(COL_OWNED, Qt.SortOrder.DescendingOrder)
    top = [window.proxy.index(r, COL_OWNED).data(Qt.ItemDataRole.EditRole) for r in range(3)]
    assert top == [12, 3, 1]


def test_collection_owned_editor_is_a_spin_box(window):
    index = window.proxy.index(0, COL_OWNED)
    delegate = window.table.itemDelegateForColumn(COL_OWNED)
    editor = delegate.createEditor(window.table.viewport(), None, index)
    assert isinstance(editor, QSpinBox) and (editor.minimum(), editor.maximum()) == (0, 9999)


def test_collection_csv_export_and_replace_import(window, db, tmp_path):
    path = tmp_path / "mine.csv"
    assert window.export_to(path) == 2
    set_quantity(db, "Dragons/Red Drake", 4, CAT)
    set_entry(db, CollectionEntry("Amazons/Seer", 9), CAT)
    window.model.reload()
    dialog = window.import_dialog(path, mode="replace")
    assert dialog.preview.summary() == "0 to add, 1 to change, 1 to remove (replace mode)"
    assert owned_counts(db) == {"Amazons/Seer": 9, "Dwarves/Footman": 1,
                                "Dragons/Red Drake": 4}  # the preview wrote nothing
    assert dialog.changes.rowCount() == 2
    assert dialog.apply() == 2
    dialog.accept()
    assert owned_counts(db) == {"Amazons/Seer": 3, "Dwarves/Footman": 1}
    seer = window.model.index(row_of(window.model, "Amazons/Seer"), COL_OWNED)
    assert seer.data(Qt.ItemDataRole.EditRole) == 3     # the table shows the imported value


def test_collection_import_dialog_lists_unknown_and_blocks_errors(window, db, tmp_path):
    unknown = tmp_path / "unknown.csv"
    unknown.write_text("name,quantity\nSeerr,1\nWar Driver,1\n", encoding="utf-8")
    dialog = window.import_dialog(unknown)
    assert dialog.issues.count() == 1
    assert "closest: Amazons/Seer" in dialog.issues.item(0).text()
    assert dialog.import_button.isEnabled() and "skip 1 unknown" in dialog.import_button.text()
    dialog.set_mode("replace")
    assert dialog.mode == "replace" and "replace mode" in dialog.preview.summary()
    bad = tmp_path / "bad.csv"
    bad.write_text("name,quantity\nSeer,many\n", encoding="utf-8")
    dialog = window.import_dialog(bad)
    assert not dialog.import_button.isEnabled()
    assert dialog.apply() is None and "Import refused" in dialog.issues_label.text()
    assert owned_counts(db) == {"Amazons/Seer": 3, "Dwarves/Footman": 1}


def test_collection_window_renders(window, tmp_path):
    window.resize(1400, 860)
    window.show()
    path = tmp_path / "collection.png"
    assert window.grab().save(str(path))
    assert path.stat().st_size > 10_000


def test_collection_import_dialog_guards_emptying_and_shows_text_changes(window, db, tmp_path):
    set_entry(db, CollectionEntry("Amazons/Seer", 3, "SFR", "Good", "mine"), CAT)
    junk = tmp_path / "junk.csv"
    junk.write_text("name,quantity\nNobody,2\n", encoding="utf-8")
    dialog = window.import_dialog(junk, mode="replace")
    assert dialog.preview.empties_collection
    assert "would remove all 2 dice" in dialog.issues_label.text()
    assert "tick the box below" in dialog.issues_label.text()
    assert not dialog.allow_empty.isHidden()
    assert not dialog.import_button.isEnabled()
    assert dialog.apply() is None and "Import refused" in dialog.issues_label.text()
    assert owned_counts(db) == {"Amazons/Seer": 3, "Dwarves/Footman": 1}
    dialog.allow_empty.setChecked(True)
    assert dialog.import_button.isEnabled()
    dialog.set_mode("add")
    assert dialog.allow_empty.isHidden() and not dialog.allow_empty.isChecked()
    plain = tmp_path / "plain.csv"
    plain.write_text("name,quantity\nSeer,3\nFootman,1\n", encoding="utf-8")
    dialog = window.import_dialog(plain, mode="replace")
    assert dialog.changes.rowCount() == 1
    assert dialog.changes.item(0, 4).text() == ("printing 'SFR' -> ''; condition 'Good' -> ''; "
                                                "notes 'mine' -> ''")


def test_collection_import_of_a_fifo_is_refused(window, tmp_path):
    import os
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        window.import_dialog(fifo)
