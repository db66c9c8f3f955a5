"""What the window says in a 1996 game (issue 18): the glossary lists the 1996 game's spells
(TSR digest §9.6), gold is the earth colour's name (§1, §2.4), and no spell carries today's
Cantrip mark, since 1996 Cantrip magic buys any spell (seed 002 Cantrip)."""

from __future__ import annotations

import pytest
from ui_helpers import WAIT_MS, open_record

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.core.options import CLASSIC, V401, checked
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.forces.classic import classic_version
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.matchup import setup_from_force
from dragondice_desktop.ui.glossary_dialog import GlossaryDialog

# Digest §9.6: the spells of the era whose colour and cost were retrieved (all gold).
ERA_SPELLS = ("Hide", "Stoneskin", "Summon Gold Dragonkin", "Dust to Dust", "Savage",
              "Backlash", "Path")


def _classic_setups():
    catalog = load_catalog()
    forces = [classic_version(f, catalog) for f in sample_forces()[:2]]
    return setup_from_force(forces[0], "Ann"), setup_from_force(forces[1], "Bob")


def test_the_glossary_of_a_1996_game_lists_its_spells_in_its_words(qtbot):
    glossary = GlossaryDialog(ruleset=CLASSIC)
    qtbot.addWidget(glossary)
    for name in ERA_SPELLS:
        assert name in glossary.shown_spells, name
    assert "Stone Skin" not in glossary.shown_spells  # Stoneskin is the 1996 spelling
    text = glossary.spell_view.toPlainText()
    assert "Stoneskin — 2 magic, gold · any species" in text
    assert "Dust to Dust — 3 magic, gold" in text
    assert "cantrip (C)" not in text and "C: Cantrip" not in text
    assert "buy any spell" in text
    # Digest §9.6: Hide is gold, costs 2 and is a Feral spell.
    assert "Hide — 2 magic, gold · Feral" in text
    assert "Backlash — 4 magic, gold · Feral" in text
    assert "of the 1996 game" in glossary.count_label.text()
    glossary.search.setText("stoneskin")
    assert glossary.shown_spells == ["Stoneskin"]
    glossary.search.setText("")
    glossary.set_ruleset(V401)           # today's game: today's spells and marks
    assert "Stone Skin" in glossary.shown_spells and "Stoneskin" not in glossary.shown_spells
    assert "Hide" not in glossary.shown_spells
    assert "cantrip (C)" in glossary.spell_view.toPlainText()


def test_the_windows_glossary_follows_the_game_on_the_table(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(_classic_setups(), 1, checked(ruleset=CLASSIC))
    window.show_glossary()
    assert window.glossary.ruleset == CLASSIC and "Stoneskin" in window.glossary.shown_spells
    window.glossary.close()


@pytest.fixture(scope="module")
def classic_cast_record():
    """A 1996 game (the sample forces' 1996 versions) played by the automatic player up to a
    casting."""
    record = GameRecord(_classic_setups(), 1, options=checked(ruleset=CLASSIC))
    state = record.state()
    while legal_actions(state) and len(record.actions) < 600:
        if state.step is Step.CAST and any(a.verb is Verb.CAST for a in legal_actions(state)):
            return record
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    pytest.skip("no casting in the 1996 demo game")


def test_the_spell_picker_of_a_1996_game_says_gold_and_shows_no_cantrip_mark(
        qtbot, window, classic_cast_record, tmp_path):
    from PySide6.QtTest import QTest

    snapshot = open_record(qtbot, window, classic_cast_record)
    picker = window.decision.spell_picker
    assert picker is not None and snapshot.state.options.classic
    heads = [picker.tree.topLevelItem(i).text(0) for i in range(picker.tree.topLevelItemCount())]
    assert any(h.startswith("Gold spells") for h in heads)
    assert not any(h.startswith("Earth spells") for h in heads)
    rows = [picker.tree.topLevelItem(i).child(j).text(0)
            for i in range(picker.tree.topLevelItemCount())
            for j in range(picker.tree.topLevelItem(i).childCount())]
    assert not any(row.split("\n")[0].endswith((" · C", " · RC")) for row in rows)
    stoneskin = picker.spell_item("Stoneskin")
    assert "2 gold" in stoneskin.text(0)
    assert "earth" not in picker.magic_label.text()
    if snapshot.casting.cantrip_only:
        assert "buys any spell" in picker.magic_label.toolTip()
    window.decision_dock.raise_()
    QTest.qWait(60)
    assert window.grab().save(str(tmp_path / "classic-spell-picker.png"))


def test_a_1996_damage_step_says_dead_pile_in_its_moves_and_labels():
    """TSR digest §1: the 1996 game calls the area of the dead the dead pile (no DUA). The
    drag move, the choice's label and the Decision panel's hint of a damage step name it so;
    today's game keeps "DUA" (tests/ui/test_ui_moves.py)."""
    from dragondice_desktop.ui.action_text import action_label
    from dragondice_desktop.ui.moves import die_moves

    from ui_helpers import in_damage_step

    record = GameRecord(_classic_setups(), 1, options=checked(ruleset=CLASSIC))
    state = record.state()
    while legal_actions(state) and len(record.actions) < 1500 and not in_damage_step(state):
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    if not in_damage_step(state):
        pytest.skip("no damage step in the 1996 game")
    legal = legal_actions(state)
    kill = next(a for a in legal if a.verb is Verb.KILL)
    (move,) = die_moves(state, legal, kill.args[0])
    assert move.label == "Send to Dead pile"
    assert action_label(state, kill).endswith("to the Dead pile")
    assert "DUA" not in move.label + action_label(state, kill)


def test_the_glossary_of_a_1996_game_gives_the_icons_their_1996_meanings(qtbot):
    """Seed 002 (the 1996 icon list), Bullseye: each icon inflicts 1 point of damage on one
    unit of the shooter's choice and only the target rolls for saves (today's Bullseye makes
    X health-worth save or die). The 1996 glossary reads so, and never names the DUA (the
    1996 game's dead pile, TSR digest §1); today's glossary keeps today's meaning."""
    glossary = GlossaryDialog(ruleset=CLASSIC)
    qtbot.addWidget(glossary)
    glossary.search.setText("bullseye")
    assert glossary.shown == ["Bullseye"]
    text = glossary.sai_view.toPlainText()
    assert "one damage per icon to one unit you pick; only it saves" in text
    assert "must save or die" not in text
    glossary.search.setText("")
    assert "DUA" not in glossary.sai_view.toPlainText()
    assert "Galeforce" in glossary.shown and "Wither" in glossary.shown  # seed 002 icons
    glossary.set_ruleset(V401)
    glossary.search.setText("bullseye")
    assert "one damage per icon to one unit you pick" not in glossary.sai_view.toPlainText()
