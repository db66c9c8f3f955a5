"""The desktop app: windows, board scene, dice painting, dialogs."""

from ..worker.none_guard import keep_none_alive

# Before any Qt call: see worker/none_guard.py (a PySide6 6.12 bug on CPython 3.11).
keep_none_alive()
