"""The SAI and spell glossary window (Help ▸ SAI and spell glossary, F2): a search box and
the generated entries of `glossary.py` as formatted text, one tab for SAIs and one for
spells."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QLineEdit, QTabWidget, QTextBrowser, QVBoxLayout, QWidget,
)

from ..engine.core.options import CLASSIC, V401
from ..player_text import count_of, player_text
from .glossary import SaiEntry, sai_entries_of, spell_facts, spell_text, spells, spells_not_played
from .glossary_texts import SPELLS_NOTE, SPELLS_NOTE_1996, X_RULE

_STATUS_WORDS = {"handled": "resolved by the app", "partial": "partly resolved",
                 "not handled": "not resolved yet"}


def sai_html(entries: list[SaiEntry]) -> str:
    """The SAI entries as HTML: name, summary, rolls it applies to, what it gives in each
    roll (only the rolls where it does something)."""
    blocks = [f"<p><i>{html.escape(X_RULE)}</i></p>"]
    for e in entries:
        active = [(name, text) for name, text in e.rolls if text != "—"]
        idle = [name for name, text in e.rolls if text == "—"]
        rows = "".join(f"<tr><td style='padding-right:10px'><b>{html.escape(n)}</b></td>"
                       f"<td>{html.escape(t)}</td></tr>" for n, t in active)
        status = _STATUS_WORDS.get(e.status, e.status)
        note = (f" — {html.escape(player_text(e.status_note))}"
                if e.status != "handled" and e.status_note else "")
        blocks.append(
            f"<h3 style='margin-bottom:2px'>{html.escape(e.name)}</h3>"
            f"<p style='margin-top:0'>{html.escape(e.summary)}<br>"
            f"<small>Applies in: {html.escape(e.applies)} · {status}{note}</small></p>"
            + (f"<table>{rows}</table>" if rows else "")
            + (f"<p><small>No effect in: {html.escape(', '.join(idle))}</small></p>"
               if idle and active else "")
            + (f"<p><small>How the game applies it: {html.escape(e.rules)}</small></p>"
               if e.rules else ""))
    return "".join(blocks)


def spells_html(chosen, ruleset: str = V401, not_played=()) -> str:
    """The spells (catalog Spell values) of the game of `ruleset` as HTML, after the note on
    casting them: name, cost and markers, what it does; then `not_played` ((name, why)
    pairs: spells of that game the app does not offer yet)."""
    rows = []
    for spell in chosen:
        text = spell_text(spell, ruleset) or ("Its text is not known to the app (Dracolem "
                                              "alloy spell): it is never offered.")
        rows.append(f"<p style='margin:4px 0'><b>{html.escape(spell.name)}</b> — "
                    f"<small>{html.escape(spell_facts(spell, ruleset))}</small><br>"
                    f"{html.escape(text)}</p>")
    for name, why in not_played:
        rows.append(f"<p style='margin:4px 0'><b>{html.escape(name)}</b> — "
                    f"<small>not offered by the app yet</small><br>"
                    f"{html.escape(player_text(why))}</p>")
    note = SPELLS_NOTE_1996 if ruleset == CLASSIC else SPELLS_NOTE
    return f"<p><i>{html.escape(note)}</i></p>" + "".join(rows)


class GlossaryDialog(QDialog):
    """The glossary. For tests: `search`, `tabs`, `sai_view`, `spell_view`, `shown` and
    `shown_spells` (names listed after filtering, the spells not offered yet included).
    `ruleset`: the spells of that game (`set_ruleset` changes it)."""

    def __init__(self, parent: QWidget | None = None, ruleset: str = V401) -> None:
        super().__init__(parent)
        self.ruleset = ruleset
        self.setWindowTitle("SAI and spell glossary")
        self.setObjectName("glossary")
        self.resize(760, 780)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find an icon or a spell…")
        self.search.setClearButtonEnabled(True)
        self.sai_view = QTextBrowser()
        self.spell_view = QTextBrowser()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.sai_view, "Special Action Icons")
        self.tabs.addTab(self.spell_view, "Spells")
        self.count_label = QLabel()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.count_label)
        layout.addWidget(buttons)
        self.shown: list[str] = []
        self.search.textChanged.connect(self._refresh)
        self._refresh("")

    def _refresh(self, text: str) -> None:
        needle = text.strip().casefold()
        entries = [e for e in sai_entries_of(self.ruleset)
                   if not needle or needle in e.name.casefold() or needle in e.summary.casefold()]
        ruleset = self.ruleset
        chosen = [s for s in spells(ruleset) if not needle or needle in s.name.casefold()
                  or needle in spell_text(s, ruleset).casefold()]
        later = [(name, why) for name, why in spells_not_played(ruleset)
                 if not needle or needle in name.casefold() or needle in why.casefold()]
        self.shown = [e.name for e in entries]
        self.shown_spells = [s.name for s in chosen] + [name for name, _ in later]
        self.sai_view.setHtml(sai_html(entries))
        self.spell_view.setHtml(spells_html(chosen, ruleset, later))
        self.count_label.setText(f"{count_of(len(entries), 'icon')} · "
                                 f"{count_of(len(self.shown_spells), 'spell')}"
                                 + (" of the 1996 game" if ruleset == CLASSIC else ""))

    def set_ruleset(self, ruleset: str) -> None:
        """Show the icons and spells of the game of `ruleset` (the game on the table)."""
        if ruleset != self.ruleset:
            self.ruleset = ruleset
            self._refresh(self.search.text())
