"""The latest roll(s), die by die: the faces shown (re-rolls too), what each gave, the total,
effects the engine does not resolve yet, and the engine's "explain this roll" text.

`RollPanel.set_snapshot` shows the rolls of the most recent action that rolled dice. New
rolls tumble for a moment (`RollAnimator`) and their totals and gains show once the dice settle;
clicking the panel skips that. "Explain this roll" opens the explanation in a window of its own
that can be made as large as needed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QMouseEvent, QPixmap
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFrame, QGridLayout, QHBoxLayout, QLabel, QScrollArea,
    QTextBrowser, QToolButton, QVBoxLayout, QWidget,
)

from ..catalog.loader import load_catalog
from ..engine.core.events import Event
from ..engine.core.state import GameState
from ..worker.snapshot import Change, GameSnapshot
from . import theme
from .animation import Flicker, RollAnimator, tumble_frames
from .dice_painter import render_die
from ..player_text import player_lines, player_text

FACE_SIZE = 34
FLICK_FRAMES = 6
COLUMNS = 4  # dice per row in a roll block


def latest_rolls(history: Sequence[Sequence[Event]]) -> list[Event]:
    """The roll events of the most recent action that rolled dice (empty if none did)."""
    for events in reversed(history):
        rolls = [e for e in events if e.kind == "roll" and e.roll is not None]
        if rolls:
            return rolls
    return []


_DIE_LINE = re.compile(r"^Die (\d+) ([^:\n]+):", re.MULTILINE)


def explain_text(text: str, state: GameState | None = None) -> str:
    """The engine's "explain this roll" text for a player: "Die 36 Undead/Vampire: ..."
    becomes "Bob's Vampire: ..." (the die's owner from `state`) or "Vampire: ..." without a
    state, a die named by its catalog key elsewhere ("rolled 2 dice: Amazons/Seer 1 ID ...")
    by its name ("Seer 1 ID"), and internal references go (`player_text`, line by line)."""
    catalog = load_catalog()

    def name(match: re.Match) -> str:
        die_id, key = int(match.group(1)), match.group(2).strip()
        if state is not None and 0 <= die_id < len(state.dice):
            return f"{state.die_label(die_id)}:"
        die = catalog.dice.get(key)
        return f"{die.name if die is not None else key.rsplit('/', 1)[-1]}:"

    text = _DIE_LINE.sub(name, text)
    text = _catalog_keys().sub(lambda m: catalog.dice[m.group(0)].name, text)
    return player_lines(text)


@functools.cache
def _catalog_keys() -> re.Pattern[str]:
    """Every die key of the catalog ("Amazons/Seer"), the longest first."""
    keys = sorted(load_catalog().dice, key=len, reverse=True)
    return re.compile("|".join(re.escape(key) for key in keys))


def total_text(result) -> str:
    """A roll's total: "Total melee: 5"; a combination roll (a counter-attack's save and
    melee, a dragon attack's save and melee and missile) every type it counts, "Total: 4
    save, 2 melee, 0 missile"."""
    counted = result.context.counted if result.context is not None else ()
    if len(counted) > 1:
        return "Total: " + ", ".join(f"{result.total(rt)} {rt.value}" for rt in counted)
    return f"Total {result.roll_type.value}: {result.total()}"


def gains_text(outcome) -> str:
    """What one die gave in plain words, e.g. "2 melee, 1 save" or "nothing": one sum per
    result type, in the order they came (a die rolled again and again that gave 3 melee each
    time says "9 melee"; each gain is in its tooltip)."""
    sums: dict[str, int] = {}
    for c in outcome.contributions:
        if c.amount:
            sums[c.result_type.value] = sums.get(c.result_type.value, 0) + c.amount
    return ", ".join(f"{amount} {kind}" for kind, amount in sums.items()) or "nothing"


class RollPanel(QScrollArea):
    """Shows the latest roll(s). For tests: `total_labels`, `explain_labels`,
    `unresolved_labels` (QLabels of what is shown) and `animator`."""

    def __init__(self, instant: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.animator = RollAnimator(instant=instant, parent=self)
        self.total_labels: list[QLabel] = []
        self.explain_labels: list[QLabel] = []
        self.unresolved_labels: list[QLabel] = []
        self._shown: tuple = ()
        self._state: GameState | None = None
        self._reveal: list[tuple[QLabel, str]] = []  # texts shown once the dice settle
        self.explain_window: QDialog | None = None
        self.animator.finished.connect(self._settled)
        self._set_content([QLabel("No dice rolled yet.")])

    def set_duration(self, milliseconds: int) -> None:
        """How long new rolls flick (0: show them at once). A panel built with
        `instant=True` (tests, screenshots) stays instant."""
        self.animator.set_duration(milliseconds)

    def set_snapshot(self, snapshot: GameSnapshot, force: bool = False) -> None:
        """Show the rolls of the latest action that rolled; animate only fresh rolls.
        `force` redraws even if those rolls are already shown (after a theme change)."""
        rolls = latest_rolls(snapshot.history)
        key = tuple(id(e.roll) for e in rolls)
        if key == self._shown and not force:
            return
        self._shown = key
        fresh = snapshot.change is Change.ACTION and any(e.kind == "roll" for e in snapshot.events)
        self.show_rolls(rolls, animate=fresh, state=snapshot.state)

    def show_rolls(self, rolls: Sequence[Event], animate: bool = False,
                   state: GameState | None = None) -> None:
        """Show these roll events (each carries a RollResult in `.roll`); with the game
        `state`, the explanations name each die's owner ("Bob's Vampire")."""
        self._state = state
        self.animator.skip()
        self.total_labels, self.explain_labels, self.unresolved_labels = [], [], []
        if not rolls:
            self._set_content([QLabel("No dice rolled yet.")])
            return
        flickers: list[Flicker] = []
        self._reveal = []
        blocks = [self._roll_block(event, flickers) for event in rolls]
        self._set_content(blocks)
        for label, _text in self._reveal:  # hidden until the dice settle
            label.setText("Rolling…" if label.objectName() == "rollTotal" else "")
        self.animator.start(flickers, instant=None if animate else True)

    def _settled(self) -> None:
        """The dice have settled: show the totals and what each die gave."""
        for label, text in self._reveal:
            label.setText(text)
        self._reveal = []

    def _roll_block(self, event: Event, flickers: list[Flicker]) -> QWidget:
        result = event.roll
        block = QFrame()
        block.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(block)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        header = QLabel(player_text(event.text.rsplit(" rolls ", 1)[0]))
        header.setWordWrap(True)
        colour = theme.player_color(event.player).darker(120).name()
        header.setStyleSheet(f"font-weight: bold; color: {colour};")
        layout.addWidget(header)
        total = QLabel(total_text(result))
        total.setObjectName("rollTotal")
        total.setFont(theme.font(11, bold=True))
        layout.addWidget(total)
        self.total_labels.append(total)
        self._reveal.append((total, total.text()))
        grid = QGridLayout()
        grid.setSpacing(2)
        for column in range(COLUMNS):
            grid.setColumnStretch(column, 1)
        catalog = load_catalog()
        for index, outcome in enumerate(result.dice):
            die = catalog.die(outcome.key)
            grid.addWidget(self._die_cell(die, outcome, flickers), *divmod(index, COLUMNS))
        layout.addLayout(grid)
        for outcome in result.dice:
            for item in outcome.unresolved:
                name = catalog.die(outcome.key).name
                warn = QLabel(player_text(
                    f"⚠ {name} — {item.icon.value} not resolved yet: {item.reason}"))
                warn.setWordWrap(True)
                warn.setStyleSheet(f"color: {theme.UNRESOLVED_COLOR}; font-weight: bold;")
                layout.addWidget(warn)
                self.unresolved_labels.append(warn)
        explain = QLabel(explain_text(result.explain(), self._state))
        explain.setObjectName("rollExplain")
        explain.setWordWrap(True)
        explain.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        explain.setStyleSheet("font-family: monospace; font-size: 8pt; color: #333;"
                              "background: #f4f1e6; padding: 4px;")
        explain.hide()  # kept for its text; shown in the explanation window
        toggle = QToolButton()
        toggle.setText("Explain this roll…")
        toggle.setToolTip("Every step of how this roll was counted, in a window of its own")
        title = header.text()
        toggle.clicked.connect(lambda _=False, t=title, e=explain: self.open_explanation(
            t, e.text()))
        layout.addWidget(toggle)
        layout.addWidget(explain)
        self.explain_labels.append(explain)
        return block

    def open_explanation(self, title: str, text: str) -> QDialog:
        """Show a roll's explanation in a resizable window (one at a time: it shows the
        roll last asked for); returns the window. Its Close button, Esc or the window's own
        close button put it away."""
        window = self.explain_window
        if window is None:
            window = self.explain_window = QDialog(self.window())
            window.setObjectName("explainWindow")
            window.setSizeGripEnabled(True)
            window.resize(640, 480)
            view = QTextBrowser(window)
            view.setObjectName("explainText")
            view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
            buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, window)
            buttons.setObjectName("explainButtons")
            buttons.rejected.connect(window.reject)  # Close, and Esc (QDialog's own key)
            box = QVBoxLayout(window)
            box.addWidget(view)
            box.addWidget(buttons)
        window.setWindowTitle(f"Explain this roll — {title}")
        window.findChild(QTextBrowser, "explainText").setPlainText(player_lines(text))
        window.show()
        window.raise_()
        return window

    def _die_cell(self, die, outcome, flickers: list[Flicker]) -> QWidget:
        """One die: every face it showed (re-rolled faces dimmed), its name, what it gave."""
        cell = QWidget()
        column = QVBoxLayout(cell)
        column.setContentsMargins(0, 0, 0, 2)
        column.setSpacing(0)
        faces = QHBoxLayout()
        faces.setSpacing(0)
        faces.addStretch(1)
        for n, face in enumerate(outcome.faces):
            last = n == len(outcome.faces) - 1
            label = QLabel()
            label.setFixedSize(FACE_SIZE, FACE_SIZE)
            label.setToolTip(player_text(die.faces[face].to_text())
                             + ("" if last else " (rolled again)"))
            final = self._face(die, face, dimmed=not last)
            frames = tumble_frames(lambda f: self._face(die, f), face, len(die.faces),
                                   FLICK_FRAMES)
            label.setPixmap(final)
            flickers.append(Flicker(label, frames, final))
            faces.addWidget(label)
        faces.addStretch(1)
        column.addLayout(faces)
        name = QLabel(die.name)
        name.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        name.setStyleSheet("font-size: 7.5pt; " + theme.MUTED_CSS)
        gains = QLabel(gains_text(outcome))
        self._reveal.append((gains, gains.text()))
        gains.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        gains.setWordWrap(True)
        nothing = not any(c.amount for c in outcome.contributions)
        gains.setStyleSheet("font-size: 8pt; color: #999;" if nothing
                            else f"font-size: 8pt; font-weight: bold; color: {theme.gain_color()};")
        column.addWidget(name)
        column.addWidget(gains)
        cell.setToolTip("\n".join(player_text(line) for line in (
            [die.name] + [c.source for c in outcome.contributions]
            + [f"no effect: {r}" for r in outcome.ignored])))
        return cell

    def _face(self, die, face: int, dimmed: bool = False) -> QPixmap:
        """A FACE_SIZE die picture painted for this screen's pixel density."""
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(render_die(die, face, round(FACE_SIZE * ratio), dimmed=dimmed))
        pixmap.setDevicePixelRatio(ratio)  # on a copy: the painter's cached pixmap is shared
        return pixmap

    def _set_content(self, widgets: list[QWidget]) -> None:
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(4, 4, 4, 4)
        for widget in widgets:
            layout.addWidget(widget)
        layout.addStretch(1)
        old = self.takeWidget()
        if old is not None:
            old.deleteLater()
        self.setWidget(content)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.animator.skip()
        super().mousePressEvent(event)
