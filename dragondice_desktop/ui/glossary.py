"""The SAI and spell glossary, generated from the engine (no Qt here).

For every Special Action Icon: our one-line summary (`glossary_texts.py`), the rolls it
applies to (the engine's `APPLIES` table), how far the engine resolves it
(`coverage.rules_coverage`), and — asked of the engine itself through `face_results` —
what it gives in each kind of roll, written with X. Spells come from the catalog.

`describe_outcome` (one face in one roll, in a few words) is shared with the die inspector.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ..catalog.loader import load_catalog
from ..catalog.model import SAI_ICONS, Die, Face, Icon, Spell
from ..engine.core.options import CLASSIC, V401
from ..engine.coverage import rules_coverage
from ..rule_tests import load_rule_tests
from ..engine.rolls.model import FaceOutcome, ModOp, RollKind
from ..engine.rolls.pipeline import RollContext, RollType, face_results
from ..engine.sai.registry import APPLIES, SAI_TEXT
from ..engine.spells import SPELLS
from ..player_text import player_text
from .glossary_texts import SUMMARY

# The kinds of roll the glossary and the inspector ask about, with their column names. In a
# game cantrip-only magic buys Cantrip spells in each of them (digest §5.3; seed 000 Cantrip),
# so they are counted as in play.
ROLLS: tuple[tuple[str, RollContext], ...] = tuple(
    (name, replace(ctx, cantrip_spells=True)) for name, ctx in (
        ("Maneuver", RollContext(RollType.MANEUVER)),
        ("Melee", RollContext(RollType.MELEE)),
        ("Missile", RollContext(RollType.MISSILE)),
        ("Magic", RollContext(RollType.MAGIC)),
        ("Save vs melee", RollContext(RollType.SAVE, save_against=RollType.MELEE)),
        ("Save vs missile", RollContext(RollType.SAVE, save_against=RollType.MISSILE)),
        ("Individual save", RollContext(RollType.SAVE, kind=RollKind.INDIVIDUAL,
                                        against_individual=True)),
        ("Dragon attack", RollContext.dragon_attack()),
    ))

_EFFECT_WORDS = {
    "targets": "targets defending units", "damage_no_save": "damage with no save",
    "damage_to_attacker": "damage to the attacker", "delayed": "acts on the defenders' save",
    "army_lasting": "lasting effect on an enemy army", "subtract_saves": "defenders lose saves",
    "move_units": "may move units", "return_from_dua": "may bring back units from the DUA",
    "promote": "may promote units", "relic": "re-roll, recruit or promote",
    "unit_damage": "damages one unit", "charge": "charge", "charm": "charms defenders",
    "cloak": "lasting saves", "coil": "coils one unit", "hug": "hugs one unit",
    "illusion": "hides an army", "plague": "plague", "sleep": "puts a unit to sleep",
    "surprise": "no counter-attack", "vanish": "the unit may vanish",
    "wayfare": "may move instead", "bash": "hits back an attacking unit",
}


def _x(a1: int, a2: int) -> str:
    """An amount seen with X = 1 and X = 2, written with X: "X", "2X", or a fixed "2"."""
    if a1 == a2:
        return str(a1)
    if a2 == 2 * a1:
        return "X" if a1 == 1 else f"{a1}X"
    return f"{a1}–{a2}"


def _with_x(once: str, twice: str | None) -> str:
    """`once` (worked out with X = 1) with each "1" that reads "2" in `twice` (X = 2)
    written as X; the rule's own name at the start ("Regenerate: ...") is dropped."""
    if twice is not None:
        a, b = once.split(" "), twice.split(" ")
        if len(a) == len(b):
            once = " ".join("X" if (x, y) == ("1", "2") else x for x, y in zip(a, b))
    head, sep, rest = once.partition(": ")
    text = rest if sep and len(head) < 30 else once
    return _SOURCES.sub("", text)


# "(digest §4.5)", "(seed 000 Fly)": where a rule comes from, which players do not need here.
_SOURCES = re.compile(r"\s*\((?:digest|seed)\b[^)]*\)")


def describe_outcome(outcome: FaceOutcome, twice: FaceOutcome | None = None) -> str:
    """A few words for what one face gives in one roll, e.g. "3 melee; rolls again".

    With `twice` (the same face with every count doubled), amounts are written with X.
    Returns "—" when the face does nothing in that roll.
    """
    def amount(a: int, b: int | None) -> str:
        return _x(a, b) if b is not None else str(a)

    parts = []
    other = list(twice.contributions) if twice is not None else []
    for n, c in enumerate(outcome.contributions):
        if c.amount == 0:
            continue
        second = other[n].amount if n < len(other) else None
        parts.append(f"{amount(c.amount, second)} {c.result_type.value}")
    for m in outcome.modifiers:
        if m.op is ModOp.MULTIPLY:
            who = {"best": "one unit's", "feral": "Feral units'"}.get(str(m.unit), "")
            what = "/".join(t.value for t in m.types) or "results"
            parts.append(f"×{m.amount} {who} {what}".replace("  ", " "))
        else:
            parts.append(f"{m.op.value} {m.amount}")
    other_effects = list(twice.effects) if twice is not None else []
    for n, e in enumerate(outcome.effects):
        second = other_effects[n].amount if n < len(other_effects) else None
        words = _EFFECT_WORDS.get(e.kind, e.kind.replace("_", " "))
        parts.append(f"{words} ({amount(e.amount, second)})" if e.amount else words)
    if outcome.cantrip_magic:
        second = twice.cantrip_magic if twice is not None else None
        parts.append(f"{amount(outcome.cantrip_magic, second)} cantrip-only magic")
    if outcome.cancels_automatic_saves:
        parts.append("no automatic saves")
    other_choices = list(twice.choices) if twice is not None else []
    for n, point in enumerate(outcome.choices):
        second = other_choices[n].prompt if n < len(other_choices) else None
        parts.append(f"you choose: {_with_x(point.prompt, second)}")
    if outcome.rerolls:
        parts.append("rolls again")
    for u in outcome.unresolved[:1]:
        # A handler that needs the other army's roll reports it "not known" out of play;
        # in a game the engine has that roll, so this is not a gap in the rules.
        parts.append("worked out in play from the other army's roll" if "not known" in u.reason
                     else "not resolved by the app yet")
    return "; ".join(parts) or "—"


@dataclass(frozen=True)
class SaiEntry:
    """One SAI in the glossary.

    summary: our one line; rules: the engine's longer effect text ("" if none);
    applies: the rolls it works in (as the rules list them); status / status_note: how far
    the engine resolves it; rolls: (roll name, what it gives there, written with X);
    example: the catalog die the roll results were worked out on.
    """

    icon: Icon
    summary: str
    rules: str
    applies: str
    status: str
    status_note: str
    rolls: tuple[tuple[str, str], ...]
    example: str

    @property
    def name(self) -> str:
        """The icon's name."""
        return self.icon.value


def _bearers(icon: Icon) -> list[Die]:
    """The units and items of the catalog printed with `icon`, one per kind and species
    (the ones whose answers can differ)."""
    seen, dice = set(), []
    for die in load_catalog():
        if (die.kind.is_unit or die.kind.is_item) and any(
                i is icon for face in die.faces for i, _ in face.icons):
            key = (die.kind, die.species, die.autosaves > 0)
            if key not in seen:
                seen.add(key)
                dice.append(die)
    return dice


def _best_rolls(icon: Icon) -> tuple[Die | None, tuple[tuple[str, str], ...]]:
    """The bearer on which `icon` does most (an icon like Belly only shows on a die with
    automatic saves), and its rolls."""
    best: tuple[int, Die | None, tuple] = (-1, None, ())
    for die in _bearers(icon):
        rolls = _rolls_for(icon, die)
        score = sum(1 for _, text in rolls if text != "—")
        if score > best[0]:
            best = (score, die, rolls)
    return best[1], best[2]


def _rolls_for(icon: Icon, die: Die) -> tuple[tuple[str, str], ...]:
    """What `icon` gives in each roll of ROLLS, on a one-face copy of `die`."""
    once = replace(die, faces=(Face(((icon, 1),)),))
    twice = replace(die, faces=(Face(((icon, 2),)),))
    rows = []
    for name, ctx in ROLLS:
        try:
            text = describe_outcome(face_results(once, 0, ctx), face_results(twice, 0, ctx))
        except ValueError as exc:
            text = f"— ({exc})"
        rows.append((name, text))
    return tuple(rows)


@lru_cache(maxsize=1)
def sai_entries() -> tuple[SaiEntry, ...]:
    """Every SAI of the catalog, sorted by name."""
    coverage = {icon: (status, note)
                for icon, status, note in rules_coverage(load_rule_tests())}
    entries = []
    for icon in sorted(SAI_ICONS, key=lambda i: i.value):
        die, rolls = _best_rolls(icon)
        status, note = coverage.get(icon, ("not on any die", ""))
        entries.append(SaiEntry(  # the engine's texts, in the players' words
            icon=icon, summary=player_text(SUMMARY.get(icon, "")),
            rules=player_text(SAI_TEXT.get(icon, "")),
            applies=player_text(APPLIES.get(icon, "Special")), status=status,
            status_note=player_text(note),
            rolls=tuple((name, player_text(text)) for name, text in rolls),
            example=die.key if die is not None else "",
        ))
    return tuple(entries)


@lru_cache(maxsize=1)
def classic_sai_entries() -> tuple[SaiEntry, ...]:
    """The SAIs as the 1996 game reads them, sorted by name: every icon of the 1996
    action-icon list that a die of the catalog shows, with its 1996 record's summary and what
    it gives in each roll the list names (``engine.classic.records``), and its status under
    the 1996 rules (``engine.coverage.classic_rows``). Icons the 1996 list lacks are left
    out (no 1996 die shows them)."""
    from ..engine.classic.records import RECORDS
    from ..engine.coverage import classic_rows

    rows = {r.name: r for r in classic_rows(load_rule_tests())}
    entries = []
    for rec in sorted((r for r in RECORDS if r.icon in SAI_ICONS),
                      key=lambda r: r.icon.value if r.icon else ""):
        assert rec.icon is not None  # filtered above
        row = rows.get(rec.name)
        entries.append(SaiEntry(
            icon=rec.icon, summary=player_text(rec.summary), rules="",
            applies=", ".join(roll for roll, _ in rec.rolls) or "Special",
            status=row.status if row else "not handled",
            status_note=player_text(row.reason) if row else "",
            rolls=tuple((roll, player_text(text)) for roll, text in rec.rolls), example=""))
    return tuple(entries)


def sai_entries_of(ruleset: str = V401) -> tuple[SaiEntry, ...]:
    """The SAI entries of the game of `ruleset`: ``sai_entries`` for v4.01,
    ``classic_sai_entries`` for the 1996 game."""
    return classic_sai_entries() if ruleset == CLASSIC else sai_entries()


def spells(ruleset: str = V401) -> tuple[Spell, ...]:
    """Every spell of the game of `ruleset`, sorted by name: the catalog's for v4.01; for the
    1996 game its spell book (``engine.classic.spells.classic_book``: the 1996 spells, with
    their 1996 facts, and today's spells the 1996 game has)."""
    if ruleset == CLASSIC:
        from ..engine.classic.spells import classic_book

        return tuple(sorted((s.info for s in classic_book().values()), key=lambda s: s.name))
    return tuple(sorted(load_catalog().spells.values(), key=lambda s: s.name))


def spells_not_played(ruleset: str = V401) -> tuple[tuple[str, str], ...]:
    """The spells of the game of `ruleset` the app does not play yet, with why, by name:
    for the 1996 game those of its era not offered yet (``engine.classic.spells.NOT_YET``);
    none for v4.01 (its alloy spells are listed with the others)."""
    if ruleset != CLASSIC:
        return ()
    from ..engine.classic.spells import NOT_YET

    return tuple(sorted(NOT_YET.items()))


def spell_facts(spell: Spell, ruleset: str = V401) -> str:
    """E.g. "2 magic, fire · any species · cantrip (C)"; a 1996 spell's colour as the 1996
    game names it ("2 magic, gold · any species")."""
    marks = []
    if spell.reserve:
        marks.append("castable from reserves (R)")
    if spell.cantrip:
        marks.append("cantrip (C)")
    colour = spell.color
    if ruleset == CLASSIC:
        from ..engine.classic.spells import colour_name

        colour = colour_name(colour)
    species = spell.species.value if spell.species else "any species"
    return " · ".join([f"{spell.cost} magic, {colour}", species] + marks)


def spell_text(spell: Spell, ruleset: str = V401) -> str:
    """What the spell does: the effect line of the engine's spell record in the game of
    `ruleset` (the one the spell picker shows); "" for the alloy spells, which the engine
    does not offer."""
    if ruleset == CLASSIC:
        from ..engine.classic.spells import classic_book

        record = classic_book().get(spell.name)
    else:
        record = SPELLS.get(spell.name)
    return player_text(record.effect) if record is not None else ""
