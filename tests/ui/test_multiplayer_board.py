"""Three- and four-player games in the window: the board layout, the New Game dialog, every
die drawn in its zone, drops for any player, saving, a game played through the window by
the automatic player, and the screenshot of a bigger table."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS, open_record, play_in_window, record_until

from dragondice_desktop.commands.main import _parser
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind
from dragondice_desktop.matchup import table_setups
from dragondice_desktop.ui import theme
from dragondice_desktop.ui.app import screenshot
from dragondice_desktop.ui.board_layout import board_layout
from dragondice_desktop.ui.game_odds import rival
from dragondice_desktop.ui.new_game_dialog import NewGameDialog
from dragondice_desktop.ui.settings import HandOff, Preferences

STRIP_KINDS = (ZoneKind.RESERVE, ZoneKind.SUMMONING, ZoneKind.DUA, ZoneKind.BUA)


def _assert_every_die_in_its_zone(board, state) -> None:
    """Each die's item is visible inside the zone item the engine puts it in."""
    assert len(board.die_items) == len(state.dice)
    for die, zone in zip(state.dice, state.zones):
        player = die.owner if zone.kind is ZoneKind.TERRAIN else zone.index
        item = board.zone_items[(zone, player)]
        die_item = board.die_items[die.id]
        assert die_item.isVisible(), state.die_label(die.id)
        assert item.rect.contains(die_item.center()), (state.die_label(die.id), zone)


@pytest.fixture
def quiet_window(window):
    """The test window with the hand-off screen off (tests of the board, not of hotseat)."""
    window.apply_preferences(Preferences(hand_off=HandOff.OFF))
    return window


# --- the layout -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_layout_has_every_players_zones_inside_the_table_without_overlaps(players):
    table = board_layout(players)
    terrains = range(players + 1)
    expected = {(Zone(kind, p), p) for p in range(players) for kind in STRIP_KINDS}
    expected |= {(Zone(ZoneKind.TERRAIN, t), p) for t in terrains for p in range(players)}
    assert set(table.zones) == expected
    assert set(table.terrains) == set(terrains)
    assert set(table.plates) == set(range(players)) == set(table.seats)
    assert len(set(table.seats.values())) == players
    rects = ([("banner", table.banner)] + [(key, r) for key, r in table.zones.items()]
             + [(("terrain", t), r) for t, r in table.terrains.items()]
             + [(("plate", p), r) for p, r in table.plates.items()])
    for name, rect in rects:
        assert table.scene_rect.contains(rect), name
        assert rect.width() >= 60 and rect.height() >= 22, name
    for (a, ra), (b, rb) in itertools.combinations(rects, 2):
        assert not ra.intersects(rb), (a, b)


def test_army_zones_leave_room_for_two_rows_of_dice():
    for players in (3, 4):
        table = board_layout(players)
        for (zone, _), rect in table.zones.items():
            if zone.kind is ZoneKind.TERRAIN:
                assert rect.height() >= 2 * table.army_die[1] + 35
                assert rect.width() >= 180


def test_two_player_layout_is_the_one_it_always_was():
    table = board_layout(2)
    assert len(table.zones) == 14 and table.seats == {0: "bottom", 1: "top"}
    assert [table.terrains[t].left() for t in (1, 2, 0)] == sorted(
        table.terrains[t].left() for t in (0, 1, 2))
    assert not table.compact and table.terrain_die == 112


@pytest.mark.parametrize("players", [1, 5])
def test_layout_refuses_other_player_counts(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        board_layout(players)


def test_four_players_have_four_distinct_colours():
    colours = {theme.player_color(p).name() for p in range(4)}
    assert len(colours) == 4
    assert QColor(theme.HIGHLIGHT).name() not in colours


# --- the New Game dialog ------------------------------------------------------------------------

def test_new_game_dialog_offers_two_to_four_players(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert (dialog.count_box.minimum(), dialog.count_box.maximum()) == (2, 4)
    assert [s.name for s in dialog.setups()] == ["Ann", "Bob"]
    dialog.count_box.setValue(4)
    assert [c.text() for c in dialog.captions] == [
        "Player 1 (bottom left)", "Player 2 (top left)", "Player 3 (top right)",
        "Player 4 (bottom right)"]
    setups = dialog.setups()
    assert [s.name for s in setups] == ["Ann", "Bob", "Cat", "Dan"]
    assert len({s.force_name for s in setups}) == 4
    dialog.count_box.setValue(3)
    assert dialog.form.isRowVisible(dialog.names[2])
    assert not dialog.form.isRowVisible(dialog.names[3])
    assert dialog.captions[0].text() == "Player 1 (bottom)"
    dialog.names[2].setText("Ann")
    dialog.names[1].setText("")
    assert [s.name for s in dialog.setups()] == ["Ann", "Player 2", "Ann 3"]


def test_three_player_game_from_the_dialog_shows_every_die_in_its_zone(qtbot, quiet_window,
                                                                        monkeypatch):
    window = quiet_window

    def choose_three(dialog):
        dialog.count_box.setValue(3)
        dialog.seed_edit.setText("11")
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", choose_three)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.new_game_dialog()
    state = window.snapshot.state
    assert [p.name for p in state.players] == ["Ann", "Bob", "Cat"]
    assert window.board.table.players == 3 and len(window.board.zone_items) == 24
    assert len(window.board.terrain_items) == 4 and len(window.board.plates) == 3
    _assert_every_die_in_its_zone(window.board, state)
    assert "Cat" in window.board.plates[2].text()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(40)
    state = window.snapshot.state
    _assert_every_die_in_its_zone(window.board, state)
    for (zone, player), item in window.board.zone_items.items():
        if zone.kind is ZoneKind.TERRAIN:
            assert item.title.endswith(state.players[player].name)
    # A new two-player game puts the two-player table back.
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(table_setups(2), 3)
    assert window.board.table.players == 2 and len(window.board.zone_items) == 14
    _assert_every_die_in_its_zone(window.board, window.snapshot.state)


# --- drops for any player -----------------------------------------------------------------------

def _reinforcing(player: int):
    def test(state) -> bool:
        return (state.step is Step.REINFORCE and state.turn_player == player
                and bool(state.units_in(Zone(ZoneKind.RESERVE, player), player)))
    return test


def test_player_2_reinforces_by_dragging_a_reserve_unit(qtbot, quiet_window):
    """Player 2 (Cat, the third seat): the drag highlights Cat's army zones, the mouse drop
    on one of them becomes the reinforce action and the die lands there."""
    window = quiet_window
    record = record_until(_reinforcing(2), seed=5, retreat=2, limit=900,
                          setups=table_setups(3), retreater=2)
    snapshot = open_record(qtbot, window, record)
    state = snapshot.state
    die_id = state.units_in(Zone(ZoneKind.RESERVE, 2), 2)[0].id
    moves = window.board.moves_for(die_id)
    assert moves and all(m.target.kind is ZoneKind.TERRAIN for m in moves)
    window.board.begin_drag(die_id)
    highlighted = {(z.zone, z.player) for z in window.board.zone_items.values() if z.highlighted}
    assert highlighted == {(m.target, 2) for m in moves}
    window.board.finish_drag(die_id, window.board.die_items[die_id].center())  # no drop
    move = moves[-1]
    target = window.board.zone_items[(move.target, 2)]
    view, viewport = window.board_view, window.board_view.viewport()
    start = view.mapFromScene(window.board.die_items[die_id].center())
    end = view.mapFromScene(target.rect.center())
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         start)
        QTest.mouseMove(viewport, QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2))
        QTest.mouseMove(viewport, end)
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           end)
    assert window.snapshot.record.actions[-1] == move.action
    assert window.snapshot.state.zones[die_id] == move.target
    assert target.rect.contains(window.board.die_items[die_id].center())


# --- a whole stretch of play --------------------------------------------------------------------

def test_three_players_play_dozens_of_actions_through_the_window(qtbot, window):
    """The automatic player's choices, sent with the window's own buttons and drops; the
    hand-off screen (on by default with three players) is dismissed with Space each time."""
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(table_setups(3), 7)
    hand_offs = drops = clicks = 0
    while window.snapshot.legal and len(window.snapshot.record.actions) < 120:
        if window.hand_off.isVisible():
            QTest.keyClick(window.hand_off, Qt.Key.Key_Space)
            hand_offs += 1
        assert not window.hand_off.isVisible()
        action = choose(window.snapshot.state)
        how = play_in_window(qtbot, window, action)
        drops, clicks = drops + (how == "drop"), clicks + (how == "click")
        assert window.snapshot.record.actions[-1] == action
        assert window.last_crash is None
        _assert_every_die_in_its_zone(window.board, window.snapshot.state)
    state = window.snapshot.state
    assert len(window.snapshot.record.actions) >= 120 or state.winner is not None
    assert clicks and drops and hand_offs
    assert {e.player for e in window.snapshot.all_events if e.player is not None} == {0, 1, 2}
    assert len(window.log.lines()) > 100


# --- saving -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_a_saved_multiplayer_game_opens_to_the_same_state(qtbot, quiet_window, tmp_path,
                                                          players):
    window = quiet_window
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(table_setups(players), 4)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(30)
    before = window.snapshot.state
    path = tmp_path / "table.ddgame"
    assert window.save_to(path)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(table_setups(2), 1)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.open_file(path)
    assert window.snapshot.state == before
    assert window.board.table.players == players
    _assert_every_die_in_its_zone(window.board, window.snapshot.state)


# --- the screenshot -----------------------------------------------------------------------------

def test_screenshot_of_a_bigger_table(qapp, tmp_path):
    out = tmp_path / "board3.png"
    assert screenshot(str(out), seed=7, actions=20, size=(1000, 700), players=3) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1000, 700)


def test_screenshot_command_takes_the_number_of_players(capsys):
    assert _parser().parse_args(["screenshot", "x.png", "--players", "4"]).players == 4
    assert _parser().parse_args(["screenshot", "x.png"]).players == 2
    with pytest.raises(SystemExit):
        _parser().parse_args(["screenshot", "x.png", "--players", "5"])
    assert "--players" in capsys.readouterr().err


# --- the odds dock ------------------------------------------------------------------------------

def test_odds_compare_with_the_strongest_of_several_opposing_armies():
    state = GameRecord(table_setups(3), 2).state()
    frontier = Zone(ZoneKind.TERRAIN, 3)  # every player's Campaign army is there

    def health(player: int) -> int:
        return sum(d.die.health for d in state.units_in(frontier, player))

    assert rival(state, frontier, 0) == max((1, 2), key=lambda p: (health(p), -p))
    assert rival(state, Zone(ZoneKind.TERRAIN, 0), 0) == 2  # Cat's Horde at Ann's home
    assert rival(state, Zone(ZoneKind.RESERVE, 0), 0) is None
