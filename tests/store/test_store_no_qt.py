"""The architecture guide's layering: store/, forces/ and store_cli import no Qt at all."""

import subprocess
import sys

SCRIPT = """
import importlib, pkgutil, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "pyqtgraph"):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
for package in ("dragondice_desktop.store", "dragondice_desktop.forces"):
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
importlib.import_module("dragondice_desktop.store_cli")
print("ok")
"""


def test_store_forces_and_store_cli_import_without_qt():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
