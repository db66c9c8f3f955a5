"""One door for every force format: our JSON, the plain-text list and the OCTGN deck.

Pure Python, no Qt. ``export_force(force, fmt)`` writes any format and states the force's
problems in the file when it has any; ``import_force(data)`` reads any format (guessed from
the content, or given) and ``read_force_file(path)`` reads a file. Every failure is a
``ForceFileError`` with a message naming the file and the problem; a failed import returns
nothing and changes nothing.

Formats: "json" (``forces.io``, lossless and versioned), "text" (``forces.text_list``, for
forum posts), "o8d" (``forces.octgn``, the OCTGN deck). For each,
``import_force(export_force(f, fmt), fmt) == f``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from ..catalog.loader import Catalog, load_catalog
from .errors import MAX_FILE_BYTES, ForceFileError, check_name, read_bounded
from .io import dump_force, load_force
from .model import ARMY_NAMES, Force
from .octgn import deck_notes, export_octgn_deck, import_octgn_deck
from .text_list import export_text, import_text
from .validate import validate_force

FORMATS = ("json", "text", "o8d")
EXTENSIONS = {"json": ".json", "text": ".txt", "o8d": ".o8d"}


def export_force(force: Force, fmt: str, catalog: Catalog | None = None) -> str:
    """The force written in ``fmt`` ("json", "text" or "o8d"), problems included if any.

    Raises ValueError for an unknown format. A force whose dice are not all in the catalog
    (an empty key in a list, or a key from another catalog version) is written as JSON with
    the problem stated in its "problems" list; the text list and the OCTGN deck write dice
    by their catalog names, so for them it raises ForceFileError naming the unknown keys.
    """
    catalog = catalog or load_catalog()
    problems = validate_force(force, catalog)
    if fmt == "json":
        return dump_force(force, problems)
    unknown = unknown_keys(force, catalog)
    if fmt in ("text", "o8d") and unknown:
        shown = ", ".join(repr(k) for k in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise ForceFileError(f"force {force.name!r} cannot be written as {fmt}: its dice "
                             f"{shown}{more} are not in the catalog. Remove them in the force "
                             "builder, or export as json (which keeps them and states the "
                             "problem)")
    if fmt == "text":
        return export_text(force, catalog, problems)
    if fmt == "o8d":
        return export_octgn_deck(force, catalog, problems)
    raise ValueError(f"unknown force format {fmt!r}; the formats are {', '.join(FORMATS)}")


def unknown_keys(force: Force, catalog: Catalog) -> list[str]:
    """Die keys of ``force`` that name no catalog die (an empty key in a list included; an
    empty terrain means "not chosen" and is not listed), each once, in force order."""
    keys = [k for k in (force.home_terrain, force.frontier_terrain) if k]
    for army in ARMY_NAMES:
        keys += force.army(army)
    keys += [*force.dragons, *force.dragonkin, *force.minor_terrains]
    return list(dict.fromkeys(k for k in keys if k not in catalog.dice))


def detect_format(text: str, file_name: str = "") -> str:
    """The format of force ``text``: by its first character ("{" JSON, "<" OCTGN), else by
    the file extension, else "text"."""
    start = text.lstrip("\ufeff \t\r\n")[:1]
    if start == "{":
        return "json"
    if start == "<":
        return "o8d"
    suffix = Path(file_name).suffix.casefold()
    for fmt, extension in EXTENSIONS.items():
        if suffix == extension:
            return fmt
    return "text"


def import_force(data: str | bytes, fmt: str | None = None, *, name: str | None = None,
                 catalog: Catalog | None = None, where: str = "force text") -> Force:
    """Read a force from text or bytes in ``fmt`` (default: ``detect_format``).

    ``name`` renames the imported force (an OCTGN deck made by OCTGN has no name inside).
    Raises ForceFileError for bytes that are not UTF-8, data over the size limit, or
    anything the format's reader refuses.
    """
    catalog = catalog or load_catalog()
    if name is not None:
        check_name(name, f"{where}: the name given")
    if isinstance(data, bytes):
        if len(data) > MAX_FILE_BYTES:
            raise ForceFileError(f"{where} is {len(data)} bytes; a force file is at most "
                                 f"{MAX_FILE_BYTES}")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ForceFileError(f"{where} is not UTF-8 text (bad byte at offset "
                                 f"{exc.start})") from None
    if not data.strip():
        raise ForceFileError(f"{where} is empty")
    fmt = fmt or detect_format(data)
    if fmt == "json":
        text = data.lstrip("\ufeff")
        if not text.lstrip().startswith("{"):
            raise ForceFileError(f"{where} is not a JSON force: it does not start with '{{'")
        force = load_force(text, catalog, where=where)
    elif fmt == "text":
        force = import_text(data, catalog, where)
    elif fmt == "o8d":
        force = import_octgn_deck(data, name, catalog)
    else:
        raise ValueError(f"unknown force format {fmt!r}; the formats are {', '.join(FORMATS)}")
    if name is not None and force.name != name:
        force = replace(force, name=name)
    return force


def read_force_file(path: str | os.PathLike, fmt: str | None = None,
                    catalog: Catalog | None = None, *, name: str | None = None) -> Force:
    """Read a force file of any format. ``name`` renames the force; without it, an OCTGN
    deck without our notes is named after the file ("Amazon - Mages and Cavalry.o8d" ->
    "Amazon - Mages and Cavalry"), and a file name that makes no force name is refused
    saying so.

    Raises ForceFileError for a missing, unreadable, oversized or empty file, a folder or
    special file (a device or pipe is refused before it is opened), and for anything
    ``import_force`` refuses; the message names the file.
    """
    path = Path(path)
    where = f"force file '{path}'"
    try:
        data = read_bounded(path, MAX_FILE_BYTES, "a force file")
    except FileNotFoundError:
        raise ForceFileError(f"no force file at '{path}'") from None
    except IsADirectoryError:
        raise ForceFileError(f"'{path}' is a directory, not a force file") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        raise ForceFileError(f"cannot read {where}: "
                             f"{getattr(exc, 'strerror', None) or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ForceFileError(f"{where} is not UTF-8 text (bad byte at offset {exc.start})") \
            from None
    fmt = fmt or detect_format(text, path.name)
    try:
        if name is None and fmt == "o8d" and "name" not in deck_notes(text):
            name = path.stem
            try:
                check_name(name, "")
            except ForceFileError as exc:
                reason = str(exc).removeprefix(": ")
                raise ForceFileError(
                    f"{where}: the deck holds no force name, so the name is taken from the "
                    f"file name {shown_name(path.name)}, and {reason}. Rename the file, or "
                    "give a name (--name)") from None
        return import_force(text, fmt, name=name, catalog=catalog, where=where)
    except ForceFileError as exc:
        message = str(exc)
        if where not in message:
            message = f"{where}: {message}"
        raise ForceFileError(message) from None


def shown_name(file_name: str, limit: int = 60) -> str:
    """A file name quoted for a message, cut when long."""
    return repr(file_name) if len(file_name) <= limit else f"{file_name[:limit]!r}…"
