"""Starting a game (digest §2) for 2 to 4 players: forces in play, the Horde roll-off, the
winner's choice, the Frontier, placement and the starting distance rolls.

Terrains: each player's Home Terrain (terrain i for player i), then the one Frontier (terrain
n for n players). Placement: Home armies at home, Horde armies at the next player's Home
Terrain in seat order, Campaign armies at the Frontier (digest §2.4: another player's Home
Terrain, and a terrain where the player has no army yet; rulings: the app places them so).
Assembling the armies (GameOptions.assemble_armies; digest §2.2): before the roll-off each
player in seat order moves their army dice between their Home, Horde and Campaign armies
(``army <die> <terrain>``, no event: the split is secret until every army is set), then
declares them set (``armies-ready``). Whether a split keeps the setup rules (a unit in each
army, none over half the force) is the force rules' business (``forces.validate``, asked
through ``matchup.assembly_problems`` by the assembly screen and by the worker before it
plays ``armies-ready``); the engine only keeps every die in one of its owner's three armies.
Multiplayer (digest §2 [thin]): turn order follows the Horde roll-off, highest first; the top
roller goes first (the next-highest picks the Frontier) or picks the Frontier (and takes the
second turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...catalog.loader import load_catalog
from ...catalog.model import DieKind
from ..core.actions import Action, Verb, act
from ..core.events import Event
from .flow import ArmyThrow, log_roll, rolling_dice, wait
from ..classic.dragons import dragon_home
from ..core.options import GameOptions, options_problem
from .start import begin_turn
from ..core.rng import Rng, Throw
from ..rolls.model import RollResult
from ..rolls.pipeline import MAX_REROLLS, RollType
from ..rolls.throwing import Thrower
from ..core.state import (
    GameDie, GameState, Phase, PlayerSetup, Step, TerrainState, Zone, ZoneKind,
)

Events = list[Event]

MAX_PLAYERS = 4


def horde_home(player: int, count: int) -> int:
    """The Home Terrain where `player`'s Horde army stands: the next player's, in seat
    order."""
    return (player + 1) % count


class SetupError(ValueError):
    """The players' setups cannot start a game; the message names the problem."""


def new_game(players: Sequence[PlayerSetup], seed: int,
             options: GameOptions | None = None) -> GameState:
    """Start a game of 2 to 4 players from each player's setup, with RNG `seed` and
    `options` (the current rules revision, app-rolled dice and no house rules if None).

    Home armies stand at their own Home Terrain, Horde armies at the next player's Home
    Terrain and Campaign armies at the Frontier (terrain n, whose die is fixed once the
    Frontier is picked). Dragons, Dragonkin and minor terrains start in the Summoning Pool
    (in a classic game the dragons start in their owner's DUA: ``classic.dragons``).
    The game then waits for the Horde roll-off. Raises SetupError for a player count outside
    2-4, an unknown die or a die of the wrong kind, or options that are not valid.
    """
    options = options if options is not None else GameOptions()
    problem = options_problem(options)
    if problem:
        raise SetupError(problem)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise SetupError(f"this version plays 2 to {MAX_PLAYERS} players; got {len(players)}")
    count = len(players)
    catalog = load_catalog()
    dice: list[GameDie] = []
    zones: list[Zone] = []

    def add(keys: Sequence[str], owner: int, zone: Zone, kinds: set[DieKind], slot: str) -> None:
        for key in keys:
            try:
                die = catalog.die(key)
            except KeyError as exc:
                raise SetupError(f"{players[owner].name}'s {slot}: {exc.args[0]}") from None
            if die.kind not in kinds:
                raise SetupError(f"{players[owner].name}'s {slot}: {die.name} is a "
                                 f"{die.kind.value}, which does not belong there")
            dice.append(GameDie(len(dice), die.key, owner))
            zones.append(zone)

    army_kinds = {DieKind.UNIT, DieKind.MONSTER, DieKind.CHAMPION, DieKind.EQUIPMENT,
                  DieKind.ARTIFACT, DieKind.MEDALLION, DieKind.RELIC}
    for p, setup in enumerate(players):
        add(setup.home, p, Zone(ZoneKind.TERRAIN, p), army_kinds, "Home army")
        add(setup.horde, p, Zone(ZoneKind.TERRAIN, horde_home(p, count)), army_kinds,
            "Horde army")
        add(setup.campaign, p, Zone(ZoneKind.TERRAIN, count), army_kinds, "Campaign army")
        pool = Zone(ZoneKind.SUMMONING, p)
        # The 1996 game has no Summoning Pool: dragons start in their owner's dead pile.
        lair = dragon_home(p) if options.classic else pool
        add(setup.dragons, p, lair, {DieKind.DRAGON}, "dragons")
        add(setup.dragonkin, p, pool, {DieKind.UNIT, DieKind.CHAMPION}, "Dragonkin")
        add(setup.minor_terrains, p, pool, {DieKind.MINOR_TERRAIN}, "minor terrains")
        for slot, key in (("Home Terrain", setup.home_terrain),
                          ("Frontier Terrain", setup.frontier_terrain)):
            try:
                if catalog.die(key).kind is not DieKind.TERRAIN:
                    raise SetupError(f"{setup.name}'s {slot}: {key} is not a terrain")
            except KeyError as exc:
                raise SetupError(f"{setup.name}'s {slot}: {exc.args[0]}") from None
    terrains = tuple(
        TerrainState(key=s.home_terrain, owner=p, home=True, face=1)
        for p, s in enumerate(players)
    ) + (TerrainState(key=players[0].frontier_terrain, owner=0, home=False, face=1),)
    state = GameState(
        players=tuple(players), dice=tuple(dice), zones=tuple(zones), terrains=terrains,
        phase=Phase.SETUP_ROLLOFF, rng=Rng(seed), options=options,
        proposed_frontiers=tuple(s.frontier_terrain for s in players),
    )
    if options.assemble_armies:
        return _assemble(state, 0)
    return wait(state, 0, Step.NONE, "Roll the Horde armies to decide who chooses first")


ASSEMBLE_PROMPT = ("Assemble your armies: share your units and items between your Home, "
                   "Horde and Campaign armies, then say they are ready")


def setup_army_zones(state: GameState, player: int) -> tuple[Zone, Zone, Zone]:
    """Where `player`'s Home, Horde and Campaign armies stand at setup: their own Home
    Terrain, the next player's Home Terrain and the Frontier."""
    count = state.player_count
    return (Zone(ZoneKind.TERRAIN, player), Zone(ZoneKind.TERRAIN, horde_home(player, count)),
            Zone(ZoneKind.TERRAIN, count))


def _assemble(state: GameState, player: int) -> GameState:
    return wait(state.with_(phase=Phase.SETUP_ARMIES), player, Step.NONE, ASSEMBLE_PROMPT,
                default=Verb.ARMIES_READY.value)


def _assembly_actions(state: GameState) -> list[Action]:
    """``army <die> <terrain>`` for each of the deciding player's army dice and each of their
    other two armies, and ``armies-ready``."""
    assert state.pending is not None, "assembly waits for a player"
    player = state.pending.player
    zones = setup_army_zones(state, player)
    moves = [act(Verb.ARMY, die_id, to)
             for die_id, (die, zone) in enumerate(zip(state.dice, state.zones))
             if die.owner == player and zone in zones
             for to in zones if to != zone]
    return moves + [act(Verb.ARMIES_READY)]


def _apply_assembly(state: GameState, action: Action, events: Events) -> GameState:
    assert state.pending is not None, "assembly waits for a player"
    player = state.pending.player
    if action.verb is Verb.ARMY:
        die_id, to = action.args
        return state.with_die_moved(die_id, to)
    events.append(Event("message", f"{state.players[player].name}'s armies are assembled",
                        player=player))
    if player + 1 < state.player_count:
        return _assemble(state, player + 1)
    events.append(Event("message", "Every army is assembled: the armies are revealed"))
    state = state.with_(phase=Phase.SETUP_ROLLOFF)
    return wait(state, 0, Step.NONE, "Roll the Horde armies to decide who chooses first")


def legal_setup_actions(state: GameState) -> list[Action]:
    """The choices open during setup."""
    if state.phase is Phase.SETUP_ARMIES:
        return _assembly_actions(state)
    if state.phase is Phase.SETUP_ROLLOFF:
        return [act(Verb.ROLLOFF)]
    if state.phase is Phase.SETUP_CHOICE:
        return [act(Verb.GO_FIRST), act(Verb.PICK_FRONTIER)]
    if state.phase is Phase.SETUP_FRONTIER:
        return [act(Verb.FRONTIER, i) for i in range(len(state.proposed_frontiers))]
    return []


def apply_setup(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a setup action (already checked legal)."""
    if action.verb in (Verb.ARMY, Verb.ARMIES_READY):
        return _apply_assembly(state, action, events)
    if action.verb is Verb.ROLLOFF:
        return roll_off(state, events)
    if action.verb in (Verb.GO_FIRST, Verb.PICK_FRONTIER):
        winner, second = state.turn_order[0], state.turn_order[1]
        order = state.turn_order
        if action.verb is Verb.GO_FIRST:  # the next-highest roller picks the Frontier
            picker = second
        else:  # the winner picks the Frontier and takes the second turn
            picker, order = winner, (second, winner) + order[2:]
        choice = "goes first" if action.verb is Verb.GO_FIRST else "picks the Frontier"
        events.append(Event("message", f"{state.players[winner].name} {choice}", player=winner))
        state = state.with_(phase=Phase.SETUP_FRONTIER, frontier_picker=picker,
                            turn_order=order)
        return wait(state, picker, Step.NONE, "Pick the Frontier from the proposed terrains")
    if action.verb is Verb.FRONTIER:
        return _place_frontier(state, action.args[0], events)
    raise AssertionError(f"not a setup action: {action}")


@dataclass(frozen=True)
class RolloffProgress:
    """How far the Horde roll-off has gone while a manual-dice game waits for a face (kept
    in the chance request: ``ChanceRequest.progress``): `results`, the rolls of the players
    who have rolled, in seat order; `army`, the roll of the next player under way (None: not
    begun); `used`, how many of the request's faces the step has taken."""

    results: tuple[RollResult, ...] = ()
    army: ArmyThrow | None = None
    used: int = 0


def roll_off(state: GameState, events: Events) -> GameState:
    """Each player rolls their Horde army for maneuver; only maneuver-producing SAIs count
    (digest §2.4). The highest total chooses; the totals give the turn order (multiplayer), so
    any tie rolls again (rulings). In a manual-dice game the step waits for each face
    (chance requests of step "rolloff") and resumes here from where it stopped
    (``RolloffProgress``); the rolls are logged once every die is in."""
    count = state.player_count
    request = state.awaiting
    progress = request.progress if request is not None and request.resume == "rolloff" else None
    progress = progress if isinstance(progress, RolloffProgress) else RolloffProgress()
    dice = Thrower(state, resume="rolloff", skip=progress.used)
    results, army = list(progress.results), progress.army
    while len(results) < count:
        horde = Zone(ZoneKind.TERRAIN, horde_home(len(results), count))
        if army is None:
            army = ArmyThrow.start(state, horde, len(results), RollType.MANEUVER,
                                   ignore_sai_effects=True)
        army = army.thrown(state, dice.face)
        if not army.done:  # waiting for a face (manual dice)
            asked = dice.waiting
            assert asked is not None and asked.awaiting is not None
            kept = RolloffProgress(tuple(results), army, dice.used)
            return asked.with_(awaiting=replace(asked.awaiting, progress=kept))
        results.append(army.result(state, horde, len(results)))
        army = None
    totals = []
    for p, result in enumerate(results):
        horde = Zone(ZoneKind.TERRAIN, horde_home(p, count))
        log_roll(state, horde, p, result, events, rolling_dice(state, horde, p)[1])
        totals.append(result.total(RollType.MANEUVER))
    state = dice.settled(state)
    if len(set(totals)) < count:
        tied = max(t for t in totals if totals.count(t) > 1)
        events.append(Event("message", f"Roll-off tied at {tied}: roll again"))
        return wait(state, 0, Step.NONE, "The roll-off tied: roll the Horde armies again")
    ranking = tuple(sorted(range(count), key=lambda p: -totals[p]))
    winner = ranking[0]
    # the winner's total first, then the others' by their place in the roll-off
    events.append(Event("message", f"{state.players[winner].name} wins the roll-off "
                                   f"({' vs '.join(str(totals[p]) for p in ranking)})",
                        player=winner))
    state = state.with_(phase=Phase.SETUP_CHOICE, rolloff_winner=winner, turn_order=ranking)
    return wait(state, winner, Step.NONE, "You won the roll-off: go first, or pick the Frontier")


def _place_frontier(state: GameState, index: int, events: Events) -> GameState:
    """Fix the Frontier, roll the starting distances (8 re-rolled, 7 turned to 6) and start
    the first turn (digest §2.4-2.5)."""
    picker = state.frontier_picker
    assert picker is not None  # set when the roll-off winner chose
    key = state.proposed_frontiers[index]
    owner = index  # proposals are listed in seat order
    frontier = state.player_count
    terrains = list(state.terrains)
    terrains[frontier] = TerrainState(key=key, owner=owner, home=False, face=1)
    state = state.with_(terrains=tuple(terrains))
    events.append(Event("terrain", f"{state.players[picker].name} picks "
                                   f"{state.zone_name(Zone(ZoneKind.TERRAIN, frontier))} as the "
                                   f"Frontier", player=picker))
    return roll_distances(state, events)


def roll_distances(state: GameState, events: Events) -> GameState:
    """Roll every terrain for its starting distance — the Frontier by the player who picked
    it — an 8 rolled again, a 7 or 8 starting at 6 (digest §2.5); then the first turn
    begins. In a manual-dice game the step waits for each face and resumes here (chance
    requests of step "distances")."""
    picker = state.frontier_picker
    assert picker is not None  # set when the roll-off winner chose
    frontier = state.player_count
    terrains = list(state.terrains)
    dice, said = Thrower(state, resume="distances"), []
    for t_index, terrain in enumerate(terrains):
        roller = picker if t_index == frontier else terrain.owner
        throw = Throw(f"{state.players[roller].name}'s {terrain.die.name}", terrain.key,
                      roller, "starting distance")
        roll = dice.face(8, throw)
        rerolls = 0
        # Like every re-roll chain, at most MAX_REROLLS times (then it starts at 6): a game
        # file entering 8 for ever (manual dice) must not make a roll without end.
        while roll is not None and roll + 1 == 8 and rerolls < MAX_REROLLS:
            roll = dice.face(8, throw.again("after 8"))
            rerolls += 1
        if roll is None:  # waiting for a face (manual dice)
            assert dice.waiting is not None
            return dice.waiting
        face = roll + 1
        shown = min(face, 6)
        terrains[t_index] = TerrainState(terrain.key, terrain.owner, terrain.home, shown)
        said.append(Event("terrain", f"{state.players[roller].name} rolls {terrain.die.name}: "
                                     f"{face}" + (" → 6" if face > 6 else ""), player=roller))
    events.extend(said)
    state = dice.settled(state.with_(terrains=tuple(terrains)))
    return begin_turn(state, state.turn_order[0], events)


# The setup steps a chance request resumes (``ChanceRequest.resume``).
SETUP_RESUMES = {"distances": roll_distances, "rolloff": roll_off}
