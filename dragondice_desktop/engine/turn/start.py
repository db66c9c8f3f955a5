"""Starting a turn (digest §3): Expire Effects, then the Eighth Face, Dragon Attack and
Species Abilities phases and the First March, run through the task queue
(``turn/phases.py``)."""

from __future__ import annotations

from ..dragons.kinds import DragonKind, dragon_kind
from ..core.events import Event
from ..sai.lasting import expire
from ..tasks.runner import advance
from ..core.state import GameState, Phase
from ..tasks.kinds import StepTask
from .phases import TURN_START
from ..classic.effect_runners import galeforce_lasts
from ..classic.turn import TURN_START as CLASSIC_TURN_START, eighth_face_notes

Events = list[Event]


def next_player(state: GameState) -> int:
    """Whose turn follows the marching player's: the next in turn order (seat order when none
    was set) who still has units in play — a player with none is out of the game (digest
    §3.7)."""
    order = state.turn_order or tuple(range(state.player_count))
    at = order.index(state.turn_player)
    for step in range(1, len(order) + 1):
        player = order[(at + step) % len(order)]
        if state.health_in_play(player) > 0:
            return player
    return order[(at + 1) % len(order)]


def begin_turn(state: GameState, player: int, events: Events) -> GameState:
    """Start `player`'s turn and run it up to the first decision.

    Expire Effects ends the lasting effects this player created (digest §3.1) and the bonds of
    White Dragons this player's champions tamed or control (seed 000).
    """
    name = state.players[player].name
    state = state.with_(turn_player=player, turn_number=state.turn_number + 1, marched=(),
                        march=None, damage=(), tasks=(), phase=Phase.EXPIRE_EFFECTS)
    events.append(Event("phase", f"Turn {state.turn_number}: {name}", player=player))
    if state.options.classic:  # a 1996 Galeforce lasts to the end of its maker's next turn
        state = galeforce_lasts(state, player, events)
    state = expire(state, player, events)
    white = [b for b in state.bonds if state.dice[b.unit].owner == player
             and dragon_kind(state.dice[b.dragon].die) is DragonKind.WHITE]
    for bond in white:
        events.append(Event("effect", f"Ends (the beginning of its holder's turn): "
                                      f"{state.die_label(bond.dragon)} is no longer {bond.kind}",
                            player=player))
    state = state.with_(bonds=tuple(b for b in state.bonds if b not in white))
    steps: tuple[str, ...] = TURN_START
    if state.options.classic:  # the 1996 turn: no Eighth Face or Species Abilities phase
        steps = CLASSIC_TURN_START
        eighth_face_notes(state, player, events)
    state = state.with_(tasks=tuple(StepTask(kind) for kind in steps))
    return advance(state, events)
