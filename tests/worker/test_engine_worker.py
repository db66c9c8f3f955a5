"""The engine worker: requests in, immutable snapshots out, in its own thread."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dragondice_desktop.engine.core.record import GameRecord  # noqa: E402
from dragondice_desktop.matchup import demo_setups  # noqa: E402
from dragondice_desktop.worker.engine_worker import EngineClient, EngineWorker  # noqa: E402
from dragondice_desktop.worker.snapshot import Change  # noqa: E402

WAIT_MS = 10_000


def _collect(worker):
    got = {"states": [], "failed": [], "load": []}
    worker.stateChanged.connect(got["states"].append)
    worker.failed.connect(got["failed"].append)
    worker.loadFailed.connect(got["load"].append)
    return got


def test_worker_slots_play_undo_and_load(qapp):
    worker = EngineWorker()
    got = _collect(worker)
    worker.submit("rolloff")
    assert got["failed"] and not got["states"]
    worker.new_game(demo_setups(), 7)
    start = got["states"][-1]
    assert start.change is Change.NEW and start.record.actions == ()
    worker.submit("rolloff")
    after = got["states"][-1]
    assert after.change is Change.ACTION and after.events and after.serial == start.serial + 1
    assert len(after.history) == 1 and after.history[0] == after.events
    worker.submit("end-turn")
    assert "not legal now" in got["failed"][-1]
    assert got["states"][-1] is after
    worker.undo()
    assert got["states"][-1].state == start.state
    assert got["states"][-1].change is Change.UNDO
    worker.undo()
    assert "Nothing to undo" in got["failed"][-1]
    worker.autoplay(20)
    played = got["states"][-1]
    assert len(played.record.actions) == 20
    worker.load(played.record)
    loaded = got["states"][-1]
    assert loaded.change is Change.LOAD and loaded.state == played.state
    assert loaded.all_events == played.all_events
    worker.load_text("not json")
    assert "not valid JSON" in got["load"][-1]
    assert got["states"][-1] is loaded


def test_client_runs_the_engine_in_its_thread_and_stops_cleanly(qtbot):
    client = EngineClient()
    assert client.worker.thread() is client.thread
    assert client.thread.isRunning()
    with qtbot.waitSignal(client.stateChanged, timeout=WAIT_MS) as blocker:
        client.new_game(demo_setups(), 3)
    assert blocker.args[0].record == GameRecord(demo_setups(), 3)
    with qtbot.waitSignal(client.stateChanged, timeout=WAIT_MS) as blocker:
        client.submit("rolloff")
    assert blocker.args[0].record.actions[-1].to_text() == "rolloff"
    with qtbot.waitSignal(client.failed, timeout=WAIT_MS):
        client.submit("kill 999")
    client.shutdown()
    assert client.thread.isFinished()
    client.shutdown()  # a second call is harmless


def test_a_four_player_manual_dice_game_plays_out_saves_loads_and_undoes(qapp):
    """Four players rolling their own dice, all house rules on, the automatic player letting
    the app roll every die: the game ends; its file opens to the same state with the same
    log; undo takes back the last action and redo plays it again."""
    from dragondice_desktop.engine.core.house_rules import HOUSE_RULES
    from dragondice_desktop.engine.core.options import checked
    from dragondice_desktop.matchup import table_setups

    worker = EngineWorker()
    got = _collect(worker)
    worker.new_game(table_setups(4), 2, checked(manual_dice=True,
                                                house_rules=tuple(HOUSE_RULES)))
    while got["states"][-1].legal and len(got["states"][-1].record.actions) < 6000:
        worker.autoplay(500)
    done = got["states"][-1]
    assert done.state.winner is not None and not got["failed"]
    assert any(a.to_text() == "face roll" for a in done.record.actions)
    worker.load_text(done.record.to_json())
    loaded = got["states"][-1]
    assert not got["load"] and loaded.change is Change.LOAD
    assert loaded.state == done.state and loaded.history == done.history
    worker.undo()
    assert got["states"][-1].legal and got["states"][-1].state.winner is None
    worker.redo()
    assert got["states"][-1].state == done.state


def test_undo_returns_the_kept_state_and_replays_only_past_it(qapp, monkeypatch):
    """Undo gives back the state before the last action — the one a replay of the record
    without it gives (architecture guide) — from the states the worker kept, without
    replaying; a game just opened keeps the states of its replay too, so its undo needs no
    second replay (the speed target: undo after Open as fast as in a game played here)."""
    worker = EngineWorker()
    got = _collect(worker)
    worker.new_game(demo_setups(), 7)
    worker.autoplay(30)
    played = got["states"][-1]
    replays = []
    real_state = GameRecord.state
    monkeypatch.setattr(GameRecord, "state",
                        lambda record: replays.append(record) or real_state(record))
    for _ in range(3):
        before = got["states"][-1]
        worker.undo()
        undone = got["states"][-1]
        assert undone.change is Change.UNDO and undone.record == before.record.without_last()
        assert undone.state == real_state(undone.record)
    assert replays == []  # the three undos used kept states
    worker.load(played.record)
    for undos in range(1, 4):
        worker.undo()
        assert got["states"][-1].state == real_state(
            GameRecord(played.record.players, played.record.seed,
                       played.record.actions[:-undos], played.record.options))
    assert replays == []  # the undos after opening used the states kept from its replay
