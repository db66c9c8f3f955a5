"""What the worker reports when the engine itself fails (a bug, not an illegal move).

Pure Python (no Qt). The worker keeps the game as it was before the failing action and
emits a `CrashReport`; the window says so and offers to save a bug report bundle built from
it (`ui/bug_report.py`).
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass

from ..engine.core.record import GameRecord


@dataclass(frozen=True)
class CrashReport:
    """An engine failure.

    request: what was being done, e.g. "playing 'march t1'" or "replaying the game file".
    action:  the action text that failed ("" when it was not one action).
    error:   "RuntimeError: boom" (exception type and message).
    details: the full traceback text.
    record:  the game as it stands now: the state before the failing action (None when
             there is no game yet).
    """

    request: str
    action: str
    error: str
    details: str
    record: GameRecord | None

    @classmethod
    def from_exception(cls, exc: BaseException, request: str, action: str,
                       record: GameRecord | None) -> "CrashReport":
        """Build a report for `exc` (called inside the `except` block)."""
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return cls(request, action, f"{type(exc).__name__}: {exc}", details, record)
