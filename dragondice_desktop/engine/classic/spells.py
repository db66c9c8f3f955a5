"""The 1996 spells (TSR digest §9.6, OP-16): the spells of the era whose cost and text were
retrieved have their own records here, with their 1996 facts; a 1996 game offers them and, for
every other spell, today's spell of the same name ("classic spells incomplete").

- Stoneskin (gold, 2, any race; CK2): the target army gets 1 automatic save until the beginning
  of the caster's next turn, in every save roll it makes meanwhile (it is not used up, §10).
  Castings on one army add up. It replaces today's Stone Skin, the same spell.
- Dust to Dust (gold, 3, any race; CK2): bury 1 health-worth of any player's dead units per
  casting (castings add up: more or bigger units, from several players' Dead Unit Areas).
- Savage (gold, 3, Feral; CK2): 1 health-worth of the target army's units, the caster's pick,
  make an immediate melee attack on the rest of their army, which saves; castings add up.
- Backlash (gold, 4, Feral; CK2): on a terrain until the beginning of the caster's next turn;
  an army there that casts spells then saves against damage equal to the magic it spent
  (``backlash_tasks``, queued by the casting).
- Path (gold, 4): its 1996 text is cut off; today's Path (cost 4, earth) is played (rulings).
- Summon Gold Dragonkin (gold, 2, any race; CK2): 1 health-worth of the caster's gold
  Dragonkin joins the casting army; castings add up. Dragonkin play in a 1996 game only under
  the house rule "items and Dragonkin" (OP-30), under today's Dragonkin rules (they wait in the
  Summoning Pool); without it the spell is refused with that reason.
- Hide (gold, 2, Feral; CK2): 1 health-worth of the caster's units per casting hides until
  the end of the caster's next turn: a hidden unit makes no roll (``sai.lasting.NO_ROLL_KINDS``)
  and is never a target or a casualty (``sai.lasting.untouchable``).

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
from ..core.state import GameDie, GameState, LastingEffect, Zone, ZoneKind
from ..rolls.model import ModOp
from ..spells.book import SPELLS, Condition, Resolver, SpellDef
from ..spells.casting import done
from ..core.events import Event
from ..rolls.individual_roll import unit_roll
from ..rolls.model import RollType
from ..spells.effects import SAV, army_modifier_spell, army_there, cast, gone, lasting
from ..tasks.effect_steps import Events, ask, resume, units_pick
from ..tasks.kinds import RuleTask, Task, picks_of

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
NOT_YET: dict[str, str] = {}

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
    return army_modifier_spell(state, task, events, "gets automatic saves: {n} save results "
                                                    "added to each of its save rolls",
                               ModOp.ADD, 1, SAV)


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


@classic_spell("Savage", 3, "army_opp", True,
               "Army: 1 health-worth of its units, your pick, makes an immediate melee attack "
               "on the rest of its army, which saves; extra castings add 1 health-worth each.",
               species=Species.FERAL)
def savage(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """TSR digest §9.6 (CK2): the caster picks up to 1 health-worth per casting of the target
    army's units; they roll for melee against the rest of their army, whose units roll for
    saves (each unit alone, as Illusion's separate roll: the Rulings page); the army's owner
    removes as many of the others as the damage left can kill (a maximal choice)."""
    from ..units.fates import kill

    announced, times = cast(task)
    if not army_there(state, announced.target):
        return gone(state, task, events)
    zone, player = announced.target
    name = state.players[player].name
    if task.stage == "resolve":
        units = state.units_in(zone, player)
        question = units_pick(task.player, f"Savage: pick up to {times} health-worth of "
                                           f"{name}'s units to attack the rest of their army",
                              units, budget=times, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "pick":
        savage_units = [i for i in picks_of(task) if state.zones[i] == zone]
        rest = [u.id for u in state.units_in(zone, player) if u.id not in savage_units]
        if not savage_units or not rest:
            why = "no unit picked" if not savage_units else "no other unit in the army"
            return done(state, task, f"Savage: {why} — no attack", events)
        hits = saves = 0
        for die_id in savage_units:
            state, roll = unit_roll(state, die_id, (RollType.MELEE,), events,
                                    "Savage: attacks its own army")
            hits += roll.total(RollType.MELEE)
        for die_id in rest:
            state, roll = unit_roll(state, die_id, (SAV,), events,
                                    "Savage: saves against its own army")
            saves += roll.total(SAV)
        damage = max(0, hits - saves)
        events.append(Event("message", f"Savage: {name}'s units hit the rest of their army for "
                                       f"{hits}, it saves {saves}: {damage} damage",
                            player=player))
        if damage == 0 or state.winner is not None:
            return done(state, task, f"Savage: {hits} hits − {saves} saves, no damage", events)
        question = units_pick(player, f"Savage: remove units worth up to {damage} health of "
                                      f"those your own units attacked",
                              [state.dice[i] for i in rest], budget=damage, maximize=True)
        return ask(state, task, question, stage="casualties")
    dead = picks_of(task)
    for die_id in dead:
        state = kill(state, die_id, events, "Savage: attacked by its own army")
    names = ", ".join(state.die_label(i) for i in dead) or "nobody"
    return done(state, task, f"Savage: {names} killed by their own army", events)


# The lasting effect on a terrain under Backlash (TSR digest §9.6).
BACKLASH = "classic_backlash"


@classic_spell("Backlash", 4, "terrain", False,
               "Terrain: until the beginning of your next turn, an army there that casts spells "
               "must then save against damage equal to the magic it spent.",
               species=Species.FERAL)
def backlash(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """TSR digest §9.6 (CK2): the target terrain keeps the mark until the beginning of the
    caster's next turn (the 1996 duration of spells, CK2); ``backlash_tasks`` applies it."""
    announced, _ = cast(task)
    return lasting(state, task, BACKLASH, "must save against the magic spent on its spells",
                   events, announced.target[0])


def backlash_tasks(state: GameState, player: int, zone: Zone, spent: int,
                   events: Events) -> list[Task]:
    """Backlash (TSR digest §9.6): when `player`'s army at terrain `zone` has spent `spent`
    magic on the spells it announced and Backlash lies on the terrain, the army saves against
    that much damage once its spells are resolved: the tasks to queue after them ([] when no
    Backlash, no magic spent or the army is not at a terrain)."""
    if (zone.kind is not ZoneKind.TERRAIN or spent <= 0
            or not any(e.kind == BACKLASH and e.zone == zone and e.player is None
                       for e in state.effects)):
        return []
    events.append(Event("sai", f"Backlash: {state.players[player].name}'s army at "
                               f"{state.zone_name(zone)} spent {spent} magic and must save "
                               f"against {spent} damage", player=player))
    return [RuleTask("spell_damage", player, zone,
                     data=(player, spent, "Backlash:", "backlash save"))]


def _gold_kin_condition(state: GameState, player: int, zone: Zone, element: str) -> str:
    """Why Summon Gold Dragonkin cannot be cast now ("" if it can): Dragonkin are out of the
    1996 game unless the house rule brings them in (OP-30); they join an army at a terrain;
    a gold Dragonkin of 1 health must wait in the caster's Summoning Pool."""
    from ..core.house_rules import CLASSIC_ITEMS_AND_DRAGONKIN
    from ..spells.elemental import _summonable_kin

    if not state.options.house_rule(CLASSIC_ITEMS_AND_DRAGONKIN):
        return ("Dragonkin are not part of the 1996 game unless the house rule \"items and "
                "Dragonkin\" is on")
    if zone.kind is not ZoneKind.TERRAIN:
        return "Dragonkin join an army at a terrain, not in the Reserve Area"
    if not any(u.die.health == 1 for u in _summonable_kin(state, player, GOLD)):
        return "no small gold Dragonkin in your Summoning Pool"
    return ""


def _summon_gold_dragonkin() -> Resolver:
    """TSR digest §9.6 (CK2): 1 health-worth per casting of the caster's gold (earth)
    Dragonkin join the casting army, by today's Summon Dragonkin procedure (OP-30)."""
    from ..spells.elemental import _join, _summonable_kin, _to_army

    return _to_army("Summon Gold Dragonkin", _summonable_kin, "Summoning Pool",
                    "Summon Gold Dragonkin", arrive=_join)


classic_spell("Summon Gold Dragonkin", 2, "self", True,
              "1 health-worth of your gold Dragonkin joins the casting army; extra castings "
              "bring 1 health-worth more each.", condition=_gold_kin_condition)(
    _summon_gold_dragonkin())


def _hideable(state: GameState, player: int) -> list[GameDie]:
    """`player`'s units in play (at terrains and in the Reserve Area) not hidden yet."""
    from ..sai.lasting import untouchable

    hidden = untouchable(state)
    return [u for z in state.army_zones(player) for u in state.units_in(z, player)
            if u.id not in hidden]


def _hide_condition(state: GameState, player: int, zone: Zone, element: str) -> str:
    return "" if any(u.die.health == 1 for u in _hideable(state, player)) else (
        "no unit of yours of 1 health left to hide")


@classic_spell("Hide", 2, "self", True,
               "1 health-worth of your units hides until the end of your next turn: hidden "
               "units make no roll and nothing can touch them (no melee, missile or magic); "
               "extra castings hide 1 health-worth more each.", species=Species.FERAL,
               condition=_hide_condition)
def hide(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """TSR digest §9.6 (CK2): the caster picks up to 1 health-worth per casting of their own
    units in play (any army, bigger units with more castings); each is hidden until the end of
    the caster's next turn (``classic.effect_runners.galeforce_lasts`` carries it past the
    beginning of that turn)."""
    from ..sai.lasting import HIDDEN, add

    _, times = cast(task)
    if task.stage == "resolve":
        units = [u for u in _hideable(state, task.player) if u.die.health <= times]
        if not units:
            return done(state, task, f"Hide: no unit of up to {times} health to hide", events)
        question = units_pick(task.player, f"Hide: hide up to {times} health-worth of your "
                                           f"units", units, budget=times)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    caster = state.players[task.player].name
    for die_id in picks_of(task):
        text = (f"{state.die_label(die_id)} is hidden (Hide) until the end of {caster}'s "
                f"next turn: it makes no roll and nothing can touch it")
        state = add(state, LastingEffect(task.player, None, HIDDEN, text,
                                         player=state.dice[die_id].owner,
                                         zone=state.zones[die_id], die_id=die_id, amount=1,
                                         spell="Hide"), events)
    names = ", ".join(state.die_label(i) for i in picks_of(task)) or "nobody"
    return done(state, task, f"Hide: {names} hidden", events)
