"""The roll panel shows each die's faces, what they gave, the total and the explanation."""

from __future__ import annotations

from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QLabel
from ui_helpers import WAIT_MS

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.events import Event
from dragondice_desktop.engine.rolls import RollContext, RollType, count_faces
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


def _unresolved_melee_roll():
    """A one-die melee roll whose face has an SAI the engine reports as not resolved."""
    for die in load_catalog():
        if not die.kind.is_unit:
            continue
        for face in range(len(die.faces)):
            try:
                result = count_faces([(0, die, (face,))], RollContext(RollType.MELEE))
            except ValueError:  # a re-roll face needs the re-rolled face too
                continue
            if result.unresolved:
                return result
    raise AssertionError("every SAI is resolved: nothing left to report")


def test_unresolved_effects_are_listed(qtbot):
    panel = RollPanel(instant=True)
    qtbot.addWidget(panel)
    result = _unresolved_melee_roll()
    panel.show_rolls([Event("roll", "Ann's Home army at Here rolls melee: 0", player=0,
                            roll=result)])
    texts = " ".join(label.text() for label in panel.unresolved_labels)
    assert len(panel.unresolved_labels) == len(result.unresolved)
    assert all(u.reason in texts for u in result.unresolved)
    assert panel.total_labels[0].text() == f"Total melee: {result.total()}"


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
