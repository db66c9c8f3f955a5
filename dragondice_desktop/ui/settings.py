"""The player's preferences and the window layout, kept in QSettings.

`SettingsStore` wraps a QSettings (organisation "dragondice-desktop"), or a plain dict when
none is given: windows built by tests and screenshots get the defaults and write nothing.
`user_settings()` is the real file; it uses the INI format in every OS so tests can redirect
it with `QSettings.setPath` (tests/ui/conftest.py does) and a player can read it.

`Preferences` is the value the Preferences dialog edits (its `house_rules` are the ones a
new game starts with in the New Game dialog); `apply_theme` applies its theme choice to the
whole application.
"""

from __future__ import annotations

import enum
import json
import math
from dataclasses import dataclass, fields, replace

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ..engine.core.house_rules import HOUSE_RULES

ORGANIZATION = "dragondice-desktop"
APPLICATION = "dragondice-desktop"


class AnimationSpeed(enum.Enum):
    """How long dice flick before they settle (value: milliseconds; OFF shows results at
    once)."""

    OFF = 0
    FAST = 200
    NORMAL = 400
    SLOW = 800

    @property
    def label(self) -> str:
        """The name shown in the dialog."""
        return {"OFF": "Off (show results at once)", "FAST": "Fast", "NORMAL": "Normal",
                "SLOW": "Slow"}[self.name]


class Theme(enum.Enum):
    """Light or dark window colours, or whatever the system uses."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"

    @property
    def label(self) -> str:
        """The name shown in the dialog."""
        return {"system": "Follow the system", "light": "Light", "dark": "Dark"}[self.value]


class HandOff(enum.Enum):
    """When the hand-off screen covers the window between hotseat players ("Pass the
    computer to Cat"): never; when the player who must decide changes around a secret choice
    or a setup choice (setup and the Dragon Attack phase, whose target picks are secret,
    digest §5.4) in a game of three or four players; or at every change of player, whatever
    the number of players."""

    OFF = "off"
    SECRET = "secret"
    EVERY = "every"

    @property
    def label(self) -> str:
        """The name shown in the dialog."""
        return {"off": "Off",
                "secret": "Secret choices and setup (3-4 players)",
                "every": "Every change of player"}[self.value]


class ComputerPace(enum.Enum):
    """How long a computer seat's move stays in view before it plays the next (value:
    milliseconds; INSTANT plays on at once)."""

    INSTANT = 0
    QUICK = 400
    READABLE = 1200
    SLOW = 2500

    @property
    def label(self) -> str:
        """The name shown in the dialog."""
        return {"INSTANT": "Instant", "QUICK": "Quick", "READABLE": "Readable (about a second)",
                "SLOW": "Slow"}[self.name]


DICE_SCALES = (0.75, 0.9, 1.0, 1.15, 1.3, 1.5)
_DEFAULT_DICE_SCALE = 1.0


@dataclass(frozen=True)
class Preferences:
    """Everything the Preferences dialog sets.

    animation: how long rolled dice flick. theme: window colours. dice_scale: size of the
    dice on the board (1.0 = normal; zones still shrink dice that would not fit).
    confirm_end_turn: ask before ending a turn. house_rules: the ids of the house rules on
    by default in new games (engine/core/house_rules.py), sorted. hand_off: when the
    hand-off screen covers the window between hotseat players (by default only around
    secret and setup choices, and only with three or four players, where the computer goes
    round a table; two players who want it choose every change of player).
    computer_pace: how long each move of a computer seat stays in view.
    """

    animation: AnimationSpeed = AnimationSpeed.NORMAL
    theme: Theme = Theme.SYSTEM
    dice_scale: float = _DEFAULT_DICE_SCALE
    confirm_end_turn: bool = False
    house_rules: tuple[str, ...] = ()
    hand_off: HandOff = HandOff.SECRET
    computer_pace: ComputerPace = ComputerPace.READABLE

    def normalised(self) -> "Preferences":
        """The same preferences with the dice scale clamped to the offered range (the
        default size when it is not a finite number: float() reads "nan" and "inf")."""
        scale = float(self.dice_scale)
        if not math.isfinite(scale):
            scale = _DEFAULT_DICE_SCALE
        scale = min(max(scale, DICE_SCALES[0]), DICE_SCALES[-1])
        return replace(self, dice_scale=scale)


_DEFAULTS = Preferences()
# Earlier versions stored one unused "enforce house rules" choice here; it is ignored.
_OLD_HOUSE_RULES_KEY = "preferences/enforce_house_rules"
_NEW_GAME_KEY = "new_game/last_choices"


class SettingsStore:
    """Preferences and window layout in a QSettings, or in memory when `settings` is None.

    Unknown or damaged values fall back to the defaults (a hand-edited INI file must not
    stop the app from starting).
    """

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings
        self._memory: dict[str, object] = {}

    # --- raw values -----------------------------------------------------------------------

    def value(self, key: str, default=None):
        """The stored value of `key`, or `default`."""
        if self.settings is None:
            return self._memory.get(key, default)
        return self.settings.value(key, default)

    def set_value(self, key: str, value) -> None:
        """Store `value` under `key` (written to disk at once for a QSettings)."""
        if self.settings is None:
            self._memory[key] = value
            return
        self.settings.setValue(key, value)
        self.settings.sync()

    def remove(self, key: str) -> None:
        """Forget `key` (nothing happens when it is not stored)."""
        if self.settings is None:
            self._memory.pop(key, None)
            return
        self.settings.remove(key)
        self.settings.sync()

    # --- preferences ----------------------------------------------------------------------

    def preferences(self) -> Preferences:
        """The stored preferences (defaults for anything missing or unreadable)."""
        values = {}
        for f in fields(Preferences):
            raw = self.value(f"preferences/{f.name}")
            default = getattr(_DEFAULTS, f.name)
            values[f.name] = _parse(raw, default)
        return Preferences(**values).normalised()

    def save_preferences(self, prefs: Preferences) -> None:
        """Store every preference (house rules as one comma-separated text). The key of the
        single "enforce house rules" choice of earlier versions, never used, is dropped."""
        for f in fields(Preferences):
            value = getattr(prefs, f.name)
            if isinstance(value, enum.Enum):
                value = value.name.lower()
            elif isinstance(value, tuple):
                value = ",".join(value)
            self.set_value(f"preferences/{f.name}", value)
        self.remove(_OLD_HOUSE_RULES_KEY)

    # --- the New Game dialog's last choices ----------------------------------------------

    def last_new_game(self) -> dict | None:
        """The New Game dialog's choices of the last game started (`NewGameDialog.choices`),
        or None when there are none or they cannot be read."""
        raw = self.value(_NEW_GAME_KEY)
        if not isinstance(raw, str):
            return None
        try:
            data = json.loads(raw)
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    def save_last_new_game(self, choices: dict) -> None:
        """Keep the New Game dialog's `choices` (a JSON text) for the next new game."""
        self.set_value(_NEW_GAME_KEY, json.dumps(choices, ensure_ascii=False))

    # --- window layout --------------------------------------------------------------------

    def save_layout(self, geometry: QByteArray, state: QByteArray) -> None:
        """Store the main window's geometry and dock layout (saveGeometry / saveState)."""
        self.set_value("window/geometry", geometry)
        self.set_value("window/state", state)

    def layout(self) -> tuple[QByteArray | None, QByteArray | None]:
        """The stored (geometry, state), each None when missing."""
        return (_bytes(self.value("window/geometry")), _bytes(self.value("window/state")))


def _parse(raw, default):
    """`raw` (from QSettings: often a string) read as the type of `default`."""
    if raw is None:
        return default
    try:
        if isinstance(default, bool):
            if isinstance(raw, str):
                return raw.strip().lower() in ("true", "1", "yes")
            return bool(raw)
        if isinstance(default, float):
            return float(raw)
        if isinstance(default, enum.Enum):
            return type(default)[str(raw).upper()]
        if isinstance(default, tuple):
            return _house_rules(raw)
    except (KeyError, TypeError, ValueError):
        return default
    return raw


def _house_rules(raw) -> tuple[str, ...]:
    """House rule ids from QSettings: one comma-separated text (an INI file may also give a
    list). Ids this app does not know (a newer version's, a typing slip) are left out."""
    words = raw.split(",") if isinstance(raw, str) else [str(word) for word in raw]
    return tuple(sorted({w.strip() for w in words} & set(HOUSE_RULES)))


def _bytes(raw) -> QByteArray | None:
    if isinstance(raw, QByteArray) and not raw.isEmpty():
        return raw
    if isinstance(raw, (bytes, bytearray)) and raw:
        return QByteArray(bytes(raw))
    return None


def user_settings() -> QSettings:
    """The player's settings file (INI format, user scope, organisation
    "dragondice-desktop")."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION,
                     APPLICATION)


# --- theme --------------------------------------------------------------------------------

_SCHEMES = {Theme.LIGHT: Qt.ColorScheme.Light, Theme.DARK: Qt.ColorScheme.Dark}


def apply_theme(theme: Theme, app: QGuiApplication | None = None) -> None:
    """Switch the application's colours: Light, Dark, or follow the system.

    Qt 6.8+ can ask the platform for a colour scheme (`QStyleHints.setColorScheme`), which
    also darkens native title bars; some platforms ignore it (offscreen, many Linux
    desktops), so Light and Dark also set a matching palette. System unsets both: an empty
    palette makes Qt use the platform's own again, and keep following it when the system
    switches between light and dark.
    """
    app = app or QGuiApplication.instance()
    if app is None:
        return
    hints = app.styleHints()
    if theme is Theme.SYSTEM:
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
        app.setPalette(QPalette())
        return
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(_SCHEMES[theme])
    app.setPalette(dark_palette() if theme is Theme.DARK else light_palette())


def _palette(colours: dict) -> QPalette:
    """A QPalette with each role of `colours` (role -> "#rrggbb") set."""
    p = QPalette()
    for role, colour in colours.items():
        p.setColor(role, QColor(colour))
    return p


def light_palette() -> QPalette:
    """A plain light palette (Fusion's colours)."""
    return _palette({
        QPalette.ColorRole.Window: "#efefef", QPalette.ColorRole.WindowText: "#000000",
        QPalette.ColorRole.Base: "#ffffff", QPalette.ColorRole.AlternateBase: "#f7f7f7",
        QPalette.ColorRole.Text: "#000000", QPalette.ColorRole.Button: "#efefef",
        QPalette.ColorRole.ButtonText: "#000000", QPalette.ColorRole.Highlight: "#308cc6",
        QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#ffffdc",
        QPalette.ColorRole.ToolTipText: "#000000", QPalette.ColorRole.PlaceholderText: "#6d6d6d",
        QPalette.ColorRole.Link: "#0000ff", QPalette.ColorRole.BrightText: "#ffffff",
    })


def dark_palette() -> QPalette:
    """A dark palette readable with the app's player colours."""
    p = _palette({
        QPalette.ColorRole.Window: "#2b2b2e", QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1e1e20", QPalette.ColorRole.AlternateBase: "#2a2a2d",
        QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#3a3a3e",
        QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.Highlight: "#3d7fc4",
        QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#3a3a3e",
        QPalette.ColorRole.ToolTipText: "#e6e6e6", QPalette.ColorRole.PlaceholderText: "#9a9a9a",
        QPalette.ColorRole.Link: "#8ab4f8", QPalette.ColorRole.BrightText: "#ffffff",
        QPalette.ColorRole.Light: "#4a4a4e", QPalette.ColorRole.Midlight: "#3f3f43",
        QPalette.ColorRole.Mid: "#303033", QPalette.ColorRole.Dark: "#1a1a1c",
        QPalette.ColorRole.Shadow: "#000000",
    })
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return p
