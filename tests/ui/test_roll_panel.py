"""The roll panel shows each die's faces, what they gave, the total and the explanation."""

from __future__ import annotations

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QLabel
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.setup import new_game
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.animation import Flicker, RollAnimator
from dragondice_desktop.ui.roll_panel import RollPanel


def test_a_roll_shows_its_total_and_explanation(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    assert window.rolls.total_labels == []
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.submit("rolloff")
    rolls = [e.roll for e in window.snapshot.events if e.kind == "roll"]
    assert len(rolls) == 2 == len(window.rolls.total_labels)
    for roll, label in zip(rolls, window.rolls.total_labels):
        assert label.text() == f"Total {roll.roll_type.value}: {roll.total(roll.roll_type)}"
    assert window.rolls.explain_labels[0].text() == rolls[0].explain()


def test_unresolved_effects_are_listed(qtbot):
    panel = RollPanel(instant=True)
    qtbot.addWidget(panel)
    # Play demo games until a roll reports an unresolved SAI.
    for seed in range(40):
        state = new_game(demo_setups(), seed)
        while legal_actions(state):
            state, events = play(state, choose(state))
            rolls = [e for e in events if e.kind == "roll" and e.roll.unresolved]
            if rolls:
                panel.show_rolls(rolls)
                reasons = [u.reason for e in rolls for u in e.roll.unresolved]
                texts = " ".join(label.text() for label in panel.unresolved_labels)
                assert len(panel.unresolved_labels) == len(reasons)
                assert all(reason in texts for reason in reasons)
                return
    raise AssertionError("no unresolved SAI in 40 games")


def test_animation_flicks_then_settles_and_can_be_skipped(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    final, frame = QPixmap(8, 8), QPixmap(4, 4)
    animator = RollAnimator(instant=False)
    animator.start([Flicker(label, [frame], final)])
    assert animator.running and label.pixmap().width() == 4
    animator.skip()
    assert not animator.running and label.pixmap().width() == 8
    animator.start([Flicker(label, [frame], final)])
    qtbot.waitUntil(lambda: not animator.running, timeout=2000)
    assert label.pixmap().width() == 8
    instant = RollAnimator(instant=True)
    label.setPixmap(frame)
    instant.start([Flicker(label, [frame], final)])
    assert not instant.running and label.pixmap().width() == 8
