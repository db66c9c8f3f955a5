"""What happens to a unit: killed, buried, moved to another army or the Reserve Area,
returned from the DUA, promoted. Every rule that changes where a unit is goes through here so
the consequences are never forgotten:

- killed units go to their owner's DUA; Dragonkin go back to the Summoning Pool instead, and
  an effect that kills and buries sends them to the BUA (digest §4.7, §5.6);
- the SAIs with a power when their unit is killed or buried act then (``SaiRecord.when_killed``:
  Rise from the Ashes, whose roll may send the unit to its Reserve Area instead; in its SAI's
  file, ``sai/icons/rise_from_the_ashes.py``);
- the species abilities on the unit-killed hook act first (digest §6, each in its species'
  file, ``species/abilities/``: Replanting, Stepped Damage); a choice they leave to the owner
  is queued to come right after the step that killed the unit (``queue_later``);
- spells (digest §7): under Accelerated Growth a killed Treefolk of 2 or more health is
  exchanged with a 1-health Treefolk from its owner's DUA instead (the app makes it whenever
  it can: it keeps a unit in play, rulings); at a terrain under Soiled Ground a unit killed
  into the DUA saves or is buried (not the army holding a Temple there if an opponent cast
  it);
- lasting effects on a unit end when it is killed; Stun and a glaring unit's Hypnotic Glare
  end when it leaves the terrain (``lasting.unit_left``);
- items left without a unit able to carry them are buried (seed 001); from rules revision 4
  the owner chooses which (``queue_burial``: a ``bury_items`` task first in the queue);
- an eighth face held by an army that lost all its units turns back to 7, and the victory
  check runs after every unit leaves play (digest §3.7, §8).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...catalog.model import Die, Species
from ..core.dice_moves import move_die
from ..tasks.effect_steps import ask, resume
from ..core.events import Event
from ..turn.flow import check_victory, settle_armies
from ..rolls.individual_roll import unit_roll
from .items import army_items, burial_choice, bury_excess, bury_item, overloaded
from ..sai.lasting import has_effect, temple_immune, unit_left
from ..rolls.model import RollType
from ..species.registry import Hook, on
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.queue_ops import pop_head, push_front
from ..tasks.kinds import PickAsk, RuleTask, picks_of

Events = list[Event]


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
    """The powers of the SAIs unit `die_id` bears that act as it is killed or buried (`when`:
    "killed" or "buried"; ``SaiRecord.when_killed``: Rise from the Ashes, in its SAI's file):
    (state, True when one sent the unit elsewhere instead)."""
    from ..sai.registry import SAI_RECORDS  # it imports the SAIs' files, which import this

    for icon in state.dice[die_id].die.borne_icons:
        record = SAI_RECORDS.get(icon)
        if record is not None and record.when_killed is not None:
            state, gone = record.when_killed(state, die_id, events, when)
            if gone:
                return state, True
    return state, False


@dataclass(frozen=True)
class Killing:
    """A unit about to be killed, as the unit-killed hook's species abilities see it
    (``species.registry.Hook.UNIT_KILLED``): `die_id`, where it was (`origin`), `why`,
    whether the effect buries it too (`and_bury`), whether ``kill`` settles its army after
    (`settle`), and the casualties removed with it (`together`)."""

    die_id: int
    origin: Zone
    why: str
    and_bury: bool = False
    settle: bool = True
    together: tuple[int, ...] = ()


def kill(state: GameState, die_id: int, events: Events, why: str,
         and_bury: bool = False, settle: bool = True,
         together: tuple[int, ...] = ()) -> GameState:
    """Kill a unit (and bury it when the effect kills and buries). Returns the new state;
    the unit ends in the DUA, the BUA, the Summoning Pool or (Rise from the Ashes) the
    Reserve Area. The species abilities on the unit-killed hook act first (Replanting,
    Stepped Damage: ``species/abilities/``), then Accelerated Growth. `settle=False` leaves
    the army's settling (Dragonkin left alone, items without a carrier, the victory check) to
    the caller, which removes several casualties together; `together`: those casualties,
    which cannot stand in for one another (Stepped Damage, Accelerated Growth look at the DUA
    as it was before them)."""
    origin = state.zones[die_id]
    player = state.dice[die_id].owner
    killing = Killing(die_id, origin, why, and_bury, settle, together)
    for entry in on(Hook.UNIT_KILLED, state):
        state, handled = entry.run(state, killing, events)
        if handled:
            return state
    sapling = _accelerated_growth(state, die_id, together)
    if sapling is not None:
        events.append(Event("sai", f"{state.die_label(die_id)} would be killed ({why}); "
                                   f"Accelerated Growth exchanges it with "
                                   f"{state.die_label(sapling)}", player=player))
        return exchange_killed(state, die_id, sapling, origin, events)
    state = _dies(state, killing, events)
    return _settle(state, origin, player, events) if settle else state


def _dies(state: GameState, killing: Killing, events: Events, in_dua: bool = False) -> GameState:
    """The killed unit goes to its owner's DUA (Dragonkin: the Summoning Pool; `in_dua`: it
    is there already), unless it rises from the ashes; then it is buried if the effect buries
    too, or makes its Soiled Ground save."""
    die_id, origin, and_bury = killing.die_id, killing.origin, killing.and_bury
    player = state.dice[die_id].owner
    events.append(Event("sai", f"{state.die_label(die_id)} is killed"
                               f"{' and buried' if and_bury else ''} ({killing.why})",
                        player=player))
    state, rose = _rises(state, die_id, events, "killed")
    if rose:
        return state
    dragonkin = state.dice[die_id].die.species is Species.DRAGONKIN
    if dragonkin and and_bury:  # Dragonkin never enter the DUA, but can be buried
        return bury(state, die_id, events, killing.why, announce=False)
    if not in_dua:
        to = Zone(killed_to(state.dice[die_id].die), player)
        state = move_die(state, die_id, to, events)
        state = unit_left(state, die_id, origin, to, events)
    if and_bury:
        return bury(state, die_id, events, killing.why, announce=False)
    if not dragonkin:
        state = _soiled_ground(state, die_id, origin, events)
    return state


def exchange_killed(state: GameState, die_id: int | None, stand_in: int, origin: Zone,
                    events: Events) -> GameState:
    """A unit about to be killed is exchanged with `stand_in` from its owner's DUA (Stepped
    Damage, Accelerated Growth): `stand_in` takes its place at `origin` and it goes to the
    DUA — not killed, so nothing else happens to it. `die_id` None: only `stand_in` comes (the
    unit went to the DUA already)."""
    state = move_die(state, stand_in, origin, events)
    if die_id is None:
        return state
    dua = Zone(ZoneKind.DUA, state.dice[die_id].owner)
    state = move_die(state, die_id, dua, events)
    return unit_left(state, die_id, origin, dua, events)


def take_back(state: GameState, stand_in: int, origin: Zone, events: Events) -> GameState:
    """Undo an exchange's stand-in: `stand_in` goes back from `origin` to its owner's DUA."""
    dua = Zone(ZoneKind.DUA, state.dice[stand_in].owner)
    state = move_die(state, stand_in, dua, events)
    return unit_left(state, stand_in, origin, dua, events)


def killed_after_all(state: GameState, killing: Killing, events: Events) -> GameState:
    """The unit of `killing`, exchanged and then not (its stand-in taken back), is killed: it
    is in the DUA already; it may rise from the ashes, is buried if the effect buries, or
    makes its Soiled Ground save; then its army settles."""
    state = _dies(state, killing, events, in_dua=True)
    return _settle(state, killing.origin, state.dice[killing.die_id].owner, events)


def queue_later(state: GameState, task: RuleTask) -> GameState:
    """Queue `task` (an owner's choice about a unit's fate) to come first once the step in
    progress is over (``queue_fate_choices``)."""
    return state.with_(queued=state.queued + (task,))


def settle_after(state: GameState, origin: Zone, player: int, events: Events) -> GameState:
    """Settle `player`'s army at `origin` after casualties removed together with
    ``kill(..., settle=False)``: items nobody can carry, Dragonkin left alone, the victory
    check."""
    return _settle(state, origin, player, events)


def _accelerated_growth(state: GameState, die_id: int,
                        together: tuple[int, ...] = ()) -> int | None:
    """Under Accelerated Growth (if the spell protects its owner) a killed Treefolk of 2 or
    more health is exchanged with a 1-health Treefolk from its owner's DUA (digest §7): that
    Treefolk, or None. `together`: casualties removed with it, which cannot stand in."""
    unit = state.dice[die_id]
    if (unit.die.species is not Species.TREEFOLK or unit.die.health < 2
            or not has_effect(state, None, "accelerated_growth", unit.owner)):
        return None
    return next((d.id for d in state.units_in(Zone(ZoneKind.DUA, unit.owner), unit.owner)
                 if d.id not in together and d.die.species is Species.TREEFOLK
                 and d.die.health == 1), None)


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


def queue_fate_choices(state: GameState) -> GameState:
    """Put first in the queue the owners' choices about their units' fates: those queued
    while a step was in progress (``queue_later``: Stepped Damage's, rules revision 5), then
    the excess items to bury (``queue_burial``). Called by the task queue between steps."""
    if state.queued:
        state = push_front(state.with_(queued=()), state.queued)
    return queue_burial(state)


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
