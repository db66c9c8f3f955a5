"""The engine's QThread bridge: the rules run in one worker thread, fed by signals.

QtCore only (architecture guide). The GUI never calls `play`: it emits a request through
`EngineClient` and redraws when `stateChanged` brings back a `GameSnapshot`.

    client = EngineClient()                  # starts the worker thread
    client.stateChanged.connect(window.show_snapshot)
    client.set_autosave(folder)              # write the record there after every change
    client.new_game(players, seed, options)  # -> stateChanged(GameSnapshot)
    client.submit("march t2")                # -> stateChanged, or failed(reason)
    client.undo()                            # -> stateChanged (replays all but the last action)
    client.undo_decisions()                  # -> stateChanged (a person's decision and the
                                             #    computer seats' replies taken back)
    client.redo()                            # -> stateChanged (plays the undone action again)
    client.replay(record)                    # -> replayReady(ReplayBook) for the replay view
    client.shutdown()                        # thread.quit(); thread.wait()

Never lose a game: the worker commits a new state only once the engine has produced it and
its legal actions without raising. An exception inside the engine (a bug, as opposed to an
illegal action) leaves the game as it was before that action and emits
`crashed(CrashReport)`; the game stays playable. After every committed change the record is
written atomically to the autosave file (if one is set) before the snapshot is sent.
"""

from __future__ import annotations

from collections import deque

import os

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, Signal, Slot

from .thread_stop import ThreadStopper, stop_when_destroyed
from ..engine.core.actions import Action, Verb
from ..engine.core.events import Event
from ..engine.game import IllegalAction, legal_actions, play, play_all, play_recorded
from ..engine.policy import choose
from ..engine.core.record import (
    PERSON, GameFileError, GameRecord, seats_problem, seed_problem, setup_problem,
)
from ..engine.core.options import GameOptions
from ..engine.turn.setup import SetupError, new_game
from ..engine.spells.casting import casting_view
from ..engine.core.state import GameState, Phase
from ..matchup import assembly_problems, setups_problem
from .autosave import Autosave, Follows, autosave_problem
from .crash import CrashReport
from .replay import build_replay
from .file_snapshot import decode_snapshot, snapshot_field
from .replay_cache import ReplayCache, ReplayedGame
from .snapshot import Change, GameSnapshot

KEPT_STATES = 1000  # states kept for an undo without replay (older ones replay)
# Joins the action texts of one request that moves several dice at once (no action text
# holds it): played all or none.
BATCH = ";"
# Told to the player when a game file's snapshot is not what its moves replay to.
SNAPSHOT_REPLACED = ("This game file's saved position did not match its moves; the game "
                     "was rebuilt from its moves.")


def assembly_refusal(state: GameState, text: str) -> str:
    """Why action `text` may not be played now although the engine would take it: an
    ``armies-ready`` for armies that break a setup rule (the force rules, which the engine
    does not know, judge the division; digest §2.2). "" when nothing stands against it."""
    if (state is None or state.phase is not Phase.SETUP_ARMIES or state.pending is None
            or text.split()[:1] != [Verb.ARMIES_READY.value]):
        return ""
    problems = assembly_problems(state, state.pending.player)
    name = state.players[state.pending.player].name
    return f"{name}'s armies break a setup rule: {problems[0]}" if problems else ""


class EngineWorker(QObject):
    """Owns the current game (record, state, per-action events, redo list) and applies
    requests to it.

    Lives in the worker thread; its slots may also be called directly (tests do). Every
    successful change emits `stateChanged(GameSnapshot)`; a refused action emits
    `failed(reason)` and changes nothing; a file that cannot be opened emits
    `loadFailed(reason)` and keeps the current game; an engine failure emits
    `crashed(CrashReport)` and keeps the game as it was before the failing action;
    `replayReady(ReplayBook)` / `replayFailed(reason)` answer a replay request;
    `autosaveFailed(reason)` says the autosave file could not be written (play goes on; it
    is retried at every change) and `autosaveRestored()` that a write worked again after
    a failure.
    """

    stateChanged = Signal(object)
    failed = Signal(str)
    loadFailed = Signal(str)
    crashed = Signal(object)
    replayReady = Signal(object)
    replayFailed = Signal(str)
    autosaveFailed = Signal(str)
    autosaveRestored = Signal()

    def __init__(self) -> None:
        super().__init__()
        self._autosave_failing = False
        self._record: GameRecord | None = None
        self._state: GameState | None = None
        self._history: tuple[tuple[Event, ...], ...] = ()
        # The states before the last actions (the last one last), so undo needs no replay;
        # at most KEPT_STATES of them (an older undo replays the record).
        self._before: tuple[GameState, ...] = ()
        self._redo: tuple[Action, ...] = ()  # undone actions, the next one to redo first
        self._serial = 0
        self._autosave: Autosave | None = None
        self._cache: ReplayCache | None = None

    # --- requests -------------------------------------------------------------------------

    @Slot(object)
    def set_autosave(self, folder) -> None:
        """Write the game record to `folder`/autosave.ddgame after every change from now on
        (None: stop autosaving)."""
        self._autosave = Autosave(folder) if folder is not None else None

    @Slot(object)
    def set_cache(self, folder) -> None:
        """Remember replayed long games in `folder` (a verified cache, `replay_cache`), so
        opening one again needs no replay (None: no cache)."""
        self._cache = ReplayCache(folder) if folder is not None else None

    @Slot()
    def remember(self) -> None:
        """Put the current game in the replay cache (after it was saved: opening the file
        later then needs no replay). Does nothing without a cache or a game."""
        if self._cache is not None and self._record is not None:
            self._cache.store(self._record, ReplayedGame(self._state, self._history,
                                                         self._before))

    @Slot(object, object, object, object)
    def new_game(self, players, seed, options=None, seats=()) -> None:
        """Start a game from a sequence of PlayerSetup, an int seed, GameOptions (None:
        the current rules, app-rolled dice, no house rules) and the seats (who plays each
        player, ``record.SEAT_KINDS``; empty: persons only)."""
        try:
            record = GameRecord(tuple(players), int(seed), (),
                                options if options is not None else GameOptions(),
                                tuple(seats or ()))
            if record.seats:
                problem = seats_problem(record.seats, len(record.players))
                if problem:
                    raise SetupError(problem)
            # Refuse what a saved game could not load.
            for number, setup in enumerate(record.players, start=1):
                problem = setup_problem(setup, number)
                if problem:
                    raise SetupError(problem)
            problem = seed_problem(record.seed) or setups_problem(
                record.players, record.options.rules, record.options)
            if problem:
                raise SetupError(problem)
            state = new_game(record.players, record.seed, record.options)
            self._commit(record, state, (), Change.NEW, (), redo=(), before=())
        except (SetupError, TypeError, ValueError) as exc:
            self.failed.emit(f"Cannot start the game: {exc}")
        except Exception as exc:  # noqa: BLE001 — an engine bug must not take the app down
            self._crash(exc, "starting a new game", "")

    @Slot(str)
    @Slot(str, str)
    def submit(self, text: str, note: str = "") -> None:
        """Play one action given in its text form (e.g. "reinforce 12 t0"), with `note`
        (a computer move's reason) kept in the record to explain it. Playing the
        action that `redo` would play keeps the rest of the redo list; any other action
        clears it. Several texts joined by ``BATCH`` are played all or none."""
        if self._state is None:
            self.failed.emit("No game is in progress: start one with Game ▸ New")
            return
        if BATCH in text:
            self._submit_batch(text)
            return
        refused = assembly_refusal(self._state, text)
        if refused:
            self.failed.emit(refused)
            return
        try:
            state, events = play(self._state, text)
            action = Action.from_text(text)
            redo = self._redo[1:] if self._redo[:1] == (action,) else ()
            self._commit(self._record.with_action(action, note), state,
                         self._history + (events,), Change.ACTION, events, redo,
                         before=self._before + (self._state,))
        except IllegalAction as exc:
            self.failed.emit(str(exc))
        except Exception as exc:  # noqa: BLE001
            self._crash(exc, f"playing '{text}'", text)

    def _submit_batch(self, text: str) -> None:
        """Play several actions as one request (texts joined by ``BATCH``: a whole army or
        a set of dice moved at once): every one is played in turn, and if any is illegal
        none is kept and `failed` names the one refused."""
        texts = [t.strip() for t in text.split(BATCH) if t.strip()]
        record, state, history, before, new = (self._record, self._state, self._history,
                                               self._before, [])
        try:
            for number, one in enumerate(texts, start=1):
                refused = assembly_refusal(state, one)
                if refused:
                    self.failed.emit(f"Nothing was moved: {refused}")
                    return
                try:
                    after, events = play(state, one)
                except IllegalAction as exc:
                    self.failed.emit(f"Nothing was moved: move {number} of {len(texts)} is "
                                     f"refused. {exc}")
                    return
                before += (state,)
                state, record = after, record.with_action(Action.from_text(one))
                history += (events,)
                new.extend(events)
            self._commit(record, state, history, Change.ACTION, tuple(new), redo=(),
                         before=before)
        except Exception as exc:  # noqa: BLE001
            self._crash(exc, f"playing '{text}'", text)

    @Slot(int)
    def autoplay(self, count: int) -> None:
        """Let the automatic policy play up to `count` actions (stops when the game ends);
        sends one snapshot carrying all their events. If the engine fails on one of them,
        the actions before it are kept and `crashed` reports the failing one."""
        if self._state is None:
            self.failed.emit("No game is in progress")
            return
        record, state, history, new = self._record, self._state, self._history, []
        before = self._before
        failure: tuple[Exception, str] | None = None
        for _ in range(count):
            text = ""
            try:
                if not legal_actions(state):
                    break
                action = choose(state)
                text = action.to_text()
                after, events = play(state, action)
                legal_actions(after)  # a state the engine cannot continue from is a failure too
            except Exception as exc:  # noqa: BLE001
                failure = (exc, text)
                break
            before += (state,)
            state, record, history = after, record.with_action(action), history + (events,)
            new.extend(events)
        if len(record.actions) != len(self._record.actions) or failure is None:
            try:
                self._commit(record, state, history, Change.ACTION, tuple(new), redo=(),
                             before=before)
            except Exception as exc:  # noqa: BLE001
                failure = (exc, "")
        if failure is not None:
            exc, text = failure
            what = f"letting the computer play '{text}'" if text else "letting the computer play"
            self._crash(exc, what, text)

    @Slot()
    def undo(self) -> None:
        """Take back the last action by replaying the record without it (back to the start
        is allowed; at the start it reports that there is nothing to undo). The action goes
        on the redo list."""
        if self._record is None or not self._record.actions:
            self.failed.emit("Nothing to undo: this is the start of the game")
            return
        try:
            record = self._record.without_last()
            before = self._before
            if not before and not record.options.manual_dice:
                # Past the states kept: one replay keeps the states before the last
                # KEPT_STATES actions again, so the next undos need none.
                before = _states_before(self._record)
            state = before[-1] if before else record.state()
            self._commit(record, state, self._history[:-1], Change.UNDO, (),
                         redo=(self._record.actions[-1],) + self._redo,
                         before=before[:-1])
        except Exception as exc:  # noqa: BLE001 — IllegalAction here is a bug too
            self._crash(exc, "undoing the last action", "")

    @Slot()
    def undo_decisions(self) -> None:
        """Take back the last decision of a person and every computer seat's reply after
        it, in one change (a game without computer seats: the last action, as `undo`).
        The actions go on the redo list."""
        if self._record is None or not self._record.actions:
            self.failed.emit("Nothing to undo: this is the start of the game")
            return
        try:
            record, count = self._record, 0
            states = self._before
            while count < len(record.actions):
                count += 1
                index = len(record.actions) - count
                before = (states[-count] if count <= len(states)
                          else record.first(index).state())
                decider = before.pending.player if before.pending is not None else None
                if decider is None or record.seat(decider) == PERSON:
                    break
            kept = record.first(len(record.actions) - count)
            state = states[-count] if count <= len(states) else kept.state()
            self._commit(kept, state, self._history[:-count], Change.UNDO, (),
                         redo=record.actions[-count:] + self._redo,
                         before=self._before[:-count])
        except Exception as exc:  # noqa: BLE001 — IllegalAction here is a bug too
            self._crash(exc, "undoing the last decision", "")

    @Slot()
    def redo(self) -> None:
        """Play again the last action taken back by `undo` (nothing to redo after a new
        action)."""
        if self._state is None or not self._redo:
            self.failed.emit("Nothing to redo")
            return
        action, rest = self._redo[0], self._redo[1:]
        try:
            state, events = play(self._state, action)
            self._commit(self._record.with_action(action), state, self._history + (events,),
                         Change.REDO, events, rest, before=self._before + (self._state,))
        except IllegalAction as exc:
            self._redo = ()
            self.failed.emit(f"Cannot redo: {exc}")
        except Exception as exc:  # noqa: BLE001
            self._crash(exc, f"redoing '{action.to_text()}'", action.to_text())

    @Slot(object)
    def load(self, record: GameRecord) -> None:
        """Replace the game with a GameRecord, replaying it action by action so the log
        gets every event. A record that does not replay, or makes the engine fail, emits
        `loadFailed` naming the problem and keeps the current game."""
        self._load(record, None)

    def _load(self, record: GameRecord, shown: ReplayedGame | None) -> None:
        """`load`, showing first the game a file's snapshot says the record replays to
        (`shown`, ``file_snapshot``): the replay then checks it before any other request
        is answered. A snapshot the replay does not give is replaced by the replayed game
        (and `failed` tells the player); a record that does not replay is refused as
        `load` refuses it, and the game from before the opening comes back."""
        previous = (self._record, self._state, self._history, self._before, self._redo)
        try:
            forces_problem(record)
            cached = self._cache.fetch(record) if self._cache is not None else None
            if cached is not None:  # replayed before by these very rules: no replay
                events = tuple(e for step in cached.history for e in step)
                self._commit(record, cached.state, cached.history, Change.LOAD, events,
                             redo=(), before=cached.before)
                return
            if shown is not None:
                legal_actions(shown.state)  # the engine can go on from it, or no showing
                self._commit(record, shown.state, shown.history, Change.LOAD,
                             tuple(e for step in shown.history for e in step), redo=(),
                             before=())
            state, history, kept = _replayed(record)
            if shown is not None and state == shown.state and history == shown.history:
                # The replay gives what was shown: the game goes on from the replay's own
                # state, with the states before its last actions for undo.
                self._state, self._before = state, kept[-KEPT_STATES:]
                legal_actions(state)
            else:
                events = tuple(e for step in history for e in step)
                self._commit(record, state, history, Change.LOAD, events, redo=(),
                             before=kept)
                if shown is not None:
                    self.failed.emit(SNAPSHOT_REPLACED)
            if self._cache is not None:
                self._cache.store(record, ReplayedGame(state, history, kept))
        except Exception as exc:  # noqa: BLE001
            if isinstance(exc, GameFileError):
                reason = str(exc)
            elif isinstance(exc, SetupError):
                reason = f"the game does not replay: {exc}"
            else:
                reason = (f"the rules engine failed on this game ({type(exc).__name__}: "
                          f"{str(exc)[:300]})")
            self.loadFailed.emit(reason)
            if self._record is not previous[0]:  # a snapshot was shown: take it back
                self._restore(*previous)

    def _restore(self, record, state, history, before, redo) -> None:
        """Bring back the game from before an opening that failed after its snapshot was
        shown (no game before it: the opened game's setup, at its start)."""
        try:
            if record is not None and state is not None:
                self._commit(record, state, history, Change.LOAD, (), redo=redo,
                             before=before)
            elif self._record is not None:
                start = self._record.first(0)
                self._commit(start, new_game(start.players, start.seed, start.options), (),
                             Change.NEW, (), redo=(), before=())
        except Exception as exc:  # noqa: BLE001 — the game before was playable: report it
            self._crash(exc, "bringing back the game from before an opening", "")

    @Slot(str)
    def load_text(self, text: str) -> None:
        """Open a saved game from its JSON text; `loadFailed` names the problem if it is not
        a good game file (the current game is kept). A long game's file may carry a
        snapshot (``file_snapshot``): the game is shown from it at once and replayed
        after, as `_load` says."""
        try:
            record = parse_game_text(text, check_replay=False)  # `load` replays it
        except GameFileError as exc:
            self.loadFailed.emit(str(exc))
            return
        shown = None
        if '"snapshot"' in text:
            shown = decode_snapshot(snapshot_field(text), record)
        self._load(record, shown)

    @Slot(object)
    def replay(self, source) -> None:
        """Build the replay of a GameRecord, or of save-file text: `replayReady(ReplayBook)`,
        or `replayFailed(reason)`. The current game is not touched."""
        try:
            record = (parse_game_text(source, check_replay=False)  # build_replay replays it
                      if isinstance(source, str) else source)
            book = build_replay(record)
        except GameFileError as exc:
            self.replayFailed.emit(str(exc))
            return
        except (IllegalAction, SetupError) as exc:
            self.replayFailed.emit(f"the game does not replay: {exc}")
            return
        except Exception as exc:  # noqa: BLE001
            self.replayFailed.emit(f"the rules engine failed on this game "
                                   f"({type(exc).__name__}: {exc})")
            return
        self.replayReady.emit(book)

    # --- output ---------------------------------------------------------------------------

    def _commit(self, record, state, history, change: Change, events, redo,
                before: tuple[GameState, ...]) -> None:
        """Make (record, state) the current game and tell the window; `before`: the states
        before its last actions, kept for undo. The legal actions are computed first: if the
        engine fails on them, nothing is committed (the caller reports the failure and the
        previous game stays)."""
        legal = legal_actions(state)
        casting = casting_view(state)
        follows = _follows(self._record, record, change)
        self._record, self._state, self._history = record, state, tuple(history)
        self._before = before[-KEPT_STATES:]
        self._redo = tuple(redo)
        self._serial += 1
        self._write_autosave(record, bool(legal), follows)
        self.stateChanged.emit(GameSnapshot(
            record=record, state=state, events=tuple(events), history=self._history,
            legal=legal, change=change, serial=self._serial, redo=self._redo,
            casting=casting,
        ))

    def _write_autosave(self, record: GameRecord, playing: bool,
                        follows: Follows | None = None) -> None:
        if self._autosave is None:
            return
        try:
            if playing:
                self._autosave.save(record, follows)
            else:
                self._autosave.clear()  # a finished game is nothing to resume
        except (OSError, ValueError) as exc:  # ValueError: text UTF-8 cannot encode
            self._autosave_failing = True
            self.autosaveFailed.emit(f"Cannot write the autosave: "
                                     f"{autosave_problem(exc, self._autosave.path)}")
            return
        if self._autosave_failing:
            self._autosave_failing = False
            self.autosaveRestored.emit()

    def _crash(self, exc: Exception, request: str, action: str) -> None:
        self.crashed.emit(CrashReport.from_exception(exc, request, action, self._record))


def _follows(previous: GameRecord | None, record: GameRecord, change: Change) -> Follows | None:
    """How `record`, committed as `change`, follows the current record `previous` (for the
    autosave, so a save costs only the new actions): an action, a batch or a redo adds
    actions after all of `previous`'s; an undo keeps the first actions of `previous`. None
    for a new game or an opening, or when the records do not look so (the ends of their
    action lists are checked, not the whole lists: the autosave then compares them)."""
    if previous is None:
        return None
    old, new = previous.actions, record.actions
    if change in (Change.ACTION, Change.REDO):
        keep = len(old)
        if len(new) < keep or (keep and new[keep - 1] is not old[-1]):
            return None
    elif change is Change.UNDO:
        keep = len(new)
        if keep >= len(old) or (keep and new[-1] is not old[keep - 1]):
            return None
    else:
        return None
    return Follows(previous, keep)


def _replayed(record: GameRecord) -> tuple[GameState, tuple[tuple[Event, ...], ...],
                                            tuple[GameState, ...]]:
    """Replay `record`: (its last state, every action's events, the states before its last
    KEPT_STATES actions). The states before are kept as they are replayed, so an undo after
    opening needs no replay (as in a game played here). Manual dice: play_all applies a roll
    once, not again for every face entered, and gives no state between a roll's faces, so
    none are kept (those undos replay the record). Raises GameFileError (naming the action)
    for a record that does not replay or makes the engine fail."""
    state = new_game(record.players, record.seed, record.options)
    history = []
    manual = record.options.manual_dice
    kept: deque[GameState] = deque(maxlen=0 if manual else KEPT_STATES)
    steps = (play_all(state, record.actions, states=False)
             if manual else _one_by_one(state, record.actions))
    for number in range(1, len(record.actions) + 1):
        try:
            after, events = next(steps)
        except IllegalAction as exc:
            raise GameFileError(f"the game does not replay: action {number}: {exc}") from None
        except Exception as exc:  # noqa: BLE001
            raise GameFileError(f"the game does not replay: the rules engine failed on "
                                f"action {number} ({type(exc).__name__}: "
                                f"{str(exc)[:300]})") from exc
        kept.append(state)
        state = after if after is not None else state
        history.append(events)
    return state, tuple(history), tuple(kept)


def _states_before(record: GameRecord) -> tuple[GameState, ...]:
    """The states before the last KEPT_STATES actions of `record` (not manual dice),
    replayed. Raises IllegalAction for a record that does not replay."""
    state = new_game(record.players, record.seed, record.options)
    kept: deque[GameState] = deque(maxlen=KEPT_STATES)
    for action in record.actions:
        kept.append(state)
        state, _events = play(state, action)
    return tuple(kept)


def _one_by_one(state: GameState, actions):
    """(state, events) after each of `actions` of a record, played in turn as `play` would
    (``play_recorded``)."""
    for action in actions:
        state, events = play_recorded(state, action)
        yield state, events


def forces_problem(record: GameRecord) -> None:
    """Refuse a game whose forces break a setup rule (an advanced terrain as Home, an army
    over half the points, too many dragons, minor terrains or Dragonkin ...), as New Game
    does: raises GameFileError naming the player and the rule (``matchup.setups_problem``)."""
    problem = (setups_problem(record.players, record.options.rules, record.options)
               or assembled_problem(record))
    if problem:
        raise GameFileError(f"the game cannot be opened: {problem}")


def assembled_problem(record: GameRecord) -> str:
    """Why the armies a game file's players assembled at setup break a setup rule (a player
    left without an army, an army over half the points ...), as the live assembly would have
    refused them (`assembly_refusal`), or "". Plays only the file's setup actions."""
    if not record.options.assemble_armies:
        return ""
    state = new_game(record.players, record.seed, record.options)
    for action in record.actions:
        if state.phase is not Phase.SETUP_ARMIES:
            break
        refusal = assembly_refusal(state, action.to_text())
        if refusal:
            return refusal
        try:
            state, _ = play(state, action)
        except IllegalAction:
            break  # the replay check names what is wrong with it
    return ""


def parse_game_text(text: str, check_replay: bool = True) -> GameRecord:
    """`GameRecord.from_json`, with every way it can fail turned into a GameFileError (a
    hostile file must never raise anything else: deeply nested JSON raises RecursionError
    inside the json module, a rules bug raises whatever it raises)."""
    try:
        record = GameRecord.from_json(text, check_replay=check_replay)
        forces_problem(record)
        return record
    except GameFileError:
        raise
    except RecursionError:
        raise GameFileError("not a game file: its JSON is nested far too deeply") from None
    except Exception as exc:  # noqa: BLE001
        raise GameFileError(f"the game file cannot be read ({type(exc).__name__}: {exc})") from None


class EngineClient(QObject):
    """The GUI side of the worker: starts the thread, forwards requests as queued signals and
    re-emits the worker's answers in the GUI thread.

    Signals: stateChanged(GameSnapshot), failed(str) for a refused action,
    loadFailed(str) for a game file that cannot be opened, crashed(CrashReport) for an
    engine failure, replayReady(ReplayBook) / replayFailed(str), autosaveFailed(str) /
    autosaveRestored().
    """

    stateChanged = Signal(object)
    failed = Signal(str)
    loadFailed = Signal(str)
    crashed = Signal(object)
    replayReady = Signal(object)
    replayFailed = Signal(str)
    autosaveFailed = Signal(str)
    autosaveRestored = Signal()

    # Requests, delivered to the worker's thread by queued connections.
    _new_game = Signal(object, object, object, object)
    _submit = Signal(str, str)
    _autoplay = Signal(int)
    _undo = Signal()
    _undo_decisions = Signal()
    _redo = Signal()
    _load = Signal(object)
    _load_text = Signal(str)
    _replay = Signal(object)
    _set_autosave = Signal(object)
    _set_cache = Signal(object)
    _remember = Signal()
    _set_autosave_now = Signal(object)  # blocking: returns once the worker has switched

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName("dragondice-engine")
        self.worker = EngineWorker()
        self.worker.moveToThread(self.thread)
        self._new_game.connect(self.worker.new_game)
        self._submit.connect(self.worker.submit)
        self._autoplay.connect(self.worker.autoplay)
        self._undo.connect(self.worker.undo)
        self._undo_decisions.connect(self.worker.undo_decisions)
        self._redo.connect(self.worker.redo)
        self._load.connect(self.worker.load)
        self._load_text.connect(self.worker.load_text)
        self._replay.connect(self.worker.replay)
        self._set_autosave.connect(self.worker.set_autosave)
        self._set_cache.connect(self.worker.set_cache)
        self._remember.connect(self.worker.remember)
        self._set_autosave_now.connect(self.worker.set_autosave,
                                       Qt.ConnectionType.BlockingQueuedConnection)
        for name in ("stateChanged", "failed", "loadFailed", "crashed", "replayReady",
                     "replayFailed", "autosaveFailed", "autosaveRestored"):
            getattr(self.worker, name).connect(getattr(self, name))
        # No deleteLater on the thread's end: Python owns worker and deletes it once the
        # thread has stopped; a deferred delete still queued when Python deleted it at exit
        # aborted the app ("shared QObject was deleted directly").
        app = QCoreApplication.instance()
        if app is not None:
            # A QThread destroyed while running aborts the process: stop it on quit at the latest.
            app.aboutToQuit.connect(self.shutdown)
        # ... and when the client is destroyed without shutdown (its window deleted unclosed).
        stop_when_destroyed(self, ThreadStopper(self.thread))
        self.thread.start()

    def new_game(self, players, seed: int, options: GameOptions | None = None,
                 seats: tuple[str, ...] = ()) -> None:
        """Ask for a new game (players: PlayerSetup sequence, seed: int, options:
        GameOptions or None for the defaults, seats: who plays each player, empty for
        persons only)."""
        self._new_game.emit(tuple(players), int(seed), options, tuple(seats))

    def submit(self, text: str, note: str = "") -> None:
        """Ask the worker to play an action given in text form; `note` (a computer move's
        reason) is kept in the game record to explain it."""
        self._submit.emit(text, note)

    def autoplay(self, count: int) -> None:
        """Ask the automatic policy to play up to `count` actions."""
        self._autoplay.emit(int(count))

    def undo(self) -> None:
        """Ask to take back the last action."""
        self._undo.emit()

    def undo_decisions(self) -> None:
        """Ask to take back the last person's decision and the computer's replies."""
        self._undo_decisions.emit()

    def redo(self) -> None:
        """Ask to play again the last action taken back."""
        self._redo.emit()

    def load(self, record: GameRecord) -> None:
        """Ask to replace the game with `record`."""
        self._load.emit(record)

    def load_text(self, text: str) -> None:
        """Ask to open a game from save-file text."""
        self._load_text.emit(text)

    def replay(self, source: GameRecord | str) -> None:
        """Ask for the replay of a record or of save-file text (answered by replayReady or
        replayFailed)."""
        self._replay.emit(source)

    def set_autosave(self, folder: str | os.PathLike | None) -> None:
        """Autosave into `folder` after every change from the next request on (None: stop)."""
        self._set_autosave.emit(folder)

    def set_cache(self, folder: str | os.PathLike | None) -> None:
        """Keep the verified replay cache of long games in `folder` (None: none)."""
        self._set_cache.emit(folder)

    def remember(self) -> None:
        """Ask the worker to put the current game in the replay cache (after a save)."""
        self._remember.emit()

    def stop_autosave(self) -> None:
        """Stop autosaving and return only once the worker has stopped, so the caller may
        delete the autosave file without a late write bringing it back."""
        if self.thread.isRunning():
            self._set_autosave_now.emit(None)
        # A stopped thread runs no more requests, so nothing can write the file any more.

    def shutdown(self) -> None:
        """Stop the worker thread and wait for it (safe to call twice)."""
        if self.thread.isRunning():
            self.thread.quit()
            self.thread.wait()
