"""Many seeded games with random legal choices, summarised (issue 6 §8): a soak test of the
rules that anyone can run headless (`dragondice selfplay --players N --games G`).

No Qt. Each game g uses the record seed `seed + g` and a chooser `random.Random(seed + g)`
owned here (the engine itself never touches the global random), so a game depends only on
its seed, its player count and the policy; the seats' sample forces rotate with the seed, so
a batch plays all six sample forces. Wins are counted per force. Two policies:

- "random": uniform among the legal actions (never retreating). It explores every rule but
  wanders (it maneuvers terrains back and forth, passes on actions): with full forces about
  20 % of two-player and 45 % of four-player games are still going after MAX_ACTIONS;
- "mixed" (the default): at each decision, with probability AGGRESSION take the automatic
  player's choice (`policy.choose(state)`: march, attack, turn terrains toward their eighth
  face), else a uniform random legal action (retreats included, so armies move on). Still
  seeded, and random often enough to reach every rule, but games end (figures: the
  selfplay benchmark, tests/bench_selfplay.py).

Games can run in several processes (`jobs`); results are gathered in seed order, so the
summary is the same whatever the number of processes. An exception raised by the engine
ends its game only: it is recorded as a crash (seed, players, action number, exception) and
the batch goes on; `play_one(players, seed, policy)` replays that game alone.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from ..engine.core.actions import Action
from ..engine.core.options import CLASSIC, RULESETS, V401, checked
from ..engine.game import legal_actions, play
from ..engine.policy import choose
from ..engine.turn.setup import new_game
from ..engine.core.state import GameState
from ..matchup import table_setups

MAX_ACTIONS = 6000  # a game still running after this many actions counts as unfinished
POLICIES = ("random", "mixed")
AGGRESSION = 0.7  # mixed policy: probability of taking the automatic player's choice


@dataclass(frozen=True)
class Crash:
    """A game the engine failed on: replaying `players` players from `seed` with the same
    policy raises `error` (the exception's type and message) at action number `action`
    (counted from 1) while `doing` (the action's text, or listing the legal actions)."""

    seed: int
    players: int
    action: int
    doing: str
    error: str

    def line(self) -> str:
        """The crash as one printable line."""
        return (f"seed {self.seed}, {self.players} players, action {self.action} "
                f"({self.doing}): {self.error}")


@dataclass(frozen=True)
class GameResult:
    """What one game did: its seed, the number of actions played and turns reached, the
    winner's force name (None if unfinished or crashed), the "not resolved" messages it reported,
    and its crash if the engine raised."""

    seed: int
    actions: int
    turns: int
    winner: str | None
    unresolved: tuple[str, ...]
    crash: Crash | None = None


@dataclass
class Summary:
    """What a batch of games did: finished, unfinished and crashed counts, wins per force
    name, turns and actions per game, every distinct "not resolved" message with its count
    and the first seed that reported it, the crashes, and the wall time in seconds."""

    games: int = 0
    unfinished: int = 0
    wins: Counter = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    unresolved: Counter = field(default_factory=Counter)
    unresolved_seed: dict[str, int] = field(default_factory=dict)
    crashes: list[Crash] = field(default_factory=list)
    policy: str = "mixed"
    seconds: float = 0.0

    def add(self, result: GameResult) -> None:
        """Count one game's result in the summary."""
        self.games += 1
        self.actions.append(result.actions)
        self.turns.append(result.turns)
        if result.crash is not None:
            self.crashes.append(result.crash)
        elif result.winner is None:
            self.unfinished += 1
        else:
            self.wins[result.winner] += 1
        for text in result.unresolved:
            self.unresolved[text] += 1
            self.unresolved_seed.setdefault(text, result.seed)

    def lines(self) -> list[str]:
        """The summary as printable lines."""
        finished = self.games - self.unfinished - len(self.crashes)
        rate = self.games / self.seconds if self.seconds else 0.0
        out = [f"{self.games} games, {finished} finished, {self.unfinished} unfinished "
               f"after {MAX_ACTIONS} actions, {len(self.crashes)} crashed "
               f"({self.policy} policy)",
               "wins by force: " + ", ".join(f"{n} {c}" for n, c in sorted(self.wins.items())),
               f"turns per game: mean {_mean(self.turns):.1f}, most {max(self.turns, default=0)}",
               f"actions per game: mean {_mean(self.actions):.1f}, "
               f"most {max(self.actions, default=0)}",
               f"{rate:.2f} games per second ({self.seconds:.1f} s)",
               f"rules left unresolved: {sum(self.unresolved.values())} reports, "
               f"{len(self.unresolved)} distinct"]
        out += [f"  {count:6} × {text} (first: seed {self.unresolved_seed[text]})"
                for text, count in self.unresolved.most_common(10)]
        out += [f"crashes: {len(self.crashes)}"]
        out += ["  " + crash.line() for crash in self.crashes]
        return out


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def play_games(players: int, games: int, seed: int, policy: str = "mixed",
               jobs: int = 1, points: int | None = None, ruleset: str = V401) -> Summary:
    """Play `games` games of `players` (2-4) players, game g from seed `seed + g`, with
    `policy` ("random" or "mixed", see the module docstring) in `jobs` processes, with the
    sample forces as bundled or, given `points`, rebuilt at that force size, under `ruleset`
    (a key of RULESETS: a classic game plays the samples' 1996 versions). The summary
    is the same for any `jobs` (only its wall time differs). Raises ValueError for an
    unknown policy or ruleset."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if ruleset not in RULESETS:
        raise ValueError(f"ruleset must be one of {', '.join(RULESETS)}, not {ruleset!r}")
    summary = Summary(policy=policy)
    start = time.perf_counter()
    seeds = range(seed, seed + games)
    args = ([players] * games, seeds, [policy] * games, [MAX_ACTIONS] * games,
            [points] * games, [ruleset] * games)
    if jobs > 1 and games > 1:
        # Read the catalog and the sample forces here, once: where processes start as copies
        # of this one (fork), each worker then begins with them instead of reading its own.
        table_setups(players, rotation=seed, points=points, classic=ruleset == CLASSIC)
        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            results = list(pool.map(play_one, *args))
    else:
        results = list(map(play_one, *args))
    for result in results:
        summary.add(result)
    summary.seconds = time.perf_counter() - start
    return summary


def pick(state: GameState, chooser: random.Random, policy: str) -> Action:
    """The action `policy` takes in `state`, drawing its randomness from `chooser`. The
    mixed policy's random choices include retreats: without them armies never leave the
    terrains they hold, and two armies each holding a City can recruit forever."""
    if policy == "mixed":
        if chooser.random() < AGGRESSION:
            return choose(state)
        return chooser.choice(legal_actions(state))
    return choose(state, chooser)


def play_one(players: int, seed: int, policy: str = "mixed",
             max_actions: int = MAX_ACTIONS, points: int | None = None,
             ruleset: str = V401) -> GameResult:
    """Play one game of `players` players from `seed` with `policy`, for at most
    `max_actions` actions, with the sample forces at `points` points if given (else as
    bundled), under `ruleset` (V401 or CLASSIC). An exception raised by the engine ends the
    game and is returned as the result's crash, never raised."""
    chooser = random.Random(seed)
    state: GameState | None = None
    unresolved: list[str] = []
    count = 0
    doing = "setting up the game"
    crash = None
    try:
        classic = ruleset == CLASSIC
        setups = table_setups(players, rotation=seed, points=points, classic=classic)
        state = new_game(setups, seed, checked(ruleset=ruleset))
        while count < max_actions:
            doing = "listing the legal actions"
            if not legal_actions(state):
                break
            action = pick(state, chooser, policy)
            doing = action.to_text()
            state, events = play(state, action)
            count += 1
            unresolved += [event.text.split(": ", 1)[-1][:120] for event in events
                           if event.kind == "unresolved"]
    except Exception as exc:  # noqa: BLE001 — any engine failure is reported, not raised
        crash = Crash(seed, players, count + 1, doing, f"{type(exc).__name__}: {exc}")
    turns = state.turn_number if state is not None else 0
    winner = None
    if state is not None and state.winner is not None:
        winner = state.players[state.winner].force_name
    return GameResult(seed, count, turns, winner, tuple(unresolved), crash)
