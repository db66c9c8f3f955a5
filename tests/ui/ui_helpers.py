"""Positions for UI tests, built by playing the engine directly in the test (the window
itself only ever talks to its worker)."""

from __future__ import annotations

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind
from dragondice_desktop.matchup import demo_setups

WAIT_MS = 10_000


def record_until(predicate, seed: int = 7, retreat: int = 0, limit: int = 600,
                 setups=None, retreater: int | None = None) -> GameRecord:
    """The demo game (or a game of `setups`) played by the policy until `predicate(state)`
    holds. With `retreat`, the player in a retreat step (only `retreater`, when given) first
    retreats units until `retreat` of their units are in reserve (the policy itself never
    retreats). Raises AssertionError if never reached."""
    record = GameRecord(setups or demo_setups(), seed)
    state = record.state()
    while legal_actions(state) and len(record.actions) < limit:
        if predicate(state):
            return record
        action = choose(state)
        if (retreat and state.step is Step.RETREAT
                and retreater in (None, state.turn_player)):
            player = state.turn_player
            retreats = [a for a in legal_actions(state) if a.verb is Verb.RETREAT]
            if retreats and len(state.units_in(Zone(ZoneKind.RESERVE, player), player)) < retreat:
                action = retreats[0]
        state, _ = play(state, action)
        record = record.with_action(action)
    raise AssertionError("the position was never reached")


def in_damage_step(state) -> bool:
    """A damage step with a casualty to choose."""
    return state.step is Step.DAMAGE and any(a.verb is Verb.KILL for a in legal_actions(state))


def reinforce_with_reserves(state) -> bool:
    """A reinforce step where the player has units in their Reserve Area."""
    player = state.turn_player
    return (state.step is Step.REINFORCE
            and bool(state.units_in(Zone(ZoneKind.RESERVE, player), player)))


def open_record(qtbot, window, record: GameRecord):
    """Load `record` into the window through its worker; returns the snapshot shown."""
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_record(record)
    return window.snapshot


def play_in_window(qtbot, window, action) -> str:
    """Play `action` through the window as a player would and wait for the new state: a
    kill, reinforce or retreat by dropping the die on its zone, else a click on its
    Decision button, else (a kill grouped under another die's button) its text. Returns
    "drop", "click" or "text"."""
    from dragondice_desktop.ui.moves import move_of

    state, text = window.snapshot.state, action.to_text()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        if action.verb in (Verb.KILL, Verb.REINFORCE, Verb.RETREAT):
            move = move_of(state, action)
            assert window.board.drop_die(move.die_id, move.target) == text
            how = "drop"
        elif text in window.decision.buttons:
            window.decision.buttons[text].click()
            how = "click"
        else:
            window.submit(text)
            how = "text"
    return how


def start_classic_from_new_game(qtbot, window, monkeypatch, timeout: int = WAIT_MS) -> None:
    """Start a 1996 game through the New Game dialog as a player would: the ruleset box set
    to the 1996 rules, no army assembly screen; returns once the window shows the game."""
    from dragondice_desktop.engine.core.options import CLASSIC
    from dragondice_desktop.ui.new_game_dialog import NewGameDialog

    def choose_1996(dialog):
        dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData(CLASSIC))
        dialog.assemble_box.setChecked(False)
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", choose_1996)
    with qtbot.waitSignal(window.client.stateChanged, timeout=timeout):
        window.new_game_dialog()
