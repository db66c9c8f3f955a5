"""File dialogs remember their folders: ``folder(kind)`` is where the last file of that kind
(games, forces, collection CSV, odds exports) was opened or saved, ``remember(kind, path)``
notes a new one. Kept for the running session, and in the user's settings when the app
gives a settings store (``use_settings``), so the next start opens there too."""

from __future__ import annotations

from pathlib import Path

_KEY = "folders/{}"
_session: dict[str, str] = {}
_settings = None  # a SettingsStore, when the app set one


def use_settings(settings) -> None:
    """Keep the folders in `settings` (a SettingsStore) as well as for this session."""
    global _settings
    _settings = settings


def folder(kind: str, fallback: Path | None = None) -> str:
    """The folder the last `kind` file dialog used, else `fallback` (default: home)."""
    known = _session.get(kind)
    if known is None and _settings is not None:
        value = _settings.value(_KEY.format(kind))
        known = value if isinstance(value, str) else None
    if known and Path(known).is_dir():
        return known
    return str(fallback or Path.home())


def suggest(kind: str, file_name: str) -> str:
    """`file_name` in the remembered folder of `kind` (a save dialog's suggestion)."""
    return str(Path(folder(kind)) / file_name)


def remember(kind: str, path: str | Path) -> None:
    """Note the folder of `path` (a file just opened or saved) for the next `kind` dialog."""
    if not path:
        return
    where = str(Path(path).parent)
    _session[kind] = where
    if _settings is not None:
        _settings.set_value(_KEY.format(kind), where)
