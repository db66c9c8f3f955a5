# Replaces PyInstaller's stock hook for PySide6.QtGui (user hooks take priority over built-in
# ones): collect the same things, minus the Qt plugins a desktop Dragon Dice never loads.
# Dropping them here, before PyInstaller scans binaries for their shared-library dependencies,
# also keeps out what only they link: the GTK 3 stack (libqgtk3), QtNetwork and Kerberos (vnc,
# tuiotouch), the eglfs libraries. Qt falls back to its own look (or the xdg-desktop-portal
# theme) without the GTK theme plugin. Windows and macOS builds get the stock plugin set.
import sys
from pathlib import PurePath

from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)

KEEP = {
    # windowing: X11, Wayland, and offscreen/minimal for headless screenshots and tests
    "platforms": {"libqxcb.so", "libqwayland.so", "libqoffscreen.so", "libqminimal.so"},
    # formats the app or Qt's own dialogs may read; PNG is built into QtGui
    "imageformats": {"libqsvg.so", "libqjpeg.so", "libqgif.so", "libqico.so"},
    # the GTK 3 theme plugin is left out (it would pull in GTK, cairo and pango)
    "platformthemes": {"libqxdgdesktopportal.so"},
    # only used by the embedded platforms (eglfs, linuxfb) or by QtNetwork (tuio)
    "egldeviceintegrations": set(),
    "generic": set(),
}


def _wanted(src: str, dest: str) -> bool:
    kind = PurePath(dest).name
    return kind not in KEEP or PurePath(src).name in KEEP[kind]


if sys.platform.startswith("linux"):  # the names above are Linux plugin files
    binaries = [(src, dest) for src, dest in binaries if _wanted(src, dest)]
