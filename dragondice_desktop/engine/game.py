"""The reducer: `legal_actions`, `apply`, `play` and `replay` (architecture guide).

A game is fully defined by (player setups, seed, actions): undo, save, load and replay all
rebuild a state by replaying that record.

Manual dice (issue 7 §3, ``GameOptions.manual_dice``): every die roll is a chance step the
players answer with the face of a physical die. An action is applied with the faces entered
so far; when a roll needs one more (``rng.FaceNeeded``), the result is the state from before
the action with a face decision pending (``GameState.awaiting``, ``Step.FACE``): ``face <i>``
enters face i, ``face roll`` lets the app roll that die from the seeded hash. Each ``face``
action applies the waiting action again from that state with one more face, until it needs
no more. The ``face`` actions are in the record like any other, so replay, undo (one face at
a time) and game files are exact, whatever the mix of entered and app-rolled faces.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..catalog.loader import load_catalog
from .actions import Action, Verb, act
from .events import Event
from .march import apply_march, legal_march_actions
from .options import GameOptions
from .reserves import apply_reserves, legal_reserve_actions
from .resolution import apply_task_action, legal_task_actions
from .rng import FaceNeeded, Rng
from .setup import apply_setup, legal_setup_actions, new_game
from .state import EnteredFace, FaceWait, GameState, Pending, Phase, PlayerSetup, Step

SETUP_PHASES = (Phase.SETUP_ROLLOFF, Phase.SETUP_CHOICE, Phase.SETUP_FRONTIER)
MARCH_PHASES = (Phase.FIRST_MARCH, Phase.SECOND_MARCH)
# Phases before the marches: their decisions are questions of the task queue.
TURN_START_PHASES = (Phase.EXPIRE_EFFECTS, Phase.EIGHTH_FACE, Phase.DRAGON_ATTACK,
                     Phase.SPECIES_ABILITIES)
APP_ROLL = "roll"  # ``face roll``: the app rolls the die asked for (manual dice)


class IllegalAction(ValueError):
    """An action that is not legal in the state it was played in; the state is unchanged."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, sorted by text form (deterministic). Empty once the game is over.
    A face decision (manual dice) offers ``face 0`` to ``face <faces - 1>`` and ``face roll``."""
    if state.awaiting is not None:
        actions = [act(Verb.FACE, face) for face in range(state.awaiting.face_count)]
        actions.append(act(Verb.FACE, APP_ROLL))
    elif state.phase in SETUP_PHASES:
        actions = legal_setup_actions(state)
    elif state.phase in MARCH_PHASES:
        actions = legal_march_actions(state)
    elif state.phase is Phase.RESERVES:
        actions = legal_reserve_actions(state)
    elif state.phase in TURN_START_PHASES:
        actions = legal_task_actions(state)
    else:
        actions = []
    return tuple(sorted(actions, key=lambda a: a.to_text()))


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal action: returns (new state, events). Does not check legality (see play).
    In a manual-dice game an action whose rolls need faces returns the state before it with
    the face decision pending, and no events (see the module docstring)."""
    if state.awaiting is not None:
        return _enter_face(state, action)
    if state.options.manual_dice:
        return _apply_with_faces(state, action, ())
    return _apply_rules(state, action)


def _apply_rules(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The action's effect under the rules, with the dice the state's Rng gives."""
    events: list[Event] = []
    if state.phase in SETUP_PHASES:
        state = apply_setup(state, action, events)
    elif state.phase in MARCH_PHASES:
        state = apply_march(state, action, events)
    elif state.phase is Phase.RESERVES:
        state = apply_reserves(state, action, events)
    elif state.phase in TURN_START_PHASES:
        state = apply_task_action(state, action, events)
    return state, tuple(events)


def _apply_with_faces(before: GameState, action: Action,
                      entered: tuple[EnteredFace, ...]) -> tuple[GameState, tuple[Event, ...]]:
    """Apply `action` to `before` (manual dice) with the faces `entered` so far: the new
    state and its events, or `before` waiting for the face of the next die rolled."""
    # An app-rolled face is drawn again from the seeded hash: None.
    rng = replace(before.rng, manual=True,
                  entered=tuple(e.face if e.by_hand else None for e in entered))
    try:
        after, events = _apply_rules(before.with_(rng=rng), action)
    except FaceNeeded as need:
        throw = need.throw
        player = throw.player if throw.player is not None else before.pending.player
        wait = FaceWait(action, before.pending, before.step, throw, need.face_count,
                        need.position, entered)
        note = f" ({throw.note})" if throw.note else ""
        prompt = f"Enter the face {throw.what} shows{note}"
        return before.with_(step=Step.FACE, awaiting=wait,
                            pending=Pending(player, Step.FACE, prompt, f"face {APP_ROLL}")), ()
    return after.with_(rng=replace(after.rng, manual=False, entered=())), events


def _enter_face(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """A ``face`` action: the die asked for shows that face (or the app rolls it); the waiting
    action is applied again with it. Events: the face, then the action's own once it needs
    no more faces."""
    wait = state.awaiting
    throw = wait.throw
    if action.args[0] == APP_ROLL:
        face, _ = Rng(state.rng.seed, wait.position).randbelow(wait.face_count)
        entry, how = EnteredFace(throw, face, by_hand=False), "rolled by the app"
    else:
        entry, how = EnteredFace(throw, action.args[0]), "entered by hand"
    before = state.with_(pending=wait.pending, step=wait.step, awaiting=None)
    after, events = _apply_with_faces(before, wait.action, wait.entered + (entry,))
    shown = (load_catalog().die(throw.key).faces[entry.face].to_text() if throw.key
             else f"face {entry.face + 1}")
    note = f" ({throw.note})" if throw.note else ""
    face = Event("face", f"{throw.what} shows {shown}, {how}{note}", player=state.pending.player)
    return after, (face,) + events


def play(state: GameState, action: Action | str) -> tuple[GameState, tuple[Event, ...]]:
    """Check that `action` (an Action or its text form) is legal, then apply it.

    Raises IllegalAction naming the action and the decision pending; the given state is
    never changed (states are immutable).
    """
    if isinstance(action, str):
        try:
            action = Action.from_text(action)
        except ValueError as exc:
            raise IllegalAction(str(exc)[:200]) from None
    try:  # compared by text form: Action(KILL, (0.0,)) is not "kill 0" (0.0 == 0 in Python)
        text = action.to_text() if isinstance(action, Action) else None
    except Exception:  # noqa: BLE001 — a malformed Action (its verb is not a Verb)
        text = None
    if text is None:
        raise IllegalAction("an action must be an Action or its text form")
    legal = {a.to_text(): a for a in legal_actions(state)}
    if text not in legal:
        waiting = state.pending.prompt if state.pending else "the game is over"
        shown = text if len(text) <= 80 else text[:80] + "…"
        raise IllegalAction(f"'{shown}' is not legal now ({waiting})")
    return apply(state, legal[text])


def replay(players: Sequence[PlayerSetup], seed: int, actions: Iterable[Action | str],
           options: GameOptions | None = None) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its record; returns the final state and all events.
    Raises IllegalAction (with the action's number) if an action is not legal when replayed,
    SetupError if the setups or `options` cannot start a game."""
    state = new_game(players, seed, options)
    events: list[Event] = []
    for number, action in enumerate(actions, start=1):
        try:
            state, new = play(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {number}: {exc}") from None
        events.extend(new)
    return state, events
