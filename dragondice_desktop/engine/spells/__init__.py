"""Spells (digest §5.3, §7): the spell book (``book.py``), paying for spells (``pool.py``),
targets (``targets.py``), casting — announcing, Dispel Magic, resolving — (``casting.py``), and
one module of handlers per element (``air.py``, ``death.py``, ``earth.py``, ``fire.py``,
``water.py``, ``elemental.py``) registered by name."""

from __future__ import annotations

from . import air, death, earth, elemental, fire, water  # noqa: F401 - they register spells
from .book import SPELLS, unavailable
from .casting import RULE_RUNNERS as CASTING_RUNNERS
from .casting import apply_cast, cantrip_tasks, legal_casts, magic_action_tasks
from .effects import RULE_RUNNERS as EFFECT_RUNNERS

RULE_RUNNERS = {**CASTING_RUNNERS, **EFFECT_RUNNERS}

__all__ = ["SPELLS", "RULE_RUNNERS", "unavailable", "apply_cast", "cantrip_tasks",
           "legal_casts", "magic_action_tasks"]
