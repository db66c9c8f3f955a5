"""The bundled sample forces: ``sample_forces() -> list[Force]``.

Six real forces from the OCTGN Dragon Dice module, converted to our format at development
time (``forces.io.write_sample_forces``) and shipped as ``dragondice_desktop.resources.forces``
(``resources/forces/*.json`` in the repository). Each is legal at its stored force size.
Pure Python, no Qt.
"""

from __future__ import annotations

import functools
from importlib import resources
from importlib.abc import Traversable

from .io import load_force
from .model import Force

RESOURCE_PACKAGE = "dragondice_desktop.resources.forces"


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
