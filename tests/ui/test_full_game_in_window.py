"""A whole game played through the window's own controls: decision buttons for choices and
board drops for casualties, every state drawn on the way (any exception in a slot fails)."""

from __future__ import annotations

from ui_helpers import WAIT_MS

from dragondice_desktop.engine.actions import Verb
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.moves import move_of


def test_policy_game_played_with_buttons_and_drops(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    drops = clicks = 0
    while window.snapshot.legal and len(window.snapshot.record.actions) < 400:
        state = window.snapshot.state
        action = choose(state)
        text = action.to_text()
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            if action.verb in (Verb.KILL, Verb.REINFORCE, Verb.RETREAT):
                move = move_of(state, action)
                assert window.board.drop_die(move.die_id, move.target) == text
                drops += 1
            elif text in window.decision.buttons:
                window.decision.buttons[text].click()
                clicks += 1
            else:
                window.submit(text)  # e.g. a kill grouped under another die's button
        assert window.snapshot.record.actions[-1] == action
    assert window.snapshot.state.winner is not None
    assert "wins" in window.board.banner.text() and "wins" in window.decision.prompt_label.text()
    assert drops and clicks
