"""The immutable game state and the read-only questions asked of it.

A `GameState` is a value: frozen dataclasses and tuples only, so any state can be kept, compared
and handed to another thread. Every physical die in the game is a `GameDie` with a stable id;
`GameState.zones[id]` says where it is. An army is "one player's units (and items) at one
terrain or in that player's Reserve Area" (digest §0), so armies are derived, never stored.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field, fields, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from ...catalog.loader import load_catalog
from ...catalog.model import Die, DieKind, Icon, IdentityEnum
from .options import GameOptions
from .rng import Rng, Throw
from ...player_text import area_name
from ..rolls.model import Modifier, RollResult

if TYPE_CHECKING:
    from ..tasks.kinds import Task


class ZoneKind(IdentityEnum):
    """Where a die can be: at a terrain, or in one of a player's areas (digest §0). Hashed by
    identity (`IdentityEnum`): zones key the dice index of every state."""

    TERRAIN = "terrain"
    RESERVE = "reserve"
    SUMMONING = "summoning"
    DUA = "dua"
    BUA = "bua"


@dataclass(frozen=True, order=True)
class Zone:
    """A place for dice. `index` is the terrain index for TERRAIN, else the player index."""

    kind: ZoneKind
    index: int

    def to_text(self) -> str:
        """Short form used in action texts: ``t1`` for terrain 1, ``reserve0``, ``dua1`` ..."""
        kind = self.kind  # `_value_`: the member's own attribute (`.value` is a property)
        return f"t{self.index}" if kind is ZoneKind.TERRAIN else f"{kind._value_}{self.index}"

    @classmethod
    def from_text(cls, text: str) -> "Zone":
        """Parse `to_text` output. Raises ValueError on anything else."""
        if text.startswith("t") and text[1:].isdigit():
            return cls(ZoneKind.TERRAIN, int(text[1:]))
        for kind in ZoneKind:
            if kind is not ZoneKind.TERRAIN and text.startswith(kind.value):
                rest = text[len(kind.value):]
                if rest.isdigit():
                    return cls(kind, int(rest))
        raise ValueError(f"not a zone: {text!r}")


class Phase(IdentityEnum):
    """Setup steps, then the seven phases of a turn (digest §2, §3)."""

    SETUP_ARMIES = "Assemble the armies"  # only with GameOptions.assemble_armies
    SETUP_ROLLOFF = "Horde roll-off"
    SETUP_CHOICE = "Choose: go first or pick the Frontier"
    SETUP_FRONTIER = "Pick the Frontier"
    EXPIRE_EFFECTS = "Expire Effects"
    EIGHTH_FACE = "Eighth Face"
    DRAGON_ATTACK = "Dragon Attack"
    SPECIES_ABILITIES = "Species Abilities"
    FIRST_MARCH = "First March"
    SECOND_MARCH = "Second March"
    RESERVES = "Reserves"
    GAME_OVER = "Game over"


class Step(IdentityEnum):
    """The step inside a phase that the pending decision belongs to."""

    NONE = ""
    CHOOSE_ARMY = "choose an army to march"
    MANEUVER = "maneuver"
    COUNTER_MANEUVER = "counter-maneuver"
    TURN_TERRAIN = "turn the terrain"
    ACTION = "action"
    MISSILE_TARGET = "missile target"
    MELEE_TARGET = "melee target"
    DAMAGE = "assign damage"
    COUNTER_ATTACK = "counter-attack"
    REINFORCE = "reinforce"
    RETREAT = "retreat"
    SAI_PICK = "choose units"
    SAI_CHOOSE = "make a choice"
    CAST = "announce spells"
    MINOR_TERRAIN = "minor terrain"
    FACE = "enter the face rolled"


@dataclass(frozen=True)
class GameDie:
    """One physical die in this game: `id` (index into GameState.dice), catalog `key`, `owner`."""

    id: int
    key: str
    owner: int

    @cached_property
    def die(self) -> Die:
        """The catalog die (faces, health, colours); looked up once per GameDie."""
        return load_catalog().die(self.key)


@dataclass(frozen=True)
class TerrainState:
    """A terrain in play: its die, who brought it, whether it is a Home Terrain, its face (1-8)
    and which player's army controls its eighth face (None unless face is 8; digest §8).
    castle_as: what a captured Castle became (City, Standing Stones, Temple or Tower) until its
    face moves (seed 003); None otherwise."""

    key: str
    owner: int
    home: bool
    face: int
    controller: int | None = None
    castle_as: Icon | None = None

    @cached_property
    def die(self) -> Die:
        """The catalog terrain die (looked up once per TerrainState)."""
        return load_catalog().die(self.key)

    @property
    def eighth_face(self) -> Icon | None:
        """The power of its eighth face: the printed icon, or what a Castle became."""
        return self.castle_as or self.die.eighth_face

    @property
    def action_icon(self) -> Icon:
        """The icon on the face showing (an action icon, or the eighth-face icon on 8)."""
        return self.die.faces[self.face - 1].icon


@dataclass(frozen=True)
class PlayerSetup:
    """What a player brings (digest §2): a name, terrain keys and the armies' die keys."""

    name: str
    force_name: str
    home_terrain: str
    frontier_terrain: str
    home: tuple[str, ...]
    horde: tuple[str, ...]
    campaign: tuple[str, ...]
    dragons: tuple[str, ...] = ()
    dragonkin: tuple[str, ...] = ()
    minor_terrains: tuple[str, ...] = ()


@dataclass(frozen=True)
class DamageDue:
    """Damage a player must assign to their army at `zone` (digest §4.7); `killed` is the
    health-worth already removed for it. `on_kill`: what happens to each unit it kills beyond
    going to the DUA: "save_or_bury" (Firebreath: the killed roll a save or are buried),
    "bury_dragonkin" (Sneak Attack: Dragonkin killed are buried), "" nothing more.
    after_save: the army made a save roll against it (Open Grave, digest §7).
    marked: from rules revision 3, the casualties chosen so far, in the army still: they are
    removed together once the set is complete (their health is counted in `killed`); under
    revisions 1-2, the one casualty just chosen, until the task queue removes it (its health
    not yet counted)."""

    player: int
    zone: Zone
    amount: int
    reason: str
    killed: int = 0
    on_kill: str = ""
    after_save: bool = False
    marked: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pending:
    """The decision the game waits on: who must choose, of what kind (architecture guide).
    `default`: the text of the action taken when the player has no preference (SAI choices:
    the UI may offer it as the default button, the automatic player takes it)."""

    player: int
    step: Step
    prompt: str
    default: str = ""


@dataclass(frozen=True)
class EnteredFace:
    """The face one die showed in a manual-dice game (issue 7 §3): `throw` says which die,
    `face` is the face index, `by_hand` is False when the players let the app roll it."""

    throw: Throw
    face: int
    by_hand: bool = True


@dataclass(frozen=True)
class ChanceRequest:
    """A chance step waiting in a manual-dice game: the die a rule throws, whose face the
    players enter (``face <i>``) or let the app roll (``face roll``) (issue 7 §3, issue 12).

    throw / face_count: the die asked for now (each of its `face_count` faces equally
        likely: ``game.chance_outcomes``); position: the Rng position at the ask, where the
        app draws when the players let it roll this die.
    entered: the faces given so far to the step of the rules that is throwing (a roll
        task's stage throws its dice one by one; the UI shows them).
    action: how the game goes on once the face is given. None: the step that asked resumes
        (`resume` names it: "" the task queue, at the stage of the task that asked; or a
        setup step such as "distances" or "rolloff"), taking the faces `entered` and the
        new one (the state is the one at the ask; `progress`: how far a step that keeps it
        has gone, the roll-off's ``RolloffProgress``). An action: a roll the action makes
        itself, outside those steps, is made by applying that action again with every face
        entered (the state is the one from before it).
    pending / step: the decision and step the state had before the ask, restored when the
        face is given.
    """

    action: Any
    pending: Pending | None
    step: Step
    throw: Throw
    face_count: int
    position: int
    entered: tuple[EnteredFace, ...] = ()
    resume: str = ""
    # A setup step that keeps how far it has gone (the Horde roll-off: ``turn/setup.py``'s
    # RolloffProgress) resumes from there with the new face, not from its start.
    progress: Any = None
    # While a step runs in a manual-dice game (``rolls/throwing.py``): a task's stage
    # (``open_session``) notes the faces given out so far and the die first found without a
    # face (its Throw, its face count); an action being applied (`action` set) keeps its
    # faces in `tally` (a ``throwing.ActionTally``, alive only while the action is applied).
    session: bool = False
    used: int = 0
    asked: tuple[Throw, int] | None = None
    tally: Any = field(default=None, compare=False, repr=False)


# The name the window and older code use for a chance request.
FaceWait = ChanceRequest


@dataclass(frozen=True)
class LastingEffect:
    """An effect lasting "until the beginning of your next turn" (seed 000, digest §3.1), kept
    in ``GameState.effects`` so later rolls and moves see it and the UI can show it.

    creator: the player whose Expire Effects phase ends it (digest §3.1).
    icon / spell / text: the SAI or the spell that made it (a dragon's breath: neither) and a
        readable line for the window.
    kind: what it does (``sai/lasting.py`` lists them): "halve" (Frost Breath), "subtract_all"
        (Wither), "galeforce", "cloak", "illusion", "modifiers" (spells, breath), "ignore_ids"
        (Dragon Plague) on armies or terrains; "asleep", "webbed", "netted", "stunned",
        "hypnotized" on units.
    player / zone: for army effects, the army's owner and its location (an army effect stays
        with the location, digest §4.3); a terrain effect has a zone and no player (it acts on
        every army there, digest §5.3). die_id: for unit effects, the unit (it follows the
        unit to another army, seed 000 Targeting).
    amount: results subtracted or added. source_die: the die whose SAI made it (Hypnotic
        Glare ends when that unit leaves the terrain, is killed or is rolled).
    modifiers: the roll modifiers a "modifiers" effect puts on the army's rolls; rolls: "" for
        every roll, "non-maneuver" for rolls without maneuver results only (Palsy).
    """

    creator: int
    icon: Icon | None
    kind: str
    text: str
    player: int | None = None
    zone: Zone | None = None
    die_id: int | None = None
    amount: int = 0
    source_die: int | None = None
    spell: str = ""
    modifiers: tuple[Modifier, ...] = ()
    rolls: str = ""


@dataclass(frozen=True)
class Exchange:
    """One attack in a march: a melee attack, a counter-attack or a missile attack.

    kind: "melee" or "missile"; attacker / defender and their armies' zones; counter_attack;
    charmed: defending units charmed (they do not save this march, seed 000 Charm);
    surprise: the defender cannot counter-attack (seed 000 Surprise); charge: the defender
    makes a combination save and melee roll instead of saving and counter-attacking (Charge).
    """

    kind: str
    attacker: int
    attacker_zone: Zone
    defender: int
    defender_zone: Zone
    counter_attack: bool = False
    charmed: tuple[int, ...] = ()
    surprise: bool = False
    charge: bool = False


@dataclass(frozen=True)
class MarchState:
    """The march in progress: the marching army's zone and what it has done so far.

    exchange: the attack in progress; results: the rolls of this march by purpose
    ("maneuver", "counter-maneuver <player>", "attack", "save", "counter-attack",
    "counter-save", "magic", and the rolls spells and abilities ask for), each updated as its SAI effects are applied
    (``RollResult.applied``). mired: the marching army's units that take no part in the
    march's rolls (Mire, digest §7). charge: "javelin" or "kukri" when the army buried its
    minor terrain for an Amazon charge (digest §6). asked / counters: the opponents asked
    whether they counter-maneuver, and those who do (several in multiplayer, digest §10 #3).
    """

    zone: Zone
    maneuvered: bool = False
    action: str = ""                 # "melee", "missile", "magic" once chosen
    target: Zone | None = None       # the defending army's zone in an attack
    attack_damage_done: bool = False
    counter_attacked: bool = False
    exchange: Exchange | None = None
    results: tuple[tuple[str, RollResult], ...] = ()
    mired: tuple[int, ...] = ()
    charge: str = ""
    asked: tuple[int, ...] = ()
    counters: tuple[int, ...] = ()

    def result(self, purpose: str) -> RollResult | None:
        """The roll made for `purpose` in this march, or None."""
        return dict(self.results).get(purpose)

    @property
    def current_attack(self) -> Exchange:
        """The attack in progress in this march. Raises ValueError when there is none."""
        if self.exchange is None:
            raise ValueError("no attack is in progress in this march")
        return self.exchange

    def with_result(self, purpose: str, result: RollResult) -> "MarchState":
        """The march with the roll for `purpose` recorded (replacing an earlier one)."""
        kept = tuple((p, r) for p, r in self.results if p != purpose)
        return replace(self, results=kept + ((purpose, result),))


@dataclass(frozen=True)
class DragonAttackState:
    """The dragon attack in progress at one terrain (digest §5.4, its nine steps).

    zone: the terrain; player: the marching player, whose army there the dragons attack.
    targets: (dragon id, target) for each dragon that attacks: the dragon it attacks, or None
        for the army (steps 1-2).
    rolls: (dragon id, faces shown) once the dragons rolled (step 3: Tail rolls again, and so
        does Breath against a dragon).
    results: the army's response roll (purpose "dragon-attack"), like ``MarchState.results``.
    killed: dragons the army killed (step 7; they go back to their owner's Summoning Pool and
        the army promotes, step 8); slain: dragons an Eldarim champion slew (out of the game,
        nobody promotes); spared: dragons whose non-breath damage is ignored (tamed, slain or
        controlled by an Eldarim champion, seed 000).
    extra_melee: damage of dragons controlled by the army's champions, added to its melee
        results against the attacking dragons (seed 000).
    """

    zone: Zone
    player: int
    targets: tuple[tuple[int, int | None], ...] = ()
    rolls: tuple[tuple[int, tuple[int, ...]], ...] = ()
    results: tuple[tuple[str, RollResult], ...] = ()
    killed: tuple[int, ...] = ()
    slain: tuple[int, ...] = ()
    spared: tuple[int, ...] = ()
    extra_melee: int = 0

    def result(self, purpose: str) -> RollResult | None:
        """The roll made for `purpose` in this dragon attack, or None."""
        return dict(self.results).get(purpose)

    def with_result(self, purpose: str, result: RollResult) -> "DragonAttackState":
        """The attack with the roll for `purpose` recorded (replacing an earlier one)."""
        kept = tuple((p, r) for p, r in self.results if p != purpose)
        return replace(self, results=kept + ((purpose, result),))

    def faces(self, dragon: int) -> tuple[int, ...]:
        """The faces dragon `dragon` showed (empty before it rolls)."""
        return dict(self.rolls).get(dragon, ())

    @property
    def at_army(self) -> tuple[int, ...]:
        """The dragons attacking the army, in id order."""
        return tuple(d for d, target in self.targets if target is None)


@dataclass(frozen=True)
class DragonBond:
    """A dragon tamed or controlled by an Eldarim champion (seed 000 SFR Logo): `kind` is
    "tamed" or "controlled"; `unit` the champion. ``dragons.end_bonds`` ends it when the rules
    say (the dragon or the unit leaves the terrain, a new bond, a White Dragon at its
    holder's Expire Effects)."""

    dragon: int
    unit: int
    kind: str


_DICE_BY_ZONE = "_dice_by_zone"  # the names GameState's cached indexes are kept under
_UNITS_MEMO = "_armies"


@dataclass(frozen=True)
class GameState:
    """The whole game at one moment. Build with `engine.setup.new_game`; change with `apply`.

    - players: the PlayerSetup of each player, in seat order (index = player number)
    - dice / zones: every die and where it is, both indexed by die id
    - terrains: the terrains in play (index = terrain number used by Zone)
    - phase, step, turn_player, turn_number, marched (zones of armies that marched this turn)
    - march: the march in progress, damage: damage still to assign, in order
    - tasks: the rolls and SAI effects still to resolve, in order (``tasks/runner.py``)
    - queued: tasks a rule queued while a step was in progress (an owner's choice about a
      unit's fate: Stepped Damage), put first in the queue once that step is over
    - effects: the lasting effects in force (``sai/lasting.py``), for rolls, moves and the window
    - dragon_attack: the dragon attack in progress (Dragon Attack phase, digest §5.4);
      bonds: dragons tamed or controlled by Eldarim champions (seed 000)
    - minors: (die id, face index shown) of each minor terrain in play (digest §1.6)
    - moved: (unit id, where it came from, items it brought) for each unit moved in the
      current Reserves step (items may follow a unit that carries them, seed 001)
    - pending: the decision waited on (None only when the game is over)
    - rng: the seeded randomness; winner: the player who won, when the game is over
    - rolloff_winner / frontier_picker / proposed_frontiers: setup bookkeeping (digest §2);
      turn_order: the players in turn order, from the Horde roll-off
    - options: the rules revision, manual dice and house rules the game is played with
    - awaiting: in a manual-dice game, the chance step waiting for the face of a die (a
      ``ChanceRequest``, with the face decision pending); None otherwise
    """

    players: tuple[PlayerSetup, ...]
    dice: tuple[GameDie, ...]
    zones: tuple[Zone, ...]
    terrains: tuple[TerrainState, ...]
    phase: Phase
    rng: Rng
    step: Step = Step.NONE
    turn_player: int = 0
    turn_number: int = 0
    marched: tuple[Zone, ...] = ()
    march: MarchState | None = None
    damage: tuple[DamageDue, ...] = ()
    tasks: tuple["Task", ...] = ()
    queued: tuple["Task", ...] = ()
    effects: tuple[LastingEffect, ...] = ()
    dragon_attack: DragonAttackState | None = None
    bonds: tuple[DragonBond, ...] = ()
    minors: tuple[tuple[int, int], ...] = ()
    moved: tuple[tuple[int, Zone, tuple[int, ...]], ...] = ()
    pending: Pending | None = None
    winner: int | None = None
    rolloff_winner: int | None = None
    frontier_picker: int | None = None
    proposed_frontiers: tuple[str, ...] = field(default=())
    turn_order: tuple[int, ...] = ()
    options: GameOptions = GameOptions()
    awaiting: ChanceRequest | None = None

    # --- queries -------------------------------------------------------------------------

    @property
    def current_march(self) -> MarchState:
        """The march in progress. Raises ValueError when no army is marching."""
        if self.march is None:
            raise ValueError("no march is in progress")
        return self.march

    @property
    def current_dragon_attack(self) -> DragonAttackState:
        """The dragon attack in progress. Raises ValueError when there is none."""
        if self.dragon_attack is None:
            raise ValueError("no dragon attack is in progress")
        return self.dragon_attack

    def with_(self, **changes: Any) -> "GameState":
        """A copy with the given fields changed (dataclasses.replace). When no die changes
        zone, the copy shares this state's index of dice by zone."""
        new = self._copy_with(changes)
        if "dice" not in changes and "zones" not in changes:
            mine, its = self.__dict__, new.__dict__
            if _DICE_BY_ZONE in mine:
                its[_DICE_BY_ZONE] = mine[_DICE_BY_ZONE]
            if _UNITS_MEMO in mine:
                its[_UNITS_MEMO] = mine[_UNITS_MEMO]
        return new

    def _copy_with(self, changes: dict[str, Any]) -> "GameState":
        # What dataclasses.replace does for this class (no __post_init__, no init-only
        # fields), without its per-call field walk: states are copied thousands of times a
        # game. Only the fields are copied, never what is kept on a state (its index, its
        # legal actions). An unknown field is a TypeError, as with replace.
        if not _FIELD_SET.issuperset(changes):
            unknown = changes.keys() - _FIELD_SET
            raise TypeError(f"GameState has no field {sorted(unknown)[0]!r}")
        values = self.__dict__.copy()
        if len(values) != _FIELD_COUNT:  # what is kept on the state is not copied
            for kept in _KEPT_NAMES:
                values.pop(kept, None)
            if len(values) != _FIELD_COUNT:
                values = {name: self.__dict__[name] for name in _STATE_FIELDS}
        values.update(changes)
        new = _new_object(GameState)
        _set_attribute(new, "__dict__", values)
        return new

    def with_die_moved(self, die_id: int, to: Zone) -> "GameState":
        """A copy with die `die_id` in zone `to` (the rest unchanged); its index of dice by
        zone is this state's with the one die moved, not rebuilt. IndexError for a bad id."""
        zones = list(self.zones)
        origin, zones[die_id] = zones[die_id], to
        new = self._copy_with({"zones": tuple(zones)})
        die = self.dice[die_id]
        index = self.__dict__.get(_DICE_BY_ZONE)
        if index is not None:
            index = dict(index)
            index[origin] = tuple([d for d in index[origin] if d.id != die_id])
            index[to] = _with_die(index.get(to, ()), die)
            new.__dict__[_DICE_BY_ZONE] = index
        armies = self.__dict__.get(_UNITS_MEMO)
        if armies is not None:  # the two armies the die leaves and joins, the rest shared
            armies = dict(armies)
            unit = die.die.kind.is_unit
            dice, units = armies.pop((origin, die.owner))
            dice = tuple([d for d in dice if d.id != die_id])
            if dice:
                armies[(origin, die.owner)] = (
                    dice, tuple([d for d in units if d.id != die_id]) if unit else units)
            dice, units = armies.get((to, die.owner), ((), ()))
            armies[(to, die.owner)] = (_with_die(dice, die),
                                       _with_die(units, die) if unit else units)
            new.__dict__[_UNITS_MEMO] = armies
        return new

    @property
    def player_count(self) -> int:
        """Number of players (2 to 4)."""
        return len(self.players)

    @cached_property
    def _dice_by_zone(self) -> dict[Zone, tuple[GameDie, ...]]:
        # Built once per state, on first use (the state never changes, and `replace` makes a
        # new state without it), so asking what is in a zone does not scan every die.
        index: dict[Zone, list[GameDie]] = {}
        for die, zone in zip(self.dice, self.zones):
            index.setdefault(zone, []).append(die)
        return {zone: tuple(dice) for zone, dice in index.items()}

    def dice_in(self, zone: Zone, player: int | None = None) -> tuple[GameDie, ...]:
        """Dice in `zone`, optionally only `player`'s, in id order."""
        if player is None:
            return self._dice_by_zone.get(zone, ())
        return self._armies.get((zone, player), _NO_ARMY)[0]

    @cached_property
    def _armies(self) -> dict[tuple[Zone, int], tuple[tuple[GameDie, ...], tuple[GameDie, ...]]]:
        # (zone, player) -> (that player's dice there, the units among them), both in id
        # order, for every (zone, player) holding a die; built in one pass on first use and,
        # like the index by zone, kept from state to state as dice move (`with_die_moved`).
        dice: dict[tuple[Zone, int], list[GameDie]] = {}
        for die, zone in zip(self.dice, self.zones):
            dice.setdefault((zone, die.owner), []).append(die)
        return {key: (tuple(held), tuple(d for d in held if d.die.kind.is_unit))
                for key, held in dice.items()}

    def units_in(self, zone: Zone, player: int) -> tuple[GameDie, ...]:
        """`player`'s units (not items) in `zone`."""
        return self._armies.get((zone, player), _NO_ARMY)[1]

    def army(self, zone: Zone, player: int) -> tuple[GameDie, ...]:
        """`player`'s army at `zone` (units and items); empty if none (digest §0)."""
        return self.dice_in(zone, player)

    def has_army(self, zone: Zone, player: int) -> bool:
        """True if `player` has at least one unit at `zone` (an army needs a unit)."""
        return bool(self._armies.get((zone, player), _NO_ARMY)[1])

    def army_zones(self, player: int) -> tuple[Zone, ...]:
        """Zones (terrains, then the Reserve Area) where `player` has an army."""
        armies = self._armies
        return tuple(z for z in _army_places(len(self.terrains), player)
                     if armies.get((z, player), _NO_ARMY)[1])

    def health_in_play(self, player: int) -> int:
        """Health-worth of `player`'s units at terrains and in reserve (digest §3.7)."""
        armies = self._armies
        return sum(d.die.health for z in _army_places(len(self.terrains), player)
                   for d in armies.get((z, player), _NO_ARMY)[1])

    def army_name(self, zone: Zone, player: int) -> str:
        """Home, Horde, Campaign or Reserve army, by where it stands (digest §0)."""
        if zone.kind is ZoneKind.RESERVE:
            return "Reserve army"
        terrain = self.terrains[zone.index]
        if terrain.home and terrain.owner == player:
            return "Home army"
        if terrain.home:
            return "Horde army"
        return "Campaign army"

    def zone_name(self, zone: Zone) -> str:
        """Readable name of a zone for the log and the window. A terrain whose name another
        terrain in play shares (two players brought the same terrain) is told apart by
        whose Home Terrain it is: "Flatland City (Cat's home)"."""
        if zone.kind is ZoneKind.TERRAIN:
            terrain = self.terrains[zone.index]
            name = terrain.die.name
            if sum(1 for t in self.terrains if t.die.name == name) > 1:
                owner = f"{self.players[terrain.owner].name}'s home" if terrain.home \
                    else "Frontier"
                return f"{name} ({owner})"
            return name
        owner = self.players[zone.index].name
        ruleset = self.options.ruleset
        names = {ZoneKind.RESERVE: "Reserve Area", ZoneKind.SUMMONING: "Summoning Pool",
                 ZoneKind.DUA: area_name("DUA", ruleset), ZoneKind.BUA: area_name("BUA", ruleset)}
        return f"{owner}'s {names[zone.kind]}"

    def die_label(self, die_id: int) -> str:
        """A die's name with its owner, e.g. "Ann's Centaur"."""
        d = self.dice[die_id]
        return f"{self.players[d.owner].name}'s {d.die.name}"

    def throw(self, die_id: int, note: str = "") -> Throw:
        """Die `die_id` as a chance step rolls it (manual dice): "Ann's Footman", its catalog
        key, its owner rolling it, and `note` saying what for (e.g. "melee roll")."""
        d = self.dice[die_id]
        # What Throw's frozen __init__ makes, without its setattr per field: every die of
        # every roll is thrown as a Throw.
        throw = _new_object(Throw)
        _set_attribute(throw, "__dict__", {
            "what": f"{self.players[d.owner].name}'s {d.die.name}", "key": d.key,
            "player": d.owner, "note": note, "die_id": die_id})
        return throw

    def is_item(self, die_id: int) -> bool:
        """True for equipment, artifacts, medallions and relics."""
        return self.dice[die_id].die.kind.is_item

    def is_kind(self, die_id: int, *kinds: DieKind) -> bool:
        """True if the die is of one of `kinds`."""
        return self.dice[die_id].die.kind in kinds


_STATE_FIELDS = tuple(f.name for f in fields(GameState))


def _with_die(dice: tuple[GameDie, ...], die: GameDie) -> tuple[GameDie, ...]:
    """`dice` (in id order) with `die` put in its place by id: what sorting them all by id
    gives (ids are unique), without the sort."""
    if not dice or dice[-1].id < die.id:
        return dice + (die,)
    held = list(dice)
    insort(held, die, key=_die_id)
    return tuple(held)


def _die_id(die: GameDie) -> int:
    return die.id


_FIELD_SET = frozenset(_STATE_FIELDS)
_FIELD_COUNT = len(_STATE_FIELDS)
_new_object = object.__new__
_set_attribute = object.__setattr__
_NO_ARMY: tuple[tuple[GameDie, ...], tuple[GameDie, ...]] = ((), ())


@lru_cache(maxsize=None)
def _army_places(terrains: int, player: int) -> tuple[Zone, ...]:
    """Where `player` may have an army with `terrains` terrains in play: each terrain, then
    the player's Reserve Area."""
    return tuple(Zone(ZoneKind.TERRAIN, i) for i in range(terrains)) + (
        Zone(ZoneKind.RESERVE, player),)
# What is kept on a state beside its fields: its index of dice, its units by army and (the
# reducer's) legal actions.
_KEPT_NAMES = (_DICE_BY_ZONE, _UNITS_MEMO, "_legal_actions", "_legal_actions_by_text")
