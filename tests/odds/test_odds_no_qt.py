"""The odds package is pure Python + numpy (architecture guide): it imports with PySide6 and
pyqtgraph made unimportable."""

import subprocess
import sys

SCRIPT = """
import importlib, pkgutil, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "pyqtgraph"):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
import dragondice_desktop.odds as odds
for info in pkgutil.walk_packages(odds.__path__, "dragondice_desktop.odds."):
    importlib.import_module(info.name)
import dragondice_desktop.odds_cli
print("ok")
"""


def test_odds_imports_without_qt():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
