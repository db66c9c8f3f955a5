"""Bad input in the worker never raises and never loses the game: a damaged autosave is
GameFileError only and goes aside as autosave-damaged-<time>; text UTF-8 cannot encode is
refused before anything is written; a new game with a name no file could hold is refused."""

from __future__ import annotations

import json
import os
from dataclasses import replace

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

from dragondice_desktop.engine.core.record import GameFileError, GameRecord  # noqa: E402
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


# --- manual-dice game files ------------------------------------------------------------------

def _manual_text(actions, dragons=None, **armies):
    """A manual-dice game file of Ann and Bob (two Footmen in each army unless `armies`
    gives `home`, `horde` or `campaign`; a Red and a Blue Drake unless `dragons` gives each
    player's) with the given action texts."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
    from engine_helpers import setup_pair

    from dragondice_desktop.engine.core.options import GameOptions

    record = GameRecord(setup_pair(**armies), 1, (), GameOptions(manual_dice=True))
    data = json.loads(record.to_json())
    data["actions"] = list(actions)
    if dragons is not None:
        for player in data["players"]:
            player["dragons"] = list(dragons)
    return json.dumps(data)


def test_a_manual_game_file_ending_mid_roll_opens_waiting_for_the_next_face(qapp):
    """A file saved while a roll waits for its faces opens at that face decision, with each
    face entered so far in the log; undo takes back one face; the next face plays on."""
    worker, got = _worker()
    worker.load_text(_manual_text(["rolloff", "face 0", "face roll"]))
    assert not got["load"] and not got["crashed"]
    snapshot = got["states"][-1]
    assert snapshot.state.awaiting is not None and len(snapshot.state.awaiting.entered) == 2
    assert [len(events) for events in snapshot.history] == [0, 1, 1]
    assert "Bob's Footman" in snapshot.state.pending.prompt
    assert {a.to_text() for a in snapshot.legal} >= {"face 0", "face roll"}
    worker.undo()
    assert len(got["states"][-1].state.awaiting.entered) == 1
    worker.redo()
    assert got["states"][-1].state == snapshot.state
    worker.submit("face 1")
    assert len(got["states"][-1].state.awaiting.entered) == 3 and not got["failed"]


@pytest.mark.parametrize("actions, words", [
    (["rolloff", "face 6"], "action 2: 'face 6' is not legal now (Enter the face Ann's"),
    (["rolloff", "face 0", "face 0", "face 1", "face 1", "face roll"],
     "action 6: 'face roll' is not legal now (You won the roll-off"),
    (["rolloff", "face 0", "go-first"], "action 3: 'go-first' is not legal now (Enter the"),
    (["face roll"], "action 1: 'face roll' is not legal now (Roll the Horde armies"),
])
def test_a_face_out_of_place_in_a_file_is_named_and_the_game_kept(qapp, actions, words):
    worker, got = _worker()
    worker.new_game(demo_setups(), 7)
    current = got["states"][-1]
    worker.load_text(_manual_text(actions))
    assert words in got["load"][-1]
    assert got["states"][-1] is current and not got["crashed"]


def test_a_file_of_huge_rolls_opens_replays_and_undoes_in_seconds(qapp, rolloff_counts):
    """Nearly 20,000 actions, all but a few of them the faces of roll-offs of two 370-die
    Horde armies (each roll-off ties and is rolled again): opening, undo and the replay view
    each apply every roll-off once, and the roll-off step takes each face once, resuming
    where it stopped (issue 12; each face applying the roll-off again took about 20,000
    applications a pass, hours). Counted, not timed: the time is the benchmarks' business.
    The forces obey the setup rules (a game file must): 370 Footmen in the Horde, 93
    Androsphinxes (372 points) in the other armies, and the 31 dragons of 742 points."""
    from dragondice_desktop.worker.replay import build_replay

    applied, taken = rolloff_counts

    actions = []
    while len(actions) + 741 <= 20_000:
        actions += ["rolloff"] + ["face 0"] * 740
    actions += ["rolloff", "face 0"]  # the last roll-off waits for its second face
    text = _manual_text(actions, dragons=("Dragons/Red Drake",) * 31,
                        home=("Dwarves/Androsphinx",) * 47, horde=("Dwarves/Footman",) * 370,
                        campaign=("Dwarves/Androsphinx",) * 46)
    rolloffs = actions.count("rolloff")
    worker, got = _worker()
    worker.load_text(text)
    snapshot = got["states"][-1]
    assert not got["load"] and len(snapshot.history) == len(actions)
    assert len(snapshot.state.awaiting.entered) == 1
    faces = len(actions) - rolloffs
    assert [a.to_text() for a in applied] == ["rolloff"] * rolloffs and len(taken) == faces
    worker.undo()
    assert got["states"][-1].state.awaiting.entered == ()
    assert len(applied) == 2 * rolloffs and len(taken) == 2 * faces - 1
    book = build_replay(snapshot.record)
    assert book.states[-1] == snapshot.state and len(book.states) == len(actions) + 1
    assert len(applied) == 3 * rolloffs and len(taken) == 3 * faces - 1
