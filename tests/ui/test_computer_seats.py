"""Computer seats in the window (issue 13): a game of computers plays itself without
blocking the window; against a person the computer answers, the person's undo takes back
their decision and the computer's replies, the Hint names a move and why, the hand-off
screen is skipped for computer seats, and a game file keeps the seats and replays the same."""

from __future__ import annotations

import os
from pathlib import Path

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.new_game_dialog import NewGameDialog
from dragondice_desktop.ui.settings import HandOff, Preferences

WAIT_MS = 120_000


def _start(qtbot, window, seats, seed=3):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), seed, None, seats)


def _person_to_move(window) -> bool:
    snap = window.snapshot
    return bool(snap.legal) and window.computers.computer_seat(snap) is None


def test_computers_play_each_other_and_say_why(qtbot, window):
    window.apply_preferences(Preferences(hand_off=HandOff.EVERY))
    _start(qtbot, window, ("easy", "normal"))
    qtbot.waitUntil(lambda: len(window.snapshot.record.actions) >= 25, timeout=WAIT_MS)
    assert window.computers.moves >= 25
    notes = [line for line in window.log.shown_lines() if "(computer, " in line]
    assert notes and all(" — " in line for line in notes)
    assert window.hand_off.player is None  # never covered for a computer seat


def test_the_computer_answers_and_undo_takes_back_the_persons_decision(qtbot, window):
    _start(qtbot, window, ("person", "normal"))
    # The person plays until a computer seat has replied after one of their decisions.
    for _ in range(60):
        qtbot.waitUntil(lambda: _person_to_move(window) and window.computers.thinking is None,
                        timeout=WAIT_MS)
        before = len(window.snapshot.record.actions)
        state = window.snapshot.state
        window.submit(choose(state).to_text())
        qtbot.waitUntil(lambda: len(window.snapshot.record.actions) > before, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: _person_to_move(window) or not window.snapshot.legal,
                        timeout=WAIT_MS)
        if len(window.snapshot.record.actions) > before + 1:
            break
    else:
        raise AssertionError("the computer never replied")
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    assert len(window.snapshot.record.actions) == before
    assert window.snapshot.state == state


def test_hint_names_a_legal_move_and_why(qtbot, window):
    _start(qtbot, window, ("person", "hard"))
    qtbot.waitUntil(lambda: _person_to_move(window), timeout=WAIT_MS)
    window.hint("normal")
    qtbot.waitUntil(lambda: bool(window.computers.last_hint), timeout=WAIT_MS)
    assert window.computers.last_hint.startswith("Hint (Normal): ")
    assert " — " in window.computers.last_hint
    assert len(window.snapshot.record.actions) == 0  # a hint never plays the move


def test_a_game_file_keeps_the_seats_and_replays_the_same(qtbot, window, tmp_path):
    _start(qtbot, window, ("easy", "easy"), seed=11)
    qtbot.waitUntil(lambda: len(window.snapshot.record.actions) >= 20, timeout=WAIT_MS)
    window.computers.shutdown()  # stop here: the file is what is compared
    qtbot.wait(50)
    path = Path(tmp_path) / "computers.ddgame"
    assert window.save_to(path)
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.seats == ("easy", "easy")
    assert record.state() == window.snapshot.record.state()
    assert record.actions == window.snapshot.record.actions[:len(record.actions)]


def test_old_files_have_persons_at_every_seat():
    record = GameRecord(demo_setups(), 5)
    assert '"seats"' not in record.to_json()
    assert GameRecord.from_json(record.to_json()).seats == ()
    assert GameRecord.from_json(record.to_json()).seat(1) == "person"


def test_a_bad_seat_in_a_file_is_named():
    import json

    import pytest

    from dragondice_desktop.engine.core.record import GameFileError

    data = json.loads(GameRecord(demo_setups(), 5).to_json())
    data["seats"] = ["person", "genius"]
    with pytest.raises(GameFileError, match="seat 2 must be one of person, easy, normal, hard"):
        GameRecord.from_json(json.dumps(data))


def test_the_dialog_collects_any_mix_of_seats(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.seats() == ()
    dialog.count_box.setValue(3)
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("hard"))
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData("easy"))
    assert dialog.seats() == ("person", "hard", "easy")


def test_the_window_with_computer_seats_renders(qtbot, window, tmp_path):
    """Looked at by a person: computer-seats-*.png in $DRAGONDICE_SHOTS (else a temporary
    folder)."""
    _start(qtbot, window, ("person", "normal"))
    answered = set()

    def computer_moved() -> bool:
        # The person answers each of their decisions (once per state) until the computer
        # has played: how many the person has first depends on the forces and the roll-off.
        snap = window.snapshot
        if window.computers.moves >= 1:
            return True
        if _person_to_move(window) and snap.serial not in answered:
            answered.add(snap.serial)
            window.submit(legal_actions(snap.state)[0].to_text())
        return False

    qtbot.waitUntil(computer_moved, timeout=WAIT_MS)
    out = Path(os.environ.get("DRAGONDICE_SHOTS") or tmp_path)
    out.mkdir(exist_ok=True, parents=True)
    for width, height in ((1400, 900), (1280, 720)):
        window.resize(width, height)
        qtbot.wait(100)
        assert window.grab().save(str(out / f"computer-seats-{width}x{height}.png"))
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    dialog.count_box.setValue(4)
    dialog.show()
    qtbot.wait(50)
    assert dialog.grab().save(str(out / "computer-seats-dialog.png"))


def _computer_lines(window) -> list[str]:
    return [line for line in window.log.shown_lines() if "(computer, " in line]


def test_the_computers_reasons_survive_an_undo_and_reopening_the_file(qtbot, window,
                                                                      tmp_path):
    """The reasons are kept with the moves in the game record: an undo (which rebuilds the
    log) keeps those of the moves still played, and the saved file brings them back."""
    _start(qtbot, window, ("person", "normal"))
    for _ in range(80):
        qtbot.waitUntil(lambda: (_person_to_move(window) or not window.snapshot.legal)
                        and window.computers.thinking is None, timeout=WAIT_MS)
        if len(window.snapshot.record.notes) >= 3 or not window.snapshot.legal:
            break
        before = len(window.snapshot.record.actions)
        window.submit(choose(window.snapshot.state).to_text())
        qtbot.waitUntil(lambda: len(window.snapshot.record.actions) > before, timeout=WAIT_MS)
    record = window.snapshot.record
    assert len(record.notes) >= 3
    shown = _computer_lines(window)
    assert [text for _, text in record.notes] == shown
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    kept = window.snapshot.record
    assert kept.notes == tuple(n for n in record.notes if n[0] < len(kept.actions))
    assert _computer_lines(window) == [text for _, text in kept.notes]
    assert kept.notes  # the earlier moves' reasons are still there
    path = Path(tmp_path) / "reasons.ddgame"
    assert window.save_to(path)
    window.computers.shutdown()
    reopened = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert reopened.notes == kept.notes
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.load(reopened)
    assert _computer_lines(window) == [text for _, text in kept.notes]


def answer_until_over(qtbot, window, timeout: int, each=None) -> int:
    """Answer every decision of the person's seat with the Decision panel
    (``_press_a_button``) until the game is over, calling `each()` at every look at the
    window; fails after `timeout` ms. Returns how many buttons were pressed."""
    answered, pressed = set(), 0

    def over() -> bool:
        nonlocal pressed
        snap = window.snapshot
        if not snap.legal:
            return True
        if each is not None:
            each()
        if _person_to_move(window) and snap.serial not in answered:
            answered.add(snap.serial)
            pressed += _press_a_button(qtbot, window)
        return False

    qtbot.waitUntil(over, timeout=timeout)
    return pressed


def _press_a_button(qtbot, window) -> bool:
    """Answer the person's decision through the decision panel: the button of the simple
    player's choice when it has one, else the first button shown. Only the spell picker
    and a face picker have no such buttons: then the simple player's choice is submitted.
    Returns whether a button was pressed."""
    from PySide6.QtCore import Qt

    panel = window.decision
    wanted = choose(window.snapshot.state).to_text()
    buttons = panel.buttons
    text = wanted if wanted in buttons else next(iter(buttons), "")
    if text:
        qtbot.mouseClick(buttons[text], Qt.MouseButton.LeftButton)
        return True
    window.submit(wanted)
    return False


def test_a_person_plays_a_whole_game_against_hard(qtbot, window, tmp_path):
    """Issue 13: a person (answering with the decision panel's buttons) plays a two-player
    game against Hard at instant pace until it is over (about 40 s of CPU time: Hard thinks
    for most of it); the log has Hard's reasons. The
    board mid-game is rendered to vs-hard-1400x900.png in $DRAGONDICE_SHOTS (else a
    temporary folder) to be looked at."""
    _start(qtbot, window, ("person", "hard"), seed=5)
    out = Path(os.environ.get("DRAGONDICE_SHOTS") or tmp_path)
    out.mkdir(exist_ok=True, parents=True)
    shot = False

    def take_shot() -> None:
        nonlocal shot
        if not shot and window.computers.moves >= 40:
            window.resize(1400, 900)
            assert window.grab().save(str(out / "vs-hard-1400x900.png"))
            shot = True

    pressed = answer_until_over(qtbot, window, 40 * 60_000, take_shot)
    state = window.snapshot.state
    assert state.winner is not None
    assert pressed > 10 and window.computers.moves > 10
    notes = _computer_lines(window)
    assert notes and all("(computer, Hard): " in line and " — " in line for line in notes)
    assert shot
