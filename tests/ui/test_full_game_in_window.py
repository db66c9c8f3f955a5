"""A whole game played through the window's own controls: decision buttons for choices and
board drops for casualties, every state drawn on the way (any exception in a slot fails)."""

from __future__ import annotations

from ui_helpers import WAIT_MS, play_in_window

from dragondice_desktop.engine.policy import choose
from dragondice_desktop.matchup import demo_setups


def test_policy_game_played_with_buttons_and_drops(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    ways = []
    while window.snapshot.legal and len(window.snapshot.record.actions) < 400:
        action = choose(window.snapshot.state)
        ways.append(play_in_window(qtbot, window, action))
        assert window.snapshot.record.actions[-1] == action
    assert window.snapshot.state.winner is not None
    assert "wins" in window.board.banner.text() and "wins" in window.decision.prompt_label.text()
    assert "drop" in ways and "click" in ways
