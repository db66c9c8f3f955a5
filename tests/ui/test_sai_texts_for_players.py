"""SAI texts reach players without the developers' references to the rules text (issue 12):
Count a roll's explanation, its result tooltips and its notes say what each SAI did in words
("Rend: 4 melee results, and the unit is rolled again"), while the engine's own report keeps
its references ("(seed 000 Rend)") for the resolve command's JSON."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.ui.count_roll_dialog import CountRollDialog

INTERNAL = re.compile(r"digest|§|\bseeds? \d{3}|\bissues? #?\d|\brulings\b", re.IGNORECASE)
ANDROSPHINX = "Dwarves/Androsphinx"  # d10 monster: 4 Rend among its faces
ORACLE = "Amazons/Oracle"            # its Cantrip magic is not resolved outside a game


@pytest.fixture
def dialog(qtbot):
    dlg = CountRollDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def _click(qtbot, dlg: CountRollDialog, index: int, slot: int, text: str) -> None:
    faces = [f.to_text() for f in load_catalog().die(dlg.state.dice[index].die.key).faces]
    button = dlg.cards[index].strips[slot].buttons[faces.index(text)]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_count_a_roll_explains_an_sai_in_words(qtbot, dialog):
    dialog.add_die(ANDROSPHINX)
    _click(qtbot, dialog, 0, 0, "4 Rend")
    _click(qtbot, dialog, 0, 1, "4 Melee")
    report = dialog.count.report
    assert INTERNAL.search(report["explain"])  # the engine's text carries its references
    shown = dialog.explain_view.toPlainText()
    assert "Rend" in shown and not INTERNAL.search(shown), shown
    tooltip = dialog.cards[0].gains_label.toolTip()
    assert "Rend" in tooltip and not INTERNAL.search(tooltip), tooltip


def test_count_a_roll_notes_say_what_is_not_resolved_in_words(qtbot, dialog):
    dialog.add_die(ORACLE)
    _click(qtbot, dialog, 0, 0, "3 Cantrip")
    labels = [label.text() for label in dialog.cards[0].note_labels]
    assert any("not resolved" in text for text in labels)
    assert not any(INTERNAL.search(text) for text in labels), labels


def test_the_glossary_says_each_sai_in_words():
    """The SAI glossary (F2): every entry's lines, the rolls it works in and how far the app
    applies it — the Dracolem icons' "rules text not available" among them — carry no
    reference to the rules text."""
    from dragondice_desktop.ui.glossary import sai_entries
    from dragondice_desktop.ui.glossary_dialog import sai_html
    entries = list(sai_entries())
    page = sai_html(entries)
    assert "rules text not available" in page
    assert not INTERNAL.search(page), INTERNAL.search(page)
