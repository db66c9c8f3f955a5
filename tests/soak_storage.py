"""Storage soak (issue 16): random SIGKILLs of real subprocesses during a backup, a restore,
a CSV import and an autosave, and byte-flip fuzzing of the database and the autosave. A
script, not a test (it takes minutes):

    python tests/soak_storage.py --trials 50 [--seed S] [--keep DIR]

Every trial prints one line when it finds something; the last line is
``storage soak: T trials, L lost, B tracebacks`` (T = trials run, L = trials that lost data
or left the store unusable, B = trials where the app's code raised an unexpected exception).
Exit code 0 when L and B are both 0.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).with_name("store")))

import storage_trials as trials  # noqa: E402

KILL_WINDOW_S = 0.6   # kills land anywhere in the first this-many seconds of operations


def main(argv: list[str] | None = None) -> int:
    """Run the soak; returns 0 when nothing was lost and nothing raised."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10, help="trials per path (default 10)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    parser.add_argument("--keep", help="keep the data folder of every failing trial here")
    args = parser.parse_args(argv)
    if args.trials < 1:
        parser.error("--trials must be at least 1")
    seed = args.seed if args.seed is not None else random.randrange(10 ** 6)
    rng = random.Random(seed)
    print(f"storage soak: seed {seed}, {args.trials} trials per path", flush=True)
    os.environ.setdefault("DRAGONDICE_DATA_DIR", tempfile.mkdtemp(prefix="dd-soak-env-"))
    total = lost = tracebacks = 0
    started = time.process_time(), time.monotonic()
    jobs = [(f"kill {path}", path) for path in trials.PATHS] + [
        ("fuzz database", "fuzz-db"), ("fuzz autosave", "fuzz-autosave")]
    for label, job in jobs:
        job_lost = job_tb = 0
        for number in range(args.trials):
            folder = Path(tempfile.mkdtemp(prefix="dd-soak-"))
            try:
                found = _one(job, folder / "data", rng)
            except Exception:  # noqa: BLE001 — counted and shown, the soak goes on
                found = None
                tracebacks += 1
                job_tb += 1
                print(f"{label} #{number}: TRACEBACK\n{traceback.format_exc()}", flush=True)
            if found:
                lost += 1
                job_lost += 1
                print(f"{label} #{number}: LOST: {'; '.join(found)}", flush=True)
            if (found or found is None) and args.keep:
                shutil.copytree(folder, Path(args.keep) / f"{job}-{number}", dirs_exist_ok=True)
            shutil.rmtree(folder, ignore_errors=True)
            total += 1
        print(f"  {label}: {args.trials} trials, {job_lost} lost, {job_tb} tracebacks",
              flush=True)
    cpu, wall = time.process_time() - started[0], time.monotonic() - started[1]
    print(f"  ({cpu:.1f} s CPU in this process, {wall:.1f} s wall)")
    print(f"storage soak: {total} trials, {lost} lost, {tracebacks} tracebacks")
    return 0 if lost == tracebacks == 0 else 1


def _one(job: str, data_dir: Path, rng: random.Random) -> list[str]:
    if job == "fuzz-db":
        trials.prepare_fuzz_database(data_dir)
        return trials.fuzz_database(data_dir, rng, flips=rng.choice((1, 1, 2, 8, 64)))
    if job == "fuzz-autosave":
        data_dir.mkdir(parents=True)
        return trials.fuzz_autosave(data_dir, rng, flips=rng.choice((1, 1, 2, 8)))
    return trials.kill_trial(job, data_dir, rng.uniform(0.0, KILL_WINDOW_S))


if __name__ == "__main__":
    sys.exit(main())
