"""Issue 16, the autosave side: an autosave that cannot be written shows a lasting "autosave is
off" warning naming why, is retried after every action and says when it works again; an
autosave of a newer version is kept and explained, not treated as damaged; declining the
resume where the autosave cannot be moved says what really happened."""

from __future__ import annotations

import json
import os
import shutil

from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.record import VERSION, GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui import session
from dragondice_desktop.ui.autosave_warning import RESTORED_TEXT
from dragondice_desktop.ui.main_window import MainWindow
from dragondice_desktop.worker.autosave import (
    AUTOSAVE_FILE, DAMAGED_PREFIX, NEWER_PREFIX, Autosave, NewerAutosaveError,
)
from dragondice_desktop.worker.engine_worker import EngineWorker


def _window(qtbot, data_dir) -> MainWindow:
    win = MainWindow(instant=True, data_dir=data_dir, autosave=True)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    return win


def _step(qtbot, win, actions=1):
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.client.autoplay(actions)
    return win.snapshot


def _newer_game_text() -> str:
    data = json.loads(GameRecord(demo_setups(), 7).to_json())
    data["version"] = VERSION + 1
    data["something_new"] = [1, 2, 3]
    return json.dumps(data)


# --- the worker retries and says when it works again ------------------------------------------

def test_worker_retries_a_failing_autosave_at_every_change_and_reports_recovery(qapp,
                                                                                tmp_path):
    worker = EngineWorker()
    failed, restored, states = [], [], []
    worker.autosaveFailed.connect(failed.append)
    worker.autosaveRestored.connect(lambda: restored.append(True))
    worker.stateChanged.connect(states.append)
    blocker = tmp_path / AUTOSAVE_FILE
    blocker.mkdir()                              # a folder in the way
    worker.set_autosave(tmp_path)
    worker.new_game(demo_setups(), 7)
    worker.autoplay(3)
    assert len(failed) == 2 and not restored     # the new game, then the autoplay's change
    assert f"a folder named {AUTOSAVE_FILE} is in the way" in failed[-1]
    blocker.rmdir()
    worker.autoplay(1)
    assert restored == [True] and len(failed) == 2
    saved = GameRecord.from_json(blocker.read_text(encoding="utf-8"))
    assert saved == states[-1].record            # caught up with the game at once
    worker.autoplay(1)
    assert restored == [True]                    # said once, not at every action


def test_a_file_in_the_way_of_the_folder_is_named(qapp, tmp_path):
    worker = EngineWorker()
    failed = []
    worker.autosaveFailed.connect(failed.append)
    (tmp_path / "data").write_text("x")
    worker.set_autosave(tmp_path / "data")
    worker.new_game(demo_setups(), 7)
    assert "a file is in the way of the folder" in failed[-1]


# --- the window: a lasting warning ---------------------------------------------------------------

def test_the_window_keeps_an_autosave_off_warning_until_it_works_again(qtbot, tmp_path):
    blocker = tmp_path / AUTOSAVE_FILE
    blocker.mkdir()
    win = _window(qtbot, tmp_path)
    with qtbot.waitSignal(win.client.autosaveFailed, timeout=WAIT_MS):
        win.start_game(demo_setups(), 7)
    qtbot.waitUntil(lambda: win.autosave_warning.active, timeout=WAIT_MS)
    warning = win.autosave_warning
    assert warning.isVisible() and "Autosave is off" in warning.text()
    assert "Retrying after every action" in warning.text()
    assert "is in the way" in warning.toolTip() and "is in the way" in warning.text()
    assert "a crash would lose" in warning.toolTip()
    win.show_status("Some other message")        # a passing line cannot hide it
    assert warning.isVisible()
    for size in ((1400, 900), (1280, 720)):
        win.resize(*size)
        qtbot.wait(50)
        out = tmp_path / f"autosave-off-{size[0]}x{size[1]}.png"
        assert win.grab().save(str(out)) and out.stat().st_size > 10_000
        if os.environ.get("DRAGONDICE_SHOTS"):
            shutil.copy(out, os.environ["DRAGONDICE_SHOTS"])
    _step(qtbot, win)
    assert warning.isVisible()                   # still failing after the next action
    blocker.rmdir()
    with qtbot.waitSignals([win.client.autosaveRestored, win.client.stateChanged],
                           timeout=WAIT_MS):
        win.client.autoplay(1)
    qtbot.waitUntil(lambda: not warning.isVisible(), timeout=WAIT_MS)
    assert not warning.active
    assert win.statusBar().currentMessage() == RESTORED_TEXT
    assert GameRecord.from_json(blocker.read_text(encoding="utf-8")) == win.snapshot.record
    win.close()


# --- an autosave of a newer version ---------------------------------------------------------------

def test_an_autosave_of_a_newer_version_is_kept_and_explained(qtbot, tmp_path, monkeypatch):
    text = _newer_game_text()
    path = tmp_path / AUTOSAVE_FILE
    path.write_text(text, encoding="utf-8")
    try:
        Autosave(tmp_path).summary()
        raise AssertionError("a newer autosave must not read as a game")
    except NewerAutosaveError as exc:
        assert "update the app" in str(exc)
    asked = []
    monkeypatch.setattr(MainWindow, "new_game_dialog", lambda self: asked.append(True))
    win = _window(qtbot, tmp_path)
    win.start_session()
    message = win.error_box.text()
    assert "written by a newer version of Dragon Dice Desktop" in message
    assert "update the app to resume it" in message and "damaged" not in message
    assert path.read_text(encoding="utf-8") == text            # kept as it is, in place
    assert not list(tmp_path.glob(DAMAGED_PREFIX + "*"))
    assert asked == [True]
    # A game started now is autosaved; the newer file is moved aside, never written over.
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.start_game(demo_setups(), 7)
    (kept,) = tmp_path.glob(NEWER_PREFIX + "*.ddgame")
    assert kept.read_text(encoding="utf-8") == text
    assert GameRecord.from_json(path.read_text(encoding="utf-8")) == win.snapshot.record
    win.close()


def test_setting_a_newer_autosave_aside_never_reuses_the_previous_name(tmp_path):
    autosave = Autosave(tmp_path)
    autosave.path.write_text(_newer_game_text(), encoding="utf-8")
    moved = autosave.set_aside()
    assert moved.name.startswith(NEWER_PREFIX)


# --- declining the resume where the autosave cannot be moved -------------------------------------

def test_declining_where_the_autosave_cannot_be_moved_says_so(qtbot, tmp_path, monkeypatch):
    Autosave(tmp_path).save(GameRecord(demo_setups(), 7))
    asked = []
    monkeypatch.setattr(MainWindow, "new_game_dialog", lambda self: asked.append(True))

    def read_only(self):
        raise PermissionError(30, "Read-only file system")

    monkeypatch.setattr(Autosave, "set_aside", read_only)
    win = _window(qtbot, tmp_path)
    assert session.offer_resume(win)
    win.resume_box.reject()
    status = win.statusBar().currentMessage()
    assert "could not be set aside (Read-only file system)" in status
    assert "was set aside" not in status and "offered again at the next start" in status
    assert Autosave(tmp_path).exists() and asked == [True]
    win.close()
