"""The layering of the architecture guide: nothing below ui/ imports QtWidgets or QtGui,
worker/ uses QtCore only, and catalog, engine, forces, store, odds and the headless command
modules import no Qt at all (odds may use numpy, store sqlite-utils)."""

import subprocess
import sys

# Blocks the named modules, then imports every module of the given packages.
SCRIPT = """
import importlib, pkgutil, sys
blocked = {blocked!r}
class Block:
    def find_spec(self, name, path=None, target=None):
        if any(name == b or name.startswith(b + ".") for b in blocked):
            raise ImportError("blocked by the layering test: " + name)
sys.meta_path.insert(0, Block())
import dragondice_desktop
for package in {packages!r}:
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(getattr(module, "__path__", []), package + "."):
        importlib.import_module(info.name)
print("ok")
"""


def run(packages, blocked):
    code = SCRIPT.format(packages=packages, blocked=blocked)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_pure_layers_import_without_pyside6():
    result = run(["dragondice_desktop.catalog", "dragondice_desktop.engine",
                  "dragondice_desktop.forces", "dragondice_desktop.store",
                  "dragondice_desktop.odds", "dragondice_desktop.matchup",
                  "dragondice_desktop.commands.store", "dragondice_desktop.commands.odds",
                  "dragondice_desktop.commands.rules", "dragondice_desktop.commands.main",
                  "dragondice_desktop.commands.selfplay"], ["PySide6", "pyqtgraph"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_worker_uses_qtcore_only():
    result = run(["dragondice_desktop.worker"], ["PySide6.QtWidgets", "PySide6.QtGui"])
    assert result.returncode == 0, result.stderr
