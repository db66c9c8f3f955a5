"""Keyboard shortcuts and help: the cheat sheet covers every verb the Decision panel offers,
standard keys for the menus, redo, the SAI and spell glossary, and the die inspector."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record, record_until, reinforce_with_reserves

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import SAI_ICONS
from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui import menus
from dragondice_desktop.ui.decision_panel import DecisionPanel
from dragondice_desktop.ui.die_inspector import DieInspector, face_table
from dragondice_desktop.ui.glossary import ROLLS, sai_entries, spells, spell_text
from dragondice_desktop.ui.glossary_dialog import GlossaryDialog
from dragondice_desktop.ui.shortcuts import decision_rows, keys_for_verb, menu_rows
from dragondice_desktop.worker.engine_worker import EngineWorker


def test_cheat_sheet_has_a_shortcut_for_every_verb():
    rows = {row.verb: row for row in decision_rows()}
    assert set(rows) == set(Verb)
    for verb, row in rows.items():
        assert row.keys and row.possible, f"{verb.value} has no key in the cheat sheet"


@pytest.mark.parametrize("seed", [7, 11])
def test_every_decision_button_carries_a_key_from_the_cheat_sheet(qtbot, seed):
    """Plays a whole policy game through a Decision panel: every button it shows has a
    shortcut, listed in the cheat sheet for that button's verb, and no two buttons shown at
    once share a key."""
    worker = EngineWorker()
    snapshots = []
    worker.stateChanged.connect(snapshots.append)
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.show()
    worker.new_game(demo_setups(), seed)
    verbs_seen = set()
    while snapshots[-1].legal and len(snapshots) < 400:
        snap = snapshots[-1]
        panel.set_snapshot(snap)
        keys = []
        for text, button in panel.buttons.items():
            verb = next(a.verb for a in snap.legal if a.to_text() == text)
            key = button.shortcut().toString()
            numbered_past_nine = key == "" and verb in (Verb.KILL, Verb.PICK, Verb.CHOOSE,
                                                         Verb.MARCH, Verb.TARGET, Verb.CAST)
            assert key in keys_for_verb(verb) or numbered_past_nine, (text, key)
            keys.append(key)
            verbs_seen.add(verb)
        shown = [k for k in keys if k]
        assert len(shown) == len(set(shown)), f"two buttons share a key: {keys}"
        worker.autoplay(1)
    assert {Verb.ROLLOFF, Verb.MARCH, Verb.END_TURN} <= verbs_seen


def test_menus_use_standard_keys_and_f1_is_the_cheat_sheet(qtbot, window):
    std = QKeySequence.StandardKey
    for action, key in ((window.new_action, std.New), (window.open_action, std.Open),
                        (window.save_action, std.Save), (window.undo_action, std.Undo),
                        (window.redo_action, std.Redo), (window.quit_action, std.Quit)):
        # The platform's binding, or ours where the platform has none (Quit on Windows and
        # on the offscreen platform).
        bindings = QKeySequence.keyBindings(key) or [QKeySequence(menus._FALLBACK[key])]
        assert action.shortcuts()[0] == bindings[0], action.text()
    assert window.cheat_sheet_action.shortcut() == QKeySequence("F1")
    assert window.rulings_action.shortcut() == QKeySequence("Shift+F1")
    listed = {row.what for row in menu_rows(window)}
    assert {"Game ▸ Redo", "Help ▸ Keyboard shortcuts", "Help ▸ Rulings and limits"} <= listed
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    QTest.keyClick(window, Qt.Key.Key_F1)
    assert window.cheat_sheet is not None and window.cheat_sheet.isVisible()
    text = window.cheat_sheet.browser.toPlainText()
    assert "Keyboard shortcuts" in text and "End the turn" in text and "Ctrl+Z" in text
    window.cheat_sheet.close()
    QTest.keyClick(window, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    assert "Rulings and limits" in window.rulings.browser.toPlainText()


def test_redo_replays_what_undo_took_back(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(4)
    played = window.snapshot
    assert not window.redo_action.isEnabled()
    for _ in range(2):
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            window.undo_action.trigger()
    assert window.redo_action.isEnabled()
    lines = window.log.lines()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.redo_action.trigger()
    assert window.log.lines()[:len(lines)] == lines  # redo appends to the log
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.keySequence(window, window.redo_action.shortcuts()[0])
    assert window.snapshot.state == played.state
    assert window.log.lines() == [e.text for e in played.all_events]
    assert not window.redo_action.isEnabled()


def test_glossary_covers_every_sai_in_our_own_words(qtbot):
    entries = {e.icon: e for e in sai_entries()}
    assert set(entries) == set(SAI_ICONS)
    for entry in entries.values():
        assert entry.summary and entry.applies and len(entry.rolls) == len(ROLLS)
    rend = dict(entries[next(i for i in SAI_ICONS if i.value == "Rend")].rolls)
    assert rend["Melee"] == "X melee; rolls again" and rend["Maneuver"] == "X maneuver"
    assert rend["Magic"] == "—"
    tail = dict(entries[next(i for i in SAI_ICONS if i.value == "Tail")].rolls)
    assert tail["Melee"].startswith("2 melee")  # a fixed number, not X
    assert all(spell_text(s) for s in spells() if s.color != "alloy" and s.species is None)
    dialog = GlossaryDialog()
    qtbot.addWidget(dialog)
    assert len(dialog.shown) == len(SAI_ICONS)
    dialog.search.setText("breath")
    assert dialog.shown == ["Breath", "Firebreath", "Frost Breath"]
    assert "Frost Breath" in dialog.sai_view.toPlainText()
    dialog.search.setText("ash storm")
    assert dialog.shown_spells == ["Ash Storm"]


def test_die_inspector_shows_every_face_and_what_it_does(qtbot):
    chimera = load_catalog().die("Amazons/Chimera")
    columns, rows = face_table(chimera)
    assert columns == ["Face"] + [name for name, _ in ROLLS]
    assert len(rows) == len(chimera.faces)
    inspector = DieInspector()
    qtbot.addWidget(inspector)
    inspector.show_die(chimera)
    assert inspector.title.text() == "Chimera" and "health 4" in inspector.facts.text()
    assert len(inspector.face_labels) == len(chimera.faces)
    assert all(not label.pixmap().isNull() for label in inspector.face_labels)
    assert inspector.table.rowCount() == len(chimera.faces)
    assert inspector.picker.currentItem().data(Qt.ItemDataRole.UserRole) == chimera.key
    melee = [inspector.table.item(r, 2).text() for r in range(inspector.table.rowCount())]
    assert any("melee" in cell for cell in melee)
    terrain = next(d for d in load_catalog() if d.kind.value == "terrain")
    inspector.show()
    inspector.show_die(terrain)
    assert inspector.table.columnCount() == 1 and len(inspector.face_labels) == 8

    def faces_shown() -> int:
        return sum(1 for w in inspector.findChildren(type(inspector.title)) if w.isVisible()
                   and not w.pixmap().isNull())

    qtbot.waitUntil(lambda: faces_shown() == 8, timeout=WAIT_MS)  # the ten faces are gone
    inspector.search.setText("chimera")
    visible = [inspector.picker.item(r).text() for r in range(inspector.picker.count())
               if not inspector.picker.item(r).isHidden()]
    assert visible and all("Chimera" in v for v in visible)


def test_double_clicking_a_die_on_the_board_inspects_it(qtbot, window):
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    item = window.board.die_items[0]
    window.board.inspect_die(item.die_id)
    assert window.inspector.isVisible()
    assert window.inspector.die == window.snapshot.state.dice[0].die
    menu = window.board.die_menu(3)
    inspect = next(a for a in menu.actions() if a.text() == "Inspect this die…")
    inspect.trigger()
    assert window.inspector.die == window.snapshot.state.dice[3].die


def test_unit_picker_keys_step_through_the_units(qtbot, window):
    open_record(qtbot, window, record_until(reinforce_with_reserves, retreat=3))
    picker = window.decision.unit_picker
    assert picker is not None and picker.count() >= 2
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    qtbot.waitUntil(picker.isVisible, timeout=WAIT_MS)  # shown by the event loop
    QTest.keyClick(window, Qt.Key.Key_BracketRight)
    assert picker.currentIndex() == 1
    QTest.keyClick(window, Qt.Key.Key_BracketLeft)
    QTest.keyClick(window, Qt.Key.Key_BracketLeft)
    assert picker.currentIndex() == picker.count() - 1  # wraps around


def test_the_glossary_says_what_cantrip_gives_in_play():
    """Seed 000 Cantrip: X magic in a magic roll, X magic for Cantrip spells only in other
    non-maneuver rolls (bought in play, digest §5.3), nothing in a maneuver roll."""
    cantrip = {e.name: e for e in sai_entries()}["Cantrip"]
    rolls = dict(cantrip.rolls)
    assert rolls["Magic"] == "X magic" and rolls["Maneuver"] == "—"
    assert rolls["Melee"] == rolls["Individual save"] == "X cantrip-only magic"


def test_rules_coverage_help_lists_what_the_engine_does_not_resolve():
    """The Help page is written from engine/coverage.py: the counts and every row that is
    not handled (the Dracolem spells, whose text is not available: digest §7)."""
    from dragondice_desktop.engine.coverage import HANDLED, spell_coverage
    from dragondice_desktop.ui.help_texts import rules_coverage_html

    text = rules_coverage_html()
    rows = spell_coverage()
    handled = sum(1 for _, status, _ in rows if status == HANDLED)
    assert f"{handled} of {len(rows)} spells handled" in text
    for name, status, _ in rows:
        assert (f"<b>{name}</b>" in text) is (status != HANDLED)


def _many_casualties(state) -> bool:
    """A damage step, nothing chosen yet, 3 or more damage to assign among 4 or more kinds of
    unit (so several casualties are chosen one by one in one decision)."""
    from dragondice_desktop.engine.core.actions import Verb
    from dragondice_desktop.engine.core.state import Step
    from dragondice_desktop.engine.game import legal_actions

    if state.step is not Step.DAMAGE or not state.damage or state.damage[0].marked:
        return False
    due = state.damage[0]
    kinds = {state.dice[a.args[0]].key for a in legal_actions(state) if a.verb is Verb.KILL}
    return due.amount - due.killed >= 3 and len(kinds) >= 4


def test_number_keys_keep_their_choices_while_casualties_are_picked(qtbot, window):
    """Pressing 1 then 2 while choosing casualties picks the first and second kinds first
    shown: a pick that takes the last die of a kind off the list does not renumber the
    choices left (it did, so 2 then took the third kind)."""
    snapshot = open_record(qtbot, window, record_until(_many_casualties, seed=1))
    state = snapshot.state

    def buttons_by_key():
        return {button.text().rsplit("[", 1)[1].rstrip("]"): (text, button)
                for text, button in window.decision.buttons.items()
                if text.startswith("kill ") and button.text().endswith("]")}

    def kinds_by_key():
        shown = window.snapshot.state
        return {key: shown.dice[int(text.split()[1])].key
                for key, (text, _button) in buttons_by_key().items()}

    first = kinds_by_key()
    assert {"1", "2", "3"} <= set(first)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT_MS)
    picked = []
    for key, qt_key in (("1", Qt.Key.Key_1), ("2", Qt.Key.Key_2)):
        assert kinds_by_key()[key] == first[key]          # the same kind under the same key
        qtbot.waitUntil(buttons_by_key()[key][1].isVisible, timeout=WAIT_MS)
        before = len(window.snapshot.record.actions)
        with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
            QTest.keyClick(window, qt_key)
        played = window.snapshot.record.actions[before]
        picked.append(state.dice[played.args[0]].key)
        if key == "1":  # the first kind was a single die: it is gone from the choices now
            assert first["1"] not in kinds_by_key().values()
            assert "1" not in kinds_by_key()
    assert picked == [first["1"], first["2"]]
