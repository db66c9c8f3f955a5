"""The decisions of rules revision 4 answered in the window by clicking (issue 11 §1): the Coil
target's owner placing its ID and Counter results (seed 000 Coil, digest §4.5), Flaming Shields
in the answer to a dragon attack (digest §6), the owner burying excess items (seed 001). The
window with the burial question is rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))

from dragondice_desktop.engine.game import legal_actions, play  # noqa: E402
from dragondice_desktop.engine.core.record import GameRecord  # noqa: E402
from dragondice_desktop.ui.decision_panel import DecisionPanel  # noqa: E402
from dragondice_desktop.worker.snapshot import Change, GameSnapshot  # noqa: E402

from test_rules_finish_play import _coiled, _dragon_answer, _knight_falls  # noqa: E402


def _panel(qtbot, state):
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.resize(420, 420)
    panel.show()
    panel.set_snapshot(GameSnapshot(None, state, (), (), legal_actions(state), Change.LOAD))
    return panel


def _click(qtbot, panel, label_start: str) -> str:
    """Click the button whose label starts with `label_start`; returns the action it sent."""
    button = next(b for b in panel.buttons.values() if b.text().startswith(label_start))
    with qtbot.waitSignal(panel.actionChosen, timeout=2000) as sent:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return sent.args[0]


def test_coil_target_answers_by_clicking(qtbot):
    """Seed 000 Coil + digest §4.5: Bob splits his Harbinger's 3 ID results, 1 save and 2
    melee, with a click: the Coil's 4 damage less 1 save kills the Harbinger."""
    state, _ = _coiled("3 ID")
    panel = _panel(qtbot, state)
    assert panel.prompt_label.text().startswith("Coil: how do Bob's Harbinger's ID results")
    labels = sorted(b.text().split("   [")[0] for b in panel.buttons.values())
    assert labels == ["1 save + 2 melee", "2 save + 1 melee", "Melee", "Save"]
    action = _click(qtbot, panel, "1 save + 2 melee")
    assert action == "choose save:1,melee:2"
    state, events = play(state, action)
    assert any("Harbinger takes 3 damage: killed" in e.text for e in events)


def test_flaming_shields_answered_by_clicking(qtbot):
    """Digest §6 Flaming Shields in a dragon attack: Ann clicks Melee for her Watcher's saves."""
    state, _ = _dragon_answer("Terrains/Feyland Tower")
    panel = _panel(qtbot, state)
    assert panel.prompt_label.text().startswith("Flaming Shields: do the Watcher's 2 save")
    assert _click(qtbot, panel, "Melee") == "choose melee"


def test_excess_item_buried_by_clicking(qtbot, window, tmp_path):
    """Seed 001: Bob buries the Mithril Shield with a click ("Bury the ..."); the window asking
    is rendered at both sizes (looked at by a person: rules-finish-*.png in
    $DRAGONDICE_SHOTS, else a temporary folder)."""
    state, ids = _knight_falls()
    shield = ids[2]
    panel = _panel(qtbot, state)
    assert "more items than its units can carry" in panel.prompt_label.text()
    assert _click(qtbot, panel, "Bury the Air Mithril Shield") == f"pick {shield}"

    record = GameRecord(state.players, 1)
    window.show_snapshot(GameSnapshot(record, state, (), (), legal_actions(state), Change.LOAD,
                                      serial=10**6))
    out = Path(os.environ.get("DRAGONDICE_SHOTS") or tmp_path)
    out.mkdir(exist_ok=True, parents=True)
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        for _ in range(4):
            QTest.qWait(30)
        path = out / f"rules-finish-{size[0]}x{size[1]}.png"
        assert window.grab().save(str(path)) and path.stat().st_size > 10_000


def test_stepped_damage_answered_by_clicking(qtbot):
    """Digest §6 Stepped Damage (rules revision 5): Bob's killed Death Knight may be
    exchanged with a smaller Undead of his DUA, or not; the panel says which is which."""
    from test_species_choices import _killed

    state, _, knight, ghast, ghoul = _killed()
    panel = _panel(qtbot, state)
    assert panel.prompt_label.text().startswith("Stepped Damage: your Death Knight was killed")
    labels = sorted(b.text().split("   [")[0] for b in panel.buttons.values())
    assert labels == ["Keep the Ghast in its place", "No exchange: the Death Knight is killed",
                      "The Ghoul from your DUA takes its place instead"]
    assert _click(qtbot, panel, "The Ghoul") == f"pick {ghoul}"
    assert _click(qtbot, panel, "No exchange") == "done"


def test_resist_fear_answered_by_clicking(qtbot):
    """Digest §6 Resist Fear (rules revision 5): Ann clicks the Dragonhero to roll against the
    Red Drake it fears."""
    from test_species_choices import _feared

    state, _, (champ, hero), _ = _feared()
    panel = _panel(qtbot, state)
    assert panel.prompt_label.text().startswith("Resist Fear: your Eldarim let Dragonkin")
    labels = sorted(b.text().split("   [")[0] for b in panel.buttons.values())
    assert labels == ["No more Dragonkin roll", "The Dragonchamp rolls", "The Dragonhero rolls"]
    assert _click(qtbot, panel, "The Dragonhero") == f"pick {hero}"
