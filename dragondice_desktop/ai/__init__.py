"""Computer players (issue 13): Easy, Normal and Hard, pure Python, playing only through the
engine's public interface and never reading the dice to come (see ``players``).

Public API
----------
- ``Level`` (EASY, NORMAL, HARD; RANDOM for the arena's baseline), ``APP_LEVELS``.
- ``decide(state, level, seed) -> Decision`` (action, reason, level, scores).
- ``evaluate.value(state, player)``: the position score in health-worth.
- ``arena.run_arena(...)``: seeded games between two levels, and the summary line.
- ``seats``: a game's seats (person or computer at a level) as saved in game files.
"""

from .players import APP_LEVELS, Decision, Level, decide, player_for

__all__ = ["APP_LEVELS", "Decision", "Level", "decide", "player_for"]
