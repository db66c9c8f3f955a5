"""Preferences and the window layout: stored in QSettings (a temporary INI file here, never
the player's), round-tripped through the dialog, applied to the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.core.house_rules import (
    HOUSE_RULES, NO_SPELLS_ON_RESERVES, PROMOTION_ONE_STEP, WHITE_DRAGON_TEN_SAVES,
)
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.main_window import MainWindow
from dragondice_desktop.ui.preferences_dialog import HOUSE_RULES_NOTE, PreferencesDialog
from dragondice_desktop.ui.settings import (
    ORGANIZATION, AnimationSpeed, Preferences, SettingsStore, Theme, apply_theme, user_settings,
)

CHANGED = Preferences(animation=AnimationSpeed.SLOW, theme=Theme.DARK, dice_scale=1.3,
                      confirm_end_turn=True,
                      house_rules=tuple(sorted((WHITE_DRAGON_TEN_SAVES, PROMOTION_ONE_STEP))))


@pytest.fixture
def ini(tmp_path):
    """A settings store on an INI file in a temporary folder."""
    return SettingsStore(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture(autouse=True)
def system_theme():
    """Every test ends with the system colours again (the palette is application-wide)."""
    yield
    apply_theme(Theme.SYSTEM)


def test_preferences_round_trip_through_a_settings_file(ini, tmp_path):
    assert ini.preferences() == Preferences()  # defaults when nothing is stored
    ini.save_preferences(CHANGED)
    again = SettingsStore(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    assert again.preferences() == CHANGED
    text = (tmp_path / "settings.ini").read_text()
    assert "animation=slow" in text and "theme=dark" in text


def test_damaged_settings_fall_back_to_defaults(ini):
    for key, value in (("animation", "warp"), ("theme", 7), ("dice_scale", "huge"),
                       ("confirm_end_turn", "maybe")):
        ini.set_value(f"preferences/{key}", value)
    ini.set_value("preferences/dice_scale", "9")
    prefs = ini.preferences()
    assert prefs.animation is AnimationSpeed.NORMAL and prefs.theme is Theme.SYSTEM
    assert prefs.dice_scale == 1.5  # clamped to the largest size offered
    assert prefs.confirm_end_turn is False


@pytest.mark.parametrize("scale", ["nan", "-nan", "NaN", "inf"])
def test_a_dice_scale_that_is_not_a_number_falls_back_to_the_default(ini, scale):
    """float() reads "nan" and "inf": a hand-edited dice scale of "nan" passed the clamp
    (every comparison with NaN is false) and the board's `round(size * nan)` raised at every
    start. Anything but a finite number is the default size."""
    ini.set_value("preferences/dice_scale", scale)
    assert ini.preferences().dice_scale == 1.0


def test_junk_house_rules_in_a_hand_edited_ini_file_are_dropped(tmp_path):
    """The house rules are one comma-separated text; an INI file edited by hand may hold a
    list (commas unquoted), Qt types (@Point, @ByteArray, @Variant) or nonsense: unknown
    ids are dropped and anything unreadable is no house rule, never an error."""
    from dragondice_desktop.engine.core.house_rules import OWN_ARMIES_ONLY

    path = tmp_path / "hand.ini"
    for line, expected in (
            (f"house_rules={WHITE_DRAGON_TEN_SAVES}, {PROMOTION_ONE_STEP}, nonsense",
             tuple(sorted((WHITE_DRAGON_TEN_SAVES, PROMOTION_ONE_STEP)))),
            (f'house_rules="{OWN_ARMIES_ONLY},{OWN_ARMIES_ONLY}"', (OWN_ARMIES_ONLY,)),
            ("house_rules=@Point(1 2)", ()), ("house_rules=@Rect(1 2 3 4)", ()),
            (f"house_rules=@ByteArray({WHITE_DRAGON_TEN_SAVES})", ()),
            ("house_rules=@Variant(garbage)", ()), ("house_rules=@Invalid()", ()),
            ("house_rules=" + "," * 5000, ()),
            ("house_rules=" + f"{PROMOTION_ONE_STEP}," * 5000, (PROMOTION_ONE_STEP,))):
        path.write_text(f"[preferences]\n{line}\ndice_scale=nan\n", encoding="utf-8")
        prefs = SettingsStore(QSettings(str(path), QSettings.Format.IniFormat)).preferences()
        assert prefs.house_rules == expected, line
        assert prefs.dice_scale == 1.0


def test_user_settings_use_the_organisation_and_a_redirected_folder(tmp_path):
    settings = user_settings()
    assert settings.organizationName() == ORGANIZATION
    assert settings.format() is QSettings.Format.IniFormat
    # tests/ui/conftest.py points user-scope INI files at a temporary folder.
    assert "dragondice-test-settings-" in settings.fileName()


def test_dialog_shows_and_returns_the_choices(qtbot):
    dialog = PreferencesDialog(Preferences())
    qtbot.addWidget(dialog)
    assert dialog.preferences() == Preferences()
    dialog.animation_box.setCurrentIndex(list(AnimationSpeed).index(AnimationSpeed.SLOW))
    dialog.theme_box.setCurrentIndex(list(Theme).index(Theme.DARK))
    dialog.scale_box.setCurrentIndex(dialog.scale_box.findData(1.3))
    dialog.confirm_box.setChecked(True)
    dialog.house_rules_box.checks[WHITE_DRAGON_TEN_SAVES].setChecked(True)
    dialog.house_rules_box.checks[PROMOTION_ONE_STEP].setChecked(True)
    assert dialog.preferences() == CHANGED
    assert PreferencesDialog(CHANGED).preferences() == CHANGED
    assert "New Game" in HOUSE_RULES_NOTE


def test_dialog_offers_every_house_rule_with_both_readings(qtbot):
    """Issue 7 §4: a checkbox per house rule (issue 6 §7), titled, its tooltip giving the
    default and the alternative."""
    dialog = PreferencesDialog(Preferences())
    qtbot.addWidget(dialog)
    checks = dialog.house_rules_box.checks
    assert list(checks) == list(HOUSE_RULES)
    for rule_id, box in checks.items():
        rule = HOUSE_RULES[rule_id]
        assert box.text() == rule.title and not box.isChecked()
        assert rule.default in box.toolTip() and rule.alternative in box.toolTip()


def test_default_house_rules_round_trip_and_the_old_key_is_harmless(ini, tmp_path):
    """The house rules on by default for new games are stored as one text; ids this app
    does not know are dropped; the single unused "enforce house rules" choice of earlier
    versions is ignored, and dropped at the next save."""
    ini.set_value("preferences/enforce_house_rules", "true")
    assert ini.preferences() == Preferences() and ini.preferences().house_rules == ()
    ini.save_preferences(Preferences(house_rules=(NO_SPELLS_ON_RESERVES,)))
    text = (tmp_path / "settings.ini").read_text()
    assert "enforce_house_rules" not in text and NO_SPELLS_ON_RESERVES in text
    assert ini.preferences().house_rules == (NO_SPELLS_ON_RESERVES,)
    ini.set_value("preferences/house_rules", f"{WHITE_DRAGON_TEN_SAVES}, from-the-future")
    assert ini.preferences().house_rules == (WHITE_DRAGON_TEN_SAVES,)
    ini.set_value("preferences/house_rules", [PROMOTION_ONE_STEP, WHITE_DRAGON_TEN_SAVES])
    assert ini.preferences().house_rules == tuple(sorted((PROMOTION_ONE_STEP,
                                                      WHITE_DRAGON_TEN_SAVES)))
    ini.save_preferences(Preferences())
    again = SettingsStore(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    assert again.preferences().house_rules == ()
    memory = SettingsStore()  # windows of tests and screenshots: in memory
    memory.save_preferences(CHANGED)
    assert memory.preferences().house_rules == CHANGED.house_rules


def test_window_applies_and_stores_preferences(qtbot, ini):
    win = MainWindow(instant=False, settings=ini)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.client.stateChanged, timeout=WAIT_MS):
        win.start_game(demo_setups(), 7)
    assert win.rolls.animator.duration_ms == AnimationSpeed.NORMAL.value
    win.show_preferences()
    dialog = win.preferences_dialog
    dialog.animation_box.setCurrentIndex(list(AnimationSpeed).index(AnimationSpeed.OFF))
    dialog.theme_box.setCurrentIndex(list(Theme).index(Theme.DARK))
    dialog.scale_box.setCurrentIndex(dialog.scale_box.findData(1.5))
    dialog.accept()
    assert ini.preferences().theme is Theme.DARK
    assert win.rolls.animator.instant and win.board.dice_scale == 1.5
    window_colour = QApplication.instance().palette().color(QPalette.ColorRole.Window)
    assert window_colour.lightness() < 128
    # Bigger dice on the board: the Reserve holds no dice yet, the Summoning Pool does.
    pool = [item for item in win.board.die_items.values() if item.isVisible()]
    assert max(item.size for item in pool) > 44
    win.set_preferences(Preferences(theme=Theme.LIGHT))
    assert QApplication.instance().palette().color(QPalette.ColorRole.Window).lightness() > 128
    win.close()
    win.client.shutdown()


def test_instant_windows_never_animate(qtbot, ini):
    ini.save_preferences(Preferences(animation=AnimationSpeed.SLOW))
    win = MainWindow(instant=True, settings=ini)
    qtbot.addWidget(win)
    assert win.rolls.animator.instant
    win.close()


def test_window_layout_is_restored(qtbot, ini):
    first = MainWindow(instant=True, settings=ini)
    qtbot.addWidget(first)
    # Inside the offscreen screen (800 x 800: restoring clamps to it) and above the window's
    # minimum width (the side panels keep DOCK_MIN_WIDTH).
    first.resize(795, 520)
    first.show()
    first.log_dock.setFloating(True)
    first.close()
    first.client.shutdown()
    second = MainWindow(instant=True, settings=ini)
    qtbot.addWidget(second)
    assert second.restore_layout()
    second.show()
    assert (second.width(), second.height()) == (795, 520)
    assert second.log_dock.isFloating()
    second.close()
    third = MainWindow(instant=True)  # preferences in memory: nothing saved, nothing restored
    qtbot.addWidget(third)
    assert not third.restore_layout()
    third.close()


def test_ending_a_turn_asks_first_when_chosen(qtbot, window):
    window.set_preferences(Preferences(confirm_end_turn=True))
    sent = []
    window.client.submit = sent.append
    window.submit(Verb.END_TURN.value)
    assert sent == [] and window.confirm_box.isVisible()
    window.confirm_box.button(window.confirm_box.StandardButton.No).click()
    assert sent == []
    window.submit(Verb.END_TURN.value)
    window.confirm_box.button(window.confirm_box.StandardButton.Yes).click()
    assert sent == ["end-turn"]
    window.submit("skip-march")  # only the end of a turn asks
    assert sent == ["end-turn", "skip-march"]
