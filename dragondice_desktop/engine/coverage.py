"""Which rules the engine handles, where each lives and which tests check it
(``dragondice rules-coverage``, the app's Rules coverage page).

One row per rule of five kinds (``KINDS``): every SAI printed on a die of the catalog
("sai"), every spell ("spell"), every species ability ("species"), every eighth-face power
("eighth_face") and every minor-terrain face ("minor_terrain"); and one per ID, action or
dragon face (kind "": the roll pipeline counts them; no test mark). Each row is read from the
engine's own registries — the SAI records (``sai.registry.SAI_RECORDS``: one file per SAI
under ``sai/icons/``, and its file is that one), the spell book
(``spells.SPELLS``), the species abilities (``species.registry``) and eighth-face powers
(``core.rule_homes``), the
minor terrains' tables (``terrains.minor``) — and its ``file`` is the source file of the code
that applies it (found with ``inspect``, never typed by hand).

A rule is "handled" when the engine applies it AND at least one test is marked with it
(``@pytest.mark.rule(kind, name...)``; the index of marks, ``resources/rule_tests.json``, is
passed in as ``tests``: the engine reads no files). The other statuses: "partial" (the reason
says which part is not applied), "not handled" (the reason says why) and "not tested" (applied,
but no test is marked with it). A part not applied is never dropped in play: it is reported as
"Not resolved" in the log and the roll breakdown, or never offered (spells).

``tests`` maps ``rule_key(kind, name)`` ("sai:Stomp", "species:Feral: Feralization") to test
ids ("tests/engine/test_x.py::test_y"); None means "do not ask about tests" (the statuses are
the engine's alone, and no row is "not tested").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ..catalog.loader import load_catalog
from ..catalog.model import (
    ACTION_ICONS, DRAGON_ICONS, EIGHTH_FACE_ICONS, MINOR_TERRAIN_ICONS, Die, DieKind, Icon,
)
from . import game as _game  # noqa: F401 — imports every rules module, so the registries are full
from . import spells
from .spells import casting as spell_casting
from .core.rule_homes import EIGHTH_FACE, SPECIES, HOMES, code_file, home_file, homes
from .rolls.model import RollContext, RollKind, RollType
from .sai.icon_roll import NO_RULES_TEXT
from .sai.effects import EXCHANGE_KINDS
from .sai.registry import SAI_HANDLERS, SAI_RECORDS, sai_module
from .sai.results import sai_outcome
from .species import registry as species_registry
from .core.options import CLASSIC, V401
from .classic import effect_runners as classic_runners, effects as classic_effects
from .classic.counting import HANDLERS as CLASSIC_HANDLERS
from .classic.records import BASIC, RECORDS as CLASSIC_RECORDS, ClassicIcon
from .rolls import pipeline as _pipeline
from .terrains import minor

HANDLED, PARTIAL, NOT_HANDLED, NOT_TESTED = "handled", "partial", "not handled", "not tested"
STATUSES = (HANDLED, PARTIAL, NOT_HANDLED, NOT_TESTED)

SAI, SPELL, MINOR_TERRAIN, CLASSIC_ICON = "sai", "spell", "minor_terrain", "classic_icon"
CLASSIC_SPELL = "classic_spell"
# The kinds of rule a test may be marked with (``@pytest.mark.rule(kind, ...)``).
KINDS = (SAI, SPELL, SPECIES, EIGHTH_FACE, MINOR_TERRAIN, CLASSIC_ICON, CLASSIC_SPELL)
# The rulesets the coverage can be listed for (``dragondice rules-coverage --ruleset``).
RULESET_NAMES = (V401, CLASSIC)

Tests = Mapping[str, Sequence[str]]

DRAGON_FACE = "a dragon's face in the Dragon Attack phase (digest §1.7, §5.4)"

# The rolls each die bearing an SAI is asked about (as play makes them: Cantrip spells
# offered), to find where its code says its rules text is missing (``_missing_rules_text``).
_PROBES = tuple(RollContext(rt, cantrip_spells=True) for rt in (
    RollType.MANEUVER, RollType.MELEE, RollType.MISSILE, RollType.MAGIC)) + (
    RollContext(RollType.SAVE, save_against=RollType.MELEE, cantrip_spells=True),
    RollContext.dragon_attack(cantrip_spells=True),
    RollContext(RollType.SAVE, kind=RollKind.INDIVIDUAL, against_individual=True,
                cantrip_spells=True))


# Spells the engine applies only in part: the part missing (digest §7).
_PARTIAL_SPELLS: dict[str, str] = {}

_MINOR_FACES = {
    **dict.fromkeys(minor.ID_FACES,
                    "a minor terrain's ID face: turned to the action face the player chooses "
                    "(digest §1.6)"),
    Icon.DOUBLE_MANEUVERS: "the army's ID results doubled in its maneuver rolls (digest §1.6)",
    Icon.DOUBLE_SAVES: "the army's ID results doubled in its save rolls (digest §1.6)",
    Icon.FLOOD: "halves the army's maneuver; buried at its next march (digest §1.6)",
    Icon.FLANKED: "halves the army's saves; buried at its next march (digest §1.6)",
    Icon.DUST_STORM: "halves the army's missile; buried at its next march (digest §1.6)",
    Icon.REVOLT: "halves the army's melee; buried at its next march (digest §1.6)",
}


@dataclass(frozen=True)
class CoverageRow:
    """One rule of the report: `kind` (one of KINDS), `name` (as a test's mark names it),
    `status` (one of STATUSES), `reason` (what the engine does, or why not), `file` (the
    source file that applies it; "" when nothing does) and `tests` (the test ids marked with
    it; () when not asked)."""

    kind: str
    name: str
    status: str
    reason: str
    file: str = ""
    tests: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The rule's key in the index of marks: ``rule_key(kind, name)``."""
        return rule_key(self.kind, self.name)


def rule_key(kind: str, name: str) -> str:
    """The key of a rule in the index of test marks: "sai:Stomp", "species:Feral: Stampede"."""
    return f"{kind}:{name}"


def _icon_kinds() -> dict[Icon, set[DieKind]]:
    kinds: dict[Icon, set[DieKind]] = {}
    for die in load_catalog():
        for face in die.faces:
            for icon, _ in face.icons:
                kinds.setdefault(icon, set()).add(die.kind)
    return kinds


@cache
def _bearers() -> dict[Icon, tuple[tuple[Die, int], ...]]:
    """Icon -> (die, X of its first face with the icon) for every die of the catalog but
    the dragons (whose faces the Dragon Attack phase reads)."""
    out: dict[Icon, list[tuple[Die, int]]] = {}
    for die in load_catalog():
        if die.kind is DieKind.DRAGON:
            continue
        seen: set[Icon] = set()
        for face in die.faces:
            for icon, x in face.icons:
                if icon not in seen:
                    seen.add(icon)
                    out.setdefault(icon, []).append((die, x))
    return {icon: tuple(dice) for icon, dice in out.items()}


def _missing_rules_text(icon: Icon) -> tuple[list[Die], dict[str, list[Die]]]:
    """The dice bearing SAI `icon` whose code applies it in every roll probed, and the others
    by what is missing: the rest of the words after ``NO_RULES_TEXT`` in what the code
    reports as not resolved ("" or " (the Earthfang relic's FAQ entry)")."""
    applied: list[Die] = []
    missing: dict[str, list[Die]] = {}
    for die, x in _bearers().get(icon, ()):
        gaps = {u.reason.split(NO_RULES_TEXT, 1)[1] for ctx in _PROBES
                for u in sai_outcome(die, 1, icon, x, ctx).unresolved
                if NO_RULES_TEXT in u.reason}
        if gaps:
            missing.setdefault(min(gaps), []).append(die)
        else:
            applied.append(die)
    return applied, missing


def _dice_words(dice: Sequence[Die]) -> str:
    """Dice named for the report: one die of its kind and species by its name, several as
    "the <species> <kind>s" ("the Eldarim champions", "the medallions")."""
    groups: dict[str, list[str]] = {}
    for die in dice:
        species = f"{die.species.value} " if die.species is not None else ""
        groups.setdefault(f"the {species}{die.kind.value}s", []).append(die.name)
    return ", ".join(sorted(names[0] if len(names) == 1 else label
                            for label, names in groups.items()))


def _icon_row(icon: Icon, kinds: set[DieKind]) -> tuple[str, str, str, str]:
    """(kind, status, reason, file) of an icon printed on a die."""
    if icon is Icon.ID or icon in ACTION_ICONS:
        if kinds <= {DieKind.TERRAIN, DieKind.MINOR_TERRAIN}:
            return "", HANDLED, "the terrain face decides the army's action (digest §3.5)", ""
        return "", HANDLED, "counted in every roll (digest §1.2)", ""
    if icon in EIGHTH_FACE_ICONS:
        home = HOMES.get((EIGHTH_FACE, icon.value))
        if home is None:
            return EIGHTH_FACE, NOT_HANDLED, "no power registered", ""
        return EIGHTH_FACE, HANDLED, home.says, home_file(home)
    if icon in MINOR_TERRAIN_ICONS:
        return MINOR_TERRAIN, HANDLED, _MINOR_FACES[icon], code_file(minor)
    unit_faces = kinds & {DieKind.UNIT, DieKind.MONSTER, DieKind.CHAMPION, DieKind.EQUIPMENT,
                          DieKind.ARTIFACT, DieKind.MEDALLION, DieKind.RELIC}
    if icon in DRAGON_ICONS and not unit_faces:
        return "", HANDLED, DRAGON_FACE, ""
    module = sai_module(icon)
    where = code_file(module) if module is not None else ""  # the SAI's own file
    applied, missing = _missing_rules_text(icon)
    if missing and not applied:  # the Dracolem icons
        dice = [die for dice in missing.values() for die in dice]
        return (SAI, NOT_HANDLED, f"rules text not available (digest §9): every roll reports it "
                                  f"as not resolved, on every die bearing it ({_dice_words(dice)})",
                where)
    if icon not in SAI_HANDLERS:
        return SAI, NOT_HANDLED, "no handler", where
    dragon_note = f"; on dragons: {DRAGON_FACE}" if DieKind.DRAGON in kinds else ""
    if missing:  # the logo, whose meaning depends on the die
        gaps = "; ".join(f"{', '.join(d.name for d in dice)}{rest}"
                         for rest, dice in sorted(missing.items()))
        return (SAI, PARTIAL, f"handled on {_dice_words(applied)}; rules text not available "
                              f"(digest §9), reported as not resolved, on {gaps}" + dragon_note,
                where)
    spec = SAI_RECORDS[icon].targets
    if spec is not None and spec.spares_reserve_army:
        dragon_note += "; it does nothing in a Tower's missile attack on a Reserve army"
    return (SAI, HANDLED, "in every roll its text applies to (seed 000 / 001)" + dragon_note,
            where)


def _tested(kind: str, name: str, status: str, reason: str, where: str,
            tests: Tests | None) -> CoverageRow:
    """The row, its status lowered to NOT_TESTED when the engine applies it and no test is
    marked with it."""
    if tests is None or not kind:
        return CoverageRow(kind, name, status, reason, where)
    marked = tuple(tests.get(rule_key(kind, name), ()))
    if status in (HANDLED, PARTIAL) and not marked:
        return CoverageRow(kind, name, NOT_TESTED, reason + "; no test checks it yet", where)
    return CoverageRow(kind, name, status, reason, where, marked)


def icon_rows(tests: Tests | None = None) -> list[CoverageRow]:
    """One row per icon printed on a die of the catalog, by icon name: SAIs are kind "sai",
    eighth faces "eighth_face", minor-terrain faces "minor_terrain"; ID, action and dragon
    faces (counted by the roll pipeline itself) have kind ""."""
    rows = [_tested(kind, icon.value, status, reason, where, tests)
            for icon, k in _icon_kinds().items()
            for kind, status, reason, where in (_icon_row(icon, k),)]
    return sorted(rows, key=lambda r: r.name)


def rules_coverage(tests: Tests | None = None) -> list[tuple[Icon, str, str]]:
    """One (icon, status, reason) row per icon printed on a die of the catalog."""
    return [(Icon(r.name), r.status, r.reason) for r in icon_rows(tests)]


def spell_rows(tests: Tests | None = None) -> list[CoverageRow]:
    """One row per spell of the catalog, by name; its file is its resolver's."""
    unavailable = spells.unavailable()
    rows = []
    for spell in sorted(load_catalog().spells.values(), key=lambda s: s.name):
        if spell.name in unavailable:
            rows.append(_tested(SPELL, spell.name, NOT_HANDLED, unavailable[spell.name], "",
                                tests))
            continue
        book = spells.SPELLS[spell.name]
        status, reason = ((PARTIAL, _PARTIAL_SPELLS[spell.name])
                          if spell.name in _PARTIAL_SPELLS else (HANDLED, book.effect))
        rows.append(_tested(SPELL, spell.name, status, reason, code_file(book.resolve), tests))
    return rows


def spell_coverage(tests: Tests | None = None) -> list[tuple[str, str, str]]:
    """One (spell name, status, reason) row per spell of the catalog, by name."""
    return [(r.name, r.status, r.reason) for r in spell_rows(tests)]


def species_rows(tests: Tests | None = None) -> list[CoverageRow]:
    """One row per species ability of the species registry (``species/registry.py``, which
    records each in ``core.rule_homes``), named "Species: Ability", by name; its file is the
    species' file that holds it."""
    species_registry.load()
    return [_tested(SPECIES, h.name, HANDLED, h.says + _since(h.since), home_file(h), tests)
            for h in homes(SPECIES)]


def _since(revision: int) -> str:
    return "" if revision <= 1 else f" (rules revision {revision})"


def species_coverage(tests: Tests | None = None) -> list[tuple[str, str, str]]:
    """One ("Species: Ability", status, reason) row per species ability (digest §6)."""
    return [(r.name, r.status, r.reason) for r in species_rows(tests)]


# 1996 icons whose counting or effect covers only part of their text: the part missing.
# (none since Illusion's separate roll follows the whole round: TSR digest OP-36)
_CLASSIC_PARTIAL: dict[str, str] = {}


# 1996 icons that act only in a roll of their own, made in play: where it is made.
_CLASSIC_OWN_ROLL = {
    "Dispel Magic": ("nothing in ordinary rolls; its own roll is made once spells aimed at it, "
                     "its army or its terrain are declared, by the same procedure as in the "
                     "v4.01 game", spell_casting),
    "Wave": ("nothing in ordinary rolls; its own roll is made after each opposing army's save "
             "or maneuver roll at its terrain", classic_runners.wave_rolls),
}


def _classic_row(rec: ClassicIcon, printed: set[Icon]) -> tuple[str, str, str]:
    """(status, reason, file) of one icon of the 1996 list."""
    if rec.group == BASIC:
        return HANDLED, "counted in every roll, as in the 1996 list", code_file(_pipeline)
    kind = rec.effect_kind
    if rec.icon is None or rec.icon not in printed:
        if kind in classic_effects.RUNNERS:
            return (HANDLED, "no die of the app's catalog shows this icon, so it is never "
                             "rolled; its effect is applied in play by its own procedure",
                    code_file(classic_effects.RUNNERS[kind]))
        return (NOT_HANDLED, "no die of the app's catalog shows this icon, so it is never "
                             "rolled; its meaning is recorded", code_file(classic_effects))
    where = code_file(CLASSIC_HANDLERS[rec.icon])
    if rec.name in _CLASSIC_OWN_ROLL:
        words, home = _CLASSIC_OWN_ROLL[rec.name]
        return HANDLED, words, code_file(home)
    if rec.name in _CLASSIC_PARTIAL:
        return PARTIAL, _CLASSIC_PARTIAL[rec.name], where
    if kind in classic_effects.CLASSIC_EFFECT_KINDS and kind not in classic_effects.RUNNERS:
        return (PARTIAL, "counted in every roll of the 1996 game; its effect is shown with the "
                         "roll but not yet applied in play", where)
    if (kind and kind not in classic_effects.CLASSIC_EFFECT_KINDS
            and kind not in EXCHANGE_KINDS and kind not in SAI_RECORDS[rec.icon].runners):
        return (PARTIAL, "counted in every roll of the 1996 game; the v4.01 procedure of this "
                         "icon does not apply its 1996 effect, so play shows it as not "
                         "resolved", where)
    applied = ("" if not kind else ", its effect applied in play by its own 1996 procedure"
               if kind in classic_effects.CLASSIC_EFFECT_KINDS
               else ", its effect applied in play by the same procedure as in the v4.01 game")
    return HANDLED, f"counted in every roll of the 1996 game{applied}", where


def classic_rows(tests: Tests | None = None) -> list[CoverageRow]:
    """One row per icon of the 1996 action-icon list (kind "classic_icon"), in the list's
    order: its status under the 1996 rules, the file that counts it and the tests marked
    with it."""
    printed = set(_icon_kinds())
    return [_tested(CLASSIC_ICON, rec.name, *_classic_row(rec, printed), tests)
            for rec in CLASSIC_RECORDS]


def classic_spell_rows(tests: Tests | None = None) -> list[CoverageRow]:
    """One row per 1996 spell of TSR digest §9.6 with a known cost (kind "classic_spell"), by
    name: those with a 1996 record (``classic.spells``), Path (today's Path, rulings) and those
    not offered yet, with why."""
    from .classic.spells import CLASSIC_SPELLS, NOT_YET

    rows = [_tested(CLASSIC_SPELL, s.name, HANDLED, s.effect, code_file(s.resolve), tests)
            for s in CLASSIC_SPELLS.values()]
    path = spells.SPELLS["Path"]
    rows.append(_tested(CLASSIC_SPELL, "Path", PARTIAL, "its 1996 text is cut off: today's "
                        "Path is played (" + path.effect + ")", code_file(path.resolve), tests))
    rows += [_tested(CLASSIC_SPELL, name, NOT_HANDLED, why, "", tests)
             for name, why in NOT_YET.items()]
    return sorted(rows, key=lambda r: r.name)


def coverage_rows(tests: Tests | None = None) -> list[CoverageRow]:
    """Every rule: species abilities, spells, then every icon printed on a die (SAIs, eighth
    faces, minor-terrain faces, and the ID, action and dragon faces), each part by name, then
    the icons of the 1996 list (``classic_rows``)."""
    return (species_rows(tests) + spell_rows(tests) + icon_rows(tests) + classic_rows(tests)
            + classic_spell_rows(tests))


def rule_names() -> dict[str, set[str]]:
    """The names a test's ``rule`` mark may give, by kind (every row of a kind, whatever its
    status)."""
    names: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for row in coverage_rows():
        if row.kind:
            names[row.kind].add(row.name)
    return names


def _grouped(tests: Sequence[str]) -> list[str]:
    """Test ids with the cases of one parametrized test shown once: "file::test (3 cases)"."""
    cases: dict[str, list[str]] = {}
    for test in tests:
        cases.setdefault(test.split("[", 1)[0], []).append(test)
    return [ids[0] if len(ids) == 1 else f"{name} ({len(ids)} cases)"
            for name, ids in cases.items()]


def _table(rows: Sequence[CoverageRow], what: str, words: Callable[[str], str],
           developer: bool) -> list[str]:
    width = max(len(r.name) for r in rows)
    counts = {s: sum(1 for r in rows if r.status == s) for s in STATUSES}
    lines = []
    for r in rows:
        lines.append(f"{r.name:<{width}}  {r.status:<11}  {words(r.reason)}")
        if developer:
            lines.append(f"{'':<{width}}  {'':<11}  file: {r.file or '-'}")
            lines.extend(f"{'':<{width}}  {'':<11}  test: {t}" for t in _grouped(r.tests))
    return lines + [f"{len(rows)} {what}: " + ", ".join(f"{n} {s}" for s, n in counts.items()
                                                          if n or s != NOT_TESTED)]


def coverage_text(words: Callable[[str], str] = str, tests: Tests | None = None,
                  developer: bool = False, ruleset: str = V401) -> str:
    """The coverage as plain-text tables for the command line: species abilities, spells,
    then icons (SAIs, eighth faces and minor-terrain faces among them), each closed by a line
    of counts. ``words`` rewrites each reason for its readers (the command line passes the
    helper that drops the developers' references to the rules text); `developer` adds under
    each row the file that applies it and the tests marked with it (``tests``). `ruleset`
    CLASSIC lists the icons of the 1996 list under the 1996 rules instead. Raises ValueError
    for an unknown ruleset."""
    if ruleset not in RULESET_NAMES:
        raise ValueError(f"ruleset {ruleset!r} is unknown; known: {', '.join(RULESET_NAMES)}")
    if ruleset == CLASSIC:
        return "\n\n".join("\n".join(_table(rows, what, words, developer)) for what, rows in (
            ("icons of the 1996 list", classic_rows(tests)),
            ("1996 spells", classic_spell_rows(tests))))
    return "\n\n".join("\n".join(_table(rows, what, words, developer)) for what, rows in (
        ("species abilities", species_rows(tests)), ("spells", spell_rows(tests)),
        ("icons", icon_rows(tests))))
