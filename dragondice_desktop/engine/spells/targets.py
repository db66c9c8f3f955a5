"""Who and what a spell may target when it is announced (digest §5.3, §8, §10 #2, §10 #12;
seed 000 Illusion).

- Spells have no range: "any army / any terrain" means anywhere; Reserve armies may be targeted
  by army spells (digest §10 #2), never by terrain spells.
- An army under an opponent's Illusion cannot be targeted by that opponent's spells, nor can
  its units (seed 000 Illusion; rulings).
- The army holding a Temple, and its units, cannot be affected by opponents' death magic
  (digest §8): death spells of its opponents cannot target them.
- Beneficial army spells may target any army, an opponent's included (digest §10 #12).

Two house rules narrow this (core/house_rules.py): NO_SPELLS_ON_RESERVES (no army or unit target in
a Reserve Area, digest §10 #2) and OWN_ARMIES_ONLY (beneficial army spells on the caster's own
armies, digest §10 #12).
"""

from __future__ import annotations

from ...catalog.model import Color, Icon
from ..dragons.kinds import summonable
from ..core.house_rules import NO_SPELLS_ON_RESERVES, OWN_ARMIES_ONLY
from ..sai.lasting import protected_from, untouchable
from ..core.state import GameState, Zone, ZoneKind
from ..core.actions import ActionArg
from .book import SpellDef
from .pool import ELEMENT_NAMES, IVORY, MIXED


def spell_elements(spell: SpellDef) -> tuple[str, ...]:
    """The elements that may pay a casting: the spell's own; for an Elemental spell any single
    element or ivory; for Summon White Dragon a mix (digest §5.3)."""
    color = spell.info.color
    if spell.name == "Summon White Dragon":
        return (MIXED,)
    if color == "elemental":
        return ELEMENT_NAMES + (IVORY,)
    return (color,)


def temple_shields(state: GameState, zone: Zone, player: int) -> bool:
    """True if `player`'s army at `zone` holds a Temple there (immune to opponents' death
    magic, digest §8)."""
    if zone.kind is not ZoneKind.TERRAIN:
        return False
    terrain = state.terrains[zone.index]
    return (terrain.face == 8 and terrain.controller == player
            and terrain.eighth_face is Icon.TEMPLE)


def shielded(state: GameState, spell: SpellDef, zone: Zone, player: int, caster: int) -> bool:
    """The caster's spell may not target `player`'s army at `zone` (Illusion, Temple)."""
    if player == caster:
        return False
    if protected_from(state, zone, player, caster):
        return True
    return spell.info.color == "death" and temple_shields(state, zone, player)


def army_zones(state: GameState) -> list[Zone]:
    """Every place an army can be: the terrains, then each player's Reserve Area."""
    return ([Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))]
            + [Zone(ZoneKind.RESERVE, p) for p in range(state.player_count)])


def _summon_elements(element: str) -> frozenset[Color]:
    """The colours an element word summons with (ivory magic summons Ivory dragons only)."""
    return frozenset({Color(element)})


# Target kinds whose targets depend only on the state, the caster and whether the spell is a
# death spell (a Temple shields from those): one announcement asks for them once per kind.
_SHARED_KINDS = frozenset({"army_opp", "army_any", "unit_opp", "terrain", "terrain_not8",
                           "dua_opp"})


def legal_targets(state: GameState, spell: SpellDef, caster: int, zone: Zone,
                  element: str, memo: dict[tuple[str, bool], list[tuple[ActionArg, ...]]] | None = None) -> list[tuple[ActionArg, ...]]:
    """The targets `caster` may name for `spell` paid with `element`, as action arguments.
    `memo`: a dict kept by the caller across the spells of one state, caster and zone
    (the targets of spells that name the same kind of target are worked out once).
    In a classic game magic from a Reserve Area targets only the caster's own armies, units
    and dice (TSR digest §9.4, CK1: other players' dice are never targets of reserve magic)."""
    if memo is None or spell.target not in _SHARED_KINDS:
        return _legal_targets(state, spell, caster, zone, element)
    key = (spell.target, spell.info.color == "death")
    kept = memo.get(key)
    if kept is None:
        kept = memo[key] = _legal_targets(state, spell, caster, zone, element)
    return kept


def _legal_targets(state: GameState, spell: SpellDef, caster: int, zone: Zone,
                   element: str) -> list[tuple[ActionArg, ...]]:
    kind = spell.target
    if state.options.classic and zone.kind is ZoneKind.RESERVE:
        return _own_targets_only(state, spell, caster, zone, element)
    if kind in ("army_opp", "army_any", "unit_opp"):
        rules = state.options
        own_only = kind == "army_any" and rules.house_rule(OWN_ARMIES_ONLY)
        zones = [z for z in army_zones(state) if z.kind is ZoneKind.TERRAIN
                 or not rules.house_rule(NO_SPELLS_ON_RESERVES)]
        armies = [(z, p) for z in zones for p in range(state.player_count)
                  if state.has_army(z, p) and (kind == "army_any" or p != caster)
                  and not (own_only and p != caster)
                  and not shielded(state, spell, z, p, caster)]
        if kind == "unit_opp":
            hidden = untouchable(state)  # units Hide hides are out of reach
            return [(u.id,) for z, p in armies for u in state.units_in(z, p)
                    if u.id not in hidden]
        return [(z, p) for z, p in armies]  # as action arguments
    if kind in ("terrain", "terrain_not8"):
        places = [Zone(ZoneKind.TERRAIN, i) for i, t in enumerate(state.terrains)
                  if not (kind == "terrain_not8" and t.face == 8)]
        if state.options.classic:  # no harmful magic on your own armies (TSR digest §9.4)
            from ..classic.magic import harms_own_army
            places = [z for z in places if not harms_own_army(state, spell.name, caster, z)]
        return [(z,) for z in places]
    if kind == "dua_opp":
        return [(Zone(ZoneKind.DUA, p),) for p in range(state.player_count)
                if p != caster and state.units_in(Zone(ZoneKind.DUA, p), p)]
    if kind == "dragon":
        return [(d,) for d in summonable(state, _summon_elements(element))]
    if kind == "white_dragon":
        return [(d,) for d in summonable(state, frozenset(), white=True)]
    why = spell.condition(state, caster, zone, element) if spell.condition else ""
    return [] if why else [()]


def _own_targets_only(state: GameState, spell: SpellDef, caster: int, zone: Zone,
                      element: str) -> list[tuple[ActionArg, ...]]:
    """A classic Reserve army's targets: its player's own armies (army spells for any army)
    and own dragons; no opponent's army or unit, no terrain (a terrain spell touches every
    army there), no opponent's Dead Unit Area."""
    kind = spell.target
    if kind == "army_any":
        return [(z, caster) for z in army_zones(state) if state.has_army(z, caster)]
    if kind in ("army_opp", "unit_opp", "terrain", "terrain_not8", "dua_opp"):
        return []
    if kind in ("dragon", "white_dragon"):
        found = (summonable(state, frozenset(), white=True) if kind == "white_dragon"
                 else summonable(state, _summon_elements(element)))
        return [(d,) for d in found if state.dice[d].owner == caster]
    why = spell.condition(state, caster, zone, element) if spell.condition else ""
    return [] if why else [()]
