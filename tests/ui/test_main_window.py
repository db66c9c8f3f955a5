"""The main window: board and docks, worker round trips, save/open, undo, errors."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, in_damage_step, open_record, record_until

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Phase
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.board import BoardView


def _new_game(qtbot, window, seed=7):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), seed)
    return window.snapshot


def test_window_opens_with_board_and_docks(window):
    assert isinstance(window.centralWidget(), BoardView)
    titles = {d.windowTitle() for d in (window.decision_dock, window.roll_dock, window.log_dock)}
    assert titles == {"Decision", "Roll result", "Game log"}
    assert all(d.isVisible() for d in (window.decision_dock, window.roll_dock, window.log_dock))
    assert len(window.board.zone_items) == 14  # 3 terrains x 2 players + 4 areas x 2 players
    assert window.windowTitle() == "Dragon Dice Desktop"


def test_new_game_then_an_action_updates_board_panel_and_log(qtbot, window):
    snapshot = _new_game(qtbot, window)
    assert len(window.board.die_items) == len(snapshot.state.dice)
    assert "rolloff" in window.decision.buttons
    assert "Roll the Horde armies" in window.decision.prompt_label.text()
    banner = window.board.banner.text()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["rolloff"].click()
    state = window.snapshot.state
    assert window.board.banner.text() != banner
    rolled = {o.die_id: o.faces[-1] for e in window.snapshot.events if e.kind == "roll"
              for o in e.roll.dice}
    assert rolled and window.board.faces == rolled  # each die shows the face it rolled
    assert state.phase is not Phase.SETUP_ROLLOFF or "roll-off tied" in state.pending.prompt
    assert any("rolls maneuver" in line for line in window.log.lines())
    assert window.windowTitle().startswith("Untitled *")
    assert state.pending.prompt in window.board.banner.text()


def test_illegal_action_is_reported_and_changes_nothing(qtbot, window):
    snapshot = _new_game(qtbot, window)
    with qtbot.waitSignal(window.client.failed, timeout=WAIT_MS) as blocker:
        window.submit("end-turn")
    assert "not legal now" in blocker.args[0]
    assert window.snapshot is snapshot
    assert "not legal now" in window.statusBar().currentMessage()


def test_undo_returns_the_previous_state_back_to_the_start(qtbot, window):
    start = _new_game(qtbot, window)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(3)
    record = window.snapshot.record
    assert len(record.actions) == 3
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo_action.trigger()
    assert window.snapshot.record.actions == record.actions[:2]
    assert window.snapshot.state == record.without_last().state()
    for _ in range(2):
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            window.undo()
    assert window.snapshot.state == start.state
    assert not window.undo_action.isEnabled()
    assert window.log.lines() == []


def test_save_then_open_reproduces_the_identical_state(qtbot, window, tmp_path):
    record = record_until(in_damage_step)
    snapshot = open_record(qtbot, window, record)
    path = tmp_path / "game.ddgame"
    assert window.save_to(path)
    assert window.windowTitle().startswith("game.ddgame — ")
    assert list(tmp_path.iterdir()) == [path]  # the temporary file was renamed into place
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).state() == snapshot.state
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(2)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_file(path)
    assert window.snapshot.state == snapshot.state
    assert window.snapshot.record == record
    assert window.file_path == path
    assert window.log.lines() == [e.text for e in snapshot.all_events]


def test_opening_a_corrupt_file_shows_the_error_and_keeps_the_game(qtbot, window, tmp_path):
    snapshot = _new_game(qtbot, window)
    bad = tmp_path / "bad.ddgame"
    data = json.loads(GameRecord(demo_setups(), 7, ()).to_json())
    data["actions"] = ["end-turn"]
    bad.write_text(json.dumps(data), encoding="utf-8")
    with qtbot.waitSignal(window.client.loadFailed, timeout=WAIT_MS):
        window.open_file(bad)
    assert window.error_box is not None and window.error_box.isVisible()
    assert "does not replay" in window.error_box.text()
    assert window.snapshot is snapshot
    garbage = tmp_path / "garbage.ddgame"
    garbage.write_text("{ not json", encoding="utf-8")
    with qtbot.waitSignal(window.client.loadFailed, timeout=WAIT_MS):
        window.open_file(garbage)
    assert "not valid JSON" in window.error_box.text()
    assert window.snapshot is snapshot
    assert window.file_path is None


def test_decision_buttons_match_the_legal_actions(qtbot, window):
    record = record_until(lambda s: s.phase is Phase.FIRST_MARCH)
    snapshot = open_record(qtbot, window, record)
    assert set(window.decision.buttons) == {a.to_text() for a in legal_actions(snapshot.state)}
    march = next(t for t in window.decision.buttons if t.startswith("march"))
    assert window.decision.buttons[march].text().startswith("March the ")
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["skip-march"].click()
    assert window.snapshot.record.actions[-1].to_text() == "skip-march"


def test_damage_step_offers_a_button_per_kind_of_casualty(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    due = snapshot.state.damage[0]
    prompt = window.decision.prompt_label.text()
    assert prompt.startswith(f"Assign {due.amount - due.killed} damage")  # said once, here
    assert window.decision.hint_label.text() == ("Drag units from the army to your DUA (or "
                                                 "choose below)")
    kills = [t for t in window.decision.buttons if t.startswith("kill ")]
    legal = {a.to_text() for a in snapshot.legal}
    assert kills and set(kills) <= legal
    keys = {snapshot.state.dice[int(t.split()[1])].key for t in legal}
    assert len(kills) == len(keys)


def test_keyboard_shortcuts_answer_the_decision(qtbot, window):
    _new_game(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    button = window.decision.buttons["rolloff"]
    assert button.text().endswith("[R]")
    qtbot.waitUntil(button.isVisible, timeout=WAIT_MS)  # a new button is shown by the loop
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.keyClick(window, Qt.Key.Key_R)
    assert window.snapshot.record.actions[-1].to_text() == "rolloff"
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.snapshot.record.actions == ()



def test_side_panels_keep_a_readable_width_after_the_window_shrinks(qtbot, window):
    """Shrinking the window to its smallest and growing it again leaves the Decision panel
    wide enough for its buttons' labels (a play test found them cut to "Mane… [M]")."""
    from dragondice_desktop.ui.main_window import DOCK_MIN_WIDTH

    window.resize(200, 200)
    qtbot.wait(50)
    window.resize(1400, 900)
    qtbot.wait(50)
    assert window.decision_dock.width() >= DOCK_MIN_WIDTH
    assert window.width() <= 1400
