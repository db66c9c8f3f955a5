"""The keyboard cheat sheet (Help ▸ Keyboard shortcuts, F1).

Generated, not written: the decision rows come from the decision panel's own key tables
(one row per engine `Verb`, so a verb the engine adds shows up here with the number keys the
panel gives it), and the menu rows from the window's actions and their shortcuts.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMainWindow, QTextBrowser, QVBoxLayout

from ..engine.core.actions import Verb
from .decision_panel import (
    ACTION_KEYS, KEYS, MOVE_KEY, MOVES, PICKER_KEYS, TURN_KEYS, VALUE_KEYS, is_numbered,
)
from .face_picker import APP_ROLL_KEY, FACE_KEYS
from .spell_picker import UNCAST_KEY

NUMBER_KEYS = frozenset(str(n) for n in range(1, 10))
MOVE_KEYS = frozenset(MOVE_KEY.format(n) for n in range(1, 10))
UNCAST_KEYS = frozenset(UNCAST_KEY.format(n) for n in range(1, 10))

# What each verb's buttons do, in the words of the game. Verbs missing here (added to the
# engine later) are listed as "other choices".
_WHAT = {
    Verb.ROLLOFF: "Roll off the Horde armies (setup)",
    Verb.GO_FIRST: "Take the first turn (roll-off winner)",
    Verb.PICK_FRONTIER: "Choose the Frontier instead (roll-off winner)",
    Verb.FRONTIER: "Name the Frontier terrain (one key per proposal)",
    Verb.MARCH: "March an army (one key per army)",
    Verb.SKIP_MARCH: "Skip the march",
    Verb.MANEUVER: "Maneuver",
    Verb.NO_MANEUVER: "No maneuver",
    Verb.COUNTER: "Counter-maneuver",
    Verb.NO_COUNTER: "Let the maneuver pass",
    Verb.TURN: "Turn the terrain up / down",
    Verb.ACTION: "Take the melee / missile / magic action",
    Verb.NO_ACTION: "No action",
    Verb.TARGET: "Target an army with a missile attack (one key per army)",
    Verb.KILL: "Send a unit to the DUA (one key per kind of unit)",
    Verb.COUNTER_ATTACK: "Counter-attack",
    Verb.NO_COUNTER_ATTACK: "No counter-attack",
    Verb.REINFORCE: "Reinforce: choose the unit, then its terrain",
    Verb.END_REINFORCE: "End the reinforce step",
    Verb.RETREAT: "Retreat: choose the unit, then the Reserve Area",
    Verb.CARRY: "Carry an item with a unit that moved",
    Verb.END_TURN: "End the turn",
    Verb.PICK: "Pick a unit for an SAI (or click it on the board)",
    Verb.DONE: "Stop picking units; resolve the spells announced",
    Verb.CHOOSE: "Choose an SAI option (one key per option)",
    Verb.CAST: "Announce the spell chosen in the list on a target (one key per target; or "
               "click the target on the board)",
    Verb.UNCAST: "Take back a spell announced (one key per spell, in order)",
    Verb.FACE: "Manual dice: the face the die shows (its first nine faces), or let the app "
               "roll it",
}


@dataclass(frozen=True)
class ShortcutRow:
    """One line of the cheat sheet: the keys as shown, what they do, and for decision rows
    the verb and the exact key sequences its buttons may carry."""

    keys: str
    what: str
    verb: Verb | None = None
    possible: frozenset[str] = frozenset()


def keys_for_verb(verb: Verb) -> frozenset[str]:
    """Every key sequence (QKeySequence.toString form) a decision button of `verb` can
    carry."""
    if verb in KEYS:
        return frozenset({KEYS[verb]})
    if verb.value in VALUE_KEYS:
        return frozenset({VALUE_KEYS[verb.value]})
    if verb is Verb.ACTION:
        return frozenset(ACTION_KEYS.values())
    if verb is Verb.TURN:
        return frozenset(TURN_KEYS.values())
    if verb in MOVES:
        return MOVE_KEYS
    if verb is Verb.FACE:
        return frozenset(FACE_KEYS) | {APP_ROLL_KEY}
    if verb is Verb.UNCAST:
        return UNCAST_KEYS
    if is_numbered(verb):
        return NUMBER_KEYS
    return frozenset()


def _shown(verb: Verb) -> str:
    if verb is Verb.ACTION:
        return " / ".join(ACTION_KEYS[k] for k in ("melee", "missile", "magic"))
    if verb is Verb.TURN:
        return " / ".join(TURN_KEYS[k] for k in ("up", "down"))
    if verb in MOVES:
        return f"{PICKER_KEYS[0]} {PICKER_KEYS[1]} then Ctrl+1…9"
    if verb is Verb.FACE:
        return f"1…9 / {APP_ROLL_KEY}"
    if verb is Verb.UNCAST:
        return UNCAST_KEY.format("1…9")
    if verb in KEYS or verb.value in VALUE_KEYS:
        return next(iter(keys_for_verb(verb)))
    return "1…9"


def decision_rows() -> list[ShortcutRow]:
    """One row per engine Verb: the keys its buttons in the Decision panel take."""
    rows = []
    for verb in Verb:
        what = _WHAT.get(verb, f"Other choices ({verb.value})")
        rows.append(ShortcutRow(_shown(verb), what, verb, keys_for_verb(verb)))
    return rows


def menu_rows(window: QMainWindow) -> list[ShortcutRow]:
    """One row per menu entry of `window` that has a shortcut, in menu order."""
    rows = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if menu is None:
            continue
        title = menu_action.text().replace("&", "")
        for action in menu.actions():
            keys = _readable([k.toString(QKeySequence.SequenceFormat.NativeText)
                              for k in action.shortcuts() if not k.isEmpty()])
            if keys and isinstance(action, QAction):
                text = action.text().replace("&", "").rstrip("…").rstrip(".")
                rows.append(ShortcutRow(" or ".join(keys), f"{title} ▸ {text}"))
    return rows


def _readable(keys: list[str]) -> list[str]:
    """The bindings worth showing: keyboard combinations with Ctrl and function keys, at
    most two (a platform's standard keys also bind media keys such as "Undo" and legacy
    ones such as Alt+Backspace, which still work but would clutter the sheet)."""
    shown = [k for k in keys if "Ctrl+" in k or k.removeprefix("Shift+").startswith("F")]
    return (shown or keys)[:2]


BOARD_ROWS = [
    ShortcutRow("drag", "Move a die: drop it on a highlighted zone"),
    ShortcutRow("right-click", "A die's moves, its faces, and Inspect this die"),
    ShortcutRow("double-click", "Inspect a die: all its faces and what they do"),
    ShortcutRow("click", "Pick a highlighted unit for an SAI; skip a roll's animation"),
    ShortcutRow("Space / Enter / click", "Hand-off screen: the next player is ready"),
]


REPLAY_ROWS = [
    ShortcutRow("Home / End", "Replay: the start / the last action"),
    ShortcutRow("Left / Right", "Replay: the previous / next action"),
]


def cheat_sheet_html(window: QMainWindow) -> str:
    """The cheat sheet as HTML tables: the menus, the Decision panel, the board, the
    replay window."""
    def table(rows: list[ShortcutRow]) -> str:
        cells = "".join(
            f"<tr><td style='padding:2px 14px 2px 0'><b>{html.escape(r.keys)}</b></td>"
            f"<td>{html.escape(r.what)}</td></tr>" for r in rows)
        return f"<table>{cells}</table>"

    return ("<h3>Menus</h3>" + table(menu_rows(window))
            + "<h3>Decision panel</h3><p>Each button shows its key in brackets. "
              "Keys are pressed without Ctrl unless shown.</p>" + table(decision_rows())
            + "<h3>Board</h3>" + table(BOARD_ROWS)
            + "<h3>Replay window</h3>" + table(REPLAY_ROWS))


def cheat_sheet_dialog(window: QMainWindow) -> QDialog:
    """A non-modal dialog with the cheat sheet; `dialog.browser` holds the text."""
    dialog = QDialog(window)
    dialog.setWindowTitle("Keyboard shortcuts")
    dialog.setObjectName("cheatSheet")
    dialog.resize(620, 760)
    layout = QVBoxLayout(dialog)
    dialog.browser = QTextBrowser(dialog)
    dialog.browser.setHtml(cheat_sheet_html(window))
    layout.addWidget(dialog.browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    return dialog
