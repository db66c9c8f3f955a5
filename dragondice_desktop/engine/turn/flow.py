"""Shared moves of the turn sequence: moving dice, army rolls, terrain faces and eighth-face
upkeep, victory, starting and ending a march (digest §3, §8). The start of a turn is in
``turn/start.py``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ...catalog.model import Color, Die, Icon, Species
from ..core.dice_moves import move_die
from ..core.events import Event
from ..core.house_rules import ONE_MULTIPLIER_PER_TYPE
from ..units.items import rolling_items
from ..sai.lasting import (
    army_modifiers, cannot_roll, glaring_units, prune_armies, roll_changes, unit_left,
)
from ..terrains.minor import bury_orphans, doubles_ids
from ..rolls.model import DieRoll, RollInput, RollResult
from ..species.counts_as import conversions_at, terrain_elements
from ..classic.contexts import fly_ignored
from ..classic.forms import roll_fields
from ..core.house_rules import CLASSIC_EIGHTH_FACE_IDS
from ..rolls.model import RollKind
from ..rolls.pipeline import RollContext, RollType, chain_faces, count_roll, roll_note
from ..rolls.throwing import Thrower
from ..core.rng import Throw
from ..core.state import GameState, Pending, Phase, Step, Zone, ZoneKind

Events = list[Event]

__all__ = ["move_die", "controls_eighth_face", "holds_power", "rolling_dice", "army_context",
           "place_context", "ArmyThrow",
           "roll_for", "log_roll", "set_face", "settle_armies", "drop_lost_captures",
           "check_victory",
           "marchable_zones", "start_march", "end_march", "start_reserves", "wait"]


def controls_eighth_face(state: GameState, zone: Zone, player: int) -> bool:
    """True if `player`'s army at terrain `zone` holds that terrain's eighth face (digest §8)."""
    if zone.kind is not ZoneKind.TERRAIN:
        return False
    terrain = state.terrains[zone.index]
    return terrain.face == 8 and terrain.controller == player


def holds_power(state: GameState, zone: Zone, player: int, icon: Icon) -> bool:
    """True if `player`'s army at terrain `zone` holds its eighth face and that face's power
    is `icon` (a Castle counts as what it became, seed 003)."""
    return (controls_eighth_face(state, zone, player)
            and state.terrains[zone.index].eighth_face is icon)


def rolling_dice(state: GameState, zone: Zone, player: int,
                 exclude: tuple[tuple[int, str], ...] = ()
                 ) -> tuple[list[tuple[int, Die]], list[str]]:
    """The dice of `player`'s army at `zone` that roll in an army roll, and notes on the
    units that do not: units that cannot be rolled (asleep, webbed, netted, stunned,
    hypnotized), units in `exclude` ((die id, why): charmed units, Dragonkin facing a dragon of
    their element) and glaring units keeping their Hypnotic Glare
    (rulings). Items roll only with a unit able to carry them (seed 001)."""
    notes = []
    glaring = glaring_units(state, player)
    units = []
    for unit in state.units_in(zone, player):
        why = cannot_roll(state, unit.id)
        if unit.id in dict(exclude):
            why = dict(exclude)[unit.id]
        elif unit.id in glaring:
            why = "left out to keep its Hypnotic Glare (seed 000; rulings)"
        if why:
            notes.append(f"{state.die_label(unit.id)} does not roll: {why}")
        else:
            units.append(unit)
    items = rolling_items(state, zone, player, units)
    dice = [(u.id, u.die) for u in units] + [(i, state.dice[i].die) for i in items]
    return dice, notes


def unit_multipliers(state: GameState) -> bool:
    """Several Elevates in one roll double different units, chosen by the roller (seed 000
    Targeting; rules revision 3), unless the house rule keeps one multiplier per result type."""
    return state.options.since(3) and not state.options.house_rule(ONE_MULTIPLIER_PER_TYPE)


def army_context(state: GameState, zone: Zone, player: int, roll_type: RollType,
                 **context: Any) -> RollContext:
    """The context of an army roll at `zone`: the army that controls the eighth face doubles
    its ID results (digest §8), and so does a minor terrain's Double Maneuvers / Double Saves
    in that roll (digest §1.6); a Reserve army rolls in reserves; lasting effects change how
    it counts (``lasting.roll_changes``: Dragon Plague, Necromantic Wave, Berserker Rage);
    its cantrip-only magic buys Cantrip spells after the roll (digest §5.3); species
    abilities count some results as others (``species.conversions``, digest §6); in a
    combination roll each ID is placed, and may be split, die by die (digest §4.5; rules
    revision 2). In a classic game the roll is marked as one (``classic.forms.roll_fields``,
    with the `melee_form` given) and the eighth face doubles no ID results."""
    counted = (roll_type,) + tuple(context.get("also", ()))
    changes = roll_changes(state, zone, player, counted, context.get("counter_attack", False))
    for key, value in changes.items():
        if not context.get(key):
            context[key] = value
    doubled = controls_eighth_face(state, zone, player) or (
        not context.get("also") and doubles_ids(state, zone, player, roll_type))
    if state.options.classic:
        # The 1996 eighth face doubles maneuvers, not ID results (``classic.melee_forms``;
        # IDs under the house rule); every roll says it is a classic one, and in melee which
        # form (``classic.forms``).
        doubled = doubled and state.options.house_rule(CLASSIC_EIGHTH_FACE_IDS)
        context.update(roll_fields(context.pop("melee_form", "")))
        context.update(fly_ignored(state, zone, player))  # Galeforce (seed 002)
    else:
        context.pop("melee_form", None)
    ctx = place_context(roll_type, eighth_face=doubled, in_reserve=zone.kind is ZoneKind.RESERVE,
                        elements=terrain_elements(state, zone, player),
                        since=state.options.since, cantrip_spells=True,
                        split_ids=state.options.since(2),
                        unit_multipliers=unit_multipliers(state), **context)
    return ctx


def place_context(roll_type: RollType, *, eighth_face: bool = False, in_reserve: bool = False,
                  elements: frozenset[Color] = frozenset(),
                  since: Callable[[int], bool] = lambda revision: True,
                  **context: Any) -> RollContext:
    """The context of a roll made at a place, from what the table shows: `eighth_face`, the
    army holds the terrain's eighth face (its army rolls double their ID results, digest §8;
    never a unit's own roll, digest §10 #5); `in_reserve`, the army is in the Reserve Area;
    `elements`, the elements the place contains (the species abilities that count some
    results as others, ``species.conversions_at``, digest §6); `since`, which rules
    revisions are in force (default the latest); the other RollContext fields as given.
    ``army_context`` builds play's rolls with it; Count a roll and the odds use it directly.
    Raises ValueError for contradictory settings (as RollContext does)."""
    # The eighth face doubles the IDs of army rolls, and from rules revision 3 of an army's
    # answer to a dragon attack too (digest §8), never a unit's own roll (digest §10 #5).
    kind = context.get("kind", RollKind.ARMY)
    doubles = kind is RollKind.ARMY or (kind is RollKind.DRAGON_ATTACK and since(3))
    ctx = RollContext(roll_type=roll_type, id_multiplier=2 if eighth_face and doubles else 1,
                      in_reserve=in_reserve, **context)
    return replace(ctx, converts=ctx.converts + conversions_at(elements, ctx, since))


@dataclass(frozen=True)
class ArmyThrow:
    """An army roll with no decisions to make, thrown die by die and able to stop at any die
    (a manual-dice game waiting for its face) and go on from there: every die once in order
    (step 1), then each die's re-roll chain in the same order (step 3, ``chain_faces``),
    then counted. `dice` / `ctx` / `notes`: what ``rolling_dice`` and ``army_context`` gave
    at the start; `firsts`: the first faces so far; `chains`: the finished chains; `chain`:
    the chain of the next die while its re-rolls are under way (empty: not begun)."""

    dice: tuple[tuple[int, Die], ...]
    ctx: RollContext
    notes: tuple[str, ...]
    firsts: tuple[int, ...] = ()
    chains: tuple[tuple[int, ...], ...] = ()
    chain: tuple[int, ...] = ()

    @classmethod
    def start(cls, state: GameState, zone: Zone, player: int, roll_type: RollType,
              **context: Any) -> "ArmyThrow":
        """`player`'s army at `zone` about to roll for `roll_type` (context as
        ``army_context`` takes it)."""
        dice, notes = rolling_dice(state, zone, player)
        ctx = army_context(state, zone, player, roll_type, **context)
        return cls(tuple(dice), ctx, tuple(notes))

    @property
    def done(self) -> bool:
        """True once every die has its whole chain."""
        return len(self.chains) == len(self.dice)

    def thrown(self, state: GameState, face: Callable[[int, Throw], int | None]
               ) -> "ArmyThrow":
        """The roll thrown on from where it stands with `face` (a ``Thrower``'s): as far as
        the faces go, up to the first die `face` gives None for (``done`` is then False) or
        to the end."""
        note = roll_note(self.ctx)
        firsts = list(self.firsts)
        while len(firsts) < len(self.dice):
            die_id, die = self.dice[len(firsts)]
            first = face(len(die.faces), state.throw(die_id, note))
            if first is None:
                return ArmyThrow(self.dice, self.ctx, self.notes, tuple(firsts))
            firsts.append(first)
        chains = list(self.chains)
        while len(chains) < len(self.dice):
            die_id, die = self.dice[len(chains)]
            begun = self.chain if len(chains) == len(self.chains) and self.chain else (
                firsts[len(chains)],)
            given: list[int] = []

            def noted(count: int, throw: Throw) -> int | None:
                got = face(count, throw)
                if got is not None:
                    given.append(got)
                return got

            chain = chain_faces(die, die_id, begun, self.ctx, noted,
                                throw=state.throw(die_id, note))
            if chain is None:
                return ArmyThrow(self.dice, self.ctx, self.notes, tuple(firsts),
                                 tuple(chains), begun + tuple(given))
            chains.append(chain)
        return ArmyThrow(self.dice, self.ctx, self.notes, tuple(firsts), tuple(chains))

    def result(self, state: GameState, zone: Zone, player: int) -> RollResult:
        """The roll counted (every die's chain in: ``done``)."""
        assert self.done
        rolled = tuple(DieRoll(die_id, die, chain)
                       for (die_id, die), chain in zip(self.dice, self.chains))
        return count_roll(RollInput(self.ctx, rolled,
                                    army_modifiers(state, zone, player, self.ctx)))


def roll_for(state: GameState, zone: Zone, player: int, roll_type: RollType,
             events: Events, **context: Any) -> tuple[GameState, RollResult]:
    """Roll `player`'s army at `zone` for `roll_type` with no decisions to make, all at
    once (``ArmyThrow``); returns (state with advanced RNG, result). Rolls in a march go
    through the task queue instead (``rolls/army_roll.py``), which may stop for the
    players' choices; the Horde roll-off throws an ``ArmyThrow`` as a resumable step
    (``turn/setup.py``)."""
    thrower = Thrower(state, resume=None, speculate=True)
    army = ArmyThrow.start(state, zone, player, roll_type, **context).thrown(
        state, thrower.face)
    assert army.done  # speculating: a face is always given
    result = army.result(state, zone, player)
    log_roll(state, zone, player, result, events, army.notes)
    return thrower.settled(state), result


def log_roll(state: GameState, zone: Zone, player: int, result: RollResult, events: Events,
             notes: list[str] | tuple[str, ...] = ()) -> None:
    """Log an army roll (the event keeps the whole result for "explain this roll") and every
    SAI in it that cannot be resolved."""
    name = state.players[player].name
    assert result.context is not None  # an army roll's result keeps its context
    counted = result.context.counted
    what = " + ".join(t.value for t in counted)
    totals = (str(result.total()) if len(counted) == 1
              else ", ".join(f"{result.total(t)} {t.value}" for t in counted))
    events.append(Event(
        "roll", f"{name}'s {state.army_name(zone, player)} at {state.zone_name(zone)} rolls "
                f"{what}: {totals}",
        player=player, roll=result, zone=zone,
    ))
    for note in notes:
        events.append(Event("message", note, player=player))
    for item in result.unresolved:
        events.append(Event(
            "unresolved", f"Not resolved: {state.die_label(item.die_id)} — {item.reason}",
            player=player,
        ))


def set_face(state: GameState, index: int, face: int, controller: int | None = None) -> GameState:
    """Terrain `index` turned to `face` (held by `controller` when it is 8). Any move of the
    face ends what a Castle became (seed 003)."""
    terrains = list(state.terrains)
    terrains[index] = replace(terrains[index], face=face, controller=controller, castle_as=None)
    return state.with_(terrains=tuple(terrains))


def settle_armies(state: GameState, events: Events) -> GameState:
    """After units left their armies: an army of Dragonkin alone dissolves and they go back
    to the Summoning Pool (digest §5.6); a minor terrain whose army left is buried (digest
    §1.6); a capture whose army is gone ends (digest §8)."""
    for index in range(len(state.terrains)):
        zone = Zone(ZoneKind.TERRAIN, index)
        for player in range(state.player_count):
            units = state.units_in(zone, player)
            if units and all(u.die.species is Species.DRAGONKIN for u in units):
                events.append(Event("message", f"{state.players[player].name}'s Dragonkin at "
                                               f"{state.zone_name(zone)} are alone: they go "
                                               f"back to the Summoning Pool (digest §5.6)",
                                    player=player))
                pool = Zone(ZoneKind.SUMMONING, player)
                for unit in units:
                    state = move_die(state, unit.id, pool, events)
                    state = unit_left(state, unit.id, zone, pool, events)
    state = bury_orphans(state, events)
    return drop_lost_captures(state, events)


def drop_lost_captures(state: GameState, events: Events) -> GameState:
    """A captured terrain turns back to 7 when its controlling army has no units left there
    (abandoned or killed; digest §8)."""
    for index, terrain in enumerate(state.terrains):
        zone = Zone(ZoneKind.TERRAIN, index)
        if terrain.controller is not None and not state.has_army(zone, terrain.controller):
            state = set_face(state, index, 7)
            events.append(Event("terrain", f"{terrain.die.name} is no longer held: back to 7"))
    return state


def check_victory(state: GameState, events: Events) -> GameState:
    """Two captured terrains at once wins; so does being the last player with units in play
    (digest §3.7). On a win the game is over and nothing is pending."""
    if state.winner is not None:
        return state
    if state.options.classic:
        state = _spells_of_the_fallen(state, events)
    for player in range(state.player_count):
        held = sum(1 for t in state.terrains if t.face == 8 and t.controller == player)
        if held >= 2:
            return _win(state, player, "holds two captured terrains", events)
    alive = [p for p in range(state.player_count) if state.health_in_play(p) > 0]
    if len(alive) == 1 and state.phase not in (Phase.SETUP_ROLLOFF,):
        return _win(state, alive[0], "is the last player with units in play", events)
    return state


def _spells_of_the_fallen(state: GameState, events: Events) -> GameState:
    """The 1996 game (TSR digest §9.4, CK1): when a player has no units left in play, every
    spell of theirs in play ends at once."""
    fallen = {p for p in range(state.player_count) if state.health_in_play(p) == 0}
    gone = [e for e in state.effects if e.creator in fallen and e.spell]
    if not gone:
        return state
    for effect in gone:
        events.append(Event("effect", f"Ends ({state.players[effect.creator].name} has no "
                                      f"units left in play): {effect.text}"))
    return state.with_(effects=tuple(e for e in state.effects if e not in gone))


def _win(state: GameState, player: int, why: str, events: Events) -> GameState:
    events.append(Event("victory", f"{state.players[player].name} wins: {why}!", player=player))
    return state.with_(winner=player, phase=Phase.GAME_OVER, step=Step.NONE, pending=None,
                       march=None, damage=())


def marchable_zones(state: GameState) -> tuple[Zone, ...]:
    """Armies of the marching player that have not marched this turn, the Reserve army
    included (it may only take a magic action and cast spells marked R, digest §3.5)."""
    player = state.turn_player
    return tuple(z for z in state.army_zones(player) if z not in state.marched)


def start_march(state: GameState, phase: Phase, events: Events) -> GameState:
    """Enter First or Second March; skip to Reserves when no army can march."""
    state = state.with_(phase=phase, march=None)
    if not marchable_zones(state):
        if phase is Phase.FIRST_MARCH:
            events.append(Event("phase", "First March: no army can march"))
            return start_march(state, Phase.SECOND_MARCH, events)
        return start_reserves(state, events)
    events.append(Event("phase", f"{phase.value}", player=state.turn_player))
    return wait(state, state.turn_player, Step.CHOOSE_ARMY,
                f"{phase.value}: choose an army to march, or skip")


def end_march(state: GameState, events: Events) -> GameState:
    """The march is over: army effects of armies left with no units end (digest §4.3); go on
    to the Second March or to the Reserves phase."""
    zone = state.current_march.zone if state.march else None
    state = prune_armies(state, events)
    state = state.with_(marched=state.marched + ((zone,) if zone else ()), march=None,
                        tasks=())
    if state.phase is Phase.FIRST_MARCH:
        return start_march(state, Phase.SECOND_MARCH, events)
    return start_reserves(state, events)


def start_reserves(state: GameState, events: Events) -> GameState:
    """Reserves phase, reinforce step first (digest §3.6)."""
    state = state.with_(phase=Phase.RESERVES, march=None)
    events.append(Event("phase", "Reserves: reinforce, then retreat", player=state.turn_player))
    return wait(state, state.turn_player, Step.REINFORCE,
                "Reinforce: move units from your Reserve Area to terrains, then end the step")


def wait(state: GameState, player: int, step: Step, prompt: str,
         default: str = "") -> GameState:
    """Set the pending decision (`default`: the action text taken when there is no
    preference)."""
    return state.with_(step=step, pending=Pending(player, step, prompt, default))
