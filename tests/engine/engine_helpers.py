"""Small builders for engine tests: two players' setups from real catalog dice."""

from __future__ import annotations

from dragondice_desktop.engine.state import PlayerSetup


def setup_pair(
    home=("Dwarves/Footman", "Dwarves/Footman"),
    horde=("Dwarves/Footman", "Dwarves/Footman"),
    campaign=("Dwarves/Footman", "Dwarves/Footman"),
    other=None,
) -> tuple[PlayerSetup, PlayerSetup]:
    """Two players: Ann (Highland City home, Coastland Tower frontier) and Bob (Flatland City
    home, Feyland Temple frontier). Bob mirrors Ann's armies unless `other` is given."""
    ann = PlayerSetup(
        name="Ann", force_name="Test A", home_terrain="Terrains/Highland City",
        frontier_terrain="Terrains/Coastland Tower", home=tuple(home), horde=tuple(horde),
        campaign=tuple(campaign), dragons=("Dragons/Red Drake",),
    )
    o = other or {}
    bob = PlayerSetup(
        name="Bob", force_name="Test B", home_terrain="Terrains/Flatland City",
        frontier_terrain="Terrains/Feyland Temple", home=tuple(o.get("home", home)),
        horde=tuple(o.get("horde", horde)), campaign=tuple(o.get("campaign", campaign)),
        dragons=("Dragons/Blue Drake",),
    )
    return ann, bob


def started(setups=None, seed=1):
    """A game past setup: roll-off (re-rolled until it does not tie), the winner goes first,
    the first proposal becomes the Frontier. Returns the state at the first march."""
    from dragondice_desktop.engine.game import play
    from dragondice_desktop.engine.setup import new_game
    from dragondice_desktop.engine.state import Phase

    state, _ = play(new_game(setups or setup_pair(), seed), "rolloff")
    while state.phase is Phase.SETUP_ROLLOFF:
        state, _ = play(state, "rolloff")
    state, _ = play(state, "go-first")
    state, _ = play(state, "frontier 0")
    return state


def with_face(state, terrain, face, controller=None):
    """The state with terrain number `terrain` turned to `face` (held by `controller`)."""
    from dataclasses import replace

    terrains = list(state.terrains)
    terrains[terrain] = replace(terrains[terrain], face=face, controller=controller)
    return state.with_(terrains=tuple(terrains))


def moved(state, die_ids, zone):
    """The state with the given dice moved to `zone` (no rules applied: a test position)."""
    zones = list(state.zones)
    for die_id in die_ids:
        zones[die_id] = zone
    return state.with_(zones=tuple(zones))
