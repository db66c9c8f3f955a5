"""Which die moves the legal actions allow, and why a drop elsewhere is refused.

Pure Python (no Qt): the board, the die context menu and the decision panel all ask this
module, so a drag, a menu entry and a button always offer the same moves. Four kinds of
action move a die by hand: reinforce (Reserve Area → a terrain), retreat (a terrain → the
Reserve Area), kill (a damaged army → its owner's DUA) and carry (an item follows the unit
that was moved, to that unit's zone). ``pick <die>`` (units chosen for an SAI) names a die
without moving it: the board offers it as a click.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.core.actions import Action, Verb
from ..engine.core.state import GameState, Phase, Step, Zone, ZoneKind



def verb_named(value: str) -> Verb | None:
    """The Verb whose text form is `value`, or None if the engine has no such verb. Newer
    verbs are looked up this way so the window keeps working while the engine grows."""
    return next((verb for verb in Verb if verb.value == value), None)


CARRY = verb_named("carry")
PICK = verb_named("pick")
MOVE_VERBS = frozenset(v for v in (Verb.REINFORCE, Verb.RETREAT, Verb.KILL, CARRY) if v)


@dataclass(frozen=True)
class DieMove:
    """One legal move of one die: the action that makes it, where the die lands, a label."""

    action: Action
    die_id: int
    target: Zone
    label: str


def move_of(state: GameState, action: Action) -> DieMove | None:
    """The die move an action makes, or None for actions that move no die by hand."""
    if action.verb is Verb.REINFORCE:
        die_id, zone = action.args
        return DieMove(action, die_id, zone, f"Reinforce to {state.zone_name(zone)}")
    if action.verb is Verb.RETREAT:
        die_id = action.args[0]
        owner = state.dice[die_id].owner
        return DieMove(action, die_id, Zone(ZoneKind.RESERVE, owner), "Retreat to Reserve Area")
    if action.verb is Verb.KILL:
        die_id = action.args[0]
        owner = state.dice[die_id].owner
        return DieMove(action, die_id, Zone(ZoneKind.DUA, owner), "Send to DUA")
    if CARRY is not None and action.verb is CARRY:
        item_id, unit_id = action.args
        zone = state.zones[unit_id]
        return DieMove(action, item_id, zone, f"Carry with the {state.dice[unit_id].die.name} "
                                              f"to {state.zone_name(zone)}")
    return None


def die_moves(state: GameState, legal: Iterable[Action], die_id: int) -> tuple[DieMove, ...]:
    """Every legal move of die `die_id`, in the order of `legal`."""
    moves = (move_of(state, a) for a in legal if a.verb in MOVE_VERBS)
    return tuple(m for m in moves if m is not None and m.die_id == die_id)


def movable_dice(state: GameState, legal: Iterable[Action]) -> tuple[int, ...]:
    """Ids of the dice that some legal action moves, in id order."""
    ids = {m.die_id for m in (move_of(state, a) for a in legal if a.verb in MOVE_VERBS) if m}
    return tuple(sorted(ids))


def pickable_dice(legal: Iterable[Action]) -> tuple[int, ...]:
    """Ids of the dice a legal ``pick <die id>`` names (units to choose for an SAI)."""
    if PICK is None:
        return ()
    return tuple(sorted({a.args[0] for a in legal if a.verb is PICK and a.args}))


def refusal(state: GameState, legal: Iterable[Action], die_id: int, zone: Zone) -> str:
    """Why dropping die `die_id` on `zone` is not a legal move now (one sentence that names
    the rule), for the status bar. Returns "" when the die is dropped where it already is."""
    legal = tuple(legal)
    if state.zones[die_id] == zone:
        return ""
    now = f" — now: {state.pending.prompt}" if state.pending else ""
    name = state.die_label(die_id)
    if state.pending is None:
        return "The game is over: no more moves"
    moves = die_moves(state, legal, die_id)
    if moves:
        places = ", ".join(sorted({state.zone_name(m.target) for m in moves}))
        return f"{name} can only go to {places} now"
    if state.is_item(die_id):
        return "Items move only with a unit that carries them (not by hand in this version)"
    origin = state.zones[die_id]
    owner = state.dice[die_id].owner
    mover = state.players[state.pending.player].name
    if zone.kind is ZoneKind.TERRAIN and origin.kind is ZoneKind.RESERVE:
        if state.phase is Phase.RESERVES and state.step is Step.REINFORCE and owner != state.turn_player:
            return f"Only {mover} reinforces in this Reserves phase"
        return "Units reinforce only during the Reserves phase's reinforce step" + now
    if zone.kind is ZoneKind.RESERVE and origin.kind is ZoneKind.TERRAIN:
        if state.phase is Phase.RESERVES and state.step is Step.RETREAT and owner != state.turn_player:
            return f"Only {mover} retreats in this Reserves phase"
        return "Units retreat only during the Reserves phase's retreat step" + now
    if zone.kind is ZoneKind.DUA:
        if state.step is Step.DAMAGE and state.damage:
            due = state.damage[0]
            if owner != due.player or origin != due.zone:
                army = state.army_name(due.zone, due.player)
                return (f"Only the damaged army ({state.players[due.player].name}'s {army} at "
                        f"{state.zone_name(due.zone)}) loses units now")
            return f"{name} cannot be a casualty: the damage must kill as much as it can{now}"
        return "Units go to the DUA only when their owner assigns damage" + now
    if zone.kind in (ZoneKind.BUA, ZoneKind.SUMMONING):
        return f"Dice are not moved to the {state.zone_name(zone)} by hand" + now
    if zone.kind is ZoneKind.TERRAIN and origin.kind is ZoneKind.TERRAIN:
        return "Armies move between terrains only with spells and SAIs (not by hand)" + now
    return f"{name} cannot move to {state.zone_name(zone)}" + now
