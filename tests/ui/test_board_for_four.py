"""A board for three and four players (issue 15 §2): at 1400x900 a 4-player game keeps its
army dice at 32 px or more and its terrain text at 11 px or more; empty army zones collapse
to their title line, players out of the game fold away, the turn order is shown, and the
board zooms (Ctrl+plus, Ctrl+minus, fit)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontInfo

from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.matchup import table_setups
from dragondice_desktop.ui.board_items import caption_rows
from dragondice_desktop.ui.board_layout import (
    COLLAPSED_HEIGHT, TableUse, board_layout, table_use,
)
from dragondice_desktop.ui.settings import HandOff, Preferences

WAIT_MS = 60_000


@pytest.fixture
def four(qtbot, window):
    window.apply_preferences(Preferences(hand_off=HandOff.OFF))
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(table_setups(4), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(20)
    qtbot.wait(50)
    return window


def _view_scale(window) -> float:
    return window.board_view.transform().m11()


def test_four_players_at_1400x900_have_big_dice_and_readable_terrains(four, tmp_path):
    window = four
    assert (window.width(), window.height()) == (1400, 900)
    scale = _view_scale(window)
    state = window.snapshot.state
    army_dice = [die.id for die, zone in zip(state.dice, state.zones)
                 if zone.kind is ZoneKind.TERRAIN]
    assert army_dice
    sizes = [window.board.die_items[i].size * scale for i in army_dice]
    assert min(sizes) >= 32, min(sizes)
    for item in window.board.terrain_items.values():
        rows = caption_rows(item.lines, item.caption_width(), item.rect.height() - 4)
        for text, _colour, font, _height in rows:
            pixels = QFontInfo(font).pixelSize() * scale
            assert pixels >= 11, (text, pixels)
    for width, height in ((1400, 900), (1280, 720)):
        window.resize(width, height)
        qtbot_wait(window)
        assert window.grab().save(str(tmp_path / f"four-{width}x{height}.png"))


def qtbot_wait(window) -> None:
    from PySide6.QtWidgets import QApplication
    for _ in range(5):
        QApplication.processEvents()


def test_empty_army_zones_collapse_to_their_title_line():
    """In a column, a player with no dice there keeps a title-line zone (still a drop
    target); the armies share the rest."""
    use = TableUse(frozenset({(4, 1), (4, 2), (0, 1)}))
    table = board_layout(4, use)
    home_of_ann = {p: table.zones[(Zone(ZoneKind.TERRAIN, 0), p)] for p in range(4)}
    assert home_of_ann[2].height() == COLLAPSED_HEIGHT
    assert home_of_ann[1].height() > 4 * COLLAPSED_HEIGHT      # Bob's army takes the room
    assert home_of_ann[0].height() == home_of_ann[3].height() == COLLAPSED_HEIGHT
    frontier = [table.zones[(Zone(ZoneKind.TERRAIN, 4), p)] for p in (1, 2)]
    assert frontier[0].height() == frontier[1].height() > 2 * COLLAPSED_HEIGHT
    _no_overlaps(table)


def test_players_out_of_the_game_fold_away():
    everyone = frozenset((t, p) for t in range(5) for p in range(4))
    table = board_layout(4, TableUse(everyone - {(t, p) for t in range(5) for p in (0, 3)},
                                     out=frozenset({0, 3})))
    assert not any(k[0].kind is ZoneKind.TERRAIN and k[1] in (0, 3) for k in table.zones)
    folded = table.zones[(Zone(ZoneKind.RESERVE, 0), 0)]
    kept = table.zones[(Zone(ZoneKind.RESERVE, 1), 1)]
    assert folded.height() < kept.height() / 1.5
    # the players still in have the room the folded ones gave up
    full = board_layout(4, TableUse(everyone))
    assert (table.zones[(Zone(ZoneKind.TERRAIN, 4), 1)].height()
            > full.zones[(Zone(ZoneKind.TERRAIN, 4), 1)].height())
    _no_overlaps(table)


def _no_overlaps(table) -> None:
    rects = list(table.zones.values()) + list(table.terrains.values()) + list(table.plates.values())
    for i, a in enumerate(rects):
        assert table.scene_rect.contains(a)
        for b in rects[i + 1:]:
            assert not QRectF(a).intersects(b), (a, b)


def test_table_use_reads_the_state(four):
    state = four.snapshot.state
    use = table_use(state)
    assert use.out == frozenset()
    assert {p for _, p in use.armies} == {0, 1, 2, 3}
    assert four.board.table.zones.keys() >= {(Zone(ZoneKind.TERRAIN, t), p)
                                             for t, p in use.armies}


def test_the_turn_order_is_on_the_name_plates(four):
    state = four.snapshot.state
    assert len(state.turn_order) == 4
    for place, player in enumerate(state.turn_order, start=1):
        plate = four.board.plates[player]
        text = plate.lines[0][0] if hasattr(plate, "lines") else ""
        assert text.startswith(("1st", "2nd", "3rd", "4th")[place - 1] + " · "), text
        assert "Turn order: " + " → ".join(state.players[p].name for p in state.turn_order) \
            in plate.toolTip()


def test_the_board_zooms_in_out_and_back_to_fit(four, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    view = four.board_view
    fitted = view.transform().m11()
    QTest.keyClick(four, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom == pytest.approx(1.25)
    assert view.transform().m11() == pytest.approx(fitted * 1.25, rel=0.05)
    QTest.keyClick(four, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom == pytest.approx(1.25 ** 2)
    QTest.keyClick(four, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom == pytest.approx(1.25)
    QTest.keyClick(four, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom == 1.0 and view.transform().m11() == pytest.approx(fitted)
    for _ in range(20):
        view.set_zoom(view.zoom * 2)
    assert view.zoom == view.MAX_ZOOM
    view.set_zoom(0.1)
    assert view.zoom == 1.0                               # never smaller than the whole table
