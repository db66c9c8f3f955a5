"""The snapshot a long game's file carries (issue 17: "opening a 10,000-action game <= 1 s
(the file stays the record: any stored snapshot is a verified cache or ignored)")."""

from __future__ import annotations

import base64
import json
import pickle
import zlib

import pytest

from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.worker import file_snapshot, replay_cache
from dragondice_desktop.worker.engine_worker import SNAPSHOT_REPLACED, EngineWorker
from dragondice_desktop.worker.file_snapshot import (
    PREFIX, _digest, decode_snapshot, encode_snapshot, game_file_text,
)
from dragondice_desktop.worker.snapshot import Change

ACTIONS = 30


@pytest.fixture(autouse=True)
def _short_games(monkeypatch):
    monkeypatch.setattr(file_snapshot, "MIN_ACTIONS", 10)  # the demo game is short
    monkeypatch.setattr(replay_cache, "MIN_ACTIONS", 10)


def _played(actions: int = ACTIONS):
    """(record, last state, history) of a demo game of `actions` actions."""
    record = GameRecord(demo_setups(), 7)
    state = record.state()
    history = []
    for _ in range(actions):
        action = choose(state)
        state, events = play(state, action)
        record = record.with_action(action)
        history.append(events)
    return record, state, tuple(history)


def _open(text, worker=None):
    worker = worker or EngineWorker()
    got, failed, told = [], [], []
    worker.stateChanged.connect(got.append)
    worker.loadFailed.connect(failed.append)
    worker.failed.connect(told.append)
    worker.load_text(text)
    return worker, got, failed, told


def _forged(record, state, history) -> str:
    """A snapshot field for `record` holding (state, history), with a digest that matches
    (as a hand-made file could have)."""
    payload = zlib.compress(pickle.dumps((state, history)))
    return PREFIX + _digest(record, payload) + ":" + base64.b64encode(payload).decode()


def test_a_long_game_file_is_shown_from_its_snapshot_then_checked_by_the_replay(qapp):
    record, state, history = _played()
    text = game_file_text(record, state, history)
    assert '"snapshot"' in text
    assert GameRecord.from_json(text, check_replay=False) == record  # the record is unchanged
    worker, got, failed, told = _open(text)
    assert not failed and not told
    assert len(got) == 1 and got[0].change is Change.LOAD  # shown once: the replay agreed
    assert got[0].state == state and got[0].history == history
    assert worker._state == state and len(worker._before) == ACTIONS  # the replay's states
    worker.undo()                                   # no replay: the states before are kept
    assert worker._state == _played(ACTIONS - 1)[1]


def test_a_snapshot_the_moves_do_not_give_is_replaced_by_the_replayed_game(qapp):
    record, state, history = _played()
    _shorter, earlier, _ = _played(ACTIONS - 1)
    text = record.to_json(snapshot=_forged(record, earlier, history))
    worker, got, failed, told = _open(text)
    assert not failed and told == [SNAPSHOT_REPLACED]
    assert got[0].state == earlier                  # shown first ...
    assert got[-1].state == state and got[-1].change is Change.LOAD  # ... then the replay's
    assert worker._state == state


def test_a_snapshot_of_a_file_whose_moves_do_not_replay_is_taken_back(qapp):
    record, state, history = _played()
    worker, got, _failed, _told = _open(record.first(5).to_json())  # the game before
    bad = record.first(ACTIONS - 1).with_action(record.actions[0])   # not legal there
    text = bad.to_json(snapshot=_forged(bad, state, history))
    _worker, got, failed, _told = _open(text, worker)
    assert failed and "does not replay" in failed[0]
    assert got[-2].state == state                   # the snapshot was shown, then taken back
    assert got[-1].record == record.first(5)        # the game from before is back
    assert worker._record == record.first(5) and worker._state == _played(5)[1]


def test_a_snapshot_for_other_moves_or_other_rules_is_ignored(qapp, monkeypatch):
    record, state, history = _played()
    snapshot = encode_snapshot(record, state, history)
    assert decode_snapshot(snapshot, record) is not None
    assert decode_snapshot(snapshot, record.first(ACTIONS - 1)) is None  # other moves
    assert decode_snapshot(snapshot[:-8] + "AAAAAAAA", record) is None    # damaged
    assert decode_snapshot("dds1:not base64", record) is None
    assert decode_snapshot(12, record) is None
    monkeypatch.setattr(file_snapshot, "engine_fingerprint", lambda: "other rules")
    assert decode_snapshot(snapshot, record) is None


def test_a_snapshot_builds_only_the_engines_values(qapp, tmp_path):
    record, state, history = _played()
    marker = tmp_path / "ran"

    class Hostile:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    payload = zlib.compress(pickle.dumps((Hostile(), history)))
    snapshot = PREFIX + _digest(record, payload) + ":" + base64.b64encode(payload).decode()
    assert decode_snapshot(snapshot, record) is None
    assert not marker.exists()
    worker, got, failed, told = _open(record.to_json(snapshot=snapshot))
    assert not failed and not told and len(got) == 1 and worker._state == state


def test_a_snapshot_holds_no_ready_made_legal_actions(qapp):
    record, state, history = _played()
    from dragondice_desktop.engine.game import legal_actions
    legal_actions(state)                             # kept on the state
    assert "_legal_actions" in state.__dict__
    shown = decode_snapshot(encode_snapshot(record, state, history), record)
    assert shown is not None and shown.state == state
    assert "_legal_actions" not in shown.state.__dict__


def test_short_games_and_oversized_snapshots_are_saved_without_one(qapp, monkeypatch):
    record, state, history = _played(5)
    assert game_file_text(record, state, history) == record.to_json()
    record, state, history = _played()
    monkeypatch.setattr(file_snapshot, "MAX_BYTES", len(record.to_json()) + 100)
    assert game_file_text(record, state, history) == record.to_json()


def test_a_snapshot_field_must_be_text(qapp):
    record, _state, _history = _played(3)
    data = json.loads(record.to_json())
    data["snapshot"] = 12
    with pytest.raises(GameFileError, match="'snapshot' must be text"):
        GameRecord.from_json(json.dumps(data), check_replay=False)


def test_the_window_saves_a_long_game_with_its_snapshot(qapp, tmp_path):
    from dragondice_desktop.ui.game_files import read_game_text, write_game_file
    record, state, history = _played()
    path = tmp_path / "long.ddgame"
    write_game_file(path, record, state, history)
    text = read_game_text(path)
    assert decode_snapshot(json.loads(text)["snapshot"], record) is not None
    write_game_file(path, record)                   # no state given: the record alone
    assert read_game_text(path) == record.to_json()


def test_a_snapshot_whose_values_carry_more_than_their_fields_is_ignored(qapp):
    """An attribute beside a value's fields could stand in for one of its methods; a game
    die's catalog die is never taken from a snapshot (it is looked up again)."""
    import copy
    from dataclasses import replace
    from dragondice_desktop.catalog.loader import load_catalog
    record, state, history = _played()
    step = next(i for i, events in enumerate(history) if events)
    event = copy.copy(history[step][0])
    event.__dict__["explain"] = "not a method"
    forged = history[:step] + ((event,) + history[step][1:],) + history[step + 1:]
    assert decode_snapshot(_forged(record, state, forged), record) is None
    die = copy.copy(state.dice[0])
    die.__dict__["die"] = load_catalog().die(state.dice[1].key)  # another die's faces
    shown = decode_snapshot(_forged(record, replace(state, dice=(die,) + state.dice[1:]),
                                    history), record)
    assert shown is not None
    assert "die" not in shown.state.dice[0].__dict__
    assert shown.state.dice[0].die == load_catalog().die(state.dice[0].key)
