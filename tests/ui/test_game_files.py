"""Opening game files: every kind of damaged or hostile file gives a clear message and keeps
the current game; a version-1 file written earlier still loads and replays to the same
state on any machine."""

from __future__ import annotations

import json
import os

import pytest
from game_fixture import EXPECTED_V1, GAME_V1, state_facts
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.record import MAX_BYTES, VERSION, GameRecord
from dragondice_desktop.matchup import demo_setups


def _good() -> dict:
    return json.loads(GAME_V1.read_text(encoding="utf-8"))


def _with(**changes) -> str:
    data = _good()
    data.update(changes)
    return json.dumps(data)


def _unknown_die() -> str:
    data = _good()
    data["players"][0]["horde"][0] = "Amazons/No Such Die"
    return json.dumps(data)


def _player_with(**changes) -> str:
    data = _good()
    data["players"][0].update(changes)
    return json.dumps(data)


def _player_without(field: str) -> str:
    data = _good()
    del data["players"][0][field]
    return json.dumps(data)


def _illegal_action() -> str:
    data = _good()
    data["actions"][5] = "end-turn"
    return json.dumps(data)


def _v2(actions=None, **options) -> str:
    """The version 1 game as a version 2 file, its options changed by `options`."""
    data = _good()
    data["version"] = 2
    data["options"] = {"rules": 1, "manual_dice": False, "house_rules": [], **options}
    if actions is not None:
        data["actions"] = actions
    return json.dumps(data)


# (file name, content (str, or bytes written as is), words the message must contain)
BAD_FILES = [
    ("truncated.ddgame", GAME_V1.read_text(encoding="utf-8")[:700], "not valid JSON"),
    ("empty.ddgame", "", "not valid JSON"),
    ("newer.ddgame", _with(version=VERSION + 1), "update the app"),
    ("version-text.ddgame", _with(version="one"), "version 'one'"),
    ("other-format.ddgame", json.dumps({"format": "chess", "moves": []}), "not a Dragon Dice"),
    ("missing-seed.ddgame", json.dumps({k: v for k, v in _good().items() if k != "seed"}),
     "the field 'seed' is missing"),
    ("unknown-die.ddgame", _unknown_die(), "No Such Die"),
    ("unknown-verb.ddgame", _with(actions=["rolloff", "fly-away 3"]), "unknown action"),
    ("illegal.ddgame", _illegal_action(), "action 6"),
    ("one-player.ddgame", _with(players=_good()["players"][:1]),
     "'players' must be a list of two players"),
    ("players-number.ddgame", _with(players=5), "'players' must be a list of two players"),
    ("terrain-list.ddgame", _player_with(home_terrain=["x"]),
     "player 1's 'home_terrain' must be text, not a list"),
    ("frontier-empty-list.ddgame", _player_with(frontier_terrain=[]),
     "player 1's 'frontier_terrain' must be text"),
    ("dragons-text.ddgame", _player_with(dragons="Dragons/White Drake"),
     "player 1's 'dragons' must be a list of die names, not text"),
    ("name-surrogate.ddgame", _player_with(name="A\ud800"), "lone surrogate"),
    ("name-empty.ddgame", _player_with(name=""), "player 1's 'name' is empty"),
    ("name-newline.ddgame", _player_with(name="A\nB"), "control character"),
    ("missing-home.ddgame", _player_without("home"), "player 1 lacks the field 'home'"),
    ("unknown-field.ddgame", _with(comment="hi"), "unknown field 'comment'"),
    ("actions-object.ddgame", _with(actions={"rolloff": 1}),
     "'actions' must be a list of action texts"),
    ("action-number.ddgame", _with(actions=["rolloff", "go-first", 3]), "action 3 is not text"),
    ("action-huge.ddgame", _with(actions=["rolloff", "x" * 4_000_000]), "action 2 is 4000000"),
    ("many-actions.ddgame", _with(actions=["rolloff"] * 20_001), "at most 20000"),
    ("many-dice.ddgame", _player_with(horde=["Amazons/Seer"] * 20_000), "at most 500 per player"),
    ("huge.ddgame", b" " * (MAX_BYTES + 1), "at most"),
    ("nested.ddgame", "[" * 200_000 + "]" * 200_000, "nested far too deeply"),
    ("binary.ddgame", bytes(range(256)) * 4, "not UTF-8"),
    ("rules-fraction.ddgame", _v2(rules=1.5), "'rules' must be a whole number, not 1.5"),
    ("rules-huge.ddgame", _v2(rules=10 ** 100), "is unknown; this app knows revisions"),
    ("manual-null.ddgame", _v2(manual_dice=None), "'manual_dice' must be true or false"),
    ("house-twice.ddgame", _v2(house_rules=["promotion-one-step"] * 2),
     "a house rule is named twice"),
    ("field-twice.ddgame", _v2().replace('"seed": ', '"seed": 1, "seed": ', 1),
     "the field 'seed' appears twice"),
    ("five-players.ddgame", _with(version=2, options={"rules": 1, "manual_dice": False,
                                                      "house_rules": []},
                                  players=_good()["players"] * 3),
     "'players' must be a list of 2 to 4 players, not 6 entries"),
    ("face-not-manual.ddgame", _v2(actions=["rolloff", "face roll"]),
     "action 2: 'face roll' is not legal now"),
    ("face-too-high.ddgame", _v2(manual_dice=True, actions=["rolloff", "face 6"]),
     "action 2: 'face 6' is not legal now (Enter the face"),
]


@pytest.fixture
def game_window(qtbot, window):
    """The test window with a game in progress (a few actions in)."""
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 5)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(6)
    return window


@pytest.mark.parametrize("name, content, words", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_a_bad_game_file_is_explained_and_the_game_kept(qtbot, game_window, tmp_path, name,
                                                        content, words):
    window = game_window
    before, title = window.snapshot, window.windowTitle()
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    window.error_box = None
    window.open_file(path)
    qtbot.waitUntil(lambda: window.error_box is not None, timeout=WAIT_MS)
    assert window.error_box.isVisible()
    assert f"Cannot open {name}" in window.error_box.text()
    assert words in window.error_box.text()
    assert len(window.error_box.text()) < 1000  # never the file itself back
    assert window.snapshot is before and window.windowTitle() == title
    assert window.file_path is None
    # The game goes on: the next action still plays on the kept game.
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.computer_move()
    assert window.snapshot.record.actions[:-1] == before.record.actions


def test_a_folder_or_a_pipe_is_explained_without_blocking(qtbot, game_window, tmp_path):
    folder = tmp_path / "a-folder.ddgame"
    folder.mkdir()
    game_window.open_file(folder)
    assert "Cannot open a-folder.ddgame" in game_window.error_box.text()
    if hasattr(os, "mkfifo"):
        pipe = tmp_path / "pipe.ddgame"
        os.mkfifo(pipe)
        game_window.open_file(pipe)  # reading it would wait for a writer forever
        assert "not a file" in game_window.error_box.text()


def test_a_file_with_a_byte_order_mark_opens(qtbot, window, tmp_path):
    path = tmp_path / "bom.ddgame"
    path.write_text("\ufeff" + GAME_V1.read_text(encoding="utf-8"), encoding="utf-8")
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_file(path)
    assert window.snapshot.record == GameRecord.from_json(GAME_V1.read_text(encoding="utf-8"))


def test_a_missing_file_is_explained(qtbot, game_window, tmp_path):
    game_window.open_file(tmp_path / "nowhere.ddgame")
    assert "Cannot open nowhere.ddgame" in game_window.error_box.text()


def test_version_1_file_still_loads_and_replays_identically(qtbot, window):
    """tests/ui/data/game-v1.json was written with format version 1 and never rewritten:
    the app must open it, and its replay must give the very state recorded with it."""
    record = GameRecord.from_json(GAME_V1.read_text(encoding="utf-8"))
    assert json.loads(GAME_V1.read_text(encoding="utf-8"))["version"] == 1
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_file(GAME_V1)
    snapshot = window.snapshot
    assert snapshot.record == record and window.file_path == GAME_V1
    expected = json.loads(EXPECTED_V1.read_text(encoding="utf-8"))
    assert state_facts(snapshot.state, snapshot.all_events) == expected
