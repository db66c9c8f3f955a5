"""A simple automatic player that always picks a legal action.

Used by the headless demo (`dragondice screenshot`, `dragondice selfplay`) and by the contract
tests that play whole games. It plays to end the game: it marches with maneuvers (but never
maneuvers away a terrain it has captured), turns terrains toward their eighth face, attacks whenever it can, reinforces everything (carrying
the items along) and never retreats. SAI and rule decisions: it takes the decision's default
when there is one (keep the results, stay put ...), else the first legal pick, and stops
picking only when nothing more may be picked. It announces spells while its magic pays for
them, taking a different spell from turn to turn (so games try many), then resolves them;
it brings minor terrains into play when it can and rolls them at each march.
With `chooser` given it picks uniformly among legal actions instead
(a seeded `random.Random` owned by the caller), still never retreating so games finish.
"""

from __future__ import annotations

import random

from .core.actions import Action, Verb
from .game import legal_actions
from .core.state import GameState, ZoneKind

# Verbs in order of preference for the aggressive policy.
PREFERENCE = (
    Verb.ROLLOFF, Verb.GO_FIRST, Verb.FRONTIER, Verb.MARCH, Verb.ROLL_MINOR, Verb.BRING,
    Verb.MANEUVER, Verb.COUNTER,
    Verb.ACTION, Verb.TARGET, Verb.KILL, Verb.PICK, Verb.CAST, Verb.DONE, Verb.COUNTER_ATTACK,
    Verb.REINFORCE, Verb.CARRY, Verb.END_REINFORCE, Verb.END_TURN, Verb.NO_ACTION,
    Verb.SKIP_MARCH,
)


def choose(state: GameState, chooser: random.Random | None = None) -> Action:
    """Pick a legal action for the pending decision. Raises ValueError if the game is over."""
    actions = list(legal_actions(state))
    if not actions:
        raise ValueError("the game is over: no action to choose")
    # Never retreat (so games finish) nor take back an announced spell (so castings end).
    # Nor move dice between armies at setup (the force's own split is kept).
    actions = [a for a in actions if a.verb not in (Verb.RETREAT, Verb.UNCAST, Verb.ARMY)] \
        or list(actions)
    if chooser is not None:
        return chooser.choice(actions)
    default = state.pending.default if state.pending else ""
    if default and default != "done":
        matching = [a for a in actions if a.to_text() == default]
        if matching:  # an SAI choice: the rules' default (e.g. keep the results, stay put)
            return matching[0]
    if _holds_march_terrain(state):
        keep = [a for a in actions if a.verb is Verb.NO_MANEUVER]
        if keep:  # a maneuver could only turn its captured terrain back down to 7
            return keep[0]
    for verb in PREFERENCE:
        matching = [a for a in actions if a.verb is verb]
        if matching:
            if verb is Verb.CAST:  # vary the spells from turn to turn, deterministically
                return matching[(state.turn_number * 7 + len(matching)) % len(matching)]
            return _best_of(matching)
    turns = [a for a in actions if a.verb is Verb.TURN]
    if turns:
        return _turn_choice(turns)
    return actions[0]


def _holds_march_terrain(state: GameState) -> bool:
    """True when the marching army stands on a terrain whose eighth face its player holds."""
    march = state.march
    if march is None or march.zone.kind is not ZoneKind.TERRAIN:
        return False
    terrain = state.terrains[march.zone.index]
    return terrain.face == 8 and terrain.controller == state.turn_player


def _best_of(actions: list[Action]) -> Action:
    if actions[0].verb is Verb.ACTION:
        order = ["melee", "charge", "missile", "magic"]  # charge: the 1996 melee form
        return min(actions, key=lambda a: order.index(a.args[0]))
    return actions[0]


def _turn_choice(turns: list[Action]) -> Action:
    """Turn up toward the eighth face, unless the terrain is held by someone (then down)."""
    ups = [a for a in turns if a.args[0] == "up"]
    return ups[0] if ups else turns[0]
