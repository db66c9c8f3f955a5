"""Units chosen for an SAI ("pick <die id>") are picked by clicking the highlighted die."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record, record_until

from dragondice_desktop.engine.game import legal_actions


def _can_pick(state) -> bool:
    return any(a.verb.value == "pick" for a in legal_actions(state))


def _pick_position():
    for seed in range(12):
        try:
            return record_until(_can_pick, seed=seed, limit=300)
        except AssertionError:
            continue
    pytest.skip("no SAI asks to pick units in the demo games")


def test_clicking_a_highlighted_die_picks_it(qtbot, window):
    snapshot = open_record(qtbot, window, _pick_position())
    pick = next(a for a in snapshot.legal if a.verb.value == "pick")
    die_id = pick.args[0]
    item = window.board.die_items[die_id]
    assert item.pickable and not item.draggable
    menu = window.board.die_menu(die_id)  # keep a reference: the menu owns its entries
    assert "Pick for the SAI" in [a.text() for a in menu.actions()]
    assert pick.to_text() in window.decision.buttons
    point = window.board_view.mapFromScene(item.center())
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, point)
    assert window.snapshot.record.actions[-1] == pick
