"""The verified replay cache (issue 17: opening a long game needs no replay the second time;
"the file stays the record: any stored snapshot is a verified cache or ignored")."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine import game as engine_game
from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.worker import engine_worker, replay_cache
from dragondice_desktop.worker.engine_worker import EngineWorker
from dragondice_desktop.worker.replay_cache import SUFFIX, ReplayCache

ACTIONS = 30


@pytest.fixture(autouse=True)
def _short_games(monkeypatch):
    monkeypatch.setattr(replay_cache, "MIN_ACTIONS", 10)  # the demo game is short


def _record(actions: int = ACTIONS) -> GameRecord:
    record = GameRecord(demo_setups(), 7)
    state = record.state()
    for _ in range(actions):
        action = choose(state)
        state, _events = play(state, action)
        record = record.with_action(action)
    return record


def _open(folder, text):
    worker = EngineWorker()
    got, failed = [], []
    worker.stateChanged.connect(got.append)
    worker.loadFailed.connect(failed.append)
    if folder is not None:
        worker.set_cache(folder)
    worker.load_text(text)
    assert not failed, failed
    return worker, got[-1]


def _no_replay(monkeypatch):
    """Any replay from here on fails the test."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("the game was replayed")
    monkeypatch.setattr(engine_worker, "play", refuse)
    monkeypatch.setattr(engine_worker, "play_recorded", refuse)
    monkeypatch.setattr(engine_worker, "play_all", refuse)


def test_a_game_opened_again_comes_from_the_cache_exactly_as_replayed(qapp, tmp_path,
                                                                      monkeypatch):
    text = _record().to_json()
    _worker, replayed = _open(None, text)           # no cache: the replay
    _open(tmp_path, text)                           # replays and remembers it
    assert list(tmp_path.glob("*" + SUFFIX))
    _no_replay(monkeypatch)
    worker, cached = _open(tmp_path, text)
    assert cached.state == replayed.state and cached.history == replayed.history
    assert cached.legal == replayed.legal and cached.events == replayed.events
    worker.undo()                                   # the states before are cached too
    assert worker._state == _record(ACTIONS - 1).state()


@pytest.mark.parametrize("where", [-1, 80, 40, 5])
def test_a_damaged_entry_is_ignored_and_the_game_replays(qapp, tmp_path, monkeypatch, where):
    text = _record().to_json()
    _open(tmp_path, text)
    (entry,) = tmp_path.glob("*" + SUFFIX)
    data = bytearray(entry.read_bytes())
    data[where] ^= 0x01                             # payload, signature, or magic line
    entry.write_bytes(bytes(data))
    loads = []
    monkeypatch.setattr(replay_cache.pickle, "loads",
                        lambda *a, **k: loads.append(1) or pytest.fail("unpickled"))
    assert ReplayCache(tmp_path).fetch(_record()) is None
    assert not loads                                # never unpickled unsigned bytes
    monkeypatch.undo()
    monkeypatch.setattr(replay_cache, "MIN_ACTIONS", 10)
    _worker, snapshot = _open(tmp_path, text)
    assert snapshot.state == _record().state()


def test_an_entry_made_elsewhere_does_not_verify(qapp, tmp_path):
    """Another computer's cache has another key: its entries are never read."""
    text = _record().to_json()
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    _open(mine, text)
    _open(theirs, text)
    (entry,) = theirs.glob("*" + SUFFIX)
    (mine_entry,) = mine.glob("*" + SUFFIX)
    mine_entry.write_bytes(entry.read_bytes())
    assert ReplayCache(mine).fetch(_record()) is None


def test_another_record_or_other_rules_never_find_the_entry(qapp, tmp_path, monkeypatch):
    _open(tmp_path, _record().to_json())
    cache = ReplayCache(tmp_path)
    assert cache.fetch(_record()) is not None
    assert cache.fetch(_record(ACTIONS - 1)) is None
    monkeypatch.setattr(replay_cache, "_FINGERPRINT", "other rules code")
    assert cache.fetch(_record()) is None


def test_short_games_are_not_cached_and_a_folder_that_cannot_be_written_is_no_problem(
        qapp, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    _worker, snapshot = _open(blocker, _record().to_json())  # the cache cannot be made
    assert snapshot.state == _record().state()
    assert not ReplayCache(tmp_path).store(_record(5), None)


def test_undo_past_the_kept_states_replays_once_and_keeps_them_again(qapp, monkeypatch):
    monkeypatch.setattr(engine_worker, "KEPT_STATES", 5)
    worker, _snapshot = _open(None, _record().to_json())
    worker._before = ()                             # as after a cached opening
    counted = []
    real = engine_worker.play
    monkeypatch.setattr(engine_worker, "play",
                        lambda *a: counted.append(1) or real(*a))
    worker.undo()
    assert len(counted) == ACTIONS and len(worker._before) == 4
    for back in range(2, 6):
        worker.undo()
        assert worker._state == _record(ACTIONS - back).state()
    assert len(counted) == ACTIONS                  # those undos needed no replay
    assert engine_game.play is real
