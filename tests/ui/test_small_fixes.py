"""Small fixes of issue 15 §2: the status bar refreshes after undo and redo; Ctrl+Q asks
before quitting a demo game the player has played on (an untouched demo still goes unasked)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui import session
from dragondice_desktop.ui.board import situation
from dragondice_desktop.ui.main_window import MainWindow

WAIT_MS = 30_000


def test_the_status_bar_speaks_of_the_state_after_undo_and_redo(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(5)
    window.show_status("Horde army at Frontier cannot move there")   # a stale refusal
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    message = window.statusBar().currentMessage()
    assert message.startswith("Took back an action: 4 actions played")
    assert situation(window.snapshot.state) in message
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.redo()
    assert window.statusBar().currentMessage().startswith("Played it again: 5 actions played")


@pytest.fixture
def asking_window(qtbot):
    win = MainWindow(instant=True, confirm_close=True)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.confirm_close = False
    win.close()
    win.client.shutdown()


def test_quitting_a_demo_game_played_on_asks_first(qtbot, asking_window, monkeypatch):
    window = asking_window
    asked = []
    monkeypatch.setattr(session, "ask_save_before_close",
                        lambda w, doing="closing": asked.append(doing)
                        or QMessageBox.StandardButton.Cancel)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_demo(demo_setups(), 7, 10)
    qtbot.waitUntil(lambda: len(window.snapshot.record.actions) == 10, timeout=WAIT_MS)
    assert window._may_replace("closing") and asked == []     # untouched: thrown away unasked
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.submit(window.snapshot.legal[0].to_text())
    assert window.close() is False                   # ... one played on asks, and Cancel keeps it
    assert asked == ["closing"] and window.isVisible()
