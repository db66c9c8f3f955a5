"""Glue between forces and the engine: a Force becomes a player's setup for a new game.

Sits above both `forces/` and `engine/` (neither imports the other), and is used by the app
and the headless commands.
"""

from __future__ import annotations

from dataclasses import replace

from .engine.core.state import PlayerSetup
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
                 points: int | None = None, classic: bool = False) -> tuple[PlayerSetup, ...]:
    """`count` (2-4) players, Ann, Bob, Cat and Dan, each with a different sample force;
    `rotation` shifts every seat's force that many places along the sample forces (so a
    series of games seats every force); `points`, when given, rebuilds each sample force at
    that force size from its own dice (`forces.resize.resized_force`); `classic`: the sample
    forces' 1996 versions (``forces.samples.classic_sample_forces``) for a classic game.
    Raises ValueError for another count or a size too small for three armies."""
    from .forces.samples import classic_sample_forces

    if not 2 <= count <= len(TABLE_PLAYERS):
        raise ValueError(f"2 to {len(TABLE_PLAYERS)} players, not {count}")
    forces = classic_sample_forces() if classic else sample_forces()
    if points is not None:
        catalog = load_catalog()
        forces = [resized_force(force, points, catalog) for force in forces]
    return tuple(setup_from_force(forces[(TABLE_FORCES[i] + rotation) % len(forces)],
                                  TABLE_PLAYERS[i])
                 for i in range(count))


def force_of(setup: PlayerSetup, catalog=None, terrains_in_play: int = 3) -> Force:
    """The Force a player's setup brings. A setup does not record the agreed force size, so
    it is taken as the size, among the points its dice cost and the suggested sizes above
    that (digest §2.1: 15, 24, 30, 36, 60), at which the force breaks the fewest setup rules
    (the smallest on a tie; ``forces.validate.choose_points``)."""
    from .catalog.loader import load_catalog
    from .forces.io import with_current_keys
    from .forces.model import STANDARD_POINTS
    from .forces.validate import choose_points

    catalog = catalog or load_catalog()
    force = with_current_keys(Force(
        setup.force_name or setup.name, 1, setup.home_terrain, setup.frontier_terrain,
        setup.home, setup.horde, setup.campaign, setup.dragons, setup.dragonkin,
        setup.minor_terrains))
    try:
        total = force.total_points(catalog)
    except KeyError:  # an unknown die: validation names it
        return force
    sizes = tuple(sorted({max(total, 1)} | {p for p in STANDARD_POINTS if p >= total}))
    return replace(force, points=choose_points(force, catalog, sizes, terrains_in_play))


def classic_switches(options):
    """The 1996 force rules a game with `options` (GameOptions) checks forces by: its
    classic force house rules (``forces.classic.ClassicSwitches``), or None for a v4.01
    game."""
    from .forces.classic import switches_from

    return switches_from(options.house_rules) if options is not None and options.classic \
        else None


def setups_problem(setups, rules: int | None = None, options=None) -> str | None:
    """Why these players' setups cannot start (or be replayed as) a game, or None: the first
    setup rule a player's force breaks (``forces.validate``: an advanced terrain as a Home
    Terrain, an army over half the points, too many or too few dragons, Dragonkin or minor
    terrains for this many players, items nobody can carry ...), named with the player.
    `rules`: the game's rules revision; before revision 3 too few dragons was allowed.
    `options`: the game's GameOptions; in a 1996 (classic) game the 1996 force rules apply
    too (dice the 1996 game did not have, one race at Home and in the Campaign)."""
    from .catalog.loader import load_catalog
    from .engine.core.options import RULES
    from .forces.validate import errors, terrains_for_players, validate_force

    catalog = load_catalog()
    terrains = terrains_for_players(len(setups))
    required = (RULES if rules is None else rules) >= 3
    classic = classic_switches(options)
    for setup in setups:
        force = force_of(setup, catalog, terrains)
        problems = errors(validate_force(force, catalog, terrains, dragons_required=required,
                                         classic=classic))
        if problems:
            return f"{setup.name}'s force breaks a setup rule: {problems[0].message}"
    return None


# --- armies assembled at setup (GameOptions.assemble_armies) ----------------------------------

def setup_force(state, player: int) -> Force:
    """The force `player` of game state `state` brought, at its own force size (the size the
    setup rules judge every division of it by)."""
    from .forces.validate import terrains_for_players

    return force_of(state.players[player], load_catalog(),
                    terrains_for_players(state.player_count))


def split_of(state, player: int) -> dict[str, list[int]]:
    """{"home" | "horde" | "campaign": die ids} of `player`'s armies as they stand in `state`
    at setup."""
    from .engine.turn.setup import setup_army_zones
    from .forces.model import ARMY_NAMES

    zones = dict(zip(ARMY_NAMES, setup_army_zones(state, player)))
    return {army: [d.id for d in state.dice if d.owner == player and state.zones[d.id] == zone]
            for army, zone in zones.items()}


def split_force(state, force: Force, split) -> Force:
    """`force` with its three armies made of the dice of `split` (army -> die ids of
    `state`)."""
    keys = {army: tuple(state.dice[i].key for i in ids) for army, ids in split.items()}
    return replace(force, home_army=keys["home"], horde_army=keys["horde"],
                   campaign_army=keys["campaign"])


def assembly_problems(state, player: int, split=None, force: Force | None = None) -> list[str]:
    """What the setup rules (``forces.validate``: a unit in every army, none over half the
    force ...) say against `player`'s armies as divided in `state` (or as `split` would divide
    them), at the force's own size (`force`, when the caller has it already). Empty when the
    division may be played."""
    from .forces.validate import errors, terrains_for_players, validate_force

    force = force or setup_force(state, player)
    made = split_force(state, force, split if split is not None else split_of(state, player))
    problems = validate_force(made, load_catalog(), terrains_for_players(state.player_count),
                              dragons_required=state.options.since(3),
                              classic=classic_switches(state.options))
    return [p.message for p in errors(problems)]
