"""Headless rules commands: ``dragondice resolve FILE`` and ``dragondice rules-coverage``.

``add_commands(subparsers)`` adds both to the ``dragondice`` argument parser; ``run(args)``
runs one and returns the exit code, or None when ``args.command`` is not one of them.
Reading the file lives here, not in the engine (the engine touches no files).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..engine.coverage import (
    CLASSIC_ICON, CLASSIC_SPELL, RULESET_NAMES, classic_rows, coverage_rows, coverage_text,
    icon_rows,
)
from ..engine.core.options import CLASSIC, RULESETS, V401
from ..engine.rolls.count_a_roll import MAX_TEXT, ResolveError, resolve_text
from ..player_text import player_text
from ..rule_tests import load_rule_tests

COMMANDS = ("resolve", "rules-coverage")


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``resolve`` and ``rules-coverage`` to the command's subparsers."""
    resolve = subparsers.add_parser(
        "resolve", help="count a physical roll described in a JSON file (see the help page "
                        "\"resolve-format\")")
    resolve.add_argument("file", help="the roll as JSON; - reads standard input")
    resolve.add_argument("--explain", action="store_true",
                         help="print the roll breakdown as text instead of JSON")
    coverage = subparsers.add_parser(
        "rules-coverage", help="list every species ability, spell and icon (SAIs, eighth "
                               "faces, minor-terrain faces) of the catalog: whether the rules "
                               "engine handles it, the file that applies it and the tests "
                               "that check it")
    coverage.add_argument("--json", action="store_true",
                          help="print the icons' list as JSON (icon, status, reason)")
    coverage.add_argument("--full-json", action="store_true",
                          help="print every rule as JSON, with its kind, file and tests")
    coverage.add_argument("--brief", action="store_true",
                          help="leave out the file and test lines (the app's words only)")
    coverage.add_argument("--ruleset", choices=RULESET_NAMES, default=V401,
                          help="which game's rules to list: " + ", ".join(
                              f"{key} ({name})" for key, name in RULESETS.items())
                          + f"; {CLASSIC} lists every icon of the 1996 icon list")


def run(args: argparse.Namespace) -> int | None:
    """Run ``resolve`` or ``rules-coverage``; None for any other command."""
    if args.command == "resolve":
        return _resolve(args.file, args.explain)
    if args.command == "rules-coverage":
        return _coverage(args.json, args.full_json, args.brief,
                         getattr(args, "ruleset", V401))
    return None


def _coverage(as_json: bool, full_json: bool, brief: bool, ruleset: str = V401) -> int:
    """Print the coverage: a table per part with, unless `brief`, each rule's file and tests;
    `as_json`: the icons as objects (icon, status, reason); `full_json`: one object per rule
    with kind ("" for the ID, action and dragon faces), name, status, reason, file and
    tests. `ruleset` CLASSIC lists the icons of the 1996 icon list instead (kind
    "classic_icon")."""
    try:
        tests = load_rule_tests()
    except ValueError as exc:
        print(f"dragondice rules-coverage: {exc}", file=sys.stderr)
        return 1
    classic = ruleset == CLASSIC
    if as_json or full_json:
        if full_json:
            listed = classic_rows(tests) if classic else [
                r for r in coverage_rows(tests) if r.kind not in (CLASSIC_ICON, CLASSIC_SPELL)]
            rows = [{"kind": r.kind, "name": r.name, "status": r.status, "reason": r.reason,
                     "file": r.file, "tests": list(r.tests)} for r in listed]
        else:
            rows = [{"icon": r.name, "status": r.status, "reason": r.reason}
                    for r in (classic_rows(tests) if classic else icon_rows(tests))]
        return _print(json.dumps(rows, indent=1, ensure_ascii=False))
    return _print(coverage_text(player_text, tests, developer=not brief, ruleset=ruleset))


def _resolve(path: str, explain: bool) -> int:
    try:
        text = _read(path)
    except OSError as exc:
        print(f"dragondice resolve: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # not UTF-8, or far too large
        print(f"dragondice resolve: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    try:
        report = resolve_text(text)
    except ResolveError as exc:
        print(f"dragondice resolve: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 — a rules bug: a message, not a traceback
        print(f"dragondice resolve: the rules engine failed on this roll "
              f"({type(exc).__name__}: {str(exc)[:300]})", file=sys.stderr)
        return 1
    out = report["explain"] if explain else json.dumps(report, indent=1, ensure_ascii=False)
    return _print(out)


def _read(path: str) -> str:
    """The description's text: UTF-8 (a byte order mark is dropped), at most a few times
    resolve's character limit in bytes. Raises OSError, or ValueError naming the problem."""
    limit = MAX_TEXT * 4
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
    else:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"it is larger than {limit} bytes; a roll description is a few kB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"it is not UTF-8 text (byte {exc.start} cannot be read); save it "
                         f"as UTF-8") from None


def _print(text: str) -> int:
    """Print to standard output; a reader that went away (``resolve x.json | head``) ends the
    command quietly."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Nothing more can be written; point stdout at devnull so the interpreter's final
        # flush does not complain either.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return 0
    return 0
