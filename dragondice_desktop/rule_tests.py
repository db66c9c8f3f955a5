"""The index of which tests check each rule, as shipped with the app
(``resources/rule_tests.json``, written by ``tests/rule_index.py`` from the tests' ``rule``
marks). The engine's coverage report (``engine.coverage``) takes it as its ``tests``
argument: the engine reads no files, so this module does.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=1)
def load_rule_tests() -> dict[str, tuple[str, ...]]:
    """Rule key ("sai:Stomp", "species:Feral: Stampede") -> the ids of the tests marked with
    it. Raises ValueError when the shipped index cannot be read (a broken installation)."""
    try:
        raw = resources.files("dragondice_desktop.resources").joinpath(
            "rule_tests.json").read_text(encoding="utf-8")
        rules = json.loads(raw)["rules"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"the index of rule tests shipped with the app cannot be read "
                         f"({exc}); reinstall the app") from exc
    return {str(key): tuple(str(t) for t in ids) for key, ids in rules.items()}
