"""The game log: every event's text, newest at the bottom, turn headers in bold. A game
played with house rules (issue 6 §7) shows them in a first line, above the events.

Rebuilt from the snapshot's history after a new game, undo or load; appended to after an
action, so a long game does not redraw thousands of lines per move. Qt model/view: a
``GameLogModel`` (one row per line, appended with beginInsertRows) shown in a QListView.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

from ..engine.core.events import Event
from ..engine.core.house_rules import HOUSE_RULES
from ..player_text import player_text  # noqa: F401  (the panels import it from here)
from ..worker.snapshot import GameSnapshot
from . import theme
from .house_rules_box import house_rule_tooltip, house_rules_text

LAYOUT_BATCH = 400  # lines measured at a time (a short game's log: all at once)
_KIND_COLOURS = {"unresolved": theme.UNRESOLVED_COLOR, "victory": "#9a6b00", "damage": "#b02a2a"}


def is_turn_header(event: Event) -> bool:
    """True for the event that starts a turn ("Turn 3: Bob")."""
    return event.kind == "phase" and event.text.startswith("Turn ")


EVENT_TEXT = Qt.ItemDataRole.UserRole  # a line's event text, as the engine wrote it


@dataclass(frozen=True)
class LogLine:
    """One line of the log: the text shown, the engine's event text (None for a line that is
    no event: the house rules, a computer player's note), and how it looks."""

    shown: str
    event_text: str | None = None
    tooltip: str = ""
    font: QFont | None = None
    foreground: QBrush | None = None
    background: QBrush | None = None


class GameLogModel(QAbstractListModel):
    """The log's lines as a Qt list model. `lines`: the LogLines, oldest first."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.lines: list[LogLine] = []

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt API)
        return 0 if parent.isValid() else len(self.lines)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        line = self.lines[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return line.shown
        if role == EVENT_TEXT:
            return line.event_text
        if role == Qt.ItemDataRole.ToolTipRole:
            return line.tooltip or None
        if role == Qt.ItemDataRole.FontRole:
            return line.font
        if role == Qt.ItemDataRole.ForegroundRole:
            return line.foreground
        if role == Qt.ItemDataRole.BackgroundRole:
            return line.background
        return None

    def add(self, lines: list[LogLine]) -> None:
        """Append lines at the bottom."""
        if not lines:
            return
        first = len(self.lines)
        self.beginInsertRows(QModelIndex(), first, first + len(lines) - 1)
        self.lines.extend(lines)
        self.endInsertRows()

    def clear(self) -> None:
        """Remove every line."""
        self.beginResetModel()
        self.lines = []
        self.endResetModel()


NOTE_COLOUR = "#6a5acd"  # slate blue: a line that is no event (a computer's reason, a hint)


def note_line(text: str, colour: str = NOTE_COLOUR) -> LogLine:
    """A log line that is no event: a computer move's reason or a hint (italic), in the
    players' words (`player_text`)."""
    font = theme.font(9)
    font.setItalic(True)
    return LogLine(player_text(text), None, "", font, QBrush(QColor(colour)))


class GameLog(QListView):
    """The log view (over a GameLogModel, `log_model`). `lines()` returns the events' texts,
    one per line (for tests: the log holds the game's events), `shown_lines()` the texts
    shown (without the engine's internal references, see `player_text`), `tooltip(row)` a
    line's tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gameLog")
        self.log_model = GameLogModel(self)
        self.setModel(self.log_model)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
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
        # A long game's log (thousands of wrapped lines) is measured a batch of lines at a
        # time between the window's other work, not all at once when it is opened; the view
        # keeps to the newest line while the batches come in, unless the player scrolls.
        self.setLayoutMode(QListView.LayoutMode.Batched)
        self.setBatchSize(LAYOUT_BATCH)
        self._follow = True
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.actionTriggered.connect(self._scrolled_by_player)

    def set_snapshot(self, snapshot: GameSnapshot) -> None:
        """Append this change's events (an action or a redo), or rebuild the log for a new,
        undone or loaded game."""
        if snapshot.appends:
            self.append(snapshot.events)
        else:
            self.rebuild(snapshot)

    def append(self, events: Iterable[Event]) -> None:
        """Add events at the bottom and scroll to show the newest."""
        self.log_model.add([self._line(event) for event in events])
        self.scrollToBottom()

    def add_note(self, text: str, colour: str = NOTE_COLOUR) -> None:
        """Add a line that is no event of the game (a computer player's move and reason, a
        hint), in italics, and scroll to it."""
        self.log_model.add([note_line(text, colour)])
        self.scrollToBottom()

    def addItem(self, item) -> None:  # noqa: N802 — for callers that still build list items
        """Add a line made like a QListWidgetItem (its text, font and colour); a line that
        is no event of the game (see `add_note`)."""
        self.log_model.add([LogLine(player_text(item.text()), None, player_text(item.toolTip()),
                                    item.font(), item.foreground())])
        self.scrollToBottom()

    def scrollToBottom(self) -> None:  # noqa: N802 — Qt's name
        """Show the newest line, and keep to it while the lines are measured."""
        self._follow = True
        super().scrollToBottom()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.verticalScrollBar().setValue(high)

    def _scrolled_by_player(self, _action: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = bar.sliderPosition() >= bar.maximum() - 2

    def count(self) -> int:
        """The number of lines."""
        return self.log_model.rowCount()

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
        self.log_model.clear()
        rules = snapshot.record.options.house_rules
        if rules:
            tip = "".join(house_rule_tooltip(HOUSE_RULES[r], titled=True) for r in rules)
            self.log_model.add([LogLine(f"House rules: {house_rules_text(rules)}", None, tip,
                                        theme.font(9.5, bold=True))])
        record = snapshot.record
        if not record.notes:
            self.append(snapshot.all_events)
            return
        lines: list[LogLine] = []
        for index, events in enumerate(snapshot.history):
            lines += [note_line(text) for text in record.notes_for(index)]
            lines += [self._line(event) for event in events]
        self.log_model.add(lines)
        self.scrollToBottom()

    def lines(self) -> list[str]:
        """The event text of every line, oldest first (the house rules line is no event)."""
        return [line.event_text for line in self.log_model.lines if line.event_text is not None]

    def shown_lines(self) -> list[str]:
        """The text every line shows, oldest first."""
        return [line.shown for line in self.log_model.lines]

    def tooltip(self, row: int) -> str:
        """The tooltip of line `row` ("" when it has none)."""
        return self.log_model.lines[row].tooltip

    def _line(self, event: Event) -> LogLine:
        text = player_text(event.text)
        if is_turn_header(event):
            return LogLine(text, event.text, "", theme.font(10.5, bold=True),
                           QBrush(QColor("#101010")),  # on the light band in any theme
                           QBrush(QColor(theme.player_color(event.player)).lighter(170)))
        if event.kind == "phase":
            font = theme.font(9)
            font.setItalic(True)
            return LogLine(text, event.text, "", font,
                           QBrush(QColor("#9a9a9a" if theme.is_dark() else "#555555")))
        if event.kind in _KIND_COLOURS:
            font = theme.font(10.5, bold=True) if event.kind == "victory" else None
            return LogLine(text, event.text, "", font,
                           QBrush(QColor(_KIND_COLOURS[event.kind])))
        if event.kind in ("roll", "face"):  # "face": a die's face in a manual-dice game
            return LogLine(text, event.text, "", None,
                           QBrush(theme.player_color(event.player).darker(160)))
        return LogLine(text, event.text)
