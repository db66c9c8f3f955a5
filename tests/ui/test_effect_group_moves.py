"""Group moves for the SAIs that move units (issue 14 §2): the unit whose Ferry, Teleport or
Wayfare it is, dragged with the units going along (selected, or the army by its title) and
dropped on a terrain, is one request for the engine: where to go, then each unit going along;
refused whole, with the reason, when any part is illegal. Seed 000 Ferry: "the Ferrying unit
may move itself and up to four health-worth of units in its army to any terrain"; seed 001
Wayfare: "the item and one unit able to carry it may move to any other terrain or your
Reserve Area". Rendered to PNG at 1400×900 and 1280×720."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))

from dragondice_desktop.engine.game import legal_actions, play  # noqa: E402
from dragondice_desktop.engine.core.state import Zone, ZoneKind  # noqa: E402
from dragondice_desktop.ui.board import Board  # noqa: E402
from dragondice_desktop.ui.moves import effect_group_move, movable_dice  # noqa: E402
from dragondice_desktop.worker.snapshot import Change, GameSnapshot  # noqa: E402

T0 = Zone(ZoneKind.TERRAIN, 0)
GRYPHON = "Coral Elves/Gryphon"  # 4 health, Ferry 4


def _ferry_state():
    """Ann's Gryphon and three Knights (2 health each) at the Frontier: the Gryphon rolled
    Ferry in a melee roll and the engine asks where it goes."""
    from engine_helpers import battle, ids_at, run, scripted
    from test_sai_effects import ATTACK, F, KNIGHT

    state = scripted(battle([GRYPHON, KNIGHT, KNIGHT, KNIGHT], ["Dwarves/Footman"]),
                     F(GRYPHON, "4 Ferry"), *[F(KNIGHT, "2 Save")] * 3)
    state, _ = run(state, *ATTACK)
    gryphon, *knights = ids_at(state, 0)
    assert state.pending.prompt.startswith("Ferry: move")
    return state, gryphon, knights


def _wayfare_state():
    from engine_helpers import battle, ids_at, run, scripted
    from test_sai_effects import F, KNIGHT

    boots = "Items/Air Seven League Boots"
    state = scripted(battle([KNIGHT, boots], ["Dwarves/Footman"]), F(KNIGHT, "3 Maneuver"),
                     F(boots, "3 Wayfare"), F("Dwarves/Footman", "1 Save"))
    state, _ = run(state, "march t2", "maneuver", "counter", "choose move")
    knight, boots_id = ids_at(state, 0)
    assert state.pending.prompt.startswith("Wayfare: move")
    return state, knight, boots_id


def _board(state):
    board = Board(instant=True)
    board.set_snapshot(GameSnapshot(None, state, (), (), legal_actions(state), Change.LOAD))
    sent = []
    board.actionRequested.connect(sent.append)
    return board, sent


def _played(state, request):
    for text in request.split(";"):
        state, _ = play(state, text.strip())
    return state


def test_seed_000_ferry_moves_the_selected_units_as_one_request(qapp, tmp_path):
    state, gryphon, knights = _ferry_state()
    board, sent = _board(state)
    assert {gryphon, *knights} <= set(movable_dice(state, legal_actions(state)))
    pair = [gryphon] + knights[:2]  # 4 health-worth going along: allowed
    board.select_dice(pair)
    board.begin_drag(gryphon)  # the terrains Ferry may go to light up
    view = QGraphicsView(board)
    view.show()
    for size in ((1400, 900), (1280, 720)):
        view.resize(*size)
        QTest.qWait(40)
        view.fitInView(board.itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio)
        QTest.qWait(40)
        assert view.grab().save(str(tmp_path / f"ferry-selected-{size[0]}x{size[1]}.png"))
    view.close()
    text = board.drop_dice(pair, T0)
    assert text == f"choose t0; pick {knights[0]}; pick {knights[1]}"
    assert sent == [text]
    after = _played(state, text)
    assert all(after.zones[d] == T0 for d in pair)
    assert after.zones[knights[2]] == Zone(ZoneKind.TERRAIN, 2)  # the third one stays


def test_seed_000_ferry_refuses_more_than_four_health_worth_whole(qapp):
    state, gryphon, knights = _ferry_state()
    board, sent = _board(state)
    assert board.drop_dice([gryphon] + knights, T0) is None  # 6 health-worth going along
    assert sent == []
    assert board.last_refusal.startswith("Nothing was moved:")
    assert "cannot go along" in board.last_refusal and "up to 4 health-worth" in \
        board.last_refusal


def test_ferry_alone_goes_without_companions(qapp):
    state, gryphon, knights = _ferry_state()
    board, sent = _board(state)
    text = board.drop_die(gryphon, T0)
    assert text == "choose t0; done"
    after = _played(state, text)
    assert after.zones[gryphon] == T0 and all(after.zones[k] != T0 for k in knights)


def test_a_companion_without_the_ferrying_unit_is_refused(qapp):
    state, gryphon, knights = _ferry_state()
    board, sent = _board(state)
    assert board.drop_dice(knights[:1], T0) is None and sent == []
    assert "Ferry moves the" in board.last_refusal and "drag it with" in board.last_refusal


def test_the_whole_army_by_its_title_is_one_ferry_request(qapp):
    """The army grabbed by its title: every unit of it — too many here, so refused whole."""
    state, gryphon, knights = _ferry_state()
    board, sent = _board(state)
    army = board.army_dice(Zone(ZoneKind.TERRAIN, 2), 0)
    assert sorted(army) == sorted([gryphon] + knights)
    zone = board.zone_items[(T0, 0)]
    assert board.finish_group_drag(army, zone.rect.center()) is None and sent == []


def test_the_decision_panel_says_the_move_is_a_drag(qtbot):
    from dragondice_desktop.ui.decision_panel import DecisionPanel

    state, gryphon, knights = _ferry_state()
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(GameSnapshot(None, state, (), (), legal_actions(state), Change.LOAD))
    assert panel.hint_label.text().startswith("Drag Ann's Gryphon with the units going along")
    assert "choose t0" in panel.buttons  # the keyboard way stays


def test_seed_001_wayfare_moves_the_item_with_its_carrier(qapp):
    state, knight, boots = _wayfare_state()
    reserve = Zone(ZoneKind.RESERVE, 0)
    texts, reason = effect_group_move(state, [boots, knight], reserve)
    assert reason == "" and texts[0] == "choose reserve0"
    after = _played(state, "; ".join(texts))
    assert after.zones[knight] == reserve and after.zones[boots] == reserve


def test_a_drop_where_the_sai_does_not_go_is_refused_with_the_places(qapp):
    state, gryphon, knights = _ferry_state()
    board, sent = _board(state)
    here = Zone(ZoneKind.TERRAIN, 2)
    assert board.drop_dice([gryphon, knights[0]], Zone(ZoneKind.DUA, 0)) is None
    assert "Ferry moves" in board.last_refusal
    assert board.drag_over(gryphon, board.zone_items[(T0, 0)].rect.center()) == ""
    assert here not in [m.target for m in board.moves_for(gryphon)]
