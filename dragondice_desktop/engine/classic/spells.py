"""The 1996 spells (TSR digest §9.6, OP-16): the spells of the era whose cost and text were
retrieved have their own records here, with their 1996 facts; a 1996 game offers them and, for
every other spell, today's spell of the same name ("classic spells incomplete").

- Stoneskin (gold, 2, any race; CK2): the target army gets 1 automatic save until the beginning
  of the caster's next turn, in every save roll it makes meanwhile (it is not used up, §10).
  Castings on one army add up. It replaces today's Stone Skin, the same spell.
- Dust to Dust (gold, 3, any race; CK2): bury 1 health-worth of any player's dead units per
  casting (castings add up: more or bigger units, from several players' Dead Unit Areas).
- Path (gold, 4): its 1996 text is cut off; today's Path (cost 4, earth) is played (rulings).
- Hide, Savage, Backlash (Feral) and Summon Gold Dragonkin are listed in ``NOT_YET`` with why
  they are not offered.

Gold is the earth colour (§2.4), so gold spells are paid with earth magic. Race-only spells
are paid with magic made by units of that race, which needs the race in the army (§9.2).

Reserves (OP-16): a Reserve army may cast any spell whose targets are all its player's own
armies or units: the spells on an army (any army; from reserves only its own, ``targets``) and
the spells that act for the caster's own armies and units ("self"); never a spell on an
opposing army or unit, a terrain, a Dead Unit Area or a dragon.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from ...catalog.model import Spell, Species
from ..core.state import GameDie, GameState, Zone, ZoneKind
from ..rolls.model import ModOp
from ..spells.book import SPELLS, Condition, Resolver, SpellDef
from ..spells.casting import done
from ..spells.effects import SAV, army_modifier_spell, cast
from ..tasks.effect_steps import Events, ask, resume, units_pick
from ..tasks.kinds import RuleTask, picks_of

GOLD = "earth"  # the 1996 gold is the earth colour (TSR digest §2.4)


def colour_name(element: str) -> str:
    """The name players of the 1996 game give a magic element: earth is "gold" (TSR digest
    §1 "gold: the earth colour", §2.4; CK2 lists "Gold (Earth) Spells"); the others keep
    their names. For what the window shows; the rules pay gold spells with earth magic."""
    return "gold" if element == GOLD else element

CLASSIC_SPELLS: dict[str, SpellDef] = {}

# today's spells a 1996 spell of another spelling replaces
REPLACES = {"Stoneskin": "Stone Skin"}

# 1996 spells of §9.6 not offered yet, with why
NOT_YET = {
    "Hide": "1996 Feral spell (gold, 2): hiding units is not played yet",
    "Savage": "1996 Feral spell (gold, 3): not played yet",
    "Backlash": "1996 Feral spell (gold, 4): not played yet",
    "Summon Gold Dragonkin": "1996 spell (gold, 2): Dragonkin in the 1996 game follow "
                             "today's rules under the items-and-Dragonkin house rule; the "
                             "1996 summoning is not played yet",
}

# today's spells a 1996 game never offers, with why (TSR digest §2.5 "no TSR printing: refuse in
# classic"; OP-31 "minor terrains: refuse in classic"): a spell of a race TSR never printed
# (``forces.classic`` holds the races TSR printed) and a spell that moves minor terrains
NOT_IN_1996 = {
    "Esfah's Gift": "it moves a minor terrain, and minor terrains are not part of the 1996 game",
}


def offered_in_1996(spell: SpellDef) -> str:
    """Why today's `spell` is not in a 1996 game's spell book ("" when it is offered): its race
    was never printed by TSR (digest §2.5), or it needs what the 1996 game lacks (NOT_IN_1996)."""
    from ...forces.classic import RACES_OF_1997, TSR_RACES
    if spell.name in NOT_IN_1996:
        return NOT_IN_1996[spell.name]
    species = spell.info.species
    if species is not None and species not in TSR_RACES | RACES_OF_1997:
        return f"it is a {species.value} spell, a race the 1996 game does not have"
    return ""


# the target kinds a Reserve army may cast (OP-16; module docstring)
RESERVE_KINDS = frozenset({"army_any", "self"})


def reserve_may_cast(spell: SpellDef) -> bool:
    """Whether a Reserve army may cast `spell` in a 1996 game (OP-16): its targets are all the
    caster's own armies or units (``RESERVE_KINDS``)."""
    return spell.target in RESERVE_KINDS


@cache
def classic_book() -> dict[str, SpellDef]:
    """The spells of a 1996 game, by name: the 1996 records and today's spells of the other
    names (the ones a 1996 record replaces, and those ``offered_in_1996`` refuses, left out), today's with their Reserve mark set by
    OP-16 (``reserve_may_cast``) and no Cantrip mark (seed 002 Cantrip buys any spell), so
    the spell picker and the glossary show the 1996 rule. The caller must not change the
    dict."""
    replaced = set(REPLACES.values())
    # No spell of the 1996 book is marked Cantrip: 1996 Cantrip magic buys any spell (seed
    # 002 Cantrip; ``casting.Casting.any_spell``), so today's C mark means nothing there.
    book = {name: replace(s, facts=replace(s.info, reserve=reserve_may_cast(s),
                                           cantrip=False))
            for name, s in SPELLS.items()
            if name not in replaced and not offered_in_1996(s)}
    book.update(CLASSIC_SPELLS)
    return book


def classic_spell(name: str, cost: int, target: str, cumulative: bool, effect: str,
                  species: Species | None = None, condition: Condition | None = None
                  ) -> Callable[[Resolver], Resolver]:
    """Decorator: record the 1996 spell `name` (gold, `cost`, cast by `species` only if given)
    with its resolver. Its Reserve mark follows OP-16 (``reserve_may_cast``)."""
    def decorate(resolve: Resolver) -> Resolver:
        facts = Spell(f"Classic/{name}", name, cost, GOLD, species,
                      reserve=target in RESERVE_KINDS, cantrip=False)
        CLASSIC_SPELLS[name] = SpellDef(name, target, cumulative, resolve, effect, condition,
                                        facts)
        return resolve
    return decorate


@classic_spell("Stoneskin", 2, "army_any", True,
               "Army: 1 automatic save in each of its save rolls until the beginning of your "
               "next turn (not used up); extra castings add 1 each.")
def stoneskin(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """TSR digest §9.6 (CK2), §10: 1 save per casting added to every save roll of the army
    until the caster's next turn."""
    return army_modifier_spell(state, task, events, "adds {n} automatic save results to its "
                                                    "save rolls", ModOp.ADD, 1, SAV)


def _dead(state: GameState, player: int, zone: Zone | None) -> list[GameDie]:
    """The dead units Dust to Dust may bury: any player's (from reserves, only the caster's
    own, OP-16); never dragons."""
    players = ([player] if zone is not None and zone.kind is ZoneKind.RESERVE
               else range(state.player_count))
    return [u for p in players for u in state.units_in(Zone(ZoneKind.DUA, p), p)
            if u.die.kind.is_unit]


def _dust_condition(state: GameState, player: int, zone: Zone, element: str) -> str:
    return "" if _dead(state, player, zone) else "no dead unit to bury"


@classic_spell("Dust to Dust", 3, "self", True,
               "Bury 1 health-worth of any player's dead units; extra castings bury 1 "
               "health-worth more each.", condition=_dust_condition)
def dust_to_dust(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """TSR digest §9.6 (CK2): the caster picks up to 1 health-worth per casting of dead units
    from any players' Dead Unit Areas; they are buried."""
    from ..units.fates import bury

    _, times = cast(task)
    if task.stage == "resolve":
        units = _dead(state, task.player, task.zone)
        if not units:
            return done(state, task, "Dust to Dust: no dead unit to bury", events)
        question = units_pick(task.player, f"Dust to Dust: bury up to {times} health-worth "
                                           f"of dead units", units, budget=times,
                              maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    picked = picks_of(task)
    for unit in picked:
        state = bury(state, unit, events, "Dust to Dust")
    names = ", ".join(state.die_label(u) for u in picked) or "nobody"
    return done(state, task, f"Dust to Dust: {names} buried", events)
