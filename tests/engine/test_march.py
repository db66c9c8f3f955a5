"""Marches (digest §3.5, §5.1, §5.2, §8): maneuver, counter-maneuver, turning and capturing
terrains, the action a face allows, melee with saves, damage and counter-attack, missile."""

import pytest

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.turn.march import allowed_actions, missile_targets
from dragondice_desktop.engine.core.state import Phase, Step, Zone, ZoneKind

from engine_helpers import moved, started, with_face

T0, T1, T2 = (Zone(ZoneKind.TERRAIN, i) for i in range(3))


def verbs(state):
    return {a.verb for a in legal_actions(state)}


def test_unopposed_maneuver_succeeds_and_turns_one_step():
    """digest §3.5: with no counter-maneuver nothing is rolled; the terrain turns exactly one
    step, up or down, as the marcher chooses."""
    state = started()
    me = state.turn_player
    home = Zone(ZoneKind.TERRAIN, me)
    state = moved(state, [d.id for d in state.dice_in(home, 1 - me)], T2)  # clear the Horde
    state = with_face(state, me, 3)
    state, _ = play(state, f"march {home.to_text()}")
    state, events = play(state, "maneuver")
    assert not [e for e in events if e.kind == "roll"]
    assert state.step is Step.TURN_TERRAIN
    assert {a.to_text() for a in legal_actions(state)} == {"turn up", "turn down"}
    state, _ = play(state, "turn down")
    assert state.terrains[me].face == 2 and state.step is Step.ACTION


def test_counter_maneuver_ties_go_to_the_marcher():
    """digest §3.5 step 4: the marcher succeeds if its total is >= the counter-maneuver's."""
    for seed in range(300):
        state = started(seed=seed)
        me = state.turn_player
        state, _ = play(state, "march t2")
        state, _ = play(state, "maneuver")
        assert state.step is Step.COUNTER_MANEUVER and state.pending.player == 1 - me
        state, events = play(state, "counter")
        rolls = [e.roll.total(e.roll.roll_type) for e in events if e.kind == "roll"]
        if rolls[0] == rolls[1]:
            assert state.step is Step.TURN_TERRAIN
            return
    pytest.fail("no tied maneuver in 300 seeds")


def test_lost_counter_maneuver_leaves_the_terrain():
    """digest §3.5 step 6: on failure the terrain does not move; the action step follows."""
    for seed in range(300):
        state = started(seed=seed)
        face = state.terrains[2].face
        state, _ = play(state, "march t2")
        state, _ = play(state, "maneuver")
        state, events = play(state, "counter")
        rolls = [e.roll.total(e.roll.roll_type) for e in events if e.kind == "roll"]
        if rolls[0] < rolls[1]:
            assert state.terrains[2].face == face and state.step is Step.ACTION
            return
    pytest.fail("no lost maneuver in 300 seeds")


def test_turning_to_eight_captures_and_two_captures_win():
    """digest §8 and §3.7: reaching 8 captures the terrain for the marching army; holding two
    captured terrains at once wins immediately."""
    state = started()
    me = state.turn_player
    home = Zone(ZoneKind.TERRAIN, me)
    state = moved(state, [d.id for d in state.dice_in(home, 1 - me)], T2)
    state = with_face(state, me, 7)
    state, _ = play(state, f"march {home.to_text()}")
    state, _ = play(state, "maneuver")
    state, events = play(state, "turn up")
    assert state.terrains[me].face == 8 and state.terrains[me].controller == me
    assert state.winner is None
    # A second capture wins.
    state = with_face(state, 1 - me, 8, controller=me)
    from dragondice_desktop.engine.turn.flow import check_victory
    events = []
    state = check_victory(state, events)
    assert state.winner == me and state.phase is Phase.GAME_OVER
    assert legal_actions(state) == ()


def test_face_decides_the_action():
    """digest §3.5 table: only the action shown on the face; the eighth-face holder may take
    any; an opponent there may only melee."""
    state = started()
    me = state.turn_player
    # Highland City is terrain 0 if Ann is player 0: faces 1-3 magic, 4-5 missile, 6-7 melee.
    state = with_face(state, 2, 1)      # Coastland Tower, face 1: magic
    assert allowed_actions(state, T2, me) == ["magic"]
    state = with_face(state, 2, 7)      # face 7: melee
    assert allowed_actions(state, T2, me) == ["melee"]
    state = with_face(state, 2, 8, controller=me)
    assert allowed_actions(state, T2, me) == ["melee", "missile", "magic"]
    assert allowed_actions(state, T2, 1 - me) == ["melee"]


def test_missile_range_from_home_excludes_the_other_home():
    """digest §5.2: from a Home Terrain you cannot shoot an army at another Home Terrain;
    from the Frontier any terrain."""
    state = started()
    me = state.turn_player
    mine = Zone(ZoneKind.TERRAIN, me)
    theirs = Zone(ZoneKind.TERRAIN, 1 - me)
    assert set(missile_targets(state, mine, me)) == {mine, T2}
    assert set(missile_targets(state, T2, me)) == {T0, T1, T2}
    assert theirs not in missile_targets(state, mine, me)


def test_melee_damage_is_assigned_then_counter_attack_offered():
    """digest §5.1: attack, the defender saves, damage = melee − saves removed as whole units
    by the defender, who may then counter-attack."""
    for seed in range(200):
        state = started(seed=seed)
        me = state.turn_player
        state = with_face(state, 2, 7)
        state, _ = play(state, "march t2")
        state, _ = play(state, "no-maneuver")
        state, events = play(state, "action melee")
        rolls = [e.roll for e in events if e.kind == "roll"]
        if len(rolls) < 2:
            continue
        melee, saves = rolls[0].total(rolls[0].roll_type), rolls[1].total(rolls[1].roll_type)
        if melee - saves >= 1:
            assert state.step is Step.DAMAGE and state.pending.player == 1 - me
            before = len(state.units_in(T2, 1 - me))
            kill = legal_actions(state)[0]
            assert kill.verb is Verb.KILL
            state, _ = play(state, kill)
            assert state.zones[kill.args[0]] == Zone(ZoneKind.DUA, 1 - me)
            while state.step is Step.DAMAGE:
                state, _ = play(state, legal_actions(state)[0])
            killed = before - len(state.units_in(T2, 1 - me))
            assert killed == min(before, melee - saves)  # Footmen have health 1
            if state.units_in(T2, 1 - me):
                assert state.step is Step.COUNTER_ATTACK
            return
    pytest.fail("no damaging melee in 200 seeds")


def test_automatic_player_keeps_its_captured_terrain():
    """The demo player does not maneuver an army standing on a terrain it holds: a maneuver
    there could only turn the terrain back down to 7 and end the capture (digest §8)."""
    from dragondice_desktop.engine.policy import choose

    state = started()
    me = state.turn_player
    home = Zone(ZoneKind.TERRAIN, me)
    state = moved(state, [d.id for d in state.dice_in(home, 1 - me)], T2)
    state = with_face(state, me, 8, controller=me)
    state, _ = play(state, f"march {home.to_text()}")
    assert state.step is Step.MANEUVER
    assert choose(state).verb is Verb.NO_MANEUVER
