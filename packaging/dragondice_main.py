"""Entry script of the PyInstaller bundle: the same as the `dragondice` command
(`dragondice_desktop.commands.main:main`, see pyproject.toml [project.scripts]).

With DRAGONDICE_BUNDLE_SELFTEST=1 in the environment it checks the bundle instead, for
packaging/check_bundle.sh: it imports every module of the app (so lazily imported ones such
as the pyqtgraph collection window are proven present), opens each resource folder through
importlib.resources as the app does, makes a pyqtgraph plot offscreen, prints one summary
line and exits 0, or prints what is missing and exits 1.
"""

import os
import sys


def selftest() -> int:
    import importlib
    import pkgutil
    from importlib import resources

    import dragondice_desktop

    problems: list[str] = []
    modules = []
    for info in pkgutil.walk_packages(dragondice_desktop.__path__, "dragondice_desktop."):
        if info.name.endswith(".__main__"):  # importing it would run the command
            continue
        try:
            importlib.import_module(info.name)
            modules.append(info.name)
        except Exception as exc:  # noqa: BLE001 (report every failure, not just the first)
            problems.append(f"import {info.name}: {type(exc).__name__}: {exc}")

    # (package, pattern, at least this many files) as the app reads them
    wanted = [("dragondice_desktop.catalog.data", ".json", 1),
              ("dragondice_desktop.resources.icons", ".svg", 100),
              ("dragondice_desktop.resources.forces", ".json", 1),
              ("dragondice_desktop.resources", ".md", 1),
              ("dragondice_desktop.resources", ".svg", 1)]
    files = 0
    for package, suffix, least in wanted:
        try:
            found = [p for p in resources.files(package).iterdir() if p.name.endswith(suffix)]
        except Exception as exc:  # noqa: BLE001
            problems.append(f"resources {package}: {type(exc).__name__}: {exc}")
            continue
        files += len(found)
        if len(found) < least:
            problems.append(f"resources {package}: {len(found)} *{suffix} files, want {least}+")

    try:
        from dragondice_desktop.catalog.loader import load_catalog
        dice = len(load_catalog())
    except Exception as exc:  # noqa: BLE001
        problems.append(f"catalog: {type(exc).__name__}: {exc}")
        dice = 0

    try:
        import pyqtgraph as pg
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication(sys.argv[:1])
        plot = pg.PlotWidget()
        plot.plot([1, 2, 3], [3, 1, 2])
        plot.resize(200, 150)
        if plot.grab().isNull():
            problems.append("pyqtgraph: the plot rendered nothing")
        plot.close()
        app.processEvents()
    except Exception as exc:  # noqa: BLE001
        problems.append(f"pyqtgraph: {type(exc).__name__}: {exc}")

    for line in problems:
        print("bundle selftest:", line, file=sys.stderr)
    print(f"bundle selftest: {len(modules)} modules imported, {files} resource files, "
          f"{dice} dice in the catalog, a pyqtgraph plot: "
          f"{'ok' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    if os.environ.get("DRAGONDICE_BUNDLE_SELFTEST") == "1":
        sys.exit(selftest())
    from dragondice_desktop.commands.main import main

    sys.exit(main())
