"""Throwing dice: the one routine a step of the rules calls to throw dice (issue 12).

``throw_dice(state, dice)`` throws the dice a step of the rules needs, in order, and gives
their faces — or, in a manual-dice game, leaves a pending chance request in the state for
the first die whose face the players have not given yet (``GameState.awaiting``, a
``ChanceRequest``; the decision is ``Step.FACE``). The step then stops at once, changing
nothing else, and the game waits; when the face is given (``face <i>`` or ``face roll``,
``game.apply``) the task queue resumes at that same step, which calls ``throw_dice`` again
with the same dice: the faces given so far come from the request, and it goes on.

Who answers a chance request:
- an app-rolled game: the seeded Rng, at once, inside the step (no request is ever left);
  the faces are those the Rng has always given, in the same order;
- a manual-dice game: the players, one die at a time; ``face roll`` draws that one die
  from the seeded Rng at the position of the ask.

The Rng stays a plain value (seed, position): the faces entered live in the request.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rng import Throw
from ..core.state import ChanceRequest, EnteredFace, GameState, Pending, Step

APP_ROLL = "roll"  # ``face roll``: the app rolls the die asked for (manual dice)


def throw_dice(state: GameState, dice: Sequence[tuple[int, Throw]]
               ) -> tuple[GameState, tuple[int, ...] | None]:
    """Throw `dice` — (face count, the die as a Throw) each, in throwing order — for one
    step of the rules. Returns (state, faces): the faces (index 0..count-1 each) and the
    state with its Rng past them and no chance request left; or, in a manual-dice game
    where a die's face is still to be given, (the state waiting on the chance request for
    that die, None): the step must return that state at once, as a decision to wait on,
    and is run again from the same state when the face is given.
    Raises ValueError for a die of fewer than one face."""
    wait = state.awaiting
    given = wait.entered if wait is not None and wait.action is None else ()
    if not state.options.manual_dice:
        rng = state.rng
        drawn = []
        for count, _ in dice:
            face, rng = rng.randbelow(count)
            drawn.append(face)
        return state.with_(rng=rng), tuple(drawn)
    if len(given) >= len(dice):
        faces = tuple(entry.face for entry in given[:len(dice)])
        return (state.with_(awaiting=None) if wait is not None else state), faces
    count, throw = dice[len(given)]
    if count < 1:
        raise ValueError(f"{throw.label} has no faces to throw")
    return chance_request(state, throw, count, given), None


def chance_request(state: GameState, throw: Throw, count: int,
                   given: tuple[EnteredFace, ...] = (), action: object = None,
                   position: int | None = None) -> GameState:
    """`state` waiting on the face of die `throw` (`count` faces) in a manual-dice game: the
    face decision is pending for the player who rolls it (the player of the decision being
    answered when the throw names nobody). `given`: the faces the step throwing has been
    given so far; `action`: None when the task queue resumes, else the action applied again
    with every face (see ``ChanceRequest``); `position`: the Rng position at the ask (default
    the state's)."""
    wait = state.awaiting
    if action is None and wait is not None:  # the step asks its next die: same decision
        pending, step, prior = wait.pending, wait.step, None
    else:
        pending, step, prior = state.pending, state.step, wait
    if throw.player is not None:
        player = throw.player
    else:
        assert pending is not None  # dice are thrown only while a decision waits
        player = pending.player
    at = state.rng.position if position is None else position
    request = ChanceRequest(action, pending, step, throw, count, at, tuple(given), prior)
    note = f" ({throw.note})" if throw.note else ""
    prompt = f"Enter the face {throw.what} shows{note}"
    return state.with_(step=Step.FACE, awaiting=request,
                       pending=Pending(player, Step.FACE, prompt, f"face {APP_ROLL}"))
