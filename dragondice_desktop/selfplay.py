"""Many seeded games with random legal choices, summarised (issue 6 §8): a soak test of the
rules that anyone can run headless (`dragondice selfplay --players N --games G`).

No Qt. Each game g uses the record seed `seed + g` and a chooser `random.Random(seed + g)`
owned here (the engine itself never touches the global random); the policy picks uniformly
among legal actions, never retreating, so games end.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .engine.game import legal_actions, play
from .engine.policy import choose
from .engine.state import GameState
from .matchup import table_setups

MAX_ACTIONS = 6000  # a game still running after this many actions counts as unfinished


@dataclass
class Summary:
    """What a batch of games did: finished and unfinished counts, wins per player name,
    turns and actions per game, every distinct "not resolved" message with its count, and
    the wall time in seconds."""

    games: int = 0
    unfinished: int = 0
    wins: Counter = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    unresolved: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        """The summary as printable lines."""
        finished = self.games - self.unfinished
        rate = self.games / self.seconds if self.seconds else 0.0
        out = [f"{self.games} games, {finished} finished, {self.unfinished} unfinished "
               f"after {MAX_ACTIONS} actions",
               "wins: " + ", ".join(f"{n} {c}" for n, c in sorted(self.wins.items())),
               f"turns per game: mean {_mean(self.turns):.1f}, most {max(self.turns, default=0)}",
               f"actions per game: mean {_mean(self.actions):.1f}, "
               f"most {max(self.actions, default=0)}",
               f"{rate:.2f} games per second ({self.seconds:.1f} s)",
               f"rules left unresolved: {sum(self.unresolved.values())} reports, "
               f"{len(self.unresolved)} distinct"]
        out += [f"  {count:6} × {text}" for text, count in self.unresolved.most_common(10)]
        return out


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def play_games(players: int, games: int, seed: int) -> Summary:
    """Play `games` games of `players` (2-4) players with random legal choices."""
    summary = Summary()
    start = time.perf_counter()
    for game in range(games):
        state, count = _play_one(players, seed + game, summary.unresolved)
        summary.games += 1
        summary.actions.append(count)
        summary.turns.append(state.turn_number)
        if state.winner is None:
            summary.unfinished += 1
        else:
            summary.wins[state.players[state.winner].name] += 1
    summary.seconds = time.perf_counter() - start
    return summary


def _play_one(players: int, seed: int, unresolved: Counter) -> tuple[GameState, int]:
    from .engine.setup import new_game

    state = new_game(table_setups(players), seed)
    chooser = random.Random(seed)
    count = 0
    while count < MAX_ACTIONS and legal_actions(state):
        state, events = play(state, choose(state, chooser))
        count += 1
        for event in events:
            if event.kind == "unresolved":
                unresolved[event.text.split(": ", 1)[-1][:120]] += 1
    return state, count
