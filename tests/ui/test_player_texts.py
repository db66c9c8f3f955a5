"""No internal references ("digest §2.1", "(digest §7)", "seed 001", "issue 6") in the texts
players read: the Rulings page, Rules coverage (window and command line) and the force
builder's problems list say each rule in words. Each surface is rendered to PNG at 1400x900
and 1280x720."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.coverage import coverage_text
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.player_text import player_markdown, player_text
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.store.forces import save_force
from dragondice_desktop.ui.force_builder import ForceBuilderWindow
from dragondice_desktop.ui.help_texts import rules_coverage_html, rulings_dialog

INTERNAL = re.compile(r"digest|§|\bseeds? \d{3}|\bissues? #?\d", re.IGNORECASE)
SIZES = ((1400, 900), (1280, 720))
CAT = load_catalog()


def _render(widget, tmp_path, stem):
    for width, height in SIZES:
        widget.resize(width, height)
        widget.show()
        path = tmp_path / f"{stem}-{width}x{height}.png"
        assert widget.grab().save(str(path)) and path.stat().st_size > 0


def test_rulings_page_says_the_rules_in_words(qtbot, tmp_path):
    dialog = rulings_dialog()
    qtbot.addWidget(dialog)
    text = dialog.browser.toPlainText()
    assert not INTERNAL.search(text), INTERNAL.search(text)
    # the rulings themselves are all there, only the references went
    assert "Counter-maneuver ties: ties go to the marching army." in text
    assert "White dragons: 10 health and 5 automatic saves." in text
    _render(dialog, tmp_path, "rulings")


def test_a_reference_that_wraps_across_lines_goes_too():
    page = ("- **Order** (digest §4.2,\n  §10 #10): the effects resolve in the order of the dice.\n"
            "- **Range** (digest §5.2): from a Home Terrain.\n\n## Next")
    assert player_markdown(page) == ("- **Order**: the effects resolve in the order of the dice.\n"
                                     "- **Range**: from a Home Terrain.\n\n## Next")


def test_rules_coverage_window_and_command_line_say_it_in_words(qtbot, tmp_path):
    html = rules_coverage_html()
    assert not INTERNAL.search(html)
    assert "rules text not available" in html           # the Dracolem icons are still listed
    text = coverage_text(player_text)
    assert not INTERNAL.search(text)
    assert "digest §" in coverage_text()                 # the references are the engine's own
    from PySide6.QtWidgets import QTextBrowser
    browser = QTextBrowser()
    qtbot.addWidget(browser)
    browser.setHtml(html)
    _render(browser, tmp_path, "coverage")


@pytest.fixture
def builder(qtbot):
    db = open_memory_database()
    amazons = sample_forces()[0]
    # Over the size by 1 point and a Dragon in an army: two errors and their rules in words.
    draft = replace(amazons, name="Draft", horde_army=amazons.horde_army + ("Amazons/Seer",),
                    home_terrain="Terrains/Flatland Castle")
    save_force(db, draft, catalog=CAT)
    window = ForceBuilderWindow(db, CAT)
    qtbot.addWidget(window)
    return window


def test_force_problems_name_the_rule_in_words(builder, tmp_path):
    shown = [builder.problems_list.item(i).text() for i in range(builder.problems_list.count())]
    assert shown and not any(INTERNAL.search(t) for t in shown)
    assert any(t.endswith("[force size and allowances]") for t in shown)
    assert any("advanced terrains may only be the Frontier" in t and t.endswith("[terrains]")
               for t in shown)
    _render(builder, tmp_path, "force-problems")
