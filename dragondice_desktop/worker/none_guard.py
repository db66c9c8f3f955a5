"""A guard against a reference-count bug of PySide6 6.12 on CPython 3.11.

Each call of a C++ method that returns nothing hands back ``None`` without taking a new
reference to it, so every such call drops one reference to ``None``. From Python 3.12 on
``None`` is immortal and nothing happens; on 3.11 a session of a few thousand Qt calls frees
``None`` and the interpreter aborts with "none_dealloc: deallocating None". Measured with
PySide6 6.12.0 / CPython 3.11.7: 1000 calls of ``QPainter.setPen`` lower
``sys.getrefcount(None)`` by exactly 1000.

`keep_none_alive()` gives ``None`` a reference count so large that no session can use it up,
which is what 3.12 does by design. Remove this module once the bindings are fixed.
"""

from __future__ import annotations

import sys

# 2**40 dropped references would take years of continuous Qt calls.
_EXTRA_REFERENCES = 1 << 40
_applied = False


def keep_none_alive() -> bool:
    """Apply the guard once per process on CPython before 3.12; returns True if applied."""
    global _applied
    if _applied or sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    import ctypes

    # ob_refcnt is the first field of every object in a CPython release build.
    ctypes.c_ssize_t.from_address(id(None)).value += _EXTRA_REFERENCES
    _applied = True
    return True
