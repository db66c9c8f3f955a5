"""Where each species ability and eighth-face power is applied: a registry the rules code
fills itself, read by ``engine.coverage`` (``dragondice rules-coverage``, the Rules coverage
page) so that no list of abilities or powers is typed a second time.

The function that applies an eighth-face power registers it where it is defined:

    @eighth_face_power(Icon.CITY, "recruit a small unit or promote one unit ...")
    def _city(state, task, events): ...

Species abilities register here through the species registry (``species/registry.py``:
each ability one entry on its hook, in its species' file), which calls
``register(kind, name, says, holder)``.
``holder`` is the code object that holds the rule; ``home_file(home)`` is its source file,
found with ``inspect`` (so the coverage report's file column is never typed by hand).

``HOMES`` fills as the engine's modules are imported; ``engine.game`` imports every one.
Re-registering the same (kind, name) raises ValueError (one rule, one place).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ...catalog.model import Icon, Species

SPECIES, EIGHTH_FACE = "species", "eighth_face"

T = TypeVar("T")


@dataclass(frozen=True)
class RuleHome:
    """One rule and the code that applies it: `kind` (SPECIES or EIGHTH_FACE), `name`
    ("Feral: Feralization", "City"), `says` (what the engine does, in players' words, with the
    developers' reference to the rules text in brackets), `holder` (a function, class or
    module), `since` (the rules revision that applies it, ``options.RULES_REVISIONS``)."""

    kind: str
    name: str
    says: str
    holder: Any
    since: int = 1


HOMES: dict[tuple[str, str], RuleHome] = {}


def register(kind: str, name: str, says: str, holder: Any, since: int = 1) -> RuleHome:
    """Record that `holder` applies rule (`kind`, `name`). Raises ValueError if that rule
    already has a home."""
    if (kind, name) in HOMES:
        raise ValueError(f"{kind} rule {name!r} is registered twice: in "
                         f"{home_file(HOMES[kind, name])} and {code_file(holder)}")
    home = RuleHome(kind, name, says, holder, since)
    HOMES[kind, name] = home
    return home


def species_name(species: Species, ability: str) -> str:
    """A species ability's row name: "Feral: Feralization"."""
    return f"{species.value}: {ability}"


def eighth_face_power(icon: Icon, says: str) -> Callable[[T], T]:
    """Decorator: the function applies the eighth-face power of `icon` (digest §8, seed 003)."""
    def decorate(holder: T) -> T:
        register(EIGHTH_FACE, icon.value, says, holder)
        return holder
    return decorate


def code_file(holder: Any) -> str:
    """The source file of a function, class, module or instance (its class's), relative to
    the package's parent folder ("dragondice_desktop/engine/species/phase.py"); "?" when it
    has none."""
    try:
        path = inspect.getsourcefile(inspect.unwrap(holder))
    except TypeError:  # an instance: its class's file
        path = inspect.getsourcefile(type(holder))
    path = (path or "?").replace("\\", "/")
    marker = "/dragondice_desktop/"
    return path[path.rindex(marker) + 1:] if marker in path else path


def home_file(home: RuleHome) -> str:
    """The source file of the code that applies the rule (``code_file``)."""
    return code_file(home.holder)


def homes(kind: str) -> list[RuleHome]:
    """The registered rules of `kind`, by name."""
    return sorted((h for h in HOMES.values() if h.kind == kind), key=lambda h: h.name)
