"""Glue between forces and the engine: a Force becomes a player's setup for a new game.

Sits above both `forces/` and `engine/` (neither imports the other), and is used by the app
and the headless commands.
"""

from __future__ import annotations

from .engine.state import PlayerSetup
from .catalog.loader import load_catalog
from .forces.model import Force
from .forces.resize import resized_force
from .forces.samples import sample_forces

DEMO_PLAYERS = ("Ann", "Bob")
TABLE_PLAYERS = ("Ann", "Bob", "Cat", "Dan")
TABLE_FORCES = (0, 2, 1, 3)  # sample forces by index, in seat order


def setup_from_force(force: Force, player_name: str) -> PlayerSetup:
    """The engine's PlayerSetup for `player_name` bringing `force` (all fields are die keys)."""
    return PlayerSetup(
        name=player_name, force_name=force.name, home_terrain=force.home_terrain,
        frontier_terrain=force.frontier_terrain, home=force.home_army,
        horde=force.horde_army, campaign=force.campaign_army, dragons=force.dragons,
        dragonkin=force.dragonkin, minor_terrains=force.minor_terrains,
    )


def demo_setups(first: int = 0, second: int = 2) -> tuple[PlayerSetup, PlayerSetup]:
    """Two bundled sample forces (by index in `sample_forces()`) for Ann and Bob."""
    forces = sample_forces()
    return (setup_from_force(forces[first], DEMO_PLAYERS[0]),
            setup_from_force(forces[second], DEMO_PLAYERS[1]))


def table_setups(count: int, rotation: int = 0,
                 points: int | None = None) -> tuple[PlayerSetup, ...]:
    """`count` (2-4) players, Ann, Bob, Cat and Dan, each with a different sample force;
    `rotation` shifts every seat's force that many places along the sample forces (so a
    series of games seats every force); `points`, when given, rebuilds each sample force at
    that force size from its own dice (`forces.resize.resized_force`). Raises ValueError for
    another count or a size too small for three armies."""
    if not 2 <= count <= len(TABLE_PLAYERS):
        raise ValueError(f"2 to {len(TABLE_PLAYERS)} players, not {count}")
    forces = sample_forces()
    if points is not None:
        catalog = load_catalog()
        forces = [resized_force(force, points, catalog) for force in forces]
    return tuple(setup_from_force(forces[(TABLE_FORCES[i] + rotation) % len(forces)],
                                  TABLE_PLAYERS[i])
                 for i in range(count))
