"""The ``dragondice force ...``, ``collection ...`` and ``store ...`` commands (headless, no
Qt).

``commands/main.py`` calls ``add_commands(subparsers)`` while building its parser and
``run(args)`` before its own dispatch; ``run`` returns None for commands that are not ours.

    dragondice force validate FILE [--ruleset classic [--house-rule ID]]
                                                 problems of a force file; exit 1 on errors
    dragondice force import FILE [--name N] [--replace]   save a force file in the store
    dragondice force export NAME [--format json|text|o8d] [--output FILE]
    dragondice force list                        saved forces, drafts marked invalid
    dragondice collection export CSV [--all]     the collection as CSV ("-" = stdout)
    dragondice collection import CSV [--mode add|replace] [--yes] [--allow-empty]
                                                 preview, then import
    dragondice store backups                     the database's backups, newest first
    dragondice store restore [BACKUP]            put a backup (default: the newest good one)
                                                 in place of the database; the current file
                                                 is set aside, never deleted

Every command that opens the store takes ``--data-dir DIR`` (else $DRAGONDICE_DATA_DIR, else
the platform's user data folder). ``force list``, ``force export`` and ``collection export``
open it read-only (they work on a read-only file and never create or change one). A replace
import that would remove every recorded die and add none needs ``--allow-empty``. Exit codes:
0 done, 1 not done (errors in a force, or an import not confirmed), 2 bad input (unreadable
file, damaged or newer database, unknown name). Nothing is written unless the command says
it was.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..forces.errors import ForceFileError

EXIT_OK, EXIT_NOT_DONE, EXIT_BAD_INPUT = 0, 1, 2


def add_commands(subparsers) -> None:
    """Add the ``force`` and ``collection`` command groups to ``subparsers`` (the object
    ``ArgumentParser.add_subparsers`` returns)."""
    data_dir = argparse.ArgumentParser(add_help=False)
    data_dir.add_argument("--data-dir", default=argparse.SUPPRESS, metavar="DIR",
                          help="folder of the collection database (default: "
                               "$DRAGONDICE_DATA_DIR, else the user data folder)")

    force = subparsers.add_parser("force", parents=[data_dir],
                                  help="validate, import, export and list forces")
    fsub = force.add_subparsers(dest="force_command", metavar="ACTION", required=True)
    validate = fsub.add_parser("validate", help="print a force file's problems; exit 1 on "
                               "errors")
    validate.add_argument("file", help="a force file: our .json, a text list or an OCTGN .o8d")
    validate.add_argument("--format", choices=["json", "text", "o8d"], default=None,
                          help="the file's format (default: guessed from the content)")
    validate.add_argument("--ruleset", choices=["v4.01", "classic"], default="v4.01",
                          help="the rules to check the force against: SFR v4.01 (the default) "
                               "or the 1996 TSR game (classic), which refuses dice and terrains "
                               "the 1996 game did not have")
    validate.add_argument("--house-rule", action="append", default=[], metavar="ID",
                          help="a classic house rule to check with (classic-1997-dice, "
                               "classic-items-and-dragonkin, classic-no-race-dice-neutral); "
                               "may be given more than once")
    validate.set_defaults(store_handler=_force_validate)

    imp = fsub.add_parser("import", parents=[data_dir], help="save a force file in the store")
    imp.add_argument("file")
    imp.add_argument("--format", choices=["json", "text", "o8d"], default=None)
    imp.add_argument("--name", help="save under this name instead of the file's")
    imp.add_argument("--replace", action="store_true",
                     help="replace a saved force of the same name")
    imp.set_defaults(store_handler=_force_import)

    exp = fsub.add_parser("export", parents=[data_dir], help="write a saved force")
    exp.add_argument("name", help="the saved force's name")
    exp.add_argument("--format", choices=["json", "text", "o8d"], default="json")
    exp.add_argument("--output", "-o", help="file to write (default: standard output)")
    exp.set_defaults(store_handler=_force_export)

    lst = fsub.add_parser("list", parents=[data_dir], help="list saved forces")
    lst.set_defaults(store_handler=_force_list)

    coll = subparsers.add_parser("collection", parents=[data_dir],
                                 help="export or import the dice collection as CSV")
    csub = coll.add_subparsers(dest="collection_command", metavar="ACTION", required=True)
    cexp = csub.add_parser("export", parents=[data_dir], help="write the collection as CSV")
    cexp.add_argument("csv", help="CSV file to write, or - for standard output")
    cexp.add_argument("--all", action="store_true",
                      help="a row for every catalog die (a checklist), not only recorded dice")
    cexp.set_defaults(store_handler=_collection_export)
    cimp = csub.add_parser("import", parents=[data_dir],
                           help="import a CSV: preview, then write after confirmation")
    cimp.add_argument("csv", help="CSV file to read, or - for standard input")
    cimp.add_argument("--mode", choices=["add", "replace"], default="add",
                      help="add to quantities (default) or replace the whole collection")
    cimp.add_argument("--yes", action="store_true",
                      help="apply without asking (unknown dice are skipped)")
    cimp.add_argument("--allow-empty", action="store_true",
                      help="let a replace import remove every recorded die (refused "
                           "otherwise, so a file of unknown or bad rows cannot wipe the "
                           "collection)")
    cimp.set_defaults(store_handler=_collection_import)

    store = subparsers.add_parser("store", parents=[data_dir],
                                  help="list the database's backups or restore one")
    ssub = store.add_subparsers(dest="store_command", metavar="ACTION", required=True)
    sback = ssub.add_parser("backups", parents=[data_dir],
                            help="list the backups, newest first, with their integrity")
    sback.set_defaults(store_handler=_store_backups)
    srest = ssub.add_parser("restore", parents=[data_dir],
                            help="put a backup in place of the database (the current file "
                                 "is set aside, never deleted)")
    srest.add_argument("backup", nargs="?",
                       help="the backup's file name (default: the newest good backup)")
    srest.set_defaults(store_handler=_store_restore)


def run(args: argparse.Namespace) -> int | None:
    """Run a parsed ``force``/``collection`` command and return its exit code, or None
    when ``args`` is some other command."""
    handler = getattr(args, "store_handler", None)
    if handler is None:
        return None
    return handler(args)


# --- helpers ---------------------------------------------------------------------------------

def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _open_store(args, read_only: bool = False):
    """The opened database (``read_only``: never written, see ``open_database``), or None
    after printing why it cannot be opened."""
    from ..store.database import StoreError, open_database
    from ..store.paths import database_path

    path = database_path(getattr(args, "data_dir", None))
    try:
        return open_database(path, read_only=read_only)
    except StoreError as exc:
        _err(f"error: {exc}")
        return None


def _close(db) -> None:
    from ..store.database import close_database

    close_database(db)


def _print_problems(problems) -> None:
    for problem in problems:
        print(f"  {problem}")


# --- force commands --------------------------------------------------------------------------

def _force_validate(args) -> int:
    from ..catalog.loader import load_catalog
    from ..forces.formats import read_force_file
    from ..forces.validate import errors, validate_force

    catalog = load_catalog()
    try:
        force = read_force_file(args.file, args.format, catalog)
    except ForceFileError as exc:
        _err(f"error: {exc}")
        return EXIT_BAD_INPUT
    from ..forces.classic import FORCE_SWITCHES, switches_from

    unknown = [r for r in args.house_rule if r not in FORCE_SWITCHES]
    if unknown or (args.house_rule and args.ruleset != "classic"):
        what = (f"house rule {unknown[0]!r} is not a force house rule" if unknown
                else "--house-rule needs --ruleset classic")
        _err(f"error: {what}; the force house rules are {', '.join(FORCE_SWITCHES)} "
             "(classic games only)")
        return EXIT_BAD_INPUT
    classic = switches_from(args.house_rule) if args.ruleset == "classic" else None
    problems = validate_force(force, catalog, classic=classic)
    bad = errors(problems)
    total = force.total_points(catalog) if not any(p.rule == "catalog" for p in problems) \
        else "?"
    rules = " (1996 classic rules)" if classic is not None else ""
    print(f"{force.name}: {total} of {force.points} points{rules}")
    if not problems:
        print("  legal: no problems")
        return EXIT_OK
    _print_problems(problems)
    print(f"{len(bad)} error(s), {len(problems) - len(bad)} warning(s)")
    return EXIT_NOT_DONE if bad else EXIT_OK


def _force_import(args) -> int:
    from ..catalog.loader import load_catalog
    from ..forces.formats import read_force_file
    from ..forces.validate import validate_force
    from ..store.forces import ForceDataError, force_exists, save_force

    catalog = load_catalog()
    try:
        force = read_force_file(args.file, args.format, catalog, name=args.name or None)
    except ForceFileError as exc:
        _err(f"error: {exc}")
        return EXIT_BAD_INPUT
    db = _open_store(args)
    if db is None:
        return EXIT_BAD_INPUT
    try:
        if force_exists(db, force.name) and not args.replace:
            _err(f"error: a force called {force.name!r} is already saved; nothing was changed. "
                 "Use --replace to overwrite it or --name to save under another name.")
            return EXIT_NOT_DONE
        summary = save_force(db, force, catalog=catalog)
    except ForceDataError as exc:
        _err(f"error: {exc}; nothing was changed")
        return EXIT_BAD_INPUT
    finally:
        _close(db)
    state = "legal" if summary.valid else f"a draft with {summary.errors} error(s)"
    print(f"saved {summary.name!r}: {summary.total_points} of {summary.points} points, {state}")
    _print_problems(validate_force(force, catalog))
    return EXIT_OK


def _force_export(args) -> int:
    from ..catalog.loader import load_catalog
    from ..forces.formats import export_force
    from ..store.forces import ForceNotFoundError, load_force

    db = _open_store(args, read_only=True)
    if db is None:
        return EXIT_BAD_INPUT
    try:
        force = load_force(db, args.name)
    except ForceNotFoundError as exc:
        _err(f"error: {exc}")
        return EXIT_BAD_INPUT
    finally:
        _close(db)
    try:
        text = export_force(force, args.format, load_catalog())
    except ForceFileError as exc:
        _err(f"error: {exc}; nothing was written")
        return EXIT_BAD_INPUT
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            _err(f"error: cannot write '{args.output}': {exc.strerror or exc}")
            return EXIT_BAD_INPUT
        print(f"wrote {force.name!r} as {args.format} to {args.output}")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _force_list(args) -> int:
    from ..store.forces import list_forces

    db = _open_store(args, read_only=True)
    if db is None:
        return EXIT_BAD_INPUT
    try:
        summaries = list_forces(db)
    finally:
        _close(db)
    if not summaries:
        print("no saved forces")
    for s in summaries:
        mark = "" if s.valid else f"  [INVALID: {s.errors} error(s)]"
        print(f"{s.name}  ({s.total_points}/{s.points} points){mark}")
    return EXIT_OK


# --- collection commands ---------------------------------------------------------------------

def _collection_export(args) -> int:
    from ..catalog.loader import load_catalog
    from ..store.collection_csv import export_csv

    db = _open_store(args, read_only=True)
    if db is None:
        return EXIT_BAD_INPUT
    try:
        text = export_csv(db, load_catalog(), every_die=args.all)
    finally:
        _close(db)
    if args.csv == "-":
        sys.stdout.write(text)
        return EXIT_OK
    try:
        Path(args.csv).write_text(text, encoding="utf-8")
    except OSError as exc:
        _err(f"error: cannot write '{args.csv}': {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    print(f"wrote {text.count(chr(10)) - 1} rows to {args.csv}")
    return EXIT_OK


def _collection_import(args) -> int:
    from ..catalog.loader import load_catalog
    from ..forces.errors import read_bounded
    from ..store.collection_csv import MAX_CSV_BYTES, CsvImportError, apply_import, preview_import
    from ..store.database import StoreError

    try:
        if args.csv == "-":
            data = sys.stdin.buffer.read(MAX_CSV_BYTES + 1)
            if len(data) > MAX_CSV_BYTES:
                raise OSError(f"it is larger than {MAX_CSV_BYTES} bytes, the most a "
                              "collection CSV may be")
        else:
            data = read_bounded(args.csv, MAX_CSV_BYTES, "a collection CSV")
    except (OSError, ValueError) as exc:
        _err(f"error: cannot read '{args.csv}': {getattr(exc, 'strerror', None) or exc}; "
             "nothing was imported")
        return EXIT_BAD_INPUT
    catalog = load_catalog()
    db = _open_store(args)
    if db is None:
        return EXIT_BAD_INPUT
    try:
        preview = preview_import(db, data, args.mode, catalog)
        print(f"{args.csv}: {preview.summary()}")
        for change in preview.changes[:50]:
            print(f"  {_change_text(change)}")
        if len(preview.changes) > 50:
            print(f"  ... and {len(preview.changes) - 50} more")
        for unknown in preview.unknown:
            print(f"  unknown: {unknown}")
        if preview.warning():
            print(f"  warning: {preview.warning()}")
        if preview.errors:
            for error in preview.errors:
                _err(f"error: {error}")
            _err("nothing was imported")
            return EXIT_BAD_INPUT
        if not preview.changes:
            print("nothing to change")
            return EXIT_OK
        if preview.empties_collection and not args.allow_empty:
            _err("error: nothing was imported: a replace import may only empty the "
                 "collection with --allow-empty")
            return EXIT_NOT_DONE
        if not args.yes and not _confirm(preview):
            print("nothing was imported (run again with --yes to apply)")
            return EXIT_NOT_DONE
        count = apply_import(db, preview, confirmed=True, allow_empty=args.allow_empty)
    except (CsvImportError, StoreError) as exc:
        _err(f"error: {exc}")
        return EXIT_BAD_INPUT
    finally:
        _close(db)
    skipped = f"; skipped {len(preview.unknown)} unknown" if preview.unknown else ""
    print(f"imported: {count} dice changed{skipped}")
    return EXIT_OK


def _change_text(change) -> str:
    return f"{change.action:6} {change.die_key}: {change.describe()}"


def _confirm(preview) -> bool:
    """The player's answer at the prompt; no terminal, end of input (Ctrl-D) or Ctrl-C is
    "no"."""
    if not sys.stdin or not sys.stdin.isatty():
        return False
    skip = " and skip the unknown dice" if preview.unknown else ""
    try:
        answer = input(f"Apply this {preview.mode} import{skip}? [y/N] ")
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer.strip().casefold() in ("y", "yes")


# --- store -----------------------------------------------------------------------------------

def _store_backups(args) -> int:
    from ..store.backups import check_integrity, list_backups
    from ..store.paths import database_path

    path = database_path(getattr(args, "data_dir", None))
    backups = list_backups(path)
    if not backups:
        print(f"no backups of {path}")
        return EXIT_OK
    for backup in backups:
        verdict = check_integrity(backup)
        print(f"{backup.name}  {'good' if verdict == 'ok' else 'damaged: ' + verdict}")
    return EXIT_OK


def _store_restore(args) -> int:
    """Restore a backup by file name, or the newest good one; the current database is set
    aside by ``backups.restore_backup`` (never overwritten)."""
    from ..store.backups import list_backups, restore_backup
    from ..store.database import newest_sound_backup
    from ..store.paths import database_path

    path = database_path(getattr(args, "data_dir", None))
    if args.backup is not None and (args.backup in ("", ".", "..")
                                    or Path(args.backup).name != args.backup):
        # A path would pick our backup of the same name, not the file it names; an empty
        # name (an unset shell variable) must not mean "the newest".
        _err(f"error: give the backup's file name, as 'dragondice store backups' lists it, "
             f"not {args.backup!r}")
        return EXIT_BAD_INPUT
    if args.backup:
        chosen = [b for b in list_backups(path) if b.name == args.backup]
        if not chosen:
            _err(f"error: no backup named '{args.backup}' (see: dragondice store backups)")
            return EXIT_BAD_INPUT
        backup = chosen[0]
    else:
        backup = newest_sound_backup(path)
        if backup is None:
            _err(f"error: no good backup of {path} to restore")
            return EXIT_BAD_INPUT
    try:
        aside = restore_backup(path, backup)
    except ValueError as exc:
        _err(f"error: {exc}")
        return EXIT_BAD_INPUT
    except OSError as exc:
        _err(f"error: cannot restore {backup.name}: {exc.strerror or exc}. The database was "
             "not changed.")
        return EXIT_BAD_INPUT
    kept = f"; the previous file was kept as {aside.name}" if aside != path else ""
    print(f"restored {backup.name} as {path}{kept}")
    return EXIT_OK
