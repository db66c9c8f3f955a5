"""The forms of the 1996 game's rolls (TSR digest §7, §18 rows 13-15), as the classic icons read
them: which roll of which melee form a roll is.

A roll of a classic game carries ``RollContext.ruleset == "classic"`` and, in melee,
``RollContext.melee_form`` ("skirmish" or "charge"): the icon records of the 1996 list read them
(seed 002 speaks of "a skirmish attack", "a charge attack", "the defender's roll during a
charge"). Those two fields belong to the icons' side (``rolls/model.py``); this module is the
one place the turn asks for them, so the turn works whether or not they exist yet
(``roll_fields`` checks).
"""

from __future__ import annotations

import importlib
from dataclasses import fields
from typing import Any

from ..core.options import CLASSIC
from ..rolls.model import RollContext

# The two forms of melee (TSR digest §7.1), declared before the attack rolls (OP-8).
SKIRMISH = "skirmish"
CHARGE = "charge"
MELEE_FORMS = (SKIRMISH, CHARGE)


def roll_fields(melee_form: str = "") -> dict[str, Any]:
    """The keyword arguments that mark a roll of a classic game for ``RollContext``: the
    ruleset, and `melee_form` ("skirmish", "charge" or "" outside melee) — only those fields
    RollContext has (an engine without the classic icon fields gets none). Raises ValueError
    for another form."""
    if melee_form and melee_form not in MELEE_FORMS:
        raise ValueError(f"a melee is a skirmish or a charge, not {melee_form!r}")
    known = {f.name for f in fields(RollContext)}
    wanted: dict[str, Any] = {"ruleset": CLASSIC}
    if melee_form:
        wanted["melee_form"] = melee_form
    return {key: value for key, value in wanted.items() if key in known}


def register_exchange_kind(kind: str, what: str) -> bool:
    """Tell the classic icons' registry (``engine/classic/effects.py register_runner``, the
    icons' side) that the turn applies effect kind `kind` at the level of the melee exchange
    (`what`, in player words): its effect task then only records that (the exchange itself
    reads the effect, as v4.01's Surprise and Counter are read). Returns False when that
    registry is not there (an engine without the classic icons), so nothing is registered."""
    try:
        icons = importlib.import_module(f"{__package__}.effects")
    except ImportError:
        return False
    register = getattr(icons, "register_runner", None)
    if register is None:
        return False

    def runner(state: Any, task: Any, events: list[Any]) -> tuple[Any, bool]:
        from ..core.events import Event
        from ..tasks.queue_ops import pop_head

        events.append(Event("sai", f"{task.effect.icon.value}: {what}", player=task.owner))
        return pop_head(state), False

    register(kind, runner)
    return True
