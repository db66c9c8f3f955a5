"""The bundled sample forces: ``sample_forces() -> list[Force]``.

Six forces of our own, each of a different species, shipped as
``dragondice_desktop.resources.forces`` (``resources/forces/*.json`` in the repository). Each is
legal at 36 points with every point used, and built so a first game starts even: every army
holds 12 health of mixed classes (no army of a lone 1-health unit, so the Horde roll-off and
the first attacks are fair), two dragons' worth of dragons, Dragonkin and four minor terrains.
Pure Python, no Qt.
"""

from __future__ import annotations

import functools
from importlib import resources
from importlib.abc import Traversable

from .io import load_force
from .model import Force

RESOURCE_PACKAGE = "dragondice_desktop.resources.forces"


def classic_sample_forces() -> list[Force]:
    """The sample forces made fit for the 1996 (classic) game (``classic.classic_version``:
    TSR terrains and single-colour dragons, no minor terrains, Dragonkin or items), named
    "... (1996)"; those whose units the 1996 game did not have (Treefolk) are left out."""
    return list(_classic_all())


@functools.cache
def _classic_all() -> tuple[Force, ...]:
    from dataclasses import replace

    from ..catalog.loader import load_catalog
    from .classic import ClassicSwitches, classic_version
    from .validate import errors, validate_force

    catalog = load_catalog()
    made = [replace(classic_version(f, catalog), name=f"{f.name} (1996)") for f in _load_all()]
    return tuple(f for f in made
                 if not errors(validate_force(f, catalog, classic=ClassicSwitches())))


def sample_forces() -> list[Force]:
    """Every bundled sample force, in file-name order. Raises ForceFileError if one is broken."""
    return list(_load_all())


@functools.cache
def _load_all() -> tuple[Force, ...]:
    files = sorted((f for f in _forces_dir().iterdir() if f.name.endswith(".json")),
                   key=lambda f: f.name)
    return tuple(load_force(f.read_text(encoding="utf-8")) for f in files)


def _forces_dir() -> Traversable:
    # pyproject maps the repository's resources/ folder into the package, so an installed
    # (or editable-installed) app finds the sample forces here.
    return resources.files(RESOURCE_PACKAGE)
