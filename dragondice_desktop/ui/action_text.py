"""Button labels for actions, in the words of the game rather than the engine's text form.

Pure Python (no Qt). `action_label(state, action)` turns ``march t2`` into "March the
Campaign army at Wasteland Grove", ``no-counter`` into "Let it pass", and so on.
"""

from __future__ import annotations

from ..catalog.loader import load_catalog
from ..engine.core.actions import Action, Verb
from ..engine.game import APP_ROLL
from ..engine.core.state import GameState, Step, Zone
from ..player_text import area_name

_FIXED = {
    Verb.ARMIES_READY: "My armies are ready",
    Verb.ROLLOFF: "Roll off",
    Verb.GO_FIRST: "Go first",
    Verb.PICK_FRONTIER: "Pick the Frontier",
    Verb.SKIP_MARCH: "Skip march",
    Verb.MANEUVER: "Maneuver",
    Verb.NO_MANEUVER: "No maneuver",
    Verb.COUNTER: "Counter-maneuver",
    Verb.NO_COUNTER: "Let it pass",
    Verb.NO_ACTION: "No action",
    Verb.COUNTER_ATTACK: "Counter-attack",
    Verb.NO_COUNTER_ATTACK: "No counter-attack",
    Verb.END_REINFORCE: "End reinforce",
    Verb.END_TURN: "End turn",
    Verb.ROLL_MINOR: "Roll the minor terrain, then maneuver",
    Verb.KEEP_MINOR: "Keep its face (no maneuver)",
    Verb.BURY_MINOR: "Bury it (no maneuver)",
}


def face_text(state: GameState, terrain_index: int, face: int) -> str:
    """What a terrain's face (1-8) shows, e.g. "4: Melee" or "8: City"."""
    terrain = state.terrains[terrain_index]
    return f"{face}: {terrain.die.faces[face - 1].icon.value}"


def entered_face_text(key: str, face: int) -> str:
    """What face index `face` of the die with catalog key `key` shows, e.g. "2 Melee"
    ("Face 3" for a die the catalog does not name)."""
    if not key:
        return f"Face {face + 1}"
    return load_catalog().die(key).faces[face].to_text()


def face_label(state: GameState, action: Action) -> str:
    """A manual-dice face decision's answer (issue 7 §3): "Ann's Footman shows 2 Melee", or
    "Let the app roll Ann's Footman" for ``face roll``."""
    wait = state.awaiting
    face = action.args[0] if action.args else None
    if wait is None:
        return action.to_text()
    if face == APP_ROLL:
        return f"Let the app roll {wait.throw.label}"
    if isinstance(face, int) and 0 <= face < wait.face_count:
        return f"{wait.throw.label} shows {entered_face_text(wait.throw.key, face)}"
    return action.to_text()


def action_label(state: GameState, action: Action) -> str:
    """A short, readable label for `action` in `state` (raises nothing; falls back to the
    action's text form for a verb it does not know)."""
    verb, args = action.verb, action.args
    if verb in _FIXED:
        return _FIXED[verb]
    if verb is Verb.ARMY and len(args) == 2:
        return (f"Move {state.die_label(args[0])} to the "
                f"{state.army_name(args[1], state.dice[args[0]].owner)}")
    if verb is Verb.FRONTIER:
        key = state.proposed_frontiers[args[0]]
        return f"Frontier: {load_catalog().die(key).name} ({state.players[args[0]].name}'s)"
    if verb is Verb.MARCH:
        zone = args[0]
        return f"March the {state.army_name(zone, state.turn_player)} at {state.zone_name(zone)}"
    if verb is Verb.TURN:
        index = state.march.zone.index if state.march else None
        if index is None:
            return f"Turn {args[0]}"
        face = state.terrains[index].face + (1 if args[0] == "up" else -1)
        return f"Turn {args[0]} (to {face_text(state, index, face)})"
    if verb is Verb.ACTION:
        if state.options.classic and args[0] == "melee":  # the 1996 melee forms
            return "Skirmish"
        return str(args[0]).capitalize()
    if verb is Verb.TARGET:
        zone: Zone = args[0]
        owners = [p for p in range(state.player_count)
                  if p != state.turn_player and state.has_army(zone, p)]
        owner = args[1] if len(args) > 1 else (owners[0] if owners else None)
        how = "Attack" if state.step is Step.MELEE_TARGET else "Shoot"
        if owner is None:
            return f"{how} the army at {state.zone_name(zone)}"
        army = state.army_name(zone, owner)
        whose = f"{state.players[owner].name}'s" if len(owners) > 1 else "the"
        return f"{how} {whose} {army} at {state.zone_name(zone)}"
    if verb is Verb.KILL:
        die = state.dice[args[0]].die
        return f"{die.name} ({die.health} health) to the {area_name('DUA', state.options.ruleset)}"
    if verb is Verb.REINFORCE:
        return f"{state.dice[args[0]].die.name} to {state.zone_name(args[1])}"
    if verb is Verb.RETREAT:
        zone = state.zones[args[0]]
        return f"{state.dice[args[0]].die.name} from {state.zone_name(zone)} to the Reserve Area"
    if verb is Verb.FACE:
        return face_label(state, action)
    return _newer_label(state, action)


def _newer_label(state: GameState, action: Action) -> str:
    """Labels of the verbs for SAI decisions and carried items (matched by their text form,
    see moves.verb_named); anything else shows its text form."""
    value, args = action.verb.value, action.args
    if value == "carry" and len(args) == 2:
        return (f"Carry the {state.dice[args[0]].die.name} with the "
                f"{state.dice[args[1]].die.name}")
    if value == "pick" and args and isinstance(args[0], int):
        zone = state.zones[args[0]]
        if _burying_items(state):
            return f"Bury the {state.dice[args[0]].die.name}"  # the prompt names the army
        stepped = _stepped_damage(state)
        if stepped is not None:
            name = state.dice[args[0]].die.name
            if args[0] == stepped[1]:
                return f"Keep the {name} in its place"
            return (f"The {name} from your {area_name('DUA', state.options.ruleset)} takes its "
                    "place instead")
        if _resisting_fear(state):
            return f"The {state.dice[args[0]].die.name} rolls"
        return f"Pick {state.die_label(args[0])} ({state.zone_name(zone)})"
    if value == "done":
        stepped = _stepped_damage(state)
        if stepped is not None:
            return f"No exchange: the {state.dice[stepped[0]].die.name} is killed"
        if _resisting_fear(state):
            return "No more Dragonkin roll"
        return "Done"
    if value == "bring" and args and isinstance(args[0], int):
        return f"Bring the {state.dice[args[0]].die.name} into play (no maneuver)"
    if value in ("ride", "fly") and len(args) == 2 and isinstance(args[1], Zone):
        how = "Ride the tamed dragon" if value == "ride" else "Fly (Air Flight)"
        return f"{how}: {state.dice[args[0]].die.name} to {state.zone_name(args[1])}"
    if value == "charge" and args:
        return f"{str(args[0]).capitalize()} Charge (instead of the maneuver)"
    if value == "cast" and len(args) >= 2:
        return _cast_label(state, args)
    if value == "choose" and args:
        option = args[0]
        if isinstance(option, Zone):
            return state.zone_name(option)
        if ":" in str(option):  # an ID split of a combination roll: "melee:2,save:1"
            return " + ".join(f"{n} {kind}" for kind, _, n in
                              (part.partition(":") for part in str(option).split(",")))
        if option == "none":  # an optional power left unused (City, Temple, Mutate ...)
            return "None of these (pass)"
        return str(option).replace("-", " ").capitalize()
    return action.to_text()


def _burying_items(state: GameState) -> bool:
    """True while the owner of an army with more items than its units can carry picks the
    ones to bury (the engine's ``bury_items`` task, rules revision 4)."""
    task = state.tasks[0] if state.tasks else None
    return getattr(task, "kind", None) == "bury_items"


def _stepped_damage(state: GameState) -> tuple[int, int] | None:
    """(the killed Undead, the Undead standing in for it) while their owner chooses the
    Stepped Damage exchange (the engine's ``stepped_damage`` task, rules revision 5)."""
    task = state.tasks[0] if state.tasks else None
    if getattr(task, "kind", None) != "stepped_damage":
        return None
    killing, stand_in = task.data
    return killing.die_id, stand_in


def _resisting_fear(state: GameState) -> bool:
    """True while the owner of an army answering a dragon attack picks the feared Dragonkin
    that Resist Fear lets roll (the engine's dragon attack response, rules revision 5)."""
    task = state.tasks[0] if state.tasks else None
    return (getattr(task, "kind", None) == "dragon_attack"
            and getattr(task, "stage", None) == "response"
            and getattr(task, "ask", None) is not None)


def _cast_label(state: GameState, args: tuple) -> str:
    """E.g. "Cast Decay (death) at Ann's army at Highland City"."""
    spell, element = str(args[0]).replace("-", " ").title(), args[1]
    target = ""
    if len(args) >= 3 and isinstance(args[2], Zone):
        zone = args[2]
        owner = args[3] if len(args) >= 4 and isinstance(args[3], int) else None
        where = state.zone_name(zone)
        target = (f" at {state.players[owner].name}'s army at {where}" if owner is not None
                  else f" at {where}")
    elif len(args) >= 3 and isinstance(args[2], int) and args[2] < len(state.dice):
        target = f" on {state.die_label(args[2])}"
    return f"Cast {spell} ({element}){target}"
