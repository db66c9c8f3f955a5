"""A whole game played through the window's own controls: decision buttons for choices and
board drops for casualties, every state drawn on the way (any exception in a slot fails)."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import WAIT_MS, play_in_window

from dragondice_desktop.engine.policy import choose
from dragondice_desktop.forces.io import load_force
from dragondice_desktop.matchup import setup_from_force

# The game's own forces (the lists of the first sample forces), kept with the tests so that
# re-balancing the bundled samples does not change this seeded game (seed 7 ends in time).
FORCES = Path(__file__).parents[1] / "forces" / "data"


def _setups():
    return tuple(setup_from_force(load_force((FORCES / name).read_text(encoding="utf-8")), who)
                 for name, who in (("amazons-at-the-limits.json", "Ann"),
                                   ("goblins-at-the-limits.json", "Bob")))


def test_policy_game_played_with_buttons_and_drops(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(_setups(), 7)
    ways = []
    while window.snapshot.legal and len(window.snapshot.record.actions) < 400:
        action = choose(window.snapshot.state)
        ways.append(play_in_window(qtbot, window, action))
        assert window.snapshot.record.actions[-1] == action
    assert window.snapshot.state.winner is not None
    assert "wins" in window.board.banner.text() and "wins" in window.decision.prompt_label.text()
    assert "drop" in ways and "click" in ways
