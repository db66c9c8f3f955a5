"""Shared moves of the turn sequence: moving dice, army rolls, eighth-face upkeep, victory,
starting a turn and ending a march (digest §3, §8)."""

from __future__ import annotations

from dataclasses import replace

from ..catalog.carrying import can_carry
from ..catalog.model import DieKind, Icon
from .events import Event
from .rolls import RollContext, RollType, roll_army
from .state import GameState, Pending, Phase, Step, Zone, ZoneKind

Events = list[Event]


def move_die(state: GameState, die_id: int, to: Zone, events: Events) -> GameState:
    """Move one die to `to`, logging it. Dice never leave the game: they change zone."""
    zones = list(state.zones)
    origin = zones[die_id]
    zones[die_id] = to
    events.append(Event(
        "move", f"{state.die_label(die_id)}: {state.zone_name(origin)} → {state.zone_name(to)}",
        player=state.dice[die_id].owner, die_id=die_id, zone=to,
    ))
    return state.with_(zones=tuple(zones))


def controls_eighth_face(state: GameState, zone: Zone, player: int) -> bool:
    """True if `player`'s army at terrain `zone` holds that terrain's eighth face (digest §8)."""
    if zone.kind is not ZoneKind.TERRAIN:
        return False
    terrain = state.terrains[zone.index]
    return terrain.face == 8 and terrain.controller == player


def roll_for(state: GameState, zone: Zone, player: int, roll_type: RollType,
             events: Events, **context) -> tuple[GameState, object]:
    """Roll `player`'s army at `zone` for `roll_type`; returns (state with advanced RNG, result).

    Every unit rolls; an item rolls only if a unit able to carry it is rolled (seed 001).
    The army that controls the eighth face doubles its ID results (digest §8).
    """
    units = state.units_in(zone, player)
    dice = [(d.id, d.die) for d in units]
    for item in state.dice_in(zone, player):
        if item.die.kind.is_item and any(can_carry(u.die, item.die) for u in units):
            dice.append((item.id, item.die))
    ctx = RollContext(
        roll_type=roll_type,
        id_multiplier=2 if controls_eighth_face(state, zone, player) else 1,
        in_reserve=zone.kind is ZoneKind.RESERVE, **context,
    )
    result, rng = roll_army(dice, ctx, state.rng)
    name = state.players[player].name
    events.append(Event(
        "roll", f"{name}'s {state.army_name(zone, player)} at {state.zone_name(zone)} rolls "
                f"{roll_type.value}: {result.total(roll_type)}",
        player=player, roll=result, zone=zone,
    ))
    for item in result.unresolved:
        events.append(Event(
            "unresolved", f"Not resolved yet: {state.die_label(item.die_id)} — {item.reason}",
            player=player,
        ))
    return state.with_(rng=rng), result


def drop_lost_captures(state: GameState, events: Events) -> GameState:
    """A captured terrain turns back to 7 when its controlling army has no units left there
    (abandoned or killed; digest §8)."""
    terrains = list(state.terrains)
    for index, terrain in enumerate(terrains):
        zone = Zone(ZoneKind.TERRAIN, index)
        if terrain.controller is not None and not state.has_army(zone, terrain.controller):
            terrains[index] = replace(terrain, face=7, controller=None)
            events.append(Event("terrain", f"{terrain.die.name} is no longer held: back to 7"))
    return state.with_(terrains=tuple(terrains))


def bury_orphan_items(state: GameState, zone: Zone, player: int, events: Events) -> GameState:
    """Items left in an army with no unit able to carry them are buried (seed 001)."""
    units = state.units_in(zone, player)
    for item in state.dice_in(zone, player):
        if item.die.kind.is_item and not any(can_carry(u.die, item.die) for u in units):
            state = move_die(state, item.id, Zone(ZoneKind.BUA, player), events)
    return state


def check_victory(state: GameState, events: Events) -> GameState:
    """Two captured terrains at once wins; so does being the last player with units in play
    (digest §3.7). On a win the game is over and nothing is pending."""
    if state.winner is not None:
        return state
    for player in range(state.player_count):
        held = sum(1 for t in state.terrains if t.face == 8 and t.controller == player)
        if held >= 2:
            return _win(state, player, "holds two captured terrains", events)
    alive = [p for p in range(state.player_count) if state.health_in_play(p) > 0]
    if len(alive) == 1 and state.phase not in (Phase.SETUP_ROLLOFF,):
        return _win(state, alive[0], "is the last player with units in play", events)
    return state


def _win(state: GameState, player: int, why: str, events: Events) -> GameState:
    events.append(Event("victory", f"{state.players[player].name} wins: {why}!", player=player))
    return state.with_(winner=player, phase=Phase.GAME_OVER, step=Step.NONE, pending=None,
                       march=None, damage=())


def begin_turn(state: GameState, player: int, events: Events) -> GameState:
    """Run the phases before the marches (digest §3.1-3.4) and wait for the first march.

    Expire Effects has nothing to expire yet (no lasting effects exist in this version); the
    eighth-face powers, dragon attacks and species abilities are announced as not resolved.
    """
    name = state.players[player].name
    state = state.with_(turn_player=player, turn_number=state.turn_number + 1, marched=(),
                        march=None, damage=())
    events.append(Event("phase", f"Turn {state.turn_number}: {name}", player=player))
    events.append(Event("phase", "Expire Effects: no lasting effects to expire", player=player))
    for index, terrain in enumerate(state.terrains):
        if terrain.controller == player and terrain.die.eighth_face in (Icon.CITY, Icon.TEMPLE):
            events.append(Event(
                "unresolved", f"Eighth Face: the {terrain.die.eighth_face.value} power of "
                              f"{terrain.die.name} is not resolved yet (issue 6)", player=player))
    dragons_out = [d for d, z in zip(state.dice, state.zones)
                   if z.kind is ZoneKind.TERRAIN and d.die.kind is DieKind.DRAGON]
    if dragons_out:
        events.append(Event("unresolved", "Dragon Attack: dragon attacks are not resolved yet "
                                          "(issue 6)", player=player))
    events.append(Event("phase", "Species Abilities: not resolved yet (issue 6)", player=player))
    return start_march(state, Phase.FIRST_MARCH, events)


def marchable_zones(state: GameState) -> tuple[Zone, ...]:
    """Armies of the marching player at terrains that have not marched this turn.

    A Reserve army may only take a magic action with reserve spells (digest §3.5); spells are
    not implemented yet, so Reserve armies are not offered a march in this version.
    """
    player = state.turn_player
    return tuple(z for z in state.army_zones(player)
                 if z.kind is ZoneKind.TERRAIN and z not in state.marched)


def start_march(state: GameState, phase: Phase, events: Events) -> GameState:
    """Enter First or Second March; skip to Reserves when no army can march."""
    state = state.with_(phase=phase, march=None)
    if not marchable_zones(state):
        if phase is Phase.FIRST_MARCH:
            events.append(Event("phase", "First March: no army can march"))
            return start_march(state, Phase.SECOND_MARCH, events)
        return start_reserves(state, events)
    events.append(Event("phase", f"{phase.value}", player=state.turn_player))
    return wait(state, state.turn_player, Step.CHOOSE_ARMY,
                f"{phase.value}: choose an army to march, or skip")


def end_march(state: GameState, events: Events) -> GameState:
    """The march is over: go on to the Second March or to the Reserves phase."""
    zone = state.march.zone if state.march else None
    state = state.with_(marched=state.marched + ((zone,) if zone else ()), march=None)
    if state.phase is Phase.FIRST_MARCH:
        return start_march(state, Phase.SECOND_MARCH, events)
    return start_reserves(state, events)


def start_reserves(state: GameState, events: Events) -> GameState:
    """Reserves phase, reinforce step first (digest §3.6)."""
    state = state.with_(phase=Phase.RESERVES, march=None)
    events.append(Event("phase", "Reserves: reinforce, then retreat", player=state.turn_player))
    return wait(state, state.turn_player, Step.REINFORCE,
                "Reinforce: move units from your Reserve Area to terrains, then end the step")


def wait(state: GameState, player: int, step: Step, prompt: str) -> GameState:
    """Set the pending decision."""
    return state.with_(step=step, pending=Pending(player, step, prompt))
