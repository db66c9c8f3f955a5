"""The force builder never grows taller than the screen (issue 15 §2: it reached 1135 px
once its Odds pane opened): the odds share the window's height, scrolling inside their pane."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.store.forces import save_force
from dragondice_desktop.ui.force_builder import ForceBuilderWindow

CAT = load_catalog()


def test_opening_the_odds_keeps_the_builder_within_the_screen(qtbot, tmp_path):
    db = open_memory_database()
    save_force(db, sample_forces()[0], catalog=CAT)
    window = ForceBuilderWindow(db, CAT)
    qtbot.addWidget(window)
    screen = QApplication.primaryScreen().availableGeometry()
    for width, height in ((1400, 900), (1280, 720)):
        window.resize(width, height)
        window.show()
        if not window.odds_dock.isVisible():
            window.toggle_odds()
        qtbot.wait(50)
        assert window.height() == height
        assert window.minimumSizeHint().height() <= min(height, screen.height())
        assert window.grab().save(str(tmp_path / f"builder-odds-{width}x{height}.png"))
