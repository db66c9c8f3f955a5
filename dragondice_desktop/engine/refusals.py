"""Why not: the rule that forbids an action now, in one sentence a player reads.

``why_not(state, action)`` answers for any action: None when it is legal, else the reason.
``hand_move(state, die_id, zone)`` is the action a die moved by hand to a zone would be (a
drag on the board): reinforce (Reserve Area → a terrain), retreat (a terrain → its owner's
Reserve Area), kill (a damaged army → its owner's DUA), carry (an item following a unit that
moved), or None when no action moves a die that way; ``why_not_move`` words the refusal of such
a move. The board, its context menu and the decision panel ask here, so every refusal names the
rule the engine applies (digest §3.6 Reserves phase, §4.7 assigning damage, §5.6 Dragonkin,
seed 000 Web / Net / Sleep, seed 001 items).

Pure: reads the state and its legal actions, changes nothing.
"""

from __future__ import annotations

from .core.actions import Action, Verb, act
from .core.state import GameState, Phase, Step, Zone, ZoneKind
from .game import legal_actions
from .sai.lasting import cannot_leave


def why_not(state: GameState, action: Action) -> str | None:
    """None if `action` is legal in `state`; otherwise one sentence naming the rule that
    forbids it now (and, where it helps, what the game waits for instead)."""
    if action in legal_actions(state):
        return None
    if state.pending is None:
        return "The game is over: no more moves"
    now = f" — now: {state.pending.prompt}"
    verb = action.verb
    if verb is Verb.REINFORCE:
        return _why_not_reinforce(state, action, now)
    if verb is Verb.RETREAT:
        return _why_not_retreat(state, action.args[0], now)
    if verb is Verb.KILL:
        return _why_not_kill(state, action.args[0], now)
    if verb is Verb.CARRY:
        return ("An item goes along only with a unit that moved this step from where the item "
                "is, and only if that unit can carry it with what it already brought" + now)
    return f"'{action.to_text()}' is not possible now" + now


def hand_move(state: GameState, die_id: int, zone: Zone) -> Action | None:
    """The action that moving die `die_id` to `zone` by hand would be, legal or not, or None
    when no action moves a die that way (a move to a BUA, between terrains, into another
    player's area ...). An item dropped where a unit it may follow now stands is a carry."""
    die = state.dice[die_id]
    origin = state.zones[die_id]
    if state.is_item(die_id):
        carriers = [a for a in legal_actions(state) if a.verb is Verb.CARRY
                    and a.args[0] == die_id and state.zones[a.args[1]] == zone]
        return carriers[0] if carriers else None
    if zone.kind is ZoneKind.TERRAIN and origin.kind is ZoneKind.RESERVE:
        return act(Verb.REINFORCE, die_id, zone)
    if (zone.kind is ZoneKind.RESERVE and zone.index == die.owner
            and origin.kind is ZoneKind.TERRAIN):
        return act(Verb.RETREAT, die_id)
    if zone.kind is ZoneKind.DUA and zone.index == die.owner:
        return act(Verb.KILL, die_id)
    return None


def move_target(state: GameState, action: Action) -> Zone | None:
    """Where the die a hand-move action moves lands (reinforce, retreat, kill, carry), or None
    for an action that moves no die by hand. The die is ``action.args[0]``."""
    if action.verb is Verb.REINFORCE:
        target = action.args[1]
        return target if isinstance(target, Zone) else None
    if action.verb is Verb.RETREAT:
        return Zone(ZoneKind.RESERVE, state.dice[action.args[0]].owner)
    if action.verb is Verb.KILL:
        return Zone(ZoneKind.DUA, state.dice[action.args[0]].owner)
    if action.verb is Verb.CARRY:
        zone: Zone = state.zones[action.args[1]]
        return zone
    return None


HAND_MOVE_VERBS = frozenset((Verb.REINFORCE, Verb.RETREAT, Verb.KILL, Verb.CARRY))


def why_not_move(state: GameState, die_id: int, zone: Zone) -> str:
    """Why die `die_id` may not be moved to `zone` by hand now (one sentence), or "" when the
    move is legal or the die is already there."""
    if state.zones[die_id] == zone:
        return ""
    if state.pending is None:
        return "The game is over: no more moves"
    name = state.die_label(die_id)
    die = state.dice[die_id]
    if zone.kind in (ZoneKind.RESERVE, ZoneKind.DUA, ZoneKind.BUA, ZoneKind.SUMMONING) \
            and zone.index != die.owner:
        return f"{name} belongs to {state.players[die.owner].name}: dice go only to their " \
               f"owner's {_area(zone)}"
    places = sorted({state.zone_name(target) for a in legal_actions(state)
                     if a.verb in HAND_MOVE_VERBS and a.args[0] == die_id
                     and (target := move_target(state, a)) is not None and target != zone})
    if places:
        return f"{name} can only go to {', '.join(places)} now"
    action = hand_move(state, die_id, zone)
    if action is not None:
        return why_not(state, action) or ""
    now = f" — now: {state.pending.prompt}"
    if state.is_item(die_id):
        return "Items move only with a unit that carries them" + now
    if zone.kind in (ZoneKind.BUA, ZoneKind.SUMMONING):
        return f"Dice are not moved to the {state.zone_name(zone)} by hand" + now
    if zone.kind is ZoneKind.TERRAIN and state.zones[die_id].kind is ZoneKind.TERRAIN:
        return "Armies move between terrains only by marching, spells and SAIs, not by hand" + now
    return f"{name} cannot move to {state.zone_name(zone)}" + now


def _area(zone: Zone) -> str:
    return {ZoneKind.RESERVE: "Reserve Area", ZoneKind.DUA: "Dead Unit Area",
            ZoneKind.BUA: "Buried Unit Area", ZoneKind.SUMMONING: "Summoning Pool"}[zone.kind]


def _in_reserves_step(state: GameState, step: Step) -> bool:
    return state.phase is Phase.RESERVES and state.step is step


def _why_not_reinforce(state: GameState, action: Action, now: str) -> str:
    die_id, zone = action.args
    name = state.die_label(die_id)
    owner = state.dice[die_id].owner
    if state.zones[die_id] != Zone(ZoneKind.RESERVE, owner):
        return f"{name} is not in the Reserve Area: only reserve units reinforce"
    if not _in_reserves_step(state, Step.REINFORCE):
        return "Units reinforce only during the Reserves phase's reinforce step" + now
    if owner != state.turn_player:
        return f"Only {state.players[state.turn_player].name} reinforces in this Reserves phase"
    if zone.kind is not ZoneKind.TERRAIN or zone.index >= len(state.terrains):
        return "Reserve units reinforce to a terrain"
    return f"{name} cannot reinforce to {state.zone_name(zone)} now" + now


def _why_not_retreat(state: GameState, die_id: int, now: str) -> str:
    name = state.die_label(die_id)
    owner = state.dice[die_id].owner
    if state.zones[die_id].kind is not ZoneKind.TERRAIN:
        return f"{name} is not at a terrain: only units at a terrain retreat"
    if not _in_reserves_step(state, Step.RETREAT):
        return "Units retreat only during the Reserves phase's retreat step" + now
    if owner != state.turn_player:
        return f"Only {state.players[state.turn_player].name} retreats in this Reserves phase"
    blocked = cannot_leave(state, die_id)
    if blocked:
        return f"{name} cannot leave its terrain: {blocked}"
    return f"{name} cannot retreat now" + now


def _why_not_kill(state: GameState, die_id: int, now: str) -> str:
    name = state.die_label(die_id)
    owner = state.dice[die_id].owner
    if state.step is Step.DAMAGE and state.damage:
        due = state.damage[0]
        if owner != due.player or state.zones[die_id] != due.zone:
            army = state.army_name(due.zone, due.player)
            return (f"Only the damaged army ({state.players[due.player].name}'s {army} at "
                    f"{state.zone_name(due.zone)}) loses units now")
        return f"{name} cannot be a casualty: the damage must kill as much as it can" + now
    return "Units go to the DUA only when their owner assigns damage" + now
