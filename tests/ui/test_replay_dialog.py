"""The replay view: step through a game action by action on a read-only board."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from game_fixture import GAME_V1
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups


def test_replay_this_game_steps_through_every_state(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(20)
    played = window.snapshot
    with qtbot.waitSignal(window.client.replayReady, timeout=WAIT_MS):
        window.replay_action.trigger()
    dialog = window.replay_dialog
    assert dialog.isVisible() and dialog.index == 0
    assert dialog.slider.maximum() == 20 and dialog.position_label.text() == "0 / 20"
    assert not dialog.previous_button.isEnabled() and dialog.next_button.isEnabled()
    dialog.next_button.click()
    assert dialog.index == 1 and dialog.events.count() == len(played.history[0])
    assert "rolloff" in dialog.action_label.text()
    dialog.slider.setValue(12)
    assert dialog.index == 12
    expected = GameRecord(played.record.players, played.record.seed, played.record.actions[:12])
    assert dialog.board.snapshot.state == expected.state()
    assert dialog.board.snapshot.legal == ()  # read-only: nothing to drag or pick
    assert not any(item.draggable or item.pickable for item in dialog.board.die_items.values())
    dialog.last_button.click()
    assert dialog.board.snapshot.state == played.state and not dialog.next_button.isEnabled()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=WAIT_MS)
    QTest.keyClick(dialog, Qt.Key.Key_Left)  # a button's shortcut "animates" its click
    qtbot.waitUntil(lambda: dialog.index == 19, timeout=WAIT_MS)
    QTest.keyClick(dialog, Qt.Key.Key_Home)
    qtbot.waitUntil(lambda: dialog.index == 0, timeout=WAIT_MS)
    assert dialog.slider.value() == 0
    assert window.snapshot is played  # the game itself was not touched
    dialog.close()


def test_replay_a_saved_game_and_a_broken_one(qtbot, window, tmp_path):
    with qtbot.waitSignal(window.client.replayReady, timeout=WAIT_MS):
        window.replay_file(GAME_V1)
    dialog = window.replay_dialog
    assert dialog.windowTitle() == "Replay — game-v1.json"
    assert dialog.book.last == len(GameRecord.from_json(GAME_V1.read_text()).actions)
    broken = tmp_path / "broken.ddgame"
    data = json.loads(GAME_V1.read_text())
    data["actions"][2] = "end-turn"
    broken.write_text(json.dumps(data))
    with qtbot.waitSignal(window.client.replayFailed, timeout=WAIT_MS):
        window.replay_file(broken)
    assert "Cannot replay broken.ddgame" in window.error_box.text()
    assert "action 3" in window.error_box.text()
    assert window.snapshot is None  # replaying never starts or changes a game
    dialog.close()
