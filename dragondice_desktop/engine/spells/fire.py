"""Fire spells (digest §7): Ash Storm, Fearful Flames, Firebolt, Firestorm, Flashfire, Fiery
Weapon, Dancing Lights."""

from __future__ import annotations

from ...player_text import count_of
from ..tasks.effect_steps import Events
from ..units.fates import kill, move_unit
from ..rolls.individual_roll import unit_roll
from ..sai.lasting import cannot_leave
from ..rolls.model import ModOp
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.kinds import RuleTask
from .book import register
from .casting import done
from .effects import (
    MEL, MIS, SAV, army_damage_spell, army_modifier_spell, army_there, cast, gone, lasting,
    terrain_armies, terrain_modifier_spell, unit_there,
)


@register("Ash Storm", "terrain", True, "Terrain: every army roll there −1.")
def ash_storm(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return terrain_modifier_spell(state, task, events, "subtracts {n} from its rolls", 1)


def _unit_damage(state: GameState, task: RuleTask, unit: int, damage: int,
                 events: Events) -> tuple[GameState, int, bool]:
    """One unit takes damage and makes its own save roll (digest §4.7); returns (state,
    saves rolled, killed)."""
    name = cast(task)[0].spell
    state, roll = unit_roll(state, unit, (SAV,), events, f"{name}: save against {damage} "
                                                         f"damage")
    saves = roll.total(SAV)
    if damage - saves >= state.dice[unit].die.health:
        return kill(state, unit, events, name), saves, True
    return state, saves, False


@register("Fearful Flames", "unit_opp", True, "Opposing unit takes 1 damage. If it saves, it "
                                              "rolls to save again; without a save it flees to "
                                              "its Reserve Area.")
def fearful_flames(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    unit = announced.target[0]
    if not unit_there(state, unit):
        return gone(state, task, events)
    label = state.die_label(unit)
    state, saves, killed = _unit_damage(state, task, unit, times, events)
    if killed:
        return done(state, task, f"Fearful Flames: {label} is killed", events)
    if saves < 1:
        return done(state, task, f"Fearful Flames: {label} survives the damage", events)
    state, again = unit_roll(state, unit, (SAV,), events, "Fearful Flames: save or flee")
    if again.total(SAV) >= 1:
        return done(state, task, f"Fearful Flames: {label} stands its ground", events)
    if cannot_leave(state, unit):
        return done(state, task, f"Fearful Flames: {label} cannot leave the terrain "
                                 f"({cannot_leave(state, unit)})", events)
    owner = state.dice[unit].owner
    state = move_unit(state, unit, Zone(ZoneKind.RESERVE, owner), events,
                      "flees to its Reserve Area (Fearful Flames)")
    return done(state, task, f"Fearful Flames: {label} flees", events)


@register("Firebolt", "unit_opp", True, "Opposing unit takes 1 damage; it may save.")
def firebolt(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    unit = announced.target[0]
    if not unit_there(state, unit):
        return gone(state, task, events)
    label = state.die_label(unit)
    state, _, killed = _unit_damage(state, task, unit, times, events)
    return done(state, task, f"Firebolt: {label} " + ("is killed" if killed else "survives"),
                events)


@register("Firestorm", "terrain", True, "Terrain: each army there takes 2 damage; each may "
                                        "save.")
def firestorm(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, _ = cast(task)
    return army_damage_spell(state, task, events, 2, terrain_armies(state, announced.target[0]))


@register("Flashfire", "army_any", True, "Army: in every non-maneuver army roll its owner may "
                                         "re-roll one unit once.")
def flashfire(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    announced, times = cast(task)
    if not army_there(state, announced.target):
        return gone(state, task, events)
    zone, player = announced.target
    return lasting(state, task, "flashfire", f"may re-roll {count_of(times, 'unit')} once in each "
                                             f"non-maneuver army roll", events, zone, player,
                   amount=times)


@register("Fiery Weapon", "army_any", True, "Army: +2 melee or missile on any roll.")
def fiery_weapon(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "adds {n} melee or missile results to its "
                                                    "rolls", ModOp.ADD, 2, MEL, MIS,
                               one_type=True)


@register("Dancing Lights", "army_opp", True, "Opposing army −6 melee.")
def dancing_lights(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return army_modifier_spell(state, task, events, "subtracts {n} melee results",
                               ModOp.SUBTRACT, 6, MEL)
