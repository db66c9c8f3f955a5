"""New Game under the 1996 rules (issue 18): the dialog offers the ruleset, the 1996 versions of
the sample forces and the 1996 game's house rules; the game started is a classic game (its
options and game file say so, the window's title shows it); a classic game refuses a force
the 1996 game could not field, naming the player and the die (TSR digest §2.3-2.5, §3.2)."""

from __future__ import annotations

from dragondice_desktop.engine.core.house_rules import CLASSIC_PROVISIONAL_ROUT, HOUSE_RULES
from dragondice_desktop.engine.core.options import CLASSIC, V401, checked
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.matchup import setup_from_force
from dragondice_desktop.ui.new_game_dialog import NewGameDialog
from ui_helpers import start_classic_from_new_game

WAIT_MS = 20_000


def test_the_dialog_offers_the_1996_rules_their_forces_and_house_rules(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.ruleset() == V401 and not dialog.options().classic
    v4_names = [dialog.force_boxes[0].itemText(i) for i in range(dialog.force_boxes[0].count())]
    rout = dialog.house_rules_box.checks[CLASSIC_PROVISIONAL_ROUT]
    assert rout.isHidden()  # a 1996 house rule is not offered for a v4.01 game
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData(CLASSIC))
    names = [dialog.force_boxes[0].itemText(i) for i in range(dialog.force_boxes[0].count())]
    assert names and all(n.endswith("(1996)") for n in names) and names != v4_names
    assert not any(n.startswith("Treefolk") for n in names)  # Treefolk did not exist in 1996
    assert not rout.isHidden()
    rout.setChecked(True)
    options = dialog.options()
    assert options.classic and CLASSIC_PROVISIONAL_ROUT in options.house_rules
    assert dialog.choices()["ruleset"] == CLASSIC
    again = NewGameDialog()
    qtbot.addWidget(again)
    again.restore(dialog.choices())
    assert again.ruleset() == CLASSIC and again.force_boxes[0].currentText() == names[0]
    # back to v4.01: the 1996 house rule ticked does not reach a v4.01 game
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData(V401))
    assert CLASSIC_PROVISIONAL_ROUT not in dialog.options().house_rules
    assert HOUSE_RULES[CLASSIC_PROVISIONAL_ROUT].ruleset == CLASSIC


def test_a_classic_game_starts_from_the_dialog_and_says_so(qtbot, window, monkeypatch):
    start_classic_from_new_game(qtbot, window, monkeypatch, WAIT_MS)
    state = window.snapshot.state
    assert state.options.classic and window.snapshot.record.options.classic
    assert "TSR 1996 (classic)" in window.windowTitle()
    assert all(p.force_name.endswith("(1996)") for p in state.players)


def test_a_classic_game_refuses_a_force_the_1996_game_could_not_field(qtbot, window):
    """The v4.01 sample forces bring Wasteland terrains, a White Dragon, minor terrains and
    Dragonkin: a classic game names the player and the first such die."""
    forces = sample_forces()
    setups = (setup_from_force(forces[0], "Ann"), setup_from_force(forces[2], "Bob"))
    with qtbot.waitSignal(window.client.failed, timeout=WAIT_MS) as failed:
        window.start_game(setups, 1, checked(ruleset=CLASSIC))
    message = failed.args[0]
    assert message.startswith("Cannot start the game: Ann's force breaks a setup rule")
    assert "1996" in message


def test_the_force_builder_checks_a_force_for_the_1996_game(qtbot):
    """The force builder's Rules box: under the 1996 rules the Amazon sample's Wasteland Home
    terrain is refused with its reason; under v4.01 it is legal."""
    from dragondice_desktop.store.database import open_memory_database
    from dragondice_desktop.ui.force_builder import ForceBuilderWindow

    builder = ForceBuilderWindow(open_memory_database())
    qtbot.addWidget(builder)
    builder.add_sample_forces()  # opens the first, the Amazons (Wasteland City at home)
    assert builder.force is not None and builder.force.home_terrain == "Terrains/Wasteland City"
    assert builder.problems() == []
    builder.ruleset_box.setCurrentIndex(builder.ruleset_box.findData(CLASSIC))
    classic = [p.message for p in builder.problems()]
    assert any("Wasteland terrain; the 1996 game has only" in m for m in classic)


def test_the_1996_dialog_fits_a_720_pixel_screen(qtbot):
    """With four players and the 1996 house rules shown, the dialog still fits 1280x720 (the
    house rules go in two columns)."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.count_box.setValue(4)
    dialog.ruleset_box.setCurrentIndex(dialog.ruleset_box.findData(CLASSIC))
    assert dialog.sizeHint().height() <= 720
    assert dialog.sizeHint().width() <= 1280
