"""What happens to a unit: killed, buried, moved to another army or the Reserve Area,
returned from the DUA, promoted. Every rule that changes where a unit is goes through here so
the consequences are never forgotten:

- killed units go to their owner's DUA; Dragonkin go back to the Summoning Pool instead, and
  an effect that kills and buries sends them to the BUA (digest §4.7, §5.6);
- Rise from the Ashes: whenever a unit with that SAI is killed or buried, it rolls; on Rise
  from the Ashes it goes to its Reserve Area instead. An effect that kills and buries lets it
  roll once when killed and again when buried; a first success saves it from the burial
  (seed 000);
- species abilities (digest §6): Replanting — a Treefolk about to be killed at a water terrain
  rolls first, and on its ID goes to the Reserve Area instead; Stepped Damage — a killed Undead
  is exchanged with the largest smaller Undead of its owner's DUA instead;
- spells (digest §7): under Accelerated Growth a killed Treefolk of 2 or more health is
  exchanged with a 1-health Treefolk from its owner's DUA instead; at a terrain under Soiled
  Ground a unit killed into the DUA saves or is buried (not the army holding a Temple there if
  an opponent cast it). The app makes these exchanges whenever it can: they keep a unit in
  play (rulings);
- lasting effects on a unit end when it is killed; Stun and a glaring unit's Hypnotic Glare
  end when it leaves the terrain (``lasting.unit_left``);
- items left without a unit able to carry them are buried (seed 001); from rules revision 4
  the owner chooses which (``queue_burial``: a ``bury_items`` task first in the queue);
- an eighth face held by an army that lost all its units turns back to 7, and the victory
  check runs after every unit leaves play (digest §3.7, §8).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.rule_homes import species_ability
from ...catalog.model import Color, Die, Icon, Species
from ..core.dice_moves import move_die
from ..tasks.effect_steps import ask, resume
from ..core.events import Event
from ..turn.flow import check_victory, settle_armies
from ..rolls.individual_roll import face_roll, unit_roll
from .items import army_items, burial_choice, bury_excess, bury_item, overloaded
from ..sai.lasting import has_effect, temple_immune, unit_left
from ..rolls.model import RollType
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.queue_ops import pop_head, push_front
from ..tasks.kinds import PickAsk, RuleTask, picks_of

Events = list[Event]


def _has_rise(state: GameState, die_id: int) -> bool:
    return rises_from_ashes(state.dice[die_id].die)


def rises_from_ashes(die: Die) -> bool:
    """True if `die` has the Rise from the Ashes SAI: killed or buried, it rolls, and on that
    face goes to its Reserve Area instead (seed 000)."""
    return any(icon is Icon.RISE_FROM_THE_ASHES for face in die.faces for icon, _ in face.icons)


def killed_to(die: Die) -> ZoneKind:
    """Where a killed unit goes (before any burial): Dragonkin back to the Summoning Pool,
    never the DUA (so they make no save there); other units to the DUA (digest §4.7, §5.6)."""
    return ZoneKind.SUMMONING if die.species is Species.DRAGONKIN else ZoneKind.DUA


def _settle(state: GameState, origin: Zone, player: int, events: Events) -> GameState:
    """After a unit left `origin`: bury items nobody there can carry, settle the armies
    (Dragonkin left alone, captures whose army is gone), check for a winner."""
    if origin.kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE):
        state = bury_excess(state, origin, player, events)
    state = settle_armies(state, events)
    return check_victory(state, events)


def move_unit(state: GameState, die_id: int, to: Zone, events: Events, why: str = "",
              settle: bool = True) -> GameState:
    """Move a unit to another army or the Reserve Area (Roar, Vanish, Ferry ...)."""
    origin = state.zones[die_id]
    player = state.dice[die_id].owner
    if why:
        events.append(Event("sai", f"{state.die_label(die_id)}: {why}", player=player))
    state = move_die(state, die_id, to, events)
    state = unit_left(state, die_id, origin, to, events)
    return _settle(state, origin, player, events) if settle else state


def _rises(state: GameState, die_id: int, events: Events, when: str) -> tuple[GameState, bool]:
    """Rise from the Ashes: roll the unit; on its Rise face it goes to the Reserve Area."""
    if not _has_rise(state, die_id):
        return state, False
    state, hit = face_roll(state, die_id, Icon.RISE_FROM_THE_ASHES, events,
                           f"Rise from the Ashes when {when}")
    if hit:
        player = state.dice[die_id].owner
        state = move_unit(state, die_id, Zone(ZoneKind.RESERVE, player), events,
                          "rises from the ashes to the Reserve Area (seed 000)", settle=False)
    return state, hit


def kill(state: GameState, die_id: int, events: Events, why: str,
         and_bury: bool = False, settle: bool = True,
         together: tuple[int, ...] = ()) -> GameState:
    """Kill a unit (and bury it when the effect kills and buries). Returns the new state;
    the unit ends in the DUA, the BUA, the Summoning Pool or (Rise from the Ashes) the
    Reserve Area. `settle=False` leaves the army's settling (Dragonkin left alone, items
    without a carrier, the victory check) to the caller, which removes several casualties
    together; `together`: those casualties, which cannot stand in for one another (Stepped
    Damage, Accelerated Growth look at the DUA as it was before them)."""
    origin = state.zones[die_id]
    player = state.dice[die_id].owner
    label = state.die_label(die_id)
    if _replanted(state, die_id, origin):
        state, rooted = face_roll(state, die_id, Icon.ID, events, "Replanting (Treefolk, "
                                                                  "digest §6)")
        if rooted:
            return move_unit(state, die_id, Zone(ZoneKind.RESERVE, player), events,
                             "is replanted in the Reserve Area instead of being killed",
                             settle=settle)
    stand_in, ability = _exchange_instead(state, die_id, together)
    if stand_in is not None:
        events.append(Event("sai", f"{label} would be killed ({why}); {ability} exchanges it "
                                   f"with {state.die_label(stand_in)}", player=player))
        state = move_die(state, stand_in, origin, events)
        dua = Zone(ZoneKind.DUA, player)
        state = move_die(state, die_id, dua, events)
        return unit_left(state, die_id, origin, dua, events)
    events.append(Event("sai", f"{label} is killed{' and buried' if and_bury else ''} ({why})",
                        player=player))
    state, rose = _rises(state, die_id, events, "killed")
    if not rose:
        dragonkin = state.dice[die_id].die.species is Species.DRAGONKIN
        if dragonkin and and_bury:  # Dragonkin never enter the DUA, but can be buried
            state = bury(state, die_id, events, why, announce=False)
        else:
            to = Zone(killed_to(state.dice[die_id].die), player)
            state = move_die(state, die_id, to, events)
            state = unit_left(state, die_id, origin, to, events)
            if and_bury:
                state = bury(state, die_id, events, why, announce=False)
            elif not dragonkin:
                state = _soiled_ground(state, die_id, origin, events)
    return _settle(state, origin, player, events) if settle else state


def settle_after(state: GameState, origin: Zone, player: int, events: Events) -> GameState:
    """Settle `player`'s army at `origin` after casualties removed together with
    ``kill(..., settle=False)``: items nobody can carry, Dragonkin left alone, the victory
    check."""
    return _settle(state, origin, player, events)


@species_ability(Species.TREEFOLK, "Replanting",
                 "a Treefolk about to be killed at a water terrain rolls; on its ID it goes "
                 "to the Reserve Area instead (digest §6)")
def _replanted(state: GameState, die_id: int, origin: Zone) -> bool:
    """Replanting applies: a Treefolk at a terrain containing water (digest §6)."""
    return (state.dice[die_id].die.species is Species.TREEFOLK
            and origin.kind is ZoneKind.TERRAIN
            and Color.WATER in state.terrains[origin.index].die.elements)


@species_ability(Species.UNDEAD, "Stepped Damage",
                 "a killed Undead may be exchanged with a smaller Undead from the DUA "
                 "(digest §6)")
def _exchange_instead(state: GameState, die_id: int,
                      together: tuple[int, ...] = ()) -> tuple[int | None, str]:
    """The DUA unit that takes the place of a unit about to be killed, and why: Stepped
    Damage (an Undead: the largest smaller Undead), Accelerated Growth (a Treefolk of 2 or
    more health, if the spell protects its owner: a 1-health Treefolk)."""
    unit = state.dice[die_id]
    dua = [d for d in state.units_in(Zone(ZoneKind.DUA, unit.owner), unit.owner)
           if d.id not in together]
    species, health = unit.die.species, unit.die.health
    if species is Species.UNDEAD:
        smaller = [d for d in dua if d.die.species is Species.UNDEAD and d.die.health < health]
        if smaller:
            return max(smaller, key=lambda d: (d.die.health, -d.id)).id, "Stepped Damage"
    if (species is Species.TREEFOLK and health >= 2
            and has_effect(state, None, "accelerated_growth", unit.owner)):
        sapling = next((d.id for d in dua if d.die.species is Species.TREEFOLK
                        and d.die.health == 1), None)
        if sapling is not None:
            return sapling, "Accelerated Growth"
    return None, ""


def _soiled_ground(state: GameState, die_id: int, origin: Zone, events: Events) -> GameState:
    """Soiled Ground at the terrain the unit was killed at: it saves or is buried."""
    owner = state.dice[die_id].owner
    spells = [e for e in state.effects if e.kind == "soiled_ground" and e.zone == origin
              and not temple_immune(state, e, origin, owner)]
    if not spells or state.zones[die_id].kind is not ZoneKind.DUA:
        return state
    state, roll = unit_roll(state, die_id, (RollType.SAVE,), events,
                            "Soiled Ground: save or be buried", in_dua=True)
    if roll.total(RollType.SAVE) >= 1:
        return state
    return bury(state, die_id, events, "Soiled Ground")


def bury(state: GameState, die_id: int, events: Events, why: str,
         announce: bool = True) -> GameState:
    """Bury a unit that is in its owner's DUA (or, for Dragonkin, wherever it is)."""
    player = state.dice[die_id].owner
    if announce:
        events.append(Event("sai", f"{state.die_label(die_id)} is buried ({why})",
                            player=player))
    state, rose = _rises(state, die_id, events, "buried")
    if rose:
        return state
    origin = state.zones[die_id]
    to = Zone(ZoneKind.BUA, player)
    state = move_die(state, die_id, to, events)
    return unit_left(state, die_id, origin, to, events)


def return_from_dua(state: GameState, die_id: int, zone: Zone, events: Events,
                    why: str) -> GameState:
    """Return a unit from its owner's DUA to the army at `zone` (Regenerate, Convert, the
    Gold medallion). Returned units arrive after the roll and add nothing to it (§4.2)."""
    events.append(Event("sai", f"{state.die_label(die_id)} returns from the DUA ({why})",
                        player=state.dice[die_id].owner))
    return move_die(state, die_id, zone, events)


def _promotion_source(state: GameState, die_id: int) -> Zone:
    """Units are promoted from their owner's DUA; Dragonkin from the Summoning Pool (digest
    §4.8)."""
    unit = state.dice[die_id]
    kind = ZoneKind.SUMMONING if unit.die.species is Species.DRAGONKIN else ZoneKind.DUA
    return Zone(kind, unit.owner)


def promotion_partners(state: GameState, die_id: int, used: tuple[int, ...] = ()) -> list[int]:
    """Units that can replace unit `die_id` in a promotion: same species, exactly one more
    health, from the DUA (Dragonkin: from the Summoning Pool, any element; digest §4.8). Dice in
    `used` (already exchanged this time) are left out, because promotions happen all at
    once."""
    unit = state.dice[die_id]
    return [d.id for d in state.units_in(_promotion_source(state, die_id), unit.owner)
            if d.die.species is unit.die.species and d.die.health == unit.die.health + 1
            and d.id not in used]


def promote(state: GameState, die_id: int, partner: int, events: Events, why: str) -> GameState:
    """Exchange unit `die_id` with the bigger `partner` from the DUA (Dragonkin: the Summoning
    Pool; digest §4.8). The exchange is not a kill; it ends individual effects on the unit."""
    zone = state.zones[die_id]
    player = state.dice[die_id].owner
    events.append(Event("sai", f"{state.die_label(die_id)} is promoted to "
                               f"{state.dice[partner].die.name} ({why})", player=player))
    back = _promotion_source(state, die_id)
    state = move_die(state, partner, zone, events)
    state = move_die(state, die_id, back, events)
    return unit_left(state, die_id, zone, back, events)


# --------------------------------------------------------------------------------------------
# Excess items: the owner's choice (rules revision 4)
# --------------------------------------------------------------------------------------------


def queue_burial(state: GameState) -> GameState:
    """Rules revision 4: when an army holds more items than its units can carry, put its
    owner's choice of the items to bury (a ``bury_items`` task) first in the queue, unless it
    is there already. Called by the task queue between steps, so the burial comes before
    anything else is resolved."""
    first = state.tasks[0] if state.tasks else None
    if isinstance(first, RuleTask) and first.kind == "bury_items":
        return state
    army = overloaded(state)
    if army is None:
        return state
    return push_front(state, [RuleTask("bury_items", army[1], army[0])])


def _bury_items(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """The owner of the army at `task.zone` picks the excess items to bury, one at a time
    (seed 001); burials that leave no choice are made for them."""
    zone, player = task.zone, task.player
    assert zone is not None, "a burial task names the army's place"
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        state = bury_item(state, picks_of(task)[0], events, chosen=True)
        task = replace(task, ask=None)
    state = bury_excess(state, zone, player, events)
    items = army_items(state, zone, player)
    choice = burial_choice([u.die for u in state.units_in(zone, player)], items)
    if choice is None:
        return pop_head(state), False
    count, may_go, _ = choice
    where = state.zone_name(zone)
    question = PickAsk(player, f"Your army at {where} has more items than its units can "
                               f"carry: choose an item to bury ({count} to bury)",
                       may_go, tuple(1 for _ in may_go), max_units=1, maximize=True,
                       default=may_go[0])
    return ask(state, task, question)


RULE_RUNNERS = {"bury_items": _bury_items}
