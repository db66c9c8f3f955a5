"""Decision times of the computer levels (issue 13): prints figures, it is not a test
(pytest collects only test_*.py files).

    .venv/bin/python tests/bench_ai.py [--positions N] [--levels easy,normal,hard]

For 2- and 4-player games, collects N positions (default 30) with a real decision (more than
one legal action) from seeded games of the simple player, then times each level's decision
on every one of them in CPU time (time.process_time, so other programs on the machine do
not count) and prints the median, the 95th percentile and the slowest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dragondice_desktop.ai import decide
from dragondice_desktop.engine.game import apply, legal_actions
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.matchup import table_setups


def collect(players: int, count: int, seed: int = 0) -> list:
    """`count` positions with more than one legal action, spread over seeded games (every
    seventh real decision is kept)."""
    found, game = [], 0
    while len(found) < count:
        chooser = random.Random(seed + game)
        state = new_game(table_setups(players, rotation=game), seed + game)
        real = 0
        for _ in range(1500):
            actions = legal_actions(state)
            if not actions or len(found) >= count:
                break
            if len(actions) > 1:
                real += 1
                if real % 7 == 0:
                    found.append(state)
            action = choose(state) if chooser.random() < 0.7 else chooser.choice(actions)
            state, _ = apply(state, action)
        game += 1
    return found


def main() -> None:
    """Time the levels and print one line per (players, level)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args()
    print(f"CPU time per decision, {args.positions} positions per row")
    print(f"{'players':>7} {'level':>7} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for players in (2, 4):
        states = collect(players, args.positions)
        for level in args.levels.split(","):
            times = []
            for state in states:
                start = time.process_time()
                decide(state, level, seed=1)
                times.append(1000 * (time.process_time() - start))
            times.sort()
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            print(f"{players:>7} {level:>7} {statistics.median(times):>10.1f} {p95:>8.1f} "
                  f"{times[-1]:>8.1f}")


if __name__ == "__main__":
    main()
