"""Armies assembled at setup (issue 14 §2; digest §2.2: each player divides the force
secretly into Home, Horde and Campaign armies; each army needs a unit and may hold at most
half the force's points). The assembly screen covers the window while a person assembles;
dice move by drag (the list model's drop) or the buttons; the setup rules are checked live
by the force rules; Ready sends the moves and ``armies-ready`` as one request. Rendered to PNG
at 1400×900 and 1280×720."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtTest import QTest
from ui_helpers import WAIT_MS

from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.core.state import Phase, Zone, ZoneKind
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.army_assembly import assembly_request, split_of
from dragondice_desktop.ui.new_game_dialog import NewGameDialog
from dragondice_desktop.ui.settings import HandOff, Preferences

ASSEMBLE = GameOptions(assemble_armies=True)


@pytest.fixture
def assembling(qtbot, window):
    window.set_preferences(Preferences(hand_off=HandOff.SECRET))
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7, ASSEMBLE)
    return window


def _units(state, ids):
    return [i for i in ids if state.dice[i].die.kind.is_unit]


def test_digest_2_2_the_screen_shows_the_force_split_and_covers_the_board(assembling, tmp_path):
    window = assembling
    screen = window.assembly
    state = window.snapshot.state
    assert state.phase is Phase.SETUP_ARMIES
    assert screen.isVisible() and screen.player == 0
    setup = state.players[0]
    for army, keys in (("home", setup.home), ("horde", setup.horde),
                       ("campaign", setup.campaign)):
        assert sorted(state.dice[i].key for i in screen.split[army]) == sorted(keys)
        assert screen.models[army].rowCount() == len(keys)
    centre = window.board_view.mapTo(window, window.board_view.rect().center())
    assert screen.geometry().contains(centre)  # the board (every army on it) is hidden
    assert screen.problems() == [] and screen.ready_button.isEnabled()
    assert list(window.decision.buttons) == ["armies-ready"]  # no die moves in the panel
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        QTest.qWait(80)
        assert window.grab().save(str(tmp_path / f"assembly-{size[0]}x{size[1]}.png"))


def test_digest_2_2_an_army_without_units_is_refused_live_with_the_reason(assembling,
                                                                       tmp_path):
    """Every unit of the Horde army dragged to the Home army: the Horde army has none."""
    screen = assembling.assembly
    state = assembling.snapshot.state
    horde_units = _units(state, screen.split["horde"])
    screen.move(horde_units, "home")
    problems = screen.problems()
    assert any("Horde army has no units" in p for p in problems)
    assert not screen.ready_button.isEnabled()
    assert "Horde army has no units" in screen.problem_label.text()
    sent = []
    screen.requested.connect(sent.append)
    assert screen.ready() is None and sent == []
    for size in ((1400, 900), (1280, 720)):
        assembling.resize(*size)
        QTest.qWait(80)
        assert assembling.grab().save(str(tmp_path / f"refused-{size[0]}x{size[1]}.png"))
    screen.reset()
    assert screen.problems() == [] and screen.ready_button.isEnabled()


def test_digest_2_2_an_army_over_half_the_points_is_refused(assembling):
    screen = assembling.assembly
    state = assembling.snapshot.state
    keep_home = _units(state, screen.split["home"])[:1]
    keep_camp = _units(state, screen.split["campaign"])[:1]
    rest = [i for army in ("home", "campaign") for i in screen.split[army]
            if i not in keep_home + keep_camp]
    screen.move(rest, "horde")
    points = screen.force.points
    assert any("Horde army has" in p and f"the most is {points // 2}" in p
               for p in screen.problems())
    assert not screen.ready_button.isEnabled()


def test_a_drop_on_another_list_moves_the_dice_there(assembling):
    screen = assembling.assembly
    home, horde = screen.models["home"], screen.models["horde"]
    moving = home.ids[:2]
    data = home.mimeData([home.index(0), home.index(1)])
    horde.dropMimeData(data, Qt.DropAction.MoveAction, -1, -1, QModelIndex())
    assert all(i in screen.split["horde"] and i not in screen.split["home"] for i in moving)
    assert set(moving) <= set(horde.ids) and not set(moving) & set(home.ids)


def test_digest_2_2_ready_sends_one_request_and_the_next_player_assembles_unseen(
        qtbot, assembling, tmp_path):
    window = assembling
    screen = window.assembly
    state = window.snapshot.state
    moved = _units(state, screen.split["home"])[0]
    screen.move([moved], "campaign")
    assert screen.problems() == []
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        text = screen.ready()
    assert text == f"army {moved} t2; armies-ready"
    state = window.snapshot.state
    assert state.zones[moved] == Zone(ZoneKind.TERRAIN, 2)
    assert state.phase is Phase.SETUP_ARMIES and state.pending.player == 1
    # The computer is passed to Bob before his screen shows (Ann's armies stay unseen).
    assert window.hand_off.isVisible() and window.hand_off.player == 1
    for size in ((1400, 900), (1280, 720)):
        window.resize(*size)
        QTest.qWait(80)
        assert window.grab().save(str(tmp_path / f"hand-off-{size[0]}x{size[1]}.png"))
    window.hand_off.dismiss()
    assert screen.isVisible() and screen.player == 1
    assert all(state.dice[i].owner == 1 for ids in screen.split.values() for i in ids)
    assert not any(moved in ids for ids in screen.split.values())
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        screen.ready()
    assert window.snapshot.state.phase is Phase.SETUP_ROLLOFF
    window.hand_off.dismiss()
    assert not screen.isVisible()
    assert any("armies are revealed" in line for line in window.log.lines())
    assert not any(f"army {moved}" in line for line in window.log.lines())


def test_the_request_names_only_the_dice_that_move():
    from dragondice_desktop.engine.turn.setup import new_game

    state = new_game(demo_setups(), 7, ASSEMBLE)
    split = split_of(state, 0)
    assert assembly_request(state, 0, split) == "armies-ready"


def test_new_games_assemble_by_default_and_the_choice_is_remembered(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.assemble_box.isChecked() and dialog.options().assemble_armies
    dialog.assemble_box.setChecked(False)
    choices = dialog.choices()
    assert choices["assemble_armies"] is False and not dialog.options().assemble_armies
    again = NewGameDialog()
    qtbot.addWidget(again)
    again.restore(choices)
    assert not again.assemble_box.isChecked()


def test_digest_2_2_the_worker_refuses_armies_that_break_a_setup_rule_whole(qtbot, assembling):
    """A request made without the screen (a typed or scripted one) is judged by the same
    force rules: a Horde army left without units is refused, and nothing moves."""
    window = assembling
    state = window.snapshot.state
    horde = split_of(state, 0)["horde"]
    text = "; ".join([f"army {d} t2" for d in horde] + ["armies-ready"])
    before = window.snapshot.record.actions
    with qtbot.waitSignal(window.client.failed, timeout=WAIT_MS) as failed:
        window.client.submit(text)
    assert failed.args[0].startswith("Nothing was moved: Ann's armies break a setup rule")
    assert "Horde army has no units" in failed.args[0]
    assert window.snapshot.record.actions == before


def test_digest_2_the_headers_do_not_name_a_frontier_not_picked_yet(assembling):
    """Digest §2: the armies are assembled before the Horde roll-off, and the Frontier is
    picked after it; the Campaign army, which stands there (§2.2), is "at the Frontier", not
    at the terrain the engine keeps there meanwhile. The Home army is at its Home Terrain."""
    window = assembling
    state = window.snapshot.state
    screen = window.assembly
    home = next(t for t in state.terrains if t.home and t.owner == 0)
    texts = [screen.headers[army].text() for army in ("home", "horde", "campaign")]
    assert texts[0] == f"Home army — at {home.die.name}"
    assert texts[2] == "Campaign army — at the Frontier"
    assert "picked after the Horde roll-off" in screen.headers["campaign"].toolTip()
    assert screen.headers["home"].toolTip() == ""
