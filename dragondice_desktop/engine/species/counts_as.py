"""How species abilities change how results count (digest §6, §4.4): the "counts as"
conversions — adding modifiers at step 10 that belong to the units of that species only
(rulings) — and the counts of units in the DUA that some abilities are capped by.

Each conversion is a data entry (``Conversion``) on the registry's COUNTS_AS hook, in its
species' file (``species/abilities/``): Coastal Dodge, Mountain Mastery, Dwarven Might,
Stampede, Flaming Shields, Swamp Mastery, Volcanic Adaptation, Intangibility, Born of the
Swamp. They apply to army and individual rolls (digest §6) wherever the roll does not count
the "from" type itself; a conversion can only help there, so the app always makes it (digest
§6 hints). Where the roll counts both types it is a real trade-off: a conversion with
`chosen_since` is then offered to the roller unit by unit (``rolls``: a choice point whose
default keeps the result as it is). "A terrain that contains X" is the terrain's elements;
the Reserve Area contains none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...catalog.costs import dice_points
from ...catalog.loader import load_catalog
from ...catalog.model import Color, Species
from .registry import Hook, on
from ..terrains.minor import deadlands, minor_elements
from ..rolls.model import RollContext, RollType
from ..core.state import GameState, Zone, ZoneKind


@dataclass(frozen=True)
class Conversion:
    """One "counts as" species ability: where it works (`needs`: every element listed must be
    in the terrain), when (`when`: a test on the roll's context), and what it converts."""

    species: Species
    name: str
    needs: frozenset[Color]
    src: RollType
    dst: RollType
    when: Callable[[RollContext], bool] = lambda ctx: True
    since: int = 1  # the rules revision that applies it (options.RULES_REVISIONS)
    # From this rules revision, a roll counting both `src` and `dst` offers it to the roller
    # (None: such a roll keeps the two types apart)
    chosen_since: int | None = None


def terrain_elements(state: GameState, zone: Zone, player: int) -> frozenset[Color]:
    """The elements a place contains for `player`'s species abilities: a terrain's, with the
    colours of the minor terrain their army there controls (digest §1.5); none in reserves."""
    if zone.kind is not ZoneKind.TERRAIN:
        return frozenset()
    return state.terrains[zone.index].die.elements | minor_elements(state, zone, player)


def conversions(state: GameState, zone: Zone, player: int,
                ctx: RollContext) -> tuple[tuple[Species, RollType, RollType, str], ...]:
    """The species conversions that apply to `player`'s roll at `zone`
    (RollContext.converts)."""
    return conversions_at(terrain_elements(state, zone, player), ctx, state.options.since)


def conversions_at(elements: frozenset[Color], ctx: RollContext,
                   since: Callable[[int], bool] = lambda revision: True
                   ) -> tuple[tuple[Species, RollType, RollType, str], ...]:
    """The species conversions that apply to a roll `ctx` at a place containing `elements`
    (the terrain's, and its minor terrain's for the army holding it; none in reserves), under
    the rules revisions `since` says are in force (default: the latest rules). A conversion
    whose "from" type the roll counts too is the roller's choice (``rolls`` offers it). Play asks
    this through ``conversions``; Count a roll and the odds, which know the terrain but not a
    game, ask it directly."""
    return tuple((c.species, c.src, c.dst, f"{c.name} ({c.species.value}, digest §6)")
                 for c in (entry.run for entry in on(Hook.COUNTS_AS, ctx))
                 if c.needs <= elements and c.dst in ctx.counted and c.when(ctx)
                 and since(c.since) and (c.src not in ctx.counted or (
                     c.chosen_since is not None and since(c.chosen_since))))


def force_points(state: GameState, player: int) -> int:
    """The player's force size: the points of the dice in their three armies (digest §2:
    dragons, Dragonkin and minor terrains do not count), priced as validation prices them
    (``catalog.costs``: a pair of medium equipment costs 3, seed 001). Games started before
    rules revision 3 priced every medium equipment at 2."""
    setup = state.players[player]
    catalog = load_catalog()
    dice = [catalog.die(k) for k in setup.home + setup.horde + setup.campaign]
    if state.options.since(3):
        return dice_points(dice)
    return sum(die.cost for die in dice)


def dagger_cap(state: GameState, player: int, n: int) -> int:
    """"max N †": N per 24 points of force or part thereof (digest §6)."""
    return per_24(force_points(state, player), n)


def per_24(points: int, n: int) -> int:
    """N per 24 points of a force of `points` or part thereof (the "†" of digest §6)."""
    return n * max(1, -(-points // 24))


def capped_dua_count(in_dua: int, deadlands_held: int, points: int, n: int) -> int:
    """`in_dua` units of a species in the DUA, each Deadlands minor terrain held counting as
    † more (seed 003), capped at N † for a force of `points` (digest §6)."""
    return min(in_dua + deadlands_held * per_24(points, 1), per_24(points, n))


def dua_count(state: GameState, player: int, species: Species, n: int) -> int:
    """Units of `species` in the player's DUA, each Deadlands minor terrain they control
    counting as † more (seed 003), capped at N † (digest §6)."""
    dua = Zone(ZoneKind.DUA, player)
    count = sum(1 for u in state.units_in(dua, player) if u.die.species is species)
    return capped_dua_count(count, deadlands(state, player), force_points(state, player), n)


@dataclass(frozen=True)
class DuaAbility:
    """The strength of a species ability of a roll: N is the species' units in the DUA, max
    `cap` † (digest §6); it works when the army rolling `roll` has units of `species` in the
    roll. The ability itself is in its species' file (Foul Stench: ``abilities/goblins.py``,
    Cursed Bullets: ``abilities/lava_elves.py``); Count a roll reads these numbers."""

    species: Species
    name: str
    roll: RollType
    cap: int
    text: str  # what N does, with "{n}"
    since: int = 1


FOUL_STENCH = DuaAbility(Species.GOBLINS, "Foul Stench", RollType.MELEE, 3,
                         "{n} units of the defending army may not counter-attack", since=2)
CURSED_BULLETS = DuaAbility(Species.LAVA_ELVES, "Cursed Bullets", RollType.MISSILE, 3,
                            "up to {n} missile results are reduced only by spell saves (a "
                            "target at the same terrain)")
DUA_ABILITIES = (FOUL_STENCH, CURSED_BULLETS)
