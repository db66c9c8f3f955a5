"""Bad input in the worker never raises and never loses the game: a damaged autosave is
GameFileError only and goes aside as autosave-damaged-<time>; text UTF-8 cannot encode is
refused before anything is written; a new game with a name no file could hold is refused."""

from __future__ import annotations

import json
import os
from dataclasses import replace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from dragondice_desktop.engine.record import GameFileError, GameRecord  # noqa: E402
from dragondice_desktop.matchup import demo_setups  # noqa: E402
from dragondice_desktop.worker.atomic import UnwritableText, write_text_atomically  # noqa: E402
from dragondice_desktop.worker.autosave import (  # noqa: E402
    AUTOSAVE_FILE, DAMAGED_PREFIX, Autosave,
)
from dragondice_desktop.worker.engine_worker import EngineWorker  # noqa: E402

DAMAGED = [
    '{"players": 5, "actions": []}',
    '{"players": "Ann", "actions": 3}',
    "[" * 100_000,
    "{" * 100_000,
    "xx{",
    "",
    '{"format": "dragondice-desktop-game", "version": 1, "seed": 1, "players": [5, 6], '
    '"actions": []}',
    '{"format": "dragondice-desktop-game", "version": 1, "seed": 1, "players": [], '
    '"actions": {"rolloff": 1}}',
    b"\xff\xfe\x00garbage",
    b"\x00" * 10,
]


def _worker():
    worker = EngineWorker()
    got = {"states": [], "failed": [], "load": [], "crashed": [], "autosave": []}
    worker.stateChanged.connect(got["states"].append)
    worker.failed.connect(got["failed"].append)
    worker.loadFailed.connect(got["load"].append)
    worker.crashed.connect(got["crashed"].append)
    worker.autosaveFailed.connect(got["autosave"].append)
    return worker, got


@pytest.mark.parametrize("content", DAMAGED, ids=range(len(DAMAGED)))
def test_a_damaged_autosave_only_raises_game_file_error(tmp_path, content):
    path = tmp_path / AUTOSAVE_FILE
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    autosave = Autosave(tmp_path)
    with pytest.raises(GameFileError):
        autosave.summary()
    moved = autosave.set_aside_damaged()
    assert not autosave.exists() and moved.name.startswith(DAMAGED_PREFIX)
    expected = content if isinstance(content, bytes) else content.encode("utf-8")
    assert moved.name.endswith(".ddgame") and moved.read_bytes() == expected  # kept as it was


def test_damaged_autosaves_never_overwrite_each_other(tmp_path):
    autosave = Autosave(tmp_path)
    moved = []
    for n in range(3):
        autosave.path.write_text(f"damaged {n}", encoding="utf-8")
        moved.append(autosave.set_aside_damaged())
    assert len(set(moved)) == 3
    assert sorted(p.read_text() for p in moved) == ["damaged 0", "damaged 1", "damaged 2"]
    assert autosave.set_aside_damaged() is None


def test_a_good_autosave_summary_reads_the_record(tmp_path):
    autosave = Autosave(tmp_path)
    record = GameRecord(demo_setups(), 3)
    autosave.save(record)
    summary = autosave.summary()
    assert summary.players == ("Ann", "Bob") and summary.actions == 0
    assert autosave.read_record() == record


def test_an_autosave_with_a_byte_order_mark_is_read(tmp_path):
    autosave = Autosave(tmp_path)
    autosave.path.write_text("\ufeff" + GameRecord(demo_setups(), 3).to_json(),
                             encoding="utf-8")
    assert autosave.summary().players == ("Ann", "Bob")


def test_text_utf8_cannot_encode_is_refused_before_writing(tmp_path):
    target = tmp_path / "game.ddgame"
    write_text_atomically(target, "the old game")
    with pytest.raises(UnwritableText, match="U\\+D800") as info:
        write_text_atomically(target, "A\ud800")
    assert isinstance(info.value, ValueError)
    assert target.read_text() == "the old game"  # nothing lost
    assert os.listdir(tmp_path) == ["game.ddgame"]  # no temporary file


def test_a_new_game_with_a_name_no_file_could_hold_is_refused(qapp):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    current = got["states"][-1]
    ann, bob = demo_setups()
    for bad in (replace(bob, name="B\ud800"), replace(bob, name="B\nob"),
                replace(bob, horde=("Amazons/Seer",) * 600)):
        worker.new_game((ann, bad), 7)
        assert got["failed"][-1].startswith("Cannot start the game: player 2")
        assert got["states"][-1] is current and not got["crashed"]
    worker.new_game(demo_setups(), 10 ** 30)
    assert "the seed must be a whole number between" in got["failed"][-1]
    assert got["states"][-1] is current


def test_an_autosave_that_cannot_be_encoded_is_reported_and_the_game_kept(qapp, tmp_path):
    worker, got = _worker()
    worker.set_autosave(tmp_path)
    worker.new_game(demo_setups(), 7)
    worker.autoplay(3)
    saved = (tmp_path / AUTOSAVE_FILE).read_text(encoding="utf-8")
    ann, bob = demo_setups()
    record = GameRecord((ann, replace(bob, name="B\ud800")), 7)  # not from a file
    worker.load(record)
    assert got["states"][-1].record == record and not got["crashed"]
    assert "Cannot write the autosave" in got["autosave"][-1]
    assert "U+D800" in got["autosave"][-1]
    assert (tmp_path / AUTOSAVE_FILE).read_text(encoding="utf-8") == saved  # kept as it was


def test_a_loaded_text_replays_once_and_names_the_bad_action(qapp):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    current = got["states"][-1]
    data = json.loads(GameRecord(demo_setups(), 7).to_json())
    data["actions"] = ["rolloff", "end-turn"]
    worker.load_text(json.dumps(data))
    assert "action 2" in got["load"][-1] and "'end-turn' is not legal now" in got["load"][-1]
    data["actions"] = ["rolloff", 5]
    worker.load_text(json.dumps(data))
    assert "action 2 is not text" in got["load"][-1]
    assert got["states"][-1] is current and not got["crashed"]
