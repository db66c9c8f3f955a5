"""A die that moves while it tumbles is drawn at its new place's size (issue 17: a tester saw a
die in the DUA stay drawn large after it moved there). The board's tumble ended by setting the
pixmap the die had before the move (the terrain's large one), and the die then kept it."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import table_setups
from dragondice_desktop.ui.board import Board, BoardView
from dragondice_desktop.worker.snapshot import Change, GameSnapshot


def _rolled_at_a_terrain():
    """(record, state, events, die id): the first action of a seeded game whose events roll
    a die that stands at a terrain afterwards."""
    record = GameRecord(table_setups(2), 7)
    state = record.state()
    for _ in range(200):
        action = choose(state)
        state, events = play(state, action)
        record = record.with_action(action)
        for event in events:
            if event.kind == "roll" and event.roll is not None:
                for outcome in event.roll.dice:
                    if outcome.faces and state.zones[outcome.die_id].kind is ZoneKind.TERRAIN:
                        return record, state, events, outcome.die_id
    raise AssertionError("no roll at a terrain in 200 actions")


def _shown_width(item) -> float:
    return item.sceneBoundingRect().width()


def test_a_die_moved_to_the_dua_while_it_tumbles_is_drawn_at_the_duas_size(qtbot):
    record, state, events, die_id = _rolled_at_a_terrain()
    board = Board(instant=False)
    board.set_animation(400)
    view = BoardView(board)
    frame = QMainWindow()
    frame.setCentralWidget(view)
    qtbot.addWidget(frame)
    board.set_snapshot(GameSnapshot(record, state, (), (), legal_actions(state), Change.NEW))
    board.set_snapshot(GameSnapshot(record, state, events, (events,), legal_actions(state),
                                    Change.ACTION))
    assert board.animator.running                       # the rolled die tumbles
    item = board.die_items[die_id]
    at_terrain = item.size
    # The next state, before the tumble ends: the die was killed and is in its DUA.
    owner = state.dice[die_id].owner
    dead = state.with_die_moved(die_id, Zone(ZoneKind.DUA, owner))
    board.set_snapshot(GameSnapshot(record, dead, (), (events,), legal_actions(dead),
                                    Change.ACTION))
    qtbot.waitUntil(lambda: not board.animator.running, timeout=3000)
    board.refresh()                                     # a later redraw changes nothing
    assert item.size < at_terrain
    assert abs(_shown_width(item) - item.size) < 0.5, (_shown_width(item), item.size)
