"""The reducer: `legal_actions`, `chance_outcomes`, `apply`, `play` and `replay`
(architecture guide).

A game is fully defined by (player setups, seed, actions): undo, save, load and replay all
rebuild a state by replaying that record.

Manual dice (issue 7 §3, issue 12, ``GameOptions.manual_dice``): every die roll is a chance
step the players answer with the face of a physical die. A roll that needs a die leaves a
pending chance request in the state (``GameState.awaiting``, a ``ChanceRequest``;
``Step.FACE``): which die (its Throw: name, catalog key, who rolls, what for), how many
faces, and the faces its step has been given so far. ``face <i>`` enters face i, ``face
roll`` lets the app roll that die from the seeded hash; ``chance_outcomes`` lists the
outcomes with their probabilities. The step that threw then resumes (``rolls/throwing.py``):
the task queue at the stage of the task that asked (army rolls and their re-rolls, dragon
attacks, minor terrains, the individual rolls of SAIs, spells and abilities) or at the
removal of a damage's casualties (the saves they make), or a setup
step (the Horde roll-off, which keeps how far it has gone in the request, and the starting
distances) — the action is not applied again. In an app-rolled game the
seeded Rng answers every request at once, inside the step, so its record and states are
what they always were.

A roll an action makes itself, outside those steps, is part of the action: while a
manual-dice action is applied its faces come from a tally (``throwing.ActionTally``); a die
without one leaves the state from before the action waiting on a chance request that names the action,
and each ``face`` action applies that action again with one more face (no exception: the
action goes on with a stand-in face and its result is set aside). Replaying a record
(`replay`, `play_all`) applies such an action once with all the faces of the ``face``
actions after it, to the same states and events: applying it again for each face takes
time growing with the square of a roll's faces.

The ``face`` actions are in the record like any other, so replay, undo (one face at a time)
and game files are exact, whatever the mix of entered and app-rolled faces.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from operator import itemgetter

from ..catalog.loader import load_catalog
from ..player_text import ruleset_words
from .core.actions import Action, Verb, act
from .core.events import Event
from .turn.march import apply_march, legal_march_actions
from .core.options import GameOptions
from .turn.reserves import apply_reserves, legal_reserve_actions
from .tasks.runner import apply_task_action, legal_task_actions
from .core.rng import Rng, Throw
from .rolls.throwing import APP_ROLL, ActionTally, GivenFace, action_session, chance_request
from .tasks.runner import advance
from .turn.setup import SETUP_RESUMES, apply_setup, legal_setup_actions, new_game
from .core.state import ChanceRequest, EnteredFace, GameState, Phase, PlayerSetup, Step, Zone

SETUP_PHASES = (Phase.SETUP_ARMIES, Phase.SETUP_ROLLOFF, Phase.SETUP_CHOICE,
                Phase.SETUP_FRONTIER)
MARCH_PHASES = (Phase.FIRST_MARCH, Phase.SECOND_MARCH)
# Phases before the marches: their decisions are questions of the task queue.
TURN_START_PHASES = (Phase.EXPIRE_EFFECTS, Phase.EIGHTH_FACE, Phase.DRAGON_ATTACK,
                     Phase.SPECIES_ABILITIES)


class IllegalAction(ValueError):
    """An action that is not legal in the state it was played in; the state is unchanged."""


# A state is immutable, so its legal actions are worked out once and kept on it (beside its
# fields: equality, hashing and `replace` ignore them). A player, the legality check of
# `play` and the loop around them all ask for the same state's actions.
_LEGAL = "_legal_actions"
_LEGAL_BY_TEXT = "_legal_actions_by_text"


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action, sorted by text form (deterministic). Empty once the game is over.
    A face decision (manual dice) offers ``face 0`` to ``face <faces - 1>`` and ``face roll``."""
    kept: tuple[Action, ...] | None = state.__dict__.get(_LEGAL)
    if kept is None:
        kept = _keep_legal_actions(state)[0]
    return kept


def chance_outcomes(state: GameState) -> tuple[tuple[Action, Fraction], ...]:
    """While a chance step waits (``state.awaiting``, a manual-dice face decision): every
    outcome — ``face <i>`` for each face of the die asked for, in face order — with its exact
    probability. Every face of a die is equally likely, so each is 1 / the die's faces (a
    die with two alike faces lists both), and they sum to 1. ``face roll`` is no outcome of
    its own: it lets the app draw one of them. Empty when no chance step waits."""
    wait = state.awaiting
    if wait is None:
        return ()
    each = Fraction(1, wait.face_count)
    return tuple((act(Verb.FACE, face), each) for face in range(wait.face_count))


def _legal_by_text(state: GameState) -> dict[str, Action]:
    kept: dict[str, Action] | None = state.__dict__.get(_LEGAL_BY_TEXT)
    if kept is None:
        kept = _keep_legal_actions(state)[1]
    return kept


def _keep_legal_actions(state: GameState) -> tuple[tuple[Action, ...], dict[str, Action]]:
    """Work out the state's legal actions and keep them on it: sorted by text form, and by
    text (each action's text is written once). Returns both."""
    pairs = _sorted_by_text(_rules_legal_actions(state))
    legal = tuple([a for _, a in pairs])
    by_text = dict(pairs)
    state.__dict__[_LEGAL], state.__dict__[_LEGAL_BY_TEXT] = legal, by_text
    return legal, by_text


def _sorted_by_text(actions: list[Action]) -> list[tuple[str, Action]]:
    # Stable: actions of one text keep their order.
    pairs = [(a.to_text(), a) for a in actions]
    pairs.sort(key=_text_of)
    return pairs


_text_of = itemgetter(0)


def _work_out_legal_actions(state: GameState) -> tuple[Action, ...]:
    """The legal actions worked out afresh (not kept), sorted by text form."""
    return tuple(a for _, a in _sorted_by_text(_rules_legal_actions(state)))


def _rules_legal_actions(state: GameState) -> list[Action]:
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
    return actions


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Apply a legal action: returns (new state, events). Does not check legality (see play).
    In a manual-dice game a roll that needs a face leaves the state waiting on a chance
    request, which a ``face`` action answers (see the module docstring)."""
    if state.awaiting is not None:
        if state.awaiting.action is not None:
            return _enter_face(state, action)
        return _apply_rules(state, action)  # the step waiting resumes with the face
    if state.options.manual_dice:
        return _apply_with_faces(state, action, ())
    return _apply_rules(state, action)


def _apply_rules(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The action's effect under the rules, with the dice the state's Rng gives."""
    events: list[Event] = []
    if state.awaiting is not None and not state.awaiting.session:  # a face: the step resumes
        state = _answer_chance(state, action, events)
    elif state.phase in SETUP_PHASES:
        state = apply_setup(state, action, events)
    elif state.phase in MARCH_PHASES:
        state = apply_march(state, action, events)
    elif state.phase is Phase.RESERVES:
        state = apply_reserves(state, action, events)
    elif state.phase in TURN_START_PHASES:
        state = apply_task_action(state, action, events)
    state = game_over(state)
    if state.options.classic:  # the 1996 names of the areas (``player_text.ruleset_words``)
        return _in_1996_words(state, events)
    return state, tuple(events)


def _in_1996_words(state: GameState, events: list[Event]) -> tuple[GameState, tuple[Event, ...]]:
    """The log lines and the decision's prompt of a 1996 game in its own words: the Dead pile,
    not the DUA (``player_text.ruleset_words``)."""
    words = state.options.ruleset
    shown = tuple(replace(e, text=ruleset_words(e.text, words)) for e in events)
    pending = state.pending
    if pending is not None and (prompt := ruleset_words(pending.prompt, words)) != pending.prompt:
        state = state.with_(pending=replace(pending, prompt=prompt))
    return state, shown


def game_over(state: GameState) -> GameState:
    """Once a player has won (digest §3.7) nothing is left to decide or resolve: an effect
    that was still running when its kill ended the game (a Mutate kill, say) asks no more
    questions. Returns `state` unchanged while the game goes on."""
    if state.winner is None:
        return state
    if state.pending is None and not state.tasks and state.phase is Phase.GAME_OVER:
        return state
    return state.with_(phase=Phase.GAME_OVER, step=Step.NONE, pending=None, march=None,
                       dragon_attack=None, damage=(), tasks=())


def _apply_with_faces(before: GameState, action: Action,
                      entered: tuple[EnteredFace, ...]) -> tuple[GameState, tuple[Event, ...]]:
    """Apply `action` to `before` (manual dice) with the faces `entered` so far for the rolls
    the action makes itself (``throwing.ActionTally``): the new state and its events, or
    `before` waiting for the face of the next such die. (The rolls of the task queue's
    stages and of the setup steps wait and resume by themselves.)"""
    # An app-rolled face is drawn again from the seeded hash: None.
    tally = ActionTally(tuple(e.face if e.by_hand else None for e in entered))
    after, events = _apply_rules(action_session(before, action, tally), action)
    if tally.asked is not None:
        throw, count, position = tally.asked
        return _waiting(before, action, throw, count, position, entered), ()
    return _settled(after), events


def _settled(after: GameState) -> GameState:
    """`after` without the faces of the action applied (its action session)."""
    wait = after.awaiting
    if wait is not None and wait.session:
        return after.with_(awaiting=None)
    return after


def _waiting(before: GameState, action: Action, throw: Throw, face_count: int, position: int,
             entered: tuple[EnteredFace, ...]) -> GameState:
    """`before` waiting for the face of die `throw` (manual dice) while `action` is applied
    again with every face, the faces `entered` so far (a roll not yet made a resumable
    step)."""
    return chance_request(before, throw, face_count, entered, action, position)


def _answer_chance(state: GameState, action: Action, events: list[Event]) -> GameState:
    """A ``face`` action answering the step waiting on a chance request: the die asked for
    shows that face (``face roll``: drawn from the seeded Rng at the ask), and the step that
    threw it resumes (``rolls/throwing.py``): the task queue at the stage of its head task,
    or a setup step (``ChanceRequest.resume``)."""
    wait, asked = state.awaiting, state.pending
    assert wait is not None and asked is not None  # a face answers a chance request
    if action.args[0] == APP_ROLL:
        face, rng = state.rng.randbelow(wait.face_count)
        entry = EnteredFace(wait.throw, face, by_hand=False)
        state = state.with_(rng=rng)
    else:
        entry = EnteredFace(wait.throw, action.args[0])
    events.append(_face_event(entry, asked.player))
    resumed = state.with_(pending=wait.pending, step=wait.step,
                          awaiting=replace(wait, entered=wait.entered + (entry,)))
    if wait.resume:
        return SETUP_RESUMES[wait.resume](resumed, events)
    return advance(resumed, events)


def _face_event(entry: EnteredFace, player: int | None) -> Event:
    """The log line of one face given (manual dice), for the player who was asked."""
    throw = entry.throw
    shown = (load_catalog().die(throw.key).faces[entry.face].to_text() if throw.key
             else f"face {entry.face + 1}")
    how = "entered by hand" if entry.by_hand else "rolled by the app"
    note = f" ({throw.note})" if throw.note else ""
    return Event("face", f"{throw.what} shows {shown}, {how}{note}", player=player)


def _enter_face(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """A ``face`` action: the die asked for shows that face (or the app rolls it); the waiting
    action is applied again with it. Events: the face, then the action's own once it needs
    no more faces."""
    wait = state.awaiting
    assert wait is not None and state.pending is not None  # a face action answers a request
    throw = wait.throw
    if action.args[0] == APP_ROLL:
        face, _ = Rng(state.rng.seed, wait.position).randbelow(wait.face_count)
        entry = EnteredFace(throw, face, by_hand=False)
    else:
        entry = EnteredFace(throw, action.args[0])
    before = state.with_(pending=wait.pending, step=wait.step, awaiting=None)
    after, events = _apply_with_faces(before, wait.action, wait.entered + (entry,))
    return after, (_face_event(entry, state.pending.player),) + events


def _legal(state: GameState, action: Action | str) -> Action:
    """The legal action `action` names in `state`; raises IllegalAction (see `play`)."""
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
    legal = _legal_by_text(state)
    if text not in legal:
        waiting = state.pending.prompt if state.pending else "the game is over"
        shown = text if len(text) <= 80 else text[:80] + "…"
        raise IllegalAction(f"'{shown}' is not legal now ({waiting})")
    return legal[text]


def play(state: GameState, action: Action | str) -> tuple[GameState, tuple[Event, ...]]:
    """Check that `action` (an Action or its text form) is legal, then apply it.

    Raises IllegalAction naming the action and the decision pending; the given state is
    never changed (states are immutable).
    """
    return apply(state, _legal(state, action))


_CANONICAL = (int, str, Zone)  # the types of an action's arguments read from its text


def play_recorded(state: GameState, action: Action | str) -> tuple[GameState, tuple[Event, ...]]:
    """`play` for an action of a record being replayed: the same state and events, or the
    same IllegalAction. An action whose arguments are all of the types its text form reads
    back (ints, words, zones) is found among the rules' legal actions by equality, without
    the text form of each legal action (the costliest part of checking a recorded action);
    any other, or one not found so, is checked as `play` checks it."""
    if isinstance(action, Action) and isinstance(action.verb, Verb) \
            and _LEGAL_BY_TEXT not in state.__dict__ \
            and all(type(arg) in _CANONICAL for arg in action.args):
        for legal in reversed(_rules_legal_actions(state)):  # the last of a text, as `play`
            if legal == action and all(type(mine) is type(theirs)  # 1 == True: not the same
                                       for mine, theirs in zip(legal.args, action.args)):
                return apply(state, legal)
    return play(state, action)


def _face_entry(action: Action | str) -> int | None | bool:
    """What a ``face`` action of a record enters: the face index, or None for ``face roll``;
    False for any other action (or a face action no face decision could offer)."""
    if isinstance(action, str):
        try:
            action = Action.from_text(action)
        except ValueError:
            return False
    if not isinstance(action, Action) or action.verb is not Verb.FACE or len(action.args) != 1:
        return False
    arg = action.args[0]
    if arg == APP_ROLL and isinstance(arg, str):
        return None
    if type(arg) is int and arg >= 0:
        return arg
    return False


def _play_with_faces(state: GameState, action: Action | str, faces: list[int | None], states: bool
                     ) -> list[tuple[GameState | None, tuple[Event, ...]]] | None:
    """`action` and the face actions `faces` after it (their entries: index or None) in a
    manual-dice game, applied once with every face: the (state, events) that playing the
    action and then each face action given would give, one per action — fewer faces when the
    action needs fewer, or a face is not one the die has (playing that one is then refused
    as usual). Without `states` only the last state is given (the others are None: each
    holds the faces entered before it, so all of them take time and memory growing with the
    square of the faces). None when the rules did not take the faces as successive plays
    would (the caller then plays them one by one)."""
    action = _legal(state, action)
    log: list[GivenFace] = []
    tally = ActionTally(tuple(faces), log)
    try:
        after, events = _apply_rules(action_session(state, action, tally), action)
    except Exception:  # noqa: BLE001 — let the one-by-one play raise it where it belongs
        return None
    need, used = tally.asked, tally.used
    if [given.index for given in log] != list(range(used)):
        return None  # a face given out twice (a roll tried and dropped): play one by one
    asks = [(g.throw, g.face_count, g.position) for g in log]
    if need is not None:
        asks.append(need)
    entered = tuple(EnteredFace(g.throw, g.face, by_hand=faces[g.index] is not None)
                    for g in log)
    if need is None and not used:
        return [(_settled(after), events)]
    last = used if need is not None else used - 1  # the last waiting state
    steps = [_waiting(state, action, *asks[count], entered[:count])
             if states or count == last else None for count in range(last + 1)]
    if need is None:
        steps.append(_settled(after))
    waiting = state.pending.player if state.pending is not None else None
    players = [ask[0].player if ask[0].player is not None else waiting
               for ask in asks]
    results: list[tuple[GameState | None, tuple[Event, ...]]] = [(steps[0], ())]
    for count in range(1, len(steps)):
        face = (_face_event(entered[count - 1], players[count - 1]),)
        done = need is None and count == used
        results.append((steps[count], face + (events if done else ())))
    return results


def play_all(state: GameState, actions: Iterable[Action | str], states: bool = True
             ) -> Iterator[tuple[GameState | None, tuple[Event, ...]]]:
    """Play `actions` in turn from `state`, yielding (state, events) after each: what calling
    `play` for each would give, with the same IllegalAction at the same action. In a
    manual-dice game an action and the ``face`` actions after it are applied once with all
    their faces: `play` applies the action again for every face, which for a long roll in a
    game file (thousands of faces) would take hours. Without `states`, the state after an
    action followed by face actions, and after each of them but the last, is None (they
    wait for a face, with every face entered before: building them all is slow); the last
    state yielded is always there."""
    actions = list(actions)
    index = 0
    while index < len(actions):
        action = actions[index]
        run = []
        if state.options.manual_dice and state.awaiting is None and _face_entry(action) is False:
            for later in actions[index + 1:]:
                entry = _face_entry(later)
                if entry is False:
                    break
                run.append(entry)
        results = _play_with_faces(state, action, run, states) if run else None
        if results is None:
            results = [play_recorded(state, action)]
        for result in results:
            yield result
        last = results[-1][0]
        assert last is not None  # the last state is always built
        state = last
        index += len(results)


def replay(players: Sequence[PlayerSetup], seed: int, actions: Iterable[Action | str],
           options: GameOptions | None = None) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its record; returns the final state and all events.
    Raises IllegalAction (with the action's number) if an action is not legal when replayed,
    SetupError if the setups or `options` cannot start a game."""
    state = new_game(players, seed, options)
    events: list[Event] = []
    steps = play_all(state, actions, states=False)
    now: GameState | None = state  # None after an action whose later face actions follow
    number = 0
    while True:
        number += 1
        try:
            now, new = next(steps)
        except StopIteration:
            assert now is not None  # the last state play_all yields is always there
            return now, events
        except IllegalAction as exc:
            raise IllegalAction(f"action {number}: {exc}") from None
        events.extend(new)
