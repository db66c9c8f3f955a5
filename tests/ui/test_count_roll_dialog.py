"""Count a roll: the player picks dice and clicks the faces they showed; the dialog counts
like ``engine.resolve`` and the rules, asks for re-rolled faces, and copies the resolve JSON."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.rolls.count_a_roll import resolve, resolve_text
from dragondice_desktop.ui import theme
from dragondice_desktop.ui.count_roll_dialog import CountRollDialog
from dragondice_desktop.ui.count_roll_model import ROLL_KINDS, CountRollState, find_die

FOOTMAN = "Dwarves/Footman"          # d6: 1 ID, 1 Save, 1 Melee, 1 Melee, 1 Save, 2 Melee
ANDROSPHINX = "Dwarves/Androsphinx"  # d10 monster: 4 ID, 4 Roar, 4 Magic, 4 Melee, ... 4 Rend


def face(key: str, text: str) -> int:
    """The index of the first face of die `key` printed as `text`."""
    return [f.to_text() for f in load_catalog().die(key).faces].index(text)


@pytest.fixture
def dialog(qtbot):
    dlg = CountRollDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    return dlg


def click_face(qtbot, dlg: CountRollDialog, index: int, slot: int, text: str) -> None:
    """Click, on die `index`'s row for roll `slot`, the face printed `text`."""
    button = dlg.cards[index].strips[slot].buttons[face(dlg.state.dice[index].die.key, text)]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def add_by_typing(qtbot, dlg: CountRollDialog, text: str) -> None:
    dlg.search.setFocus()
    qtbot.keyClicks(dlg.search, text)
    qtbot.keyClick(dlg.search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dlg.search_queued)


def test_two_dice_count_like_resolve_and_the_rules(qtbot, dialog):
    add_by_typing(qtbot, dialog, FOOTMAN)
    add_by_typing(qtbot, dialog, ANDROSPHINX)
    assert len(dialog.cards) == 2 and dialog.search.text() == ""
    click_face(qtbot, dialog, 0, 0, "1 ID")
    click_face(qtbot, dialog, 1, 0, "4 Melee")
    # Rules: a Footman's ID face is its health, 1 melee; a monster's Melee face is worth 4.
    assert dialog.count.ok and dialog.count.report["totals"] == {"melee": 5}
    by_hand = resolve({"roll": "melee", "army": [{"die": FOOTMAN, "face": "ID"},
                                                 {"die": ANDROSPHINX, "face": "4 Melee"}]})
    assert by_hand["totals"] == dialog.count.report["totals"]
    assert dialog.total_label.text() == "Melee: 5"
    assert dialog.explain_view.toPlainText() == by_hand["explain"]
    assert [c.gains_label.text() for c in dialog.cards] == ["gives 1 melee", "gives 4 melee"]
    assert dialog.cards[0].strips[0].buttons[face(FOOTMAN, "1 ID")].isChecked()
    assert dialog.copy_button.isEnabled()


def test_eighth_face_doubles_id_results_only(qtbot, dialog):
    dialog.add_die(FOOTMAN)
    dialog.add_die(ANDROSPHINX)
    click_face(qtbot, dialog, 0, 0, "1 ID")
    click_face(qtbot, dialog, 1, 0, "4 Melee")
    dialog.set_eighth_face(True)
    assert dialog.count.report["totals"] == {"melee": 2 + 4}
    data = json.loads(dialog.json_text())
    assert data["terrain"] == {"die": "Terrains/Coastland Tower", "face": 8, "held": True}
    assert resolve(data)["totals"] == {"melee": 6}
    dialog.set_eighth_face(False)
    assert dialog.count.report["totals"] == {"melee": 5}
    # The terrain stays where the army rolls (issue 11 §3): no longer held.
    assert json.loads(dialog.json_text())["terrain"] == {"die": "Terrains/Coastland Tower"}


def test_a_rend_face_asks_for_its_reroll_and_counts_both_faces(qtbot, dialog):
    dialog.add_die(FOOTMAN)
    dialog.add_die(ANDROSPHINX)
    click_face(qtbot, dialog, 0, 0, "2 Melee")
    click_face(qtbot, dialog, 1, 0, "4 Rend")
    card = dialog.cards[1]
    assert len(card.strips) == 2  # a "rolled again:" row for the re-roll
    assert dialog.count.hints == ("Rend on Androsphinx needs the face of its re-roll.",)
    assert "Rend on Androsphinx needs the face of its re-roll" in dialog.status_label.text()
    assert not dialog.copy_button.isEnabled()
    # Meanwhile the complete dice are counted, and said to be a partial count.
    assert dialog.total_label.text() == "Melee: 2 so far"
    click_face(qtbot, dialog, 1, 1, "4 Rend")  # Rend again: a third row
    assert len(card.strips) == 3
    assert "its re-roll #2" in dialog.status_label.text()
    click_face(qtbot, dialog, 1, 2, "4 Melee")
    report = dialog.count.report
    assert report["dice"][1]["faces"] == ["4 Rend", "4 Rend", "4 Melee"]
    assert report["totals"] == {"melee": 2 + 4 + 4 + 4}
    assert dialog.total_label.text() == "Melee: 14"
    # Picking a plain first face drops the re-rolls it no longer causes.
    click_face(qtbot, dialog, 1, 0, "4 Save")
    assert len(card.strips) == 1 and dialog.state.dice[1].faces == [face(ANDROSPHINX, "4 Save")]
    assert dialog.count.report["totals"] == {"melee": 2}


def test_rend_rerolls_in_melee_only(qtbot, dialog):
    dialog.add_die(ANDROSPHINX)
    click_face(qtbot, dialog, 0, 0, "4 Rend")
    click_face(qtbot, dialog, 0, 1, "4 Melee")
    dialog.set_roll_kind("Maneuver")
    # In a maneuver roll Rend gives X maneuver and no re-roll: the follow-up face goes.
    assert len(dialog.cards[0].strips) == 1
    assert dialog.count.ok and dialog.count.report["totals"] == {"maneuver": 4}


def test_copied_json_round_trips_through_resolve_text(qtbot, dialog):
    dialog.set_roll_kind("Save against melee")
    dialog.add_die(FOOTMAN)
    dialog.add_die(ANDROSPHINX)
    click_face(qtbot, dialog, 0, 0, "1 Save")
    click_face(qtbot, dialog, 1, 0, "4 ID")
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    text = QGuiApplication.clipboard().text()
    assert json.loads(text)["against"] == "melee"
    assert resolve_text(text) == dialog.count.report
    assert dialog.count.report["totals"] == {"save": 1 + 4}


def test_no_dice_shows_a_hint_not_an_exception(qtbot, dialog):
    assert dialog.count.report is None
    assert dialog.total_label.text() == "Total: —"
    assert "Add the dice you rolled" in dialog.status_label.text()
    assert not dialog.copy_button.isEnabled()
    dialog.add_die(FOOTMAN)  # a die with no face yet: a hint too
    assert dialog.count.hints == ("Click the face Footman shows.",)
    assert dialog.total_label.text() == "Total: —"
    qtbot.mouseClick(dialog.clear_button, Qt.MouseButton.LeftButton)
    assert dialog.cards == [] and "Add the dice you rolled" in dialog.status_label.text()


def test_search_explains_what_it_cannot_add(qtbot, dialog):
    add_by_typing(qtbot, dialog, "Terrains/Coastland Tower")
    assert "only units and items" in dialog.search_error.text()
    assert dialog.search_error.isVisible() and dialog.cards == []
    dialog.search.clear()
    add_by_typing(qtbot, dialog, "no such die")
    assert "no die called" in dialog.search_error.text()
    dialog.search.clear()
    add_by_typing(qtbot, dialog, "androsphinx")  # a unique name, any case
    assert not dialog.search_error.isVisible()
    assert [d.die.key for d in dialog.state.dice] == [ANDROSPHINX]
    keys = dialog.search.completer().model().stringList()
    assert FOOTMAN in keys and "Terrains/Coastland Tower" not in keys


def test_picking_from_the_completer_adds_the_die_once(qtbot, dialog):
    dialog.search.setFocus()
    qtbot.keyClicks(dialog.search, "androsph")
    popup = dialog.search.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    popup.setCurrentIndex(popup.model().index(0, 0))
    qtbot.keyClick(popup, Qt.Key.Key_Return)  # reaches the completer and the line edit
    qtbot.waitUntil(lambda: not dialog.search_queued)
    assert [d.die.key for d in dialog.state.dice] == [ANDROSPHINX]
    assert dialog.search.text() == ""


def test_remove_a_die_and_same_names_are_told_apart(qtbot, dialog):
    for _ in range(2):
        dialog.add_die(FOOTMAN)
    dialog.add_die(ANDROSPHINX)
    assert [c.name_label.text() for c in dialog.cards] == [
        "Footman (die 1)", "Footman (die 2)", "Androsphinx"]
    click_face(qtbot, dialog, 0, 0, "2 Melee")
    click_face(qtbot, dialog, 1, 0, "1 ID")
    click_face(qtbot, dialog, 2, 0, "4 Melee")
    assert dialog.count.report["totals"] == {"melee": 7}
    qtbot.mouseClick(dialog.cards[0].remove_button, Qt.MouseButton.LeftButton)
    assert len(dialog.cards) == 2 and dialog.cards[0].name_label.text() == "Footman"
    assert dialog.count.report["totals"] == {"melee": 5}


def test_unresolved_effects_are_shown_in_orange(qtbot, dialog):
    oracle = "Amazons/Oracle"  # its Cantrip magic buys spells only in a game, not here
    dialog.add_die(oracle)
    click_face(qtbot, dialog, 0, 0, "3 Cantrip")
    reasons = dialog.count.report["dice"][0]["unresolved"]
    labels = dialog.cards[0].unresolved_labels
    assert reasons and len(labels) == len(reasons)
    assert reasons[0] in labels[0].text()
    assert theme.UNRESOLVED_COLOR in labels[0].styleSheet()
    assert dialog.unresolved_label.isVisible()


def test_dragon_attack_counts_three_types_without_the_eighth_face(qtbot, dialog):
    dialog.set_eighth_face(True)
    dialog.set_roll_kind("Dragon attack (save + melee + missile)")
    assert not dialog.eighth_check.isEnabled()
    dialog.add_die(ANDROSPHINX)
    click_face(qtbot, dialog, 0, 0, "4 Melee")
    assert dialog.count.report["totals"] == {"save": 0, "melee": 4, "missile": 0}
    assert "held" not in json.loads(dialog.json_text())["terrain"]
    assert dialog.total_label.text() == "Save 0 · Melee 4 · Missile 0"


def test_the_dialog_is_not_modal(dialog):
    assert not dialog.isModal()
    assert dialog.testAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)


def test_state_cuts_chains_and_checks_faces():
    state = CountRollState()
    index = state.add(find_die(ANDROSPHINX))
    rend = face(ANDROSPHINX, "4 Rend")
    state.set_face(index, 0, rend)
    state.set_face(index, 1, rend)
    assert state.next_slot(index) == 2
    state.set_face(index, 1, face(ANDROSPHINX, "4 ID"))
    assert state.next_slot(index) is None and len(state.dice[index].faces) == 2
    with pytest.raises(IndexError):
        state.set_face(index, 3, rend)  # roll 3 cannot be set before roll 2
    with pytest.raises(IndexError):
        state.set_face(index, 0, 10)
    state.set_kind(ROLL_KINDS[0])  # maneuver: Rend no longer re-rolls
    assert state.dice[index].faces == [rend]


def test_terrain_brings_species_abilities_in_the_dialog(qtbot, dialog):
    """Issue 11 §3, digest §6 Mountain Mastery: Count a roll knows where the army rolls; at
    Highland City a Footman's 2 melee counts as maneuver (with the ID face: 1 + 2 = 3);
    with no terrain given only the ID counts. Rendered at two sizes for a look."""
    dialog.set_roll_kind("Maneuver")
    dialog.add_die(FOOTMAN)
    dialog.add_die(FOOTMAN)
    click_face(qtbot, dialog, 0, 0, "2 Melee")
    click_face(qtbot, dialog, 1, 0, "1 ID")
    assert dialog.count.report["totals"] == {"maneuver": 1}
    dialog.terrain_combo.setCurrentIndex(dialog.terrain_combo.findData("Terrains/Highland City"))
    assert dialog.count.report["totals"] == {"maneuver": 3}
    assert json.loads(dialog.json_text())["terrain"] == {"die": "Terrains/Highland City"}
    dialog.set_eighth_face(True)
    assert dialog.count.report["totals"] == {"maneuver": 4}   # the ID doubled
    for width, height in ((1400, 900), (1280, 720)):
        dialog.resize(width, height)
        qtbot.wait(20)
        assert dialog.grab().save(f"/tmp/rules_count_dialog_{width}.png")
    dialog.terrain_combo.setCurrentIndex(0)
    assert not dialog.eighth_check.isChecked()
    assert dialog.count.report["totals"] == {"maneuver": 1}


def test_two_elevates_double_two_units_in_the_dialog(qtbot, dialog):
    """Seed 001 Elevate + seed 000 Targeting (issue 11 §3): a Sergeant (3 saves), a Footman
    (1 save) and two Flying Carpets showing Elevate, saving against melee: each Elevate
    doubles a different unit, 6 + 2 = 8; the summary names the unit the first one doubles by
    default. Rendered at two sizes for a look."""
    dialog.set_roll_kind("Save against melee")
    for key, text in (("Dwarves/Sergeant", "3 Save"), (FOOTMAN, "1 Save"),
                      ("Items/Air Flying Carpet", "4 Elevate"),
                      ("Items/Air Flying Carpet", "4 Elevate")):
        dialog.add_die(key)
        click_face(qtbot, dialog, len(dialog.cards) - 1, 0, text)
    assert dialog.count.report["totals"] == {"save": 8}
    assert ("Elevate: which unit doubles its results (each Elevate a different unit): the "
            "Sergeant (the default" in dialog.status_label.text())
    for width, height in ((1400, 900), (1280, 720)):
        dialog.resize(width, height)
        qtbot.wait(20)
        assert dialog.grab().save(f"/tmp/count_dialog_elevate_{width}.png")


def test_the_ruleset_choice_counts_a_1996_charge(qtbot, dialog):
    """The 1996 icon list (seed 002 Trample): in a charge a Trample is a maneuver and a hit,
    so the Centaur's 4 Trample gives 8 melee; a skirmish 4; v4.01 4. The Charge box is only
    offered in the 1996 game, and the copied JSON carries the ruleset and the form."""
    dialog.add_die("Amazons/Centaur")
    dialog.choose_face(0, 0, face("Amazons/Centaur", "4 Trample"))
    assert dialog.count.report["totals"] == {"melee": 4}
    assert not dialog.charge_check.isVisible()
    dialog.set_ruleset("classic")
    assert dialog.charge_check.isVisible() and dialog.charge_check.isEnabled()
    assert dialog.count.report["totals"] == {"melee": 4}
    dialog.charge_check.setChecked(True)
    assert dialog.count.report["totals"] == {"melee": 8}
    data = json.loads(dialog.json_text())
    assert (data["ruleset"], data["melee_form"]) == ("classic", "charge")
    assert resolve_text(dialog.json_text())["totals"] == {"melee": 8}
    dialog.set_roll_kind("Missile")
    assert not dialog.charge_check.isEnabled() and not dialog.state.charge
    dialog.set_ruleset("v4.01")
    assert "ruleset" not in json.loads(dialog.json_text())


def test_a_1996_roll_refuses_the_dice_the_1996_game_lacks_with_the_reason(qtbot, dialog):
    """TSR digest §2.5: Treefolk had no TSR printing ("refuse in classic"); the 1996 races
    (Amazons ...) are offered. The search completes only the 1996 game's dice, a Treefolk
    typed is refused with the reason, and one added before the switch stays in the form
    (nothing typed is lost) but is not counted, saying why."""
    dialog.set_ruleset("classic")
    offered = dialog._dice_names.stringList()
    assert "Amazons/Charioteer" in offered
    assert not any(key.startswith("Treefolk/") for key in offered)
    with pytest.raises(ValueError, match="Treefolk were not made for the 1996 game"):
        dialog.add_die("Treefolk/Dryad")
    assert dialog.state.dice == []
    dialog.search.setText("Treefolk/Dryad")
    dialog.add_button.click()
    assert "Treefolk were not made for the 1996 game" in dialog.search_error.text()
    dialog.set_ruleset("v4.01")
    assert any(key.startswith("Treefolk/") for key in dialog._dice_names.stringList())
    dialog.add_die("Treefolk/Dryad")
    dialog.choose_face(0, 0, 0)
    assert dialog.count.ok
    dialog.set_ruleset("classic")
    assert not dialog.count.ok and len(dialog.state.dice) == 1
    assert "Treefolk were not made for the 1996 game" in dialog.status_label.text()
    assert "Treefolk were not made" in dialog.cards[0].gains_label.text()
    assert dialog.total_label.text() == "Total: —"
    assert dialog.roll_label.text() == "Melee roll (1996 rules)"  # not the v4.01 count kept
    assert dialog.explain_view.toPlainText() == ""


def test_a_1996_roll_offers_only_the_terrains_of_the_1996_game(qtbot, dialog):
    """TSR digest §2.3: four terrain types (Coastland, Flatland, Highland, Swampland), each
    with City, Standing Stones, Temple and Tower; no Wasteland, Feyland nor advanced
    terrain (Castle, Dragon's Lair, Grove, Vortex). Those stay listed, greyed out, with the
    reason; choosing one anyway is refused with the reason."""
    combo = dialog.terrain_combo
    model = combo.model()

    def enabled():
        return {combo.itemData(i) for i in range(1, combo.count()) if model.item(i).isEnabled()}

    everything = enabled()
    assert "Terrains/Feyland Castle" in everything
    dialog.set_ruleset("classic")
    kept = enabled()
    assert len(kept) == 16
    for key in kept:
        name = key.partition("/")[2]
        assert name.split()[0] in ("Coastland", "Flatland", "Highland", "Swampland")
        assert name.split()[-1] in ("City", "Stone", "Stones", "Temple", "Tower")
    feyland = combo.findData("Terrains/Feyland Castle")
    assert "not in this game" in combo.itemText(feyland)
    assert "the 1996 game has only" in model.item(feyland).toolTip()
    castle = combo.findData("Terrains/Coastland Castle")
    assert "advanced terrain" in model.item(castle).toolTip()
    combo.setCurrentIndex(feyland)
    dialog.add_die("Amazons/Charioteer")
    dialog.choose_face(0, 0, 0)
    assert not dialog.count.ok and "Feyland terrain" in dialog.status_label.text()
    dialog.set_ruleset("v4.01")
    assert enabled() == everything and dialog.count.ok


def test_a_charge_names_its_conversion_for_what_it_does(qtbot, dialog):
    """TSR digest §7.3: the charging army's maneuver results count as melee hits. The step
    that converts them says so; it adds no automatic saves and is not called that."""
    dialog.set_ruleset("classic")
    dialog.charge_check.setChecked(True)
    dialog.add_die("Amazons/Charioteer")
    dialog.choose_face(0, 0, face("Amazons/Charioteer", "1 Maneuver"))
    assert dialog.count.report["totals"] == {"melee": 1}
    explain = dialog.explain_view.toPlainText()
    assert "step 10: maneuver 1 counts as melee" in explain
    assert "automatic saves" not in explain


def test_a_roll_still_missing_faces_says_it_is_counted_so_far(qtbot, dialog):
    """While a die still needs its face, the result side says the count is the complete dice
    so far, so it is never read as the whole roll."""
    dialog.add_die(FOOTMAN)
    dialog.choose_face(0, 0, face(FOOTMAN, "2 Melee"))
    assert dialog.roll_label.text() == "Melee roll"
    dialog.add_die(FOOTMAN)
    assert dialog.total_label.text() == "Melee: 2 so far"
    assert "so far" in dialog.roll_label.text()
    dialog.choose_face(1, 0, face(FOOTMAN, "1 Melee"))
    assert dialog.roll_label.text() == "Melee roll" and dialog.total_label.text() == "Melee: 3"


def test_count_a_roll_opens_under_the_rules_of_the_game_shown(qtbot, window):
    """A classic game's Count a roll counts under the 1996 rules from the start."""
    from dragondice_desktop.engine.core.options import CLASSIC, checked
    from dragondice_desktop.forces.classic import classic_version
    from dragondice_desktop.forces.samples import sample_forces
    from dragondice_desktop.matchup import setup_from_force

    catalog = load_catalog()
    forces = [classic_version(f, catalog) for f in sample_forces()[:2]]
    setups = (setup_from_force(forces[0], "Ann"), setup_from_force(forces[1], "Bob"))
    with qtbot.waitSignal(window.client.stateChanged, timeout=20_000):
        window.start_game(setups, 1, checked(ruleset=CLASSIC))
    window.show_count_roll()
    assert window.count_roll.state.ruleset == CLASSIC
    assert window.count_roll.ruleset_combo.currentData() == CLASSIC
    window.count_roll.close()


def test_a_1996_magic_roll_names_earth_gold(qtbot, dialog):
    """TSR digest §1 and §2.4: gold is the earth colour; a 1996 count says gold."""
    die = load_catalog().die("Dwarves/Thaumaturgist")  # a fire and earth Dwarf (1996 race)
    magic = next(i for i, f in enumerate(die.faces) if "Magic" in f.to_text())
    dialog.set_roll_kind("Magic")
    dialog.add_die(die.key)
    dialog.choose_face(0, 0, magic)
    assert "earth" in dialog.status_label.text()
    dialog.set_ruleset("classic")
    assert "gold" in dialog.status_label.text() and "earth" not in dialog.status_label.text()
