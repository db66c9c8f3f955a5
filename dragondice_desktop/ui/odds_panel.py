"""``OddsPanel``: what an army (and the defender) is likely to roll, before committing to a
march — exact probabilities from ``dragondice_desktop.odds``, drawn with pyqtgraph.

- ``show_army(dice, roll_type, id_multiplier=1, against=None)``: bars of P(total = k) with the
  mean and a ±1 SD band, the "at least N" curve, mean and spread in words, the list of what
  the numbers leave out, and with `against` the attack preview (damage and health-worth
  killed).
- ``compare(dice_a, dice_b, roll_type)``: two armies on one chart.
- ``export_png(path)`` / ``export_csv(path)`` (and buttons that ask for a file).
- ``set_runner(OddsRunner)``: from then on the numbers are worked out in the odds thread
  (``worker/odds_runner.py``): the panel says it is working, with how far the dice are
  folded and a Stop button, keeps the GUI responsive, and draws the newest request's answer
  when it comes (`computed` is emitted then). Without a runner it works them out at once.

A standalone widget (the game window and the force builder place it). ``DieStatsTable`` (per-die strengths for the force
builder) lives in ``odds_table.py`` and is re-exported here.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFileDialog, QGridLayout, QGroupBox, QLabel, QListWidget, QListWidgetItem, QPushButton,
    QSplitter, QVBoxLayout, QWidget,
)

from ..player_text import dice_count
from ..catalog.model import Die
from ..engine.rolls.model import RollType
from ..odds import (
    AttackPreview, Distribution, NotModelled, OddsSpec, army_distribution, as_spec,
    attack_preview,
)
from ..odds.dist import percent_text
from . import theme
from .game_log import player_text
from .odds_charts import STACK_WIDTH, OddsChart
from .odds_table import DieStatsTable

__all__ = ["OddsPanel", "DieStatsTable"]

# Narrower than this (pixels), the panel stacks everything (see OddsPanel.set_narrow).
NARROW_WIDTH = 720

WORKING_TEXT = "Until the new numbers come, the chart shows the previous ones."

CATEGORY_WORDS = {
    "effect": "SAI effect", "unresolved": "not resolved by the engine yet",
    "choice": "choice (default counted)", "modifier": "modifier not modelled",
    "assumption": "assumption", "excluded": "does not roll", "truncation": "cut off",
    "combination": "combination roll not modelled",
}


def summary_text(dist: Distribution) -> str:
    """"mean 6.4 · SD 3.8 · median 6 · 93% at least 1 · up to 40" in words."""
    return (f"mean {dist.mean:.2f} · SD {dist.sd:.2f} · median {dist.quantile(0.5)} · "
            f"{percent_text(dist.p_at_least(1))} at least 1 · 90% between "
            f"{dist.quantile(0.05)} and {dist.quantile(0.95)}")


def _spec(roll_type: RollType | str | OddsSpec, id_multiplier: int) -> OddsSpec:
    spec = as_spec(roll_type, id_multiplier)
    if isinstance(roll_type, OddsSpec) and id_multiplier != 1:
        spec = replace(spec, id_multiplier=id_multiplier)
    return spec


class OddsPanel(QWidget):
    """The odds chart with its summary, not-modelled list and export buttons.

    For tests: ``chart`` (OddsChart: ``bars``, ``curves``, ``preview_bars``),
    ``summary_label``, ``notes_list``, ``series`` (the (name, Distribution) pairs shown),
    ``preview`` (AttackPreview or None), ``error`` (the last error message, "" if none),
    ``working`` (True while the odds thread works on a request), ``stop_button``.
    Signal ``computed()``: a request worked out in the odds thread is drawn (or refused).
    """

    computed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.runner = None
        self.working = False
        self._job = 0
        self.series: list[tuple[str, Distribution]] = []
        self.preview: AttackPreview | None = None
        self.error = ""
        self.title_label = QLabel("No army chosen yet.")
        self.title_label.setFont(theme.font(11, bold=True))
        self.title_label.setWordWrap(True)
        self.summary_label = QLabel("")
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.chart = OddsChart()
        self.notes_list = QListWidget()
        self.notes_list.setWordWrap(True)
        self.notes_list.setAlternatingRowColors(True)
        self.notes_list.setMinimumHeight(90)
        self.notes_box = notes_box = QGroupBox("Not in the numbers")
        box_layout = QVBoxLayout(notes_box)
        box_layout.setContentsMargins(6, 6, 6, 6)
        box_layout.addWidget(self.notes_list)
        self.split = split = QSplitter(Qt.Orientation.Horizontal)
        split.setChildrenCollapsible(False)
        split.addWidget(self.chart)
        split.addWidget(notes_box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([900, 300])
        self.narrow = False
        self.png_button = QPushButton("Export PNG…")
        self.csv_button = QPushButton("Export CSV…")
        self.png_button.clicked.connect(self._png_clicked)
        self.csv_button.clicked.connect(self._csv_clicked)
        self.exact_label = QLabel("Exact probabilities, not simulations.")
        self.exact_label.setWordWrap(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop working out these odds")
        self.stop_button.clicked.connect(self.cancel)
        self.stop_button.setVisible(False)
        self._buttons = buttons = QGridLayout()
        self._place_buttons()
        layout = QVBoxLayout(self)
        layout.addWidget(self.title_label)
        status = QGridLayout()
        status.addWidget(self.summary_label, 0, 0)
        status.addWidget(self.stop_button, 0, 1, Qt.AlignmentFlag.AlignTop)
        status.setColumnStretch(0, 1)
        layout.addLayout(status)
        layout.addWidget(split, 1)
        layout.addLayout(buttons)
        self._set_buttons()

    # --- narrow places ----------------------------------------------------------------------

    def set_narrow(self, narrow: bool) -> None:
        """Narrow (a dock): the plots one above the other and the not-modelled list below
        the chart; wide: plots two a row with the list beside them. Chosen from the width
        on resize; tests may call it."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        self.split.setOrientation(Qt.Orientation.Vertical if narrow
                                  else Qt.Orientation.Horizontal)
        self.chart.set_stacked(narrow or self.chart.width() < STACK_WIDTH)
        self.split.setSizes([900, 200] if narrow else [900, 300])
        self._place_buttons()

    def _place_buttons(self) -> None:
        """The note and the export buttons: one row, or (narrow) the note above them."""
        grid = self._buttons
        for widget in (self.exact_label, self.png_button, self.csv_button):
            grid.removeWidget(widget)
        if self.narrow:
            grid.addWidget(self.exact_label, 0, 0, 1, 2)
            grid.addWidget(self.png_button, 1, 0)
            grid.addWidget(self.csv_button, 1, 1)
            grid.setColumnStretch(0, 1)
            grid.setColumnStretch(1, 1)
            grid.setColumnStretch(2, 0)
        else:
            grid.addWidget(self.exact_label, 0, 0)
            grid.addWidget(self.png_button, 0, 1)
            grid.addWidget(self.csv_button, 0, 2)
            grid.setColumnStretch(0, 1)
            grid.setColumnStretch(1, 0)
            grid.setColumnStretch(2, 0)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.set_narrow(self.width() < NARROW_WIDTH)

        self._set_buttons()

    # --- showing ----------------------------------------------------------------------------

    def show_army(self, dice: Sequence[Die], roll_type: RollType | str | OddsSpec,
                  id_multiplier: int = 1, against: Sequence[Die] | None = None,
                  against_spec: OddsSpec | None = None) -> Distribution | None:
        """Draw the exact distribution of `dice` rolling for `roll_type` (a RollType, a roll
        name such as "save-vs-melee", or an OddsSpec); with `against`, the attack preview
        too (`against_spec`: the defender's save roll, when known). Returns the
        Distribution, or None (and shows why) when the roll is impossible. With a runner
        (`set_runner`) it returns None at once and draws when the odds thread answers."""
        dice, against = tuple(dice), None if against is None else tuple(against)

        def work():
            spec = _spec(roll_type, id_multiplier)
            dist = army_distribution(dice, spec)
            preview = None
            if against is not None:
                if spec.dragon_attack or spec.roll_type not in (RollType.MELEE,
                                                                RollType.MISSILE):
                    raise ValueError("the attack preview needs a melee or missile roll")
                preview = attack_preview(dice, against, spec.roll_type, attacker_spec=spec,
                                         defender_spec=against_spec, eps=spec.eps)
            return spec, dist, preview

        return self._work(work, lambda result: self._draw_army(dice, against, *result),
                          _army_words(dice))

    def _draw_army(self, dice, against, spec: OddsSpec, dist: Distribution,
                   preview: AttackPreview | None) -> Distribution:
        self.error = ""
        name = dice_count(len(dice))
        self.series = [(name, dist)]
        self.preview = preview
        self.chart.draw(self.series)
        title = f"{spec.label[:1].upper()}{spec.label[1:]} — {_army_words(dice)}"
        summary = summary_text(dist)
        if preview is not None:
            self.chart.draw_preview(preview.damage, preview.killed, preview.defender_health)
            title += f" against {_army_words(against)}"
            summary += "<br>" + _preview_text(preview)
        else:
            self.chart.set_preview_visible(False)
        self.title_label.setText(title)
        self.summary_label.setText(summary)
        self._show_notes(preview.notes if preview is not None else dist.notes)
        self._set_buttons()
        return dist

    def compare(self, dice_a: Sequence[Die], dice_b: Sequence[Die],
                roll_type: RollType | str | OddsSpec, id_multiplier: int = 1,
                names: tuple[str, str] = ("Army A", "Army B"),
                spec_b: OddsSpec | None = None) -> tuple[Distribution, ...]:
        """Two armies' distributions for the same roll on one chart (`spec_b`: the second
        army's own roll, e.g. its counter-maneuver, when it differs); returns both (or ()
        and shows why when the roll is impossible; with a runner, () at once and drawn when
        the odds thread answers)."""
        dice_a, dice_b = tuple(dice_a), tuple(dice_b)

        def work():
            spec = _spec(roll_type, id_multiplier)
            return spec, (army_distribution(dice_a, spec),
                          army_distribution(dice_b, spec_b or spec))

        drawn = self._work(work, lambda result: self._draw_compare(dice_a, dice_b, names,
                                                                  *result),
                           f"{names[0]} and {names[1]}")
        return () if drawn is None else drawn

    def _draw_compare(self, dice_a, dice_b, names, spec: OddsSpec,
                      dists: tuple[Distribution, ...]) -> tuple[Distribution, ...]:
        self.error = ""
        self.series = list(zip(names, dists))
        self.preview = None
        self.chart.draw(self.series)
        self.chart.set_preview_visible(False)
        self.title_label.setText(f"{spec.label[:1].upper()}{spec.label[1:]}: "
                                 f"{names[0]}, {_army_words(dice_a)} — {names[1]}, "
                                 f"{_army_words(dice_b)}")
        below = np.concatenate([[0.0], np.cumsum(dists[1].pmf)])  # below[i] = P(B < i)
        first = dists[0].pmf
        better = float(first @ below[np.minimum(np.arange(len(first)), len(below) - 1)])
        self.summary_label.setText(
            "<br>".join(f"<b>{n}</b>: {summary_text(d)}" for n, d in self.series)
            + f"<br>{names[0]} rolls more than {names[1]}: {percent_text(better)}")
        notes = [replace(n, text=f"{names[k]}: {n.text}")
                 for k, d in enumerate(dists) for n in d.notes]
        self._show_notes(notes)
        self._set_buttons()
        return dists

    # --- working out -----------------------------------------------------------------------

    def set_runner(self, runner) -> None:
        """Work out the odds in `runner`'s thread (an OddsRunner) from now on; None: at
        once, in the caller's thread."""
        if self.runner is not None:
            for signal, slot in self._runner_slots():
                signal.disconnect(slot)
        self.runner = runner
        if runner is not None:
            for signal, slot in self._runner_slots():
                signal.connect(slot)

    def _runner_slots(self):
        runner = self.runner
        return ((runner.finished, self._finished), (runner.failed, self._failed),
                (runner.progress, self._progress), (runner.cancelled, self._cancelled))

    def _work(self, work, draw, what: str):
        """Run `work()` and `draw(result)`: at once (returning what `draw` returns, or None
        after showing a ValueError), or in the odds thread (returning None; `what` names
        the army in the meantime)."""
        if self.runner is None:
            try:
                result = work()
            except ValueError as exc:
                self._show_error(str(exc))
                return None
            return draw(result)
        self._draw_next = draw
        self._job = self.runner.request(work)
        self._set_working(True)
        self.title_label.setText(f"Working out the odds of {what}…")
        return None

    def cancel(self) -> None:
        """Stop working out the odds requested last (the chart keeps what it showed)."""
        if self.runner is not None and self.working:
            self.runner.cancel()

    def _set_working(self, working: bool) -> None:
        self.working = working
        self.stop_button.setVisible(working)
        self.chart.setEnabled(not working)
        if working:
            self.summary_label.setText(WORKING_TEXT)

    def _finished(self, job: int, result) -> None:
        if job != self._job:
            return
        self._set_working(False)
        self._draw_next(result)
        self.computed.emit()

    def _failed(self, job: int, message: str) -> None:
        if job != self._job:
            return
        self._set_working(False)
        self._show_error(message)
        self.computed.emit()

    def _progress(self, job: int, done: int, total: int) -> None:
        if job == self._job and self.working:
            self.summary_label.setText(f"{done} of {dice_count(total)} counted. {WORKING_TEXT}")

    def _cancelled(self, job: int) -> None:
        if job != self._job:
            return
        self._set_working(False)
        self.title_label.setText("Odds stopped")
        self.summary_label.setText("Working out these odds was stopped. Change the army or "
                                   "the roll to work them out again.")
        self.computed.emit()

    def _show_error(self, message: str) -> None:
        self.error = message
        self.series, self.preview = [], None
        self.chart.clear_all()
        self.chart.set_preview_visible(False)
        self.title_label.setText("No odds for this roll")
        self.summary_label.setText(message)
        self.notes_list.clear()
        self._set_buttons()

    def _show_notes(self, notes: Sequence[NotModelled]) -> None:
        self.notes_list.clear()
        # The cut of roll-again chains is a stated limit of the method; list it last.
        notes = sorted(notes, key=lambda n: n.category == "truncation")
        if not notes:
            self.notes_list.addItem("Nothing: every face of these dice is counted.")
            return
        for note in notes:
            chance = ("" if note.probability is None
                      else f" — {percent_text(note.probability)}")
            item = QListWidgetItem(player_text(f"{note.what}{chance}: {note.text}"))
            item.setToolTip(f"{CATEGORY_WORDS.get(note.category, note.category)}"
                            + (f"; dice: {', '.join(note.dice)}" if note.dice else ""))
            if note.category in ("unresolved", "truncation"):
                item.setForeground(QColor(theme.UNRESOLVED_COLOR))
            self.notes_list.addItem(item)

    def _set_buttons(self) -> None:
        self.png_button.setEnabled(bool(self.series))
        self.csv_button.setEnabled(bool(self.series))

    # --- exporting --------------------------------------------------------------------------

    def export_png(self, path: str | Path) -> Path:
        """The chart as a PNG (pyqtgraph exporter)."""
        return self.chart.export_png(path)

    def export_csv(self, path: str | Path) -> Path:
        """Every series shown, long format: series, total, P(total = k), P(total >= k);
        with an attack preview also the damage and health-worth-killed series."""
        path = Path(path)
        rows = list(self.series)
        if self.preview is not None:
            rows += [("damage", self.preview.damage), ("health-worth killed",
                                                       self.preview.killed)]
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["series", "total", "probability", "at_least"])
            for name, dist in rows:
                tail = dist.at_least()
                for k, p in enumerate(dist.pmf):
                    writer.writerow([name, k, f"{p:.12g}", f"{tail[k]:.12g}"])
        return path

    def _png_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export chart", "odds.png",
                                              "PNG images (*.png)")
        if path:
            self.export_png(path)

    def _csv_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export distribution", "odds.csv",
                                              "CSV files (*.csv)")
        if path:
            self.export_csv(path)


def _army_words(dice: Sequence[Die]) -> str:
    units = sum(1 for d in dice if d.kind.is_unit)
    health = sum(d.health for d in dice if d.kind.is_unit)
    items = len(dice) - units
    text = f"{units} unit{'s' * (units != 1)} ({health} health)"
    return text + (f" + {items} item{'s' * (items != 1)}" if items else "")


def _preview_text(preview: AttackPreview) -> str:
    damage, killed = preview.damage, preview.killed
    return (f"<b>Attack preview</b>: damage mean {damage.mean:.2f} (SD {damage.sd:.2f}), "
            f"{percent_text(damage.p_at_least(1))} some damage; health-worth killed mean "
            f"{killed.mean:.2f} of {preview.defender_health}, "
            f"{percent_text(killed.p_at_least(1))} at least one kill")

