"""Minor terrains in play (digest §1.6, seed 003): the one an army controls and the face it
shows, what that face does for the army, and burying it.

A minor terrain in play stands in its owner's army at a terrain (``Zone`` TERRAIN, owned by
the army's player); the face it shows is kept in ``GameState.minors``. Its face stays the
army's active bonus until it is rolled again:
- an action face (magic, melee, missile): the army may take that action instead of the one the
  terrain shows;
- Double Maneuvers / Double Saves: the army's ID results are doubled in its maneuver / save
  rolls (a multiplying modifier, step 9);
- a disaster halves one result type of the army's rolls — Dust Storm missile, Flanked saves,
  Flood maneuver, Revolt melee — and the die is buried at the start of the army's next march;
- its colours count as the terrain's for the army's species abilities; a Deadlands counts as
  † units in its owner's DUA (digest §6).
It is buried when its army leaves the terrain (no units left there), when that army captures
the terrain's eighth face, or when its owner buries it instead of maneuvering.
"""

from __future__ import annotations

from ...catalog.model import Color, DieKind, Icon
from ..core.dice_moves import move_die
from ..core.events import Event
from ..rolls.model import Modifier, ModOp, RollType
from ..core.state import GameState, Zone, ZoneKind

Events = list[Event]

DISASTERS = {Icon.DUST_STORM: RollType.MISSILE, Icon.FLANKED: RollType.SAVE,
             Icon.FLOOD: RollType.MANEUVER, Icon.REVOLT: RollType.MELEE}
DOUBLES = {Icon.DOUBLE_MANEUVERS: RollType.MANEUVER, Icon.DOUBLE_SAVES: RollType.SAVE}
ACTIONS = {Icon.MAGIC: "magic", Icon.MELEE: "melee", Icon.MISSILE: "missile"}
ID_FACES = (Icon.BRIDGE, Icon.KNOLL, Icon.VILLAGE, Icon.WOODS)


def controlled(state: GameState, zone: Zone, player: int) -> int | None:
    """The minor terrain `player`'s army at `zone` controls, or None."""
    return next((d for d, _ in state.minors
                 if state.zones[d] == zone and state.dice[d].owner == player), None)


def shown(state: GameState, die_id: int) -> Icon:
    """The icon a minor terrain in play shows."""
    face = dict(state.minors)[die_id]
    return state.dice[die_id].die.faces[face].icon


def with_face(state: GameState, die_id: int, face: int) -> GameState:
    """The minor terrain `die_id` in play showing `face`."""
    kept = tuple((d, f) for d, f in state.minors if d != die_id)
    return state.with_(minors=kept + ((die_id, face),))


def _showing(state: GameState, zone: Zone, player: int) -> Icon | None:
    minor = controlled(state, zone, player)
    return shown(state, minor) if minor is not None else None


def minor_modifiers(state: GameState, zone: Zone, player: int) -> tuple[Modifier, ...]:
    """A disaster face halves one result type of the army's rolls."""
    icon = _showing(state, zone, player)
    if icon is None or icon not in DISASTERS:
        return ()
    minor = controlled(state, zone, player)
    assert minor is not None  # a face shows only on a controlled minor terrain
    return (Modifier(ModOp.DIVIDE, 2, f"{icon.value} on {state.die_label(minor)}: halves "
                                      f"{DISASTERS[icon].value} (digest §1.6)",
                     types=(DISASTERS[icon],)),)


def doubles_ids(state: GameState, zone: Zone, player: int, roll_type: RollType) -> bool:
    """Double Maneuvers / Double Saves: ID results doubled in that roll type."""
    icon = _showing(state, zone, player)
    return icon is not None and DOUBLES.get(icon) is roll_type


def minor_action(state: GameState, zone: Zone, player: int) -> str | None:
    """The action an action face lets the army take instead of the terrain's."""
    icon = _showing(state, zone, player)
    return ACTIONS.get(icon) if icon is not None else None


def disaster(state: GameState, zone: Zone, player: int) -> bool:
    return _showing(state, zone, player) in DISASTERS


def minor_elements(state: GameState, zone: Zone, player: int) -> frozenset[Color]:
    """The colours of the minor terrain the army controls (for its species abilities)."""
    minor = controlled(state, zone, player)
    return state.dice[minor].die.elements if minor is not None else frozenset()


def deadlands(state: GameState, player: int) -> int:
    """Deadlands minor terrains `player` controls."""
    return sum(1 for d, _ in state.minors if state.dice[d].owner == player
               and set(state.dice[d].die.colors) == {Color.DEATH})


def can_bring(state: GameState, zone: Zone, player: int) -> list[int]:
    """Minor terrains in `player`'s Summoning Pool the army at terrain `zone` may bring into
    play: one colour matching the terrain (Deadlands anywhere); not for an army that already
    controls one or holds the eighth face (seed 003)."""
    terrain = state.terrains[zone.index]
    if controlled(state, zone, player) is not None or (terrain.face == 8
                                                        and terrain.controller == player):
        return []
    pool = Zone(ZoneKind.SUMMONING, player)
    return [d.id for d in state.dice_in(pool, player) if d.die.kind is DieKind.MINOR_TERRAIN
            and (set(d.die.colors) == {Color.DEATH} or d.die.elements & terrain.die.elements)]


def bury_minor(state: GameState, die_id: int, events: Events, why: str) -> GameState:
    """Bury a minor terrain in play (seed 003)."""
    owner = state.dice[die_id].owner
    events.append(Event("message", f"{state.die_label(die_id)} is buried ({why})",
                        player=owner))
    state = state.with_(minors=tuple((d, f) for d, f in state.minors if d != die_id))
    return move_die(state, die_id, Zone(ZoneKind.BUA, owner), events)


def bury_orphans(state: GameState, events: Events) -> GameState:
    """Minor terrains whose army left the terrain are buried (seed 003)."""
    for die_id, _ in state.minors:
        zone, owner = state.zones[die_id], state.dice[die_id].owner
        if not state.has_army(zone, owner):
            state = bury_minor(state, die_id, events, "its army left the terrain")
    return state


def face_of(state: GameState, die_id: int, icon: Icon) -> int:
    """The first face of a minor terrain showing `icon`."""
    return next(i for i, f in enumerate(state.dice[die_id].die.faces) if f.icon is icon)
