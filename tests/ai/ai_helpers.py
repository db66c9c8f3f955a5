"""Positions for the computer players' tests: states reached by seeded Easy games, with a
real decision (more than one legal action) pending."""

from __future__ import annotations

import random

from dragondice_desktop.engine.game import apply, legal_actions
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.engine.core.state import GameState, Step
from dragondice_desktop.matchup import table_setups


def positions(seed: int, players: int = 2, count: int = 6, steps: tuple[Step, ...] = (),
              limit: int = 600) -> list[GameState]:
    """Up to `count` states of one seeded game (the simple player with random moves mixed
    in) where more than one action is legal, of the `steps` given (any step when empty)."""
    chooser = random.Random(seed)
    state = new_game(table_setups(players, rotation=seed), seed)
    found: list[GameState] = []
    for _ in range(limit):
        actions = legal_actions(state)
        if not actions or len(found) >= count:
            break
        if len(actions) > 1 and (not steps or state.step in steps):
            found.append(state)
        action = choose(state) if chooser.random() < 0.7 else chooser.choice(actions)
        state, _ = apply(state, action)
    return found
