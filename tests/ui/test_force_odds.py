"""The force builder's odds dock (issue 5 §2): per-army charts that follow every edit, a
comparison of two armies, and the per-die statistics table. The odds are worked out in
their own thread (issue 17), as in the game's Odds dock: the builder waits for nothing."""

import threading

from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.odds import army_distribution, spec_from_name
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.store.forces import save_force
from dragondice_desktop.ui.force_builder import ForceBuilderWindow


def test_odds_dock_follows_the_force(qtbot):
    db = open_memory_database()
    force = sample_forces()[2]
    save_force(db, force)
    window = ForceBuilderWindow(db)
    qtbot.addWidget(window)
    window.show()
    view = window.odds_view
    with qtbot.waitSignal(view.panel.computed, timeout=20000):
        window.toggle_odds()
    assert window.odds_dock.isVisible()
    assert window.odds_runner is not None and view.panel.runner is window.odds_runner
    horde = [window.catalog.die(k) for k in force.horde_army]
    with qtbot.waitSignals([view.panel.computed, view.table.computed], timeout=20000):
        view.army_box.setCurrentIndex(1)  # Horde army, melee
    expected = army_distribution(horde, spec_from_name("melee"))
    shown = view.panel.series[0][1]
    assert abs(shown.mean - expected.mean) < 1e-9
    assert len(view.table.rows) == len({d.key for d in horde})
    # An edit redraws: remove the Horde army's first die and the mean drops.
    with qtbot.waitSignal(view.panel.computed, timeout=20000):
        window.remove_die("horde_army", force.horde_army[0])
    assert view.panel.series[0][1].mean < expected.mean
    with qtbot.waitSignal(view.panel.computed, timeout=20000):
        view.compare_box.setCurrentIndex(3)  # compared with the Campaign army
    assert [name for name, _ in view.panel.series] == ["Horde army", "Campaign army"]
    window.close()
    assert window.odds_runner is None  # its thread stopped with the window


def test_the_builders_odds_are_not_worked_out_on_the_gui_thread(qtbot, monkeypatch):
    import dragondice_desktop.ui.odds_panel as odds_panel
    import dragondice_desktop.ui.odds_table as odds_table

    threads, table_threads = [], []
    real = odds_panel.army_distribution
    monkeypatch.setattr(odds_panel, "army_distribution",
                        lambda *a, **k: threads.append(threading.current_thread()) or real(*a, **k))
    real_table = odds_table.stats_table
    monkeypatch.setattr(odds_table, "stats_table",
                        lambda *a, **k: table_threads.append(threading.current_thread())
                        or real_table(*a, **k))
    db = open_memory_database()
    save_force(db, sample_forces()[2])
    window = ForceBuilderWindow(db)
    qtbot.addWidget(window)
    window.show()
    view = window.odds_view
    with qtbot.waitSignals([view.panel.computed, view.table.computed], timeout=20000):
        window.toggle_odds()
    assert threads and threading.main_thread() not in threads
    assert table_threads and threading.main_thread() not in table_threads  # the per-die table
    window.close()
    assert window.table_runner is None  # its thread stopped with the window


def test_the_builders_odds_threads_stop_when_it_is_deleted_unclosed(qtbot):
    """A builder deleted without being closed (by its parent, by deleteLater) stops and joins
    both odds threads; before, only closeEvent stopped them and the thread outlived the
    window ("QThread: Destroyed while thread is still running" aborted the test run)."""
    import shiboken6

    db = open_memory_database()
    save_force(db, sample_forces()[2])
    window = ForceBuilderWindow(db)
    window.show()
    view = window.odds_view
    with qtbot.waitSignals([view.panel.computed, view.table.computed], timeout=20000):
        window.toggle_odds()
    threads = [window.odds_runner.thread, window.table_runner.thread]
    assert all(t.isRunning() for t in threads)
    try:
        shiboken6.delete(window)                 # no closeEvent
        assert not any(t.isRunning() for t in threads)
    finally:
        for thread in threads:
            thread.quit()
            thread.wait()
