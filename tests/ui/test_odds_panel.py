"""The odds panel: bars for an army, the at-least curve, the attack preview, two armies
compared, the not-modelled list, PNG and CSV exports; the per-die stats table."""

import csv

import numpy as np
import pytest
from PySide6.QtGui import QImage

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.roll_model import RollType
from dragondice_desktop.odds import OddsSpec, army_distribution
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
    assert table.table.rowCount() == 6          # the duplicate Footman is one row
    assert table.table.columnCount() == 1 + 5 * 3
    keys = [table.table.item(i, 0).text() for i in range(6)]
    assert keys == sorted(keys)
    row = keys.index("Dwarves/Footman")
    headers = [table.table.horizontalHeaderItem(c).text() for c in range(16)]
    assert table.table.item(row, headers.index("melee\nuseful %")).text() == "67%"
    assert table.table.item(row, headers.index("melee\nmean")).text() == "0.83"
    out = table.export_csv(tmp_path / "dice.csv")
    lines = list(csv.reader(out.open(encoding="utf-8")))
    assert lines[0][:4] == ["die", "maneuver p_useful", "maneuver mean", "maneuver sd"]
    assert len(lines) == 7
    footman = next(line for line in lines if line[0] == "Dwarves/Footman")
    assert float(footman[5]) == pytest.approx(5 / 6, abs=1e-6)   # melee mean
