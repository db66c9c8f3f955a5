"""Issue 18: a person plays a whole 1996 game in the window. The person answers every
decision with the Decision panel's buttons (the simple player's choice, as a player clicking
would) against the computer at Easy, under the 1996 rules, until the game is won; the log
and the board speak the 1996 game's words (the dead pile, TSR digest §1)."""

from __future__ import annotations

from test_classic_window_texts import _classic_setups
from test_computer_seats import answer_until_over
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.options import CLASSIC, checked


def test_a_person_plays_a_whole_1996_game_in_the_window(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(_classic_setups(), 4, checked(ruleset=CLASSIC), ("person", "easy"))
    assert window.snapshot.state.options.classic
    pressed = answer_until_over(qtbot, window, 10 * 60_000)
    state = window.snapshot.state
    assert state.winner is not None and state.options.classic
    assert pressed > 10 and window.computers.moves > 10
    lines = window.log.shown_lines()
    assert not any("DUA" in line for line in lines)
    assert any("Dead pile" in line for line in lines)
