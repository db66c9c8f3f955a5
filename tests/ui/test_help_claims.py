"""The help tells the truth (issue 14 §1): what the About box and the glossary say the app
does, it does; and no help text says a feature is missing that the app has (the spell glossary
once said spells "cannot be cast in the app yet" after casting came in).

Each claim below is a phrase of the help and a check that exercises the feature it names; a
claim dropped from the help, or a feature gone from the app, fails here."""

from __future__ import annotations

import re

import pytest

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.spells import SPELLS
from dragondice_desktop.engine.spells.casting import casting_view
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.ui.glossary import spell_text, spells
from dragondice_desktop.ui.glossary_dialog import spells_html
from dragondice_desktop.ui.glossary_texts import SPELLS_NOTE
from dragondice_desktop.ui.help_texts import ABOUT, rules_coverage_html

# Words that deny a feature. The rules coverage lists what the engine does not resolve, from
# the engine's own coverage; nothing else may say something is missing.
DENIALS = re.compile(r"cannot be cast|not in the app yet|later version|coming soon|"
                     r"not (?:supported|available) yet", re.IGNORECASE)


def _casting_state():
    from ui_helpers import record_until

    def casting(state):
        return state.step is Step.CAST and any(a.verb is Verb.CAST for a in legal_actions(state))

    return record_until(casting, seed=7, limit=400).state()


def _spells_are_cast_from_a_list_with_costs(window):
    from dragondice_desktop.ui.spell_picker import SpellPicker
    state = _casting_state()
    view = casting_view(state)
    picker = SpellPicker(state, view)
    assert picker.spell_item("Hailstorm") is not None
    assert any(c.actions for c in view.choices)


def _announced_spells_can_be_taken_back(window):
    state = _casting_state()
    cast = next(a for a in legal_actions(state) if a.verb is Verb.CAST)
    state, _ = play(state, cast)
    assert len(casting_view(state).announced) == 1
    state, _ = play(state, "uncast 1")
    assert casting_view(state).announced == ()


def _targets_are_clicked_on_the_board(window):
    assert hasattr(window.board, "set_spell_targets") and hasattr(window.board, "zone_clicked")


def _effects_show_on_the_table(window):
    assert isinstance(window.board.badges, dict)


def _dice_are_dragged(window):
    assert callable(window.board.drop_die)


def _armies_are_assembled_at_setup(window):
    from dragondice_desktop.ui.army_assembly import ArmyAssembly
    from dragondice_desktop.ui.new_game_dialog import NewGameDialog

    assert isinstance(window.assembly, ArmyAssembly)
    dialog = NewGameDialog(window)
    assert dialog.options().assemble_armies
    dialog.deleteLater()


def _armies_are_dragged_whole(window):
    assert callable(window.board.finish_group_drag) and callable(window.board.drop_dice)


def _f1_lists_the_shortcuts(window):
    assert window.cheat_sheet_action.shortcut().toString() == "F1"


CLAIMS = {
    "lists every spell by element with its cost": _spells_are_cast_from_a_list_with_costs,
    "can be taken back": _announced_spells_can_be_taken_back,
    "click its target on the board": _targets_are_clicked_on_the_board,
    "Lasting effects show as badges": _effects_show_on_the_table,
    "Drag dice to move them": _dice_are_dragged,
    "F1 lists them": _f1_lists_the_shortcuts,
    "divides their force into Home, Horde and Campaign armies": _armies_are_assembled_at_setup,
    "grab an army by its title": _armies_are_dragged_whole,
}


def test_no_help_text_denies_a_feature():
    texts = {"About": ABOUT, "spell note": SPELLS_NOTE, "spell glossary": spells_html(spells())}
    for name, text in texts.items():
        assert not DENIALS.search(text), (name, DENIALS.search(text).group(0))
    # The coverage page's "not resolved" list comes from the engine: it may name gaps.
    assert "Rules coverage" in rules_coverage_html()


@pytest.mark.parametrize("claim", sorted(CLAIMS))
def test_each_claim_of_the_help_holds(claim, window):
    assert claim in " ".join(ABOUT.split()) or claim in SPELLS_NOTE
    CLAIMS[claim](window)


def test_the_spell_glossary_reads_the_engines_spell_record():
    """One rule, one place: the glossary's line for a spell is the spell picker's."""
    for spell in spells():
        if spell.name in SPELLS:
            assert spell_text(spell) == SPELLS[spell.name].effect
        else:
            assert spell_text(spell) == ""
