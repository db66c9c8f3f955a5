"""What a finished game comes to, for the game-over summary: ``game_summary(states)``.

Read from the states of a replay (every state of the game, first to last); pure Python.
Per player: terrains held on their eighth face at the end (two win the game, digest §3.7),
health lost (the health in play the player lost, turn by turn; health won back in a turn,
by recruiting or promotion, offsets that turn's losses) and health killed (the health in play
other players lost during this player's turns: their marches, dragons and spells; a
counter-attack in another player's turn counts for that turn's player). The health in play
of every player at the start of each turn, and at the end (one past the last turn), gives
the chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.state import GameState


@dataclass(frozen=True)
class PlayerSummary:
    """One player's figures: name, terrains held at the end, health lost, health killed,
    health in play at the end."""

    name: str
    terrains: int
    lost: int
    killed: int
    health: int


@dataclass(frozen=True)
class GameSummary:
    """A finished (or stopped) game: turns played, the winner's index (None without one),
    one PlayerSummary per seat, and `curve`: (turn number, health in play per seat) at the
    start of each turn and, last, at the end (numbered one past the last turn)."""

    turns: int
    winner: int | None
    players: tuple[PlayerSummary, ...]
    curve: tuple[tuple[int, tuple[int, ...]], ...]


def game_summary(states: Sequence[GameState]) -> GameSummary:
    """The GameSummary of the game whose states, in order, are `states` (at least one).
    Raises ValueError for an empty sequence."""
    if not states:
        raise ValueError("a game summary needs the game's states")
    last = states[-1]
    count = last.player_count

    def health(state: GameState) -> tuple[int, ...]:
        return tuple(state.health_in_play(p) for p in range(count))

    curve: list[tuple[int, tuple[int, ...]]] = []
    killed, lost = [0] * count, [0] * count
    turn_player = 0
    for state in states:
        if state.turn_number == 0 or (curve and state.turn_number == curve[-1][0]):
            continue  # setup, or the same turn
        now = health(state)
        if curve:
            _credit(killed, lost, turn_player, curve[-1][1], now)
        curve.append((state.turn_number, now))
        turn_player = state.turn_player
    end = health(last)
    if curve:
        _credit(killed, lost, turn_player, curve[-1][1], end)
        curve.append((curve[-1][0] + 1, end))
    players = tuple(
        PlayerSummary(last.players[p].name,
                      sum(1 for t in last.terrains if t.face == 8 and t.controller == p),
                      lost[p], killed[p], end[p])
        for p in range(count))
    return GameSummary(last.turn_number, last.winner, players, tuple(curve))


def _credit(killed: list[int], lost: list[int], player: int, before: tuple[int, ...],
            after: tuple[int, ...]) -> None:
    """One turn of `player`, from health in play `before` to `after`: every seat's loss
    counts as lost, the other seats' losses as killed by `player`."""
    for seat, (b, a) in enumerate(zip(before, after)):
        loss = max(0, b - a)
        lost[seat] += loss
        if seat != player:
            killed[player] += loss
