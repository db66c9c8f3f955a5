"""Amazons (digest §6): Javelin Charge, Kukri Charge, Terrain Harmony."""

from __future__ import annotations

from collections.abc import Set

from ....catalog.model import Species
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import RollType
from ..registry import Hook, ability

Convert = tuple[Species, RollType, RollType, str]


def _amazons_charge(state: GameState, zone: Zone, player: int) -> bool:
    """An army with Amazons that controls a minor terrain may charge instead of maneuvering
    (the minor terrain's march step offers it only then)."""
    return any(u.die.species is Species.AMAZONS for u in state.units_in(zone, player))


def _charge(state: GameState, roll_type: RollType, kind: str, dst: RollType,
            name: str) -> tuple[Convert, ...]:
    march = state.march
    if march is None or march.charge != kind or roll_type is not dst:
        return ()
    return ((Species.AMAZONS, RollType.MANEUVER, dst, f"{name} (Amazons, digest §6)"),)


@ability(Species.AMAZONS, "Javelin Charge", Hook.IN_MARCH,
         "burying the minor terrain instead of maneuvering, their maneuver counts as missile "
         "this march", task="javelin", offers=_amazons_charge)
def javelin_charge(state: GameState, roll_type: RollType) -> tuple[Convert, ...]:
    """Javelin Charge this march: the Amazons' maneuver counts as missile in the missile
    attack (digest §6)."""
    return _charge(state, roll_type, "javelin", RollType.MISSILE, "Javelin Charge")


@ability(Species.AMAZONS, "Kukri Charge", Hook.IN_MARCH,
         "burying the minor terrain instead of maneuvering, their maneuver counts as melee "
         "this march", task="kukri", offers=_amazons_charge)
def kukri_charge(state: GameState, roll_type: RollType) -> tuple[Convert, ...]:
    """Kukri Charge this march: the Amazons' maneuver counts as melee in the melee attack
    (digest §6)."""
    return _charge(state, roll_type, "kukri", RollType.MELEE, "Kukri Charge")


@ability(Species.AMAZONS, "Terrain Harmony", Hook.MAGIC_ELEMENTS,
         "their magic takes the elements of the terrain they stand on",
         in_1996="TSR digest §9.2 (F4, CK1): Amazons cast the colours of their terrain")
def terrain_harmony(state: GameState, names: Set[str], die_species: Species | None,
                    zone: Zone) -> frozenset[str] | None:
    """The elements an Amazon's Ivory magic pays at a terrain: the terrain's (digest §6); in
    the Reserve Area it stays Ivory. None when it does not apply (`names`: the elements the
    magic pays without it; "ivory" for Ivory magic)."""
    if die_species is not Species.AMAZONS or names != {"ivory"} or zone.kind is not \
            ZoneKind.TERRAIN:
        return None
    return frozenset(c.value for c in state.terrains[zone.index].die.elements)
