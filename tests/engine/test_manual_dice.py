"""Manual dice (issue 7 §3): the players roll physical dice and enter each face — every re-roll
and every setup roll too — and the engine counts and enforces everything else. Any mix of
entered and app-rolled faces is recorded in the game file as ``face`` actions, so replay,
save/load and undo are exact."""

from __future__ import annotations

import json
import random

import pytest

from dragondice_desktop.engine.core.actions import Action, Verb
from dragondice_desktop.engine.game import IllegalAction, legal_actions, play, play_all
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.rng import Rng, Throw
from dragondice_desktop.engine.rolls.throwing import ActionTally, Thrower, action_session
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.engine.core.state import Phase, Step

from engine_helpers import Scripted, battle, run, setup_pair, texts

MANUAL = GameOptions(manual_dice=True)
FOOTMAN_ID, FOOTMAN_SAVE = 0, 1            # Dwarves/Footman: 1 ID, 1 Save, 1 Melee ...
WOLF_REND, WOLF_2_MELEE = 1, 2             # Feral/Wolf-folk: 3 ID, 3 Rend, 2 Melee ...


def bare(state):
    """The state without what differs between a manual and an app-rolled game of the same
    dice: the options and the Rng (a script, or the seeded hash and its position)."""
    return state.with_(rng=Rng(0), options=GameOptions())


def enter_all(state, faces):
    """Answer every face decision pending with the next of `faces` (an iterator); returns the
    state and the face actions played."""
    played = []
    while state.awaiting is not None:
        action = f"face {next(faces)}"
        state, _ = play(state, action)
        played.append(action)
    return state, played


def test_every_face_entered_gives_the_game_the_same_dice_would_give():
    """A manual-dice game where the players enter every face reaches, action for action, the
    state of an app-rolled game whose dice showed those faces (a scripted Rng)."""
    chooser = random.Random(5)
    script = tuple(chooser.randrange(4) for _ in range(3000))  # every die has 4+ faces
    app = new_game(setup_pair(), 1).with_(rng=Scripted(0, 0, faces=script))
    manual = new_game(setup_pair(), 1, MANUAL)
    faces, entered = iter(script), 0
    for _ in range(120):
        if not legal_actions(app):
            break
        action = choose(app)
        app, app_events = play(app, action)
        manual, _ = play(manual, action)
        manual, played = enter_all(manual, faces)
        entered += len(played)
        assert bare(manual) == bare(app), f"after {action}"
    assert entered == len(script) - len(app.rng.faces) > 100


def test_the_roll_off_asks_each_horde_die_and_the_highest_total_chooses():
    """Setup rolls are chance steps (digest §2.4): the roll-off asks for the face of each
    Horde die in turn, the state stays the one before the roll-off until the last face, and
    the totals decide. Ann's Footmen show their ID (1 maneuver each): 2 against Bob's 0."""
    start = new_game(setup_pair(), 1, MANUAL)
    state, events = play(start, "rolloff")
    assert events == () and state.step is Step.FACE and state.phase is Phase.SETUP_ROLLOFF
    assert state.pending.player == 0
    assert state.pending.prompt == "Enter the face Ann's Footman shows (maneuver roll)"
    assert [a.to_text() for a in legal_actions(state)] == [
        "face 0", "face 1", "face 2", "face 3", "face 4", "face 5", "face roll"]
    assert state.with_(step=start.step, pending=start.pending, awaiting=None) == start
    state, _ = run(state, f"face {FOOTMAN_ID}", f"face {FOOTMAN_ID}")
    assert state.pending.player == 1 and "Bob's Footman" in state.pending.prompt
    state, events = run(state, f"face {FOOTMAN_SAVE}", f"face {FOOTMAN_SAVE}")
    assert state.phase is Phase.SETUP_CHOICE and state.rolloff_winner == 0
    assert "Ann wins the roll-off (2 vs 0)" in texts(events)


def test_the_roll_off_line_gives_the_winners_total_first():
    """The roll-off (digest §2.4) names its winner, whose total the line gives first: Ann's
    Footmen show '1 Save' (no maneuver), Bob's their ID (1 maneuver each), so Bob wins 2 to 0
    and the line reads "(2 vs 0)", not "(0 vs 2)"."""
    state, events = run(new_game(setup_pair(), 1, MANUAL), "rolloff",
                        *[f"face {FOOTMAN_SAVE}"] * 2, *[f"face {FOOTMAN_ID}"] * 2)
    assert state.rolloff_winner == 1
    assert "Bob wins the roll-off (2 vs 0)" in texts(events)


def test_starting_distances_ask_again_after_an_eighth_face_and_turn_seven_to_six():
    """Each terrain is rolled for its starting distance: an 8 is rolled again, a 7 becomes 6
    (digest §2.5). Both are faces the players enter."""
    state, _ = run(new_game(setup_pair(), 1, MANUAL), "rolloff", *[f"face {FOOTMAN_ID}"] * 2,
                   *[f"face {FOOTMAN_SAVE}"] * 2, "go-first", "frontier 0")
    assert state.pending.prompt == ("Enter the face Ann's Highland City shows (starting "
                                    "distance)")
    state, _ = run(state, "face 7")  # 8: City
    assert state.pending.prompt == ("Enter the face Ann's Highland City shows (starting "
                                    "distance, rolled again after 8)")
    state, events = run(state, "face 6", "face 2", "face 3")  # 7, then 3 and 4
    assert [t.face for t in state.terrains] == [6, 3, 4]
    assert "Ann rolls Highland City: 7 → 6" in texts(events)
    assert state.turn_number == 1 and state.turn_player == 0


@pytest.mark.rule("sai", "Rend")
def test_rend_asks_for_each_re_roll_while_it_shows_rend():
    """Seed 000 Rend: in a melee roll Rend generates X melee results and the unit rolls again,
    adding the new result — the players enter each re-rolled face. The Wolf-folk (large, X =
    3) shows Rend, Rend, then 2 Melee: 3 + 3 + 2 = 8 melee."""
    state = battle(("Feral/Wolf-folk",), ("Dwarves/Footman",)).with_(options=MANUAL)
    state, _ = run(state, "march t2", "no-maneuver", "action melee")
    assert state.pending.prompt == "Enter the face Ann's Wolf-folk shows (melee roll)"
    state, _ = run(state, f"face {WOLF_REND}")
    again = "Enter the face Ann's Wolf-folk shows (melee roll, rolled again after 3 Rend)"
    assert state.pending.prompt == again
    state, _ = run(state, f"face {WOLF_REND}")
    assert state.pending.prompt == again
    state, events = run(state, f"face {WOLF_2_MELEE}")
    assert events[0].text == ("Ann's Wolf-folk shows 2 Melee, entered by hand (melee roll, "
                              "rolled again after 3 Rend)")
    assert state.pending.prompt == "Enter the face Bob's Footman shows (save roll)"
    assert state.pending.player == 1
    # The melee roll is counted (and logged) once its last face is in: the save roll waits.
    melee = next(e.roll for e in events if e.kind == "roll" and e.player == 0)
    assert melee.dice[0].faces == (WOLF_REND, WOLF_REND, WOLF_2_MELEE)
    assert melee.total() == 8


def test_a_face_the_die_does_not_have_is_illegal():
    """Only the die's faces (and "let the app roll it") answer a face decision; `face` is no
    answer to any other decision, and never legal in an app-rolled game."""
    state, _ = play(new_game(setup_pair(), 1, MANUAL), "rolloff")
    for wrong in ("face 6", "face -1", "face", "face 1 2", "face app"):
        with pytest.raises(IllegalAction, match="not legal now"):
            play(state, wrong)
    with pytest.raises(IllegalAction):
        play(new_game(setup_pair(), 1, MANUAL), "face 0")
    app, _ = play(new_game(setup_pair(), 1), "rolloff")
    assert not any(a.verb is Verb.FACE for a in legal_actions(app))
    applying = action_session(start := new_game(setup_pair(), 1, MANUAL), None,
                              ActionTally((6,)))
    with pytest.raises(ValueError, match="has no face 6"):
        Thrower(applying, resume=None).face(6, Throw("Ann's Footman"))
    assert start.awaiting is None


def test_an_entered_face_is_used_and_a_missing_one_is_asked_for():
    """While an action of a manual game is applied, the throwing routine gives the faces
    entered for it in order, draws for an entry of None, and notes the first die without a
    face (the game then asks for it); the Rng holds no face and moves only for the draw."""
    tally = ActionTally((4, None))
    state = action_session(new_game(setup_pair(), 3, MANUAL), None, tally)
    dice = Thrower(state, resume=None)
    assert dice.face(6, Throw("a")) == 4 and dice.rng.position == state.rng.position
    drawn = dice.face(6, Throw("b"))
    assert drawn == state.rng.roll_face(6, Throw("b"))[0]
    assert dice.rng == state.rng.randbelow(6)[1]
    assert dice.face(8, Throw("Bob's Highland City", "Terrains/Highland City", 1)) is None
    throw, count, position = tally.asked
    assert count == 8 and position == dice.rng.position and throw.player == 1
    assert tally.used == 2


def test_letting_the_app_roll_every_die_is_the_app_rolled_game():
    """``face roll`` draws from the seeded hash as an app-rolled game does: a manual game that
    lets the app roll every die is the app-rolled game of the same seed."""
    app_record = GameRecord(setup_pair(), 4)
    manual = new_game(setup_pair(), 4, MANUAL)
    app = app_record.state()
    for _ in range(80):
        if not legal_actions(app):
            break
        action = choose(app)
        app, _ = play(app, action)
        manual, _ = play(manual, action)
        while manual.awaiting is not None:
            assert choose(manual).to_text() == "face roll"  # the automatic player's answer
            manual, _ = play(manual, "face roll")
        assert manual.with_(options=GameOptions()) == app


def mixed_record(actions=60):
    """A manual-dice game of the automatic player where every second face is entered by hand
    (face 0, 1, 2 ... in turn) and the others are rolled by the app."""
    record = GameRecord(setup_pair(), 2, (), MANUAL)
    state, events = record.state(), []
    asked = 0
    while len(record.actions) < actions and legal_actions(state):
        action = choose(state)
        if state.awaiting is not None:
            asked += 1
            if asked % 2:
                action = legal_actions(state)[asked % state.awaiting.face_count]
        state, new = play(state, action)
        record, events = record.with_action(action), events + list(new)
    return record, state, events


def test_a_mix_of_entered_and_app_rolled_faces_is_logged_and_saved():
    """The log says which faces were entered by hand and which the app rolled; the game file
    lists the face actions among the others and loads to the identical state."""
    record, state, events = mixed_record()
    faces = [e.text for e in events if e.kind == "face"]
    assert any(t.endswith("entered by hand (maneuver roll)") for t in faces)
    assert any(", rolled by the app" in t for t in faces)
    data = json.loads(record.to_json())
    assert data["options"]["manual_dice"] is True
    assert "face roll" in data["actions"] and "face 1" in data["actions"]
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record and loaded.state() == state


def test_undo_takes_back_one_entered_face():
    """Undo = replay all actions but the last: the face decision comes back with one face
    fewer entered, and playing that face again gives the same state."""
    record, _, _ = mixed_record()
    state = record.state()
    while state.awaiting is None or not state.awaiting.entered:
        record = record.without_last()
        state = record.state()
    undone = record.without_last().state()
    assert undone.awaiting.action == state.awaiting.action
    assert undone.awaiting.entered == state.awaiting.entered[:-1]
    assert play(undone, record.actions[-1])[0] == state


def test_a_manual_game_of_the_automatic_player_ends_and_replays():
    """The automatic player lets the app roll each die: a whole manual-dice game ends with a
    winner and its record replays to the same state."""
    record = GameRecord(setup_pair(), 6, (), MANUAL)
    state = record.state()
    while legal_actions(state) and len(record.actions) < 3000:
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    assert state.winner is not None
    assert any(a.to_text() == "face roll" for a in record.actions)
    assert GameRecord.from_json(record.to_json()).state() == state


@pytest.mark.parametrize("seed", range(3))
def test_random_faces_and_choices_keep_a_manual_game_consistent(seed):
    """Random legal actions — random faces entered, "face roll" now and then — never leave a
    manual-dice game without a legal action before its end, and the record replays to the
    same state."""
    chooser = random.Random(seed)
    record = GameRecord(setup_pair(), seed, (), MANUAL)
    state = record.state()
    while legal_actions(state) and len(record.actions) < 600:
        action = choose(state, chooser)
        state, _ = play(state, action)
        record = record.with_action(action)
        assert state.pending is not None or state.winner is not None
    assert sum(a.verb is Verb.FACE for a in record.actions) > 100
    assert record.state() == state


# --- long rolls in game files ------------------------------------------------------------

START = ("rolloff", f"face {FOOTMAN_ID}", f"face {FOOTMAN_ID}", f"face {FOOTMAN_SAVE}",
         f"face {FOOTMAN_SAVE}", "go-first", "frontier 0")


def test_a_starting_distance_stops_asking_after_max_rerolls_eights():
    """An 8 is rolled again (digest §2.5), but like every re-roll chain (Rend, Tail ...) at
    most MAX_REROLLS times: a game file entering 8 for ever cannot make a roll without end.
    The terrain then starts at 6, the most a starting distance can be."""
    from dragondice_desktop.engine.rolls.pipeline import MAX_REROLLS

    state, _ = run(new_game(setup_pair(), 1, MANUAL), *START, *["face 7"] * MAX_REROLLS)
    assert "rolled again after 8" in state.pending.prompt
    state, _ = run(state, "face 7")
    assert state.pending.prompt.startswith("Enter the face Bob's Flatland City shows")
    state, events = run(state, "face 2", "face 3")
    assert [t.face for t in state.terrains] == [6, 3, 4]
    assert "Ann rolls Highland City: 8 → 6" in texts(events)


def test_a_file_of_twenty_thousand_faces_loads_quickly(rolloff_counts):
    """A game file of nearly the largest allowed number of actions, all faces of roll-offs
    of two 499-die Horde armies (998 faces each, a tie every time), replays with each
    roll-off applied once and each face taken once by the roll-off step, which resumes from
    where it stopped (issue 12): no face makes the step run again from its start. (Run
    again for every face, 400 faces of one roll took 1.7 s, and the time grew with the
    square of the faces: minutes for this file.) Counted, not timed: the time is the
    benchmarks' business."""
    from dragondice_desktop.engine.core.record import MAX_ACTIONS

    applied, taken = rolloff_counts

    horde = ("Dwarves/Footman",) * 499
    setups = setup_pair(home=(), horde=horde, campaign=())
    actions = ("rolloff",) + (f"face {FOOTMAN_ID}",) * 998
    while len(actions) + 999 <= MAX_ACTIONS:  # a tie: the roll-off is rolled again
        actions += ("rolloff",) + ("face 0",) * 998
    record = GameRecord(setups, 1, tuple(Action.from_text(a) for a in actions), MANUAL)
    loaded = GameRecord.from_json(record.to_json())
    applied.clear()  # from_json checks the record replays: count the replay below alone
    taken.clear()
    state = loaded.state()
    assert [a.to_text() for a in applied] == ["rolloff"] * actions.count("rolloff")
    assert len(taken) == len(actions) - actions.count("rolloff")
    assert len(loaded.actions) > 19_000 and state.phase is Phase.SETUP_ROLLOFF
    assert state.rolloff_winner is None and state.awaiting is None


def test_replaying_at_once_gives_what_playing_one_by_one_gives():
    """`play_all` yields, action by action, the states and events successive `play` calls
    give, and refuses the same action with the same message: a record ending mid-roll, a
    face too many, a face the die does not have, a face missing before the next action."""
    record, _, _ = mixed_record(120)
    texts_ = [a.to_text() for a in record.actions]
    start = new_game(setup_pair(), 2, MANUAL)
    first_face = texts_.index("face 0") if "face 0" in texts_ else texts_.index("face roll")
    variants = [texts_, texts_[:first_face + 1], texts_[:first_face + 2],
                texts_[:first_face + 1] + ["face 9"],
                texts_[:first_face] + ["face 9"] + texts_[first_face + 1:],
                texts_[:first_face + 1] + texts_[first_face + 2:]]
    finished = next(n for n in range(first_face, len(texts_))
                    if texts_[n].startswith("face") and not texts_[n + 1].startswith("face"))
    variants.append(texts_[:finished + 1] + ["face roll"] + texts_[finished + 1:])
    for actions in variants:
        one_by_one, refused = [], None
        state = start
        for action in actions:
            try:
                state, events = play(state, action)
            except IllegalAction as exc:
                refused = str(exc)
                break
            one_by_one.append((state, events))
        at_once, refused_at_once = [], None
        try:
            for step in play_all(start, actions):
                at_once.append(step)
        except IllegalAction as exc:
            refused_at_once = str(exc)
        assert at_once == one_by_one and refused_at_once == refused
    assert any(s.awaiting is not None for s, _ in one_by_one)
