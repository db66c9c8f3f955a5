"""A march (digest §3.5, §5): choose an army, maneuver with optional counter-maneuver, turn the
terrain, then the action the terrain allows — melee with saves, damage and counter-attack;
missile at a legal target; a magic roll. Every roll and its SAI effects go through the task
queue (``tasks/runner.py``); this module offers the march's decisions and starts the rolls."""

from __future__ import annotations

from dataclasses import replace

from ..core.actions import Action, Verb, act
from ..core.events import Event
from .march_rolls import (
    ACTION_NAMES, allowed_actions, missile_targets, opponents_at, shootable, start_maneuver,
    round_over, start_magic, start_melee, start_missile, start_volley, thorns_tasks,
    to_action_step,
)
from ..classic.melee_forms import CHARGE_ACTION
from ..terrains.minor_march import apply_minor, bring_actions, march_start, minor_actions
from ..terrains.minor import bury_minor, controlled
from ...catalog.model import Icon
from ..terrains.eighth_faces import castle_task
from .flow import check_victory, end_march, marchable_zones, set_face, start_march, wait
from ..tasks.runner import advance, apply_task_action, legal_task_actions
from ..core.state import GameState, MarchState, Phase, Step, Zone
from ..tasks.queue_ops import push_front
from ..tasks.kinds import StepTask

Events = list[Event]

__all__ = ["ACTION_NAMES", "allowed_actions", "missile_targets", "opponents_at",
           "legal_march_actions", "apply_march"]

TASK_STEPS = (Step.DAMAGE, Step.SAI_PICK, Step.SAI_CHOOSE, Step.CAST)
TASK_VERBS = (Verb.KILL, Verb.PICK, Verb.DONE, Verb.CHOOSE, Verb.CAST, Verb.UNCAST)
MINOR_VERBS = (Verb.BRING, Verb.ROLL_MINOR, Verb.KEEP_MINOR, Verb.BURY_MINOR, Verb.CHARGE)


def legal_march_actions(state: GameState) -> list[Action]:
    """Choices open during a march, by step."""
    step, player = state.step, state.turn_player
    if step is Step.CHOOSE_ARMY:
        return [act(Verb.MARCH, z) for z in marchable_zones(state)] + [act(Verb.SKIP_MARCH)]
    if step is Step.MANEUVER:
        return [act(Verb.MANEUVER), act(Verb.NO_MANEUVER)] + bring_actions(state)
    if step is Step.MINOR_TERRAIN:
        return minor_actions(state)
    if step is Step.COUNTER_MANEUVER:
        return [act(Verb.COUNTER), act(Verb.NO_COUNTER)]
    if step is Step.TURN_TERRAIN:
        face = state.terrains[state.current_march.zone.index].face
        return [act(Verb.TURN, d) for d, ok in (("up", face < 8), ("down", face > 1)) if ok]
    if step is Step.ACTION:
        if not state.has_army(state.current_march.zone, player):
            return [act(Verb.NO_ACTION)]
        return ([act(Verb.ACTION, a) for a in allowed_actions(state, state.current_march.zone, player)]
                + [act(Verb.NO_ACTION)])
    if step is Step.MISSILE_TARGET:
        return [a for z in missile_targets(state, state.current_march.zone, player)
                for a in _targets(z, shootable(state, z, player))]
    if step is Step.MELEE_TARGET:
        return _targets(state.current_march.zone, opponents_at(state, state.current_march.zone, player))
    if step in TASK_STEPS:
        return legal_task_actions(state)
    if step is Step.COUNTER_ATTACK:
        return [act(Verb.COUNTER_ATTACK), act(Verb.NO_COUNTER_ATTACK)]
    return []


def apply_march(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a march action (already checked legal)."""
    verb, player = action.verb, state.turn_player
    if verb in TASK_VERBS:
        return apply_task_action(state, action, events)
    if verb is Verb.MARCH:
        zone = action.args[0]
        events.append(Event("message", f"{state.players[player].name} marches the "
                                       f"{state.army_name(zone, player)} at {state.zone_name(zone)}",
                            player=player))
        state, waiting = march_start(state.with_(march=MarchState(zone)), events)
        return state if waiting else advance(state, events)
    if verb in MINOR_VERBS:
        state, waiting = apply_minor(state, action, events)
        return state if waiting else advance(state, events)
    if verb is Verb.SKIP_MARCH:
        events.append(Event("message", f"{state.players[player].name} skips the march"))
        if state.phase is Phase.FIRST_MARCH:
            return start_march(state.with_(phase=Phase.SECOND_MARCH), Phase.SECOND_MARCH, events)
        return end_march(state, events)
    if verb is Verb.MANEUVER:
        return _announce_maneuver(state, events)
    if verb is Verb.NO_MANEUVER:
        return to_action_step(state)
    if verb in (Verb.COUNTER, Verb.NO_COUNTER):
        return _counter_answer(state, verb is Verb.COUNTER, events)
    if verb is Verb.TURN:
        return _turn_terrain(state, action.args[0], events)
    if verb is Verb.NO_ACTION:
        return end_march(state, events)
    if verb is Verb.ACTION:
        return _take_action(state, action.args[0], events)
    if verb is Verb.TARGET:
        zone, who = action.args[0], (action.args[1] if len(action.args) > 1 else None)
        if state.step is Step.MELEE_TARGET:
            return advance(start_melee(state, False, events, defender=who), events)
        return advance(start_missile(state, zone, events, target=who), events)
    if verb is Verb.COUNTER_ATTACK:
        if state.current_march.current_attack.kind == "missile":
            return advance(start_volley(state, events), events)
        return advance(start_melee(state, counter_attack=True, events=events), events)
    if verb is Verb.NO_COUNTER_ATTACK:
        state, waiting = round_over(state, events)
        return state if waiting else advance(state, events)
    raise AssertionError(f"not a march action: {action}")


def _targets(zone: Zone, players: list[int]) -> list[Action]:
    """``target <zone>`` — or, with several opposing armies there (multiplayer),
    ``target <zone> <player>`` for each."""
    if len(players) == 1:
        return [act(Verb.TARGET, zone)]
    return [act(Verb.TARGET, zone, p) for p in players]


def _announce_maneuver(state: GameState, events: Events) -> GameState:
    """Opponents at the terrain may counter-maneuver, each asked in turn; with none, the
    maneuver just succeeds."""
    player = state.turn_player
    state = state.with_(march=replace(state.current_march, maneuvered=True))
    if opponents_at(state, state.current_march.zone, player):
        return _ask_counter(state)
    events.append(Event("message", "No opposing army: the maneuver succeeds"))
    return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down")


def _ask_counter(state: GameState) -> GameState:
    """Ask the next opponent at the terrain whether it counter-maneuvers."""
    march, player = state.current_march, state.turn_player
    asked = [p for p in opponents_at(state, march.zone, player) if p not in march.asked]
    return wait(state, asked[0], Step.COUNTER_MANEUVER,
                f"{state.players[player].name} maneuvers: counter-maneuver?")


def _counter_answer(state: GameState, counters: bool, events: Events) -> GameState:
    """Record an opponent's answer; once all answered, the counter-maneuvering armies and the
    marcher roll (digest §3.5, §10 #3), or with none the maneuver succeeds."""
    march, player = state.current_march, state.turn_player
    assert state.pending is not None  # the opponent asked is answering
    who = state.pending.player
    march = replace(march, asked=march.asked + (who,),
                    counters=march.counters + ((who,) if counters else ()))
    state = state.with_(march=march)
    if any(p not in march.asked for p in opponents_at(state, march.zone, player)):
        return _ask_counter(state)
    if march.counters:
        return advance(start_maneuver(state, events), events)
    events.append(Event("message", "No counter-maneuver: the maneuver succeeds"))
    return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down")


def _turn_terrain(state: GameState, direction: str, events: Events) -> GameState:
    """Turn the terrain one step; reaching 8 captures it (digest §3.5, §8). A Wall of Thorns
    there then hurts the army (digest §7); capturing a Castle asks what it becomes (seed
    003)."""
    zone, player = state.current_march.zone, state.turn_player
    terrain = state.terrains[zone.index]
    face = terrain.face + (1 if direction == "up" else -1)
    state = set_face(state, zone.index, face, player if face == 8 else None)
    events.append(Event("terrain", f"{terrain.die.name} turned {direction} to {face}",
                        player=player, zone=zone))
    if face == 8:
        events.append(Event("terrain", f"{state.players[player].name} captures "
                                       f"{terrain.die.name}!", player=player, zone=zone))
        minor = controlled(state, zone, player)
        if minor is not None:
            state = bury_minor(state, minor, events, "its army captured the eighth face")
    state = check_victory(state, events)
    if state.winner is not None:
        return state
    then = thorns_tasks(state)
    if face == 8 and terrain.die.eighth_face is Icon.CASTLE:
        then.append(castle_task(player, zone))
    if then:
        return advance(push_front(state, then + [StepTask("action_step")]), events)
    return to_action_step(state)


def _take_action(state: GameState, name: str, events: Events) -> GameState:
    player = state.turn_player
    state = state.with_(march=replace(state.current_march, action=name))
    if name == CHARGE_ACTION:  # a 1996 charge: the melee of the march is a charge
        state = state.with_(march=replace(state.current_march, action="melee", charge=name))
        name = "melee"
    if name == "melee":
        if len(opponents_at(state, state.current_march.zone, player)) > 1:
            return wait(state, player, Step.MELEE_TARGET, "Choose the army to attack")
        return advance(start_melee(state, counter_attack=False, events=events), events)
    if name == "missile":
        return wait(state, player, Step.MISSILE_TARGET, "Choose the army to shoot at")
    return advance(start_magic(state, events), events)
