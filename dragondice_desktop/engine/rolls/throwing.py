"""Throwing dice: the one routine every step of the rules calls to throw dice (issue 12).

A step throws its dice with a ``Thrower`` (``face``, one die at a time: a re-roll chain's
dice depend on the faces) or ``throw_dice`` (a known list of dice). In an app-rolled game the
seeded Rng answers at once, inside the step: no request is ever left, and the faces are those
the Rng has always given, in the same order.

In a manual-dice game a die without a face leaves a pending chance request in the state
(``GameState.awaiting``, a ``ChanceRequest``; the decision is ``Step.FACE``) for that die,
and the game waits. The players answer it (``face <i>``, or ``face roll``: that one die drawn
from the seeded Rng at the position of the ask; ``game.apply``), and the step that asked
resumes: it runs again from the state it started from, the faces given so far coming from
the request, and goes on. The step is
- a stage of the task queue's head task (``open_session`` / ``close_session`` around each
  stage run, ``tasks/runner.py``): an army roll, its re-rolls, a dragon attack's rolls, a
  minor terrain's roll, and the individual rolls an SAI, a spell or an ability makes while
  its effect is applied; likewise the queue's removal of a damage's casualties (the
  Firebreath or Soiled Ground save they make). A roll made deep inside a rule's procedure,
  which cannot stop where it is, is thrown with `speculate`: it gets a stand-in face, the
  procedure goes on, and the stage's result and events are set aside: the queue waits at the
  start of that stage;
- or a setup step named by the request (``resume``: the starting distances, the Horde
  roll-off). The roll-off keeps how far it has gone in the request (``progress``: the
  players who have rolled, the dice of the one rolling), so each face given goes on from
  there (``Thrower``'s `skip`) instead of running the step again from its start.
The action the players played is never applied again for these. The rolls an action makes
itself, outside those steps, take their faces from the action's tally
(``ActionTally``): a die without one sets the action aside, and the game applies it again
once the face is given (``game``).

The Rng stays a plain value (seed, position): the faces entered live in the request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core.events import Event
from ..core.rng import Throw
from ..core.state import ChanceRequest, EnteredFace, GameState, Pending, Step

APP_ROLL = "roll"  # ``face roll``: the app rolls the die asked for (manual dice)


@dataclass(frozen=True)
class GivenFace:
    """A face given out while an action was applied (``ActionTally.log``): `index` in the
    faces fed, the die (`throw`, `face_count` faces), the Rng `position` at the ask and the
    `face` given (drawn from the seeded hash for an entry of None)."""

    index: int
    throw: Throw
    face_count: int
    position: int
    face: int


@dataclass
class ActionTally:
    """The faces an action of a manual-dice game is applied with, for the rolls it makes
    itself, outside any resumable step, alive only while the action is applied (``game``):
    `feed`, the faces in roll order (None: drawn from the seeded hash, the players let the app roll
    it); `used`, how many were given out; `asked`, the first die found without one (its
    Throw, face count, the Rng position at the ask);
    `log`: None, or the faces given out (a replay, ``game.play_all``), where a face the die
    does not have is asked for again instead of raising ValueError."""

    feed: tuple[int | None, ...]
    log: list[GivenFace] | None = None
    used: int = 0
    asked: tuple[Throw, int, int] | None = None


def action_session(state: GameState, action: object, tally: ActionTally) -> GameState:
    """`state` about to apply `action` (manual dice) with the faces of `tally`."""
    session = ChanceRequest(action, state.pending, state.step, Throw(""), 0,
                            state.rng.position, session=True, tally=tally)
    return state.with_(awaiting=session)


def _tally(wait: ChanceRequest | None) -> ActionTally | None:
    tally = wait.tally if wait is not None else None
    return tally if isinstance(tally, ActionTally) else None


class Thrower:
    """The dice one step of the rules throws, one after another: the one dice-throwing
    routine (``face``). Made from the state the step starts from; a step throws with
    ``face`` and, once it has every face, ends with ``settled``; when ``face`` gives None
    (a manual-dice game waits for that die) the step returns ``waiting`` at once, as a
    decision to wait on, and is run again from the same state when the face is given.

    Inside a task's stage (a session is open: ``open_session``) the faces come from the
    session, and a die without one is noted there: the task queue then waits at that stage
    (``close_session``). A roll made deep inside a rule's procedure, which cannot stop where
    it is (an individual roll), is thrown with `speculate`: it is given a stand-in face and
    the procedure goes on, and the whole stage (or action) is set aside and waits for the
    face."""

    def __init__(self, state: GameState, resume: str | None = "", *,
                 speculate: bool = False, skip: int = 0) -> None:
        """`resume`: the step throwing, as the game resumes it when a face is given ("":
        the task queue; "distances": the starting distances ...); None for a roll an action
        makes itself, outside those steps, whose faces a manual-dice game gives by applying
        the action again (``ActionTally``). `speculate`: see the class. `skip`: for a setup
        step that keeps its progress in the chance request (the Horde roll-off), how many of
        the faces given so far it has already taken (``used``): it goes on from the next."""
        wait = state.awaiting
        self._start = state
        self._resume = resume
        self._speculate = speculate
        self._asked = False
        self._used = 0
        self._given: tuple[EnteredFace, ...] = ()
        self._session: ChanceRequest | None = None
        self._tally = _tally(wait)
        if not state.options.manual_dice:
            self._mode = "rng"
        elif wait is not None and wait.session and self._tally is None:
            self._session = wait
            self._given, self._used = wait.entered, wait.used
            self._asked = wait.asked is not None
            self._mode = "session"
        elif self._tally is not None and (resume is None or self._tally.asked is not None):
            self._mode = "action"
        else:
            assert resume is not None, "a die thrown outside any step of a manual-dice game"
            if self._tally is not None:  # a step of the action that resumes by itself
                self._start = state.with_(awaiting=None)
            elif wait is not None and wait.action is None:
                self._given, self._used = wait.entered, skip
            self._mode = "step"
        self.rng = state.rng
        self.waiting: GameState | None = None

    @property
    def used(self) -> int:
        """How many of the faces given so far the step has taken (manual dice)."""
        return self._used

    def face(self, count: int, throw: Throw) -> int | None:
        """Throw die `throw` of `count` faces: its face (0..count-1), or None once the step
        must wait for it (manual dice: see ``waiting``; with `speculate`, a stand-in face
        0). Raises ValueError for count < 1, or for a face fed that the die does not have."""
        if count < 1:
            raise ValueError(f"{throw.label} has no faces to throw")
        if self._mode == "rng":
            face, self.rng = self.rng.roll_face(count, throw)
            return face
        if self._mode == "action":
            return self._from_tally(count, throw)
        if not self._asked and self._used < len(self._given):
            self._used += 1
            return self._given[self._used - 1].face
        if not self._asked:
            self._asked = True
            if self._session is not None:
                self.waiting = self._start.with_(awaiting=replace(
                    self._session, used=self._used, asked=(throw, count)))
            else:
                assert self._resume is not None  # only a resumable step waits here
                self.waiting = chance_request(self._start, throw, count, self._given,
                                              resume=self._resume)
        return 0 if self._speculate else None

    def _from_tally(self, count: int, throw: Throw) -> int | None:
        tally = self._tally
        assert tally is not None
        if tally.asked is None and tally.used < len(tally.feed):
            entry, position = tally.feed[tally.used], self.rng.position
            if entry is None:
                face, self.rng = self.rng.randbelow(count)
            elif 0 <= entry < count:
                face = entry
            elif tally.log is None:
                raise ValueError(f"{throw.label} has no face {entry} (faces 0-{count - 1})")
            else:  # a replay: the face action is refused as played
                tally.asked = (throw, count, position)
                face = -1
            if face >= 0:
                if tally.log is not None:
                    tally.log.append(GivenFace(tally.used, throw, count, position, face))
                tally.used += 1
                return face
        elif tally.asked is None:
            tally.asked = (throw, count, self.rng.position)
        self.waiting = self._start
        return 0 if self._speculate else None

    def settled(self, state: GameState) -> GameState:
        """`state` (the step's result) with the Rng past the dice thrown and no chance
        request left (inside a session: the session noting the faces given out)."""
        if self._mode in ("rng", "action"):
            return state.with_(rng=self.rng)
        if self._session is not None:
            asked = self._session.asked
            if self._asked and asked is None:
                assert self.waiting is not None and self.waiting.awaiting is not None
                asked = self.waiting.awaiting.asked
            session = replace(self._session, used=self._used, asked=asked)
            return state.with_(rng=self.rng, awaiting=session)
        if state.awaiting is not None and self._tally is None:
            return state.with_(rng=self.rng, awaiting=None)
        return state.with_(rng=self.rng)


def open_session(state: GameState) -> GameState:
    """`state` ready to run its head task's stage in a manual-dice game: the faces the stage
    has been given (the chance request it waits on, when a face has just been given) are
    held in an open session for its Throwers (``Thrower``). A state already in a session,
    or in an action that has found a die without a face, is returned as it is."""
    wait = state.awaiting
    tally = _tally(wait)
    if wait is None or (tally is not None and tally.asked is None):
        session = ChanceRequest(None, state.pending, state.step, Throw(""), 0,
                                state.rng.position, session=True)
    elif wait.session:
        return state
    else:
        assert wait.action is None and not wait.resume  # the task queue resumes
        session = replace(wait, session=True, used=0, asked=None)
    return state.with_(awaiting=session)


def close_session(before: GameState, mark: int, after: GameState, waiting: bool,
                  events: list[Event]) -> tuple[GameState, bool]:
    """The stage run from `before` (whose events start at `mark`) ended in `after`, waiting
    or not: `after` without the session when every die had a face; otherwise `before`
    waiting on the chance request for the first die without one, its events dropped (the
    stage runs again, from `before`, once the face is given). Returns (state, waiting)."""
    outer = before.awaiting
    tally = _tally(outer)
    if outer is not None and outer.session and (tally is None or tally.asked is not None):
        return after, waiting  # inside a stage, or an action set aside: nothing to close
    session = after.awaiting
    if session is None or not session.session or _tally(session) is not None:
        return after, waiting
    if session.asked is None:
        return after.with_(awaiting=None), waiting
    del events[mark:]
    throw, count = session.asked
    base = before.with_(awaiting=None) if tally is not None else before
    return chance_request(base, throw, count, session.entered), True


def throw_dice(state: GameState, dice: Sequence[tuple[int, Throw]], resume: str | None = ""
               ) -> tuple[GameState, tuple[int, ...] | None]:
    """Throw `dice` — (face count, the die as a Throw) each, in throwing order — for one
    step of the rules (``Thrower``). Returns (state, faces): the faces (index 0..count-1
    each) and the state with its Rng past them and no chance request left; or, in a
    manual-dice game where a die's face is still to be given, (the state waiting on the
    chance request for that die, None): the step must return that state at once, as a
    decision to wait on. `resume`: see ``Thrower``. Raises ValueError for a die of fewer than
    one face."""
    thrower = Thrower(state, resume)
    faces: list[int] = []
    for count, throw in dice:
        face = thrower.face(count, throw)
        if face is None:
            assert thrower.waiting is not None  # None only while the step waits
            return thrower.waiting, None
        faces.append(face)
    return thrower.settled(state), tuple(faces)


def chance_request(state: GameState, throw: Throw, count: int,
                   given: tuple[EnteredFace, ...] = (), action: object = None,
                   position: int | None = None, resume: str = "") -> GameState:
    """`state` waiting on the face of die `throw` (`count` faces) in a manual-dice game: the
    face decision is pending for the player who rolls it (the player of the decision being
    answered when the throw names nobody). `given`: the faces the step throwing has been
    given so far; `action`: None when the task queue resumes, else the action applied again
    with every face (see ``ChanceRequest``); `position`: the Rng position at the ask (default
    the state's); `resume`: the step that resumes (``Thrower``)."""
    wait = state.awaiting
    if action is None and wait is not None:  # the step asks its next die: same decision
        pending, step = wait.pending, wait.step
    else:
        assert wait is None  # an action waits from a state waiting on nothing
        pending, step = state.pending, state.step
    if throw.player is not None:
        player = throw.player
    else:
        assert pending is not None  # dice are thrown only while a decision waits
        player = pending.player
    at = state.rng.position if position is None else position
    request = ChanceRequest(action, pending, step, throw, count, at, tuple(given), resume)
    note = f" ({throw.note})" if throw.note else ""
    prompt = f"Enter the face {throw.what} shows{note}"
    return state.with_(step=Step.FACE, awaiting=request,
                       pending=Pending(player, Step.FACE, prompt, f"face {APP_ROLL}"))
