"""Killing the app at any moment never loses the game: a subprocess plays through the
window with autosave on and is SIGKILLed mid-game; the autosave it leaves loads, and
replays to exactly the state the same actions give."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.worker.autosave import Autosave

DRIVER = Path(__file__).with_name("kill_driver.py")
SEED = 7
KILL_AFTER = 12  # actions the driver reports before the kill
TIMEOUT_S = 60


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_mid_game_leaves_an_autosave_that_replays_identically(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    data_dir = tmp_path / "data"
    # stderr to a file: Qt's offscreen plugin writes a line per resize, and a pipe nobody
    # reads would fill up and block the driver.
    errors = (tmp_path / "stderr.txt").open("w")
    child = subprocess.Popen([sys.executable, str(DRIVER), str(data_dir), str(SEED)],
                             stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    seen = 0
    deadline = time.monotonic() + TIMEOUT_S
    try:
        while seen < KILL_AFTER:
            line = child.stdout.readline()
            assert line, "the driver stopped early:\n" + (tmp_path / "stderr.txt").read_text()
            assert time.monotonic() < deadline, "the driver is too slow"
            if line.strip().isdigit():
                seen = int(line)
        # The driver is playing on: this lands at an arbitrary point of the next action.
        child.send_signal(signal.SIGKILL)
        child.wait(TIMEOUT_S)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        errors.close()
    assert child.returncode == -signal.SIGKILL

    autosave = Autosave(data_dir)
    record = GameRecord.from_json(autosave.read_text())  # complete and valid
    assert len(record.actions) >= KILL_AFTER
    # The same game played here: the autosaved actions are its first actions, and replaying
    # them gives the identical state.
    state, played = GameRecord(demo_setups(), SEED).state(), []
    for _ in record.actions:
        action = choose(state)
        state, _events = play(state, action)
        played.append(action)
    assert record.players == demo_setups() and record.seed == SEED
    assert list(record.actions) == played
    assert record.state() == state
