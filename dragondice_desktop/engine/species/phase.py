"""The Species Abilities phase (digest §3.4, §6): the abilities that act "during the Species
Abilities Phase", for the marching player — every ability on the registry's SPECIES_PHASE hook
(``species/registry.py``; each lives in its species' file, ``species/abilities/``:
Feralization, Winter's Fortitude, Mutate, Dragonkin Handlers). Each offers RuleTasks of its
own when it may act; the phase asks them in digest §6's order.
"""

from __future__ import annotations

from ...catalog.model import Species
from ..core.events import Event
from ..core.state import GameState
from ..tasks.effect_steps import Events
from ..tasks.kinds import RuleTask
from .registry import Hook, on, rule_runners

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
    tasks: list[RuleTask] = []
    for entry in on(Hook.SPECIES_PHASE, state):
        assert entry.offers is not None  # a phase ability says when it may act
        tasks += entry.offers(state, player)
    if not tasks:
        events.append(Event("phase", "Species Abilities: none acts this turn", player=player))
    return tasks


# The runners of the species abilities' RuleTasks (the phase's, Stepped Damage's choice).
RULE_RUNNERS = rule_runners()
