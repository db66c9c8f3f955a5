"""Elemental spells, paid with magic of any single element (digest §7, §5.5): Esfah's Gift,
Evolve Dragonkin, Resurrect Dead, Summon Dragonkin, Rally, Rise of the Eldarim, Summon Dragon,
Summon White Dragon. The element paying the casting is the "casting element"; Ivory magic
counts as an element of its own (digest §5.3: it pays Elemental spells)."""

from __future__ import annotations

from collections.abc import Callable

from ...player_text import count_of
from ...catalog.model import Color, Die, DieKind, Species
from ..core.dice_moves import move_die
from ..dragons.kinds import destinations, move_dragon
from ..tasks.effect_steps import Events, ask, resume, units_pick
from ..core.events import Event
from ..units.fates import move_unit, promote, promotion_partners, return_from_dua
from ..sai.lasting import cannot_leave
from ..core.state import GameDie, GameState, Zone, ZoneKind
from ..tasks.kinds import ChooseAsk, PickAsk, RuleTask, picks_of, zone_answer
from .book import Resolver, register
from .casting import done
from .effects import cast, gone
from .pool import IVORY

Candidates = Callable[[GameState, int, str], list[GameDie]]  # (state, player, element) -> units
Arrival = Callable[[GameState, int, Zone, Events, str], GameState]  # a unit joins an army


def _matches(die: Die, element: str) -> bool:
    """A die contains the casting element (ivory: an Ivory die)."""
    if element == IVORY:
        return Color.IVORY in die.colors
    return Color(element) in die.elements


def _pool(state: GameState, player: int) -> Zone:
    return Zone(ZoneKind.SUMMONING, player)


# --- Esfah's Gift ---------------------------------------------------------------------------------


def _minor_terrains_buried(state: GameState, player: int) -> list[GameDie]:
    return [d for d in state.dice_in(Zone(ZoneKind.BUA, player), player)
            if d.die.kind is DieKind.MINOR_TERRAIN]


@register("Esfah's Gift", "self", False, "Move a minor terrain from your BUA to your Summoning "
                                         "Pool.",
          condition=lambda s, p, z, e: "" if _minor_terrains_buried(s, p)
          else "no minor terrain in your BUA")
def esfahs_gift(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    if task.stage == "resolve":
        buried = _minor_terrains_buried(state, task.player)
        if not buried:
            return done(state, task, "Esfah's Gift: no minor terrain in the BUA", events)
        question = units_pick(task.player, "Esfah's Gift: which minor terrain returns to your "
                                           "Summoning Pool", buried, max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die = picks_of(task)[0]
    state = move_die(state, die, _pool(state, task.player), events)
    return done(state, task, f"Esfah's Gift: {state.die_label(die)} returns to the Summoning "
                             f"Pool", events)


# --- promotions ---------------------------------------------------------------------------------


def _evolvable(state: GameState, player: int, element: str) -> list[GameDie]:
    return [u for z in state.army_zones(player) for u in state.units_in(z, player)
            if u.die.species is Species.DRAGONKIN and _matches(u.die, element)
            and promotion_partners(state, u.id)]


def _risable(state: GameState, player: int, element: str) -> list[GameDie]:
    return [u for z in state.army_zones(player) for u in state.units_in(z, player)
            if u.die.species is Species.ELDARIM and _matches(u.die, element)
            and promotion_partners(state, u.id)]


def _promote_one(name: str, candidates: Candidates) -> Resolver:
    """Evolve Dragonkin, Rise of the Eldarim: promote one unit of the casting element; a
    promoted Dragonkin or Eldarim may change element (digest §4.8)."""
    def resolve(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
        announced, _ = cast(task)
        if task.stage == "resolve":
            units = candidates(state, task.player, announced.element)
            if not units:
                return done(state, task, f"{name}: no unit of the casting element to promote",
                            events)
            question = units_pick(task.player, f"{name}: promote one unit", units, max_units=1,
                                  maximize=True)
            return ask(state, task, question, stage="pick")
        if (waiting := resume(state, task)) is not None:
            return waiting
        unit = picks_of(task)[0]
        partner = promotion_partners(state, unit)[0]
        state = promote(state, unit, partner, events, name)
        return done(state, task, f"{name}: {state.die_label(partner)} replaces "
                                 f"{state.die_label(unit)}", events)
    return resolve


register("Evolve Dragonkin", "self", False, "Promote one of your Dragonkin that matches the "
                                            "casting element.",
         condition=lambda s, p, z, e: "" if _evolvable(s, p, e)
         else "no Dragonkin of that element can be promoted")(
    _promote_one("Evolve Dragonkin", _evolvable))

register("Rise of the Eldarim", "self", False, "Promote one Eldarim that matches the casting "
                                               "element.",
         condition=lambda s, p, z, e: "" if _risable(s, p, e)
         else "no Eldarim of that element can be promoted")(
    _promote_one("Rise of the Eldarim", _risable))


# --- units from the DUA or the pool to the casting army ---------------------------------


def _resurrectable(state: GameState, player: int, element: str) -> list[GameDie]:
    """Units in the DUA containing the casting element; Amazons can be raised with any single
    element or with Ivory (digest §7)."""
    return [u for u in state.units_in(Zone(ZoneKind.DUA, player), player)
            if _matches(u.die, element) or u.die.species is Species.AMAZONS]


def _summonable_kin(state: GameState, player: int, element: str) -> list[GameDie]:
    return [u for u in state.units_in(_pool(state, player), player)
            if u.die.species is Species.DRAGONKIN and element != IVORY
            and _matches(u.die, element)]


def _join(state: GameState, unit: int, zone: Zone, events: Events, why: str) -> GameState:
    """A Dragonkin from the Summoning Pool joins an army."""
    events.append(Event("sai", f"{state.die_label(unit)} joins the army ({why})",
                        player=state.dice[unit].owner))
    return move_die(state, unit, zone, events)


def _to_army(name: str, candidates: Candidates, source: str, why: str,
             arrive: Arrival = return_from_dua) -> Resolver:
    """Resurrect Dead, Summon Dragonkin: 1 health-worth per casting joins the casting army."""
    def resolve(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
        announced, times = cast(task)
        if task.stage == "resolve":
            if task.zone is None or not state.has_army(task.zone, task.player):
                return gone(state, task, events)
            units = [u for u in candidates(state, task.player, announced.element)
                     if u.die.health <= times]
            if not units:
                return done(state, task, f"{name}: nothing of {times} health-worth to bring",
                            events)
            question = units_pick(task.player, f"{name}: up to {times} health-worth from your "
                                               f"{source} to the casting army", units,
                                  budget=times)
            return ask(state, task, question, stage="pick")
        if (waiting := resume(state, task)) is not None:
            return waiting
        assert task.zone is not None  # the casting army's terrain
        for unit in picks_of(task):
            state = arrive(state, unit, task.zone, events, why)
        names = ", ".join(state.die_label(u) for u in picks_of(task)) or "nobody"
        verb = "joins" if len(picks_of(task)) == 1 else "join"
        return done(state, task, f"{name}: {names} {verb} the casting army", events)
    return resolve


register("Resurrect Dead", "self", True, "Return 1 health-worth of units containing the casting "
                                         "element from your DUA to the casting army.",
         condition=lambda s, p, z, e: "" if any(u.die.health == 1
                                                for u in _resurrectable(s, p, e))
         else "no 1-health unit of that element in your DUA")(
    _to_army("Resurrect Dead", _resurrectable, "DUA", "Resurrect Dead"))

register("Summon Dragonkin", "self", True, "1 health-worth of Dragonkin of the casting element "
                                           "from your Summoning Pool joins the casting army.",
         condition=lambda s, p, z, e: "" if z.kind is ZoneKind.TERRAIN and any(
             u.die.health == 1 for u in _summonable_kin(s, p, e))
         else "no small Dragonkin of that element in your Summoning Pool")(
    _to_army("Summon Dragonkin", _summonable_kin, "Summoning Pool", "Summon Dragonkin",
             arrive=_join))


# --- Rally --------------------------------------------------------------------------------------


def _amazon_terrains(state: GameState, player: int) -> list[Zone]:
    return [z for z in state.army_zones(player) if z.kind is ZoneKind.TERRAIN
            and any(u.die.species is Species.AMAZONS for u in state.units_in(z, player))]


def _rallying(state: GameState, player: int) -> list[GameDie]:
    homes = _amazon_terrains(state, player)
    return [u for z in homes for u in state.units_in(z, player)
            if u.die.species is Species.AMAZONS and not cannot_leave(state, u.id)
            and len(homes) > 1]


@register("Rally", "self", False, "Up to 3 of your Amazons at one terrain move to another "
                                  "terrain where you have at least one Amazon.",
          condition=lambda s, p, z, e: "" if _rallying(s, p)
          else "you need Amazons at two terrains")
def rally(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    if task.stage == "resolve":
        units = _rallying(state, task.player)
        if not units:
            return done(state, task, "Rally: no Amazons can move", events)
        sources = tuple(dict.fromkeys(state.zones[u.id] for u in units))
        question = ChooseAsk(task.player, "Rally: from which terrain?", sources, sources[0])
        return ask(state, task, question, stage="from")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "from":
        origin = zone_answer(task)
        places = tuple(z for z in _amazon_terrains(state, task.player) if z != origin)
        question = ChooseAsk(task.player, "Rally: to which terrain?", places, places[0])
        return ask(state, task, question, stage="to", data=task.data[:3] + (origin,))
    if task.stage == "to":
        origin, to = task.data[3], zone_answer(task)
        units = [u for u in _rallying(state, task.player) if state.zones[u.id] == origin]
        movers = PickAsk(task.player, f"Rally: up to 3 Amazons move to {state.zone_name(to)}",
                         tuple(u.id for u in units), tuple(1 for _ in units), max_units=3)
        return ask(state, task, movers, stage="move", data=task.data[:4] + (to,))
    to = task.data[4]
    for unit in picks_of(task):
        state = move_unit(state, unit, to, events, f"rallies to {state.zone_name(to)}")
    return done(state, task, f"Rally: {count_of(len(picks_of(task)), 'Amazon')} moved", events)


# --- summoning dragons ---------------------------------------------------------------------


def _summon(name: str) -> Resolver:
    """Summon Dragon / Summon White Dragon: the announced dragon goes to any terrain (digest
    §5.5)."""
    def resolve(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
        announced, _ = cast(task)
        dragon = announced.target[0]
        if task.stage == "resolve":
            # (a classic game summons from the dead piles: TSR digest §12.1)
            if state.zones[dragon].kind not in (ZoneKind.SUMMONING, ZoneKind.TERRAIN,
                                                ZoneKind.DUA):
                return gone(state, task, events)
            places = destinations(state, dragon)
            default = next((z for z in places if any(state.has_army(z, p) for p in range(
                state.player_count) if p != task.player)), places[0])
            question = ChooseAsk(task.player, f"{name}: where does {state.die_label(dragon)} "
                                              f"go?", places, default)
            return ask(state, task, question, stage="place")
        if (waiting := resume(state, task)) is not None:
            return waiting
        to = zone_answer(task)
        state = move_dragon(state, dragon, to, events, f"summoned to {state.zone_name(to)} "
                                                       f"({name})")
        return done(state, task, "", events)
    return resolve


register("Summon Dragon", "dragon", False, "Summon one dragon containing the casting element "
                                           "(Ivory and Ivory Hybrid dragons from a pool with "
                                           "any element), from any Summoning Pool or terrain, "
                                           "to any terrain; never a White Dragon.")(
    _summon("Summon Dragon"))

register("Summon White Dragon", "white_dragon", False, "Any mix of elements: summon a White "
                                                       "Dragon from any Summoning Pool or "
                                                       "terrain to any terrain.")(
    _summon("Summon White Dragon"))
