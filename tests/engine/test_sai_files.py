"""Each SAI in one file (issue 12): a newcomer finds any SAI's record, its code and its tests from
``dragondice rules-coverage`` in one step. Every SAI printed on a catalog die has its row, whose
file is the SAI's own module under ``engine/sai/icons/``: the module that holds its record and
the code of each thing it does. Every module there is gathered by the registry; an icon given
two records is refused; every effect an SAI passes on to the game is applied by code its
record names (or read by the march from the roll), never dropped; and the texts SAIs write
into rolls reach players without the developers' references to the rules text.
"""

from __future__ import annotations

import inspect
import pkgutil
import re
from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.core.rule_homes import code_file
from dragondice_desktop.engine.coverage import HANDLED, NOT_HANDLED, PARTIAL, icon_rows
from dragondice_desktop.engine.rolls.model import RollContext, RollKind, RollType
from dragondice_desktop.engine.rolls.pipeline import face_results
from dragondice_desktop.engine.sai import icons, registry
from dragondice_desktop.engine.sai.effects import EXCHANGE_KINDS
from dragondice_desktop.engine.sai.records import SaiRecord
from dragondice_desktop.engine.sai.registry import SAI_RECORDS, sai_module
from dragondice_desktop.player_text import player_text
from dragondice_desktop.rule_tests import load_rule_tests

ROOT = Path(__file__).resolve().parents[2]
CAT = load_catalog()
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)
INTERNAL = re.compile(r"digest|§|\bseeds? \d{3}|\bissues? #?\d|\brulings\b", re.IGNORECASE)

# The rolls an SAI can be shown in: army rolls of each type, combination rolls, individual
# rolls, the DUA, and dragon attacks whose dragons did or did not roll Jaws and did damage.
_DRAGONS = RollContext(SAV, also=(MEL, MIS), kind=RollKind.DRAGON_ATTACK)
CONTEXTS = (
    RollContext(MAN), RollContext(MAN, counter_maneuver=True), RollContext(MEL),
    RollContext(MEL, counter_attack=True), RollContext(MIS), RollContext(MAG),
    RollContext(MAG, in_reserve=True), RollContext(SAV), RollContext(SAV, save_against=MEL),
    RollContext(SAV, save_against=MEL, attacker_melee=((7, 3),)),
    RollContext(SAV, save_against=MIS), RollContext(SAV, also=(MEL,)),
    RollContext(SAV, kind=RollKind.INDIVIDUAL, against_individual=True),
    RollContext(MEL, kind=RollKind.INDIVIDUAL), RollContext(SAV, kind=RollKind.INDIVIDUAL,
                                                            in_dua=True),
    _DRAGONS, replace(_DRAGONS, dragon_rolled_jaws=True),
    replace(_DRAGONS, dragon_rolled_jaws=False, dragon_damage=((9, 4),)),
)
SAI_ROWS = [r for r in icon_rows(load_rule_tests()) if r.kind == "sai"]


def _outcomes():
    """Every (die, face, context) outcome of the catalog's unit and item faces."""
    for die in CAT:
        if not (die.kind.is_unit or die.kind.is_item):
            continue
        for index in range(len(die.faces)):
            for ctx in CONTEXTS:
                if die.kind.is_item and ctx.kind is RollKind.INDIVIDUAL:
                    continue
                yield die, face_results(die, index, ctx, die_id=1)


def test_every_sai_row_names_its_own_file_its_record_its_code_and_its_tests():
    """A newcomer's one step: the row of every SAI of the catalog names a file under
    engine/sai/icons/ that holds the SAI's record (the very one the engine reads) with its
    code beside it, and — for an SAI the engine applies — at least one test marked with it."""
    names = {i.value for d in CAT for f in d.faces for i, _ in f.icons}
    assert {r.name for r in SAI_ROWS} <= names and len(SAI_ROWS) >= 70
    assert "Stomp" in {r.name for r in SAI_ROWS}
    for row in SAI_ROWS:
        icon = Icon(row.name)
        module = sai_module(icon)
        assert module is not None, row
        assert row.file == code_file(module), row
        assert row.file.startswith("dragondice_desktop/engine/sai/icons/"), row
        assert module.RECORDS[icon] is SAI_RECORDS[icon], row
        text = (ROOT / row.file).read_text(encoding="utf-8")
        assert f"Icon.{icon.name}: SaiRecord(" in text, row
        if row.status == NOT_HANDLED:  # the Dracolem icons: no rules text, no code
            continue
        assert row.status in (HANDLED, PARTIAL), row
        record = SAI_RECORDS[icon]
        assert record.in_roll is not None, row
        # its code is written in its file: a function of the file, or a shared builder called
        # there with the SAI's own facts
        handler_file = code_file(record.in_roll)
        assert handler_file == row.file or (
            handler_file == "dragondice_desktop/engine/sai/builders.py"
            and "in_roll=" in text and "in_roll=_" not in text), row
        for kind, runner in record.runners.items():
            where = code_file(runner)
            assert where == row.file or where.startswith("dragondice_desktop/engine/sai/"), \
                (row, kind, where)
        assert row.tests, row


def test_the_stomp_row_reads_as_a_newcomer_needs():
    """Seed 000 Stomp: its file is stomp.py, its record says "maneuver or be killed, then save
    or be buried", and its marked tests are listed."""
    stomp = next(r for r in SAI_ROWS if r.name == "Stomp")
    assert stomp.file == "dragondice_desktop/engine/sai/icons/stomp.py"
    assert stomp.status == HANDLED
    assert any("test_stomp" in t for t in stomp.tests)
    spec = SAI_RECORDS[Icon.STOMP].targets
    assert (spec.test, spec.then_save) == ("maneuver", True)


def test_every_module_of_the_icons_folder_is_gathered():
    """The registry imports each SAI's file by name (a packaged app needs it); none is left
    out, and each gives at least one record."""
    found = {m.name for m in pkgutil.iter_modules(icons.__path__)}
    listed = {m.__name__.rsplit(".", 1)[1] for m in registry.ICON_MODULES}
    assert found == listed
    for module in registry.ICON_MODULES:
        assert module.RECORDS and all(isinstance(r, SaiRecord) for r in module.RECORDS.values())


def test_an_icon_with_two_records_is_refused(monkeypatch):
    """One rule, one place: a second record for the same icon raises, naming both files."""
    from dragondice_desktop.engine.sai.icons import stomp
    monkeypatch.setattr(registry, "ICON_MODULES", registry.ICON_MODULES + (stomp,))
    with pytest.raises(ValueError, match="Stomp has two records"):
        registry._gather()


def test_every_effect_an_sai_passes_on_has_its_code():
    """Whatever an SAI passes on to the game in any roll is applied by the code its record
    names for that kind of effect, or read from the counted roll by the march (Screech, Charge,
    Counter ...): nothing falls through to "not resolved" by a missing entry."""
    seen: set[tuple[Icon, str]] = set()
    for _die, outcome in _outcomes():
        for effect in outcome.effects:
            seen.add((effect.icon, effect.kind))
    assert (Icon.STOMP, "targets") in seen and (Icon.DECAPITATE, "kill_jaws_dragon") in seen
    assert (Icon.LOGO, "tame") in seen and (Icon.BASH, "bash") in seen
    missing = sorted((i.value, k) for i, k in seen
                     if k not in EXCHANGE_KINDS and k not in SAI_RECORDS[i].runners)
    assert missing == []


def test_sai_texts_reach_players_without_internal_references():
    """The texts SAIs write into a roll — what each result came from, why an SAI did nothing,
    what is not resolved, the effects and the choices — carry the developers' references to the
    rules text ("seed 000 Fly"); the player-facing filter removes every one, and the record's
    own lines for players carry none."""
    texts: set[str] = set()
    for _die, outcome in _outcomes():
        texts.update(c.source for c in outcome.contributions)
        texts.update(outcome.ignored)
        texts.update(u.reason for u in outcome.unresolved)
        texts.update(e.note for e in outcome.effects)
        texts.update(p.prompt for p in outcome.choices)
    assert any("seed 000" in t for t in texts)  # the references are the engine's own
    left = sorted(t for t in texts if INTERNAL.search(player_text(t)))
    assert left == []
    for icon, record in SAI_RECORDS.items():
        assert not INTERNAL.search(record.summary), icon
        assert not INTERNAL.search(player_text(record.effect)), icon


def test_the_record_type_is_one_import_with_its_code_fields():
    """The record type another ruleset reuses is importable from one place, and a record is
    the data and the code of its SAI together (Stomp's handler and its effect's runner)."""
    from dragondice_desktop.engine.sai import records
    assert records.SaiRecord is SaiRecord and not hasattr(records, "SAI_RECORDS")
    stomp = SAI_RECORDS[Icon.STOMP]
    assert callable(stomp.in_roll) and set(stomp.runners) == {"targets"}
    assert inspect.getmodule(sai_module(Icon.STOMP)).__name__.endswith("icons.stomp")
