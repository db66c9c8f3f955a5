"""Dragons: what kind a dragon is, which dragons it attacks, what kills it, which dragons an
effect may summon, and moving dragons between terrains and Summoning Pools.

Sources: digest §1.7 (kinds, health, faces), §5.4 (targeting table, kill thresholds), §5.5
(summoning), §10 #1 (White Dragon: 10 health + 5 saves); seed 000 (Dragon Staff, tame and
control bonds); seed 003 (Dragon's Lair).

A dragon is never part of an army: it stands at a terrain (``Zone`` TERRAIN, owned by its
owner) or waits in its owner's Summoning Pool. A dragon an Eldarim champion slew is out of the
game; it is kept in its owner's BUA, where no rule can fetch it (rulings).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from ...catalog.model import Color, Die, DieKind, Icon
from ..core.dice_moves import move_die
from ..core.events import Event
from ..core.house_rules import WHITE_DRAGON_TEN_SAVES
from ..core.options import GameOptions
from ..core.state import GameState, Zone, ZoneKind
from ..classic.dragons import dragon_home, summonable as classic_summonable

Events = list[Event]

# The automatic saves of every dragon (digest §1.7); Belly cancels them for one attack.
DRAGON_SAVES = 5
# A White Dragon's automatic saves under the house rule WHITE_DRAGON_TEN_SAVES (the OCTGN
# dice data, digest §10 #1).
WHITE_HOUSE_RULE_SAVES = 10


class DragonKind(enum.Enum):
    """The five kinds of dragons (digest §1.7)."""

    ELEMENTAL = "Elemental"
    HYBRID = "Hybrid"
    IVORY = "Ivory"
    IVORY_HYBRID = "Ivory Hybrid"
    WHITE = "White"


def dragon_kind(die: Die) -> DragonKind:
    """The kind of a dragon die, from its colours. Raises ValueError for a die that is not a
    dragon."""
    if die.kind is not DieKind.DRAGON:
        raise ValueError(f"{die.key} is not a dragon")
    colors = set(die.colors)
    if Color.WHITE in colors:
        return DragonKind.WHITE
    if Color.IVORY in colors:
        return DragonKind.IVORY if len(colors) == 1 else DragonKind.IVORY_HYBRID
    return DragonKind.ELEMENTAL if len(colors) == 1 else DragonKind.HYBRID


def attacks_dragon(attacker: Die, target: Die) -> bool:
    """The targeting table of digest §5.4: may `attacker` attack `target` (both at the same
    terrain)? Ivory and Ivory Hybrid dragons attack only armies; nobody attacks an Ivory
    dragon; a White Dragon attacks any other dragon but a White one."""
    a, t = dragon_kind(attacker), dragon_kind(target)
    if a in (DragonKind.IVORY, DragonKind.IVORY_HYBRID) or t is DragonKind.IVORY:
        return False
    if a is DragonKind.WHITE:
        return t is not DragonKind.WHITE
    if t is DragonKind.WHITE:
        return True
    mine, theirs = attacker.elements, target.elements
    if t is DragonKind.IVORY_HYBRID:  # "unless its element matches" / "one element matches"
        return not (mine & theirs)
    if a is DragonKind.ELEMENTAL:
        return t is DragonKind.HYBRID or mine != theirs
    return t is DragonKind.ELEMENTAL or mine != theirs  # hybrid: unless both elements match


def dragon_saves(die: Die, options: GameOptions) -> int:
    """A dragon's automatic saves: five (digest §1.7, §10 #1); a White Dragon's ten under the
    house rule WHITE_DRAGON_TEN_SAVES."""
    if options.house_rule(WHITE_DRAGON_TEN_SAVES) and dragon_kind(die) is DragonKind.WHITE:
        return WHITE_HOUSE_RULE_SAVES
    return DRAGON_SAVES


def kill_threshold(die: Die, belly: bool, options: GameOptions) -> int:
    """Melee or missile results (or dragon damage) that kill this dragon: its health plus its
    automatic saves — 10 (White: 15; 20 under the house rule) — or its health alone after it
    rolled Belly (digest §5.4, §10 #1)."""
    return die.health + (0 if belly else dragon_saves(die, options))


def face_icons(die: Die, faces: Iterable[int]) -> list[tuple[Icon, int]]:
    """(icon, value) of every face shown, in order."""
    return [die.faces[f].icons[0] for f in faces]


def breath_elements(state: GameState, dragon: int, zone: Zone) -> frozenset[Color]:
    """The elemental breath effects a dragon's breath brings on the army (digest §5.4): its
    elements (an Ivory Hybrid's one element; none for Ivory); a White Dragon's Terrain Empathy:
    both elements of the terrain it is at (not those of a minor terrain, seed 003)."""
    return breath_elements_at(state.dice[dragon].die, state.terrains[zone.index].die.elements)


def breath_elements_at(die: Die, terrain_elements: frozenset[Color]) -> frozenset[Color]:
    """The elements of dragon `die`'s breath at a terrain of `terrain_elements` (see
    ``breath_elements``)."""
    if dragon_kind(die) is DragonKind.WHITE:
        return terrain_elements
    return die.elements


# --- where dragons are ---------------------------------------------------------------------------


def dragons_at(state: GameState, zone: Zone) -> tuple[int, ...]:
    """Ids of the dragons at terrain `zone`, whoever owns them, in id order."""
    return tuple(d.id for d in state.dice_in(zone) if d.die.kind is DieKind.DRAGON)


def summonable(state: GameState, elements: frozenset[Color], white: bool = False) -> list[int]:
    """Dragons an effect of `elements` may summon (digest §5.5, §1.7): from any player's
    Summoning Pool or from any terrain, one that contains an element of the effect. Ivory
    dragons come only from a pool, with any element (or ivory magic); Ivory Hybrids come from
    a pool with any element, from a terrain only with their own. White Dragons only with
    `white` (Summon White Dragon), and then only White Dragons. In a classic game only
    dragons in a DUA (``classic.dragons.summonable``)."""
    if state.options.classic:
        return [] if white else classic_summonable(state, elements)
    found = []
    for d, zone in zip(state.dice, state.zones):
        if d.die.kind is not DieKind.DRAGON or zone.kind not in (ZoneKind.SUMMONING,
                                                                ZoneKind.TERRAIN):
            continue
        kind = dragon_kind(d.die)
        in_pool = zone.kind is ZoneKind.SUMMONING
        if white or kind is DragonKind.WHITE:
            ok = white and kind is DragonKind.WHITE
        elif kind is DragonKind.IVORY:
            ok = in_pool and bool(elements)
        elif kind is DragonKind.IVORY_HYBRID:
            ok = (in_pool and bool(elements)) or bool(d.die.elements & elements)
        else:
            ok = bool(d.die.elements & elements)
        if ok:
            found.append(d.id)
    return found


def destinations(state: GameState, dragon: int) -> tuple[Zone, ...]:
    """Terrains a summoned dragon may be placed at: any terrain but the one it is at."""
    here = state.zones[dragon]
    return tuple(z for z in (Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains)))
                 if z != here)


def end_bonds(state: GameState, dragon: int | None = None, unit: int | None = None,
              events: Events | None = None, why: str = "") -> GameState:
    """End the tame / control bonds of `dragon` or of `unit` (seed 000: the dragon or the unit
    left the terrain, was killed, or was tamed or controlled anew)."""
    gone = [b for b in state.bonds if b.dragon == dragon or b.unit == unit]
    if not gone:
        return state
    if events is not None:
        for b in gone:
            events.append(Event("effect", f"{state.die_label(b.dragon)} is no longer {b.kind} "
                                          f"by {state.die_label(b.unit)} ({why})"))
    return state.with_(bonds=tuple(b for b in state.bonds if b not in gone))


def move_dragon(state: GameState, dragon: int, to: Zone, events: Events, why: str) -> GameState:
    """Move a dragon to a terrain or to its owner's Summoning Pool (or, slain, out of the game
    into its owner's BUA); any bond on it ends when it leaves its terrain."""
    owner = state.dice[dragon].owner
    events.append(Event("message", f"{state.die_label(dragon)}: {why}", player=owner))
    state = move_die(state, dragon, to, events)
    return end_bonds(state, dragon=dragon, events=events, why="it left the terrain")


def to_pool(state: GameState, dragon: int, events: Events, why: str) -> GameState:
    """A dragon goes back to its owner's Summoning Pool (killed, or flown home on Wings); in
    a classic game to its owner's DUA (``classic.dragons.dragon_home``)."""
    owner = state.dice[dragon].owner
    pool = dragon_home(owner) if state.options.classic else Zone(ZoneKind.SUMMONING, owner)
    return move_dragon(state, dragon, pool, events, why)
