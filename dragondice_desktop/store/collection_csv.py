"""The collection as CSV: export, and import in two steps, preview then apply.

No Qt. Columns: ``die_key, name, species, kind, quantity, printing, condition, notes``. On
import, a row finds its die by ``die_key`` if that column holds a catalog key, else by the
name (a key or a unique printed name, in ``die_key`` or ``name``; a name several dice share
is an error listing them); ``quantity`` is a whole number from 0 to 9999 written with the
digits 0-9 (a blank cell means 0, a row too short to have the cell is an error); columns
other than quantity and die_key/name may be missing from the header.

Spreadsheet safety: on export a cell starting with ``= + - @``, a tab or a carriage return
is prefixed with a single quote (so a spreadsheet shows it as text instead of running it as
a formula); on import that quote is removed again, so export then import gives back the same
text. Control characters are removed from imported text.

``preview_import(db, text, mode, catalog)`` reads everything and writes nothing. It returns
an ``ImportPreview``: the changes the import would make, every bad row (errors: the import
cannot go on) and every unknown die name with the closest catalog names (the import goes on
only when the user confirms; those rows are then skipped). ``apply_import`` writes it in one
transaction after backing the file up. Two modes:

- ``"add"``: quantities in the file are added to those owned; non-blank text replaces;
- ``"replace"``: the collection becomes exactly the file (dice not in it are removed), so
  importing the same file twice gives the same database. A replace import that would remove
  every die owned while keeping or adding none (a file whose rows are all unknown, blank or
  bad) is refused unless ``allow_empty`` is given (``--allow-empty``); the preview says so.

Rows naming the same die twice are added together in both modes.
"""

from __future__ import annotations

import csv
import io
import sqlite3
import unicodedata
from dataclasses import dataclass, field, replace

from sqlite_utils import Database

from ..catalog.loader import Catalog
from ..forces.errors import parse_whole_number, shown
from ..forces.validate import closest_keys
from .collection import (
    MAX_QUANTITY, TEXT_FIELDS, CollectionEntry, CollectionError, all_entries, check_entry,
    write_entries,
)
from .database import backup_now, checkpoint, write_error

COLUMNS = ("die_key", "name", "species", "kind", "quantity", "printing", "condition", "notes")
MODES = ("add", "replace")
MAX_CSV_BYTES = 5_000_000
MAX_ROWS = 20_000


# A cell starting with one of these is a formula to a spreadsheet (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class CsvImportError(ValueError):
    """The CSV cannot be imported as it is; nothing was written."""


def _needs_quote(text: str) -> bool:
    return text.startswith(FORMULA_STARTS) or (text.startswith("'") and _needs_quote(text[1:]))


def guard_cell(text: str) -> str:
    """A cell as written on export: prefixed with a single quote when a spreadsheet would
    read it as a formula (see the module docstring); ``unguard_cell`` undoes it exactly."""
    return "'" + text if _needs_quote(text) else text


def unguard_cell(text: str) -> str:
    """A cell as read on import: the quote ``guard_cell`` added is removed."""
    return text[1:] if text.startswith("'") and _needs_quote(text[1:]) else text


def clean_text(text: str, keep_newlines: bool = False) -> str:
    """``text`` without control characters, invisible direction overrides and line
    separators (tabs become spaces; newlines stay only when ``keep_newlines``)."""
    out = []
    for char in text:
        category = unicodedata.category(char)
        if char == "\n" and keep_newlines:
            out.append(char)
        elif char in "\t\r\n" or category in ("Zl", "Zp"):
            out.append(" ")
        elif category in ("Cc", "Cs") or (category == "Cf" and char not in "\u200c\u200d"):
            continue
        else:
            out.append(char)
    return "".join(out)


def export_csv(db: Database, catalog: Catalog, *, every_die: bool = False) -> str:
    """The collection as CSV text (header row first, rows in key order).

    ``every_die`` writes a row for every catalog die (quantity 0 for those not owned), a
    checklist to fill in; otherwise only recorded dice. Keys not in the catalog (from an
    older catalog) are written too, with empty name columns, so nothing is lost.
    """
    entries = all_entries(db)
    keys = sorted(set(entries) | (set(catalog.dice) if every_die else set()))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for key in keys:
        entry = entries.get(key, CollectionEntry(key))
        die = catalog.dice.get(key)
        writer.writerow([guard_cell(str(cell)) for cell in (
            key, die.name if die else "", die.species.value if die and die.species else "",
            die.kind.value if die else "", entry.quantity, entry.printing, entry.condition,
            entry.notes)])
    return out.getvalue()


@dataclass(frozen=True)
class UnknownDie:
    """A CSV row whose die is not in the catalog: line number, the text, closest keys."""

    line: int
    text: str
    closest: tuple[str, ...]

    def __str__(self) -> str:
        hint = f"; closest: {', '.join(self.closest)}" if self.closest else ""
        return f"line {self.line}: no die {self.text!r} in the catalog{hint}"


@dataclass(frozen=True)
class Change:
    """What an import does to one die: ``before`` and ``after`` (None = no row)."""

    die_key: str
    before: CollectionEntry | None
    after: CollectionEntry | None

    @property
    def action(self) -> str:
        """"add", "remove" or "change"."""
        if self.before is None:
            return "add"
        if self.after is None:
            return "remove"
        return "change"

    def text_changes(self) -> list[str]:
        """The printing, condition and notes this change alters, as "printing 'SFR' -> ''"
        (so a preview shows text that would be lost, not only quantities)."""
        before = self.before or CollectionEntry(self.die_key)
        after = self.after or CollectionEntry(self.die_key)
        return [f"{name} {_short(getattr(before, name))} -> {_short(getattr(after, name))}"
                for name in TEXT_FIELDS if getattr(before, name) != getattr(after, name)]

    def describe(self) -> str:
        """"3 -> 0" plus every text change: "3 -> 3; printing 'SFR' -> ''"."""
        before = self.before.quantity if self.before else 0
        after = self.after.quantity if self.after else 0
        return "; ".join([f"{before} -> {after}", *self.text_changes()])


def _short(text: str, limit: int = 40) -> str:
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "…"


@dataclass
class ImportPreview:
    """Everything an import would do, computed without writing.

    mode: "add" or "replace"; rows: the file's entries by key (duplicates added together);
    errors: bad rows and file problems (the import cannot be applied); unknown: rows naming
    no catalog die (skipped, and only after the user confirms); changes: per die, in key
    order.
    """

    mode: str
    rows: dict[str, CollectionEntry] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    unknown: list[UnknownDie] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    owned_before: int = 0

    @property
    def empties_collection(self) -> bool:
        """A replace import that would remove every recorded die and keep or add none:
        refused unless explicitly allowed (a file of unknown or bad rows must not wipe the
        collection)."""
        if self.mode != "replace" or not self.owned_before:
            return False
        return not any(not entry.is_blank for entry in self.rows.values())

    def warning(self) -> str:
        """What the player must know before applying ("" when nothing): the empty-collection
        rule of replace mode."""
        if self.empties_collection:
            return (f"This replace import would remove all {self.owned_before} dice you have "
                    "recorded and add none (no row of the file names a catalog die with copies "
                    "or text). It is refused unless you confirm emptying the collection "
                    "(--allow-empty on the command line).")
        return ""

    @property
    def can_apply(self) -> bool:
        """No errors (unknown dice still need the user's confirmation)."""
        return not self.errors

    @property
    def needs_confirmation(self) -> bool:
        """Some rows name unknown dice: applying skips them, so ask first."""
        return bool(self.unknown)

    def summary(self) -> str:
        """One line: "3 to add, 1 to change, 2 to remove, 1 unknown name (add mode)"."""
        counts = {a: sum(1 for c in self.changes if c.action == a)
                  for a in ("add", "change", "remove")}
        parts = [f"{counts['add']} to add", f"{counts['change']} to change",
                 f"{counts['remove']} to remove"]
        if self.unknown:
            parts.append(f"{len(self.unknown)} unknown name{'s' if len(self.unknown) != 1 else ''}")
        if self.errors:
            parts.append(f"{len(self.errors)} error{'s' if len(self.errors) != 1 else ''}")
        text = ", ".join(parts) + f" ({self.mode} mode)"
        if self.empties_collection:
            text += "; this would EMPTY the collection"
        return text


def preview_import(db: Database, text: str | bytes, mode: str, catalog: Catalog) -> ImportPreview:
    """Read CSV ``text`` and say what importing it in ``mode`` would do; writes nothing.

    Raises ValueError for a mode other than "add" or "replace"; problems with the file are
    reported in ``errors`` rather than raised.
    """
    if mode not in MODES:
        raise ValueError(f"unknown import mode {mode!r}; the modes are add and replace")
    preview = ImportPreview(mode)
    decoded = _decode(text, preview)
    if decoded is None:
        return preview
    _read_rows(decoded, preview, catalog)
    if not preview.errors:
        current = all_entries(db)
        preview.owned_before = len(current)
        preview.changes = _changes(current, preview.rows, mode)
    return preview


def _decode(text: str | bytes, preview: ImportPreview) -> str | None:
    if isinstance(text, bytes):
        if len(text) > MAX_CSV_BYTES:
            preview.errors.append(f"the file is {len(text)} bytes; a collection CSV is at most "
                                  f"{MAX_CSV_BYTES}")
            return None
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            preview.errors.append(f"the file is not UTF-8 text (bad byte at offset {exc.start});"
                                  " save it from the spreadsheet as 'CSV UTF-8'")
            return None
    text = text.lstrip("\ufeff")
    if len(text) > MAX_CSV_BYTES:
        preview.errors.append(f"the file is {len(text)} characters; a collection CSV is at "
                              f"most {MAX_CSV_BYTES}")
        return None
    if not text.strip():
        preview.errors.append("the file is empty: expected a header row with die_key (or "
                              "name) and quantity")
        return None
    return text


def _read_rows(text: str, preview: ImportPreview, catalog: Catalog) -> None:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = [h.strip().casefold() for h in next(reader)]
        columns = {name: header.index(name) for name in COLUMNS if name in header}
        if "quantity" not in columns or not ({"die_key", "name"} & set(columns)):
            preview.errors.append(f"the header row is {', '.join(header)[:120]!r}; it needs a "
                                  "'quantity' column and a 'die_key' or 'name' column")
            return
        for row in reader:
            if reader.line_num > MAX_ROWS + 1:
                preview.errors.append(f"the file has more than {MAX_ROWS} rows")
                return
            if not any(cell.strip() for cell in row):
                continue
            _read_row(row, reader.line_num, columns, len(header), preview, catalog)
    except csv.Error as exc:
        preview.errors.append(f"line {reader.line_num}: not valid CSV ({exc})")


def _cell(row: list[str], columns: dict[str, int], name: str) -> str:
    index = columns.get(name)
    return unguard_cell(row[index].strip()) if index is not None and index < len(row) else ""


def _read_row(row: list[str], line: int, columns: dict[str, int], width: int,
              preview: ImportPreview, catalog: Catalog) -> None:
    if len(row) <= columns["quantity"]:
        preview.errors.append(f"line {line}: the row has {len(row)} cell(s) but the quantity is "
                              f"column {columns['quantity'] + 1}; write a quantity (0 for none)")
        return
    if any(cell.strip() for cell in row[width:]):
        preview.errors.append(f"line {line}: the row has {len(row)} cells but the header has "
                              f"{width} columns; a comma inside a value needs quotes "
                              '("like, this")')
        return
    key_text, name_text = _cell(row, columns, "die_key"), _cell(row, columns, "name")
    key, ambiguous = _find_key(key_text, name_text, catalog)
    if ambiguous:
        preview.errors.append(f"line {line}: {ambiguous}; write the die_key of the one you mean")
        return
    if key is None:
        text = clean_text(key_text or name_text)
        if not text:
            preview.errors.append(f"line {line}: no die_key or name")
            return
        preview.unknown.append(UnknownDie(line, text[:80], tuple(closest_keys(text, catalog))))
        return
    qty_text = _cell(row, columns, "quantity") or "0"
    quantity = parse_whole_number(qty_text, 0, MAX_QUANTITY)
    if quantity is None:
        preview.errors.append(f"line {line}: {key}: quantity {shown(qty_text)} must be a whole "
                              f"number from 0 to {MAX_QUANTITY}, written with the digits 0-9")
        return
    found = CollectionEntry(key, quantity, **{
        f: clean_text(_cell(row, columns, f), keep_newlines=f == "notes") for f in TEXT_FIELDS})
    earlier = preview.rows.get(key)
    if earlier is not None:
        texts = {f: getattr(found, f) or getattr(earlier, f) for f in TEXT_FIELDS}
        found = CollectionEntry(key, earlier.quantity + found.quantity, **texts)
    try:
        preview.rows[key] = check_entry(found)
    except CollectionError as exc:
        preview.errors.append(f"line {line}: {exc}")


def _find_key(key_text: str, name_text: str, catalog: Catalog) -> tuple[str | None, str]:
    """(the die's key or None, why the name is ambiguous or "")."""
    if key_text in catalog.dice:
        return key_text, ""
    ambiguous = ""
    for ref in (key_text, name_text):
        if ref:
            try:
                return catalog.die(ref).key, ""
            except KeyError as exc:
                reason = str(exc.args[0]) if exc.args else ""
                if "ambiguous" in reason and not ambiguous:
                    ambiguous = f"{reason[:300]} (several dice share this name)"
    return None, ambiguous


def _merged(before: CollectionEntry | None, incoming: CollectionEntry, mode: str
            ) -> CollectionEntry:
    if mode == "replace" or before is None:
        return incoming
    texts = {f: getattr(incoming, f) or getattr(before, f) for f in TEXT_FIELDS}
    return replace(before, quantity=min(MAX_QUANTITY, before.quantity + incoming.quantity),
                   **texts)


def _changes(current: dict[str, CollectionEntry], rows: dict[str, CollectionEntry],
             mode: str) -> list[Change]:
    keys = sorted(set(rows) | (set(current) if mode == "replace" else set()))
    changes = []
    for key in keys:
        before = current.get(key)
        after = _merged(before, rows[key], mode) if key in rows else None
        if after is not None and after.is_blank:
            after = None
        if before != after:
            changes.append(Change(key, before, after))
    return changes


def apply_import(db: Database, preview: ImportPreview, *, confirmed: bool = False,
                 allow_empty: bool = False) -> int:
    """Write a previewed import in one transaction; returns the number of dice changed.

    The changes are recomputed against the database as it is now (it may have changed since
    the preview). The file is backed up first (``database.backup_now``). Raises
    CsvImportError, writing nothing, when the preview has errors, has unknown dice and
    ``confirmed`` is False, or is a replace import that would empty the collection
    (``ImportPreview.empties_collection``, checked again now) and ``allow_empty`` is False.
    Raises StoreError (DiskFullError for a full disk) when the backup or the write fails;
    the transaction is then rolled back and the collection is as it was. After the write
    the WAL is checkpointed into the file (``database.checkpoint``).
    """
    if preview.errors:
        raise CsvImportError("the CSV has errors; nothing was imported: "
                             + "; ".join(preview.errors[:10]))
    if preview.unknown and not confirmed:
        raise CsvImportError("the CSV names dice not in the catalog; nothing was imported. "
                             "Confirm to import the other rows and skip: "
                             + "; ".join(str(u) for u in preview.unknown[:10]))
    current = all_entries(db)
    changes = _changes(current, preview.rows, preview.mode)
    now = replace(preview, changes=changes, owned_before=len(current))
    if now.empties_collection and not allow_empty:
        raise CsvImportError(f"nothing was imported: {now.warning()}")
    backup_now(db, "before-import")
    try:
        with db.atomic():
            write_entries(db, [c.after or CollectionEntry(c.die_key) for c in changes])
    except (sqlite3.Error, OSError) as exc:
        raise write_error(exc, db) from None
    checkpoint(db)
    return len(changes)
