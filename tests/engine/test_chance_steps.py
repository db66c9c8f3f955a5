"""Chance as a recorded step (issue 12): a roll that needs a die leaves a pending chance
request in the state (which die, how many faces, why), answered by the seeded Rng at once in
an app-rolled game or by the players (``face <i>`` / ``face roll``) in a manual-dice game;
the roll task then resumes at the stage that threw, without applying the action again. The
engine lists a chance step's outcomes with their exact probabilities."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine import game
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.core.rng import Rng, Throw
from dragondice_desktop.engine.game import chance_outcomes, legal_actions, play
from dragondice_desktop.engine.rolls.throwing import throw_dice
from dragondice_desktop.engine.core.state import Step
from dragondice_desktop.engine.tasks.kinds import RollTask
from dragondice_desktop.engine.turn.setup import new_game

from engine_helpers import battle, run, setup_pair

MANUAL = GameOptions(manual_dice=True)


def _melee_wait(attackers=("Feral/Wolf-folk",)):
    """Ann's melee roll at the Frontier waiting for its first face (manual dice)."""
    state = battle(attackers, ("Dwarves/Footman",)).with_(options=MANUAL)
    state, _ = run(state, "march t2", "no-maneuver", "action melee")
    return state


def test_the_outcomes_of_a_face_are_the_faces_of_the_die_each_equally_likely():
    """Each face of the die asked for is an outcome of probability 1 / its faces (the
    catalog's Wolf-folk has 6 faces), the outcomes sum to 1 and are the face actions
    offered."""
    state = _melee_wait()
    die = load_catalog().die(state.awaiting.throw.key)
    assert die.key == "Feral/Wolf-folk" and len(die.faces) == 6
    outcomes = chance_outcomes(state)
    assert [a.to_text() for a, _ in outcomes] == [f"face {i}" for i in range(6)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    offered = {a.to_text() for a in legal_actions(state)}
    assert offered == {a.to_text() for a, _ in outcomes} | {"face roll"}


def test_alike_faces_add_up_and_other_dice_have_their_own_counts():
    """The Footman's catalog faces are 1 ID, 1 Save, 1 Melee, 1 Melee, 1 Save, 2 Melee: its
    save results come up 2 times in 6. A terrain die (the starting distance) has 8 faces."""
    state = _melee_wait(("Dwarves/Footman",))
    die = load_catalog().die(state.awaiting.throw.key)
    by_text = Counter()
    for action, p in chance_outcomes(state):
        by_text[die.faces[action.args[0]].to_text()] += p
    assert by_text == {"1 ID": Fraction(1, 6), "1 Save": Fraction(1, 3),
                       "1 Melee": Fraction(1, 3), "2 Melee": Fraction(1, 6)}
    start = ("rolloff", "face 0", "face 0", "face 1", "face 1", "go-first", "frontier 0")
    terrain, _ = run(new_game(setup_pair(), 1, MANUAL), *start)
    assert "starting distance" in terrain.awaiting.throw.note
    assert [p for _, p in chance_outcomes(terrain)] == [Fraction(1, 8)] * 8


def test_no_chance_step_waits_in_an_app_rolled_game():
    """The seeded Rng answers every throw at once: no outcome is ever pending."""
    state = battle(("Feral/Wolf-folk",), ("Dwarves/Footman",))
    for action in ("march t2", "no-maneuver", "action melee"):
        assert chance_outcomes(state) == ()
        state, _ = play(state, action)
    assert state.awaiting is None and chance_outcomes(state) == ()


def test_the_army_roll_waits_mid_march_and_resumes_at_its_stage(monkeypatch):
    """The state waiting for a die of an army roll is the game at the throw — the march under
    way, the roll task at its "roll" stage — not the state before the action; each face given
    resumes that task, and the march action is never applied again."""
    state = battle(("Dwarves/Footman", "Dwarves/Footman"), ("Dwarves/Footman",))
    state = state.with_(options=MANUAL)
    state, _ = run(state, "march t2", "no-maneuver")
    calls = []
    real = game.apply_march
    monkeypatch.setattr(game, "apply_march",
                        lambda s, a, e: calls.append(a.to_text()) or real(s, a, e))
    state, _ = play(state, "action melee")
    assert calls == ["action melee"]
    wait = state.awaiting
    assert wait.action is None and wait.entered == () and state.step is Step.FACE
    assert state.march is not None and isinstance(state.tasks[0], RollTask)
    assert state.tasks[0].stage == "roll"
    first_die = wait.throw.die_id
    state, events = play(state, "face 2")  # 1 Melee
    assert events[0].text == "Ann's Footman shows 1 Melee, entered by hand (melee roll)"
    assert [e.face for e in state.awaiting.entered] == [2]
    assert state.awaiting.throw.die_id not in (None, first_die)
    state, events = play(state, "face 5")  # 2 Melee
    melee = next(e.roll for e in events if e.kind == "roll")
    assert melee.total() == 3  # 1 + 2 melee
    assert calls == ["action melee"]


def test_a_face_left_to_the_app_is_the_seeded_draw_at_the_ask():
    """``face roll`` answers the request with the draw the Rng gives at the position of the
    ask, and the Rng moves past it as an app-rolled game's would."""
    state = _melee_wait()
    at = state.awaiting.position
    assert at == state.rng.position
    want, after = Rng(state.rng.seed, at).randbelow(6)
    state, events = play(state, "face roll")
    assert events[0].text.startswith("Ann's Wolf-folk shows "
                                     + load_catalog().die("Feral/Wolf-folk").faces[want].to_text())
    assert state.rng.position == after.position


def test_throwing_dice_in_an_app_rolled_game_is_the_seeded_draws_in_order():
    """The one throwing routine gives, die after die, what the seeded Rng draws for each."""
    state = new_game(setup_pair(), 9)
    dice = [(6, Throw("a")), (8, Throw("b")), (12, Throw("c"))]
    thrown, faces = throw_dice(state, dice)
    rng, want = state.rng, []
    for count, _ in dice:
        face, rng = rng.randbelow(count)
        want.append(face)
    assert faces == tuple(want) and thrown.rng == rng and thrown.awaiting is None


@pytest.mark.rule("sai", "Rend")
def test_a_re_roll_chain_waits_at_the_re_roll_stage():
    """Seed 000 Rend rolls the unit again: the second face is asked at the roll task's
    re-roll stage, with the first face kept in the roll, and the action is not applied
    again."""
    state = _melee_wait()
    state, _ = play(state, "face 1")  # 3 Rend
    assert state.awaiting.action is None
    task = state.tasks[0]
    assert isinstance(task, RollTask) and task.stage == "rerolls"
    assert task.rolled.dice[0].faces == (1,)
    assert state.awaiting.throw.note == "melee roll, rolled again after 3 Rend"


def test_a_dragon_attack_waits_at_the_dragons_roll_and_resumes_there():
    """Digest §5.4 step 3: a dragon rolls, Tail rolls it again. In a manual-dice game each face
    is asked at the dragon attack's roll step, the dragon's owner rolling, and the army's roll
    follows once the dragon's faces are in (Red Drake faces: 1 Tail 3, 3 Claws 6)."""
    from engine_helpers import moved, position, turn
    from dragondice_desktop.catalog.model import DieKind
    from dragondice_desktop.engine.core.state import Zone, ZoneKind
    from dragondice_desktop.engine.tasks.kinds import RuleTask

    state = position(ann={"campaign": ("Dwarves/Footman",)},
                     bob={"dragons": ("Dragons/Red Drake",), "campaign": ()}, faces=(3, 3, 4))
    red = next(d.id for d in state.dice if d.die.kind is DieKind.DRAGON)
    state = moved(state, [red], Zone(ZoneKind.TERRAIN, 2)).with_(options=MANUAL)
    state, _ = turn(state, 0)
    assert state.awaiting.throw.die_id == red and state.awaiting.throw.note == "dragon attack"
    assert state.pending.player == 1  # Bob's dragon: Bob rolls it
    task = state.tasks[0]
    assert isinstance(task, RuleTask) and task.stage == "roll"
    state, _ = play(state, "face 1")  # Tail
    assert state.awaiting.throw.note == "dragon attack, rolled again after 3 Tail"
    assert [e.face for e in state.awaiting.entered] == [1]
    state, events = play(state, "face 3")  # Claws
    assert "Bob's Red Drake rolls: 3 Tail -> rolled again -> 6 Claws" in [e.text for e in events]
    assert state.awaiting.throw.what == "Ann's Footman" and state.pending.player == 0


def test_the_starting_distances_wait_once_the_frontier_is_placed(monkeypatch):
    """Digest §2.5: each terrain rolls for its starting distance, an 8 rolled again. The state
    waiting for a terrain's face is the game with the Frontier placed; each face given
    resumes the distances, and the Frontier pick is applied once."""
    from dragondice_desktop.engine.core.state import Phase

    start = ("rolloff", "face 0", "face 0", "face 1", "face 1", "go-first")
    state, _ = run(new_game(setup_pair(), 1, MANUAL), *start)
    calls = []
    real = game.apply_setup
    monkeypatch.setattr(game, "apply_setup",
                        lambda s, a, e: calls.append(a.to_text()) or real(s, a, e))
    state, events = play(state, "frontier 0")
    assert "Bob picks" in events[0].text and state.phase is Phase.SETUP_FRONTIER
    assert state.awaiting.action is None and state.awaiting.resume == "distances"
    assert state.terrains[2].key == "Terrains/Coastland Tower"
    state, _ = run(state, "face 7")  # 8: rolled again
    assert state.awaiting.resume == "distances" and len(state.awaiting.entered) == 1
    state, events = run(state, "face 1", "face 2", "face 3")  # 2, then 3 and 4
    assert [t.face for t in state.terrains] == [2, 3, 4] and state.awaiting is None
    assert state.turn_number == 1
    assert calls == ["frontier 0"]


@pytest.mark.rule("sai", "Slay")
def test_an_individual_roll_of_an_sai_waits_at_its_effect_and_resumes_there(monkeypatch):
    """Seed 000 Slay: "Roll the target. If it does not roll its ID icon, it is killed." In a
    manual-dice game the target's roll is asked while the Slay effect is being applied (the
    melee roll already counted), its owner rolling; the face given finishes the effect there,
    without applying the march action again: a Footman showing 1 Melee is killed."""
    from dragondice_desktop.engine.core.state import Zone, ZoneKind
    from dragondice_desktop.engine.tasks.kinds import EffectTask

    cat = load_catalog()
    slay = [f.to_text() for f in cat.die("Undead/Minor Death").faces].index("4 Slay")
    foot_melee = [f.to_text() for f in cat.die("Dwarves/Footman").faces].index("1 Melee")
    state = battle(("Undead/Minor Death",), ("Dwarves/Footman",)).with_(options=MANUAL)
    state, _ = run(state, "march t2", "no-maneuver")
    calls = []
    real = game.apply_march
    monkeypatch.setattr(game, "apply_march",
                        lambda s, a, e: calls.append(a.to_text()) or real(s, a, e))
    state, _ = run(state, "action melee", f"face {slay}")
    assert isinstance(state.tasks[0], EffectTask) and state.awaiting.action is None
    assert state.awaiting.throw.what == "Bob's Footman" and state.pending.player == 1
    foot = state.awaiting.throw.die_id
    state, events = play(state, f"face {foot_melee}")
    assert state.zones[foot] == Zone(ZoneKind.DUA, 1)
    assert "Slay: Bob's Footman killed" in [e.text for e in events if e.kind == "sai"]
    assert calls == ["action melee"]


def test_a_minor_terrain_brought_in_waits_for_its_face_in_the_march():
    """Seed 003: instead of a maneuver the army may bring a minor terrain, rolled at once. In
    a manual-dice game its face is asked in the march (a task of the queue), its owner
    rolling; the face given turns it to that face (Highland Bridge: face 5, Double Saves)."""
    from engine_helpers import die_ids, position, turn

    state = position(ann={"minor_terrains": ("Minor Terrains/Highland Bridge",)},
                     faces=(3, 3, 3)).with_(options=MANUAL)
    state, _ = turn(state)
    state, _ = play(state, "march t0")
    bridge = die_ids(state, "Minor Terrains/Highland Bridge")[0]
    state, _ = play(state, f"bring {bridge}")
    assert state.awaiting.throw.die_id == bridge and state.awaiting.action is None
    assert state.awaiting.throw.note == "minor terrain" and state.pending.player == 0
    faces = len(load_catalog().die("Minor Terrains/Highland Bridge").faces)
    assert [p for _, p in chance_outcomes(state)] == [Fraction(1, faces)] * faces
    state, _ = play(state, "face 5")
    assert dict(state.minors) == {bridge: 5} and state.step is Step.ACTION


@pytest.mark.rule("spell", "Soiled Ground")
@pytest.mark.parametrize("rules", [2, 5])
@pytest.mark.parametrize("face, where", [(1, "dua1"), (2, "bua1")])
def test_a_casualtys_save_waits_at_the_damage_step_and_resumes_there(monkeypatch, rules, face,
                                                                    where):
    """Digest §7 Soiled Ground: a unit killed at the terrain into the DUA makes a save roll or
    is buried. In a manual-dice game the save of the casualty Bob chooses is a chance step of
    the damage (rules revisions 1-2 remove a casualty at once, 3 on the chosen set): its face
    (Footman face 1 '1 Save': it stays in the DUA; face 2 '1 Melee': buried) finishes the
    removal there, and the casualty's action is applied once, not again for the face."""
    from dragondice_desktop.engine.core.state import LastingEffect, Zone, ZoneKind

    t2 = Zone(ZoneKind.TERRAIN, 2)
    soiled = LastingEffect(0, None, "soiled_ground", "Soiled Ground", zone=t2,
                           spell="Soiled Ground")
    state = battle(("Dwarves/Footman",), ("Dwarves/Footman",)).with_(
        options=GameOptions(manual_dice=True, rules=rules), effects=(soiled,))
    # Ann's Footman: '2 Melee' (face 5); Bob's saves nothing ('1 Melee', face 2): 2 damage.
    state, _ = run(state, "march t2", "no-maneuver", "action melee", "face 5", "face 2")
    foot = state.dice_in(t2, 1)[0].id
    calls = []
    real = game.apply_march
    monkeypatch.setattr(game, "apply_march",
                        lambda s, a, e: calls.append(a.to_text()) or real(s, a, e))
    state, events = play(state, f"kill {foot}")
    assert state.step is Step.FACE and state.awaiting.action is None and events == ()
    assert state.awaiting.throw.die_id == foot and state.pending.player == 1
    state, events = play(state, f"face {face}")
    assert state.zones[foot] == Zone.from_text(where)
    assert any("Soiled Ground: save or be buried" in e.text for e in events)
    assert calls == [f"kill {foot}"]


def test_the_horde_roll_off_waits_for_each_face_and_resumes_where_it_stopped(monkeypatch):
    """Digest §2.4: each player rolls their Horde army for maneuver; the highest total
    chooses. In a manual-dice game the roll-off is a chance step: the state waiting for a
    face is the game at the ask (a request of step "rolloff", not the action to apply
    again), the request keeps how far the step has gone (faces taken, the players who have
    rolled), each face goes on from there, and the roll-off action is applied once.
    Footman faces: 0 '1 ID' (an ID gives the type rolled for, digest §0), 1 '1 Save'."""
    from dragondice_desktop.engine.rolls.pipeline import RollType

    calls = []
    real = game.apply_setup
    monkeypatch.setattr(game, "apply_setup",
                        lambda s, a, e: calls.append(a.to_text()) or real(s, a, e))
    state, events = play(new_game(setup_pair(), 1, MANUAL), "rolloff")
    wait = state.awaiting
    assert events == () and state.step is Step.FACE
    assert wait.action is None and wait.resume == "rolloff"
    assert wait.progress.used == 0 and wait.progress.results == ()
    assert wait.throw.player == 0 and wait.throw.note == "maneuver roll"
    state, _ = run(state, "face 0", "face 0")  # Ann: 1 ID, 1 ID
    progress = state.awaiting.progress
    assert progress.used == 2 and progress.army is not None and not progress.army.firsts
    assert [r.total(RollType.MANEUVER) for r in progress.results] == [2]
    assert state.awaiting.throw.player == 1 and state.pending.player == 1
    state, _ = play(state, "face 1")  # Bob: 1 Save
    assert state.awaiting.progress.army.firsts == (1,)
    state, events = play(state, "face 1")  # 1 Save: Bob 0 maneuver
    assert "Ann wins the roll-off (2 vs 0)" in [e.text for e in events]
    assert state.rolloff_winner == 0 and state.awaiting is None
    assert calls == ["rolloff"]


def test_a_roll_off_left_to_the_app_face_by_face_is_the_app_rolled_roll_off():
    """Letting the app roll every face of a manual-dice roll-off (``face roll``: the seeded
    draw at the ask) gives the roll-off an app-rolled game of the same seed gives: the same
    rolls in the log, the same winner and turn order, the Rng at the same place."""
    app, app_events = play(new_game(setup_pair(), 5), "rolloff")
    manual, events = play(new_game(setup_pair(), 5, MANUAL), "rolloff")
    said = list(events)
    while manual.awaiting is not None:
        manual, events = play(manual, "face roll")
        said.extend(events)
    assert [e.text for e in said if e.kind != "face"] == [e.text for e in app_events]
    assert sum(e.kind == "face" for e in said) == 4
    assert (manual.phase, manual.rolloff_winner, manual.turn_order, manual.rng) == \
        (app.phase, app.rolloff_winner, app.turn_order, app.rng)
    assert manual.pending == app.pending
