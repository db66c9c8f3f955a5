"""The game-over summary (issue 15 §2): turns, terrains held, health killed and lost per
player, a pyqtgraph chart of health in play over the turns, and New game / Rematch."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.game import legal_actions, new_game, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Phase, ZoneKind
from dragondice_desktop.engine.turn.summary import game_summary
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.ui.game_over_dialog import GameOverDialog

WAIT_MS = 120_000


@pytest.fixture(scope="module")
def finished():
    """A whole policy game of the demo forces (seed 7): its record and every state."""
    state = new_game(demo_setups(), 7)
    states, actions = [state], []
    while legal_actions(state):
        action = choose(state)
        state, _ = play(state, action)
        states.append(state)
        actions.append(action)
    assert state.phase is Phase.GAME_OVER
    return GameRecord(demo_setups(), 7, tuple(actions)), states


def _health_left(state, player):
    """Health of the player's units at terrains and in the Reserve Area (digest §3.7:
    health in play), counted here from the zones."""
    return sum(die.die.health for die, zone in zip(state.dice, state.zones)
               if die.owner == player and zone.kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE)
               and die.die.health and die.die.kind.name in ("UNIT", "MONSTER", "CHAMPION"))


def test_summary_figures(finished):
    _record, states = finished
    summary = game_summary(states)
    last = states[-1]
    assert summary.turns == last.turn_number and summary.winner == last.winner
    # every sample force brings 36 health: three armies of 12
    assert summary.curve[0] == (1, (36, 36))
    assert summary.curve[-1][1] == tuple(_health_left(last, p) for p in (0, 1))
    assert [t for t, _ in summary.curve] == list(range(1, summary.turns + 2))
    ann, bob = summary.players
    assert (ann.name, bob.name) == ("Ann", "Bob")
    # what one player killed the other lost (a player may also lose health in their own turn)
    assert bob.lost >= ann.killed > 0 and ann.lost >= bob.killed > 0
    held = [sum(1 for t in last.terrains if t.face == 8 and t.controller == p) for p in (0, 1)]
    assert [ann.terrains, bob.terrains] == held
    winner = summary.players[last.winner]
    assert winner.health > 0 or winner.terrains >= 2


def test_summary_of_nothing_is_refused():
    with pytest.raises(ValueError, match="needs the game's states"):
        game_summary([])


def test_dialog_shows_the_figures_and_the_chart(qtbot, finished, tmp_path):
    record, states = finished
    dialog = GameOverDialog(record)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.ready, timeout=WAIT_MS):
        dialog.show()
    summary = game_summary(states)
    assert dialog.summary == summary
    names = [p.name for p in summary.players]
    assert dialog.headline.text() == f"{names[summary.winner]} wins after {summary.turns} turns"
    rows = [[dialog.model.item(r, c).text() for c in range(5)] for r in range(2)]
    assert rows[0] == ["Ann", str(summary.players[0].terrains), str(summary.players[0].killed),
                       str(summary.players[0].lost), str(summary.players[0].health)]
    curves = dialog.chart.getPlotItem().listDataItems()
    assert len(curves) == 2 and len(curves[0].xData) == summary.turns + 1
    for width, height in ((1400, 900), (1280, 720)):
        dialog.resize(min(760, width), min(600, height))
        assert dialog.grab().save(str(tmp_path / f"game-over-{width}x{height}.png"))


def test_rematch_and_new_game_buttons(qtbot, window, finished, monkeypatch):
    record, _ = finished
    window.show_game_over(record)
    dialog = window.game_over
    qtbot.waitUntil(lambda: dialog.summary is not None, timeout=WAIT_MS)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        dialog.rematch_button.click()
    state = window.snapshot.state
    assert [p.name for p in state.players] == ["Ann", "Bob"]
    assert window.snapshot.record.players == record.players
    assert not dialog.isVisible()
    opened = []
    monkeypatch.setattr(type(window), "new_game_dialog", lambda self: opened.append(True))
    window.show_game_over(record)
    window.game_over.new_button.click()
    assert opened == [True]


def test_the_window_shows_the_summary_when_the_game_ends(qtbot, window, finished):
    record, _ = finished
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(record.players, record.seed)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(len(record.actions))
    qtbot.waitUntil(lambda: window.snapshot.state.phase is Phase.GAME_OVER, timeout=WAIT_MS)
    assert window.game_over is not None and window.game_over.isVisible()
    qtbot.waitUntil(lambda: window.game_over.summary is not None, timeout=WAIT_MS)
