"""The Reserves phase (digest §3.6): reinforce from the Reserve Area to terrains, then retreat
from terrains to the Reserve Area, then the turn ends.

Units move one at a time so the window can drag them. Items move only with a unit that carries
them (seed 001); moving items is not offered yet, and an item left without a carrier is buried.
"""

from __future__ import annotations

from .actions import Action, Verb, act
from .events import Event
from .flow import begin_turn, check_victory, drop_lost_captures, move_die, wait
from .items import bury_excess
from .state import GameState, Step, Zone, ZoneKind

Events = list[Event]


def legal_reserve_actions(state: GameState) -> list[Action]:
    """Reinforce <unit> <terrain> for each reserve unit and terrain, or retreat <unit> for each
    unit at a terrain; plus ending the step."""
    player = state.turn_player
    if state.step is Step.REINFORCE:
        reserve = state.units_in(Zone(ZoneKind.RESERVE, player), player)
        moves = [act(Verb.REINFORCE, u.id, Zone(ZoneKind.TERRAIN, t))
                 for u in reserve for t in range(len(state.terrains))]
        return moves + [act(Verb.END_REINFORCE)]
    if state.step is Step.RETREAT:
        moves = [act(Verb.RETREAT, u.id)
                 for t in range(len(state.terrains))
                 for u in state.units_in(Zone(ZoneKind.TERRAIN, t), player)]
        return moves + [act(Verb.END_TURN)]
    return []


def apply_reserves(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a Reserves-phase action (already checked legal)."""
    player = state.turn_player
    if action.verb is Verb.REINFORCE:
        die_id, zone = action.args
        return move_die(state, die_id, zone, events)
    if action.verb is Verb.END_REINFORCE:
        return wait(state, player, Step.RETREAT,
                    "Retreat: move units from terrains to your Reserve Area, then end the turn")
    if action.verb is Verb.RETREAT:
        die_id = action.args[0]
        origin = state.zones[die_id]
        state = move_die(state, die_id, Zone(ZoneKind.RESERVE, player), events)
        state = bury_excess(state, origin, player, events)
        state = drop_lost_captures(state, events)
        return check_victory(state, events)
    if action.verb is Verb.END_TURN:
        events.append(Event("phase", f"{state.players[player].name} ends the turn"))
        return begin_turn(state, (player + 1) % state.player_count, events)
    raise AssertionError(f"not a Reserves action: {action}")
