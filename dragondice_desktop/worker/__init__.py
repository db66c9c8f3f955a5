"""The QThread bridge that runs the engine off the GUI thread (QtCore only)."""
