"""Species abilities that change a magic action's magic (digest §6):

- Bone Magic (Undead): when an army containing Undead takes a magic action, each Undead that
  rolled at least one non-ID magic result adds one death magic; at most as many as there are
  Undead in its owner's DUA, max 4 †. It only helps, so the app always adds it (rulings).
- Magic Negation (Frostwings): when an opponent takes a magic action at a terrain holding your
  Frostwings, they roll before the opponent totals; their magic results (Cantrip counting as
  magic) are subtracted from the opponent's magic, at most as many as there are Frostwings in
  your DUA, max 5 †.
"""

from __future__ import annotations

from ..core.rule_homes import species_ability
from ...catalog.model import Species
from ..tasks.effect_steps import Events
from ..core.events import Event
from ..turn.flow import army_context
from ..rolls.model import Origin, RollResult, RollType
from ..species.counts_as import dua_count
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.queue_ops import stored_result
from ..tasks.kinds import RollTask
from .pool import MagicSource, trim

MAG = RollType.MAGIC


@species_ability(Species.UNDEAD, "Bone Magic",
                 "each Undead that rolled magic adds one death magic in a magic action "
                 "(digest §6)")
def bone_magic(state: GameState, result: RollResult, player: int,
               events: Events) -> tuple[MagicSource, ...]:
    """The Bone Magic an army's magic roll gains (as a death magic source of the Undead)."""
    cap = dua_count(state, player, Species.UNDEAD, 4)
    boned = sum(1 for d in result.dice if not d.excluded
                and state.dice[d.die_id].die.species is Species.UNDEAD
                and any(c.result_type is MAG and c.amount and c.origin is not Origin.ID
                        for c in d.contributions))
    bonus = min(boned, cap)
    if not bonus:
        return ()
    events.append(Event("sai", f"Bone Magic: +{bonus} death magic ({boned} Undead rolled magic; "
                               f"at most {cap}, the Undead in the DUA)", player=player))
    return (MagicSource(bonus, frozenset({"death"}), Species.UNDEAD, label="Bone Magic"),)


def _purpose(player: int) -> str:
    return f"magic negation {player}"


@species_ability(Species.FROSTWINGS, "Magic Negation",
                 "their roll takes magic from an opponent's magic action at their terrain "
                 "(digest §6)")
def negation_rolls(state: GameState, zone: Zone, caster: int) -> list[RollTask]:
    """The Frostwings of each opponent at the caster's terrain roll for Magic Negation (only
    the Frostwings units and the items they carry roll)."""
    if zone.kind is not ZoneKind.TERRAIN:
        return []
    rolls = []
    for player in range(state.player_count):
        units = state.units_in(zone, player)
        frost = [u for u in units if u.die.species is Species.FROSTWINGS]
        if player == caster or not frost or not dua_count(state, player, Species.FROSTWINGS, 5):
            continue
        others = tuple((u.id, "not a Frostwing: only the Frostwings roll for Magic Negation")
                       for u in units if u.die.species is not Species.FROSTWINGS)
        rolls.append(RollTask(_purpose(player), player, zone,
                              army_context(state, zone, player, MAG), exclude=others))
    return rolls


def negate(state: GameState, zone: Zone, caster: int, sources: tuple[MagicSource, ...],
           events: Events) -> tuple[MagicSource, ...]:
    """Subtract each opponent's Magic Negation from the caster's magic."""
    total = sum(s.amount for s in sources)
    for player in range(state.player_count):
        roll = stored_result(state, _purpose(player)) if player != caster else None
        if roll is None:
            continue
        cap = dua_count(state, player, Species.FROSTWINGS, 5)
        taken = min(roll.total(MAG), cap, total)
        total -= taken
        events.append(Event("sai", f"Magic Negation: {state.players[player].name}'s Frostwings "
                                   f"take {taken} magic (at most {cap}, the Frostwings in the "
                                   f"DUA)", player=player))
    return trim(list(sources), total)
