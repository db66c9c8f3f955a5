"""Dice that roll (issue 14 §3): rolled dice tumble on the board and in the roll panel before
they settle, the totals shown only once they settle; instant in tests; "Explain this roll"
opens in a window of its own that can be resized. Rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTextBrowser
from ui_helpers import WAIT_MS

from dragondice_desktop.matchup import demo_setups


def _roll_off(qtbot, win):
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.start_game(demo_setups(), 7)
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.submit("rolloff")  # both Horde armies roll (digest §2: the Horde roll-off)


def test_rolled_dice_tumble_and_the_totals_wait_for_them(qtbot, animated_window, tmp_path):
    animated = animated_window
    _roll_off(qtbot, animated)
    board, rolls = animated.board, animated.rolls
    assert board.animator.running and rolls.animator.running
    assert all(label.text() == "Rolling…" for label in rolls.total_labels)
    for size in ((1400, 900), (1280, 720)):
        animated.resize(*size)
        QTest.qWait(20)
        assert animated.grab().save(str(tmp_path / f"tumble-{size[0]}x{size[1]}.png"))
    rolled = [e.roll for e in animated.snapshot.events if e.kind == "roll" and e.roll]
    qtbot.waitUntil(lambda: not rolls.animator.running and not board.animator.running,
                    timeout=WAIT_MS)
    assert [label.text() for label in rolls.total_labels] == [
        f"Total {r.roll_type.value}: {r.total()}" for r in rolled]
    die_id = rolled[0].dice[0].die_id
    item = board.die_items[die_id]
    face = rolled[0].dice[0].faces[-1]
    assert board.faces[die_id] == face and not item.pixmap().isNull()


def test_tests_and_screenshots_never_animate(qtbot, window):
    _roll_off(qtbot, window)
    assert not window.board.animator.running and not window.rolls.animator.running
    assert all(label.text().startswith("Total ") for label in window.rolls.total_labels)


def test_explain_this_roll_opens_in_a_resizable_window(qtbot, window, tmp_path):
    _roll_off(qtbot, window)
    rolls = window.rolls
    text = rolls.explain_labels[0].text()
    explain = rolls.open_explanation("Ann's Horde army", text)
    assert explain.isVisible() and explain.isSizeGripEnabled()
    assert explain.findChild(QTextBrowser, "explainText").toPlainText() == text
    explain.resize(900, 700)
    QTest.qWait(30)
    assert explain.size().width() == 900
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        assert explain.grab().save(str(tmp_path / f"explain-{size[0]}x{size[1]}.png"))


def test_a_new_roll_brings_the_roll_result_forward(qtbot, window):
    """The roll result and the odds share one place: a new roll shows the roll result."""
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    window.odds_dock.raise_()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.submit("rolloff")
    QTest.qWait(20)
    assert not window.roll_dock.visibleRegion().isEmpty()
    assert window.odds_dock.visibleRegion().isEmpty()
