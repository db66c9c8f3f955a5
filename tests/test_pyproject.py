"""Every package of the source tree ships in the wheel: pyproject lists packages by hand
(resources/ is mapped into the package), so a new package must be added there too."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = set()
    for init in ROOT.glob("dragondice_desktop/**/__init__.py"):
        found.add(".".join(init.parent.relative_to(ROOT).parts))
    for init in ROOT.glob("resources/**/__init__.py"):
        found.add(".".join(("dragondice_desktop",) + init.parent.relative_to(ROOT).parts))
    assert found - listed == set(), "add these packages to pyproject.toml"
    assert listed - found == set(), "pyproject.toml lists packages that do not exist"
