"""A board redraw does only the work that shows (issue 17: repaint <= 8 ms, a new state's
redraw <= 16 ms, measured by tests/bench_app.py): zones, terrains and plates are painted
once into pixmaps until their look changes, a die already showing what it should is left
alone, and a die's tooltip is worded when it is shown or asked for."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsItem, QMainWindow

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import table_setups
from dragondice_desktop.ui.board import Board, BoardView
from dragondice_desktop.ui.board_items import DieItem
from dragondice_desktop.worker.snapshot import Change, GameSnapshot


def _states(actions: int = 120):
    record = GameRecord(table_setups(4), 7)
    state, states = record.state(), [record.state()]
    for _ in range(actions):
        if not legal_actions(state):
            break
        state, _ = play(state, choose(state))
        states.append(state)
    return record, states


def _board(qtbot):
    board = Board()
    view = BoardView(board)
    frame = QMainWindow()
    frame.setCentralWidget(view)
    qtbot.addWidget(frame)
    return board, view, frame


def _snapshot(record, state):
    return GameSnapshot(record, state, (), (), legal_actions(state), Change.NEW)


def test_tooltips_are_worded_only_when_asked_for(qtbot, monkeypatch):
    record, states = _states()
    board, _view, _frame = _board(qtbot)
    worded = []
    real = Board._die_tooltip
    monkeypatch.setattr(Board, "_die_tooltip",
                        lambda self, *args: worded.append(args[1]) or real(self, *args))
    board.set_snapshot(_snapshot(record, states[-1]))
    assert worded == []
    die_id, item = next(iter(board.die_items.items()))
    tip = item.toolTip()
    assert worded == [die_id] and states[-1].die_label(die_id) in tip
    assert "double-click: inspect the die" in tip


def test_the_boards_shapes_are_cached_pixmaps_and_the_board_renders(qtbot, tmp_path):
    record, states = _states()
    board, view, frame = _board(qtbot)
    board.set_snapshot(_snapshot(record, states[-1]))
    cached = [item for item in board.items() if not isinstance(item, DieItem)
              and item.cacheMode() is QGraphicsItem.CacheMode.DeviceCoordinateCache]
    assert len(cached) >= len(board.zone_items) + len(board.terrain_items)
    for width, height in ((1400, 900), (1280, 720)):
        frame.resize(width, height)
        frame.show()
        qtbot.wait(10)
        board.set_snapshot(_snapshot(record, states[-2]))   # a new state: looks change
        board.set_snapshot(_snapshot(record, states[-1]))
        assert frame.grab().save(str(tmp_path / f"board-4p-{width}x{height}.png"))


def test_a_die_put_back_after_a_refused_drop_goes_home(qtbot):
    record, states = _states()
    board, _view, _frame = _board(qtbot)
    board.set_snapshot(_snapshot(record, states[-1]))
    item = next(iter(board.die_items.values()))
    home = item.pos()
    item.setPos(home.x() + 300, home.y() + 200)              # where a drag left it
    board.refresh()
    assert item.pos() == home
