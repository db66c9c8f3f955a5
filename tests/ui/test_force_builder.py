"""The force builder: drops into armies (through the drop handler and a real QDropEvent),
moves between armies, refused drops, undo/redo, autosave, the force list, owned-only mode."""

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtTest import QTest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.forces.formats import import_force
from dragondice_desktop.forces.io import load_force as read_force
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.store.collection import set_quantity
from dragondice_desktop.store.database import open_memory_database
from dragondice_desktop.store.forces import list_forces, load_force, save_force
from dragondice_desktop.ui.force_builder import ForceBuilderWindow
from dragondice_desktop.ui.force_builder_widgets import die_mime

CAT = load_catalog()
# A legal 36-point force at the setup limits (Home 1, Horde 18, Campaign 17 points), kept with
# the tests so the bundled sample forces can change.
AMAZONS = read_force((Path(__file__).parents[1] / "forces" / "data"
                      / "amazons-at-the-limits.json").read_text(encoding="utf-8"))
NAME = AMAZONS.name


@pytest.fixture
def db():
    db = open_memory_database()
    save_force(db, AMAZONS, catalog=CAT)
    return db


@pytest.fixture
def builder(qtbot, db):
    w = ForceBuilderWindow(db, CAT)
    qtbot.addWidget(w)
    return w


def messages(builder):
    return [p.message for p in builder.problems()]


def test_builder_opens_the_first_saved_force(builder):
    assert builder.force == AMAZONS and builder.saved_name == NAME
    assert builder.problems() == []
    assert builder.problems_title.text() == "Ready to play: no problems."
    assert builder.slots["horde_army"].keys_shown() == [
        ("Amazons/Charioteer", 2), ("Amazons/Battle Rider", 2), ("Amazons/War Driver", 4)]
    assert builder.slot_titles["horde_army"].text() == "Horde army — 18 / 18 points"
    assert builder.total_label.text() == "Total 36 / 36 points"


def test_builder_drop_handler_adds_a_die_to_an_army(builder, db):
    """Dropping one more Seer (1 point) into the Horde: 19 > 18 (digest §2.2) and 37 > 36."""
    assert builder.slots["horde_army"].handle_drop(die_mime("Amazons/Seer"))
    assert builder.force.horde_army[-1] == "Amazons/Seer"
    assert builder.slot_titles["horde_army"].text() == "Horde army — 19 / 18 points"
    assert messages(builder) == [
        "Force has 37 points; the force size is 36. Remove 1 point of units or items, or raise "
        "the force size.",
        "Horde army has 19 points; the most is 18 (half of 36). Move 1 point to another army."]
    assert load_force(db, NAME) == builder.force           # saved at once, as a draft
    assert not list_forces(db)[0].valid
    assert "draft: 2 errors" in builder.forces_list.item(0).text()


def test_builder_real_drop_event_goes_through_the_handler(builder):
    target = builder.slots["home_army"]
    mime = die_mime("Amazons/Darter")  # the event does not own its data: keep a reference
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    target.dropEvent(event)
    assert event.isAccepted()
    assert builder.force.home_army == ("Amazons/Seer", "Amazons/Darter")


def test_builder_moves_a_die_between_armies(builder):
    """Move one War Driver (3 points) from the Horde to the Home army: 15 / 4 points."""
    assert builder.slots["home_army"].handle_drop(die_mime("Amazons/War Driver", "horde_army"))
    assert builder.force.horde_army.count("Amazons/War Driver") == 3
    assert builder.force.home_army == ("Amazons/Seer", "Amazons/War Driver")
    assert builder.slot_titles["home_army"].text() == "Home army — 4 / 18 points"
    assert builder.slot_titles["horde_army"].text() == "Horde army — 15 / 18 points"
    assert builder.problems() == []


def test_builder_refuses_a_die_that_does_not_fit(builder):
    """Digest §0: armies hold only units and items; the refusal names the rule."""
    before = builder.force
    assert not builder.slots["horde_army"].handle_drop(die_mime("Dragons/Red Drake"))
    assert builder.force == before and builder.undo_stack.count() == 0
    assert "armies hold only units and items" in builder.statusBar().currentMessage()
    assert not builder.slots["home_terrain"].handle_drop(die_mime("Terrains/Flatland Castle"))
    message = builder.statusBar().currentMessage()
    assert "advanced terrains may only be the Frontier" in message and "[terrains]" in message
    assert "digest" not in message and "§" not in message


def test_builder_drop_on_palette_removes(builder):
    assert builder.palette.handle_drop(die_mime("Amazons/Seer", "campaign_army"))
    assert builder.force.campaign_army.count("Amazons/Seer") == 4
    assert messages(builder) == ["Force has 35 of 36 points; 1 point unused. Add units or "
                                 "items, or lower the force size."]


def test_builder_undo_redo_every_edit(builder, db):
    builder.drop_die("horde_army", "Amazons/Seer")
    builder.drop_die("home_army", "Amazons/Seer", "campaign_army")
    builder.set_points(60)
    assert builder.undo_stack.count() == 3
    assert builder.undo_action.text() == "Undo Force size 60"
    builder.undo_stack.undo()
    assert builder.force.points == 36 and load_force(db, NAME).points == 36
    builder.undo_stack.undo()
    builder.undo_stack.undo()
    assert builder.force == AMAZONS and load_force(db, NAME) == AMAZONS
    assert builder.problems() == []
    builder.undo_stack.redo()
    assert builder.force.horde_army[-1] == "Amazons/Seer"
    assert load_force(db, NAME) == builder.force


def test_builder_keyboard_delete_removes_one(builder):
    slot = builder.slots["campaign_army"]
    slot.setCurrentRow(1)                                  # 6 × Visionary
    QTest.keyClick(slot, Qt.Key.Key_Delete)
    assert builder.force.campaign_army.count("Amazons/Visionary") == 5
    builder.undo_stack.undo()
    assert builder.force == AMAZONS


def test_builder_double_click_adds_to_the_last_army(builder):
    builder.slots["campaign_army"].setCurrentRow(0)
    assert builder.add_die("Amazons/Darter")
    assert builder.force.campaign_army[-1] == "Amazons/Darter"
    assert builder.add_die("Dragons/Red Drake")
    assert builder.force.dragons[-1] == "Dragons/Red Drake"
    assert "Dragons count 3 (a White Dragon counts 2); a 36-point force may bring 2" in \
        " ".join(messages(builder))


def test_builder_rename_is_undoable_and_taken_names_are_refused(builder, db):
    save_force(db, replace(AMAZONS, name="Other"), catalog=CAT)
    builder.refresh_forces()
    builder.name_edit.setText("Mine")
    builder.name_edit.editingFinished.emit()
    assert [s.name for s in list_forces(db)] == ["Mine", "Other"]
    builder.set_name("Other")
    assert builder.save_error == ("Not saved: a force called 'Other' already exists; "
                                  "pick another name")
    assert builder.problems_list.item(0).text() == builder.save_error
    assert load_force(db, "Mine") == replace(AMAZONS, name="Mine")
    builder.undo_stack.undo()
    assert builder.save_error is None
    builder.undo_stack.undo()
    assert [s.name for s in list_forces(db)] == [NAME, "Other"]


def test_builder_new_duplicate_delete(builder, db):
    name = builder.new_force()
    assert name == "New force" and builder.force.home_terrain == ""
    assert "Home terrain: none chosen" in " ".join(messages(builder))
    assert builder.undo_stack.count() == 0
    builder.open_force(NAME)
    copy = builder.duplicate_current()
    assert copy == f"{NAME} (copy)" and builder.force == replace(AMAZONS, name=copy)
    assert builder.delete_current(confirm=False)
    assert [s.name for s in list_forces(db)] == [NAME, "New force"]
    assert builder.saved_name == NAME


def test_builder_without_forces_can_add_samples(qtbot):
    db = open_memory_database()
    w = ForceBuilderWindow(db, CAT)
    qtbot.addWidget(w)
    assert w.force is None and not w.editor.isEnabled()
    assert not w.drop_die("home_army", "Amazons/Seer")
    assert len(w.add_sample_forces()) == 6 and w.force == sample_forces()[0]


def test_builder_owned_only_mode(builder, db):
    set_quantity(db, "Amazons/Seer", 2, CAT)
    set_quantity(db, "Amazons/Visionary", 6, CAT)
    builder.set_owned_only(True)
    assert builder.owned_only and builder.source_box.currentIndex() == 1
    assert "Seer: you own 2, this force uses 6. Remove 4 or add 4 to your collection." in \
        messages(builder)
    assert builder.palette_filter.rowCount() == 2      # only owned units are offered
    seer_line = builder.palette_filter.index(0, 0).data()
    assert "own 2 · 4 short" in seer_line
    assert "4x Seer (Amazons/Seer)" in builder.lacking()
    builder.set_owned_only(False)
    assert builder.problems() == []


def test_builder_export_and_import(builder, db, tmp_path):
    for fmt in ("json", "text", "o8d"):
        assert import_force(builder.export_text(fmt), fmt, catalog=CAT) == AMAZONS
    path = tmp_path / "amazons.txt"
    path.write_text(builder.export_text("text"), encoding="utf-8")
    name = builder.import_file(path)
    assert name == f"{NAME} (2)" and builder.force == replace(AMAZONS, name=name)


def test_builder_renders(builder, tmp_path):
    builder.drop_die("horde_army", "Amazons/Seer")
    builder.resize(1440, 920)
    builder.show()
    path = tmp_path / "builder.png"
    assert builder.grab().save(str(path))
    assert path.stat().st_size > 10_000


def bad_force_files(tmp_path):
    """One file per kind of bad input the readers refuse (F1-F6)."""
    import json
    import os

    from dragondice_desktop.forces.formats import export_force
    from dragondice_desktop.forces.io import force_to_data
    huge = "9" * 5000
    good = json.dumps(force_to_data(AMAZONS))
    text = export_force(AMAZONS, "text", CAT)
    deck = export_force(AMAZONS, "o8d", CAT)
    files = {
        "points_huge.json": good.replace('"points": 36', f'"points": {huge}'),
        "version_huge.json": good.replace('"version": 1', f'"version": {huge}'),
        "points_2_63.json": good.replace('"points": 36', f'"points": {2 ** 63}'),
        "dup.json": good.replace('"points": 36', '"points": 36, "points": 24'),
        "surrogate.json": good.replace(json.dumps(NAME), '"T \\ud800"'),
        "rtl.json": good.replace(json.dumps(NAME), '"T \\u202e"'),
        "empty_key.json": good.replace('"home": [', '"home": ["", '),
        "count_huge.txt": text.replace("2x Charioteer", f"{huge}x Charioteer"),
        "count_sup.txt": text.replace("2x Charioteer", "²x Charioteer"),
        "count_neg.txt": text.replace("  2x Charioteer", "-2x Charioteer"),
        "size_sup.txt": text.replace("Force size: 36", "Force size: ³⁶"),
        "size_huge.txt": text.replace("Force size: 36", f"Force size: {huge}"),
        "qty_huge.o8d": deck.replace('qty="2"', f'qty="{huge}"', 1),
        "qty_sup.o8d": deck.replace('qty="2"', 'qty="²"', 1),
        "size_huge.o8d": deck.replace("Force size: 36", f"Force size: {huge}"),
    }
    paths = []
    for name, content in files.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
        paths.append(path)
    os.mkfifo(tmp_path / "fifo.json")
    paths.append(tmp_path / "fifo.json")
    if os.path.exists("/dev/zero"):
        paths.append(os.path.realpath("/dev/zero"))
    return paths


def test_builder_import_of_bad_files_shows_a_message(builder, db, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QMessageBox
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: shown.append((title, text)))
    before = [load_force(db, s.name) for s in list_forces(db)]
    for path in bad_force_files(tmp_path):
        monkeypatch.setattr(QFileDialog, "getOpenFileName",
                            lambda *args, _path=path, **kwargs: (str(_path), ""))
        shown.clear()
        builder._import_clicked()                          # must not raise
        assert len(shown) == 1, path
        title, text = shown[0]
        assert title == "Cannot import this force"
        assert str(path) in text and text.endswith("Nothing was imported."), text
        assert "Traceback" not in text
    assert [load_force(db, s.name) for s in list_forces(db)] == before   # nothing saved


def test_builder_export_of_unknown_dice_shows_a_message(builder, db, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog, QMessageBox
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text: shown.append((title, text)))
    builder.force = replace(builder.force, home_army=("Amazons/Gone",))
    target = tmp_path / "out.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    builder._export_clicked("text")
    assert shown and "cannot be written as text" in shown[0][1]
    assert not target.exists()


def test_builder_explains_a_refused_drag_as_it_enters(builder, tmp_path):
    """Digest §0: armies hold only units and items. A dragon dragged over an army is refused
    as it enters (no highlight) and the builder says why, in players' words (issue 14)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QDragEnterEvent

    target = builder.slots["horde_army"]
    mime = die_mime("Dragons/Red Drake")  # the event does not own its data: keep a reference
    event = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    target.dragEnterEvent(event)
    assert not event.isAccepted()
    message = builder.statusBar().currentMessage()
    assert "armies hold only units and items" in message and "§" not in message
    assert target.refused_reason(die_mime("Amazons/Seer")) == ""
    for size in ((1400, 900), (1280, 720)):
        builder.resize(*size)
        builder.show()
        assert builder.grab().save(str(tmp_path / f"builder-refused-{size[0]}x{size[1]}.png"))
