"""Drag-and-drop on the board: a drop is a request that becomes an engine action; the die
moves only when the worker's new state arrives. Drags are driven with real mouse events on
the view (press, move, release on the QGraphicsItems) and through `Board.drop_die`."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtTest import QTest
from ui_helpers import (
    WAIT_MS, in_damage_step, open_record, record_until, reinforce_with_reserves,
)

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.game import play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.board import SETUP_PHASES, concise_refusal, situation
from dragondice_desktop.ui.board_items import caption_rows


def _drag(window, die_id: int, scene_target) -> None:
    """Press on the die, move in two steps, release over `scene_target` (scene coords)."""
    view, viewport = window.board_view, window.board_view.viewport()
    start = view.mapFromScene(window.board.die_items[die_id].center())
    end = view.mapFromScene(scene_target)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2))
    QTest.mouseMove(viewport, end)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def test_kill_drop_by_mouse_moves_the_unit_to_the_dua(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    kill = next(a for a in snapshot.legal if a.verb is Verb.KILL)
    die_id = kill.args[0]
    owner = snapshot.state.dice[die_id].owner
    dua = Zone(ZoneKind.DUA, owner)
    target = window.board.zone_items[(dua, owner)]
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        _drag(window, die_id, target.rect.center())
    state = window.snapshot.state
    assert window.snapshot.record.actions[-1] == kill
    if state.damage and die_id in state.damage[0].marked:
        # rules revision 3 (digest §4.7): chosen, it stays until the whole set is chosen
        assert "chosen:" in state.pending.prompt
        return
    assert state.zones[die_id] == dua
    assert target.rect.contains(window.board.die_items[die_id].center())


def test_targets_highlight_only_while_dragging(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    die_id = next(a for a in snapshot.legal if a.verb is Verb.KILL).args[0]
    owner = snapshot.state.dice[die_id].owner
    target = window.board.zone_items[(Zone(ZoneKind.DUA, owner), owner)]
    window.board.begin_drag(die_id)
    highlighted = [z for z in window.board.zone_items.values() if z.highlighted]
    assert highlighted == [target]
    window.board.finish_drag(die_id, window.board.die_items[die_id].center())
    assert not any(z.highlighted for z in window.board.zone_items.values())


def test_reinforce_drop_becomes_an_action_and_the_die_moves(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(reinforce_with_reserves, retreat=2))
    state = snapshot.state
    player = state.turn_player
    die_id = state.units_in(Zone(ZoneKind.RESERVE, player), player)[0].id
    frontier = Zone(ZoneKind.TERRAIN, 2)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        sent = window.board.drop_die(die_id, frontier)
    assert sent == f"reinforce {die_id} t2"
    assert window.snapshot.state.zones[die_id] == frontier
    zone_item = window.board.zone_items[(frontier, player)]
    assert zone_item.rect.contains(window.board.die_items[die_id].center())


def test_illegal_drop_changes_nothing_and_names_the_rule(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    state = snapshot.state
    # A unit of the player NOT taking damage, dropped on that player's Reserve Area.
    due = state.damage[0]
    other = 1 - due.player
    die = next(d for d in state.dice
               if d.owner == other and state.zones[d.id].kind is ZoneKind.TERRAIN)
    home = window.board.die_items[die.id].pos()
    messages = []
    window.board.statusMessage.connect(messages.append)
    assert window.board.drop_die(die.id, Zone(ZoneKind.RESERVE, other)) is None
    assert messages and "retreat only during the Reserves phase's retreat step" in messages[-1]
    # The situation in a few words, not the whole pending prompt (the status bar keeps a
    # message for 15 s: a long one reads as stale).
    assert messages[-1].endswith(f"({situation(state)})")
    assert state.pending.prompt not in messages[-1] and "— now:" not in messages[-1]
    assert window.statusBar().currentMessage() == messages[-1]
    assert window.board.die_items[die.id].pos() == home
    qtbot.wait(50)
    assert window.snapshot is snapshot  # no request reached the worker


def test_clicking_a_die_without_a_move_says_why_briefly(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    state = snapshot.state
    due = state.damage[0]
    other = next(d for d in state.dice if d.owner != due.player
                 and state.zones[d.id].kind is ZoneKind.TERRAIN)
    messages = []
    window.board.statusMessage.connect(messages.append)
    window.board.explain_die(other.id)
    qtbot.waitUntil(lambda: bool(messages), timeout=5000)  # after the double-click time
    decider = state.players[state.pending.player].name
    assert messages[-1] == (f"{state.die_label(other.id)} cannot move: {decider} is deciding "
                            f"({situation(state)})")
    assert len(messages[-1]) < 90


def test_concise_refusal_replaces_the_prompt_by_the_situation(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    state = snapshot.state
    assert situation(state) == f"{state.phase.value} · {state.step.value}"
    long = f"Units go to the DUA only when their owner assigns damage — now: {state.pending.prompt}"
    assert concise_refusal(state, long) == (
        f"Units go to the DUA only when their owner assigns damage ({situation(state)})")
    assert concise_refusal(state, "Only Ann retreats in this Reserves phase") == \
        "Only Ann retreats in this Reserves phase"


def test_drop_on_a_non_target_by_mouse_snaps_back(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    kill = next(a for a in snapshot.legal if a.verb is Verb.KILL)
    die_id = kill.args[0]
    owner = snapshot.state.dice[die_id].owner
    home = window.board.die_items[die_id].pos()
    bua = window.board.zone_items[(Zone(ZoneKind.BUA, owner), owner)]
    sent = []
    window.board.actionRequested.connect(sent.append)
    _drag(window, die_id, bua.rect.center())
    assert sent == []
    assert window.board.die_items[die_id].pos() == home
    assert "DUA" in window.statusBar().currentMessage()


def test_reinforce_outside_the_reserves_phase_is_refused_with_the_rule(qtbot, window):
    record = record_until(lambda s: s.step is Step.CHOOSE_ARMY and s.turn_number >= 2
                          and s.units_in(Zone(ZoneKind.RESERVE, s.turn_player), s.turn_player),
                          retreat=1)
    snapshot = open_record(qtbot, window, record)
    player = snapshot.state.turn_player
    die_id = snapshot.state.units_in(Zone(ZoneKind.RESERVE, player), player)[0].id
    assert window.board.drop_die(die_id, Zone(ZoneKind.TERRAIN, 2)) is None
    assert window.statusBar().currentMessage().startswith(
        "Units reinforce only during the Reserves phase's reinforce step")


def test_context_menu_lists_the_same_moves(qtbot, window):
    snapshot = open_record(qtbot, window, record_until(reinforce_with_reserves, retreat=1))
    state = snapshot.state
    player = state.turn_player
    die_id = state.units_in(Zone(ZoneKind.RESERVE, player), player)[0].id
    menu = window.board.die_menu(die_id)
    texts = [a.text() for a in menu.actions()]
    names = [state.terrains[i].die.name for i in range(3)]
    for name in names:
        assert f"Reinforce to {name}" in texts
    entry = next(a for a in menu.actions() if a.text() == f"Reinforce to {names[0]}")
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        entry.trigger()
    assert window.snapshot.state.zones[die_id] == Zone(ZoneKind.TERRAIN, 0)


def test_long_terrain_names_fit_on_two_lines(qtbot, window):
    """"Wasteland Standing Stones" and "Face 8: Standing Stones" are neither cut off nor
    elided: a slightly smaller font, or two rows."""
    setups = demo_setups()
    setups = (replace(setups[0], home_terrain="Terrains/Highland Standing Stones"),
              replace(setups[1], home_terrain="Terrains/Wasteland Standing Stones"))
    record = GameRecord(setups, 7)
    state = record.state()
    while state.phase in SETUP_PHASES:
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    open_record(qtbot, window, record)
    for index, item in window.board.terrain_items.items():
        name = window.snapshot.state.terrains[index].die.name
        rows = item.caption()
        assert " ".join(rows).startswith(name), rows
        assert not any("…" in row for row in rows)
        for text, _, font, _ in caption_rows(item.lines, item.caption_width(), 132):
            assert QFontMetricsF(font).horizontalAdvance(text) <= item.caption_width()
    stones = window.board.terrain_items[next(
        i for i, t in enumerate(window.snapshot.state.terrains)
        if t.die.name == "Wasteland Standing Stones")]
    assert stones.caption()[:2] == ["Wasteland", "Standing Stones"]
    assert "Wasteland Standing Stones" in stones.toolTip()
    # The eighth face's long name: smaller, or "Face 8:" above it; never cut.
    lines = [("Wasteland Standing Stones", "#fff", 12.5, True), ("Frontier", "#fff", 9, False),
             ("Face 8: Standing Stones", "#fff", 11, True), ("Held by Ann", "#fff", 10, True)]
    rows = caption_rows(lines, 150, 132)
    assert " ".join(text for text, *_ in rows) == " ".join(text for text, *_ in lines)
    assert sum(height for *_, height in rows) <= 132


def test_a_double_click_that_opens_the_inspector_says_nothing(qtbot, window):
    """The first click of a double-click would explain why the die cannot move; the
    double-click opens the inspector instead, and the status bar stays quiet."""
    from PySide6.QtWidgets import QApplication

    snapshot = open_record(qtbot, window, record_until(in_damage_step))
    state = snapshot.state
    due = state.damage[0]
    other = next(d for d in state.dice if d.owner != due.player
                 and state.zones[d.id].kind is ZoneKind.TERRAIN)
    messages, inspected = [], []
    window.board.statusMessage.connect(messages.append)
    window.board.inspectRequested.connect(inspected.append)
    window.board.explain_die(other.id)      # the press of the first click
    window.board.inspect_die(other.id)      # the double-click
    qtbot.wait(QApplication.doubleClickInterval() + 200)
    assert inspected and messages == []
