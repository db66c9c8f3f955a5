"""Minor terrains in a march (seed 003; digest §3.5, §6).

When an army announces a march at a terrain:
- a minor terrain it controls that shows a disaster is buried first;
- an army controlling a minor terrain then chooses (Step.MINOR_TERRAIN): ``roll-minor`` (roll
  it and apply the new face, then maneuver as usual), ``keep-minor`` (keep its face and
  forfeit the maneuver), ``bury-minor`` (bury it instead of maneuvering), or — Amazons —
  ``charge javelin`` / ``charge kukri`` (bury it instead of maneuvering; this turn the army's
  Amazons count maneuver as missile in a missile action / as melee in a melee action);
- an army without one may, instead of maneuvering, ``bring <id>`` one from the Summoning Pool
  (offered with the maneuver): it is rolled at once;
- a minor terrain rolled to its ID face is turned to the action face of the player's choice.
Then the maneuver step (after a Mire roll, ``turn/march_rolls.mire_tasks``).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.actions import Action, Verb, act
from ..core.dice_moves import move_die
from ..tasks.effect_steps import Events, ask, resume
from ..core.events import Event
from ..turn.march_rolls import mire_tasks, to_action_step
from ..turn.flow import wait
from .minor import (
    ACTIONS, ID_FACES, bury_minor, can_bring, controlled, disaster, face_of, with_face,
)
from ..rolls.throwing import Thrower
from ..core.state import GameState, Step, ZoneKind
from ..species.registry import Hook, on
from ..tasks.queue_ops import pop_head, push_front
from ..tasks.kinds import ChooseAsk, RuleTask, word_answer

def maneuver_step(state: GameState) -> tuple[GameState, bool]:
    """Go on to the maneuver decision (a Mire roll first); returns (state, waiting)."""
    mire = mire_tasks(state)
    if mire:
        return push_front(state, mire), False
    return wait(state, state.turn_player, Step.MANEUVER,
                "Maneuver? (turn the terrain one step)"), True


def march_start(state: GameState, events: Events) -> tuple[GameState, bool]:
    """After ``march <zone>``: the minor terrain decisions, then the maneuver step; returns
    (state, waiting)."""
    zone, player = state.current_march.zone, state.turn_player
    if zone.kind is ZoneKind.RESERVE:  # a Reserve army cannot maneuver (digest §3.5)
        return to_action_step(state), True
    if disaster(state, zone, player):
        showing = controlled(state, zone, player)
        assert showing is not None  # a disaster face shows on a controlled minor terrain
        state = bury_minor(state, showing, events,
                           "a disaster: buried at the start of its army's next march")
    if controlled(state, zone, player) is not None:
        return wait(state, player, Step.MINOR_TERRAIN,
                    "Your minor terrain: roll it (then maneuver), keep its face (no maneuver) "
                    "or bury it (no maneuver)"), True
    return maneuver_step(state)


def minor_actions(state: GameState) -> list[Action]:
    """The choices of Step.MINOR_TERRAIN."""
    zone, player = state.current_march.zone, state.turn_player
    actions = [act(Verb.ROLL_MINOR), act(Verb.KEEP_MINOR), act(Verb.BURY_MINOR)]
    return actions + [act(Verb.CHARGE, entry.task) for entry in on(Hook.IN_MARCH, state)
                      if entry.offers is not None and entry.offers(state, zone, player)]


def bring_actions(state: GameState) -> list[Action]:
    """``bring <id>``, offered with the maneuver."""
    zone = state.current_march.zone
    if zone.kind is not ZoneKind.TERRAIN:
        return []
    return [act(Verb.BRING, d) for d in can_bring(state, zone, state.turn_player)]


def _roll(state: GameState, minor: int, events: Events, then: str) -> tuple[GameState, bool]:
    """Roll a minor terrain (a ``minor_roll`` task the queue runs next, so that a manual-dice
    game waits for its face there) and apply its face. `then`: "maneuver" or "action", the
    step that follows."""
    return push_front(state, [RuleTask("minor_roll", state.turn_player,
                                       state.current_march.zone, data=(minor, then))]), False


def _minor_roll(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """The minor terrain rolls and shows its new face; an ID face waits for the player's
    choice of action face."""
    minor, then = task.data
    die = state.dice[minor].die
    dice = Thrower(state)
    face = dice.face(len(die.faces), state.throw(minor, "minor terrain"))
    if face is None:  # waiting for the face (manual dice): this task resumes
        assert dice.waiting is not None
        return dice.waiting, True
    state = with_face(dice.settled(pop_head(state)), minor, face)
    events.append(Event("roll", f"{state.die_label(minor)} rolls: {die.faces[face].to_text()}",
                        player=state.dice[minor].owner))
    if die.faces[face].icon in ID_FACES:
        return push_front(state, [RuleTask("minor_face", state.turn_player, state.current_march.zone,
                                           data=(minor, then))]), False
    return _then(state, then)


def _then(state: GameState, then: str) -> tuple[GameState, bool]:
    if then == "maneuver":
        return maneuver_step(state)
    return to_action_step(state), True


def apply_minor(state: GameState, action: Action, events: Events) -> tuple[GameState, bool]:
    """Apply a minor terrain choice or ``bring``; returns (state, waiting)."""
    zone, player = state.current_march.zone, state.turn_player
    name = state.players[player].name
    if action.verb is Verb.BRING:
        minor = action.args[0]
        events.append(Event("message", f"{name} brings {state.die_label(minor)} into play "
                                       f"instead of maneuvering", player=player))
        state = move_die(state, minor, zone, events)
        return _roll(state, minor, events, "action")
    minor = controlled(state, zone, player)
    assert minor is not None  # these actions are offered only for a controlled minor terrain
    if action.verb is Verb.ROLL_MINOR:
        return _roll(state, minor, events, "maneuver")
    if action.verb is Verb.KEEP_MINOR:
        events.append(Event("message", f"{name} keeps the face of {state.die_label(minor)} and "
                                       f"forfeits the maneuver", player=player))
        return to_action_step(state), True
    if action.verb is Verb.BURY_MINOR:
        return to_action_step(bury_minor(state, minor, events, "instead of maneuvering")), True
    kind = action.args[0]
    charge = next(e for e in on(Hook.IN_MARCH, state) if e.task == kind)
    state = bury_minor(state, minor, events, f"{charge.name} ({charge.source})")
    state = state.with_(march=replace(state.current_march, charge=kind))
    return to_action_step(state), True


def _minor_face(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """ID face: turn the minor terrain to the action face of the player's choice."""
    minor, then = task.data
    if task.ask is None:
        question = ChooseAsk(task.player, f"{state.die_label(minor)} shows its ID: turn it to "
                                          f"which action face?", tuple(ACTIONS.values()),
                             "melee")
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    icon = next(i for i, word in ACTIONS.items() if word == word_answer(task))
    state = with_face(state, minor, face_of(state, minor, icon))
    events.append(Event("message", f"{state.die_label(minor)} is turned to {icon.value}",
                        player=task.player))
    return _then(pop_head(state), then)


RULE_RUNNERS = {"minor_face": _minor_face, "minor_roll": _minor_roll}
