"""The hand-off screen between hotseat players: when it is due, that it covers the window and
blocks clicks and keys until the next player dismisses it, and the preference that sets it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.engine.core.state import Pending, Phase, Step
from dragondice_desktop.matchup import demo_setups, table_setups
from dragondice_desktop.ui.hand_off import hand_off_player, is_private
from dragondice_desktop.ui.preferences_dialog import PreferencesDialog
from dragondice_desktop.ui.settings import HandOff, Preferences, SettingsStore


def _deciding(state, player: int, phase: Phase = Phase.FIRST_MARCH):
    """`state` waiting on `player` in `phase` (a hand-made moment for the rule alone)."""
    return replace(state, phase=phase, pending=Pending(player, Step.NONE, "choose"))


# --- when it is due ---------------------------------------------------------------------------

def test_hand_off_is_due_when_the_deciding_player_changes_as_the_setting_says():
    three = new_game(table_setups(3), 1)
    two = new_game(table_setups(2), 1)
    march = lambda s, p: _deciding(s, p)  # noqa: E731
    setup = lambda s, p: _deciding(s, p, Phase.SETUP_CHOICE)  # noqa: E731
    dragons = lambda s, p: _deciding(s, p, Phase.DRAGON_ATTACK)  # noqa: E731
    assert is_private(setup(three, 0)) and is_private(dragons(three, 0))
    assert not is_private(march(three, 0))
    # Every change of player, with any number of players.
    assert hand_off_player(HandOff.EVERY, march(two, 0), march(two, 1)) == 1
    assert hand_off_player(HandOff.EVERY, march(three, 2), march(three, 0)) == 0
    # Secret and setup choices, in games of three or four players only.
    assert hand_off_player(HandOff.SECRET, setup(three, 0), setup(three, 2)) == 2
    assert hand_off_player(HandOff.SECRET, dragons(three, 1), march(three, 0)) == 0
    assert hand_off_player(HandOff.SECRET, march(three, 1), dragons(three, 2)) == 2
    assert hand_off_player(HandOff.SECRET, march(three, 0), march(three, 1)) is None
    assert hand_off_player(HandOff.SECRET, setup(two, 0), setup(two, 1)) is None
    # The Horde roll-off is public: the winner's choice after it comes uncovered.
    rolloff = _deciding(three, 0, Phase.SETUP_ROLLOFF)
    assert not is_private(rolloff)
    assert hand_off_player(HandOff.SECRET, rolloff, setup(three, 1)) is None
    # Never when nothing changes, when the game is over, or with the screen off.
    assert hand_off_player(HandOff.EVERY, march(three, 1), march(three, 1)) is None
    assert hand_off_player(HandOff.EVERY, None, march(three, 1)) is None
    assert hand_off_player(HandOff.EVERY, march(three, 1), replace(three, pending=None)) is None
    assert hand_off_player(HandOff.OFF, setup(three, 0), setup(three, 2)) is None


def test_entering_a_physical_dies_face_needs_no_hand_off():
    """Manual dice (issue 7 §3): a rolled die is public, so passing from one player's face
    entry to another's needs no cover, even at setup; nor does the roll-off's result."""
    three = new_game(table_setups(3), 1)
    face = lambda s, p: replace(_deciding(s, p, Phase.SETUP_ROLLOFF), step=Step.FACE)  # noqa: E731
    assert hand_off_player(HandOff.EVERY, face(three, 0), face(three, 1)) is None
    assert hand_off_player(HandOff.SECRET, face(three, 0), face(three, 2)) is None
    assert hand_off_player(HandOff.SECRET, face(three, 0),
                           _deciding(three, 1, Phase.SETUP_CHOICE)) is None


def test_the_default_is_secret_choices_and_setup():
    assert Preferences().hand_off is HandOff.SECRET


def test_preference_round_trips_through_the_dialog_and_the_settings_file(qtbot, tmp_path):
    dialog = PreferencesDialog(Preferences())
    qtbot.addWidget(dialog)
    assert dialog.preferences().hand_off is HandOff.SECRET
    assert [dialog.hand_off_box.itemText(i) for i in range(dialog.hand_off_box.count())] == [
        "Off", "Secret choices and setup (3-4 players)", "Every change of player"]
    dialog.hand_off_box.setCurrentIndex(dialog.hand_off_box.findData(HandOff.EVERY))
    assert dialog.preferences().hand_off is HandOff.EVERY
    assert PreferencesDialog(Preferences(hand_off=HandOff.OFF)).preferences().hand_off \
        is HandOff.OFF
    path = str(tmp_path / "settings.ini")
    store = SettingsStore(QSettings(path, QSettings.Format.IniFormat))
    store.save_preferences(Preferences(hand_off=HandOff.EVERY))
    again = SettingsStore(QSettings(path, QSettings.Format.IniFormat))
    assert again.preferences().hand_off is HandOff.EVERY
    assert "hand_off=every" in (tmp_path / "settings.ini").read_text()
    again.set_value("preferences/hand_off", "sometimes")
    assert again.preferences().hand_off is HandOff.SECRET  # unreadable: the default


# --- in the window ------------------------------------------------------------------------------

def _start(qtbot, window, setups, seed: int = 7):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(setups, seed)


def _play_until_the_decider_changes(qtbot, window, limit: int = 40) -> int:
    """Send the policy's choices until another player must decide; returns that player."""
    first = window.snapshot.state.pending.player
    for _ in range(limit):
        state = window.snapshot.state
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            window.submit(choose(state).to_text())
        if window.snapshot.state.pending.player != first:
            return window.snapshot.state.pending.player
    raise AssertionError("the deciding player never changed")


def test_the_screen_covers_the_window_and_blocks_clicks_until_dismissed(qtbot, window):
    window.apply_preferences(Preferences(hand_off=HandOff.SECRET))
    _start(qtbot, window, table_setups(3))
    assert not window.hand_off.isVisible()  # a new game starts uncovered
    _play_until_the_decider_changes(qtbot, window)
    # The roll-off is public: its winner's choice comes uncovered, then is hidden from the
    # next player.
    assert window.snapshot.state.phase is Phase.SETUP_CHOICE
    assert not window.hand_off.isVisible()
    player = _play_until_the_decider_changes(qtbot, window)
    state = window.snapshot.state
    assert state.phase is Phase.SETUP_FRONTIER
    name = state.players[player].name
    overlay = window.hand_off
    assert overlay.isVisible() and overlay.player == player
    assert overlay.message() == (f"Pass the computer to {name} — click or press Space "
                                 f"when ready")
    # It is what lies under the board and the Decision panel: a click lands on the cover.
    for widget in (window.board_view, window.decision):
        centre = widget.mapTo(window, widget.rect().center())
        assert window.childAt(centre) is overlay
        assert overlay.geometry().contains(centre)
    assert overlay.geometry().top() >= window.menuBar().geometry().bottom()
    # Neither a click on a decision button nor its keyboard shortcut gets through.
    text, button = next((t, b) for t, b in window.decision.buttons.items()
                        if b.shortcut().toString())
    key = button.shortcut().toString()
    sent = []
    window.client.stateChanged.connect(sent.append)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    QTest.keyClick(overlay, key)
    qtbot.wait(100)
    assert sent == [] and not window.decision.isEnabled() and not window.board_view.isEnabled()
    # Another key keeps the cover; a click on it (or Space) lets the next player in.
    QTest.keyClick(overlay, Qt.Key.Key_A)
    assert overlay.isVisible()
    QTest.mouseClick(overlay, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert not overlay.isVisible() and overlay.player is None
    assert window.decision.isEnabled() and window.board_view.isEnabled()
    # The same key now answers the decision.
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.keyClick(window.board_view, key)
    assert window.snapshot.record.actions[-1].to_text() == text


def test_space_dismisses_and_undo_uncovers(qtbot, window):
    window.apply_preferences(Preferences(hand_off=HandOff.EVERY))
    _start(qtbot, window, table_setups(4))
    _play_until_the_decider_changes(qtbot, window)
    assert window.hand_off.isVisible()
    QTest.keyClick(window.hand_off, Qt.Key.Key_Space)
    assert not window.hand_off.isVisible()
    _play_until_the_decider_changes(qtbot, window)
    assert window.hand_off.isVisible()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    assert not window.hand_off.isVisible() and window.decision.isEnabled()


def test_no_screen_with_the_preference_off(qtbot, window):
    window.apply_preferences(Preferences(hand_off=HandOff.OFF))
    _start(qtbot, window, table_setups(3))
    for _ in range(3):
        _play_until_the_decider_changes(qtbot, window)
        assert not window.hand_off.isVisible()
        assert window.decision.isEnabled()


def test_turning_the_screen_off_lifts_a_cover_that_is_up(qtbot, window):
    window.apply_preferences(Preferences(hand_off=HandOff.EVERY))
    _start(qtbot, window, table_setups(3))
    _play_until_the_decider_changes(qtbot, window)
    assert window.hand_off.isVisible()
    window.apply_preferences(Preferences(hand_off=HandOff.OFF))
    assert not window.hand_off.isVisible() and window.decision.isEnabled()


@pytest.mark.parametrize("setting, shown", [(HandOff.SECRET, False), (HandOff.EVERY, True)])
def test_two_player_games_are_covered_only_when_asked(qtbot, window, setting, shown):
    window.apply_preferences(Preferences(hand_off=setting))
    _start(qtbot, window, demo_setups())
    _play_until_the_decider_changes(qtbot, window)
    assert window.hand_off.isVisible() is shown


def test_a_cover_still_up_names_whoever_must_decide_now(qtbot, window):
    """The computer plays for the covered player (F5): the cover stays, for the next one to
    decide — even when that change alone would not call for a hand-off (here: the setting
    was narrowed to secret choices meanwhile, and the roll-off is public)."""
    window.apply_preferences(Preferences(hand_off=HandOff.EVERY))
    _start(qtbot, window, table_setups(3))
    covered = _play_until_the_decider_changes(qtbot, window)
    assert window.hand_off.player == covered
    window.apply_preferences(Preferences(hand_off=HandOff.SECRET))
    for _ in range(40):
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            window.computer_move()
        now = window.snapshot.state.pending.player
        assert window.hand_off.isVisible() and window.hand_off.player == now
        if now != covered:
            break
    assert now != covered
