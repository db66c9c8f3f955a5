"""The index of rule marks: which tests check which rule (``resources/rule_tests.json``, read
by ``dragondice rules-coverage`` and the app's Rules coverage page, which ship without tests).

Marking a test (the marker is registered in pyproject.toml):

    @pytest.mark.rule("sai", "Stomp")                       # an icon (SAI), by its name
    @pytest.mark.rule("spell", "Stone Skin")                # a spell
    @pytest.mark.rule("species", "Firewalkers", "Flaming Shields")   # species, ability
    @pytest.mark.rule("eighth_face", "City")                # an eighth-face power
    @pytest.mark.rule("minor_terrain", "Flood")             # a minor-terrain face
    @pytest.mark.rule("classic_icon", "Bullseye")           # an icon of the 1996 list (seed
                                                            # 002), under the classic ruleset
    def test_...

One test may carry several marks. A parametrized table test marks each case with
``pytest.param(*row, marks=pytest.mark.rule(...))`` in its ``parametrize`` line, e.g.
``[pytest.param(*r, marks=pytest.mark.rule("spell", r[0])) for r in TABLE]``. The names are
those of ``dragondice rules-coverage``; ``tests/test_rule_marks.py`` fails on a name it does
not know. Write the mark literally as ``pytest.mark.rule(`` (only files containing that text
are collected).

After adding or changing marks, rewrite the index and commit it with the tests:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/rule_index.py          # rewrite
    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/rule_index.py --check  # exit 1 if stale

``tests/test_rule_marks.py`` fails while the index differs from the marks in tests/, and while
a rule the engine applies has no marked test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from pathlib import Path

import pytest

from dragondice_desktop.engine import coverage

ROOT = Path(__file__).resolve().parent.parent
INDEX = ROOT / "resources" / "rule_tests.json"
MARK_TEXT = "pytest.mark.rule("


class MarkError(ValueError):
    """A ``rule`` mark whose arguments do not name a rule the way the index needs."""


def rule_key(test_id: str, args: tuple) -> str:
    """The index key of one mark's arguments: ("sai", "Stomp") -> "sai:Stomp"; ("species",
    "Feral", "Stampede") -> "species:Feral: Stampede". Raises MarkError naming the test."""
    if len(args) < 2 or not all(isinstance(a, str) and a for a in args):
        raise MarkError(f"{test_id}: a rule mark needs a kind and a name, as text: {args!r}")
    kind, *name = args
    if kind not in coverage.KINDS:
        raise MarkError(f"{test_id}: a rule mark's kind is one of {', '.join(coverage.KINDS)}, "
                        f"not {kind!r}")
    if kind == "species":
        if len(name) != 2:
            raise MarkError(f"{test_id}: a species mark names the species and the ability: "
                            f"{args!r}")
        return coverage.rule_key(kind, f"{name[0]}: {name[1]}")
    if len(name) != 1:
        raise MarkError(f"{test_id}: a {kind} mark names one rule: {args!r}")
    return coverage.rule_key(kind, name[0])


class _Collector:
    """A pytest plugin that gathers the rule marks of the collected tests."""

    def __init__(self) -> None:
        self.index: dict[str, set[str]] = {}
        self.errors: list[str] = []

    def pytest_collection_finish(self, session) -> None:
        for item in session.items:
            for mark in item.iter_markers("rule"):
                try:
                    key = rule_key(item.nodeid, mark.args)
                except MarkError as exc:
                    self.errors.append(str(exc))
                    continue
                self.index.setdefault(key, set()).add(item.nodeid)


def marked_files(root: Path = ROOT) -> list[Path]:
    """The test files whose text holds a rule mark."""
    return sorted(p for p in (root / "tests").rglob("test_*.py")
                  if MARK_TEXT in p.read_text(encoding="utf-8"))


def collect(root: Path = ROOT) -> dict[str, list[str]]:
    """The index the marks in tests/ give: rule key -> sorted test ids. Raises MarkError
    (every bad mark named) or RuntimeError when collection fails."""
    collector = _Collector()
    files = [str(p.relative_to(root)) for p in marked_files(root)]
    if not files:
        return {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider",
                            "--rootdir", str(root), *files], plugins=[collector])
    if code != 0:
        raise RuntimeError(f"collecting the marked tests failed (pytest exit {code}):\n"
                           + out.getvalue()[-3000:])
    if collector.errors:
        raise MarkError("\n".join(collector.errors))
    return {key: sorted(ids) for key, ids in sorted(collector.index.items())}


def text(index: dict[str, list[str]]) -> str:
    """The index file's text."""
    return json.dumps({"about": "Which tests check each rule: written by tests/rule_index.py "
                                "from the pytest.mark.rule marks; do not edit by hand.",
                       "rules": index}, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Rewrite the index (or, --check, exit 1 when it is stale)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the index differs from the marks")
    parser.add_argument("--index", type=Path, default=INDEX,
                        help="the index file (default: resources/rule_tests.json)")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    try:
        new = text(collect())
    except (MarkError, RuntimeError) as exc:
        print(f"rule_index: {exc}", file=sys.stderr)
        return 2
    old = args.index.read_text(encoding="utf-8") if args.index.exists() else ""
    if args.check:
        if new != old:
            print(f"{args.index} is stale: the rule marks in tests/ changed; rewrite it with "
                  f"python tests/rule_index.py", file=sys.stderr)
            return 1
        return 0
    args.index.write_text(new, encoding="utf-8")
    print(f"wrote {args.index}: {len(json.loads(new)['rules'])} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
