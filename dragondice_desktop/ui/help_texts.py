"""Texts of the Help menu's dialogs."""

from __future__ import annotations

from .. import __version__

ABOUT = f"""<h3>Dragon Dice Desktop {__version__}</h3>
<p>Play Dragon Dice&trade; hotseat on one computer: two to four players, a Home Terrain each
and the Frontier, the full
march sequence with maneuvers, melee, missile and magic rolls, damage, counter-attacks and
the Reserves phase.</p>
<p>Drag dice to move them (reinforce, retreat, send casualties to the DUA), or right-click a
die for its moves (double-click it to inspect it). Answer every other decision in the
Decision panel; its buttons show their keyboard shortcuts in brackets, and F1 lists them
all.</p>
<p>Every action is saved as you play: if the app or the computer stops, the next start
offers to resume the game.</p>
<p>Dragon Dice is a trademark of SFR, Inc. This is a fan-made program.</p>"""

_COVERAGE = """<h3>Rules coverage</h3>
<p>The engine plays setup, marches (maneuver and counter-maneuver, turning terrains,
capturing eighth faces), melee with saves and counter-attacks, missile attacks, damage
assignment, the Reserves phase and both victory conditions. Army rolls go through the
ten-step roll pipeline.</p>
<p><b>Not resolved yet</b> — reported in the game log and the roll panel (in orange),
never silently dropped:</p>
<ul>
<li>spells: magic results are counted but cannot be spent yet;</li>
<li>dragon attacks and summoning dragons;</li>
<li>eighth-face powers of captured terrains (City, Temple, Tower, Standing Stones and the
advanced faces);</li>
<li>species abilities;</li>
<li>moving items by hand, minor terrains;</li>
<li>many SAIs (below).</li>
</ul>
<p><b>SAIs resolved in army rolls:</b> {full}.</p>
<p><b>Partly resolved</b> (the roll part counts; the rest is reported): {partial}.</p>
<p><b>Reported only</b> (when they apply to the roll): {reported}.</p>"""


def rules_coverage_html() -> str:
    """The Rules coverage text, with the SAI lists taken from the roll engine itself so they
    stay true as handlers are added."""
    from ..catalog.model import SAI_ICONS
    from ..engine.rolls import SAI_HANDLERS, handled_icons

    full = handled_icons()
    partial = set(SAI_HANDLERS) - full
    reported = set(SAI_ICONS) - full - partial

    def names(icons) -> str:
        return ", ".join(sorted(i.value for i in icons)) or "none"

    return _COVERAGE.format(full=names(full), partial=names(partial), reported=names(reported))


def house_rules_markdown() -> str:
    """The Rulings page's "House rules" section, written from the engine's registry
    (engine/house_rules.py) so that it lists every house rule the app offers, with both
    readings (issue 6 §7)."""
    from ..engine.house_rules import HOUSE_RULES

    lines = ["## House rules", "",
             "Where players disagree, a game may use the other reading instead of the app's "
             "default. The New Game dialog asks which house rules a game uses (Preferences "
             "choose those ticked at first); a saved game keeps its house rules.", ""]
    for rule in HOUSE_RULES.values():
        lines.append(f"- **{rule.title}** ({rule.source}). Default: {rule.default} "
                     f"House rule: {rule.alternative}")
    return "\n".join(lines) + "\n"


def rulings_dialog(parent=None):
    """A non-modal dialog showing `resources/rulings.md` (the one place rulings are recorded)
    followed by the House rules section (`house_rules_markdown`), as formatted Markdown;
    `dialog.browser` is its QTextBrowser."""
    from importlib import resources

    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

    dialog = QDialog(parent)
    dialog.setWindowTitle("Rulings and limits")
    dialog.resize(720, 640)
    layout = QVBoxLayout(dialog)
    dialog.browser = QTextBrowser(dialog)
    page = resources.files("dragondice_desktop.resources").joinpath("rulings.md")
    dialog.browser.setMarkdown(page.read_text(encoding="utf-8").rstrip() + "\n\n"
                               + house_rules_markdown())
    layout.addWidget(dialog.browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    return dialog
