"""The turn of the 1996 game (TSR digest §4, OP-5): expire your own effects, dragons attack,
two marches with different armies, then reserves. There is no Eighth Face phase and no
Species Abilities phase; the eighth faces' 1996 powers that are known act where they belong
(any action for the holder, doubled maneuvers: ``melee_forms``), and the others are said to be
unknown in the log at the start of the holder's turn, never silently dropped."""

from __future__ import annotations

from ...catalog.model import Icon
from ..core.events import Event
from ..core.state import GameState

Events = list[Event]

# The steps after Expire Effects (the v4.01 turn also has the Eighth Face and Species
# Abilities phases).
TURN_START = ("dragon_attack_phase", "marches")

# Eighth faces whose 1996 power is not known beyond what the game applies (OP-20).
_UNKNOWN_POWERS = (Icon.CITY, Icon.TEMPLE, Icon.STANDING_STONES, Icon.TOWER)


def eighth_face_notes(state: GameState, player: int, events: Events) -> None:
    """Say, at the start of `player`'s turn, that the 1996 phase powers of the eighth faces
    they hold are not known (OP-20): the holder may take any action there and doubles its
    maneuvers, nothing more."""
    for terrain in state.terrains:
        face = terrain.die.eighth_face
        if terrain.face == 8 and terrain.controller == player and face in _UNKNOWN_POWERS:
            assert face is not None
            events.append(Event(
                "message", f"{terrain.die.name}: the 1996 rules' {face.value} power is not "
                           f"known; its holder may take any action there and doubles its "
                           f"maneuvers (unresolved: nothing else)", player=player))
