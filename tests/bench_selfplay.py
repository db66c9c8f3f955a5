"""Speed of headless self-play (issue 6 §8): prints figures, it is not a test (pytest collects
only test_*.py files).

    .venv/bin/python tests/bench_selfplay.py [--games N] [--seed S] [--policy random|mixed]

For 2, 3 and 4 players with full forces, plays N seeded games (default 10) in one process
with the given policy (default mixed, see dragondice_desktop/selfplay.py) and prints games
per second, actions per second, the mean actions per game and how many games finished.
"""

from __future__ import annotations

import argparse

from dragondice_desktop.selfplay import POLICIES, play_games


def main() -> None:
    """Play the batches and print one line of figures per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=POLICIES, default="mixed")
    args = parser.parse_args()
    print(f"{args.games} games per row, {args.policy} policy, one process")
    print(f"{'players':>7} {'games/s':>8} {'actions/s':>10} {'actions/game':>13} "
          f"{'finished':>9} {'crashed':>8}")
    for players in (2, 3, 4):
        summary = play_games(players, args.games, args.seed, policy=args.policy)
        actions = sum(summary.actions)
        finished = summary.games - summary.unfinished - len(summary.crashes)
        print(f"{players:7d} {summary.games / summary.seconds:8.2f} "
              f"{actions / summary.seconds:10.0f} {actions / summary.games:13.1f} "
              f"{finished:9d} {len(summary.crashes):8d}")


if __name__ == "__main__":
    main()
