"""E pressed twice (issue 15 §2): E ends the reinforce step, and in the retreat step E ends the
turn (digest §3.5: the Reserves phase has a reinforce step, then a retreat step). A second E
right after the first must not skip the retreat step without a word: it says what the next
press does, and only a third E ends the turn. Rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record, record_until

from dragondice_desktop.engine.core.state import Step


def _press_e(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: any(b.isVisible() and b.shortcut().toString() == "E"
                                for b in window.decision.buttons.values()), timeout=WAIT_MS)
    QTest.keyClick(window, Qt.Key.Key_E)


def test_digest_3_5_a_second_e_stops_at_the_retreat_step_with_a_message(qtbot, window,
                                                                       tmp_path):
    record = record_until(lambda s: s.step is Step.REINFORCE, seed=7)
    open_record(qtbot, window, record)
    turn_player = window.snapshot.state.turn_player
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        _press_e(qtbot, window)  # ends the reinforce step
    state = window.snapshot.state
    assert state.step is Step.RETREAT and state.turn_player == turn_player
    before = len(window.snapshot.record.actions)
    _press_e(qtbot, window)  # the second E: a message, no action
    QTest.qWait(200)
    assert len(window.snapshot.record.actions) == before
    assert window.snapshot.state.step is Step.RETREAT
    hint = window.decision.hint_label
    assert hint.isVisible() and "press E again to end your turn" in hint.text()
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        QTest.qWait(60)
        assert window.grab().save(str(tmp_path / f"end-turn-key-{size[0]}x{size[1]}.png"))
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        _press_e(qtbot, window)  # the third E ends the turn
    assert window.snapshot.record.actions[-1].to_text() == "end-turn"
    assert window.snapshot.state.turn_player != turn_player


def test_the_end_turn_button_still_ends_the_turn_at_one_click(qtbot, window):
    record = record_until(lambda s: s.step is Step.REINFORCE, seed=7)
    open_record(qtbot, window, record)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["end-reinforce"].click()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["end-turn"].click()
    assert window.snapshot.record.actions[-1].to_text() == "end-turn"


def test_e_after_a_retreat_ends_the_turn_at_once(qtbot, window):
    """Only the E right after the E that ended the reinforce step is held back: once the
    player has retreated a unit, E ends the turn."""
    from dragondice_desktop.engine.core.actions import Verb
    from dragondice_desktop.engine.game import legal_actions

    record = record_until(lambda s: s.step is Step.RETREAT and any(
        a.verb is Verb.RETREAT for a in legal_actions(s)), seed=7)
    retreat = next(a for a in legal_actions(record.state()) if a.verb is Verb.RETREAT)
    open_record(qtbot, window, record.with_action(retreat))
    assert window.snapshot.state.step is Step.RETREAT
    assert window.decision._end_turn_key_warned is None
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        _press_e(qtbot, window)
    assert window.snapshot.record.actions[-1].to_text() == "end-turn"
