"""New Game remembers the last choices (issue 15 §1): players, names, forces and options come
back in the next New Game dialog (kept in the settings); the seed is fresh each time; a
choice that is no longer possible (a deleted force, junk in a hand-edited settings file)
keeps its default."""

from __future__ import annotations

from dragondice_desktop.engine.core.house_rules import HOUSE_RULES
from dragondice_desktop.forces.samples import sample_forces
from dragondice_desktop.ui.new_game_dialog import NewGameDialog
from dragondice_desktop.ui.settings import SettingsStore

WAIT_MS = 20_000
RULE = sorted(HOUSE_RULES)[-1]
FORCES = [f.name for f in sample_forces()]


def test_the_next_new_game_dialog_offers_the_last_choices(qtbot, window, monkeypatch):
    seen = []

    def first(dialog):
        dialog.count_box.setValue(3)
        dialog.names[0].setText("Ada")
        dialog.names[2].setText("Cy")
        dialog.force_boxes[0].setCurrentIndex(5)
        dialog.force_boxes[2].setCurrentIndex(4)
        dialog.manual_box.setChecked(True)
        dialog.house_rules_box.set_chosen((RULE,))
        seen.append(dialog.seed())
        return NewGameDialog.DialogCode.Accepted

    def second(dialog):
        seen.append((dialog.player_count(), [e.text() for e in dialog.names[:3]],
                     [b.currentText() for b in dialog.force_boxes[:3]],
                     dialog.manual_box.isChecked(), dialog.house_rules_box.chosen()))
        return NewGameDialog.DialogCode.Rejected

    monkeypatch.setattr(NewGameDialog, "exec", first)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.new_game_dialog()
    assert [p.name for p in window.snapshot.state.players] == ["Ada", "Bob", "Cy"]
    monkeypatch.setattr(NewGameDialog, "exec", second)
    window.new_game_dialog()
    count, names, forces, manual, rules = seen[1]
    assert count == 3 and names == ["Ada", "Bob", "Cy"]
    assert forces == [FORCES[5], FORCES[2], FORCES[4]]   # Bob kept his seat's default force
    assert manual is True and rules == (RULE,)


def test_choices_no_longer_possible_keep_their_defaults(qtbot):
    settings = SettingsStore()
    settings.set_value("new_game/last_choices", '{"players": 9, "names": [5, "Zed"], '
                       '"forces": ["A force since deleted", "' + FORCES[3] + '"], '
                       '"manual_dice": "yes", "house_rules": ["no-such-rule"]}')
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    defaults = dialog.choices()
    dialog.restore(settings.last_new_game())
    got = dialog.choices()
    assert got["players"] == 4                          # at most four players
    assert got["names"][:2] == [defaults["names"][0], "Zed"]
    assert got["forces"][:2] == [defaults["forces"][0], FORCES[3]]
    assert got["manual_dice"] is False and got["house_rules"] == []
    settings.set_value("new_game/last_choices", "{not json")
    assert settings.last_new_game() is None
    dialog.restore(None)                                  # nothing kept: nothing changes
    assert dialog.choices() == got


def test_new_game_dialog_renders_with_remembered_choices(qtbot, tmp_path):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.restore({"players": 4, "names": ["Ada", "Bo", "Cy", "Di"], "forces": FORCES[2:6]})
    for width, height in ((1400, 900), (1280, 720)):
        dialog.resize(min(width, dialog.sizeHint().width() + 200), min(height, dialog.sizeHint().height()))
        dialog.show()
        path = tmp_path / f"new-game-{width}x{height}.png"
        assert dialog.grab().save(str(path))
        assert dialog.height() <= height
