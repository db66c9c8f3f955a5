"""The main window's Dice and Help menus: the collection, the force builder, saved forces in
the New Game dialog (issue 4: drafts with errors cannot start a game), and the rulings page."""

from dataclasses import replace

from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.store.database import open_database
from dragondice_desktop.store.forces import save_force
from dragondice_desktop.store.paths import database_path
from dragondice_desktop.ui.main_window import MainWindow


def _window(qtbot, data_dir):
    win = MainWindow(instant=True, data_dir=data_dir)
    qtbot.addWidget(win)
    return win


def test_new_game_offers_saved_valid_forces_but_not_drafts(qtbot, tmp_path):
    db = open_database(database_path(tmp_path))
    legal = replace(sample_forces()[1], name="My Feral")
    draft = replace(sample_forces()[1], name="Too big", points=15)   # breaks the force size
    save_force(db, legal)
    save_force(db, draft)
    db.close()
    win = _window(qtbot, tmp_path)
    names = [f.name for f in win.store.game_forces()]
    assert names[:6] == [f.name for f in sample_forces()]
    assert "My Feral" in names and "Too big" not in names
    win.close()


def test_dice_menu_opens_collection_and_builder_on_the_store(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    win.store.show_collection()
    win.store.show_builder()
    assert win.store.collection.isVisible() and win.store.builder.isVisible()
    assert database_path(tmp_path).exists()
    win.close()
    assert win.store.db is None


def test_help_shows_the_rulings_page(qtbot, tmp_path):
    win = _window(qtbot, tmp_path)
    win.show_rulings()
    text = win.rulings.browser.toPlainText()
    assert "Rulings and limits" in text and "Counter-maneuver ties" in text
    win.close()
