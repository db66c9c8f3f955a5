"""Never lose a game, in the window: the autosave, the resume offer on start, a clean close,
and an engine failure with its bug report."""

from __future__ import annotations

import json
import zipfile

import pytest
from PySide6.QtWidgets import QMessageBox
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui import session
from dragondice_desktop.ui.main_window import MainWindow
from dragondice_desktop.worker import engine_worker
from dragondice_desktop.worker.autosave import DAMAGED_PREFIX, PREVIOUS_FILE, Autosave


def _window(qtbot, data_dir, **kwargs) -> MainWindow:
    win = MainWindow(instant=True, data_dir=data_dir, autosave=True, **kwargs)
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    return win


def _play(qtbot, win, actions: int, seed: int = 7):
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.start_game(demo_setups(), seed)
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.client.autoplay(actions)
    return win.snapshot


def _kill(win) -> None:
    """Leave like a crash: stop the worker but skip the clean close (no autosave removal)."""
    win.client.shutdown()
    win.autosave = None
    win.close()


def test_every_change_is_autosaved_and_a_clean_close_leaves_nothing(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    snapshot = _play(qtbot, win, 9)
    saved = GameRecord.from_json(Autosave(tmp_path).read_text())  # the file and its journal
    assert saved == snapshot.record
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.undo()
    assert Autosave(tmp_path).summary().actions == 8
    win.close()
    assert not Autosave(tmp_path).exists()


def test_start_offers_to_resume_an_interrupted_game(qtbot, tmp_path):
    first = _window(qtbot, tmp_path)
    snapshot = _play(qtbot, first, 12)
    _kill(first)
    assert Autosave(tmp_path).exists()

    second = _window(qtbot, tmp_path)
    assert session.offer_resume(second)
    box = second.resume_box
    assert box.isVisible() and "Ann vs Bob, 12 actions played" in box.text()
    with qtbot.waitSignal(second.client.stateChanged, timeout=WAIT_MS):
        box.resume_button.click()
    assert second.snapshot.state == snapshot.state
    assert second.snapshot.record == snapshot.record
    assert second.dirty and second.file_path is None
    assert second.windowTitle().startswith("Untitled *")
    assert "Resumed the interrupted game at action 12" in second.statusBar().currentMessage()
    second.close()


def test_declining_the_resume_keeps_the_game_aside(qtbot, tmp_path, monkeypatch):
    first = _window(qtbot, tmp_path)
    _play(qtbot, first, 4)
    _kill(first)
    second = _window(qtbot, tmp_path)
    asked = []
    monkeypatch.setattr(MainWindow, "new_game_dialog", lambda self: asked.append(True))
    second.start_session()
    second.resume_box.reject()
    assert asked and not Autosave(tmp_path).exists()
    assert GameRecord.from_json((tmp_path / PREVIOUS_FILE).read_text()).actions
    third = _window(qtbot, tmp_path)
    assert not session.offer_resume(third)  # nothing left to offer
    for win in (second, third):
        win.close()


def test_no_offer_without_an_autosave_and_a_damaged_one_is_set_aside(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    leftover = tmp_path / ".autosave.ddgame.x1y2.tmp"  # a kill in the middle of a write
    leftover.write_text("{ half", encoding="utf-8")
    assert not session.offer_resume(win)
    assert not leftover.exists()
    (tmp_path / "autosave.ddgame").write_text("{ half a fi", encoding="utf-8")
    assert not session.offer_resume(win)
    assert "damaged and cannot be read" in win.error_box.text()
    assert DAMAGED_PREFIX in win.error_box.text()
    assert not Autosave(tmp_path).exists()
    (kept,) = tmp_path.glob(DAMAGED_PREFIX + "*.ddgame")
    assert kept.read_text(encoding="utf-8") == "{ half a fi"  # kept for a bug report
    win.close()


@pytest.mark.parametrize("content, words", [
    ('{"players": 5, "actions": []}', "not a Dragon Dice Desktop game file"),
    ("[" * 100_000, "nested far too deeply"),
    (json.dumps({**json.loads(GameRecord(demo_setups(), 7).to_json()), "players": 5}),
     "'players' must be a list of 2 to 4 players"),
    (json.dumps({**json.loads(GameRecord(demo_setups(), 7).to_json()), "actions": [1]}),
     "action 1 is not text"),
], ids=["players-number", "deep", "players-field", "action-number"])
def test_a_damaged_autosave_never_stops_the_start(qtbot, tmp_path, monkeypatch, content,
                                                  words):
    asked = []
    monkeypatch.setattr(MainWindow, "new_game_dialog", lambda self: asked.append(True))
    (tmp_path / "autosave.ddgame").write_text(content, encoding="utf-8")
    win = _window(qtbot, tmp_path)
    win.start_session()  # no exception, no resume box, and on to a new game
    assert win.resume_box is None and asked == [True]
    assert words in win.error_box.text() and "damaged" in win.error_box.text()
    assert not Autosave(tmp_path).exists()
    assert len(list(tmp_path.glob(DAMAGED_PREFIX + "*.ddgame"))) == 1
    win.close()
    again = _window(qtbot, tmp_path)  # the next start is a normal one
    again.start_session()
    assert again.error_box is None and asked == [True, True]
    again.close()


def test_an_autosave_that_does_not_replay_is_explained(qtbot, tmp_path):
    data = json.loads(GameRecord(demo_setups(), 7).to_json())
    data["actions"] = ["end-turn"]
    (tmp_path / "autosave.ddgame").write_text(json.dumps(data), encoding="utf-8")
    win = _window(qtbot, tmp_path)
    assert session.offer_resume(win)
    with qtbot.waitSignal(win.client.loadFailed, timeout=WAIT_MS):
        win.resume_box.resume_button.click()
    assert "cannot be replayed" in win.error_box.text() and win.snapshot is None
    assert "action 1" in win.error_box.text()
    assert not (tmp_path / PREVIOUS_FILE).exists() and not Autosave(tmp_path).exists()
    assert len(list(tmp_path.glob(DAMAGED_PREFIX + "*.ddgame"))) == 1  # never offered again
    win.close()


def test_a_finished_game_leaves_no_autosave(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    snapshot = _play(qtbot, win, 2000)
    assert not snapshot.legal and not Autosave(tmp_path).exists()
    win.close()


@pytest.mark.parametrize("answer, closes, saved", [
    (QMessageBox.StandardButton.Cancel, False, False),
    (QMessageBox.StandardButton.Discard, True, False),
    (QMessageBox.StandardButton.Save, True, True),
])
def test_closing_offers_to_save_an_unfinished_game(qtbot, tmp_path, monkeypatch, answer,
                                                   closes, saved):
    win = _window(qtbot, tmp_path, confirm_close=True)
    snapshot = _play(qtbot, win, 5)
    target = tmp_path / "kept.ddgame"
    monkeypatch.setattr(session, "ask_save_before_close", lambda _w, _doing: answer)
    monkeypatch.setattr(MainWindow, "save_as", lambda self: self.save_to(target))
    assert win.close() is closes
    assert target.exists() is saved
    assert Autosave(tmp_path).exists() is not closes  # a clean close removes it
    if saved:
        assert GameRecord.from_json(target.read_text()) == snapshot.record
    if not closes:
        monkeypatch.setattr(session, "ask_save_before_close",
                            lambda _w, _doing: QMessageBox.StandardButton.Discard)
        win.close()


def test_engine_failure_rolls_back_and_offers_a_bug_report(qtbot, window, tmp_path,
                                                           monkeypatch):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(3)
    before = window.snapshot
    failing = before.legal[0].to_text()
    real_play = engine_worker.play

    def broken_play(state, action):
        text = action if isinstance(action, str) else action.to_text()
        if text == failing:
            raise ZeroDivisionError("injected engine bug")
        return real_play(state, action)

    monkeypatch.setattr(engine_worker, "play", broken_play)
    with qtbot.waitSignal(window.client.crashed, timeout=WAIT_MS):
        window.submit(failing)
    box = window.crash_box
    assert box.isVisible() and "ZeroDivisionError: injected engine bug" in box.text()
    assert "back where it was" in box.text()
    assert window.snapshot is before  # nothing changed

    path = session.save_bug_report(window, tmp_path / "reports")
    with zipfile.ZipFile(path) as bundle:
        names = set(bundle.namelist())
        assert names == {"game.ddgame", "failing-action", "traceback.txt", "game-log.txt",
                         "report.json"}
        assert GameRecord.from_json(bundle.read("game.ddgame").decode()) == before.record
        assert bundle.read("failing-action").decode().strip() == failing
        assert "ZeroDivisionError" in bundle.read("traceback.txt").decode()
        log = bundle.read("game-log.txt").decode()
        assert window.log.lines() and window.log.lines()[-1] in log
        info = json.loads(bundle.read("report.json"))
        assert info["failed_action"] == failing and info["actions_before"] == 3
    box.done(0)

    monkeypatch.undo()  # the bug is "fixed": the same action now plays
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.submit(failing)
    assert window.snapshot.record.actions[-1].to_text() == failing


def test_a_game_that_cannot_be_encoded_is_not_saved_and_nothing_is_lost(qtbot, tmp_path):
    """A record holding a lone surrogate (it cannot come from a file: loading refuses it)
    gives a message box on save; the old file and the game stay as they were."""
    win = _window(qtbot, tmp_path)
    ann, bob = demo_setups()
    from dataclasses import replace
    record = GameRecord((ann, replace(bob, name="B\ud800")), 7)
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.open_record(record)
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.client.autoplay(3)
    before, dirty = win.snapshot, win.dirty
    target = tmp_path / "game.ddgame"
    target.write_text("the previous save", encoding="utf-8")
    assert win.save_to(target) is False
    assert "Cannot save game.ddgame" in win.error_box.text()
    assert "U+D800" in win.error_box.text()
    assert target.read_text(encoding="utf-8") == "the previous save"
    assert not list(tmp_path.glob(".game.ddgame.*"))  # no temporary file left
    assert win.snapshot is before and win.dirty == dirty and win.file_path is None
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.computer_move()  # the game goes on
    assert win.snapshot.record.actions[:-1] == before.record.actions
    win.client.shutdown()
    win.autosave = None
    win.close()


def _demo(qtbot, win, actions: int = 6):
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.start_demo(demo_setups(), 5, actions)
    qtbot.waitUntil(lambda: len(win.snapshot.record.actions) >= actions, timeout=WAIT_MS)


def test_a_demo_keeps_an_earlier_autosave_and_is_not_saved_itself(qtbot, tmp_path):
    """The demo (README's first command) is thrown away: an interrupted game's autosave is
    neither overwritten nor removed by it, and closing asks nothing."""
    first = _window(qtbot, tmp_path)
    earlier = _play(qtbot, first, 12).record
    _kill(first)
    demo = _window(qtbot, tmp_path, confirm_close=True)
    _demo(qtbot, demo)
    assert GameRecord.from_json(Autosave(tmp_path).read_text()) == earlier
    demo.close()
    assert demo.confirm_box is None
    assert GameRecord.from_json(Autosave(tmp_path).read_text()) == earlier


def test_a_game_started_after_the_demo_is_autosaved(qtbot, tmp_path, monkeypatch):
    """Game ▸ New after the demo starts a real game: autosaved from its first action, the
    earlier autosave moved to autosave-previous.ddgame first (issue 7 §2: never lose a
    game)."""
    from dragondice_desktop.ui.new_game_dialog import NewGameDialog

    first = _window(qtbot, tmp_path)
    earlier = _play(qtbot, first, 12).record
    _kill(first)
    win = _window(qtbot, tmp_path)
    _demo(qtbot, win)
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: NewGameDialog.DialogCode.Accepted)
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.new_game_dialog()
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.client.autoplay(3)
    assert not win.throwaway
    assert GameRecord.from_json(Autosave(tmp_path).read_text()) == win.snapshot.record
    previous = GameRecord.from_json((tmp_path / PREVIOUS_FILE).read_text(encoding="utf-8"))
    assert previous == earlier


@pytest.mark.parametrize("answer, replaced", [
    (QMessageBox.StandardButton.Cancel, False),
    (QMessageBox.StandardButton.Discard, True),
])
def test_a_new_game_offers_to_save_the_unsaved_one_first(qtbot, tmp_path, monkeypatch,
                                                         answer, replaced):
    """Game ▸ New over an unfinished game with unsaved actions asks Save / Discard /
    Cancel, like closing does; Cancel keeps the game as it was."""
    from dragondice_desktop.ui.new_game_dialog import NewGameDialog

    win = _window(qtbot, tmp_path, confirm_close=True)
    before = _play(qtbot, win, 5).record
    asked = []
    monkeypatch.setattr(session, "ask_save_before_close",
                        lambda _w, doing: asked.append(doing) or answer)
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: NewGameDialog.DialogCode.Accepted)
    if replaced:
        with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
            win.new_game_dialog()
        assert win.snapshot.record.actions == ()
    else:
        win.new_game_dialog()
        qtbot.wait(200)
        assert win.snapshot.record == before
    assert asked == ["starting a new game"]
    monkeypatch.setattr(session, "ask_save_before_close",
                        lambda _w, _doing: QMessageBox.StandardButton.Discard)
    win.close()
