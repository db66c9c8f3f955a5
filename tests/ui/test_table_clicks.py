"""Clicks on the table and choices offered once (issue 14 §2): the terrain die of the march
is turned by a click (upper half up, lower half down; digest §5.2: the marching army may turn
the terrain one step after a maneuver), and identical choices — two Deadland Villages in one
Summoning Pool — are offered once. Rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record, record_until

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.matchup import demo_setups


def _turning(state) -> bool:
    return state.step is Step.TURN_TERRAIN and any(
        a.to_text() == "turn up" for a in legal_actions(state))


def _two_same_minors(state) -> bool:
    brings = [a for a in legal_actions(state) if a.verb.value == "bring"]
    return len({state.dice[a.args[0]].key for a in brings}) < len(brings)


def test_digest_5_2_a_click_on_the_upper_half_of_the_terrain_die_turns_it_up(qtbot, window,
                                                                            tmp_path):
    snapshot = open_record(qtbot, window, record_until(_turning, seed=7, limit=300))
    index = snapshot.state.march.zone.index
    item = window.board.terrain_items[index]
    assert "Click the upper half of the die" in item.toolTip()
    for size in ((1280, 720), (1400, 900)):
        window.resize(*size)
        QTest.qWait(60)
        assert window.grab().save(str(tmp_path / f"turn-{size[0]}x{size[1]}.png"))
    die = item.die_rect()
    upper = window.board_view.mapFromScene(item.mapToScene(die.center() - QPointF(0, die.height() / 4)))
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, upper)
    assert window.snapshot.record.actions[-1].to_text() == "turn up"


def test_a_click_on_another_terrain_does_nothing(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(_turning, seed=7, limit=300))
    other = next(i for i in window.board.terrain_items if i != snapshot.state.march.zone.index)
    assert window.board.terrain_clicked(other, True) is None


def test_identical_minor_terrains_are_offered_once(qtbot, window, tmp_path):
    """Bob's Summoning Pool holds two Deadland Villages: one button brings one of them."""
    ann, bob = demo_setups()
    bob = replace(bob, minor_terrains=("Minor Terrains/Deadland Village",) * 2
                  + tuple(bob.minor_terrains[2:]))
    snapshot = open_record(qtbot, window, record_until(_two_same_minors, seed=1, limit=300,
                                                       setups=(ann, bob)))
    brings = [t for t in window.decision.buttons if t.startswith("bring ")]
    keys = {snapshot.state.dice[int(t.split()[1])].key for t in brings}
    assert len(brings) == len(keys)
    labels = [window.decision.buttons[t].text() for t in brings]
    assert any(label.startswith("Bring a Deadland Village ×2 into play") for label in labels), labels
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        QTest.qWait(60)
        assert window.grab().save(str(tmp_path / f"bring-{size[0]}x{size[1]}.png"))


def test_a_dragged_die_shows_on_the_box_under_it_whether_it_may_land_there(qtbot, window,
                                                                          tmp_path):
    """Digest §4.7: the owner of the damaged army sends its casualties to their own DUA; the
    other player's DUA refuses the die, and says why at the cursor."""
    from ui_helpers import in_damage_step

    from dragondice_desktop.engine.core.actions import Verb
    from dragondice_desktop.engine.core.state import Zone, ZoneKind

    snapshot = open_record(qtbot, window, record_until(in_damage_step, seed=7, limit=400))
    kill = next(a for a in snapshot.legal if a.verb is Verb.KILL)
    die_id = kill.args[0]
    owner = snapshot.state.dice[die_id].owner
    board = window.board
    own = board.zone_items[(Zone(ZoneKind.DUA, owner), owner)]
    other = board.zone_items[(Zone(ZoneKind.DUA, 1 - owner), 1 - owner)]
    board.begin_drag(die_id)
    assert board.drag_over(die_id, own.rect.center()) == "" and own.hover == "legal"
    reason = board.drag_over(die_id, other.rect.center())
    assert reason and other.hover == "refused" and own.hover is None
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        QTest.qWait(60)
        assert window.grab().save(str(tmp_path / f"drag-{size[0]}x{size[1]}.png"))
    assert board.finish_drag(die_id, other.rect.center()) is None
    assert board.last_refusal == reason and other.hover is None
