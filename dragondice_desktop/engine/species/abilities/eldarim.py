"""Eldarim (digest §6): Resist Fear, Dragonkin Handlers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ....catalog.model import Die, Species
from ...core.dice_moves import move_die
from ...core.state import GameDie, GameState, Zone, ZoneKind
from ...tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ...tasks.kinds import Ask, ChooseAsk, PickAsk, RuleTask, answer_of, picks_of, word_answer
from ...units.fates import promote
from ..counts_as import terrain_elements
from ..places import terrain_armies, units_of
from ..registry import Hook, ability


FEARLESS_CHOICE_SINCE = 5  # the rules revision from which the owner picks (RULES_REVISIONS)


def _fearless(units: Sequence[tuple[int, Die]]) -> int:
    return sum(die.health for _, die in units if die.species is Species.ELDARIM)


def choose_fearless(state: GameState, player: int, units: Sequence[tuple[int, Die]],
                    feared: Sequence[tuple[int, Die, Die]], chosen: tuple[int, ...],
                    over: bool) -> tuple[PickAsk | None, tuple[int, ...] | None]:
    """Rules revision 5: which of the `feared` Dragonkin ((die id, Die, the dragon feared), in
    die order) of `player`'s army `units` roll anyway. `chosen`: those picked so far; `over`:
    the owner is done. Returns (the next question, None when there is no real choice left;
    the Dragonkin that roll, None before rules revision 5: die order). No choice when every
    one that still fits in the Eldarim health left fits at once (they all roll). The default
    is the first in die order that fits, so the automatic player's picks are the die order
    of rules revisions 1-4."""
    if not state.options.since(FEARLESS_CHOICE_SINCE):
        return None, None
    health = {i: die.health for i, die, _ in feared}
    budget = _fearless(units) - sum(health[i] for i in chosen)
    left = [i for i, die, _ in feared if i not in chosen and die.health <= budget]
    if over or not left:
        return None, chosen
    if sum(health[i] for i in left) <= budget:
        return None, chosen + tuple(left)
    names = ", ".join(f"{d.name}" for i, d, _ in feared if i in left)
    question = PickAsk(player, f"Resist Fear: your Eldarim let Dragonkin of up to {budget} "
                               f"health-worth roll against the dragons they fear ({names}): "
                               f"pick one to roll, or Done", tuple(left),
                       tuple(health[i] for i in left), max_units=1, default=left[0])
    return question, chosen


@ability(Species.ELDARIM, "Resist Fear", Hook.IN_DRAGON_ATTACK,
         "Dragonkin up to the Eldarim health roll against dragons they would fear; from rules "
         "revision 5 their owner picks which when not all can", then=choose_fearless)
def resist_fear(game: object, units: Sequence[tuple[int, Die]]) -> int:
    """The health-worth of Dragonkin among `units` ((die id, Die) of an army in `game`, a
    GameState or the RollContext of a roll counted outside a game) that may roll
    against dragons they would fear: the army's Eldarim health (digest §6). Which ones: in
    die order (rulings), and from rules revision 5 their owner's pick (``choose_fearless``)."""
    return _fearless(units)


def _kin_health(state: GameState, zone: Zone, player: int, species: Species) -> int:
    return sum(u.die.health for u in units_of(state, zone, player, species))


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
    promote_ = [u for u in units_of(state, zone, player, Species.DRAGONKIN)
                if room >= 1 and any(p.die.health == u.die.health + 1 for p in pool)]
    return {"bring": bring, "promote": promote_}


def _handler_armies(state: GameState, player: int) -> list[Zone]:
    return [z for z in terrain_armies(state, player)
            if units_of(state, z, player, Species.ELDARIM)
            and any(_handler_options(state, z, player).values())]


def _handlers_offer(state: GameState, player: int) -> list[RuleTask]:
    """Dragonkin Handlers may act when an army with an Eldarim can bring or promote."""
    return [RuleTask("dragonkin_handlers", player)] if _handler_armies(state, player) else []


@ability(Species.ELDARIM, "Dragonkin Handlers", Hook.SPECIES_PHASE,
         "in the Species Abilities phase an army with an Eldarim may bring or promote a "
         "Dragonkin", offers=_handlers_offer, task="dragonkin_handlers")
def dragonkin_handlers(state: GameState, task: RuleTask,
                       events: Events) -> tuple[GameState, bool]:
    """Pick an army at a terrain with an Eldarim: move a small Dragonkin of one of the
    terrain's elements from the Summoning Pool into it, or promote one of its Dragonkin, if
    its Dragonkin health stays no more than its Eldarim health (digest §6)."""
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
