"""The Species Abilities phase (digest §3.4, §6): the abilities that act "during the Species
Abilities Phase", for the marching player.

- Feralization (Feral): each army with a Feral at a terrain containing earth or air may
  recruit a small Feral from the DUA or promote one of its Feral (optional);
- Winter's Fortitude (Frostwings): with a Frostwing at an air terrain, move one Frostwing from
  the BUA to the DUA (optional);
- Mutate (Swamp Stalkers): with a Swamp Stalker in the DUA and an army at a terrain holding
  one, target up to N units in an opponent's Reserve Area (N = Swamp Stalkers in the DUA,
  max 1 †): each saves or is killed; then one army with a Swamp Stalker recruits or promotes
  Swamp Stalkers up to the health-worth killed (optional);
- Dragonkin Handlers (Eldarim): one army with an Eldarim at a terrain may bring a small
  Dragonkin of one of the terrain's elements from the Summoning Pool, or promote one of its
  Dragonkin (to one of the terrain's elements), if its Dragonkin health stays no more than
  its Eldarim health (optional).

Each is a RuleTask of its own; abilities of other phases live with their rule (``species/counts_as.py``
for "counts as", the kill hooks in ``units/fates.py``, the magic ones in ``spells/``).
"""

from __future__ import annotations

from dataclasses import replace

from ...player_text import count_of
from ..core.rule_homes import species_ability
from ...catalog.model import Color, Species
from ..core.dice_moves import move_die
from ..tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ..core.events import Event
from ..units.fates import kill, promote, promotion_partners, return_from_dua
from ..rolls.individual_roll import unit_roll
from ..rolls.model import RollType
from .counts_as import dua_count, terrain_elements
from ..core.state import GameDie, GameState, Zone, ZoneKind
from ..tasks.kinds import (
    Ask, ChooseAsk, RuleTask, answer_of, picks_of, word_answer, zone_answer,
)


def _terrain_armies(state: GameState, player: int) -> list[Zone]:
    return [z for z in state.army_zones(player) if z.kind is ZoneKind.TERRAIN]


def _of(state: GameState, zone: Zone, player: int, species: Species) -> list[GameDie]:
    return [u for u in state.units_in(zone, player) if u.die.species is species]


# Species abilities a game recorded under an earlier rules revision does not apply (reported
# each Species Abilities phase while that species is in play, so they are never dropped
# silently): species -> (revision that applies them, why).
NOT_APPLIED = {
    Species.GOBLINS: (2, "Goblins' Swamp Mastery (melee counts as maneuver at an earth "
                         "terrain) and Foul Stench (units that may not counter-attack) are not "
                         "applied: this game was started under rules revision 1, before the "
                         "app applied them (rulings)"),
}


def phase_tasks(state: GameState, events: Events) -> list[RuleTask]:
    """The marching player's abilities that may act this phase."""
    player = state.turn_player
    in_play = {u.die.species for p in range(state.player_count)
               for z in state.army_zones(p) for u in state.units_in(z, p)}
    for species, (since, why) in NOT_APPLIED.items():
        if species in in_play and not state.options.since(since):
            events.append(Event("unresolved", f"Species Abilities: {why}", player=player))
    tasks = []
    for zone in _terrain_armies(state, player):
        if (_of(state, zone, player, Species.FERAL)
                and terrain_elements(state, zone, player) & {Color.EARTH, Color.AIR}):
            tasks.append(RuleTask("feralization", player, zone))
    if any(_of(state, z, player, Species.FROSTWINGS)
           and Color.AIR in terrain_elements(state, z, player)
           for z in _terrain_armies(state, player)):
        tasks.append(RuleTask("winters_fortitude", player))
    if _mutate_possible(state, player):
        tasks.append(RuleTask("mutate", player))
    if _handler_armies(state, player):
        tasks.append(RuleTask("dragonkin_handlers", player))
    if not tasks:
        events.append(Event("phase", "Species Abilities: none acts this turn", player=player))
    return tasks


# --- Feralization -----------------------------------------------------------------------------


def _recruit_or_promote(state: GameState, task: RuleTask, name: str, species: Species,
                        events: Events) -> tuple[GameState, bool]:
    """Recruit one small unit of `species` from the DUA to the army, or promote one of its
    units of that species — optional (digest §4.8)."""
    player, zone = task.player, task.zone
    assert zone is not None  # the task names the army's terrain
    recruits = [u for u in state.units_in(Zone(ZoneKind.DUA, player), player)
                if u.die.species is species and u.die.health == 1]
    promotable = [u for u in _of(state, zone, player, species)
                  if promotion_partners(state, u.id)]
    if task.stage == "start":
        options = tuple(o for o, ok in (("promote", promotable), ("recruit", recruits)) if ok)
        if not options:
            return finish_rule(state, task, "", events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, f"{name} at {state.zone_name(zone)}: recruit a small "
                                     f"{species.value} unit or promote one (optional)",
                             options + ("none",), options[0])
        return ask(state, task, question, stage="mode")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "mode":
        mode = word_answer(task)
        if mode == "none":
            return finish_rule(state, task, f"{name}: not used", events)
        units = recruits if mode == "recruit" else promotable
        question = units_pick(player, f"{name}: which unit to {mode}", units,
                              max_units=1, maximize=True)
        return ask(state, task, question, stage=mode)
    unit = picks_of(task)[0]
    if task.stage == "recruit":
        state = return_from_dua(state, unit, zone, events, f"{name}: recruited (digest §6)")
    else:
        state = promote(state, unit, promotion_partners(state, unit)[0], events, name)
    return finish_rule(state, task, "", events)


@species_ability(Species.FERAL, "Feralization",
                 "in the Species Abilities phase an army with a Feral at a terrain with "
                 "earth or air may recruit a small Feral or promote one (digest §6)")
def _feralization(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return _recruit_or_promote(state, task, "Feralization", Species.FERAL, events)


# --- Winter's Fortitude -----------------------------------------------------------------------


@species_ability(Species.FROSTWINGS, "Winter's Fortitude",
                 "in the Species Abilities phase, with a Frostwing at an air terrain, one "
                 "Frostwing may move from the BUA to the DUA (digest §6)")
def _winters_fortitude(state: GameState, task: RuleTask,
                       events: Events) -> tuple[GameState, bool]:
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


# --- Mutate -----------------------------------------------------------------------------------


def _stalker_armies(state: GameState, player: int) -> list[Zone]:
    return [z for z in _terrain_armies(state, player)
            if _of(state, z, player, Species.SWAMP_STALKERS)]


def _mutate_targets(state: GameState, player: int) -> list[GameDie]:
    return [u for p in range(state.player_count) if p != player
            for u in state.units_in(Zone(ZoneKind.RESERVE, p), p)]


def _mutate_possible(state: GameState, player: int) -> bool:
    return bool(_stalker_armies(state, player) and _mutate_targets(state, player)
                and dua_count(state, player, Species.SWAMP_STALKERS, 1))


@species_ability(Species.SWAMP_STALKERS, "Mutate",
                 "in the Species Abilities phase, units in an opponent's Reserve Area save "
                 "or are killed; Swamp Stalkers are recruited or promoted for the "
                 "health-worth killed (digest §6)")
def _mutate(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """task.data after the targets: (health-worth killed, units already exchanged)."""
    player = task.player
    if task.stage == "start":
        n = dua_count(state, player, Species.SWAMP_STALKERS, 1)
        targets = _mutate_targets(state, player)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, f"Mutate: target up to {count_of(n, 'unit')} in an opponent's "
                                     f"Reserve Area?", ("mutate", "none"), "mutate")
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
    promotable = [u for u in _of(state, zone, player, Species.SWAMP_STALKERS)
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


# --- Dragonkin Handlers -----------------------------------------------------------------------


def _kin_health(state: GameState, zone: Zone, player: int, species: Species) -> int:
    return sum(u.die.health for u in _of(state, zone, player, species))


def _handler_options(state: GameState, zone: Zone, player: int) -> dict[str, list[GameDie]]:
    """What Dragonkin Handlers may do for the army at `zone`: bring a small Dragonkin of a
    terrain element from the pool, or promote one of its Dragonkin to a Dragonkin of a
    terrain element, keeping its Dragonkin health no more than its Eldarim health."""
    elements = terrain_elements(state, zone, player)
    room = (_kin_health(state, zone, player, Species.ELDARIM)
            - _kin_health(state, zone, player, Species.DRAGONKIN))
    pool = [u for u in state.units_in(Zone(ZoneKind.SUMMONING, player), player)
            if u.die.species is Species.DRAGONKIN and u.die.elements & elements]
    bring = [u for u in pool if u.die.health == 1] if room >= 1 else []
    promote_ = [u for u in _of(state, zone, player, Species.DRAGONKIN)
                if room >= 1 and any(p.die.health == u.die.health + 1 for p in pool)]
    return {"bring": bring, "promote": promote_}


def _handler_armies(state: GameState, player: int) -> list[Zone]:
    return [z for z in _terrain_armies(state, player)
            if _of(state, z, player, Species.ELDARIM)
            and any(_handler_options(state, z, player).values())]


@species_ability(Species.ELDARIM, "Dragonkin Handlers",
                 "in the Species Abilities phase an army with an Eldarim may bring or "
                 "promote a Dragonkin (digest §6)")
def _dragonkin_handlers(state: GameState, task: RuleTask,
                        events: Events) -> tuple[GameState, bool]:
    player = task.player
    if task.stage == "start":
        armies = tuple(_handler_armies(state, player))
        if not armies:
            return finish_rule(state, task, "", events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, "Dragonkin Handlers: which army brings or promotes a "
                                     "Dragonkin (optional)?", armies + ("none",), armies[0])
        return ask(state, task, question, stage="army")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "army":
        chosen = answer_of(task)
        if not isinstance(chosen, Zone):  # "none"
            return finish_rule(state, task, "Dragonkin Handlers: not used", events)
        zone = chosen
        options = tuple(k for k, v in _handler_options(state, zone, player).items() if v)
        question = ChooseAsk(player, "Dragonkin Handlers: bring a small Dragonkin from your "
                                     "Summoning Pool, or promote one?", options, options[0])
        return ask(state, replace(task, zone=zone), question, stage="mode")
    assert task.zone is not None  # the army chosen above
    zone = task.zone
    if task.stage == "mode":
        mode = word_answer(task)
        units = _handler_options(state, zone, player)[mode]
        question = units_pick(player, f"Dragonkin Handlers: which Dragonkin to "
                                      f"{mode}", units, max_units=1, maximize=True)
        return ask(state, task, question, stage=mode)
    unit = picks_of(task)[0]
    if task.stage == "bring":
        state = move_die(state, unit, zone, events)
        return finish_rule(state, task, f"Dragonkin Handlers: {state.die_label(unit)} joins "
                                        f"the army", events)
    elements = terrain_elements(state, zone, player)
    partner = next(p.id for p in state.units_in(Zone(ZoneKind.SUMMONING, player), player)
                   if p.die.species is Species.DRAGONKIN and p.die.elements & elements
                   and p.die.health == state.dice[unit].die.health + 1)
    state = promote(state, unit, partner, events, "Dragonkin Handlers")
    return finish_rule(state, task, f"Dragonkin Handlers: {state.die_label(partner)} replaces "
                                    f"{state.die_label(unit)}", events)


RULE_RUNNERS = {"feralization": _feralization, "winters_fortitude": _winters_fortitude,
                "mutate": _mutate, "dragonkin_handlers": _dragonkin_handlers}
