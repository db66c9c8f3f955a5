"""Firewalkers (digest §6): Air Flight, Flaming Shields."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.actions import Action, Verb, act
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import RollContext, RollKind, RollType
from ...sai.lasting import cannot_leave
from ..counts_as import Conversion
from ..registry import Hook, ability, conversion


def _not_counter_attack(ctx: RollContext) -> bool:
    return not ctx.counter_attack and (ctx.roll_type is RollType.MELEE
                                       or ctx.kind is RollKind.DRAGON_ATTACK)


FLAMING_SHIELDS = conversion(
    Conversion(Species.FIREWALKERS, "Flaming Shields", frozenset({Color.FIRE}),
               RollType.SAVE, RollType.MELEE, _not_counter_attack, chosen_since=4),
    "at a fire terrain, in a melee roll that is not a counter-attack, saves count as melee; "
    "from rules revision 4 also in the army's answer to a dragon attack, where saves count "
    "too, so each Firewalker's owner chooses", __name__)


@ability(Species.FIREWALKERS, "Air Flight", Hook.IN_RETREAT,
         "in the retreat step they may fly from an air terrain to another air terrain holding "
         "Firewalkers")
def air_flight(state: GameState) -> list[Action]:
    """``fly <unit> <terrain>``: a Firewalker of the marching player at an air terrain may
    move to another air terrain where that player has a Firewalker (digest §6)."""
    player = state.turn_player
    airy = [Zone(ZoneKind.TERRAIN, i) for i, t in enumerate(state.terrains)
            if Color.AIR in t.die.elements]
    nests = [z for z in airy if any(u.die.species is Species.FIREWALKERS
                                    for u in state.units_in(z, player))]
    return [act(Verb.FLY, u.id, to) for here in nests for u in state.units_in(here, player)
            if u.die.species is Species.FIREWALKERS and not cannot_leave(state, u.id)
            for to in nests if to != here]
