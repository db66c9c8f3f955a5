"""Opening a long game the window saved (issue 17: opening a 10,000-action game <= 1 s; "the
file stays the record: any stored snapshot is a verified cache or ignored"): the file it
writes carries the snapshot of the replayed game, and opening it shows that game, checked
by the replay; a file whose moves do not replay is refused whatever its snapshot says."""

from __future__ import annotations

import json

import pytest
from ui_helpers import WAIT_MS, open_record

from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.worker import engine_worker, file_snapshot, replay_cache
from dragondice_desktop.worker.file_snapshot import decode_snapshot

ACTIONS = 40


def _played() -> GameRecord:
    """The demo game's first ACTIONS actions, as the policy plays them."""
    record = GameRecord(demo_setups(), 7)
    state = record.state()
    for _ in range(ACTIONS):
        action = choose(state)
        state, _events = play(state, action)
        record = record.with_action(action)
    return record


@pytest.fixture(autouse=True)
def _short_games(monkeypatch):
    monkeypatch.setattr(file_snapshot, "MIN_ACTIONS", 10)  # the demo game is short
    monkeypatch.setattr(replay_cache, "MIN_ACTIONS", 10)


def test_a_saved_long_game_opens_from_its_snapshot_as_replayed(qtbot, window, tmp_path,
                                                               monkeypatch):
    window.client.set_cache(None)  # a computer that never saw the game: no replay cache
    decoded = []
    real = engine_worker.decode_snapshot
    monkeypatch.setattr(engine_worker, "decode_snapshot",
                        lambda *a: decoded.append(real(*a)) or decoded[-1])
    record = _played()
    shown = open_record(qtbot, window, record)
    path = tmp_path / "long.ddgame"
    assert window.save_to(path)
    text = path.read_text(encoding="utf-8")
    assert decode_snapshot(json.loads(text)["snapshot"], record) is not None
    assert GameRecord.from_json(text).state() == shown.state  # the file is the record still
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(2)
    told = []
    window.client.failed.connect(told.append)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_file(path)
    assert len(decoded) == 1 and decoded[0] is not None  # shown from the snapshot
    assert window.snapshot.state == shown.state and window.snapshot.record == record
    assert window.file_path == path and not window.dirty
    assert window.log.lines() == [e.text for e in shown.all_events]
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()                               # the replay's states are there for undo
    assert window.snapshot.state == record.without_last().state()
    assert told == []


def test_a_file_whose_moves_do_not_replay_is_refused_whatever_its_snapshot(qtbot, window,
                                                                           tmp_path):
    window.client.set_cache(None)
    record = _played()
    shown = open_record(qtbot, window, record)
    before = open_record(qtbot, window, record.first(5))
    bad = record.first(ACTIONS - 1).with_action(record.actions[0])  # not legal there
    payload_text = file_snapshot.encode_snapshot(bad, shown.state, shown.history)
    assert payload_text                             # made for the bad record's own text
    path = tmp_path / "bad.ddgame"
    path.write_text(bad.to_json(snapshot=payload_text), encoding="utf-8")
    with qtbot.waitSignal(window.client.loadFailed, timeout=WAIT_MS):
        window.open_file(path)
    qtbot.waitUntil(lambda: window.snapshot.record == before.record, timeout=WAIT_MS)
    assert window.error_box is not None and "does not replay" in window.error_box.text()
    assert window.snapshot.state == before.state
