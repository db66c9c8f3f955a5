"""Manual dice in the window (issue 7 §3): the Decision panel asks for each die's face with a
button per face, painted as the die showing it; keys 1-9 pick faces and R lets the app roll;
the log says which faces were entered by hand."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.core.rng import Throw
from dragondice_desktop.engine.core.state import FaceWait, Pending, Phase, Step
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.face_picker import FacePicker, two_lines
from dragondice_desktop.ui.shortcuts import keys_for_verb

MANUAL = GameOptions(manual_dice=True)


def _manual_game(qtbot, window, seed=7):
    """A manual-dice game started the way the New Game dialog starts one."""
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.new_game(demo_setups(), seed, MANUAL)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["rolloff"].click()
    return window.snapshot


def test_the_panel_shows_each_face_of_the_die_being_rolled(qtbot, window):
    snapshot = _manual_game(qtbot, window)
    wait = snapshot.state.awaiting
    die = load_catalog().die(wait.throw.key)
    panel = window.decision
    assert panel.who_label.text().endswith(">Ann</span> rolls")
    assert panel.prompt_label.text() == f"Enter the face {wait.throw.what} shows (maneuver roll)"
    pickers = panel.findChildren(FacePicker)
    assert len(pickers) == 1
    qtbot.waitUntil(pickers[0].isVisible, timeout=WAIT_MS)
    expected = {f"face {i}" for i in range(len(die.faces))} | {"face roll"}
    assert set(panel.buttons) == expected
    for face in range(len(die.faces)):
        button = panel.buttons[f"face {face}"]
        assert button.text() == two_lines(die.faces[face].to_text())
        assert button.key == str(face + 1)
        assert not button.icon().isNull()  # the die painted showing that face
        assert button.shortcut().toString() in keys_for_verb(Verb.FACE)
    assert panel.buttons["face roll"].shortcut().toString() == "R"
    # The board points out the die to roll; the others are not highlighted.
    tips = {i: item.toolTip() for i, item in window.board.die_items.items()}
    marked = [i for i, tip in tips.items() if "roll this die" in tip]
    assert marked == [wait.throw.die_id] and wait.throw.die_id is not None


def test_clicking_faces_drives_the_roll_off(qtbot, window):
    """Clicking a face for every Horde die (the app rolls every third) finishes the roll-off:
    the dice on the board show the faces entered, and the log tells them apart."""
    snapshot = _manual_game(qtbot, window)
    clicks = 0
    while snapshot.state.phase is Phase.SETUP_ROLLOFF and clicks < 200:
        state = snapshot.state
        if state.awaiting is None:  # the roll-off tied: roll again
            button = window.decision.buttons["rolloff"]
        elif clicks % 3 == 2:
            button = window.decision.buttons["face roll"]
        else:
            button = window.decision.buttons[f"face {clicks % state.awaiting.face_count}"]
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            button.click()
        clicks += 1
        snapshot = window.snapshot
    assert snapshot.state.phase is Phase.SETUP_CHOICE
    lines = window.log.lines()
    assert any("shows" in line and "entered by hand" in line for line in lines)
    assert any("rolled by the app" in line for line in lines)
    assert any("rolls maneuver" in line for line in lines)
    rolled = {o.die_id: o.faces[-1] for e in snapshot.events if e.kind == "roll"
              for o in e.roll.dice}
    assert rolled and window.board.faces == rolled
    assert window.rolls.isVisible()


def test_number_keys_pick_faces_and_r_lets_the_app_roll(qtbot, window):
    snapshot = _manual_game(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    qtbot.waitUntil(window.decision.buttons["face 1"].isVisible, timeout=WAIT_MS)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.keyClick(window, Qt.Key.Key_2)
    assert window.snapshot.record.actions[-1].to_text() == "face 1"
    entered = window.snapshot.state.awaiting.entered
    assert entered[-1].face == 1 and entered[-1].by_hand
    qtbot.waitUntil(window.decision.buttons["face roll"].isVisible, timeout=WAIT_MS)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.keyClick(window, Qt.Key.Key_R)
    assert window.snapshot.record.actions[-1].to_text() == "face roll"
    assert not window.snapshot.state.awaiting.entered[-1].by_hand
    assert len(window.snapshot.record.actions) == len(snapshot.record.actions) + 2


def test_undo_takes_back_the_last_face(qtbot, window):
    _manual_game(qtbot, window)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["face 0"].click()
    assert len(window.snapshot.state.awaiting.entered) == 1
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.undo()
    state = window.snapshot.state
    assert state.step is Step.FACE and state.awaiting.entered == ()
    assert "face 0" in window.decision.buttons


def test_a_d12_picker_fits_the_dock_and_keys_stop_at_nine(qtbot):
    """A dragon's twelve faces: four to a row, narrow enough for the Decision dock, keys for
    the first nine faces only."""
    wait = FaceWait(None, Pending(0, Step.NONE, ""), Step.NONE,
                    Throw("Ann's Red Drake", "Dragons/Red Drake", 0, "dragon attack"), 12, 0)
    picker = FacePicker(wait)
    qtbot.addWidget(picker)
    assert len(picker.buttons) == 13
    assert picker.buttons["face 9"].shortcut().isEmpty()
    assert picker.buttons["face 8"].shortcut().toString() == "9"
    assert picker.sizeHint().width() <= 360


def test_long_face_texts_take_two_lines():
    assert two_lines("4 Create Fireminions") == "4 Create\nFireminions"
    assert two_lines("4 Rise from the Ashes") == "4 Rise from\nthe Ashes"
    assert two_lines("3 Maneuver") == "3 Maneuver"
