"""The QThread bridge that runs the engine off the GUI thread (QtCore only)."""

from .none_guard import keep_none_alive

# Before any Qt call: see none_guard (a PySide6 6.12 bug on CPython 3.11).
keep_none_alive()
