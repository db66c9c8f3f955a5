"""Lasting effects: SAI effects that last "until the beginning of your next turn" (seed 000),
held in ``GameState.effects`` as ``LastingEffect`` records.

Kinds and what they do:

- army effects (stay with the army's location, digest §4.3; end when the army has no units
  left at the end of an action); the SAIs' own say in their records (``lasting``) what they do
  to the army's rolls:
  - "halve" (Frost Breath): the army halves all results it rolls — a dividing modifier;
  - "subtract_all" (Wither): the army subtracts X results from every roll;
  - "galeforce" (Galeforce): the army subtracts four save and four maneuver results;
  - "cloak" (Cloak): X non-magical save results added to the army's save rolls;
  - "illusion" (Illusion): opponents' missile attacks (and spells) cannot target the army;
  - "modifiers" (spells, a dragon's breath): the effect's own roll modifiers, on every roll or
    on non-maneuver rolls only (Palsy);
  - "ignore_ids" (Dragon Plague, a death dragon's breath): the army's ID results do not count;
  - "counts_as" (Necromantic Wave), "converts" (Berserker Rage): conversions of results;
  - "flashfire" (Flashfire): the owner may re-roll units in non-maneuver rolls;
  - "open_grave" (Open Grave): units killed after a save roll go to the Reserve Area;
- terrain effects (a zone and no player: every army at that terrain, digest §5.3): "modifiers"
  (Blizzard, Ash Storm ...), "wall_of_fog", "wall_of_thorns", "mire", "soiled_ground";
- player effects: "accelerated_growth" (Accelerated Growth, on the caster's DUA);
- "terrain_step": marks that Flash Flood or Tidal Wave moved a terrain this turn;
- unit effects (follow the unit; end when it is killed, seed 000 / digest §4.7):
  - "asleep" (Sleep), "webbed" (Web), "netted" (Net): cannot be rolled or leave the terrain;
  - "stunned" (Stun): cannot be rolled except by an individual-targeting effect forcing it;
    ends when the unit leaves the terrain;
  - "hypnotized" (Hypnotic Glare): cannot be rolled; ends when the glaring unit leaves the
    terrain, is killed or is rolled. The glaring unit is left out of its own army's rolls
    while its hypnosis lasts (the owner may do so, seed 000; the app always does, rulings).

Modifiers on an army never apply to an individual roll (digest §4.3), so only army rolls ask
``army_modifiers``. Every effect ends in the Expire Effects phase of the player who made it
(digest §3.1): ``expire``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from ...player_text import count_of
from ...catalog.loader import load_catalog
from ...catalog.model import Icon, Species
from ..dragons.kinds import end_bonds
from ..core.events import Event
from ..terrains.minor import minor_modifiers
from ..rolls.model import Modifier, ModOp, RollContext, RollType
from ..core.state import GameState, LastingEffect, Zone, ZoneKind

Events = list[Event]

ARMY_KINDS = frozenset({"halve", "subtract_all", "galeforce", "cloak", "illusion", "modifiers",
                        "ignore_ids", "counts_as", "converts", "flashfire", "open_grave"})
# A unit hidden by the 1996 spell Hide (TSR digest §9.6) neither rolls nor can be touched.
HIDDEN = "classic_hidden"
NO_ROLL_KINDS = frozenset({"asleep", "webbed", "netted", "stunned", "hypnotized", HIDDEN})
# Unit effects that keep a unit out of reach: never picked as a target or as a casualty.
UNTOUCHABLE_KINDS = frozenset({HIDDEN})
NO_LEAVE_KINDS = frozenset({"asleep", "webbed", "netted"})

# What a lasting effect without roll modifiers does, in a word or two, by its kind: the
# player-facing summary the table's badges show (the effect's own text is the full one).
KIND_SUMMARIES = {
    "illusion": "no missiles or spells from opponents", "ignore_ids": "ID results ignored",
    "counts_as": "magic counts as melee or missile", "converts": "Feral saves count as melee",
    "flashfire": "may re-roll a unit", "open_grave": "killed units go to Reserves",
    "wall_of_fog": "−6 missile at this terrain", "wall_of_thorns": "6 damage on a maneuver",
    "mire": "marching armies roll maneuver first", "soiled_ground": "the killed save or are buried",
    "accelerated_growth": "Treefolk exchanged when killed", "terrain_step": "moved this turn",
    "asleep": "asleep", "webbed": "webbed", "netted": "netted", "stunned": "stunned",
    "hypnotized": "hypnotized", HIDDEN: "hidden (Hide)",
}


def add(state: GameState, effect: LastingEffect, events: Events) -> GameState:
    """Put a lasting effect in force, logging it."""
    events.append(Event("effect", f"Lasting effect: {effect.text}", player=effect.creator))
    return state.with_(effects=state.effects + (effect,))


def _remove(state: GameState, gone: list[LastingEffect], why: str, events: Events) -> GameState:
    if not gone:
        return state
    for effect in gone:
        events.append(Event("effect", f"Ends ({why}): {effect.text}", player=effect.creator))
    return state.with_(effects=tuple(e for e in state.effects if e not in gone))


def on_army(state: GameState, zone: Zone, player: int) -> tuple[LastingEffect, ...]:
    """Army effects on `player`'s army at `zone`, and the terrain effects there — except an
    opponent's death magic when the army holds a Temple there (digest §8)."""
    return tuple(e for e in state.effects
                 if e.kind in ARMY_KINDS and e.zone == zone and e.player in (player, None)
                 and not temple_immune(state, e, zone, player))


def temple_immune(state: GameState, effect: LastingEffect, zone: Zone, player: int) -> bool:
    """The army holding a Temple at `zone` cannot be affected by opponents' death magic
    (digest §8)."""
    if not effect.spell or effect.creator == player or zone.kind is not ZoneKind.TERRAIN:
        return False
    terrain = state.terrains[zone.index]
    return (terrain.face == 8 and terrain.controller == player
            and terrain.eighth_face is Icon.TEMPLE
            and _spell_color(effect.spell) == "death")


def _spell_color(name: str) -> str:
    """The colour of spell `name`: the catalog's, else a 1996 spell's (``classic.spells``)."""
    spell = load_catalog().spells.get(f"Spells/{name}")
    if spell is not None:
        return spell.color
    from ..spells.book import spell_named

    return spell_named(name).info.color


def on_unit(state: GameState, die_id: int) -> tuple[LastingEffect, ...]:
    """Unit effects on die `die_id`."""
    return tuple(e for e in state.effects if e.die_id == die_id)


# The SAIs' readings of their lasting effects (each SAI's record, ``lasting``), by (icon, kind);
# read at the first use: the SAIs' files import this module.
_SAI_READINGS: dict[tuple[Icon, str], Callable[[LastingEffect], tuple[Modifier, ...]]] = {}


def _sai_reading(e: LastingEffect) -> Callable[[LastingEffect], tuple[Modifier, ...]] | None:
    """The reading of `e` its SAI's record gives (Frost Breath, Wither, Galeforce, Cloak)."""
    if not _SAI_READINGS:
        from .registry import SAI_RECORDS
        _SAI_READINGS.update({(icon, r.lasting[0]): r.lasting[1]
                              for icon, r in SAI_RECORDS.items() if r.lasting is not None})
    return _SAI_READINGS.get((e.icon, e.kind)) if e.icon is not None else None


def effect_modifiers(e: LastingEffect) -> tuple[Modifier, ...]:
    """The modifiers one army effect puts on that army's rolls: an SAI's effect as its record
    reads it (Frost Breath halves, Wither and Galeforce subtract, Cloak adds saves), any other
    its own modifiers (none for Illusion)."""
    reading = _sai_reading(e)
    return reading(e) if reading is not None else e.modifiers


def army_modifiers(state: GameState, zone: Zone, player: int,
                   ctx: RollContext | None = None) -> tuple[Modifier, ...]:
    """The modifiers lasting effects (and the army's minor terrain's disaster face, digest
    §1.6) put on an army roll of `player`'s army at `zone`; with the roll's context, those
    limited to other rolls (Palsy: non-maneuver rolls) are left out."""
    return tuple(m for e in on_army(state, zone, player)
                 if not (ctx is not None and e.rolls == "non-maneuver" and ctx.is_maneuver_roll)
                 for m in effect_modifiers(e)) + minor_modifiers(state, zone, player)


def spell_saves(state: GameState, zone: Zone, player: int) -> int:
    """The save results spells add to `player`'s army at `zone` (Stone Skin, Watery Double,
    a terrain spell adding saves): the only saves that may reduce damage "only save results
    generated by spells may reduce" (seed 000 Counter, Volley, Charge; digest §6 Scorching
    Touch, Cursed Bullets). Counted without a roll; adding save modifiers of SAIs (Cloak) and
    of a dragon's breath are not spells and do not count."""
    return sum(m.amount for e in on_army(state, zone, player) if e.spell
               for m in effect_modifiers(e)
               if m.op is ModOp.ADD and RollType.SAVE in m.types)


def ids_ignored(state: GameState, zone: Zone, player: int) -> str:
    """Why `player`'s army at `zone` does not count its ID results (Dragon Plague), or ""."""
    return next((e.text for e in on_army(state, zone, player) if e.kind == "ignore_ids"), "")


def roll_changes(state: GameState, zone: Zone, player: int, counted: tuple[RollType, ...],
                 counter_attack: bool = False) -> dict[str, Any]:
    """What lasting effects change in how an army roll counts (RollContext fields): Dragon
    Plague ignores ID results; Necromantic Wave counts magic as melee (or missile); Berserker
    Rage counts Feral units' saves as melee in counter-attacks (digest §5.4, §7)."""
    changes: dict[str, Any] = {}  # RollContext fields by name
    effects = on_army(state, zone, player)
    plague = ids_ignored(state, zone, player)
    if plague:
        changes["ignore_ids"] = plague
    wave = next((t for t in (RollType.MELEE, RollType.MISSILE) if t in counted), None)
    if wave is not None and any(e.kind == "counts_as" for e in effects):
        changes["counts_as"] = ((RollType.MAGIC, wave),)
    if counter_attack and any(e.kind == "converts" for e in effects):
        changes["converts"] = ((Species.FERAL, RollType.SAVE, RollType.MELEE,
                                "Berserker Rage (spell)"),)
    return changes


def zone_amount(state: GameState, zone: Zone, kind: str) -> int:
    """The total amount of the terrain effects of `kind` at `zone` (Wall of Fog, Wall of
    Thorns: castings add up)."""
    return sum(e.amount for e in state.effects if e.kind == kind and e.zone == zone)


def has_effect(state: GameState, zone: Zone | None, kind: str, player: int | None = None,
               spell: str = "") -> bool:
    """Is an effect of `kind` (and `spell`, if given) in force at `zone` (for `player`)?"""
    return any(e.kind == kind and e.zone == zone and (player is None or e.player == player)
               and (not spell or e.spell == spell) for e in state.effects)


def cannot_roll(state: GameState, die_id: int, forced_individual: bool = False) -> str:
    """Why die `die_id` cannot be rolled now, or "" if it can. A stunned unit still rolls when
    an individual-targeting effect forces it (seed 000 Stun)."""
    for e in on_unit(state, die_id):
        if e.kind in NO_ROLL_KINDS and not (e.kind == "stunned" and forced_individual):
            return e.text
    return ""


def untouchable(state: GameState) -> frozenset[int]:
    """The units nothing may touch now (targets, casualties): those Hide hides (TSR digest
    §9.6: hidden units cannot be touched by melee, missile or magic)."""
    return frozenset(e.die_id for e in state.effects
                     if e.kind in UNTOUCHABLE_KINDS and e.die_id is not None)


def cannot_leave(state: GameState, die_id: int) -> str:
    """Why unit `die_id` cannot leave its terrain now, or "" if it can (Sleep, Web, Net;
    Dragonkin never leave the terrain they were summoned to, digest §5.6)."""
    if (state.dice[die_id].die.species is Species.DRAGONKIN
            and state.zones[die_id].kind is ZoneKind.TERRAIN):
        return "Dragonkin cannot leave the terrain they were summoned to (digest §5.6)"
    for e in on_unit(state, die_id):
        if e.kind in NO_LEAVE_KINDS:
            return e.text
    return ""


def glaring_units(state: GameState, player: int) -> tuple[int, ...]:
    """`player`'s units whose Hypnotic Glare is holding units: left out of their army's rolls."""
    return tuple(sorted({e.source_die for e in state.effects
                         if e.kind == "hypnotized" and e.creator == player
                         and e.source_die is not None}))


def protected_from(state: GameState, zone: Zone, player: int, attacker: int) -> str:
    """Why `attacker`'s missile attacks cannot target `player`'s army at `zone` (Illusion), or
    "" if they can."""
    for e in on_army(state, zone, player):
        if e.kind == "illusion" and e.creator != attacker:
            return e.text
    return ""


def has_dividing(state: GameState, zone: Zone, player: int) -> bool:
    """True if an SAI already halves that army's results: no army may be targeted by two SAI
    effects that divide the same result type (seed 000 Targeting)."""
    return any(e.kind == "halve" for e in on_army(state, zone, player))


def expire(state: GameState, player: int, events: Events) -> GameState:
    """Expire Effects phase (digest §3.1): effects created by `player` end now."""
    gone = [e for e in state.effects if e.creator == player]
    if not gone:
        events.append(Event("phase", "Expire Effects: no lasting effects to expire",
                            player=player))
        return state
    events.append(Event("phase", f"Expire Effects: {count_of(len(gone), 'lasting effect')} ended",
                        player=player))
    return _remove(state, gone, "the beginning of its maker's turn", events)


def unit_left(state: GameState, die_id: int, origin: Zone, destination: Zone,
              events: Events) -> GameState:
    """A unit moved from `origin` to `destination` (or was killed, buried, promoted away).

    Killing or exchanging a unit ends every effect on it (digest §4.7, §4.8); leaving the
    terrain ends Stun (seed 000 Stun); a glaring unit leaving the terrain or being killed ends
    its Hypnotic Glare (seed 000); an Eldarim champion leaving the terrain ends its tame or
    control bond (seed 000). Effects that follow the unit (Sleep, Web, Net) stay when it is
    moved to another army at a terrain.
    """
    gone_from_play = destination.kind not in (ZoneKind.TERRAIN, ZoneKind.RESERVE)
    gone = [e for e in state.effects
            if (e.die_id == die_id and (gone_from_play
                                        or (e.kind == "stunned" and destination != origin)))
            or (e.kind == "hypnotized" and e.source_die == die_id and destination != origin)]
    why = "the unit left play" if gone_from_play else "the unit left the terrain"
    if destination != origin:
        state = end_bonds(state, unit=die_id, events=events, why="the champion left the terrain")
    return _remove(state, gone, why, events)


def unit_rolled(state: GameState, die_id: int, events: Events) -> GameState:
    """A glaring unit that is rolled ends its Hypnotic Glare (seed 000)."""
    gone = [e for e in state.effects if e.kind == "hypnotized" and e.source_die == die_id]
    return _remove(state, gone, "the glaring unit was rolled", events)


def prune_armies(state: GameState, events: Events) -> GameState:
    """An army effect ends when its army has no units left (digest §4.3, checked at the end
    of each action)."""
    gone = [e for e in state.effects if e.kind in ARMY_KINDS and e.player is not None
            and (e.zone is None or not state.has_army(e.zone, e.player))]
    return _remove(state, gone, "the army has no units left", events)
