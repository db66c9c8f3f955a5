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

from ..engine.coverage import coverage_text, rules_coverage
from ..engine.rolls.count_a_roll import MAX_TEXT, ResolveError, resolve_text
from ..player_text import player_text

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
            print(coverage_text(player_text))
        return 0
    return None


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
