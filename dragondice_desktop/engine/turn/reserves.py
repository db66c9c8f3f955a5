"""The Reserves phase (digest §3.6): reinforce from the Reserve Area to terrains, then retreat
from terrains to the Reserve Area, then the turn ends.

In the retreat step an Eldarim champion may instead ride the dragon it tamed to any other
terrain (``ride <unit> <terrain>``; the dragon stays tamed, seed 000), and Firewalker units at
an air terrain may fly to another air terrain where their owner has a Firewalker
(``fly <unit> <terrain>``; Air Flight, digest §6).

Units move one at a time so the window can drag them. Items move only with a unit that carries
them (seed 001): after a unit has moved in this step, ``carry <item> <unit>`` brings an item
from the place the unit left, if the unit alone can carry it together with the items it
already brought (two equipment or artifacts, or one medallion or relic). At the end of each
step, items left where no unit can carry them are buried.
"""

from __future__ import annotations

from ..species.registry import Hook, collect
from ..core.actions import Action, Verb, act
from ..core.dice_moves import move_die
from ..dragons.kinds import move_dragon
from ..core.events import Event
from .flow import check_victory, settle_armies, wait
from .start import begin_turn, next_player
from ..units.items import army_items, bury_excess, can_carry_item, fits
from ..sai.lasting import cannot_leave, unit_left
from ..core.state import GameState, Step, Zone, ZoneKind

Events = list[Event]


def _carries(state: GameState) -> list[Action]:
    """``carry <item> <unit>`` for each item the units moved this step may bring along."""
    moves = []
    for unit_id, origin, brought in state.moved:
        unit = state.dice[unit_id]
        if state.zones[unit_id] == origin:
            continue
        loaded = [state.dice[i].die for i in brought]
        for item in army_items(state, origin, unit.owner):
            if can_carry_item(unit.die, item.die) and fits([unit.die], loaded + [item.die]):
                moves.append(act(Verb.CARRY, item.id, unit_id))
    return moves


def legal_reserve_actions(state: GameState) -> list[Action]:
    """Reinforce <unit> <terrain> for each reserve unit and terrain, or retreat <unit> for each
    unit at a terrain that may leave it; carry <item> <unit>; plus ending the step."""
    player = state.turn_player
    if state.step is Step.REINFORCE:
        reserve = state.units_in(Zone(ZoneKind.RESERVE, player), player)
        moves = [act(Verb.REINFORCE, u.id, Zone(ZoneKind.TERRAIN, t))
                 for u in reserve for t in range(len(state.terrains))]
        return moves + _carries(state) + [act(Verb.END_REINFORCE)]
    if state.step is Step.RETREAT:
        moves = [act(Verb.RETREAT, u.id)
                 for t in range(len(state.terrains))
                 for u in state.units_in(Zone(ZoneKind.TERRAIN, t), player)
                 if not cannot_leave(state, u.id)]
        return (moves + _rides(state) + collect(Hook.IN_RETREAT, state) + _carries(state)
                + [act(Verb.END_TURN)])
    return []


def _rides(state: GameState) -> list[Action]:
    """``ride <unit> <terrain>``: a champion of the marching player that tamed a dragon at its
    own terrain may ride it to any other terrain in the retreat step (seed 000)."""
    rides = []
    for bond in state.bonds:
        here = state.zones[bond.unit]
        if (bond.kind == "tamed" and state.dice[bond.unit].owner == state.turn_player
                and here == state.zones[bond.dragon] and here.kind is ZoneKind.TERRAIN
                and not cannot_leave(state, bond.unit)):
            rides += [act(Verb.RIDE, bond.unit, Zone(ZoneKind.TERRAIN, t))
                      for t in range(len(state.terrains)) if t != here.index]
    return rides


def _ride(state: GameState, unit: int, to: Zone, events: Events) -> GameState:
    """The tamer and its dragon move together; the dragon stays tamed (seed 000)."""
    bond = next(b for b in state.bonds if b.unit == unit)
    state = _moved(state, unit, state.zones[unit], to, events)
    state = move_dragon(state, bond.dragon, to, events, "ridden by the champion that tamed it "
                                                       "(seed 000)")
    state = state.with_(bonds=state.bonds + (bond,))
    state = settle_armies(state, events)
    return check_victory(state, events)


def _moved(state: GameState, unit_id: int, origin: Zone, to: Zone, events: Events) -> GameState:
    state = move_die(state, unit_id, to, events)
    state = unit_left(state, unit_id, origin, to, events)
    return state.with_(moved=state.moved + ((unit_id, origin, ()),))


def _end_step(state: GameState, events: Events) -> GameState:
    """Items left where no unit can carry them are buried (seed 001; the items moved with a
    unit were the owner's choice, so the rest go as in every revision); the step's moves are
    forgotten."""
    player = state.turn_player
    places = [Zone(ZoneKind.TERRAIN, t) for t in range(len(state.terrains))]
    for zone in places + [Zone(ZoneKind.RESERVE, player)]:
        state = bury_excess(state, zone, player, events, owner_chooses=False)
    return state.with_(moved=())


def apply_reserves(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a Reserves-phase action (already checked legal)."""
    player = state.turn_player
    if action.verb is Verb.REINFORCE:
        die_id, zone = action.args
        return _moved(state, die_id, state.zones[die_id], zone, events)
    if action.verb is Verb.CARRY:
        item, unit = action.args
        state = move_die(state, item, state.zones[unit], events)
        moved = tuple((u, o, brought + (item,)) if u == unit else (u, o, brought)
                      for u, o, brought in state.moved)
        return state.with_(moved=moved)
    if action.verb is Verb.END_REINFORCE:
        state = _end_step(state, events)
        return wait(state, player, Step.RETREAT,
                    "Retreat: move units from terrains to your Reserve Area, then end the turn")
    if action.verb is Verb.RIDE:
        return _ride(state, action.args[0], action.args[1], events)
    if action.verb is Verb.FLY:
        unit, to = action.args
        state = _moved(state, unit, state.zones[unit], to, events)
        state = settle_armies(state, events)
        return check_victory(state, events)
    if action.verb is Verb.RETREAT:
        die_id = action.args[0]
        state = _moved(state, die_id, state.zones[die_id], Zone(ZoneKind.RESERVE, player),
                       events)
        state = settle_armies(state, events)
        return check_victory(state, events)
    if action.verb is Verb.END_TURN:
        state = _end_step(state, events)
        events.append(Event("phase", f"{state.players[player].name} ends the turn"))
        return begin_turn(state, next_player(state), events)
    raise AssertionError(f"not a Reserves action: {action}")
