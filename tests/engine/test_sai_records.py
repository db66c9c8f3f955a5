"""One record per SAI (issue 12): the Applies column, the glossary line, targets and the
dragon-attack sentence of each SAI live in one record, in the SAI's own file under
``engine/sai/icons/``, and the tables the handlers, the glossary and the coverage read are views
of the records (``engine/sai/registry.py``).

The Applies columns are checked against the rules text itself (seed 000 SAIs, seed 001 items:
each SAI's name on a line, then its Applies column at the start of the next), an oracle the
records cannot share a mistake with.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.rolls.model import RollType
from dragondice_desktop.engine.sai.registry import (
    APPLIES, BURIES_IF_KILLED, SAI_RECORDS, TARGET_SPECS,
)
from dragondice_desktop.ui.glossary_texts import SUMMARY

SEEDS = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "seeds"
COLUMN_WORDS = ("Dragon Attack", "Maneuver", "Missile", "Save", "Melee", "Magic", "Any",
                "Non-Maneuver", "Individual", "Special", "Any Non-Individual")


def _seed_columns() -> dict[str, str]:
    """SAI name -> its Applies column, read from seeds 000 and 001."""
    columns: dict[str, str] = {}
    for path in sorted(SEEDS.glob("00[01]_*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for name, nxt in zip(lines, lines[1:]):
            words = re.match(r"^((?:(?:Dragon Attack|Any Non-Individual|Non-Maneuver|Maneuver|"
                             r"Missile|Save|Melee|Magic|Any|Individual|Special)\*?(?:, )?)+)"
                             r"\s+(?:During|When|After|Before|Each|This|The|At|If|Once|Any|A|"
                             r"An|While|Target|All|Until|[A-Z])", nxt)
            if name.strip() and words and name.strip() not in columns:
                columns[name.strip()] = words.group(1).strip().rstrip(",")
    return columns


@pytest.mark.skipif(not SEEDS.exists(), reason=(
    "needs the rules text (../shared/rules/seeds beside the repository) to read the Applies "
    "columns from"))
def test_every_applies_column_is_the_rules_text():
    """Seed 000 / 001: each record's Applies column is the one printed after the SAI's name
    (e.g. Stomp: "Dragon Attack, Melee"; Elevate: "Dragon Attack, Maneuver, Missile, Save*")."""
    seed = _seed_columns()
    assert seed["Stomp"] == "Dragon Attack, Melee"  # the oracle reads the text it should
    checked = 0
    for icon, record in SAI_RECORDS.items():
        if icon.value in seed and record.applies:
            assert record.applies == seed[icon.value], icon.value
            checked += 1
    assert checked >= 60


def test_every_sai_a_die_shows_has_a_record():
    """No SAI on a catalog die is left without its record (its rules, its glossary line)."""
    plain = {"ID", "Melee", "Missile", "Magic", "Maneuver", "Save"}
    shown = {face_icon for die in load_catalog().dice.values()
             if die.kind.is_unit or die.kind.is_item for face in die.faces
             for face_icon in _icons(face)}
    missing = sorted(i.value for i in shown if i.value not in plain and i not in SAI_RECORDS)
    assert missing == []


def _icons(face):
    return (icon for icon, _count in face.icons)


def test_the_tables_are_views_of_the_records():
    """The handlers' Applies column, the targets, Gore's burial and the glossary read the
    records; nothing keeps a second copy (Stomp: maneuver or die, then save or be buried —
    seed 000 Stomp)."""
    stomp = SAI_RECORDS[Icon.STOMP]
    assert APPLIES[Icon.STOMP] is stomp.applies
    assert TARGET_SPECS[Icon.STOMP] is stomp.targets
    assert (stomp.targets.test, stomp.targets.then_save) == ("maneuver", True)
    assert SUMMARY[Icon.STOMP] is stomp.summary
    assert BURIES_IF_KILLED == {Icon.GORE}
    assert stomp.dragon_attack.parts == ((RollType.MELEE, None),)  # "X melee results"
    tail = SAI_RECORDS[Icon.TAIL]  # seed 000 Tail: two melee, and the die rolls again
    assert tail.dragon_attack.parts == ((RollType.MELEE, 2),) and tail.dragon_attack.rerolls
