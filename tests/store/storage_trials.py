"""Kill, fill and damage trials of the store and the autosave (issue 16), shared by
test_storage_kills.py (a few quick ones) and tests/soak_storage.py (many random ones).

Run as a script it is the driver a trial kills:

    python storage_trials.py PATH DATA_DIR      # PATH: backup, restore, import, autosave

It repeats one storage operation on DATA_DIR for ever, printing "go" before the first and a
count after each, until it is SIGKILLed. `prepare(path, data_dir)` sets DATA_DIR up first and
`check(path, data_dir)` afterwards says what a kill lost: a list of sentences, [] when the
files are sound, hold the state before or after an operation, and the app's next start
works. `fuzz_database` / `fuzz_autosave` flip bytes of a file and check that opening it
never raises anything but the store's own errors and that the previous state is intact.
"""

from __future__ import annotations

import argparse
import functools
import io
import os
import random
import signal
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

PATHS = ("backup", "restore", "import", "autosave")
DICE = ("Amazons/Seer", "Amazons/Oracle", "Amazons/Runner", "Amazons/Javelineer",
        "Amazons/Soldier", "Amazons/Charioteer")
INITIAL, FIRST, SECOND = 9, 2, 5          # quantities: before any restore, backup A, backup B
IMPORT_A, IMPORT_B = 3, 7
NOTES = "n" * 3000                        # makes each copy big enough to be killed inside
GAME_ACTIONS = 25
SEED = 7


def db_path(data_dir: Path) -> Path:
    from dragondice_desktop.store.paths import DATABASE_FILE

    return Path(data_dir) / DATABASE_FILE


def _fill(db, quantity: int, filler_rows: int = 60) -> None:
    """Every die in DICE at `quantity`, plus filler rows (same quantity) to give the file
    some size."""
    rows = [{"die_key": key, "quantity": quantity, "printing": "", "condition": "",
             "notes": NOTES} for key in DICE]
    rows += [{"die_key": f"Filler/{n}", "quantity": quantity, "printing": "", "condition": "",
              "notes": NOTES} for n in range(filler_rows)]
    with db.atomic():
        db["collection"].insert_all(rows, replace=True)


@functools.lru_cache(maxsize=1)
def _game_records():
    from dragondice_desktop.engine.game import play
    from dragondice_desktop.engine.policy import choose
    from dragondice_desktop.engine.core.record import GameRecord
    from dragondice_desktop.matchup import demo_setups

    record = GameRecord(demo_setups(), SEED)
    state, records = record.state(), [record]
    for _ in range(GAME_ACTIONS):
        action = choose(state)
        state, _events = play(state, action)
        record = record.with_action(action)
        records.append(record)
    return records


# --- set-up ----------------------------------------------------------------------------------

def prepare(path: str, data_dir: Path) -> None:
    """Set `data_dir` up for a kill trial of `path`."""
    from dragondice_desktop.store import backups
    from dragondice_desktop.store.database import close_database, open_database

    data_dir = Path(data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    if path == "autosave":
        return
    db = open_database(db_path(data_dir))
    if path == "restore":
        _fill(db, FIRST)
        backups.make_backup(db_path(data_dir), "first", conn=db.conn)
        _fill(db, SECOND)
        backups.make_backup(db_path(data_dir), "second", conn=db.conn)
        _fill(db, INITIAL)
    else:
        _fill(db, IMPORT_A if path == "import" else INITIAL)
        backups.make_backup(db_path(data_dir), "first", conn=db.conn)
    close_database(db)


# --- the driver --------------------------------------------------------------------------------

def drive(path: str, data_dir: Path) -> None:
    """Repeat the operation of `path` until killed."""
    from dragondice_desktop.store import backups
    from dragondice_desktop.store.database import close_database, open_database

    data_dir = Path(data_dir)
    target = db_path(data_dir)
    if path == "autosave":
        from dragondice_desktop.worker.autosave import Autosave

        records, autosave = _game_records(), Autosave(data_dir)
        print("go", flush=True)
        count = 0
        while True:
            for record in records:
                autosave.save(record)
                count += 1
                print(count, flush=True)
    if path == "import":
        from dragondice_desktop.catalog.loader import load_catalog
        from dragondice_desktop.store.collection_csv import apply_import, preview_import

        catalog = load_catalog()
        texts = [_csv(IMPORT_B).encode(), _csv(IMPORT_A).encode()]
    elif path == "restore":
        pair = sorted(backups.list_backups(target))   # oldest first: FIRST, SECOND
    print("go", flush=True)
    count = 0
    while True:
        if path == "backup":
            db = open_database(target)
            db["collection"].update("Amazons/Seer", {"quantity": count % 50})
            backups.make_backup(target, "loop", conn=db.conn)
            close_database(db)
        elif path == "restore":
            backups.restore_backup(target, pair[count % 2])
            close_database(open_database(target))
        elif path == "import":
            db = open_database(target)
            preview = preview_import(db, texts[count % 2], "replace", catalog)
            apply_import(db, preview, confirmed=True)
            close_database(db)
        count += 1
        print(count, flush=True)


def _csv(quantity: int) -> str:
    from dragondice_desktop.catalog.loader import load_catalog

    catalog = load_catalog()
    keys = [k for k in DICE if k in catalog.dice]
    keys += [k for k in sorted(catalog.dice) if k not in keys][:60]
    return "die_key,quantity\n" + "".join(f"{k},{quantity}\n" for k in keys)


# --- checks ------------------------------------------------------------------------------------

def check(path: str, data_dir: Path) -> list[str]:
    """What a kill during `path` lost ([] when nothing): see the module docstring. Raises
    whatever unexpected exception the app itself would raise (a traceback)."""
    data_dir = Path(data_dir)
    if path == "autosave":
        return _check_autosave(data_dir)
    from dragondice_desktop.store import backups
    from dragondice_desktop.store.collection import all_entries
    from dragondice_desktop.store.database import (
        StoreError, close_database, newest_sound_backup, open_database,
    )

    target = db_path(data_dir)
    lost = []
    for backup in backups.list_backups(target):
        verdict = backups.check_integrity(backup)
        if verdict != "ok":
            lost.append(f"the listed backup {backup.name} is not good: {verdict}")
    if newest_sound_backup(target) is None:
        lost.append("no good backup is left")
    try:
        db = open_database(target)          # the app's next start: finishes a restore
    except StoreError as exc:
        return lost + [f"the database does not open after the kill: {exc}"]
    try:
        quantities = {k: e.quantity for k, e in all_entries(db).items()}
    finally:
        close_database(db)
    values = {quantities.get(k) for k in DICE}
    allowed = {"restore": {INITIAL, FIRST, SECOND}, "import": {IMPORT_A, IMPORT_B}}
    if path in allowed:
        if len(values) != 1 or not values <= allowed[path]:
            lost.append(f"the collection is neither before nor after: {sorted(values, key=str)}")
    elif None in values:
        lost.append("dice went missing from the collection")
    if path == "restore" and list(data_dir.glob(".*restore*")):
        lost.append("a restore was left unfinished after the next open")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = _cli("collection", "export", "-", "--data-dir", str(data_dir))
    if code != 0:
        lost.append(f"collection export failed after the kill: {err.getvalue().strip()}")
    return lost


def _cli(*argv: str) -> int:
    from dragondice_desktop.commands import store as store_cli

    parser = argparse.ArgumentParser(prog="dragondice")
    store_cli.add_commands(parser.add_subparsers(dest="command"))
    return store_cli.run(parser.parse_args(list(argv)))


def _check_autosave(data_dir: Path) -> list[str]:
    from dragondice_desktop.engine.core.record import GameFileError, GameRecord
    from dragondice_desktop.worker.autosave import Autosave

    autosave = Autosave(data_dir)
    autosave.remove_leftovers()             # what the app's start does first
    if list(data_dir.glob(".autosave.ddgame.*.tmp")):
        return ["temporary autosave files were left after the start"]
    if not autosave.exists():
        return []                           # killed before the first write finished
    try:
        summary = autosave.summary()
        record = GameRecord.from_json(autosave.read_text())   # replays it
    except (OSError, GameFileError) as exc:
        return [f"the autosave left by the kill cannot be resumed: {exc}"]
    expected = _game_records()[len(record.actions)]
    if record != expected or summary.actions != len(record.actions):
        return ["the autosave holds a game the driver never played"]
    return []


# --- a kill trial ------------------------------------------------------------------------------

def kill_trial(path: str, data_dir: Path, delay_s: float, timeout_s: float = 60) -> list[str]:
    """Prepare `data_dir`, start the driver, SIGKILL it `delay_s` seconds after it starts
    its operations, and return `check`'s findings."""
    prepare(path, data_dir)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    child = subprocess.Popen([sys.executable, __file__, path, str(data_dir)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=env)
    try:
        deadline = time.monotonic() + timeout_s
        while True:
            line = child.stdout.readline()
            if not line:
                raise RuntimeError(f"the {path} driver stopped early: {child.stderr.read()}")
            if line.strip() == "go":
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"the {path} driver is too slow")
        time.sleep(delay_s)
        if child.poll() is not None:
            raise RuntimeError(f"the {path} driver ended: {child.stderr.read()}")
        child.send_signal(signal.SIGKILL)
        child.wait(timeout_s)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
    return check(path, data_dir)


# --- byte-flip fuzzing -------------------------------------------------------------------------

def flip(path: Path, rng: random.Random, flips: int = 1) -> None:
    """Flip one random bit in each of `flips` random bytes of the file."""
    data = bytearray(path.read_bytes())
    for _ in range(flips):
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))


def prepare_fuzz_database(data_dir: Path) -> None:
    """A small store (a collection with text and a saved force) and a good backup of it."""
    from dragondice_desktop.forces.samples import sample_forces
    from dragondice_desktop.store import backups
    from dragondice_desktop.store.database import close_database, open_database
    from dragondice_desktop.store.forces import save_force

    db = open_database(db_path(data_dir))
    with db.atomic():
        db["collection"].insert_all(
            [{"die_key": key, "quantity": n + 1, "printing": "SFR", "condition": "Good",
              "notes": f"Fine notes about {key}"} for n, key in enumerate(DICE)], replace=True)
    save_force(db, sample_forces()[0])
    backups.make_backup(db_path(data_dir), "fuzz", conn=db.conn)
    close_database(db)


def fuzz_database(data_dir: Path, rng: random.Random, flips: int = 1) -> list[str]:
    """Flip bytes of the database prepared by `prepare_fuzz_database` and open it as the app
    and the CLI do. Returns what was lost: the damaged file changed by a failed open, or the
    backup no longer restoring the previous state. An exception other than the store's own
    propagates (a traceback)."""
    from dragondice_desktop.store import backups
    from dragondice_desktop.store.collection import all_entries
    from dragondice_desktop.store.database import (
        StoreError, close_database, newest_sound_backup, open_database,
    )
    from dragondice_desktop.store.forces import list_forces, load_force

    target = db_path(data_dir)
    before = _read_state(newest_sound_backup(target))
    flip(target, rng, flips)
    damaged = target.read_bytes()
    lost = []
    for read_only in (True, False):
        try:
            db = open_database(target, read_only=read_only)
        except StoreError:
            if target.read_bytes() != damaged:
                lost.append("a failed open changed the damaged file")
            continue
        try:                                 # what the collection window and builder read
            all_entries(db)
            for summary in list_forces(db):
                load_force(db, summary.name)
        finally:
            close_database(db) if not read_only else db.close()
        for line in ("collection", "export", "-"), ("force", "list"):
            out, err = io.StringIO(), io.StringIO()
            with redirect_stdout(out), redirect_stderr(err):
                if _cli(*line, "--data-dir", str(data_dir)) != 0:
                    lost.append(f"{' '.join(line)} failed on a database that opens: "
                                f"{err.getvalue().strip()}")
    backup = newest_sound_backup(target)
    if backup is None:
        return lost + ["the good backup was lost"]
    backups.restore_backup(target, backup)
    if _read_state(target) != before:
        lost.append("restoring the backup did not give the previous state")
    return lost


def _read_state(path: Path):
    import sqlite3

    conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
    try:
        return (conn.execute("SELECT * FROM collection ORDER BY die_key").fetchall(),
                conn.execute("SELECT name, points FROM forces ORDER BY name").fetchall())
    finally:
        conn.close()


def fuzz_autosave(data_dir: Path, rng: random.Random, flips: int = 1) -> list[str]:
    """Write a good autosave, flip bytes of it and take the app's start path (the resume
    offer's reading, then the worker's replay when it reads). Returns what was lost: a
    damaged autosave that was deleted instead of kept aside. An exception other than
    OSError/GameFileError propagates (a traceback)."""
    from dragondice_desktop.engine.core.record import GameFileError, GameRecord
    from dragondice_desktop.worker.autosave import DAMAGED_PREFIX, Autosave, NewerAutosaveError

    records = _game_records()
    autosave = Autosave(data_dir)
    autosave.save(records[rng.randrange(1, len(records))])
    flip(autosave.path, rng, flips)
    damaged = autosave.path.read_bytes()
    autosave.remove_leftovers()
    try:
        autosave.summary()
        GameRecord.from_json(autosave.read_text())    # the worker's load on "Resume"
    except NewerAutosaveError:
        return [] if autosave.path.read_bytes() == damaged else ["a newer autosave changed"]
    except (OSError, GameFileError):
        moved = autosave.set_aside_damaged()
        if moved is None or moved.read_bytes() != damaged:
            return ["the damaged autosave was not kept"]
        moved.unlink()
        return []
    autosave.clear()
    assert not list(Path(data_dir).glob(DAMAGED_PREFIX + "*"))
    return []


def main() -> int:
    """The driver's entry point (see the module docstring)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parser = argparse.ArgumentParser()
    parser.add_argument("path", choices=PATHS)
    parser.add_argument("data_dir")
    args = parser.parse_args()
    drive(args.path, Path(args.data_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
