"""A collection quick to fill (issue 15 §3): − and + buttons in each die's Owned cell, the
+ and − keys and "Set owned" on several selected rows at once, and "Add a species" (one of
every unit and monster of a species). 100 dice go in with a handful of clicks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, QPoint, Qt
from PySide6.QtTest import QTest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import DieKind
from dragondice_desktop.store.collection import all_entries
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.ui.collection_window import (
    COL_DIE, COL_OWNED, DIE_ROLE, CollectionWindow, step_buttons,
)

CAT = load_catalog()


@pytest.fixture
def window(qtbot):
    win = CollectionWindow(open_memory_database(), CAT)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    return win


def owned(win, key):
    entry = all_entries(win.db).get(key)           # what the store holds, not the model
    return entry.quantity if entry else 0


def _row_of(win, key):
    for row in range(win.proxy.rowCount()):
        if win.proxy.index(row, COL_DIE).data(DIE_ROLE).key == key:
            return row
    raise KeyError(key)


def _click_step(win, key, which):
    index = win.proxy.index(_row_of(win, key), COL_OWNED)
    win.table.scrollTo(index)
    minus, plus = step_buttons(win.table.visualRect(index))
    rect = minus if which == "-" else plus
    QTest.mouseClick(win.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_plus_and_minus_buttons_on_a_die(window):
    key = "Amazons/Seer"
    for _ in range(3):
        _click_step(window, key, "+")
    assert owned(window, key) == 3
    _click_step(window, key, "-")
    assert owned(window, key) == 2
    for _ in range(4):
        _click_step(window, key, "-")
    assert owned(window, key) == 0                       # never below none


def _select(win, keys):
    selection = win.table.selectionModel()
    selection.clear()
    for key in keys:
        selection.select(win.proxy.index(_row_of(win, key), 0),
                         QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)


def test_keys_and_set_owned_change_every_selected_row(window, monkeypatch):
    keys = ["Amazons/Seer", "Amazons/Runner", "Feral/Hawk-folk"]
    _select(window, keys)
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_Plus)
    QTest.keyClick(window.table, Qt.Key.Key_Plus)
    assert [owned(window, k) for k in keys] == [2, 2, 2]
    QTest.keyClick(window.table, Qt.Key.Key_Minus)
    assert [owned(window, k) for k in keys] == [1, 1, 1]
    assert owned(window, "Amazons/Darter") == 0          # not selected: untouched
    monkeypatch.setattr("dragondice_desktop.ui.collection_window.QInputDialog.getInt",
                        lambda *args, **kwargs: (5, True))
    window.set_owned_action.trigger()
    assert [owned(window, k) for k in keys] == [5, 5, 5]
    window.table.selectionModel().clear()
    assert window.adjust_selected(1) == 0 and "Select the dice first" in \
        window.statusBar().currentMessage()


def test_add_a_whole_species(window):
    expected = {d.key for d in CAT if d.species and d.species.value == "Amazons"
                and d.kind in (DieKind.UNIT, DieKind.MONSTER)}
    assert len(expected) >= 15                           # 15 units and the monsters
    assert window.add_species("Amazons") == len(expected)
    assert {k for k, e in all_entries(window.db).items() if e.quantity} == expected
    window.add_species("Amazons")
    assert all(owned(window, k) == 2 for k in expected)


def test_a_hundred_dice_in_a_few_clicks(window, tmp_path):
    """Six species menu picks and one +1 on a selection: over 100 dice entered."""
    for species in ("Amazons", "Feral", "Goblins", "Swamp Stalkers", "Treefolk", "Undead"):
        window.add_species(species)
    window.search.setText("Dragonfoal")
    window.table.selectAll()
    window.adjust_selected(1)
    total = sum(e.quantity for e in all_entries(window.db).values())
    assert total >= 100
    window.search.setText("")
    for width, height in ((1400, 900), (1280, 720)):
        window.resize(width, height)
        assert window.grab().save(str(tmp_path / f"collection-{width}x{height}.png"))
