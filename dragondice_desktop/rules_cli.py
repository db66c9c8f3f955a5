"""Headless rules commands: ``dragondice resolve FILE`` and ``dragondice rules-coverage``.

``add_commands(subparsers)`` adds both to the ``dragondice`` argument parser; ``run(args)``
runs one and returns the exit code, or None when ``args.command`` is not one of them.
Reading the file lives here, not in the engine (the engine touches no files).
"""

from __future__ import annotations

import argparse
import json
import sys

from .engine.coverage import coverage_text, rules_coverage
from .engine.resolve import ResolveError, resolve_text

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
        "rules-coverage", help="list every icon of the catalog and whether the rules engine "
                               "handles it")
    coverage.add_argument("--json", action="store_true", help="print the list as JSON")


def run(args: argparse.Namespace) -> int | None:
    """Run ``resolve`` or ``rules-coverage``; None for any other command."""
    if args.command == "resolve":
        return _resolve(args.file, args.explain)
    if args.command == "rules-coverage":
        if args.json:
            rows = [{"icon": icon.value, "status": status, "reason": reason}
                    for icon, status, reason in rules_coverage()]
            print(json.dumps(rows, indent=1, ensure_ascii=False))
        else:
            print(coverage_text())
        return 0
    return None


def _resolve(path: str, explain: bool) -> int:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        print(f"dragondice resolve: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        report = resolve_text(text)
    except ResolveError as exc:
        print(f"dragondice resolve: {exc}", file=sys.stderr)
        return 2
    if explain:
        print(report["explain"])
    else:
        print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0
