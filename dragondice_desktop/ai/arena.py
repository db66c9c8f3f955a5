"""The arena (issue 13): seeded games between two computer levels, summed up in one line,
``A wins W of N (P%, 95% CI L-H)``. No Qt; run with ``dragondice arena``.

Game g plays from record seed `seed + g` with the sample forces rotated by g (so a batch
seats every sample force). Seats alternate: in even games level A sits at the even seats
(0, 2) and B at the odd ones, in odd games the other way round, so each level plays first
as often. Each seat's player has its own seed (`seed + g`, plus the seat), so a game
depends only on (levels, players, seed + g). A game still running after MAX_ACTIONS is
counted as a game A did not win (and reported as unfinished). A game the engine fails in
(an error raised while a move is played) is recorded with its error and left out of the
count (the summary names it), so one engine fault does not lose the rest of a long run;
`first` starts the run at game `first` (to finish a run that was stopped, game numbers and
seeds unchanged). Games can run in several
processes (`jobs`); results are gathered in game order, so the line is the same for any
`jobs`.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..engine.game import apply, legal_actions
from ..engine.turn.setup import new_game
from ..matchup import table_setups
from .players import Level, decide

MAX_ACTIONS = 3000  # a game still running after this many actions is unfinished
Z95 = 1.959963984540054


@dataclass(frozen=True)
class ArenaGame:
    """One arena game: its number `game`, the seats level A held, the winner's seat (None:
    unfinished), whether A won, the actions played, and the engine's error when the game
    failed (it is then left out of the count)."""

    game: int
    a_seats: tuple[int, ...]
    winner: int | None
    a_won: bool
    actions: int
    error: str = ""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default z), as fractions."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class ArenaResult:
    """A finished arena: levels `a` and `b`, player count, the games, wall seconds."""

    a: Level
    b: Level
    players: int
    games: tuple[ArenaGame, ...]
    seconds: float = 0.0

    @property
    def counted(self) -> tuple[ArenaGame, ...]:
        """The games that count: every game but those the engine failed in."""
        return tuple(g for g in self.games if not g.error)

    @property
    def failed(self) -> tuple[ArenaGame, ...]:
        """The games the engine failed in (left out of the count)."""
        return tuple(g for g in self.games if g.error)

    @property
    def wins(self) -> int:
        """Games level A won."""
        return sum(g.a_won for g in self.counted)

    @property
    def unfinished(self) -> int:
        """Games nobody won within MAX_ACTIONS actions."""
        return sum(g.winner is None for g in self.counted)

    def line(self) -> str:
        """``A wins W of N (P%, 95% CI L-H)``, A named by its level (the interval in
        percent, Wilson score), N the games counted."""
        n, w = len(self.counted), self.wins
        low, high = wilson(w, n)
        pct = 100 * w / n if n else 0.0
        return (f"{self.a.title} wins {w} of {n} ({pct:.0f}%, 95% CI "
                f"{100 * low:.0f}-{100 * high:.0f})")

    def lines(self) -> list[str]:
        """The summary: the details, the games the engine failed in (if any), then the
        result line last."""
        first = min((g.game for g in self.games), default=0)
        span = f" (games {first}-{max(g.game for g in self.games)})" if first else ""
        out = [f"{self.a.title} (A) against {self.b.title} (B): "
               f"{len(self.games)} games{span} of {self.players} players, "
               f"{self.unfinished} unfinished after {MAX_ACTIONS} actions, "
               f"{self.seconds:.0f} s wall time"]
        out += [f"game {g.game} left out: the engine failed after {g.actions} actions "
                f"({g.error})" for g in self.failed]
        return out + [self.line()]


def a_seats(game: int, players: int) -> tuple[int, ...]:
    """The seats level A holds in game `game` (module docstring)."""
    return tuple(s for s in range(players) if (s + game) % 2 == 0)


def play_arena_game(a: str, b: str, players: int, seed: int, game: int,
                    max_actions: int = MAX_ACTIONS) -> ArenaGame:
    """Play arena game `game` (record seed `seed + game`) between levels `a` and `b`. An
    error raised while a move is chosen or played ends the game with that error recorded
    (``ArenaGame.error``: the error's type and message)."""
    game_seed = seed + game
    state = new_game(table_setups(players, rotation=game), game_seed)
    seats_a = a_seats(game, players)
    levels = [Level(a) if s in seats_a else Level(b) for s in range(players)]
    count = 0
    try:
        while count < max_actions and legal_actions(state):
            player = state.pending.player
            decision = decide(state, levels[player], game_seed * 10 + player)
            state, _ = apply(state, decision.action)
            count += 1
    except Exception as error:  # an engine fault: recorded, the run goes on
        return ArenaGame(game, seats_a, None, False, count,
                         f"{type(error).__name__}: {error}")
    winner = state.winner
    return ArenaGame(game, seats_a, winner, winner is not None and winner in seats_a, count)


def run_arena(a: Level | str, b: Level | str, games: int, seed: int, players: int = 2,
              jobs: int = 1, progress=None, first: int = 0) -> ArenaResult:
    """Play `games` arena games between `a` and `b` (module docstring) in `jobs`
    processes, from game `first` on (games `first` to `games` - 1); `progress(done, total,
    game)` is called after each game (in game order, `game` the ArenaGame just gathered)
    when given. Raises ValueError for an unknown level, fewer than one game to play or a
    player count outside 2-4."""
    a, b = Level(a), Level(b)
    if games - first < 1 or first < 0:
        raise ValueError(f"an arena plays at least one game (games {first} to {games - 1})")
    if not 2 <= players <= 4:
        raise ValueError(f"2 to 4 players, not {players}")
    start = time.perf_counter()
    count = games - first
    args = ([a.value] * count, [b.value] * count, [players] * count, [seed] * count,
            list(range(first, games)))
    results: list[ArenaGame] = []
    if jobs > 1 and count > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, count)) as pool:
            for result in pool.map(play_arena_game, *args):
                results.append(result)
                if progress:
                    progress(len(results), count, result)
    else:
        for one in zip(*args):
            results.append(play_arena_game(*one))
            if progress:
                progress(len(results), count, results[-1])
    return ArenaResult(a, b, players, tuple(results), time.perf_counter() - start)
