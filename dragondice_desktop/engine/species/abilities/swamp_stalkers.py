"""Swamp Stalkers (digest §6): Born of the Swamp, Mutate."""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Color, Species
from ....player_text import count_of
from ...core.state import GameDie, GameState, Zone, ZoneKind
from ...rolls.individual_roll import unit_roll
from ...rolls.model import RollType
from ...tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ...tasks.kinds import Ask, ChooseAsk, RuleTask, picks_of, word_answer, zone_answer
from ...units.fates import kill, promote, promotion_partners, return_from_dua
from ..counts_as import Conversion, dua_count
from ..places import terrain_armies, units_of
from ..registry import Hook, ability, conversion

BORN_OF_THE_SWAMP = conversion(
    Conversion(Species.SWAMP_STALKERS, "Born of the Swamp", frozenset({Color.WATER}),
               RollType.MANEUVER, RollType.SAVE),
    "at a water terrain, maneuver counts as saves", __name__)


def _stalker_armies(state: GameState, player: int) -> list[Zone]:
    return [z for z in terrain_armies(state, player)
            if units_of(state, z, player, Species.SWAMP_STALKERS)]


def _mutate_targets(state: GameState, player: int) -> list[GameDie]:
    return [u for p in range(state.player_count) if p != player
            for u in state.units_in(Zone(ZoneKind.RESERVE, p), p)]


def _mutate_offer(state: GameState, player: int) -> list[RuleTask]:
    """Mutate may act with a Swamp Stalker in the DUA (or a Deadlands held), an army at a
    terrain holding one, and a unit in an opponent's Reserve Area."""
    if (_stalker_armies(state, player) and _mutate_targets(state, player)
            and dua_count(state, player, Species.SWAMP_STALKERS, 1)):
        return [RuleTask("mutate", player)]
    return []


@ability(Species.SWAMP_STALKERS, "Mutate", Hook.SPECIES_PHASE,
         "in the Species Abilities phase, units in an opponent's Reserve Area save or are "
         "killed; Swamp Stalkers are recruited or promoted for the health-worth killed",
         offers=_mutate_offer, task="mutate")
def mutate(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Target up to N units in an opponent's Reserve Area (N = Swamp Stalkers in the DUA, max
    1 †): each saves or is killed; then one army with a Swamp Stalker recruits or promotes
    Swamp Stalkers up to the health-worth killed (digest §6). task.data after the targets:
    (health-worth killed, units already exchanged)."""
    player = task.player
    if task.stage == "start":
        n = dua_count(state, player, Species.SWAMP_STALKERS, 1)
        targets = _mutate_targets(state, player)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, f"Mutate: target up to {count_of(n, 'unit')} in an "
                                     "opponent's Reserve Area?", ("mutate", "none"), "mutate")
        return ask(state, task, question, stage="use", data=(n, tuple(u.id for u in targets)))
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "use":
        if word_answer(task) == "none":
            return finish_rule(state, task, "Mutate: not used", events)
        n, ids = task.data
        targets = [state.dice[i] for i in ids]
        question = units_pick(player, f"Mutate: target up to {count_of(n, 'unit')} in an "
                                      "opponent's Reserve Area", targets, max_units=n, maximize=True)
        return ask(state, task, question, stage="targets")
    if task.stage == "targets":
        killed = 0
        for unit in picks_of(task):
            state, roll = unit_roll(state, unit, (RollType.SAVE,), events, "Mutate: save or die")
            if roll.total(RollType.SAVE) < 1:
                killed += state.dice[unit].die.health
                state = kill(state, unit, events, "Mutate (Swamp Stalkers, digest §6)")
        armies = tuple(_stalker_armies(state, player))
        if not killed or not armies:
            return finish_rule(state, task, f"Mutate: {killed} health-worth killed", events)
        question = ChooseAsk(player, f"Mutate: which army recruits or promotes Swamp Stalkers "
                                     f"(up to {killed} health-worth)?", armies, armies[0])
        return ask(state, task, question, stage="army", data=(killed, ()))
    if task.stage == "army":
        task = replace(task, zone=zone_answer(task), stage="grow", ask=None)
    return _grow(state, task, events)


def _grow(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Mutate's reward: recruit small Swamp Stalkers or promote them, one health-worth a
    step, all at once (no unit used twice)."""
    player, zone = task.player, task.zone
    assert zone is not None  # the army Mutate chose
    budget, used = task.data
    recruits = [u for u in state.units_in(Zone(ZoneKind.DUA, player), player)
                if u.die.species is Species.SWAMP_STALKERS and u.die.health == 1
                and u.id not in used]
    promotable = [u for u in units_of(state, zone, player, Species.SWAMP_STALKERS)
                  if u.id not in used and promotion_partners(state, u.id, used)]
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        if isinstance(task.ask, ChooseAsk):
            if task.ask.answer == "done":
                return finish_rule(state, task, "Mutate: done", events)
            units = recruits if task.ask.answer == "recruit" else promotable
            question: Ask  # a pick or a choice, by stage
            question = units_pick(player, f"Mutate: which Swamp Stalker to {task.ask.answer}",
                                  units, max_units=1, maximize=True)
            return ask(state, task, question, stage=task.ask.answer)
        unit = picks_of(task)[0]
        if task.stage == "recruit":
            state = return_from_dua(state, unit, zone, events, "Mutate: recruited")
            used += (unit,)
        else:
            partner = promotion_partners(state, unit, used)[0]
            state = promote(state, unit, partner, events, "Mutate")
            used += (unit, partner)
        return _grow(state, replace(task, ask=None, stage="grow", data=(budget - 1, used)),
                     events)
    options = tuple(o for o, ok in (("recruit", recruits), ("promote", promotable)) if ok)
    if budget <= 0 or not options:
        return finish_rule(state, task, "Mutate: done", events)
    question = ChooseAsk(player, f"Mutate: recruit or promote a Swamp Stalker ({budget} "
                                 f"health-worth left)?", options + ("done",), options[0])
    return ask(state, task, question, stage="grow", data=(budget, used))
