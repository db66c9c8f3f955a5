"""The game window's odds dock (issue 5 §2): the marching army's odds before the maneuver and
before the action, computed for the roll the engine would make."""

from PySide6.QtWidgets import QScrollArea

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Step, ZoneKind
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.odds import army_distribution
from dragondice_desktop.odds.play import game_roll
from dragondice_desktop.ui.game_odds import GameOddsPanel, army_box_tip
from dragondice_desktop.worker.snapshot import Change, GameSnapshot


def _until(predicate, seed=7, limit=400):
    record = GameRecord(demo_setups(), seed)
    state = record.state()
    for _ in range(limit):
        if predicate(state):
            return record, state
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    raise AssertionError("position not reached")


def _snapshot(record, state):
    return GameSnapshot(record, state, (), (), legal_actions(state), Change.LOAD)


def test_maneuver_odds_compare_marcher_and_opponent(qtbot):
    record, state = _until(lambda s: s.step is Step.MANEUVER)
    panel = GameOddsPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(_snapshot(record, state))
    assert panel.roll is RollType.MANEUVER and panel.zone == state.march.zone
    mine = army_distribution(*game_roll(state, panel.zone, state.turn_player, RollType.MANEUVER))
    assert abs(panel.panel.series[0][1].mean - mine.mean) < 1e-9


def test_melee_action_odds_show_the_attack_preview(qtbot):
    record, state = _until(lambda s: s.step is Step.ACTION and any(
        a.to_text() == "action melee" for a in legal_actions(s)))
    panel = GameOddsPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(_snapshot(record, state))
    assert panel.roll is RollType.MELEE
    assert panel.panel.preview is not None
    assert abs(panel.panel.preview.damage.pmf.sum() - 1) < 1e-9


def test_no_march_no_odds(qtbot):
    record, state = _until(lambda s: s.step is Step.REINFORCE)
    panel = GameOddsPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(_snapshot(record, state))
    assert panel.zone is None and panel.roll is None


def test_odds_fit_a_narrow_dock_and_the_greyed_army_box_says_why(qtbot):
    """In the game window the odds are a ~380 px wide dock inside a scroll area: nothing
    may widen it (no sideways scrolling), and the Army box, greyed out during a march,
    says why."""
    record, state = _until(lambda s: s.step is Step.ACTION and any(
        a.to_text() == "action melee" for a in legal_actions(s)))
    panel = GameOddsPanel()
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setWidget(panel)
    qtbot.addWidget(scroll)
    scroll.resize(390, 600)
    scroll.show()
    panel.set_snapshot(_snapshot(record, state))
    qtbot.waitUntil(lambda: panel.panel.narrow and panel.panel.chart.stacked)
    assert scroll.horizontalScrollBar().maximum() == 0
    assert panel.minimumSizeHint().width() <= 340
    # Issue 14: the box stays live during a march (the marching army first and chosen), and
    # says why that army is shown.
    assert panel.army_box.isEnabled() and panel.army_box.currentIndex() == 0
    assert panel.army_box.currentData() == (state.march.zone, state.turn_player)
    army = state.army_name(state.march.zone, state.turn_player)
    assert f"The {army} is marching" in panel.army_box.toolTip()


def test_army_box_tip_before_a_march(qtbot):
    _, state = _until(lambda s: s.step is Step.CHOOSE_ARMY)
    zones = GameOddsPanel._zones(state)
    assert state.march is None
    tip = army_box_tip(state, zones)
    assert tip == ("Only this army can march now; pick another to see its odds"
                   if len(zones) == 1
                   else "The army whose odds to show (the one you are thinking of marching)")


def test_issue_14_any_army_can_be_picked_and_a_new_state_follows_the_decision(qtbot, tmp_path):
    """Any army on the table shows its odds; the next state chooses the decision's army again
    (digest §5.2: the counter-maneuvering army rolls maneuver too)."""
    record, state = _until(lambda s: s.step is Step.MANEUVER)
    panel = GameOddsPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(_snapshot(record, state))
    armies = [panel.army_box.itemData(i) for i in range(panel.army_box.count())]
    every = {(z, p) for z in set(state.zones) for p in range(state.player_count)
             if z.kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE) and state.has_army(z, p)}
    assert set(armies) == every and armies[0] == (state.march.zone, state.turn_player)
    other = next(i for i, (z, p) in enumerate(armies) if p != state.turn_player)
    panel.army_box.setCurrentIndex(other)
    zone, player = armies[other]
    assert (panel.zone, panel.player, panel.roll) == (zone, player, RollType.MANEUVER)
    dice, spec = game_roll(state, zone, player, RollType.MANEUVER)
    theirs = army_distribution(dice, spec)
    assert abs(panel.panel.series[0][1].mean - theirs.mean) < 1e-9
    panel.set_snapshot(_snapshot(record, state))
    assert panel.army_box.currentData() == armies[0]
    for size in ((380, 900), (380, 720)):
        panel.resize(*size)
        panel.show()
        assert panel.grab().save(str(tmp_path / f"odds-any-army-{size[1]}.png"))


def test_dock_counts_mountain_mastery_like_the_engine(qtbot, tmp_path):
    """Issue 11 §4, digest §6 Mountain Mastery: three Dwarven Footmen maneuvering at their
    Highland City (earth) count their melee as maneuver: (1 ID + 1 + 1 + 2 melee) / 6 per die,
    mean 2.5 in the dock (it showed 0.5, the IDs alone). Rendered for a look."""
    from dragondice_desktop.engine.core.state import Phase
    from tests.engine.engine_helpers import position, turn

    state = position(ann={"home": ["Dwarves/Footman"] * 3})
    state, _ = turn(state, 0)
    assert state.phase is Phase.FIRST_MARCH
    panel = GameOddsPanel()
    qtbot.addWidget(panel)
    panel.set_snapshot(GameSnapshot(None, state, (), (), legal_actions(state), Change.LOAD))
    home = next(k for k in range(panel.army_box.count())
                if panel.army_box.itemData(k) is not None
                and panel.army_box.itemData(k)[0].index == 0
                and panel.army_box.itemData(k)[0].kind.value == "terrain"
                and panel.army_box.itemData(k)[1] == 0)
    panel.army_box.setCurrentIndex(home)
    assert panel.roll is RollType.MANEUVER
    assert abs(panel.panel.series[0][1].mean - 2.5) < 1e-9
    for size in ((1400, 900), (1280, 720)):
        panel.resize(*size)
        panel.show()
        qtbot.wait(20)
        path = tmp_path / f"dock_{size[0]}.png"
        assert panel.grab().save(str(path))
