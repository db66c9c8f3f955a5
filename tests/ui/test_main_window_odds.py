"""The game window shows the odds of the march being decided (issue 5 §2) and opens Count a
roll from the Game menu (issue 3 §4)."""

from ui_helpers import open_record, record_until

from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Step


def test_odds_dock_follows_the_game(qtbot, window):
    record = record_until(lambda s: s.step is Step.MANEUVER)
    open_record(qtbot, window, record)
    assert window.odds_dock.windowTitle() == "Odds"
    assert window.odds.roll is RollType.MANEUVER
    assert window.odds.zone == window.snapshot.state.march.zone
    # Worked out in the odds thread: drawn when it answers, the window meanwhile free.
    qtbot.waitUntil(lambda: not window.odds.panel.working, timeout=20_000)
    assert window.odds.panel.series  # a distribution is drawn


def test_count_roll_opens_from_the_game_menu(qtbot, window):
    window.count_roll_action.trigger()
    dialog = window.count_roll
    assert dialog.isVisible() and not dialog.isModal()
    dialog.close()
