"""The bug report bundle offered when the rules engine fails: one zip file holding what a
developer needs to replay the failure.

    game.ddgame      the game up to the failing action (opens in the app)
    failing-action   the action that made the engine fail, in its text form
    traceback.txt    the Python traceback
    game-log.txt     the game log as the window showed it
    report.json      versions (app, Python, Qt, OS), the error, the request, the time

No Qt widgets here: `write_bug_report` is called by the window after the player picks a
folder.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

from .. import __version__
from ..worker.crash import CrashReport


def bug_report_name(when: float | None = None) -> str:
    """The bundle's file name, e.g. "dragondice-bug-20250131-103200.zip"."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when or time.time()))
    return f"dragondice-bug-{stamp}.zip"


def write_bug_report(folder: str | os.PathLike, report: CrashReport,
                     log_lines: Sequence[str]) -> Path:
    """Write the bundle into `folder` (created if missing) and return its path. Raises
    OSError if it cannot be written. An existing bundle of the same name gets a number."""
    from PySide6 import __version__ as pyside_version

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / bug_report_name()
    number = 1
    while target.exists():
        number += 1
        target = folder / bug_report_name().replace(".zip", f"-{number}.zip")
    info = {
        "app": "Dragon Dice Desktop", "app_version": __version__,
        "python": sys.version.split()[0], "pyside6": pyside_version,
        "platform": platform.platform(), "time": time.strftime("%Y-%m-%d %H:%M:%S"),
        "request": report.request, "failed_action": report.action, "error": report.error,
        "actions_before": len(report.record.actions) if report.record else 0,
        "seed": report.record.seed if report.record else None,
    }
    temp = target.with_suffix(".zip.part")
    try:
        with zipfile.ZipFile(temp, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
            if report.record is not None:
                bundle.writestr("game.ddgame", report.record.to_json())
            bundle.writestr("failing-action", report.action + "\n")
            bundle.writestr("traceback.txt", report.details)
            bundle.writestr("game-log.txt", "\n".join(log_lines) + "\n")
            bundle.writestr("report.json", json.dumps(info, indent=1))
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return target
