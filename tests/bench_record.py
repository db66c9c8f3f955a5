"""Speed of the game record's paths on a long game: prints figures, it is not a test.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/bench_record.py [--actions N] [--runs R]

On a seeded game of N actions (default 10,000: four players with the sample forces, random
legal choices so the game runs long, more games chained by seed until N actions are found):
- opening the game file the first time on this computer (no replay cache), as this app
  saves it (with its snapshot, ``worker/file_snapshot.py``): CPU time until the worker
  shows the game (goal <= 1 s), and until its replay has checked the snapshot; the same
  file without a snapshot (the replay before the game is shown); and again, from the
  verified replay cache this app keeps of games it saved or opened before (goal <= 1 s);
- undo right after opening, and undo while the game stays open (goal <= 50 ms each);
- the autosave's cost per action, at 1,000 and at N actions (goal: flat in the game's
  length): the median of 200 consecutive saves plus the share of the occasional rewrite
  of the whole record.
Figures are medians of R runs (default 5) in CPU time (`time.process_time`): the machine is
shared. Lines read `figure: value (goal)`.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
from dataclasses import replace

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import table_setups
from dragondice_desktop.worker.autosave import JOURNAL_MIN, Autosave, Follows
from dragondice_desktop.worker.engine_worker import EngineWorker
from dragondice_desktop.worker.file_snapshot import game_file_text


SAVES = 200  # consecutive autosaves timed at each length


def long_game(actions: int) -> GameRecord:
    """The first seeded 4-player random-choice game that lasts `actions` actions, cut there."""
    for seed in range(1000):
        chooser = random.Random(seed)
        record = GameRecord(table_setups(4, rotation=seed), seed)
        state = record.state()
        played = []
        while len(played) < actions:
            legal = legal_actions(state)
            if not legal:
                break
            action = chooser.choice(legal)
            state, _ = play(state, action)
            played.append(action)
        if len(played) == actions:
            return GameRecord(record.players, record.seed, tuple(played), record.options)
    raise RuntimeError(f"no game of {actions} actions in 1,000 seeds")


def cpu_ms(fn) -> float:
    start = time.process_time()
    fn()
    return 1000 * (time.process_time() - start)


def main() -> None:
    """Build the long game once, then time each path R times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    full = long_game(args.actions + SAVES)
    record = replace(full, actions=full.actions[:args.actions])
    text = record.to_json()
    print(f"a game of {len(record.actions)} actions, {len(text) // 1024} KiB as a file; "
          f"medians of {args.runs} runs, CPU time")

    # Opening as the app does: the worker parses the text and replays it, or finds the
    # game in its verified replay cache (written when the game was saved or first opened).
    # The first opening (no cache entry: the game is replayed) is timed R times too, each
    # with a cache folder of its own; the last folder's entry serves the openings after.
    replays, savings = [], []
    for _ in range(args.runs):
        cache = tempfile.mkdtemp(prefix="dragondice-bench-cache-")
        first = EngineWorker()
        first.set_cache(cache)
        replays.append(cpu_ms(lambda: first.load_text(text)))
        savings.append(cpu_ms(first.remember))
        if len(replays) < args.runs:
            shutil.rmtree(cache, ignore_errors=True)
    replay, saving = statistics.median(replays), statistics.median(savings)

    # The file as this app saves it: with the snapshot of the replayed game. Opened on a
    # computer that never saw it (no cache): shown from the snapshot, then replayed.
    saver = EngineWorker()
    saver.load_text(text)
    saved = game_file_text(saver._record, saver._state, saver._history)
    encode = statistics.median(
        cpu_ms(lambda: game_file_text(saver._record, saver._state, saver._history))
        for _ in range(args.runs))
    shown, checked, undo_shown = [], [], []
    for _ in range(args.runs):
        opener, marks = EngineWorker(), []
        opener.stateChanged.connect(lambda _snapshot: marks.append(time.process_time()))
        start = time.process_time()
        opener.load_text(saved)
        checked.append(1000 * (time.process_time() - start))
        shown.append(1000 * (marks[0] - start))
        assert len(marks) == 1 and opener._state == saver._state  # the replay agreed
        undo_shown.append(cpu_ms(opener.undo))
    print(f"open a {len(record.actions)}-action game the first time (no cache), as saved "
          f"with its snapshot: shown in {statistics.median(shown):.0f} ms (goal <= 1000 ms); "
          f"checked by the replay after {statistics.median(checked):.0f} ms; the snapshot "
          f"makes the file {len(saved) // 1024} KiB and takes {encode:.0f} ms to save")
    print(f"undo right after opening it so: {statistics.median(undo_shown):.1f} ms "
          "(goal <= 50 ms)")
    opens, undo_open, undo_kept = [], [], []
    for _ in range(args.runs):
        worker = EngineWorker()
        worker.set_cache(cache)
        opens.append(cpu_ms(lambda: worker.load_text(text)))
        undo_open.append(cpu_ms(worker.undo))
        undo_kept.append(cpu_ms(worker.undo))
    print(f"open a {len(record.actions)}-action game: {statistics.median(opens):.0f} ms "
          f"(goal <= 1000 ms), from this app's verified replay cache")
    print(f"open a {len(record.actions)}-action game file without a snapshot (no cache: replayed): "
          f"{replay:.0f} ms (goal <= 1000 ms); remembering it when saved: {saving:.0f} ms")
    print(f"undo right after opening: {statistics.median(undo_open):.1f} ms (goal <= 50 ms)")
    print(f"undo again: {statistics.median(undo_kept):.1f} ms (goal <= 50 ms)")
    shutil.rmtree(cache, ignore_errors=True)

    # The autosave as the worker uses it: one save per action, each record the previous one
    # with an action more. Most saves append to the journal; now and then the whole record
    # is written again (when the journal holds as many changes as the record has actions).
    for length in (1000, len(record.actions)):
        folder = tempfile.mkdtemp(prefix="dragondice-bench-")
        autosave = Autosave(folder)
        parts = [replace(full, actions=full.actions[:length + n]) for n in range(SAVES + 1)]
        rewrite = statistics.median(cpu_ms(lambda: Autosave(folder).save(parts[0]))
                                    for _ in range(args.runs))
        autosave.save(parts[0])
        # The worker tells each save how the record follows the one saved before.
        costs = [cpu_ms(lambda: autosave.save(part, Follows(before, len(before.actions))))
                 for before, part in zip(parts, parts[1:])]
        walls, before = [], parts[-1]
        for part in parts[:SAVES // 4]:           # wall time too: an fsync waits for the disk
            start = time.perf_counter()   # (first an undo back to parts[0], then actions)
            autosave.save(part, Follows(before, min(len(before.actions), len(part.actions))))
            walls.append(1000 * (time.perf_counter() - start))
            before = part
        each = statistics.median(costs)
        cycle = max(JOURNAL_MIN, length)
        amortized = each + rewrite / cycle
        print(f"autosave per action at {length} actions: {amortized:.3f} ms amortized "
              f"(goal: flat in the game's length); one save {each:.3f} ms, a rewrite of the "
              f"whole record every {cycle} saves {rewrite:.1f} ms; "
              f"wall {statistics.median(walls):.2f} ms a save")
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
