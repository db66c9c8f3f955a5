"""Speed of headless self-play, measured on the cases the speed targets name: prints
figures, it is not a test (pytest collects only test_*.py files).

    .venv/bin/python tests/bench_selfplay.py [--games N] [--runs R] [--seed S]

Cases (mixed policy, the sample forces rebuilt at the named force size from their own dice):
- 2 players, 24-point forces, one process: games per CPU second (goal >= 15);
- the same with 2 processes (`--jobs 2`): games per wall-clock second (goal >= 30), since
  two processes only pay off in elapsed time; the CPU games/s of the two is printed beside it;
- the machine's own ceiling for two processes: a pure-Python loop (no engine) run in 2
  processes at once, its work per wall second and CPU per loop against one process;
- CPU milliseconds per action at 2 players / 24 points and at 4 players / 60 points, and
  their ratio (goal <= 1.5: the cost of an action must not grow with the dice on the table).

Each figure is the median of R runs (default 3) of N games (default 30: a soak plays many games,
and with a handful the two processes' start and the unequal game lengths decide the 2-process
figure; 6 games gave 22 games per wall s where 30 gave 36.6 on the same idle machine) from the same seeds, in
CPU time (`time.process_time` here, the children's `getrusage` for the 2-process case) because
the machine is shared. Lines read `figure: value (goal)`.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from dragondice_desktop.commands.selfplay import play_games


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_process(players: int, points: int, games: int, seed: int) -> tuple[float, int]:
    """(CPU seconds, actions played) for `games` games in this process."""
    start = time.process_time()
    summary = play_games(players, games, seed, points=points)
    return time.process_time() - start, sum(summary.actions)


def two_processes(points: int, games: int, seed: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the worker processes) for `games` two-player games
    played in 2 processes."""
    cpu = _children_cpu()
    start = time.perf_counter()
    play_games(2, games, seed, points=points, jobs=2)
    return time.perf_counter() - start, _children_cpu() - cpu


def _loop(count: int) -> float:
    """CPU seconds of a pure-Python loop of `count` steps (no engine, no memory traffic)."""
    start, total = time.process_time(), 0
    for i in range(count):
        total += i * i % 7
    return time.process_time() - start


def machine_pair(count: int = 3_000_000) -> tuple[float, float]:
    """What two processes give on this machine, with no engine in it: (the work of a
    pure-Python loop run in 2 processes at once per wall second, over the same loop's in
    one process; the CPU time a loop takes in the pair over alone). 2.0 and 1.0 on two free
    cores: less, and --jobs 2 cannot reach twice one process's games either."""
    start = time.perf_counter()
    alone = _loop(count)
    one_wall = time.perf_counter() - start
    with ProcessPoolExecutor(max_workers=2) as pool:
        pool.submit(int).result()  # both started before the clock
        pool.submit(int).result()
        start = time.perf_counter()
        both = list(pool.map(_loop, [count, count]))
        two_wall = time.perf_counter() - start
    return 2 * one_wall / two_wall, sum(both) / 2 / alone


def main() -> None:
    """Run every case R times and print one `figure: value (goal)` line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"median of {args.runs} runs of {args.games} games each, mixed policy, CPU time")

    small = [one_process(2, 24, args.games, args.seed) for _ in range(args.runs)]
    games_per_cpu_s = statistics.median(args.games / cpu for cpu, _ in small)
    ms_small = statistics.median(1000 * cpu / actions for cpu, actions in small)
    print(f"selfplay 2 players / 24 points, one process: {games_per_cpu_s:.2f} games per CPU s "
          "(goal >= 15)")

    pair = [two_processes(24, args.games, args.seed) for _ in range(args.runs)]
    print(f"selfplay 2 players / 24 points, --jobs 2: "
          f"{statistics.median(args.games / wall for wall, _ in pair):.2f} games per wall s "
          f"(goal >= 30); {statistics.median(args.games / cpu for _, cpu in pair):.2f} games "
          "per CPU s of the two workers")

    pairs = [machine_pair() for _ in range(args.runs)]
    print(f"the machine, a pure-Python loop in 2 processes at once: "
          f"{statistics.median(p for p, _ in pairs):.2f}x the work of one per wall s "
          f"(2.00 on two free cores), CPU per loop "
          f"{statistics.median(c for _, c in pairs):.2f}x alone (1.00): the ceiling of --jobs 2")

    large = [one_process(4, 60, args.games, args.seed) for _ in range(args.runs)]
    ms_large = statistics.median(1000 * cpu / actions for cpu, actions in large)
    print(f"cost per action, 2 players / 24 points: {ms_small:.3f} ms (lower is better)")
    print(f"cost per action, 4 players / 60 points: {ms_large:.3f} ms (lower is better)")
    print(f"cost per action, 4/60 over 2/24: {ms_large / ms_small:.2f}x (goal <= 1.5)")


if __name__ == "__main__":
    main()
