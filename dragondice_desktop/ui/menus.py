"""The main window's menus and their shortcuts (the cheat sheet, F1, lists them all).

Standard keys come from QKeySequence.StandardKey so they follow each platform (Ctrl+N,
Ctrl+O, Ctrl+S, Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, Ctrl+Q ...). Single letters and digits
belong to the Decision panel; menu entries use F-keys or Ctrl combinations.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from .help_texts import ABOUT, rules_coverage_html

Std = QKeySequence.StandardKey


def build(window) -> None:
    """Add the Game, Dice and Help menus to `window` (a MainWindow) and keep the actions
    the window enables and disables as its attributes."""
    w = window
    game = w.menuBar().addMenu("&Game")
    w.new_action = _action(w, game, "&New…", w.new_game_dialog, Std.New)
    w.open_action = _action(w, game, "&Open…", w.open_file_dialog, Std.Open)
    w.save_action = _action(w, game, "&Save", w.save, Std.Save)
    w.save_as_action = _action(w, game, "Save &As…", w.save_as, Std.SaveAs)
    game.addSeparator()
    w.undo_action = _action(w, game, "&Undo", w.undo, Std.Undo)
    w.redo_action = _action(w, game, "&Redo", w.redo, Std.Redo)
    w.auto_action = _action(w, game, "&Let the computer choose", w.computer_move,
                            QKeySequence("F5"))
    w.hint_action = _action(w, game, "&Hint (Normal)", lambda: w.hint("normal"),
                            QKeySequence("Ctrl+H"))
    w.hard_hint_action = _action(w, game, "Hint (&Hard)", lambda: w.hint("hard"),
                                 QKeySequence("Ctrl+Shift+H"))
    game.addSeparator()
    w.count_roll_action = _action(w, game, "&Count a roll…", w.show_count_roll,
                                  QKeySequence("Ctrl+K"))
    w.replay_action = _action(w, game, "Re&play this game", w.replay_current,
                              QKeySequence("Ctrl+R"))
    w.replay_file_action = _action(w, game, "Replay a saved &game…", w.replay_file_dialog,
                                   QKeySequence("Ctrl+Shift+R"))
    game.addSeparator()
    w.preferences_action = _action(w, game, "Pre&ferences…", w.show_preferences,
                                   QKeySequence("Ctrl+,"))
    game.addSeparator()
    w.quit_action = _action(w, game, "&Quit", w.close, Std.Quit)

    dice = w.menuBar().addMenu("&Dice")
    _action(w, dice, "My &collection…", w.store.show_collection, QKeySequence("Ctrl+L"))
    _action(w, dice, "&Force builder…", w.store.show_builder, QKeySequence("Ctrl+B"))
    w.inspector_action = _action(w, dice, "Die &inspector…", w.show_inspector,
                                 QKeySequence("Ctrl+I"))

    help_menu = w.menuBar().addMenu("&Help")
    w.cheat_sheet_action = _action(w, help_menu, "&Keyboard shortcuts", w.show_cheat_sheet,
                                   QKeySequence("F1"))
    w.glossary_action = _action(w, help_menu, "SAI and spell &glossary", w.show_glossary,
                                QKeySequence("F2"))
    w.rulings_action = _action(w, help_menu, "Rulings and &limits", w.show_rulings,
                               QKeySequence("Shift+F1"))
    _action(w, help_menu, "&Rules coverage",
            lambda: w.text_box("Rules coverage", rules_coverage_html()))
    _action(w, help_menu, "&About", lambda: w.text_box("About", ABOUT))
    for action in (w.save_action, w.save_as_action, w.undo_action, w.redo_action,
                   w.auto_action, w.hint_action, w.hard_hint_action, w.replay_action):
        action.setEnabled(False)


# Keys used where a platform has no binding for a standard key (Windows has none for Quit).
_FALLBACK = {Std.Quit: "Ctrl+Q", Std.Redo: "Ctrl+Y", Std.SaveAs: "Ctrl+Shift+S"}


def _action(window, menu, text: str, slot, shortcut=None) -> QAction:
    action = QAction(text, window)
    if isinstance(shortcut, QKeySequence.StandardKey):
        # Every platform binding (Redo: Ctrl+Shift+Z and Ctrl+Y on Linux).
        bindings = QKeySequence.keyBindings(shortcut)
        if not bindings and shortcut in _FALLBACK:
            bindings = [QKeySequence(_FALLBACK[shortcut])]
        action.setShortcuts(bindings)
    elif shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(lambda _=False: slot())
    menu.addAction(action)
    return action
