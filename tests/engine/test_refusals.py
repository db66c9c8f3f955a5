"""The engine says why not (issue 12): ``why_not`` / ``why_not_move`` name the rule that
forbids an action or a move by hand, from the state the engine plays (no guessing in the UI).

Expected reasons come from the rules: units reinforce and retreat only in the Reserves phase's
steps, and only the marching player moves them (digest §3.6); a webbed unit cannot leave its
terrain (seed 000 Web); Dragonkin never leave the terrain they were summoned to (digest §5.6);
a die belongs in its owner's areas only (digest §1); casualties come from the damaged army
(digest §4.7).
"""

from __future__ import annotations

from dataclasses import replace

from engine_helpers import moved, setup_pair, started

from dragondice_desktop.catalog.model import Icon, Species
from dragondice_desktop.engine.core.actions import Verb, act
from dragondice_desktop.engine.core.state import LastingEffect, Step, Zone, ZoneKind
from dragondice_desktop.engine.game import game_over, legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.refusals import hand_move, why_not, why_not_move


def _until(state, predicate, limit=800):
    for _ in range(limit):
        if predicate(state):
            return state
        assert legal_actions(state), "the game ended before the position"
        state, _ = play(state, choose(state))
    raise AssertionError("position not reached")


def _retreat_step(setups=None):
    return _until(started(setups), lambda s: s.step is Step.RETREAT
                  and any(a.verb is Verb.RETREAT for a in legal_actions(s)))


def _unit_at_terrain(state, player):
    return next(d.id for d in state.dice if d.owner == player and d.die.kind.is_unit
                and state.zones[d.id].kind is ZoneKind.TERRAIN)


def test_legal_retreat_has_no_reason():
    state = _retreat_step()
    retreat = next(a for a in legal_actions(state) if a.verb is Verb.RETREAT)
    assert why_not(state, retreat) is None
    assert why_not_move(state, retreat.args[0], Zone(ZoneKind.RESERVE, state.turn_player)) == ""


def test_webbed_unit_refused_in_the_retreat_step_names_the_web():
    """Seed 000 Web: the webbed unit cannot leave its terrain. Before issue 12 the board said
    "units retreat only during the Reserves phase's retreat step" — in the retreat step."""
    state = _retreat_step()
    player = state.turn_player
    unit = _unit_at_terrain(state, player)
    web = LastingEffect(creator=1 - player, icon=Icon.WEB, kind="webbed",
                        text="Web: the Footman cannot leave its terrain", die_id=unit)
    state = state.with_(effects=state.effects + (web,))
    assert act(Verb.RETREAT, unit) not in legal_actions(state)
    reason = why_not(state, act(Verb.RETREAT, unit))
    assert "cannot leave its terrain" in reason and "Web" in reason
    assert "only during" not in reason
    assert why_not_move(state, unit, Zone(ZoneKind.RESERVE, player)) == reason


def test_dragonkin_at_a_terrain_cannot_retreat():
    """Digest §5.6: Dragonkin never leave the terrain they were summoned to."""
    ann, bob = setup_pair()
    ann = replace(ann, dragonkin=("Dragonkin/Dragontroop (Fire)",))
    bob = replace(bob, dragonkin=("Dragonkin/Dragontroop (Fire)",))
    state = _retreat_step((ann, bob))
    player = state.turn_player
    kin = next(d.id for d in state.dice if d.owner == player
               and d.die.species is Species.DRAGONKIN)
    terrain = state.zones[_unit_at_terrain(state, player)]
    state = moved(state, [kin], terrain)
    assert act(Verb.RETREAT, kin) not in legal_actions(state)
    reason = why_not(state, act(Verb.RETREAT, kin))
    assert "Dragonkin cannot leave the terrain they were summoned to" in reason


def test_a_drop_on_an_opponents_reserve_area_names_the_owner_rule():
    """Before issue 12 a drop on an opponent's Reserve Area read as if another step would allow
    it; a die goes only to its owner's areas (digest §1)."""
    state = _retreat_step()
    player = state.turn_player
    unit = _unit_at_terrain(state, player)
    other = Zone(ZoneKind.RESERVE, 1 - player)
    assert hand_move(state, unit, other) is None
    reason = why_not_move(state, unit, other)
    assert "owner's Reserve Area" in reason and state.players[player].name in reason
    assert "step" not in reason


def test_reinforce_outside_the_reinforce_step():
    """Digest §3.6: reserve units reinforce only in the Reserves phase's reinforce step."""
    state = _retreat_step()
    player = state.turn_player
    unit = _unit_at_terrain(state, player)
    state = moved(state, [unit], Zone(ZoneKind.RESERVE, player))
    reason = why_not(state, act(Verb.REINFORCE, unit, Zone(ZoneKind.TERRAIN, 0)))
    assert reason.startswith("Units reinforce only during the Reserves phase's reinforce step")


def test_only_the_marching_player_retreats():
    """Digest §3.6: the Reserves phase is the marching player's; the others' units stay."""
    state = _retreat_step()
    player = state.turn_player
    theirs = _unit_at_terrain(state, 1 - player)
    reason = why_not(state, act(Verb.RETREAT, theirs))
    assert reason == f"Only {state.players[player].name} retreats in this Reserves phase"


def test_casualties_come_from_the_damaged_army():
    """Digest §4.7: the damaged army's owner removes its own units."""
    state = _until(started(), lambda s: s.step is Step.DAMAGE
                   and any(a.verb is Verb.KILL for a in legal_actions(s)))
    due = state.damage[0]
    other = next(d.id for d in state.dice if d.owner != due.player and d.die.kind.is_unit
                 and state.zones[d.id].kind is ZoneKind.TERRAIN)
    reason = why_not(state, act(Verb.KILL, other))
    assert reason.startswith("Only the damaged army")


def test_game_over_refuses_everything():
    """Digest §3.7: once a player has won nothing more is played."""
    state = game_over(started().with_(winner=0))
    unit = next(d.id for d in state.dice if d.die.kind.is_unit)
    assert why_not(state, act(Verb.RETREAT, unit)) == "The game is over: no more moves"
