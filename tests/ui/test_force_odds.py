"""The force builder's odds dock (issue 5 §2): per-army charts that follow every edit, a
comparison of two armies, and the per-die statistics table."""

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
    window.toggle_odds()
    view = window.odds_view
    assert window.odds_dock.isVisible()
    horde = [window.catalog.die(k) for k in force.horde_army]
    view.army_box.setCurrentIndex(1)  # Horde army, melee
    expected = army_distribution(horde, spec_from_name("melee"))
    shown = view.panel.series[0][1]
    assert abs(shown.mean - expected.mean) < 1e-9
    assert len(view.table.rows) == len({d.key for d in horde})
    # An edit redraws: remove the Horde army's first die and the mean drops.
    window.remove_die("horde_army", force.horde_army[0])
    assert view.panel.series[0][1].mean < expected.mean
    view.compare_box.setCurrentIndex(3)  # compared with the Campaign army
    assert [name for name, _ in view.panel.series] == ["Horde army", "Campaign army"]
    window.close()
