"""The ``dragondice arena`` command (issue 13): seeded games between two computer levels.

    dragondice arena --a normal --b easy --games 20 --seed 1 [--players 2] [--jobs 2]
                     [--first G]

prints one line per game on standard error as it finishes (its number, who won, A's wins
so far), so a run stopped part-way still tells its count, and ends with the line
``A wins W of N (P%, 95% CI L-H)`` (see ``ai.arena``).
"""

from __future__ import annotations

import argparse
import sys

LEVEL_NAMES = ("random", "easy", "normal", "hard")


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``arena`` to the command's subparsers."""
    from .main import _count as _whole  # the command's one check of whole-number options

    arena = subparsers.add_parser(
        "arena", help="play seeded games between two computer levels and print who wins")
    arena.add_argument("--a", required=True, choices=LEVEL_NAMES, help="level A")
    arena.add_argument("--b", required=True, choices=LEVEL_NAMES, help="level B")
    arena.add_argument("--games", type=_whole(1, 100000), default=20,
                       help="games to play (default 20)")
    arena.add_argument("--seed", type=_whole(0, 2 ** 62), default=0,
                       help="game g plays from seed + g (default 0)")
    arena.add_argument("--players", type=_whole(2, 4), default=2,
                       help="2 to 4 players; the levels alternate seats (default 2)")
    arena.add_argument("--jobs", type=_whole(1, 256), default=1,
                       help="processes to play in (same result whatever the number)")
    arena.add_argument("--first", type=_whole(0, 100000), default=0,
                       help="start at game G, to finish a stopped run (default 0)")


def run(args: argparse.Namespace) -> int | None:
    """Run ``arena`` if it is the command given; None for any other command."""
    if args.command != "arena":
        return None
    from ..ai.arena import run_arena

    tally = {"wins": 0, "left out": 0}

    def progress(done: int, total: int, game) -> None:
        tally["wins"] += game.a_won
        tally["left out"] += bool(game.error)
        if game.error:
            outcome = f"left out: the engine failed ({game.error})"
        elif game.winner is None:
            outcome = f"unfinished after {game.actions} actions"
        else:
            outcome = f"{'A' if game.a_won else 'B'} won (seat {game.winner})"
        print(f"game {game.game} ({done}/{total}): {outcome}; A has won {tally['wins']} of "
              f"{done - tally['left out']}", file=sys.stderr, flush=True)

    if args.first >= args.games:
        print(f"dragondice arena: --first {args.first} must be below --games {args.games}",
              file=sys.stderr)
        return 2
    result = run_arena(args.a, args.b, args.games, args.seed, args.players, args.jobs,
                       progress=progress, first=args.first)
    for line in result.lines():
        print(line)
    return 0
