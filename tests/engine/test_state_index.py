"""A state's dice-by-zone index (kept from state to state as dice move) always says what a
scan of every die's zone says, and a state's kept legal actions are the ones worked out
afresh: the speed-ups change no answer."""

import random

from dragondice_desktop.engine.game import _work_out_legal_actions, legal_actions, play
from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.matchup import table_setups
from dragondice_desktop.engine.turn.setup import new_game


def _scan(state, zone, player=None):
    return tuple(d for d, z in zip(state.dice, state.zones)
                 if z == zone and (player is None or d.owner == player))


def _every_zone(state):
    zones = [Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))]
    for kind in ZoneKind:
        if kind is not ZoneKind.TERRAIN:
            zones += [Zone(kind, p) for p in range(state.player_count)]
    return zones


def test_index_matches_a_scan_through_random_games():
    for players, seed in ((2, 3), (4, 8)):
        chooser = random.Random(seed)
        state = new_game(table_setups(players, rotation=seed), seed)
        for _ in range(250):
            actions = legal_actions(state)
            if not actions:
                break
            assert actions == _work_out_legal_actions(state)
            for zone in _every_zone(state):
                assert state.dice_in(zone) == _scan(state, zone)
                for player in range(players):
                    assert state.dice_in(zone, player) == _scan(state, zone, player)
                    units = tuple(d for d in _scan(state, zone, player) if d.die.kind.is_unit)
                    assert state.units_in(zone, player) == units
                    assert state.has_army(zone, player) == bool(units)
            state, _ = play(state, chooser.choice(actions))


def test_a_thrown_die_and_a_terrains_die_are_what_the_plain_constructors_give():
    """`GameState.throw` builds its Throw without the dataclass __init__, and a terrain keeps
    its catalog die (issue 17): the same values."""
    from dataclasses import replace
    from dragondice_desktop.catalog.loader import load_catalog
    from dragondice_desktop.engine.core.rng import Throw
    state = new_game(table_setups(2, rotation=1), 1)
    for die in state.dice[:6]:
        made = Throw(f"{state.players[die.owner].name}'s {die.die.name}", die.key, die.owner,
                     "melee roll", die.id)
        thrown = state.throw(die.id, "melee roll")
        assert thrown == made and hash(thrown) == hash(made) and vars(thrown) == vars(made)
        assert thrown.label == made.label and thrown.again("after Rend") == made.again("after Rend")
    for terrain in state.terrains:
        assert terrain.die is load_catalog().die(terrain.key)
        moved = replace(terrain, face=terrain.face % 8 + 1)
        assert moved.die is terrain.die and moved == replace(moved)
