"""File dialogs remember their folders (issue 15 §2): after a force is imported from a
folder, the next import and export dialogs open there; a game saved to a folder is where
the Open dialog starts; the folders go to the settings when the app gives a store."""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.io import dump_force
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.ui import folders
from dragondice_desktop.ui.force_builder import ForceBuilderWindow
from dragondice_desktop.ui.settings import SettingsStore

CAT = load_catalog()


@pytest.fixture(autouse=True)
def fresh_folders(monkeypatch):
    monkeypatch.setattr(folders, "_session", {})
    monkeypatch.setattr(folders, "_settings", None)


def test_force_dialogs_open_where_the_last_one_was(qtbot, tmp_path, monkeypatch):
    where = tmp_path / "my forces"
    where.mkdir()
    force_file = where / "mine.json"
    force_file.write_text(dump_force(sample_forces()[3]), encoding="utf-8")
    window = ForceBuilderWindow(open_memory_database(), CAT)
    qtbot.addWidget(window)
    asked = []

    def open_name(parent, title, start, filters):
        asked.append(start)
        return str(force_file), ""

    def save_name(parent, title, start, filters):
        asked.append(start)
        return "", ""

    monkeypatch.setattr("dragondice_desktop.ui.force_builder.QFileDialog.getOpenFileName",
                        open_name)
    monkeypatch.setattr("dragondice_desktop.ui.force_builder.QFileDialog.getSaveFileName",
                        save_name)
    window._import_clicked()
    window._import_clicked()
    window._export_clicked("json")
    assert asked[1] == str(where)
    assert asked[2].startswith(str(where)) and asked[2].endswith(".json")


def test_game_folders_are_kept_in_the_settings(qtbot, window, tmp_path):
    settings = SettingsStore()
    folders.use_settings(settings)
    folders.remember("games", tmp_path / "a game.ddgame")
    assert settings.value("folders/games") == str(tmp_path)
    folders._session.clear()                             # the next start of the app
    assert folders.folder("games") == str(tmp_path)
    assert window._folder() == str(tmp_path)             # no game file yet: the last folder
    folders.remember("games", tmp_path / "gone" / "x.ddgame")
    assert folders.folder("games") != str(tmp_path / "gone")   # a folder since removed
