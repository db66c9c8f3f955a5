"""Three and four players (digest §2 multiplayer, §3.5, §10 #3): placement, the roll-off
giving the turn order, one Frontier, several counter-maneuvering armies, choosing the army to
attack, eliminated players losing their turns, whole games to a winner."""

from __future__ import annotations

import random

import pytest

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.turn.setup import SetupError, new_game
from dragondice_desktop.engine.core.state import Phase, PlayerSetup, Step, Zone, ZoneKind
from dragondice_desktop.engine.turn.start import begin_turn, next_player

from engine_helpers import moved, played, run, scripted, with_face

HOMES = ("Terrains/Highland City", "Terrains/Flatland City", "Terrains/Swampland Temple",
         "Terrains/Coastland City")
FRONTIERS = ("Terrains/Feyland Tower", "Terrains/Wasteland Standing Stones",
             "Terrains/Highland Grove", "Terrains/Coastland Tower")
NAMES = ("Ann", "Bob", "Cat", "Dan")
ARMIES = (
    dict(home=("Dwarves/Footman", "Dwarves/Sergeant", "Dwarves/Wizard"),
         horde=("Dwarves/Pony Rider", "Dwarves/Crossbowman"),
         campaign=("Dwarves/Androsphinx",)),
    dict(home=("Goblins/Thug", "Goblins/Hedge Wizard"), horde=("Goblins/Cutthroat",),
         campaign=("Goblins/Troll",)),
    dict(home=("Coral Elves/Conjurer", "Coral Elves/Archer"), horde=("Coral Elves/Knight",),
         campaign=("Coral Elves/Leviathan",)),
    dict(home=("Undead/Ghast", "Undead/Ghoul"), horde=("Undead/Heucuva",),
         campaign=("Undead/Minor Death",)),
)


def players(n, **override):
    return tuple(PlayerSetup(NAMES[i], NAMES[i][0], HOMES[i], FRONTIERS[i],
                             dragons=("Dragons/Red Drake",), **{**ARMIES[i], **override})
                 for i in range(n))


def test_placement_with_three_players():
    """Digest §2.4: Home army at home, Horde at another player's Home Terrain (the next one in
    seat order), Campaign army at the one Frontier (terrain 3)."""
    state = new_game(players(3), seed=1)
    assert len(state.terrains) == 4 and not state.terrains[3].home
    for p in range(3):
        assert state.army_name(Zone(ZoneKind.TERRAIN, p), p) == "Home army"
        assert state.has_army(Zone(ZoneKind.TERRAIN, (p + 1) % 3), p)
        assert state.has_army(Zone(ZoneKind.TERRAIN, 3), p)
    with pytest.raises(SetupError, match="2 to 4 players"):
        new_game(players(4) + players(1), seed=1)


def _rolled_off(state):
    state, events = play(state, "rolloff")
    while state.phase is Phase.SETUP_ROLLOFF:
        state, events = play(state, "rolloff")
    return state, events


@pytest.mark.parametrize("choice", ["go-first", "pick-frontier"])
def test_rolloff_gives_the_turn_order(choice):
    """Digest §2 multiplayer: turn order follows the Horde totals, highest first; if the top
    roller goes first the next-highest picks the Frontier; if it picks the Frontier it takes
    the second turn."""
    state, events = _rolled_off(new_game(players(4), seed=2))
    totals = [e.roll.total(e.roll.roll_type) for e in events if e.kind == "roll"][-4:]
    ranking = sorted(range(4), key=lambda p: -totals[p])
    assert state.turn_order == tuple(ranking) and state.pending.player == ranking[0]
    state, _ = play(state, choice)
    if choice == "go-first":
        assert state.pending.player == ranking[1]
        order = tuple(ranking)
    else:
        assert state.pending.player == ranking[0]
        order = (ranking[1], ranking[0], *ranking[2:])
    state, _ = play(state, "frontier 2")
    assert state.terrains[4].key == FRONTIERS[2] and state.turn_order == order
    assert state.turn_player == order[0]


def test_every_counter_maneuvering_army_must_be_equalled_or_beaten():
    """Digest §10 #3: with several counter-maneuvering armies the marcher must equal or beat
    each (ties go to the marcher). Bob and Cat both counter; every army shows its ID: 4, 4,
    4."""
    state = new_game(players(3), seed=1)
    state = begin_turn(state, 0, [])
    state, _ = run(state, "march t3", "maneuver")
    assert state.step is Step.COUNTER_MANEUVER and state.pending.player == 1
    state, _ = run(state, "counter")
    assert state.pending.player == 2
    # Ann's Androsphinx shows its ID (4); Bob's Troll 4 ID; Cat's Leviathan its ID (4).
    state, events = run(scripted(state, 0, 0, 0), "counter")
    assert "Maneuver succeeds (4 vs 4, 4)" in [e.text for e in events]


def test_a_marcher_beaten_by_one_counter_maneuver_fails():
    """Bob lets it pass, Cat counters: Ann's Androsphinx rolls 4 Magic (no maneuver), Cat's
    Leviathan its ID (4)."""
    state = new_game(players(3), seed=1)
    state = begin_turn(state, 0, [])
    state, _ = run(state, "march t3", "maneuver", "no-counter")
    state, events = run(scripted(state, 2, 0), "counter")
    assert "Maneuver fails (0 vs 4)" in [e.text for e in events]
    assert state.march.counters == (2,) and state.step is Step.ACTION


def test_the_marcher_chooses_which_army_to_attack():
    """Digest §5.1: melee needs an opposing army at the same terrain; with Bob's and Cat's
    armies there Ann chooses (Highland Grove face 6: melee)."""
    state = with_face(new_game(players(3), seed=1), 3, 6)
    state = begin_turn(state, 0, [])
    state, _ = run(state, "march t3", "no-maneuver", "action melee")
    assert state.step is Step.MELEE_TARGET
    assert sorted(a.to_text() for a in legal_actions(state)) == ["target t3 1", "target t3 2"]


def test_a_player_with_no_units_in_play_loses_their_turns():
    """Digest §3.7: only players with units in play take turns."""
    state = new_game(players(3), seed=1)
    bob = [d.id for d in state.dice if d.owner == 1 and d.die.kind.is_unit]
    state = moved(state, bob, Zone(ZoneKind.DUA, 1))
    state = begin_turn(state, 0, [])
    assert next_player(state) == 2


@pytest.mark.parametrize("n, seed", [(3, 0), (3, 1), (4, 0), (4, 1)])
def test_whole_multiplayer_games_reach_a_winner_and_replay(n, seed):
    record = played(GameRecord(players(n), seed), 4000)
    state = record.state()
    assert state.winner is not None and not legal_actions(state)
    assert GameRecord.from_json(record.to_json()).state() == state


@pytest.mark.parametrize("n", [3, 4])
def test_random_multiplayer_games_stay_consistent(n):
    chooser = random.Random(n)
    state = new_game(players(n), seed=n)
    for _ in range(600):
        actions = legal_actions(state)
        if not actions:
            break
        state, _ = play(state, chooser.choice([a for a in actions
                                                if a.verb.value != "retreat"] or actions))
        assert len(state.zones) == len(state.dice)
