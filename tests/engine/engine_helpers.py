"""Small builders for engine tests: two players' setups from real catalog dice."""

from __future__ import annotations

from dragondice_desktop.engine.core.state import PlayerSetup


def setup_pair(
    home=("Dwarves/Footman", "Dwarves/Footman"),
    horde=("Dwarves/Footman", "Dwarves/Footman"),
    campaign=("Dwarves/Footman", "Dwarves/Footman"),
    other=None,
) -> tuple[PlayerSetup, PlayerSetup]:
    """Two players: Ann (Highland City home, Coastland Tower frontier) and Bob (Flatland City
    home, Feyland Temple frontier). Bob mirrors Ann's armies unless `other` is given."""
    ann = PlayerSetup(
        name="Ann", force_name="Test A", home_terrain="Terrains/Highland City",
        frontier_terrain="Terrains/Coastland Tower", home=tuple(home), horde=tuple(horde),
        campaign=tuple(campaign), dragons=("Dragons/Red Drake",),
    )
    o = other or {}
    bob = PlayerSetup(
        name="Bob", force_name="Test B", home_terrain="Terrains/Flatland City",
        frontier_terrain="Terrains/Feyland Temple", home=tuple(o.get("home", home)),
        horde=tuple(o.get("horde", horde)), campaign=tuple(o.get("campaign", campaign)),
        dragons=("Dragons/Blue Drake",),
    )
    return ann, bob


def started(setups=None, seed=1):
    """A game past setup: roll-off (re-rolled until it does not tie), the winner goes first,
    the first proposal becomes the Frontier. Returns the state at the first march."""
    from dragondice_desktop.engine.game import play
    from dragondice_desktop.engine.turn.setup import new_game
    from dragondice_desktop.engine.core.state import Phase

    state, _ = play(new_game(setups or setup_pair(), seed), "rolloff")
    while state.phase is Phase.SETUP_ROLLOFF:
        state, _ = play(state, "rolloff")
    state, _ = play(state, "go-first")
    state, _ = play(state, "frontier 0")
    return state


def played(record, actions):
    """`record` with up to `actions` more actions chosen by the automatic player (fewer if
    the game ends)."""
    from dragondice_desktop.engine.game import legal_actions, play
    from dragondice_desktop.engine.policy import choose

    state = record.state()
    for _ in range(actions):
        if not legal_actions(state):
            break
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    return record


def with_face(state, terrain, face, controller=None):
    """The state with terrain number `terrain` turned to `face` (held by `controller`)."""
    from dataclasses import replace

    terrains = list(state.terrains)
    terrains[terrain] = replace(terrains[terrain], face=face, controller=controller)
    return state.with_(terrains=tuple(terrains))


def moved(state, die_ids, zone):
    """The state with the given dice moved to `zone` (no rules applied: a test position)."""
    zones = list(state.zones)
    for die_id in die_ids:
        zones[die_id] = zone
    return state.with_(zones=tuple(zones))


# --- scripted dice -------------------------------------------------------------------------

from dataclasses import dataclass  # noqa: E402

from dragondice_desktop.engine.core.rng import Rng, Throw  # noqa: E402


@dataclass(frozen=True)
class Scripted(Rng):
    """An Rng that shows the faces a test wrote down, in order (the chance steps a player
    answers with physical dice). Running out of faces fails the test."""

    faces: tuple[int, ...] = ()

    def roll_face(self, face_count: int, what: Throw):
        assert self.faces, f"the test's dice script ran out: {what.label} was not expected to roll"
        face, rest = self.faces[0], self.faces[1:]
        assert 0 <= face < face_count, f"face {face} on {what.label}, a die with {face_count} faces"
        return face, Scripted(self.seed, self.position + 1, faces=rest)

    def randbelow(self, n: int):
        return self.roll_face(n, Throw("a die"))


def scripted(state, *faces):
    """The state with its dice script set to `faces` (face indexes, in roll order)."""
    return state.with_(rng=Scripted(0, 0, faces=tuple(faces)))


def battle(attackers, defenders, face=7, frontier="Terrains/Coastland Tower", ann_extra=(),
           bob_extra=()):
    """Ann (player 0) to march, her Campaign army `attackers` facing Bob's `defenders` at the
    Frontier (terrain 2, turned to `face`; Coastland: 1 magic, 2-5 missile, 6-7 melee). Each
    also has one Footman at home and one in the Horde (`ann_extra` / `bob_extra` add dice to
    the Home army). Returns the state waiting for Ann's First March."""
    from dragondice_desktop.engine.turn.start import begin_turn
    from dragondice_desktop.engine.turn.setup import new_game
    from dragondice_desktop.engine.core.state import PlayerSetup

    ann = PlayerSetup("Ann", "A", "Terrains/Highland City", frontier,
                      ("Dwarves/Footman",) + tuple(ann_extra), ("Dwarves/Footman",),
                      tuple(attackers))
    bob = PlayerSetup("Bob", "B", "Terrains/Flatland City", "Terrains/Feyland Temple",
                      ("Dwarves/Footman",) + tuple(bob_extra), ("Dwarves/Footman",),
                      tuple(defenders))
    state = new_game((ann, bob), seed=1)
    for terrain, f in ((0, 3), (1, 3), (2, face)):
        state = with_face(state, terrain, f)
    return begin_turn(state, 0, [])


def ids_at(state, player, zone_text="t2"):
    """Die ids of `player`'s dice (units and items) at a zone, in id order."""
    from dragondice_desktop.engine.core.state import Zone

    return [d.id for d in state.dice_in(Zone.from_text(zone_text), player)]


def run(state, *actions):
    """Play actions (text forms); returns (state, all events)."""
    from dragondice_desktop.engine.game import play

    events = []
    for action in actions:
        state, new = play(state, action)
        events.extend(new)
    return state, events


def texts(events, kind=None):
    """The log lines of `events` (of one kind)."""
    return [e.text for e in events if kind is None or e.kind == kind]


def position(ann=None, bob=None, frontier="Terrains/Coastland Tower", faces=(3, 3, 7),
             seed=1):
    """A game right after setup, before any turn: Ann's and Bob's setups from dicts with the
    PlayerSetup fields (home, horde, campaign, dragons, dragonkin, minor_terrains; each army
    one Footman unless given), the Frontier (terrain 2) and the three terrain faces. Ann's
    Home Terrain is Highland City (t0), Bob's Flatland City (t1)."""
    from dragondice_desktop.engine.turn.setup import new_game
    from dragondice_desktop.engine.core.state import PlayerSetup

    def player(name, home_terrain, data):
        data = dict(data or {})
        return PlayerSetup(name, name[0], home_terrain, frontier,
                           tuple(data.pop("home", ("Dwarves/Footman",))),
                           tuple(data.pop("horde", ("Dwarves/Footman",))),
                           tuple(data.pop("campaign", ("Dwarves/Footman",))),
                           **{k: tuple(v) for k, v in data.items()})

    state = new_game((player("Ann", "Terrains/Highland City", ann),
                      player("Bob", "Terrains/Flatland City", bob)), seed=seed)
    for terrain, f in enumerate(faces):
        state = with_face(state, terrain, f, 0 if f == 8 else None)
    return state


def turn(state, player=0, *faces):
    """Begin `player`'s turn with the dice script `faces` (none: the seeded RNG)."""
    from dragondice_desktop.engine.turn.start import begin_turn

    if faces:
        state = scripted(state, *faces)
    events = []
    state = begin_turn(state, player, events)
    return state, events


def die_ids(state, key, zone_text=None, player=None):
    """Ids of the dice with catalog key `key` (in `zone_text`, of `player`, if given), in id
    order."""
    from dragondice_desktop.engine.core.state import Zone

    zone = Zone.from_text(zone_text) if zone_text else None
    return [d.id for d, z in zip(state.dice, state.zones)
            if d.key == key and (zone is None or z == zone)
            and (player is None or d.owner == player)]


def count_faces(state, zone, player, roll_type, faces, modifiers=False, **context):
    """Count `player`'s army at `zone` showing `faces` (die id -> face index) in an army roll
    of `roll_type` (context keywords as for ``flow.army_context``); with `modifiers`, the
    army's lasting modifiers and minor-terrain disaster too."""
    from dragondice_desktop.engine.turn.flow import army_context
    from dragondice_desktop.engine.sai.lasting import army_modifiers
    from dragondice_desktop.engine.rolls.pipeline import DieRoll, RollInput, count_roll

    ctx = army_context(state, zone, player, roll_type, **context)
    dice = tuple(DieRoll(i, state.dice[i].die, (f,)) for i, f in faces.items())
    mods = army_modifiers(state, zone, player, ctx) if modifiers else ()
    return count_roll(RollInput(ctx, dice, mods))
