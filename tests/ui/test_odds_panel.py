"""The odds panel: bars for an army, the at-least curve, the attack preview, two armies
compared, the not-modelled list, PNG and CSV exports; the per-die stats table."""

import csv

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.rolls.model import RollType
from dragondice_desktop.odds import OddsSpec, army_distribution
from dragondice_desktop.ui import odds_charts
from dragondice_desktop.ui.odds_panel import DieStatsTable, OddsPanel

CAT = load_catalog()


def dice(*keys):
    return [CAT.die(k) for k in keys]


ARMY = dice("Dwarves/Footman", "Dwarves/Footman", "Amazons/Chimera", "Frostwings/Wolf Pack",
            "Amazons/Centaur")
DEFENDERS = dice("Goblins/Troll", "Dwarves/Footman", "Lava Elves/Lurker in the Deep")


@pytest.fixture
def panel(qtbot):
    widget = OddsPanel()
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    widget.show()
    return widget


def test_panel_shows_bars_and_exports(panel, tmp_path):
    dist = panel.show_army(ARMY, RollType.MELEE)
    assert dist is not None and panel.error == ""
    assert len(panel.chart.bars) == 1 and len(panel.chart.curves) == 1
    heights = np.asarray(panel.chart.bars[0].opts["height"])
    assert heights.sum() == pytest.approx(100.0, abs=0.1)   # % over the totals shown
    assert heights[:3] == pytest.approx(100 * dist.pmf[:3])
    _, tail = panel.chart.curves[0].getData()
    assert tail[0] == pytest.approx(100.0)
    assert f"mean {dist.mean:.2f}" in panel.summary_label.text()
    texts = [panel.notes_list.item(i).text() for i in range(panel.notes_list.count())]
    assert any(t.startswith("Smite") for t in texts) and any("Howl" in t for t in texts)
    assert not panel.chart.damage_plot.isVisible()

    png = panel.export_png(tmp_path / "odds.png")
    image = QImage(str(png))
    assert not image.isNull() and image.width() >= 800
    out = panel.export_csv(tmp_path / "odds.csv")
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert rows and set(rows[0]) == {"series", "total", "probability", "at_least"}
    assert sum(float(r["probability"]) for r in rows) == pytest.approx(1.0, abs=1e-9)
    assert float(rows[0]["at_least"]) == pytest.approx(1.0)


def test_panel_attack_preview(panel, tmp_path):
    dist = panel.show_army(ARMY, "melee", id_multiplier=2, against=DEFENDERS)
    assert dist.mean == pytest.approx(
        army_distribution(ARMY, OddsSpec(RollType.MELEE, id_multiplier=2)).mean)
    assert panel.preview is not None and len(panel.chart.preview_bars) == 2
    assert panel.chart.damage_plot.isVisible() and panel.chart.killed_plot.isVisible()
    assert "Attack preview" in panel.summary_label.text()
    killed = np.asarray(panel.chart.preview_bars[1].opts["height"])
    assert len(killed) == panel.preview.defender_health + 1
    rows = list(csv.DictReader(panel.export_csv(tmp_path / "p.csv").open(encoding="utf-8")))
    assert {r["series"] for r in rows} >= {"damage", "health-worth killed"}
    panel.export_png(tmp_path / "preview.png")
    assert (tmp_path / "preview.png").stat().st_size > 10_000
    # Back to a plain roll: the preview row hides again.
    panel.show_army(ARMY, "save")
    assert panel.preview is None and not panel.chart.damage_plot.isVisible()


def test_panel_compares_two_armies(panel):
    a, b = panel.compare(ARMY, DEFENDERS, "save-vs-melee")
    assert len(panel.chart.bars) == 2 and len(panel.chart.curves) == 2
    assert [name for name, _ in panel.series] == ["Army A", "Army B"]
    assert "rolls more than" in panel.summary_label.text()
    assert a.mean != b.mean


def test_panel_reports_impossible_rolls(panel):
    dragon = CAT.die("Dragons/Black Drake")
    assert panel.show_army([dragon], "melee") is None
    assert "only units and items" in panel.error
    assert not panel.png_button.isEnabled() and panel.chart.bars == []
    assert panel.show_army(ARMY, "save", against=DEFENDERS) is None
    assert "melee or missile" in panel.error


def test_die_stats_table(qtbot, tmp_path):
    table = DieStatsTable()
    qtbot.addWidget(table)
    table.set_dice(ARMY + DEFENDERS)
    view = table.table.model()                  # what the QTableView shows (sorted)
    assert view.rowCount() == 6                 # the duplicate Footman is one row
    assert view.columnCount() == 1 + 5 * 3
    keys = [table.shown(i, 0) for i in range(6)]
    assert keys == sorted(keys)
    row = keys.index("Dwarves/Footman")
    headers = [view.headerData(c, Qt.Orientation.Horizontal) for c in range(16)]
    assert table.shown(row, headers.index("melee\nuseful %")) == "67%"
    assert table.shown(row, headers.index("melee\nmean")) == "0.83"
    # sorting by a number column sorts by the number (0.83 before 1.5, not as text)
    mean = headers.index("melee\nmean")
    table.table.sortByColumn(mean, Qt.SortOrder.AscendingOrder)
    means = [float(table.shown(i, mean)) for i in range(6) if table.shown(i, mean) != "–"]
    assert means == sorted(means)
    out = table.export_csv(tmp_path / "dice.csv")
    lines = list(csv.reader(out.open(encoding="utf-8")))
    assert lines[0][:4] == ["die", "maneuver p_useful", "maneuver mean", "maneuver sd"]
    assert len(lines) == 7
    footman = next(line for line in lines if line[0] == "Dwarves/Footman")
    assert float(footman[5]) == pytest.approx(5 / 6, abs=1e-6)   # melee mean


def _labels_clear_of_bars(panel):
    """Every mean label lies above the tallest bar of its plot, and no two overlap."""
    chart = panel.chart
    rects = []
    for label in chart.mean_labels:
        plot = next(p for p in (chart.dist_plot, chart.damage_plot, chart.killed_plot)
                    if label in p.items)
        peak = max(float(np.max(b.opts["height"])) for b in plot.items
                   if isinstance(b, pg.BarGraphItem))
        top_of_bars = plot.getViewBox().mapViewToScene(QPointF(0, peak)).y()
        rect = label.mapRectToScene(label.boundingRect())
        assert rect.bottom() <= top_of_bars + 1, label.textItem.toPlainText()
        rects.append(rect)
    for k, a in enumerate(rects):
        assert not any(a.intersects(b) for b in rects[k + 1:])


def test_narrow_panel_stacks_the_charts_and_keeps_labels_off_the_bars(qtbot):
    panel = OddsPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 1200)
    panel.show()
    panel.show_army(ARMY, "melee", against=DEFENDERS)
    qtbot.waitUntil(lambda: panel.chart.stacked)
    assert panel.narrow and panel.split.orientation() == Qt.Orientation.Vertical
    chart = panel.chart
    xs = {round(p.geometry().left()) for p in (chart.dist_plot, chart.tail_plot,
                                               chart.damage_plot, chart.killed_plot)}
    assert len(xs) == 1  # one column
    # A single army: no key over the chart (its mean is in the summary), one mean label a plot.
    assert chart.legend.text == "" and chart.legend.scene() is None
    assert f"mean {panel.series[0][1].mean:.2f}" in panel.summary_label.text()
    assert len(chart.mean_labels) == 3
    assert panel.title_label.wordWrap()
    _labels_clear_of_bars(panel)

    # Two armies: the key sits above the plots, naming both with their means.
    panel.compare(ARMY, DEFENDERS, "maneuver", names=("Bob", "Ann"))
    qtbot.wait(20)
    assert "Bob: mean" in chart.legend.text and "Ann: mean" in chart.legend.text
    assert chart.legend.mapRectToScene(chart.legend.boundingRect()).bottom() <= \
        chart.dist_plot.mapRectToScene(chart.dist_plot.boundingRect()).top() + 1
    _labels_clear_of_bars(panel)
    assert panel.minimumSizeHint().width() <= 330

    # Wide again (the force builder): two plots a row, the notes beside the chart.
    panel.resize(1300, 800)
    qtbot.waitUntil(lambda: not panel.narrow)
    assert panel.split.orientation() == Qt.Orientation.Horizontal
    qtbot.waitUntil(lambda: not chart.stacked)


def test_close_means_take_separate_label_lines(panel):
    panel.compare(ARMY, ARMY, "melee", names=("Left", "Right"))
    means = [d.mean for _, d in panel.series]
    assert odds_charts._label_levels(means, 10) == [0, 1]
    assert len(panel.chart.mean_labels) == 2
    _labels_clear_of_bars(panel)


def test_die_stats_table_renders(qtbot, tmp_path):
    """The per-die table (a QTableView over its model) at both window sizes."""
    table = DieStatsTable()
    qtbot.addWidget(table)
    table.set_dice(ARMY + DEFENDERS)
    for width, height in ((1400, 900), (1280, 720)):
        table.resize(min(width, 1100), min(height, 420))
        table.show()
        assert table.grab().save(str(tmp_path / f"die-stats-{width}x{height}.png"))


def test_panel_names_combination_rolls_it_does_not_model(panel, qtbot):
    """Seed 000 Charge / Coil: the defender's or target's combination save and melee roll is
    listed beside the odds (the dock and the force builder show this panel). Rendered at two
    sizes for a look."""
    panel.show_army(dice("Dwarves/Behemoth", "Swamp Stalkers/Ormyrr"), RollType.MELEE)
    texts = [panel.notes_list.item(i).text() for i in range(panel.notes_list.count())]
    assert any(t.startswith("Charge — 10%: the defending army then makes a combination save "
                            "and melee roll") for t in texts), texts
    assert any(t.startswith("Coil — 10%: the targeted unit") for t in texts), texts
    for width, height in ((1400, 900), (1280, 720)):
        panel.resize(width, height)
        qtbot.wait(20)
        assert panel.grab().save(f"/tmp/odds_panel_combination_{width}.png")
