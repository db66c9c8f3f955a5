"""No internal reference in anything the window shows during play: the engine's texts carry
"(digest §6)", "(seed 000 Fly)" ... for its developers, and every place that shows one — the
game log, the roll panel and its tooltips, the Explain window, the decision panel, the board's
tooltips, the status bar, hints, the replay window, message boxes — words it for players
through `player_text`. Seeded games are played in an offscreen window; at each step every
text shown is read and checked (each game is picked because its engine texts do carry such
references, which the test checks first, so it can fail)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QApplication, QLabel, QTextEdit, QToolButton,
    QTreeWidget, QWidget,
)

from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups

from ui_helpers import WAIT_MS, open_record

INTERNAL = re.compile(r"§|digest|seed 00|issue ", re.IGNORECASE)

# (first force, second force, seed, actions before the window takes over, actions it plays):
# Feral against Swamp Stalkers and Goblins against Treefolk, whose abilities' texts name
# their rules section; the positions just before rolls explained with such references.
GAMES = ((1, 3, 7, 91, 4), (2, 4, 7, 49, 4))


def played(first: int, second: int, seed: int, actions: int) -> GameRecord:
    """The game of sample forces `first` and `second` played by the policy for `actions`."""
    record = GameRecord(demo_setups(first, second), seed)
    state = record.state()
    for _ in range(actions):
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    return record


def engine_texts(snapshot) -> list[str]:
    """The engine's own texts in a snapshot, before any wording for players."""
    texts = [e.text for e in snapshot.all_events]
    texts += [e.roll.explain() for e in snapshot.all_events if e.roll is not None]
    return texts


def _view_texts(view: QAbstractItemView) -> list[str]:
    texts = []
    if isinstance(view, QTreeWidget):
        stack = [view.topLevelItem(i) for i in range(view.topLevelItemCount())]
        while stack:
            item = stack.pop()
            texts += [item.text(0), item.toolTip(0)]
            stack += [item.child(i) for i in range(item.childCount())]
        return texts
    model = view.model()
    if model is None:
        return texts
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            value = model.data(index, role)
            if isinstance(value, str):
                texts.append(value)
    return texts


def shown_texts(window) -> list[str]:
    """Every text the window and its open windows show or keep for a tooltip: labels,
    buttons, text views, list and tree rows, tooltips, the status bar and the board's
    items' tooltips (hidden labels too: the roll panel keeps its explanations in some)."""
    widgets: list[QWidget] = []
    for top in QApplication.topLevelWidgets():
        if top is window or (top.isVisible() and top.window() is not None):
            widgets += [top] + top.findChildren(QWidget)
    texts = [window.statusBar().currentMessage()]
    for widget in widgets:
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel):
            texts.append(widget.text())
        elif isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QTextEdit):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QAbstractItemView):
            texts += _view_texts(widget)
    for board in [window.board] + ([window.replay_dialog.board] if window.replay_dialog else []):
        for item in board.items():
            texts.append(item.toolTip())
            if callable(getattr(item, "text", None)):   # the banner and the name plates
                texts.append(item.text())
            texts += [getattr(item, name, "") for name in ("title", "note", "tag")]
            texts += [line[0] for line in getattr(item, "lines", ()) if line]
    return [t for t in texts if isinstance(t, str) and t]


def _open_explanations(window) -> None:
    for button in window.rolls.findChildren(QToolButton):
        if button.text() == "Explain this roll…":
            button.click()


def _check(window, where: str) -> int:
    texts = shown_texts(window)
    bad = [t for t in texts if INTERNAL.search(t)]
    assert not bad, f"{where}: {bad[:3]}"
    return len(texts)


@pytest.mark.parametrize("first, second, seed, before, plays", GAMES)
def test_no_shown_text_carries_an_internal_reference(qtbot, window, tmp_path, first, second,
                                                     seed, before, plays):
    record = played(first, second, seed, before + plays)
    snapshot = open_record(qtbot, window, record)   # the engine's texts carry references
    assert any(INTERNAL.search(t) for t in engine_texts(snapshot)), "pick another game"
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_record(record.first(before))
    _open_explanations(window)
    _check(window, f"opened at action {before}")
    for step in range(plays):
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            window.client.autoplay(1)
        _open_explanations(window)
        window.hint()
        qtbot.waitUntil(lambda: window.computers.last_hint != "", timeout=WAIT_MS)
        shown = _check(window, f"after action {before + step + 1}")
        assert shown > 50
        window.computers.last_hint = ""
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    _check(window, "after an undo")
    with qtbot.waitSignal(window.client.replayReady, timeout=WAIT_MS):
        window.replay_current()
    for index in range(before, before + plays):
        window.replay_dialog.go(index)
        _check(window, f"replay at action {index}")
    window.grab().save(str(tmp_path / f"shown-texts-{first}-{second}.png"))
    window.replay_dialog.close()


def test_a_prompt_a_refusal_and_an_error_lose_their_references(qtbot, window):
    """The references the engine's prompts and refusals may carry ("(digest §4.7)") are
    not shown: the board's banner and the Decision panel word the prompt, the status bar the
    refusal, the error box its text."""
    from dataclasses import replace

    snapshot = open_record(qtbot, window, played(0, 2, 7, 6))
    pending = snapshot.state.pending
    marked = replace(pending, prompt=pending.prompt + " (digest §4.7)")
    window.show_snapshot(replace(snapshot, state=snapshot.state.with_(pending=marked),
                                 serial=snapshot.serial + 1))
    assert pending.prompt in window.board.banner.text()
    assert window.decision.prompt_label.text() == pending.prompt
    window._action_failed("That unit cannot go there (seed 000 Web)")
    assert window.statusBar().currentMessage() == "That unit cannot go there"
    window.show_error("Cannot open game", "Cannot open x.ddgame:\nbad setup (digest §2.1)")
    assert window.error_box.text() == "Cannot open x.ddgame:\nbad setup"
    window.error_box.close()
    _check(window, "a prompt, a refusal and an error with references")


def test_the_glossary_and_the_die_inspector_say_it_in_words(qtbot, window):
    """F2's SAI and spell glossary and the die inspector show how far the app resolves each
    SAI in the engine's words (which name the rules document: "(seed 000 / 001)") in the
    players' words."""
    from dragondice_desktop.catalog.loader import load_catalog
    from dragondice_desktop.engine.coverage import rules_coverage
    from dragondice_desktop.rule_tests import load_rule_tests

    notes = [note for _icon, _status, note in rules_coverage(load_rule_tests())]
    assert any(INTERNAL.search(note) for note in notes)               # the engine's own
    window.show_glossary()
    window.show_inspector(load_catalog().die("Swamp Stalkers/Mudmen"))
    qtbot.wait(50)
    assert "Web" in window.glossary.sai_view.toPlainText()
    assert _check(window, "the glossary and the die inspector") > 100
    window.glossary.close()
    window.inspector.close()
