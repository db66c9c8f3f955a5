"""Texts of the Help menu's dialogs."""

from __future__ import annotations

import html

from .. import __version__
from ..player_text import player_markdown, player_text

ABOUT = f"""<h3>Dragon Dice Desktop {__version__}</h3>
<p>Play Dragon Dice&trade; hotseat on one computer: two to four players, a Home Terrain each
and the Frontier, the full
march sequence with maneuvers, melee, missile and magic rolls, damage, counter-attacks and
the Reserves phase.</p>
<p>Before the Horde roll-off each player divides their force into Home, Horde and Campaign
armies on a screen the others do not see.</p>
<p>Drag dice to move them (reinforce, retreat, send casualties to the DUA, move the units a
Ferry or a Teleport takes along), or right-click a die for its moves (double-click it to
inspect it). Select several dice (Ctrl+click, or a rubber band) or grab an army by its title
to move them together. Answer every other decision in the
Decision panel; its buttons show their keyboard shortcuts in brackets, and F1 lists them
all.</p>
<p>After a magic roll the Decision panel lists every spell by element with its cost and what
it does: pick a spell, then click its target on the board; a spell announced can be taken back
until the spells resolve. Lasting effects show as badges on the armies, units and terrains
they act on, and go when they end.</p>
<p>Every action is saved as you play: if the app or the computer stops, the next start
offers to resume the game.</p>
<p>Dragon Dice is a trademark of SFR, Inc. This is a fan-made program.</p>"""

_COVERAGE = """<h3>Rules coverage</h3>
<p>The engine plays the whole game for two to four players: setup, the seven phases of a turn
with eighth faces, dragon attacks, species abilities, marches (maneuver and counter-maneuver,
melee, missile and magic with the v4.01 spells), damage and saves, promotion and burial, the
Reserves phase and victory. Every roll goes through the ten-step roll pipeline.</p>
<p>{summary} (handled: the engine applies it and a test checks it).</p>
<p><b>Not resolved</b> — when one of these comes up it is reported in the game log and the
roll panel (in orange), never silently dropped:</p>
<ul>{missing}</ul>
<p>The same lists, row by row, come from <code>dragondice rules-coverage</code>.</p>"""


def rules_coverage_html() -> str:
    """The Rules coverage text, from the engine's own coverage lists (engine/coverage.py:
    species abilities, spells, icons) so it stays true as rules are added."""
    from ..engine.coverage import (
        HANDLED, rules_coverage, species_coverage, spell_coverage,
    )
    from ..rule_tests import load_rule_tests

    tests = load_rule_tests()  # "handled" needs a test that checks it
    tables = (("species abilities", species_coverage(tests)), ("spells", spell_coverage(tests)),
              ("icons", [(i.value, status, why) for i, status, why in rules_coverage(tests)]))
    summary = "; ".join(
        f"{sum(1 for _, status, _ in rows if status == HANDLED)} of {len(rows)} {what} handled"
        for what, rows in tables)
    missing = "".join(f"<li><b>{html.escape(name)}</b> ({status}): "
                      f"{html.escape(player_text(why))}</li>"
                      for _, rows in tables for name, status, why in rows
                      if status != HANDLED)
    return _COVERAGE.format(summary=summary, missing=missing or "<li>nothing</li>")


def house_rules_markdown() -> str:
    """The Rulings page's "House rules" section, written from the engine's registry
    (engine/core/house_rules.py) so that it lists every house rule the app offers, with both
    readings, each in words (its source in the rules text is the developers', not shown)."""
    from ..engine.core.house_rules import HOUSE_RULES

    lines = ["## House rules", "",
             "Where players disagree, a game may use the other reading instead of the app's "
             "default. The New Game dialog asks which house rules a game uses (Preferences "
             "choose those ticked at first); a saved game keeps its house rules.", ""]
    for rule in HOUSE_RULES.values():
        lines.append(f"- **{rule.title}**. Default: {player_text(rule.default)} "
                     f"House rule: {player_text(rule.alternative)}")
    return "\n".join(lines) + "\n"


def rulings_dialog(parent=None):
    """A non-modal dialog showing `resources/rulings.md` (the one place rulings are recorded)
    followed by the House rules section (`house_rules_markdown`), as formatted Markdown with
    the developers' references to the rules text left out (`player_markdown`);
    `dialog.browser` is its QTextBrowser."""
    from importlib import resources

    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

    dialog = QDialog(parent)
    dialog.setWindowTitle("Rulings and limits")
    dialog.resize(720, 640)
    layout = QVBoxLayout(dialog)
    dialog.browser = QTextBrowser(dialog)
    page = resources.files("dragondice_desktop.resources").joinpath("rulings.md")
    dialog.browser.setMarkdown(player_markdown(page.read_text(encoding="utf-8").rstrip())
                               + "\n\n" + house_rules_markdown())
    layout.addWidget(dialog.browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    return dialog
