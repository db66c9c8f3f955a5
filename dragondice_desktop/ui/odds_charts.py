"""The odds charts (pyqtgraph): bars of P(total = k), the "at least N" curve, and the attack
preview (damage and health-worth killed), for one army or two compared.

``OddsChart`` only draws ``odds.Distribution`` values handed to it; the numbers come from the
``odds`` package. Exports the whole chart to PNG (pyqtgraph's ImageExporter).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from pyqtgraph.exporters import ImageExporter
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from ..odds import Distribution

# Series colours: the seat colours' hues, darkened to read on white.
SERIES_COLORS = ("#2f7fd0", "#e0662a", "#3a9a4a", "#8a4fc0")
DAMAGE_COLOR = "#d23c3c"
KILLED_COLOR = "#7a1f1f"
TEXT = "#333333"
# Totals whose chance of being reached is below this are off the chart (the pmf keeps them).
SHOWN_TAIL = 5e-4
# Narrower than this (pixels), the chart puts its plots one above the other.
STACK_WIDTH = 560


def shown_max(dists: Sequence[Distribution]) -> int:
    """The largest total worth showing: the last k with P(total >= k) >= SHOWN_TAIL."""
    top = 0
    for d in dists:
        tail = d.at_least()
        keep = np.flatnonzero(tail >= SHOWN_TAIL)
        top = max(top, int(keep[-1]) if keep.size else 0)
    return top


def _style(plot: pg.PlotItem, title: str, x_label: str, y_label: str) -> None:
    plot.setTitle(title, color=TEXT, size="10pt")
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    plot.showGrid(x=False, y=True, alpha=0.25)
    for name, label in (("bottom", x_label), ("left", y_label)):
        axis = plot.getAxis(name)
        axis.setTextPen(TEXT)
        axis.setPen(pg.mkPen("#999999"))
        axis.setLabel(label, color=TEXT)


def _label_span(mean: float, top: int) -> tuple[float, float]:
    """The x extent (data units) of a mean's label: to the right of its line, or to the left
    in the right part of the plot (so it never runs off the edge); a label is taken as
    about a fifth of the plot's width."""
    width = 0.2 * (top + 1.2)
    return (mean - width, mean) if mean > top * 0.6 else (mean, mean + width)


def _label_levels(means: Sequence[float], top: int) -> list[int]:
    """The line (0 = top) of each mean label: a label moves down a line while it would
    overlap one already placed there."""
    spans = [_label_span(mean, top) for mean in means]
    levels: list[int] = []
    for k, (left, right) in enumerate(spans):
        level = 0
        while any(levels[j] == level and left < spans[j][1] and spans[j][0] < right
                  for j in range(k)):
            level += 1
        levels.append(level)
    return levels or [0]


def _integer_ticks(plot: pg.PlotItem, top: int, most: int = 12) -> None:
    """Whole-number ticks 0..top, at most about `most` labels (steps 1, 2, 5, 10, 20 ...)."""
    step = 1
    while top / step > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    plot.getAxis("bottom").setTicks([[(k, str(k)) for k in range(0, top + 1, step)],
                                     [(k, "") for k in range(0, top + 1)]])


class OddsChart(pg.GraphicsLayoutWidget):
    """"Chance of each total" (bars, mean line, and a ±1 SD band for a single army) and
    "Chance of at least N" (curve); for an attack preview also "Damage" and "Health-worth
    killed". Side by side (two plots a row) when wide, one above the other when narrow
    (`set_stacked`, chosen from the width on resize unless fixed by the caller).

    Nothing is drawn over the bars: the mean labels sit in headroom kept above the tallest
    bar, and a comparison's key (colour, name, mean, SD) is a line of text above the plots;
    a single army has no key (its mean and SD are in the panel's summary).

    For tests: ``bars`` (the BarGraphItems drawn), ``curves`` (the at-least PlotDataItems),
    ``preview_bars`` (damage, killed), ``legend`` (the key: a LabelItem, empty for one army),
    ``mean_labels`` (the TextItems naming the means), ``stacked``.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground("w")
        self.ci.setSpacing(10)
        self.ci.setContentsMargins(2, 2, 2, 2)
        self.stacked = False
        self.auto_stack = True
        self.preview_shown = False
        self.legend = pg.LabelItem("", justify="left")
        self.dist_plot = pg.PlotItem()
        self.tail_plot = pg.PlotItem()
        self.damage_plot = pg.PlotItem()
        self.killed_plot = pg.PlotItem()
        _style(self.dist_plot, "Chance of each total", "total", "%")
        _style(self.tail_plot, "Chance of at least N", "N", "%")
        _style(self.damage_plot, "Attack preview: damage after saves", "damage", "%")
        _style(self.killed_plot, "Attack preview: health-worth killed", "health-worth", "%")
        self.bars: list[pg.BarGraphItem] = []
        self.curves: list[pg.PlotDataItem] = []
        self.preview_bars: list[pg.BarGraphItem] = []
        self.mean_labels: list[pg.TextItem] = []
        # plot -> (tallest bar, [(label, line)]): the headroom to keep for its labels.
        self._headroom: dict[pg.PlotItem, tuple[float, list[tuple[pg.TextItem, int]]]] = {}
        for plot in (self.dist_plot, self.damage_plot, self.killed_plot):
            plot.getViewBox().sigResized.connect(lambda _vb, p=plot: self._fit_height(p))
        self._arrange()

    # --- arrangement ------------------------------------------------------------------------

    def set_stacked(self, stacked: bool) -> None:
        """One plot a row (narrow places such as the game window's dock) or two."""
        if stacked != self.stacked:
            self.stacked = stacked
            self._arrange()

    def set_preview_visible(self, visible: bool) -> None:
        """Show or hide the preview plots (hidden plots leave the layout)."""
        if visible != self.preview_shown:
            self.preview_shown = visible
            self._arrange()

    def _plots(self) -> list[pg.PlotItem]:
        plots = [self.dist_plot, self.tail_plot]
        return plots + [self.damage_plot, self.killed_plot] if self.preview_shown else plots

    def _arrange(self) -> None:
        for item in list(self.ci.items):
            self.ci.removeItem(item)
        layout = self.ci.layout
        columns = 1 if self.stacked else 2
        row = 0
        if self.legend.text:
            self.ci.addItem(self.legend, row=0, col=0, colspan=columns)
            layout.setRowStretchFactor(0, 0)
            row = 1
        shown = self._plots()
        for plot in (self.dist_plot, self.tail_plot, self.damage_plot, self.killed_plot):
            plot.setVisible(plot in shown)
        for k, plot in enumerate(shown):
            r, c = divmod(k, columns)
            self.ci.addItem(plot, row=row + r, col=c)
        rows = -(-len(shown) // columns)
        for r in range(row, 5):
            layout.setRowStretchFactor(r, 1 if r < row + rows else 0)
        self.setMinimumHeight(rows * (190 if self.stacked else 230)
                              + (18 * self.legend.text.count("<br>") + 24 if row else 0))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if getattr(self, "auto_stack", False):  # pyqtgraph resizes during __init__
            self.set_stacked(self.width() < STACK_WIDTH)

    # --- drawing ----------------------------------------------------------------------------

    def clear_all(self) -> None:
        for plot in (self.dist_plot, self.tail_plot, self.damage_plot, self.killed_plot):
            plot.clear()
        self.bars, self.curves, self.preview_bars, self.mean_labels = [], [], [], []
        self._headroom = {}
        self._set_legend([])

    def _set_legend(self, entries: list[str]) -> None:
        text = "<br>".join(entries)
        if text != self.legend.text:
            self.legend.setText(text, color=TEXT, size="9pt")
            if not text:
                self.legend.text = ""
            self._arrange()

    def draw(self, series: Sequence[tuple[str, Distribution]]) -> None:
        """Bars and at-least curves for one or more named distributions (side by side)."""
        self.clear_all()
        dists = [d for _, d in series]
        top = max(1, shown_max(dists))
        n = len(series)
        width = 0.8 / n
        marks: list[tuple[float, QColor]] = []
        key: list[str] = []
        for k, (name, dist) in enumerate(series):
            color = QColor(SERIES_COLORS[k % len(SERIES_COLORS)])
            xs = np.arange(top + 1)
            heights = np.zeros(top + 1)
            m = min(len(dist.pmf), top + 1)
            heights[:m] = 100 * dist.pmf[:m]
            offset = (k - (n - 1) / 2) * width
            bar = pg.BarGraphItem(x=xs + offset, height=heights, width=width * 0.92,
                                  brush=color, pen=pg.mkPen(color.darker(130)))
            self.dist_plot.addItem(bar)
            key.append(f"<span style='color:{color.name()}'>&#9632;</span> "
                       f"{escape(name)}: mean {dist.mean:.1f}, SD {dist.sd:.1f}")
            self.bars.append(bar)
            if n == 1:  # two overlapping bands would only muddy a comparison
                band = QColor(color)
                band.setAlpha(40)
                region = pg.LinearRegionItem((dist.mean - dist.sd, dist.mean + dist.sd),
                                             movable=False, brush=band, pen=pg.mkPen(None))
                region.setZValue(-10)
                self.dist_plot.addItem(region)
            mean_line = pg.InfiniteLine(dist.mean, angle=90,
                                        pen=pg.mkPen(color.darker(140), width=2,
                                                     style=Qt.PenStyle.DashLine))
            self.dist_plot.addItem(mean_line)
            marks.append((dist.mean, color))
            tail = 100 * dist.at_least()[: top + 1]
            curve = self.tail_plot.plot(np.arange(len(tail)), tail,
                                        pen=pg.mkPen(color, width=2), symbol="o",
                                        symbolSize=5, symbolBrush=color,
                                        symbolPen=pg.mkPen(None))
            self.curves.append(curve)
        # A single army needs no key: its mean and SD are in the summary above the chart.
        self._set_legend(key if n > 1 else [])
        peak = max(float(100 * d.pmf[: top + 1].max()) for d in dists)
        # Headroom above the tallest bar holds the mean labels, one line each when two
        # means are too close to sit side by side.
        levels = _label_levels([mean for mean, _ in marks], top)
        self.dist_plot.setXRange(-0.6, top + 0.6, padding=0)
        labels = [(self._mean_label(self.dist_plot, mean, color.darker(160), top), level)
                  for (mean, color), level in zip(marks, levels)]
        self._headroom[self.dist_plot] = (peak, labels)
        self._fit_height(self.dist_plot)
        self.tail_plot.setYRange(0, 103, padding=0)
        self.tail_plot.setXRange(-0.3, top + 0.3, padding=0)
        _integer_ticks(self.dist_plot, top)
        _integer_ticks(self.tail_plot, top)
        self.tail_plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 25)], []])

    def _fit_height(self, plot: pg.PlotItem) -> None:
        """Set the y range of `plot` so its mean labels sit above the tallest bar: each
        line of labels takes a label's height in pixels of the plot's current height."""
        if plot not in self._headroom:
            return
        peak, labels = self._headroom[plot]
        pixels = max(1.0, plot.getViewBox().height())
        line = max((label.boundingRect().height() for label, _ in labels), default=16.0)
        lines = 1 + max((level for _, level in labels), default=0)
        share = min(0.7, (line * lines + 2) / pixels)
        ceiling = max(peak, 0.5) / (1 - share)
        plot.setYRange(0, ceiling, padding=0)
        step = ceiling * line / pixels
        for label, level in labels:
            label.setPos(label.pos().x(), ceiling - level * step)

    def _mean_label(self, plot: pg.PlotItem, mean: float, color, top: int) -> pg.TextItem:
        """"mean 7.8" beside its line, on the side with room for it (its height is set by
        `_fit_height`)."""
        right = _label_span(mean, top)[1] == mean
        label = pg.TextItem(f"mean {mean:.1f}", color=color, anchor=(1, 0) if right else (0, 0))
        label.textItem.document().setDocumentMargin(1)
        label.updateTextPos()
        label.setPos(mean - 0.1 if right else mean + 0.1, 0)
        plot.addItem(label)
        self.mean_labels.append(label)
        return label

    def draw_preview(self, damage: Distribution, killed: Distribution,
                     defender_health: int | None = None) -> None:
        """The attack preview: damage bars, and health-worth-killed bars (up to the
        defender's whole health when given)."""
        self.preview_bars = []
        for plot, dist, color, top in (
                (self.damage_plot, damage, DAMAGE_COLOR, shown_max([damage])),
                (self.killed_plot, killed, KILLED_COLOR,
                 defender_health if defender_health is not None else shown_max([killed]))):
            plot.clear()
            top = max(1, top)
            heights = np.zeros(top + 1)
            m = min(len(dist.pmf), top + 1)
            heights[:m] = 100 * dist.pmf[:m]
            qcolor = QColor(color)
            bar = pg.BarGraphItem(x=np.arange(top + 1), height=heights, width=0.8,
                                  brush=qcolor, pen=pg.mkPen(qcolor.darker(130)))
            plot.addItem(bar)
            plot.addItem(pg.InfiniteLine(dist.mean, angle=90, pen=pg.mkPen(
                qcolor.darker(150), width=2, style=Qt.PenStyle.DashLine)))
            self.preview_bars.append(bar)
            plot.setXRange(-0.6, top + 0.6, padding=0)
            label = self._mean_label(plot, dist.mean, QColor(TEXT), top)
            self._headroom[plot] = (float(heights.max()), [(label, 0)])
            self._fit_height(plot)
            _integer_ticks(plot, top)
        self.set_preview_visible(True)

    def export_png(self, path: str | Path, width: int = 1400) -> Path:
        """Write the chart (every visible plot) to a PNG through pyqtgraph's exporter."""
        exporter = ImageExporter(self.scene())
        exporter.parameters()["width"] = width
        exporter.export(str(path))
        return Path(path)
