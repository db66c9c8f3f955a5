"""Where the database file lives: ``--data-dir``, else $DRAGONDICE_DATA_DIR, else the
platform's user data directory (platformdirs). No Qt."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "dragondice-desktop"
ENV_VAR = "DRAGONDICE_DATA_DIR"
DATABASE_FILE = "dragondice.sqlite3"


def data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """The data directory: ``explicit`` (the ``--data-dir`` option) if given, else the
    ``DRAGONDICE_DATA_DIR`` environment variable if set and not blank, else
    ``platformdirs.user_data_dir("dragondice-desktop")`` (e.g. ~/.local/share/... on Linux).
    The directory is not created here."""
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def database_path(explicit_dir: str | os.PathLike | None = None) -> Path:
    """The database file inside ``data_dir(explicit_dir)``."""
    return data_dir(explicit_dir) / DATABASE_FILE
