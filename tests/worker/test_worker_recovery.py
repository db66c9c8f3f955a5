"""Never lose a game, in the worker: redo, rollback when the engine fails, the autosave,
hostile game texts, and the replay book."""

from __future__ import annotations

import json
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from dragondice_desktop.engine.core.record import GameRecord  # noqa: E402
from dragondice_desktop.matchup import demo_setups  # noqa: E402
from dragondice_desktop.worker import engine_worker  # noqa: E402
from dragondice_desktop.worker.atomic import write_text_atomically  # noqa: E402
from dragondice_desktop.worker.autosave import AUTOSAVE_FILE, Autosave  # noqa: E402
from dragondice_desktop.worker.engine_worker import EngineWorker, parse_game_text  # noqa: E402
from dragondice_desktop.worker.replay import build_replay  # noqa: E402
from dragondice_desktop.worker.snapshot import Change  # noqa: E402


def _worker():
    worker = EngineWorker()
    got = {"states": [], "failed": [], "load": [], "crashed": [], "replay": [], "autosave": []}
    worker.stateChanged.connect(got["states"].append)
    worker.failed.connect(got["failed"].append)
    worker.loadFailed.connect(got["load"].append)
    worker.crashed.connect(got["crashed"].append)
    worker.replayReady.connect(got["replay"].append)
    worker.replayFailed.connect(got["replay"].append)
    worker.autosaveFailed.connect(got["autosave"].append)
    return worker, got


def _boom_on(prefix: str, name: str = "play"):
    """An engine `play` (or the worker's other way of playing, `name`: "play_recorded" for a
    record being opened) that fails (like a bug would) on actions starting with `prefix`."""
    real = getattr(engine_worker, name)

    def play(state, action):
        text = action if isinstance(action, str) else action.to_text()
        if text.startswith(prefix):
            raise RuntimeError("injected engine bug")
        return real(state, action)

    return play


def test_redo_replays_undone_actions_and_a_new_action_clears_the_list(qapp):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    worker.autoplay(4)
    played = got["states"][-1]
    worker.undo()
    worker.undo()
    undone = got["states"][-1]
    assert undone.can_redo and undone.redo == played.record.actions[2:]
    worker.redo()
    redone = got["states"][-1]
    assert redone.change is Change.REDO and redone.events == played.history[2]
    assert redone.redo == played.record.actions[3:]
    worker.redo()
    assert got["states"][-1].state == played.state and not got["states"][-1].can_redo
    worker.redo()
    assert got["failed"][-1] == "Nothing to redo"
    worker.undo()
    # Playing the very action redo would play keeps the list going ...
    worker.submit(played.record.actions[3].to_text())
    assert got["states"][-1].state == played.state
    worker.undo()
    worker.undo()
    # ... the computer's move clears it.
    worker.autoplay(1)
    assert got["states"][-1].redo == ()


def test_new_action_other_than_the_undone_one_clears_redo(qapp):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    worker.autoplay(30)
    state = got["states"][-1]
    # Find a position with two legal choices, take one, undo, take the other.
    while len(state.legal) < 2:
        worker.autoplay(1)
        state = got["states"][-1]
    first, second = state.legal[0].to_text(), state.legal[1].to_text()
    worker.submit(first)
    worker.undo()
    assert got["states"][-1].redo[0].to_text() == first
    worker.submit(second)
    assert got["states"][-1].redo == ()


def test_engine_exception_rolls_back_and_reports(qapp, monkeypatch):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    before = got["states"][-1]
    monkeypatch.setattr(engine_worker, "play", _boom_on("rolloff"))
    worker.submit("rolloff")
    assert got["states"][-1] is before  # nothing committed
    report = got["crashed"][-1]
    assert report.action == "rolloff" and report.error == "RuntimeError: injected engine bug"
    assert "injected engine bug" in report.details and "Traceback" in report.details
    assert report.record == before.record
    monkeypatch.undo()
    worker.submit("rolloff")  # the game is still playable
    assert got["states"][-1].record.actions[-1].to_text() == "rolloff"


def test_engine_exception_in_legal_actions_after_an_action_rolls_back(qapp, monkeypatch):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    before = got["states"][-1]
    real = engine_worker.legal_actions

    def legal(state):
        if state is not before.state:
            raise KeyError("broken state")
        return real(state)

    monkeypatch.setattr(engine_worker, "legal_actions", legal)
    worker.submit("rolloff")
    assert got["states"][-1] is before and "KeyError" in got["crashed"][-1].error


def test_autoplay_keeps_the_actions_before_a_failing_one(qapp, monkeypatch):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    worker.autoplay(3)
    three = got["states"][-1].record
    worker.undo()
    worker.undo()
    one = got["states"][-1]
    third = three.actions[2].to_text()
    monkeypatch.setattr(engine_worker, "play", _boom_on(third))
    worker.autoplay(5)
    assert got["states"][-1].record.actions == three.actions[:2]
    assert got["crashed"][-1].action == third
    assert got["crashed"][-1].record.actions == three.actions[:2]
    assert one.serial < got["states"][-1].serial


def test_autosave_follows_every_change_and_goes_when_the_game_ends(qapp, tmp_path):
    worker, got = _worker()
    worker.set_autosave(tmp_path)
    worker.new_game(demo_setups(), 7)
    autosave = Autosave(tmp_path)
    assert GameRecord.from_json(autosave.read_text()) == got["states"][-1].record
    worker.autoplay(5)
    assert GameRecord.from_json(autosave.read_text()) == got["states"][-1].record
    worker.undo()
    assert len(GameRecord.from_json(autosave.read_text()).actions) == 4
    assert autosave.summary().actions == 4 and autosave.summary().players == ("Ann", "Bob")
    worker.autoplay(2000)
    assert not got["states"][-1].legal
    assert not autosave.exists()  # a finished game leaves nothing to resume
    assert [p.name for p in tmp_path.iterdir()] == []  # no temporary files left


def test_autosave_that_cannot_be_written_is_reported_and_play_goes_on(qapp, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    worker, got = _worker()
    worker.set_autosave(blocker)
    worker.new_game(demo_setups(), 7)
    assert got["states"] and "Cannot write the autosave" in got["autosave"][-1]


def test_autosave_set_aside_keeps_the_declined_game(tmp_path):
    autosave = Autosave(tmp_path)
    assert autosave.set_aside() is None
    autosave.save(GameRecord(demo_setups(), 3))
    moved = autosave.set_aside()
    assert not autosave.exists() and GameRecord.from_json(moved.read_text()).seed == 3
    assert (tmp_path / AUTOSAVE_FILE) == autosave.path


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "deep" / "game.ddgame"
    write_text_atomically(target, "one")
    write_text_atomically(target, "two")
    assert target.read_text() == "two" and os.listdir(target.parent) == ["game.ddgame"]
    with pytest.raises(OSError):
        write_text_atomically(tmp_path / "deep" / "game.ddgame" / "x", "three")
    assert os.listdir(target.parent) == ["game.ddgame"]


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested far too deeply"),
    ('{"format": "dragondice-desktop-game", "version": 1, "seed": 1, "players": '
     + "[" * 50_000 + "]" * 50_000 + ', "actions": []}', "nested far too deeply"),
])
def test_hostile_text_is_a_game_file_error(qapp, text, words):
    worker, got = _worker()
    worker.load_text(text)
    assert words in got["load"][-1]
    with pytest.raises(engine_worker.GameFileError):
        parse_game_text(text)


def test_a_record_that_makes_the_engine_fail_is_refused(qapp, monkeypatch):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    current = got["states"][-1]
    record = GameRecord(demo_setups(), 7).with_action(current.legal[0])
    monkeypatch.setattr(engine_worker, "play_recorded", _boom_on("rolloff", "play_recorded"))
    worker.load(record)
    assert "rules engine failed on action 1" in got["load"][-1]
    assert got["states"][-1] is current


def test_replay_book_steps_through_every_state(qapp):
    worker, got = _worker()
    worker.new_game(demo_setups(), 5)
    worker.autoplay(25)
    final = got["states"][-1]
    book = build_replay(final.record)
    assert book.last == 25 and book.states[-1] == final.state
    snap = book.snapshot(10)
    assert snap.record.actions == final.record.actions[:10] and snap.legal == ()
    assert snap.events == final.history[9] and snap.history == final.history[:10]
    assert book.snapshot(99).state == final.state and book.snapshot(-3).state == book.states[0]
    worker.replay(final.record.to_json())
    assert got["replay"][-1].states == book.states
    data = json.loads(final.record.to_json())
    data["actions"][3] = "end-turn"
    worker.replay(json.dumps(data))
    assert "action 4" in got["replay"][-1]
    assert got["states"][-1] is final  # replaying never touches the game
