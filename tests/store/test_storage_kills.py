"""Issue 16 with real processes and real files: a subprocess SIGKILLed during a backup, a
restore, a CSV import and an autosave leaves sound files holding the state before or after
the operation, and the next start works; a full disk (a small tmpfs, or a file-size limit)
gives messages, never a traceback, and loses nothing; byte flips of the database and of the
autosave never raise anything but the app's own errors and leave the previous state intact.
(The soak, tests/soak_storage.py, runs many random trials of the same kinds.)"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import storage_trials as trials

POSIX_KILL = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@POSIX_KILL
@pytest.mark.parametrize("path, delay", [("backup", 0.15), ("restore", 0.2), ("import", 0.25),
                                         ("autosave", 0.1)])
def test_a_kill_during_each_storage_operation_loses_nothing(tmp_path, path, delay):
    assert trials.kill_trial(path, tmp_path / "data", delay) == []


def test_the_trial_checks_can_fail(tmp_path):
    """The checks the kill tests and the soak rely on see a loss when there is one."""
    data = tmp_path / "data"
    trials.prepare("import", data)
    db = trials.db_path(data)
    conn = __import__("sqlite3").connect(db)
    conn.execute("UPDATE collection SET quantity = 5 WHERE die_key = 'Amazons/Seer'")
    conn.commit()
    conn.close()
    assert any("neither before nor after" in p for p in trials.check("import", data))
    for backup in __import__("dragondice_desktop.store.backups",
                             fromlist=["x"]).list_backups(db):
        backup.write_bytes(b"")
    assert any("no good backup" in p for p in trials.check("backup", data))
    auto = tmp_path / "auto"
    auto.mkdir()
    (auto / "autosave.ddgame").write_text("{ half", encoding="utf-8")
    assert trials.check("autosave", auto)


# --- byte flips ----------------------------------------------------------------------------------

def test_byte_flips_in_the_database_never_raise_and_keep_the_previous_state(tmp_path):
    rng = random.Random(16)
    base = tmp_path / "base"
    trials.prepare_fuzz_database(base)
    for number in range(30):
        data = tmp_path / f"d{number}"
        shutil.copytree(base, data)
        assert trials.fuzz_database(data, rng, flips=rng.choice((1, 2, 8, 64))) == []


def test_byte_flips_in_the_autosave_never_raise_and_keep_the_file(tmp_path):
    rng = random.Random(16)
    for number in range(30):
        data = tmp_path / f"a{number}"
        data.mkdir()
        assert trials.fuzz_autosave(data, rng, flips=rng.choice((1, 2, 8))) == []


# --- a full disk ---------------------------------------------------------------------------------

def _unshare_works() -> bool:
    if not shutil.which("unshare") or sys.platform != "linux":
        return False
    probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs "
                            "/tmp && true"], capture_output=True)
    return probe.returncode == 0


FULL_DISK_SCRIPT = textwrap.dedent('''
    import io, json, os, sys
    from contextlib import redirect_stderr, redirect_stdout
    sys.path.insert(0, sys.argv[2])
    import storage_trials as trials
    from dragondice_desktop.store.database import StoreError, open_database, close_database
    from dragondice_desktop.store import backups
    from dragondice_desktop.worker.engine_worker import EngineWorker
    from dragondice_desktop.matchup import demo_setups

    root = sys.argv[1]
    data = os.path.join(root, "data")
    trials.prepare("import", data)
    out = {}

    def fill():
        handle = open(os.path.join(root, "filler"), "ab", buffering=0)
        try:
            while True:
                handle.write(b"x" * 1024)
        except OSError as exc:
            out.setdefault("filled", str(exc))
        try:
            while True:
                handle.write(b"x")
        except OSError:
            pass
        handle.close()

    def cli(*argv):
        o, e = io.StringIO(), io.StringIO()
        with redirect_stdout(o), redirect_stderr(e):
            code = trials._cli(*argv, "--data-dir", data)
        return code, e.getvalue()

    csv = os.path.join(root, "big.csv")
    with open(csv, "w") as handle:
        handle.write(trials._csv(4).replace(",4\\n", ",4," + "x" * 450 + "\\n")
                     .replace("die_key,quantity", "die_key,quantity,notes"))
    fill()
    out["import"] = cli("collection", "import", csv, "--mode", "replace", "--yes")
    try:
        close_database(open_database(os.path.join(data, "dragondice.sqlite3")))
        out["open"] = "opened"
    except StoreError as exc:
        out["open"] = f"{type(exc).__name__}: {exc}"
    worker = EngineWorker()
    failed, restored = [], []
    worker.autosaveFailed.connect(failed.append)
    worker.autosaveRestored.connect(lambda: restored.append(1))
    worker.set_autosave(os.path.join(root, "auto"))
    os.makedirs(os.path.join(root, "auto"), exist_ok=True)
    worker.new_game(demo_setups(), 7)
    out["autosave_failed"] = failed[-1] if failed else ""
    os.unlink(os.path.join(root, "filler"))
    worker.autoplay(1)
    out["autosave_restored"] = bool(restored)
    out["after"] = cli("collection", "export", "-")
    out["check"] = trials.check("import", data)
    out["backups_good"] = [backups.check_integrity(b) for b in
                           backups.list_backups(os.path.join(data, "dragondice.sqlite3"))]
    print(json.dumps(out))
''')


@pytest.mark.skipif(not _unshare_works(), reason="needs unshare and tmpfs (Linux)")
def test_a_full_disk_gives_messages_and_loses_nothing(tmp_path):
    script = tmp_path / "full.py"
    script.write_text(FULL_DISK_SCRIPT, encoding="utf-8")
    mount = tmp_path / "mnt"
    mount.mkdir()
    here = str(Path(__file__).parent)
    result = subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=1200k tmpfs '{mount}' && "
         f"exec '{sys.executable}' '{script}' '{mount}' '{here}'"],
        capture_output=True, text=True, timeout=120,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert "No space left" in out["filled"]
    code, err = out["import"]
    assert code == 2 and "is full" in err and "Traceback" not in err
    assert out["open"] == "opened" or "DiskFullError" in out["open"]
    assert "disk I/O error" not in out["open"]
    assert "is full" in out["autosave_failed"]
    assert out["autosave_restored"]
    assert out["after"][0] == 0 and out["check"] == []      # still the collection before
    assert out["backups_good"] and set(out["backups_good"]) == {"ok"}


def _limited(limit: int):
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)     # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    return apply


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_a_file_size_limit_during_an_import_is_a_message_and_nothing_changes(tmp_path):
    data = tmp_path / "data"
    trials.prepare("import", data)
    db = trials.db_path(data)
    csv = tmp_path / "big.csv"
    csv.write_text(trials._csv(4).replace(",4\n", ",4," + "x" * 450 + "\n")
                   .replace("die_key,quantity", "die_key,quantity,notes"), encoding="utf-8")
    before = db.read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "dragondice_desktop", "collection", "import", str(csv),
         "--mode", "replace", "--yes", "--data-dir", str(data)],
        capture_output=True, text=True, timeout=120, preexec_fn=_limited(len(before) + 8192),
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "is full" in result.stderr
    assert "What was saved before is intact" in result.stderr
    assert trials.check("import", data) == []
