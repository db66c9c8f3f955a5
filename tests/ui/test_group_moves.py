"""Several dice moved as one request (issue 14 §2): select dice (Ctrl+click, rubber band) or
grab an army by its title and drop them together; the worker plays every move or, if any is
refused, none. Digest §3.5: in the Reserves phase the player reinforces any number of units
from the Reserve Area to terrains. Rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record, record_until, reinforce_with_reserves

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.core.state import Zone, ZoneKind


def _position(qtbot, window):
    record = record_until(lambda s: reinforce_with_reserves(s) and len(
        s.units_in(Zone(ZoneKind.RESERVE, s.turn_player), s.turn_player)) >= 2,
        seed=7, retreat=3, limit=600)
    snapshot = open_record(qtbot, window, record)
    player = snapshot.state.turn_player
    reserve = Zone(ZoneKind.RESERVE, player)
    units = [u.id for u in snapshot.state.units_in(reserve, player)]
    target = next(a.args[1] for a in snapshot.legal if a.verb is Verb.REINFORCE)
    return snapshot, player, reserve, units, target


def test_digest_3_5_selected_units_reinforce_together_in_one_request(qtbot, window, tmp_path):
    snapshot, player, reserve, units, target = _position(qtbot, window)
    board = window.board
    pair = units[:2]
    for die_id in pair:  # Ctrl+click each
        item = board.die_items[die_id]
        QTest.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.ControlModifier,
                         window.board_view.mapFromScene(item.center()))
    assert board.selected_dice() == sorted(pair)
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        QTest.qWait(60)
        assert window.grab().save(str(tmp_path / f"selected-{size[0]}x{size[1]}.png"))
    before = len(window.snapshot.record.actions)
    zone = board.zone_items[(target, player)]
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        assert board.finish_drag(pair[0], zone.rect.center()) is not None
    moved = window.snapshot.record.actions[before:]
    assert [a.to_text() for a in moved] == [f"reinforce {d} {target.to_text()}"
                                            for d in sorted(pair)]
    assert all(window.snapshot.state.zones[d] == target for d in pair)


def test_a_group_with_one_refused_die_is_refused_whole(qtbot, window):
    """A unit at a terrain cannot reinforce (it is not in the Reserve Area): the request is
    not sent and nothing moves."""
    snapshot, player, reserve, units, target = _position(qtbot, window)
    state = snapshot.state
    stay = next(d.id for d in state.dice if d.owner == player and state.zones[d.id] == target)
    sent = []
    window.board.actionRequested.connect(sent.append)
    assert window.board.drop_dice([units[0], stay], target) is None
    assert sent == [] and window.board.last_refusal.startswith("Nothing was moved")


def test_the_worker_plays_a_request_all_or_none(qtbot, window):
    """The second move is illegal after the first (the same unit twice): neither is kept."""
    snapshot, player, reserve, units, target = _position(qtbot, window)
    before = snapshot.record.actions
    text = f"reinforce {units[0]} {target.to_text()}; reinforce {units[0]} {target.to_text()}"
    with qtbot.waitSignal(window.client.failed, timeout=WAIT_MS) as failed:
        window.client.submit(text)
    assert "Nothing was moved" in failed.args[0]
    assert window.snapshot.record.actions == before


def test_an_army_grabbed_by_its_title_moves_whole(qtbot, window):
    snapshot, player, reserve, units, target = _position(qtbot, window)
    board = window.board
    strip = board.zone_items[(reserve, player)]
    assert sorted(board.army_dice(reserve, player)) == sorted(
        d for d in board._movable if snapshot.state.zones[d] == reserve)
    view = window.board_view
    start = view.mapFromScene(strip.header_rect().center())
    end = view.mapFromScene(board.zone_items[(target, player)].rect.center())
    before = len(window.snapshot.record.actions)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier, start)
        QTest.mouseMove(view.viewport(), end)
        QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier, end)
    assert len(window.snapshot.record.actions) - before >= 2
    assert not window.snapshot.state.units_in(reserve, player) or all(
        a.verb is not Verb.REINFORCE for a in window.snapshot.legal)
