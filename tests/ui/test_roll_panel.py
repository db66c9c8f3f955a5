"""The roll panel shows each die's faces, what they gave, the total and the explanation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QLabel
from ui_helpers import WAIT_MS, record_until

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.core.events import Event
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.pipeline import RollContext, RollType, count_faces
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui import decision_panel, game_log, odds_panel, roll_panel
from dragondice_desktop.ui.animation import Flicker, RollAnimator
from dragondice_desktop.ui.decision_panel import DecisionPanel
from dragondice_desktop.ui.game_log import GameLog, player_text
from dragondice_desktop.ui.roll_panel import RollPanel, explain_text
from dragondice_desktop.worker.snapshot import Change, GameSnapshot


def test_a_roll_shows_its_total_and_explanation(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    assert window.rolls.total_labels == []
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.submit("rolloff")
    rolls = [e.roll for e in window.snapshot.events if e.kind == "roll"]
    assert len(rolls) == 2 == len(window.rolls.total_labels)
    for roll, label in zip(rolls, window.rolls.total_labels):
        assert label.text() == f"Total {roll.roll_type.value}: {roll.total(roll.roll_type)}"
    explained = window.rolls.explain_labels[0].text()
    assert explained == explain_text(rolls[0].explain(), window.snapshot.state)
    # Each die by its name and owner ("Ann's Charioteer"), not by its internal id and key.
    die_id = rolls[0].dice[0].die_id
    assert f"\n{window.snapshot.state.die_label(die_id)}: " in explained
    assert f"Die {die_id} " not in explained


def _unresolved_melee_roll():
    """A one-die melee roll whose face has an SAI the engine reports as not resolved."""
    for die in load_catalog():
        if not die.kind.is_unit:
            continue
        for face in range(len(die.faces)):
            try:
                result = count_faces([(0, die, (face,))], RollContext(RollType.MELEE))
            except ValueError:  # a re-roll face needs the re-rolled face too
                continue
            if result.unresolved:
                return result
    raise AssertionError("every SAI is resolved: nothing left to report")


def test_unresolved_effects_are_listed(qtbot):
    panel = RollPanel(instant=True)
    qtbot.addWidget(panel)
    result = _unresolved_melee_roll()
    panel.show_rolls([Event("roll", "Ann's Home army at Here rolls melee: 0", player=0,
                            roll=result)])
    texts = " ".join(label.text() for label in panel.unresolved_labels)
    assert len(panel.unresolved_labels) == len(result.unresolved)
    assert all(player_text(u.reason) in texts for u in result.unresolved)
    assert panel.total_labels[0].text() == f"Total melee: {result.total()}"


def test_animation_flicks_then_settles_and_can_be_skipped(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    final, frame = QPixmap(8, 8), QPixmap(4, 4)
    animator = RollAnimator(instant=False)
    animator.start([Flicker(label, [frame], final)])
    assert animator.running and label.pixmap().width() == 4
    animator.skip()
    assert not animator.running and label.pixmap().width() == 8
    animator.start([Flicker(label, [frame], final)])
    qtbot.waitUntil(lambda: not animator.running, timeout=2000)
    assert label.pixmap().width() == 8
    instant = RollAnimator(instant=True)
    label.setPixmap(frame)
    instant.start([Flicker(label, [frame], final)])
    assert not instant.running and label.pixmap().width() == 8


@pytest.mark.parametrize("raw, shown", [
    ("Species Abilities: not resolved yet (issue 6)", "Species Abilities: not in the app yet"),
    ("spells are not implemented (issue 6)", "spells are not in the app yet"),
    ("City: Ann's Willowing recruited (digest §8)", "City: Ann's Willowing recruited"),
    ("Ann's Willowing returns (City: recruited (digest §8))",
     "Ann's Willowing returns (City: recruited)"),
    ("Bob's Thug is killed (Bash, seed 001)", "Bob's Thug is killed (Bash)"),
    ("Eighth Face phase (seed 003)", "Eighth Face phase"),
    ("Gate: its rules text was not retrieved (digest §9), so the engine cannot apply it",
     "Gate: its rules text was not retrieved, so the engine cannot apply it"),
    ("Horde army has 19 points [digest §2.1]", "Horde army has 19 points"),
    ("saves (seed 000 Targeting; rulings)", "saves"),
    ("minor terrains in play: issue 6", "minor terrains in play"),
    # Player texts without references are left alone, brackets and all.
    ("Bob takes 5 damage (melee 6 − saves 1)", "Bob takes 5 damage (melee 6 − saves 1)"),
    ("Dracolem (v4.02): rules text", "Dracolem (v4.02): rules text"),
    ("Turn 3: Bob", "Turn 3: Bob"),
    ("", ""),
])
def test_player_text_drops_internal_references(raw, shown):
    assert player_text(raw) == shown


def test_one_helper_serves_the_log_the_roll_panel_and_the_decision_panel(qtbot):
    for module in (roll_panel, decision_panel, odds_panel):
        assert module.player_text is game_log.player_text

    log = GameLog()
    qtbot.addWidget(log)
    log.append([Event("unresolved", "Species Abilities: not resolved yet (issue 6)"),
                Event("message", "City: Ann's Willowing recruited (digest §8)", player=0)])
    assert log.shown_lines() == ["Species Abilities: not in the app yet",
                                 "City: Ann's Willowing recruited"]
    assert log.lines()[0] == "Species Abilities: not resolved yet (issue 6)"  # the event

    record = record_until(lambda s: s.step is Step.CHOOSE_ARMY)
    state = record.state()
    state = replace(state, pending=replace(state.pending,
                                           prompt="First March: choose an army (digest §3.5)"))
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(GameSnapshot(record, state, (), (), legal_actions(state), Change.LOAD))
    assert panel.prompt_label.text() == "First March: choose an army"

    rolls = RollPanel(instant=True)
    qtbot.addWidget(rolls)
    result = _unresolved_melee_roll()
    rolls.show_rolls([Event("roll", "Ann's Home army at Here (seed 000) rolls melee: 0",
                            player=0, roll=result)])
    texts = [label.text() for label in rolls.unresolved_labels + rolls.explain_labels]
    assert texts and not any("seed 0" in t or "issue " in t or "digest" in t for t in texts)


def test_explain_names_dice_without_internal_ids():
    die = load_catalog().die("Undead/Vampire")
    result = count_faces([(36, die, (0,))], RollContext(RollType.MELEE))
    assert "Die 36 Undead/Vampire:" in result.explain()
    text = explain_text(result.explain())
    assert "\nVampire: " in text and "Die 36" not in text
    assert "\n  +" in text  # the breakdown keeps its indentation
