"""Feral (digest §6): Feralization, Stampede."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import RollContext, RollType
from ...tasks.effect_steps import Events
from ...tasks.kinds import RuleTask
from ...units.fates import promotion_partners
from ...units.recruiting import RecruitWords, recruit_or_promote
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
    optional (digest §6, §4.8; ``units/recruiting.py``)."""
    player, zone = task.player, task.zone
    assert zone is not None  # the task names the army's terrain
    recruits = [u for u in state.units_in(Zone(ZoneKind.DUA, player), player)
                if u.die.species is Species.FERAL and u.die.health == 1]
    promotable = [u for u in units_of(state, zone, player, Species.FERAL)
                  if promotion_partners(state, u.id)]
    words = RecruitWords(
        "Feralization", f"Feralization at {state.zone_name(zone)}: recruit a small "
                        f"{Species.FERAL.value} unit or promote one (optional)",
        "Feralization: recruited (digest §6)", "Feralization")
    return recruit_or_promote(state, task, events, words, recruits, promotable)
