"""The New Game dialog's game options (issue 7 §3 manual dice; issue 6 §7 house rules): the
house rules ticked at first are the Preferences' defaults, and the game started carries the
options chosen — a manual-dice game asks for the first face of the Horde roll-off."""

from __future__ import annotations

from dragondice_desktop.engine.core.house_rules import HOUSE_RULES
from dragondice_desktop.engine.core.options import RULES, GameOptions
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.ui.new_game_dialog import NewGameDialog
from dragondice_desktop.ui.settings import Preferences

WAIT_MS = 10_000
SOME_RULE = sorted(HOUSE_RULES)[0]


def test_the_dialog_starts_from_app_rolled_dice_and_the_given_house_rules(qtbot):
    dialog = NewGameDialog(house_rules=(SOME_RULE,))
    qtbot.addWidget(dialog)
    assert dialog.options() == GameOptions(RULES, False, (SOME_RULE,), assemble_armies=True)
    dialog.manual_box.setChecked(True)
    dialog.house_rules_box.set_chosen(())
    assert dialog.options() == GameOptions(RULES, True, (), assemble_armies=True)


def test_a_game_started_from_the_dialog_carries_its_options(qtbot, window, monkeypatch):
    window.apply_preferences(Preferences(house_rules=(SOME_RULE,)))
    seen = {}

    def choose(dialog):
        seen["ticked"] = dialog.house_rules_box.chosen()
        dialog.manual_box.setChecked(True)
        dialog.assemble_box.setChecked(False)  # straight to the roll-off
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", choose)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.new_game_dialog()
    assert seen["ticked"] == (SOME_RULE,)
    state = window.snapshot.state
    assert state.options == GameOptions(RULES, True, (SOME_RULE,))
    assert window.snapshot.record.options == state.options
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.submit("rolloff")
    state = window.snapshot.state
    assert state.step is Step.FACE and "Enter the face" in state.pending.prompt


def test_junk_default_house_rules_never_reach_the_game(qtbot):
    """The defaults come from a settings file a player may edit: unknown ids, an id twice
    or a non-text entry tick nothing more, and every box ticked gives all five, sorted."""
    dialog = NewGameDialog(house_rules=("no-such-rule", SOME_RULE, SOME_RULE, "", 5))
    qtbot.addWidget(dialog)
    assert dialog.options() == GameOptions(RULES, False, (SOME_RULE,), assemble_armies=True)
    dialog.house_rules_box.set_chosen(reversed(HOUSE_RULES))
    # a v4.01 game takes the house rules of every game, not the 1996 game's (issue 18)
    assert dialog.options().house_rules == tuple(sorted(
        r for r, rule in HOUSE_RULES.items() if not rule.ruleset))
    dialog.seed_edit.setText("")
    assert dialog.seed() == 0
