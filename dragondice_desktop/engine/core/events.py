"""Events: what happened when an action was applied, for the log, the window and tests.

`apply` returns the new state and a tuple of events. Events are facts about the change (a roll
and its breakdown, a die moving, a terrain turning, a phase starting, an effect the engine
cannot resolve yet); the state alone is the truth, events only describe the way there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    kind: "roll", "move", "terrain", "phase", "damage", "message", "sai" (an SAI effect
    applied: targets and what became of them), "effect" (a lasting effect starts or ends),
    "unresolved", "victory" or "face" (manual dice: the face a die showed, entered by hand or
    rolled by the app);
    text: one readable log line; player: whom it concerns (or None);
    roll: the RollResult for "roll" events (army and individual rolls), and for "sai" events
    the roll the effect came from, updated with what the effect did (``explain()`` shows it);
    die_id / zone: for "move" events.
    """

    kind: str
    text: str
    player: int | None = None
    roll: Any = None
    die_id: int | None = None
    zone: Any = None
