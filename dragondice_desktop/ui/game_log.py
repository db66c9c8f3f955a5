"""The game log: every event's text, newest at the bottom, turn headers in bold. A game
played with house rules (issue 6 §7) shows them in a first line, above the events.

Rebuilt from the snapshot's history after a new game, undo or load; appended to after an
action, so a long game does not redraw thousands of lines per move.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QListView, QListWidget, QListWidgetItem, QWidget

from ..engine.events import Event
from ..engine.house_rules import HOUSE_RULES
from ..player_text import player_text  # noqa: F401  (the panels import it from here)
from ..worker.snapshot import GameSnapshot
from . import theme
from .house_rules_box import house_rule_tooltip, house_rules_text

_KIND_COLOURS = {"unresolved": theme.UNRESOLVED_COLOR, "victory": "#9a6b00", "damage": "#b02a2a"}


def is_turn_header(event: Event) -> bool:
    """True for the event that starts a turn ("Turn 3: Bob")."""
    return event.kind == "phase" and event.text.startswith("Turn ")


EVENT_TEXT = Qt.ItemDataRole.UserRole  # an item's event text, as the engine wrote it


def note_item(text: str) -> QListWidgetItem:
    """A log line that is no event: a computer move's reason or a hint (italic, slate
    blue)."""
    item = QListWidgetItem(text)
    font = item.font()
    font.setItalic(True)
    item.setFont(font)
    item.setForeground(QColor("#6a5acd"))
    return item


class GameLog(QListWidget):
    """The log widget. `lines()` returns the events' texts, one per line (for tests: the
    log holds the game's events), `shown_lines()` the texts shown (without the engine's
    internal references, see `player_text`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameLog")
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # Long lines wrap instead of scrolling sideways; Adjust re-wraps when the dock resizes.
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # A scroll bar that appears later narrows the lines without re-measuring them, and a
        # line wrapped by it overlaps the next: keep the width the same from the start.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)

    def set_snapshot(self, snapshot: GameSnapshot) -> None:
        """Append this change's events (an action or a redo), or rebuild the log for a new,
        undone or loaded game."""
        if snapshot.appends:
            self.append(snapshot.events)
        else:
            self.rebuild(snapshot)

    def append(self, events: Iterable[Event]) -> None:
        """Add events at the bottom and scroll to show the newest."""
        for event in events:
            self.addItem(self._item(event))
        self.scrollToBottom()

    def resizeEvent(self, event) -> None:
        # Keep the newest line in view when the dock is resized or first shown.
        at_bottom = self.verticalScrollBar().value() >= self.verticalScrollBar().maximum() - 2
        super().resizeEvent(event)
        if at_bottom or not self.isVisible():
            self.scrollToBottom()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.scrollToBottom()

    def rebuild(self, snapshot: GameSnapshot) -> None:
        """Draw the whole log again (a new, undone or loaded game; a theme change): the
        house rules line, if the game has any, then every event, each computer move's
        reason (the record's notes) just before the events of its move."""
        self.clear()
        rules = snapshot.record.options.house_rules
        if rules:
            item = QListWidgetItem(f"House rules: {house_rules_text(rules)}")
            item.setToolTip("".join(house_rule_tooltip(HOUSE_RULES[r], titled=True)
                                    for r in rules))
            item.setFont(theme.font(9.5, bold=True))
            self.addItem(item)
        record = snapshot.record
        if not record.notes:
            self.append(snapshot.all_events)
            return
        for index, events in enumerate(snapshot.history):
            for text in record.notes_for(index):
                self.addItem(note_item(text))
            for event in events:
                self.addItem(self._item(event))
        self.scrollToBottom()

    def lines(self) -> list[str]:
        """The event text of every line, oldest first (the house rules line is no event)."""
        texts = (self.item(i).data(EVENT_TEXT) for i in range(self.count()))
        return [text for text in texts if text is not None]

    def shown_lines(self) -> list[str]:
        """The text every line shows, oldest first."""
        return [self.item(i).text() for i in range(self.count())]

    def _item(self, event: Event) -> QListWidgetItem:
        item = QListWidgetItem(player_text(event.text))
        item.setData(EVENT_TEXT, event.text)
        if is_turn_header(event):
            item.setFont(theme.font(10.5, bold=True))
            item.setBackground(QBrush(QColor(theme.player_color(event.player)).lighter(170)))
            item.setForeground(QBrush(QColor("#101010")))  # on the light band in any theme
        elif event.kind == "phase":
            font = theme.font(9)
            font.setItalic(True)
            item.setFont(font)
            item.setForeground(QBrush(QColor("#9a9a9a" if theme.is_dark() else "#555555")))
        elif event.kind in _KIND_COLOURS:
            item.setForeground(QBrush(QColor(_KIND_COLOURS[event.kind])))
            if event.kind == "victory":
                item.setFont(theme.font(10.5, bold=True))
        elif event.kind in ("roll", "face"):  # "face": a die's face in a manual-dice game
            item.setForeground(QBrush(theme.player_color(event.player).darker(160)))
        return item
