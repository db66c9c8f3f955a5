"""Setup (digest §2): placement, the Horde roll-off, the winner's choice, the Frontier and
the starting distance rolls."""

import pytest

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.game import IllegalAction, legal_actions, play
from dragondice_desktop.engine.turn.setup import SetupError, new_game
from dragondice_desktop.engine.core.state import Phase, Zone, ZoneKind

from engine_helpers import setup_pair

FRONTIER = 2  # with two players: the Home Terrains are 0 and 1, the Frontier 2


def test_armies_are_placed_home_horde_campaign():
    """digest §2.4: Home army at your Home Terrain, Horde at the opponent's, Campaign at the
    Frontier; dragons start in the Summoning Pool."""
    state = new_game(setup_pair(), seed=1)
    for player in (0, 1):
        assert len(state.units_in(Zone(ZoneKind.TERRAIN, player), player)) == 2
        assert len(state.units_in(Zone(ZoneKind.TERRAIN, 1 - player), player)) == 2
        assert len(state.units_in(Zone(ZoneKind.TERRAIN, FRONTIER), player)) == 2
        pool = state.dice_in(Zone(ZoneKind.SUMMONING, player), player)
        assert [d.die.kind.value for d in pool] == ["dragon"]
    assert state.army_name(Zone(ZoneKind.TERRAIN, 1), 0) == "Horde army"
    assert state.army_name(Zone(ZoneKind.TERRAIN, 0), 0) == "Home army"


def test_unknown_die_is_refused_by_name():
    ann, bob = setup_pair()
    bad = ann.__class__(**{**ann.__dict__, "home": ("Dwarves/Nobody",)})
    with pytest.raises(SetupError, match="Ann's Home army: no die called 'Dwarves/Nobody'"):
        new_game((bad, bob), seed=1)


def _through_rolloff(state):
    state, events = play(state, "rolloff")
    while state.phase is Phase.SETUP_ROLLOFF:
        assert any("tied" in e.text for e in events)
        state, events = play(state, "rolloff")
    return state, events


def test_rolloff_highest_horde_maneuver_chooses():
    """digest §2.4: each player rolls the Horde army for maneuver; the highest total chooses."""
    state, events = _through_rolloff(new_game(setup_pair(), seed=3))
    rolls = [e for e in events if e.kind == "roll"]
    totals = [r.roll.total(r.roll.roll_type) for r in rolls[-2:]]
    winner = totals.index(max(totals))
    assert state.phase is Phase.SETUP_CHOICE
    assert state.pending.player == winner
    assert {a.verb for a in legal_actions(state)} == {Verb.GO_FIRST, Verb.PICK_FRONTIER}


def test_rolloff_ties_roll_again():
    """digest §2.4: ties re-roll. Footmen have no maneuver icons, so only ID faces count and
    ties are common: find a seed that ties and check the game asks for another roll."""
    for seed in range(200):
        state, events = play(new_game(setup_pair(), seed=seed), "rolloff")
        if state.phase is Phase.SETUP_ROLLOFF:
            totals = [e.roll.total(e.roll.roll_type) for e in events if e.kind == "roll"]
            assert totals[0] == totals[1]
            return
    pytest.fail("no tie in 200 seeds")


@pytest.mark.parametrize("choice", ["go-first", "pick-frontier"])
def test_winner_goes_first_or_picks_frontier(choice):
    """digest §2.4: go first (the opponent picks the Frontier) or pick the Frontier (the
    opponent goes first)."""
    state, _ = _through_rolloff(new_game(setup_pair(), seed=5))
    winner = state.pending.player
    state, _ = play(state, choice)
    picker = 1 - winner if choice == "go-first" else winner
    assert state.phase is Phase.SETUP_FRONTIER and state.pending.player == picker
    state, _ = play(state, "frontier 1")
    assert state.terrains[FRONTIER].key == "Terrains/Feyland Temple"
    first = winner if choice == "go-first" else 1 - winner
    assert state.turn_player == first
    assert state.phase is Phase.FIRST_MARCH


def test_starting_faces_are_between_1_and_6():
    """digest §2.5: an 8 is rolled again and a 7 turned down to 6, so every terrain starts
    on 1-6. Over many seeds, 6 is reachable and nothing starts above it."""
    faces = set()
    for seed in range(60):
        state, _ = _through_rolloff(new_game(setup_pair(), seed=seed))
        state, _ = play(state, "go-first")
        state, _ = play(state, "frontier 0")
        faces |= {t.face for t in state.terrains}
    assert faces <= set(range(1, 7)) and 6 in faces


def test_illegal_action_changes_nothing():
    state = new_game(setup_pair(), seed=1)
    with pytest.raises(IllegalAction, match="'go-first' is not legal now"):
        play(state, "go-first")
    assert state.phase is Phase.SETUP_ROLLOFF
