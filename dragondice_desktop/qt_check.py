"""Before Qt starts: can its platform plugin load? If not, say which system libraries to install.

When Qt cannot load its platform plugin it aborts with a message that names the plugin (and,
on a minimal Linux, often a library that is in fact present) and a core dump. This module
looks first: it finds the plugin Qt will use (``QT_QPA_PLATFORM``, else the platform's
default), lists the shared libraries the plugin needs that the system cannot find (``ldd``,
or the dynamic loader's own error when ``ldd`` is missing), and words a message naming them
and the ``apt-get install`` line that brings them.

Pure Python: it imports no PySide6 module (the check must run before Qt can abort), so it
sits beside the CLI rather than in ``ui/``.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# Shared libraries the Qt platform plugins and QtGui need, and the Debian/Ubuntu package of
# each. A library not listed is still named in the message (by its file name).
DEBIAN_PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_LOADER_ERROR = re.compile(r"(\S+\.so(?:\.\d+)*): cannot open shared object file")

# Reads a shared object's missing libraries; returns None when it cannot tell.
MissingReader = Callable[[Path], "list[str] | None"]


def default_platform(env: Mapping[str, str], system: str = sys.platform) -> list[str]:
    """The platform plugin names Qt will try, in order: ``QT_QPA_PLATFORM`` (a ``;`` list),
    else on Linux "wayland" then "xcb" in a Wayland session and "xcb" otherwise; other
    systems use plugins this check does not look at (empty list)."""
    chosen = env.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return [name.split(":", 1)[0].strip() for name in chosen.split(";") if name.strip()]
    if not system.startswith("linux"):
        return []
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return ["wayland", "xcb"]
    return ["xcb"]


def plugins_dir() -> Path | None:
    """The folder of Qt's platform plugins inside the installed PySide6, or None when
    PySide6 is not installed. Imports nothing from PySide6."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "Qt" / "plugins" / "platforms"
        if folder.is_dir():
            return folder
    return None


def read_missing_with_ldd(library: Path) -> list[str] | None:
    """The libraries ``ldd`` reports "not found" for ``library`` (all of them, the
    libraries' own needs included), or None when ``ldd`` is not there or fails."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return None
    try:
        done = subprocess.run([ldd, str(library)], capture_output=True, text=True, timeout=20,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return list(dict.fromkeys(_NOT_FOUND.findall(done.stdout)))


def read_missing_with_loader(library: Path) -> list[str] | None:
    """Load ``library`` with the dynamic loader: [] when it loads, the one missing library
    the loader names when it does not, None when the failure is of another kind."""
    try:
        ctypes.CDLL(str(library))
    except OSError as exc:
        found = _LOADER_ERROR.findall(str(exc))
        return found[:1] or None
    return []


def _first_answer(library: Path, readers: tuple[MissingReader, ...]) -> list[str] | None:
    for reader in readers:
        answer = reader(library)
        if answer is not None:
            return answer
    return None


def platform_problem(env: Mapping[str, str] | None = None, folder: Path | None = None,
                     readers: tuple[MissingReader, ...] = (read_missing_with_ldd,
                                                           read_missing_with_loader),
                     system: str = sys.platform) -> str | None:
    """None when one of the platform plugins Qt will try can load; otherwise a message for
    the player naming what is missing (the plugin, or its system libraries and the
    ``apt-get install`` line that brings them).

    env: the environment (default ``os.environ``); folder: Qt's platform plugin folder
    (default: the installed PySide6's, ``plugins_dir()``); readers: how the missing libraries
    of a plugin are read, first answer wins (ldd, then the dynamic loader).
    """
    env = os.environ if env is None else env
    names = default_platform(env, system)
    if not names:
        return None
    folder = plugins_dir() if folder is None else folder
    if folder is None:
        return None  # no PySide6 here: importing it will say so clearly
    missing_by_plugin: dict[str, list[str]] = {}
    for name in names:
        plugin = folder / f"libq{name}.so"
        if not plugin.is_file():
            missing_by_plugin[name] = []
            continue
        missing = _first_answer(plugin, readers)
        if not missing:
            return None  # loads, or we cannot tell: let Qt try
        missing_by_plugin[name] = missing
    return _message(names, missing_by_plugin, folder)


def _message(names: list[str], missing_by_plugin: dict[str, list[str]], folder: Path) -> str:
    libraries = list(dict.fromkeys(lib for libs in missing_by_plugin.values() for lib in libs))
    if not libraries:
        present = sorted(p.name[4:-3] for p in folder.glob("libq*.so"))
        wanted = ", ".join(f"'{n}'" for n in names)
        return (f"Dragon Dice Desktop cannot start: Qt has no display plugin called {wanted}.\n"
                f"Set QT_QPA_PLATFORM to one of: {', '.join(present)} "
                "(xcb for an X11 desktop, wayland for Wayland, offscreen for no window).")
    packages = list(dict.fromkeys(DEBIAN_PACKAGES.get(lib, "") for lib in libraries))
    unknown = [lib for lib in libraries if lib not in DEBIAN_PACKAGES]
    lines = [
        "Dragon Dice Desktop cannot open its window: Qt's display plugin "
        f"({' or '.join(names)}) needs system libraries that are not installed:",
        "    " + ", ".join(libraries),
    ]
    known = [p for p in packages if p]
    if known:
        lines += ["On Debian or Ubuntu, install them with:",
                  "    sudo apt-get install " + " ".join(known)]
    if unknown:
        lines.append("Install the package that provides " + ", ".join(unknown)
                     + " with your system's package manager.")
    lines.append("(To run without a window, set QT_QPA_PLATFORM=offscreen.)")
    return "\n".join(lines)


def import_problem(exc: ImportError) -> str:
    """A message for the player when importing Qt itself failed (``exc``): the missing
    system library it names and the ``apt-get install`` line, or Qt's own words."""
    found = _LOADER_ERROR.findall(str(exc))
    if not found:
        return f"Dragon Dice Desktop cannot load Qt: {exc}"
    lines = ["Dragon Dice Desktop cannot load Qt: a system library is not installed:",
             "    " + ", ".join(found)]
    known = [DEBIAN_PACKAGES[lib] for lib in found if lib in DEBIAN_PACKAGES]
    if known:
        lines += ["On Debian or Ubuntu, install it with:",
                  "    sudo apt-get install " + " ".join(known)]
    return "\n".join(lines)
