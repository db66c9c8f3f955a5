"""Qt model/view for the game log, the force builder's slot lists and the odds table (issue
15 §3), as the collection window already does: each is a view over a list or table model, not
a list of item widgets. The log appends rows (it does not rebuild for each action). Each
surface rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QListView, QListWidget, QTableView, QTableWidget
from ui_helpers import WAIT_MS

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.core.events import Event
from dragondice_desktop.forces.io import load_force
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.store.forces import save_force
from dragondice_desktop.ui.force_builder import ForceBuilderWindow
from dragondice_desktop.ui.game_log import GameLog
from dragondice_desktop.ui.odds_table import DieStatsTable

CAT = load_catalog()
AMAZONS = load_force((Path(__file__).parents[1] / "forces" / "data"
                      / "amazons-at-the-limits.json").read_text(encoding="utf-8"))


def _sizes(widget, name, tmp_path):
    for size in ((1400, 900), (1280, 720)):
        widget.resize(*size)
        QTest.qWait(60)
        assert widget.grab().save(str(tmp_path / f"{name}-{size[0]}x{size[1]}.png"))


def test_the_game_log_is_a_view_over_a_list_model_that_appends(qtbot, window, tmp_path):
    log = window.log
    assert isinstance(log, QListView) and not isinstance(log, QListWidget)
    assert isinstance(log.model(), QAbstractListModel)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    resets, inserted = [], []
    log.model().modelReset.connect(lambda: resets.append(1))
    log.model().rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    before = log.count()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(12)
    assert resets == [] and inserted and inserted[0][0] == before
    assert log.lines() == [e.text for e in window.snapshot.all_events]
    assert log.count() == len(window.snapshot.all_events)
    _sizes(window, "log", tmp_path)


def test_a_computer_note_is_a_line_but_no_event(qtbot):
    log = GameLog()
    qtbot.addWidget(log)
    log.append([Event("message", "Ann wins the roll-off (9 vs 4)", player=0)])
    log.add_note("Bob (Normal): Roll off — the only legal move")
    assert log.shown_lines() == ["Ann wins the roll-off (9 vs 4)",
                                 "Bob (Normal): Roll off — the only legal move"]
    assert log.lines() == ["Ann wins the roll-off (9 vs 4)"]


def test_a_long_log_is_measured_in_batches_and_ends_on_its_newest_line(qtbot):
    """Opening a long game (issue 17): thousands of wrapped lines are measured a batch at a
    time, the view keeps to the newest line meanwhile, and stops following once the player
    scrolls up."""
    from dragondice_desktop.ui.game_log import LAYOUT_BATCH
    log = GameLog()
    qtbot.addWidget(log)
    log.resize(260, 300)
    log.show()
    lines = 6 * LAYOUT_BATCH
    log.append([Event("message", f"Line {n}: Ann's Footman moves from the Reserve Area to "
                                 f"the Highland City", player=0) for n in range(lines)])
    bar = log.verticalScrollBar()

    def at_the_newest_line():
        bottom = log.viewport().rect().bottomLeft() + QPoint(4, -3)
        return bar.value() == bar.maximum() and log.indexAt(bottom).row() == lines - 1

    qtbot.waitUntil(at_the_newest_line, timeout=20000)
    bar.triggerAction(bar.SliderAction.SliderToMinimum)   # the player scrolls to the top
    log.append([Event("message", "one more line", player=0)])  # a new move follows again
    qtbot.waitUntil(lambda: bar.value() == bar.maximum(), timeout=20000)
    bar.triggerAction(bar.SliderAction.SliderToMinimum)
    bar.rangeChanged.emit(0, bar.maximum())              # more lines measured: no jump
    assert bar.value() == 0


def test_the_slot_lists_are_views_over_list_models(qtbot, tmp_path):
    db = open_memory_database()
    save_force(db, AMAZONS, catalog=CAT)
    builder = ForceBuilderWindow(db, CAT)
    qtbot.addWidget(builder)
    for slot, view in builder.slots.items():
        assert isinstance(view, QListView) and not isinstance(view, QListWidget), slot
        assert isinstance(view.model(), QAbstractListModel)
    horde = builder.slots["horde_army"]
    counts = {}
    for key in AMAZONS.horde_army:
        counts[key] = counts.get(key, 0) + 1
    assert horde.keys_shown() == list(counts.items())
    assert horde.model().rowCount() == len(counts)
    horde.setCurrentRow(1)
    assert horde.current_key() == list(counts)[1]
    builder.show()
    _sizes(builder, "builder-slots", tmp_path)


def test_the_odds_table_is_a_view_over_a_table_model(qtbot, tmp_path):
    table = DieStatsTable()
    qtbot.addWidget(table)
    assert isinstance(table.table, QTableView) and not isinstance(table.table, QTableWidget)
    assert isinstance(table.model, QAbstractTableModel)
    table.set_dice([CAT.dice[k] for k in AMAZONS.horde_army])
    assert table.model.rowCount() == len(set(AMAZONS.horde_army))
    table.show()
    _sizes(table, "odds-table", tmp_path)
