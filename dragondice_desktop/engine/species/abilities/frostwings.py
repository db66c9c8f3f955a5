"""Frostwings (digest §6): Winter's Fortitude, Magic Negation."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.dice_moves import move_die
from ...core.events import Event
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import RollType
from ...spells.pool import MagicSource, trim
from ...tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ...tasks.kinds import RollTask, RuleTask, picks_of
from ...tasks.queue_ops import stored_result
from ...turn.flow import army_context
from ..counts_as import dua_count, terrain_elements
from ..places import terrain_armies, units_of
from ..registry import Hook, ability

MAG = RollType.MAGIC


def _fortitude_offer(state: GameState, player: int) -> list[RuleTask]:
    """Winter's Fortitude may act when `player` has a Frostwing at an air terrain."""
    if any(units_of(state, z, player, Species.FROSTWINGS)
           and Color.AIR in terrain_elements(state, z, player)
           for z in terrain_armies(state, player)):
        return [RuleTask("winters_fortitude", player)]
    return []


@ability(Species.FROSTWINGS, "Winter's Fortitude", Hook.SPECIES_PHASE,
         "in the Species Abilities phase, with a Frostwing at an air terrain, one Frostwing "
         "may move from the BUA to the DUA", offers=_fortitude_offer, task="winters_fortitude")
def winters_fortitude(state: GameState, task: RuleTask,
                      events: Events) -> tuple[GameState, bool]:
    """The player may move one Frostwing from the BUA to the DUA (digest §6)."""
    player = task.player
    bua = Zone(ZoneKind.BUA, player)
    frozen = [u for u in state.units_in(bua, player) if u.die.species is Species.FROSTWINGS]
    if task.ask is None:
        if not frozen:
            return finish_rule(state, task, "", events)
        question = units_pick(player, "Winter's Fortitude: you may move one Frostwing from your "
                                      "BUA to your DUA", frozen, max_units=1)
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    for unit in picks_of(task):
        state = move_die(state, unit, Zone(ZoneKind.DUA, player), events)
    return finish_rule(state, task, "Winter's Fortitude: " + (
        f"{state.die_label(picks_of(task)[0])} moves to the DUA" if picks_of(task)
        else "not used"), events)


def _purpose(player: int) -> str:
    return f"magic negation {player}"


def negate(state: GameState, zone: Zone, caster: int, sources: tuple[MagicSource, ...],
           events: Events) -> tuple[MagicSource, ...]:
    """Subtract each opponent's Magic Negation roll from the caster's magic: at most as many
    as there are Frostwings in that opponent's DUA, max 5 † (digest §6)."""
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


@ability(Species.FROSTWINGS, "Magic Negation", Hook.OPPOSING_MAGIC,
         "their roll takes magic from an opponent's magic action at their terrain",
         then=negate)
def negation_rolls(state: GameState, zone: Zone, caster: int) -> list[RollTask]:
    """When an opponent takes a magic action at a terrain holding your Frostwings, they roll
    before the opponent totals (only the Frostwings units and the items they carry roll;
    Cantrip counts as magic: digest §6)."""
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
