"""The spell book: every v4.01 spell as a ``SpellDef`` registered by name (digest §7), with its
catalog facts (cost, colour, species, Reserve and Cantrip marks), its target kind and whether
castings add up.

Target kinds (what a ``cast`` action names after the element):
- "army_opp": an opposing army, at a terrain or in reserve (digest §10 #2) — ``<zone> <player>``;
- "army_any": any army, your own or an opponent's (digest §10 #12) — ``<zone> <player>``;
- "unit_opp": a unit in an opposing army — ``<die id>``;
- "terrain" / "terrain_not8" (not on its eighth face: Wall of Thorns) — ``<zone>``;
- "dua_opp": an opponent's DUA — ``<zone>``;
- "dragon" / "white_dragon": a dragon the casting element may summon — ``<die id>``;
- "self": nothing named; the spell acts for the casting army or player, and its `condition`
  says when it cannot be cast. Units such spells pick (Path, Rally ...) are chosen as they
  resolve (rulings).

The eight Dracolem (v4.02) spells have no rules text (digest §7): they are listed in
``UNAVAILABLE`` and never offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...catalog.loader import load_catalog
from ...catalog.model import Species, Spell
from ..tasks.effect_steps import Events
from ..core.state import GameState, Zone
from ..tasks.kinds import RuleTask

Resolver = Callable[[GameState, RuleTask, Events], tuple[GameState, bool]]
Condition = Callable[[GameState, int, Zone, str], str]


@dataclass(frozen=True)
class SpellDef:
    """A spell's rules: `target` kind (module docstring), `cumulative` (castings on one target
    add up, digest §5.3, §10 #11), `resolve` (a RuleTask runner), `effect` (paraphrased,
    digest §7), `condition` (self spells: why it cannot be cast now, "" if it can, given the
    state, the caster, the casting army's zone and the element)."""

    name: str
    target: str
    cumulative: bool
    resolve: Resolver
    effect: str
    condition: Condition | None = None
    # a 1996 spell's own facts (``classic.spells``); None: the catalog's v4.01 facts
    facts: Spell | None = None

    @property
    def info(self) -> Spell:
        """The spell's facts: cost, colour, species, reserve, cantrip (a 1996 spell's own,
        else the catalog's)."""
        if self.facts is not None:
            return self.facts
        return load_catalog().spells[f"Spells/{self.name}"]

    @property
    def slug(self) -> str:
        return slug(self.name)


SPELLS: dict[str, SpellDef] = {}


def register(name: str, target: str, cumulative: bool, effect: str,
             condition: Condition | None = None) -> Callable[[Resolver], Resolver]:
    """Decorator: register the resolver of spell `name`."""
    def decorate(resolve: Resolver) -> Resolver:
        SPELLS[name] = SpellDef(name, target, cumulative, resolve, effect, condition)
        return resolve
    return decorate


def slug(name: str) -> str:
    """The spell's word in action texts: "Esfah's Gift" -> "esfahs-gift"."""
    return name.lower().replace("'", "").replace(" ", "-")


def by_slug(word: str) -> SpellDef:
    """The spell named by an action word (a v4.01 spell or a 1996 one). Raises KeyError."""
    from ..classic.spells import CLASSIC_SPELLS

    for spell in (*SPELLS.values(), *CLASSIC_SPELLS.values()):
        if spell.slug == word:
            return spell
    raise KeyError(word)


def spell_named(name: str) -> SpellDef:
    """The record of spell `name`: a v4.01 spell, else a 1996 one (their names differ).
    Raises KeyError."""
    if name in SPELLS:
        return SPELLS[name]
    from ..classic.spells import CLASSIC_SPELLS

    return CLASSIC_SPELLS[name]


def spell_book(state: GameState) -> dict[str, SpellDef]:
    """The spells a game offers, by name: the v4.01 book, or in a 1996 game the 1996 book
    (``classic.spells.classic_book``: the retrieved 1996 spells, today's spell of the same
    name for the others)."""
    if not state.options.classic:
        return SPELLS
    from ..classic.spells import classic_book

    return classic_book()


def unavailable() -> dict[str, str]:
    """Spells of the catalog the engine never offers, with why (the Dracolem's alloy spells)."""
    return {s.name: "Dracolem (v4.02) spell: its rules text is not available (digest §7)"
            for s in load_catalog().spells.values() if s.species is Species.DRACOLEM}
