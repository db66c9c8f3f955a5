"""The odds charts (pyqtgraph): bars of P(total = k), the "at least N" curve, and the attack
preview (damage and health-worth killed), for one army or two compared.

``OddsChart`` only draws ``odds.Distribution`` values handed to it; the numbers come from the
``odds`` package. Exports the whole chart to PNG (pyqtgraph's ImageExporter).
"""

from __future__ import annotations

from collections.abc import Sequence
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


def _integer_ticks(plot: pg.PlotItem, top: int, most: int = 12) -> None:
    """Whole-number ticks 0..top, at most about `most` labels (steps 1, 2, 5, 10, 20 ...)."""
    step = 1
    while top / step > most:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    plot.getAxis("bottom").setTicks([[(k, str(k)) for k in range(0, top + 1, step)],
                                     [(k, "") for k in range(0, top + 1)]])


class OddsChart(pg.GraphicsLayoutWidget):
    """"Chance of each total" (bars, mean line, and a ±1 SD band for a single army) beside
    "Chance of at least N" (curve); below them, for an attack preview only, "Damage" and
    "Health-worth killed".

    For tests: ``bars`` (the BarGraphItems drawn), ``curves`` (the at-least PlotDataItems),
    ``preview_bars`` (damage, killed).
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground("w")
        self.ci.setSpacing(12)
        self.dist_plot = self.addPlot(row=0, col=0)
        self.tail_plot = self.addPlot(row=0, col=1)
        self.damage_plot = self.addPlot(row=1, col=0)
        self.killed_plot = self.addPlot(row=1, col=1)
        _style(self.dist_plot, "Chance of each total", "total", "%")
        _style(self.tail_plot, "Chance of at least N", "N", "%")
        _style(self.damage_plot, "Attack preview: damage after saves", "damage", "%")
        _style(self.killed_plot, "Attack preview: health-worth killed", "health-worth", "%")
        self.dist_legend = self.dist_plot.addLegend(offset=(-4, 4), labelTextColor=TEXT,
                                                    labelTextSize="8pt")
        self.bars: list[pg.BarGraphItem] = []
        self.curves: list[pg.PlotDataItem] = []
        self.preview_bars: list[pg.BarGraphItem] = []
        self.set_preview_visible(False)

    def set_preview_visible(self, visible: bool) -> None:
        """Show or hide the preview row (hidden plots give their height to the others)."""
        for plot in (self.damage_plot, self.killed_plot):
            plot.setVisible(visible)
        self.ci.layout.setRowStretchFactor(1, 1 if visible else 0)
        self.ci.layout.setRowMaximumHeight(1, 10_000 if visible else 0)

    def clear_all(self) -> None:
        for plot in (self.dist_plot, self.tail_plot, self.damage_plot, self.killed_plot):
            plot.clear()
        self.dist_legend.clear()
        self.bars, self.curves, self.preview_bars = [], [], []

    def draw(self, series: Sequence[tuple[str, Distribution]]) -> None:
        """Bars and at-least curves for one or more named distributions (side by side)."""
        self.clear_all()
        dists = [d for _, d in series]
        top = max(1, shown_max(dists))
        n = len(series)
        width = 0.8 / n
        marks: list[tuple[float, QColor]] = []
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
            self.dist_legend.addItem(bar, f"{name}: mean {dist.mean:.1f}, SD {dist.sd:.1f}")
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
        peak = max(float(100 * d.pmf[: top + 1].max()) for d in dists)
        self.dist_plot.setYRange(0, peak * 1.12 + 0.5, padding=0)
        for k, (mean, color) in enumerate(marks):
            label = pg.TextItem(f"mean {mean:.1f}", color=color.darker(160), anchor=(0, 0))
            label.setPos(mean + 0.15, (peak * 1.10 + 0.5) * (1 - 0.07 * k))
            self.dist_plot.addItem(label)
        self.dist_plot.setXRange(-0.6, top + 0.6, padding=0)
        self.tail_plot.setYRange(0, 103, padding=0)
        self.tail_plot.setXRange(-0.3, top + 0.3, padding=0)
        _integer_ticks(self.dist_plot, top)
        _integer_ticks(self.tail_plot, top)
        self.tail_plot.getAxis("left").setTicks([[(v, str(v)) for v in range(0, 101, 25)], []])

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
            label = pg.TextItem(f"mean {dist.mean:.1f}", color=TEXT, anchor=(0, 0))
            self.preview_bars.append(bar)
            peak = float(heights.max())
            plot.setYRange(0, peak * 1.15 + 0.5, padding=0)
            plot.setXRange(-0.6, top + 0.6, padding=0)
            label.setPos(dist.mean + 0.15, peak * 1.12 + 0.5)
            plot.addItem(label)
            _integer_ticks(plot, top)
        self.set_preview_visible(True)

    def export_png(self, path: str | Path, width: int = 1400) -> Path:
        """Write the chart (every visible plot) to a PNG through pyqtgraph's exporter."""
        exporter = ImageExporter(self.scene())
        exporter.parameters()["width"] = width
        exporter.export(str(path))
        return Path(path)
