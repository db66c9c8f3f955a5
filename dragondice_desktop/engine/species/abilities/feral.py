"""Feral (digest §6): Feralization, Stampede."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import RollContext, RollType
from ...tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ...tasks.kinds import Ask, ChooseAsk, RuleTask, picks_of, word_answer
from ...units.fates import promote, promotion_partners, return_from_dua
from ..counts_as import Conversion, terrain_elements
from ..places import terrain_armies, units_of
from ..registry import Hook, ability, conversion


def _counter_attack(ctx: RollContext) -> bool:
    return ctx.counter_attack


STAMPEDE = conversion(
    Conversion(Species.FERAL, "Stampede", frozenset({Color.EARTH, Color.AIR}),
               RollType.MANEUVER, RollType.MELEE, _counter_attack),
    "at a terrain with earth and air, in a counter-attack, maneuver counts as melee",
    __name__)


def _feral_armies(state: GameState, player: int) -> list[RuleTask]:
    """A Feralization task for each of `player`'s armies with a Feral at a terrain containing
    earth or air."""
    return [RuleTask("feralization", player, zone) for zone in terrain_armies(state, player)
            if units_of(state, zone, player, Species.FERAL)
            and terrain_elements(state, zone, player) & {Color.EARTH, Color.AIR}]


@ability(Species.FERAL, "Feralization", Hook.SPECIES_PHASE,
         "in the Species Abilities phase an army with a Feral at a terrain with earth or air "
         "may recruit a small Feral or promote one", offers=_feral_armies, task="feralization")
def feralization(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Recruit one small Feral from the DUA to the army, or promote one of its Feral —
    optional (digest §6, §4.8)."""
    name, species = "Feralization", Species.FERAL
    player, zone = task.player, task.zone
    assert zone is not None  # the task names the army's terrain
    recruits = [u for u in state.units_in(Zone(ZoneKind.DUA, player), player)
                if u.die.species is species and u.die.health == 1]
    promotable = [u for u in units_of(state, zone, player, species)
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
