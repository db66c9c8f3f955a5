"""Moving one die from zone to zone, logged. The lowest-level change of the game state:
every rule that moves dice goes through ``move_die`` (dice never leave the game)."""

from __future__ import annotations

from .events import Event
from .state import GameState, Zone


def move_die(state: GameState, die_id: int, to: Zone, events: list[Event]) -> GameState:
    """Move one die to `to`, logging it. Dice never leave the game: they change zone."""
    origin = state.zones[die_id]
    events.append(Event(
        "move", f"{state.die_label(die_id)}: {state.zone_name(origin)} → {state.zone_name(to)}",
        player=state.dice[die_id].owner, die_id=die_id, zone=to,
    ))
    return state.with_die_moved(die_id, to)
