"""What a new player tripped over in the window (a tester's first games): the Explain window
closes with a button or Esc, counts read "1 die" / "2 dice", ... Each fix is looked at in a
rendered PNG (the tests write them to their temporary folder)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QTextBrowser, QToolButton

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.rolls.pipeline import (
    DieRoll, RollContext, RollInput, RollType, count_roll,
)
from dragondice_desktop.matchup import demo_setups
from dragondice_desktop.player_text import count_of
from dragondice_desktop.ui.roll_panel import RollPanel

CAT = load_catalog()


def first_rolls(seed: int = 7):
    """The demo game played by the policy up to its first army roll: (roll events, state)."""
    state = GameRecord(demo_setups(), seed).state()
    while legal_actions(state):
        state, events = play(state, choose(state))
        rolls = [e for e in events if e.kind == "roll" and e.roll is not None]
        if rolls:
            return rolls, state
    raise AssertionError("no roll in the demo game")


# --- the Explain window ------------------------------------------------------------------------

def test_the_explain_window_has_a_close_button_and_esc_closes_it(qtbot, tmp_path):
    rolls, state = first_rolls()
    panel = RollPanel(instant=True)
    qtbot.addWidget(panel)
    panel.resize(360, 600)
    panel.show()
    panel.show_rolls(rolls, state=state)
    toggle = next(b for b in panel.findChildren(QToolButton) if b.text() == "Explain this roll…")
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    window = panel.explain_window
    assert window is not None and window.isVisible()
    assert window.findChild(QTextBrowser, "explainText").toPlainText().startswith("Maneuver roll")
    buttons = window.findChild(QDialogButtonBox, "explainButtons")
    close = buttons.button(QDialogButtonBox.StandardButton.Close)
    assert close is not None and close.isVisible() and close.text().replace("&", "") == "Close"
    assert window.grab().save(str(tmp_path / "explain-window.png"))
    shown = window.findChild(QTextBrowser, "explainText").toPlainText()
    assert "Amazons/" not in shown and "War Driver" in shown   # dice by name, not by key
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not window.isVisible()
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)     # opened again ...
    assert window.isVisible()
    window.activateWindow()
    qtbot.keyClick(window.findChild(QTextBrowser, "explainText"), Qt.Key.Key_Escape)
    assert not window.isVisible()                           # ... and Esc puts it away


# --- counts in words ---------------------------------------------------------------------------

def test_a_count_says_one_die_and_two_dice():
    assert count_of(1, "die", "dice") == "1 die"
    assert count_of(2, "die", "dice") == "2 dice"
    assert count_of(0, "unit") == "0 units"
    assert count_of(1, "unit") == "1 unit"
    assert count_of(3, "army", "armies") == "3 armies"


def test_a_roll_of_one_die_is_explained_as_one_die():
    """An individual roll (one unit's save roll) explained: "rolled 1 die", not "1 dice"."""
    die = CAT.die("Coral Elves/Knight")
    one = count_roll(RollInput(RollContext(RollType.SAVE), (DieRoll(1, die, (0,)),)))
    assert one.steps[0].startswith("step 1: rolled 1 die: Coral Elves/Knight")
    two = count_roll(RollInput(RollContext(RollType.SAVE),
                               (DieRoll(1, die, (0,)), DieRoll(2, die, (1,)))))
    assert two.steps[0].startswith("step 1: rolled 2 dice: ")


# --- the status bar after an undo --------------------------------------------------------------

def test_the_undo_line_goes_when_the_next_action_is_played(qtbot, window, tmp_path):
    from ui_helpers import WAIT_MS

    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    assert window.statusBar().currentMessage() == "New game, seed 7"
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(6)
    assert window.statusBar().currentMessage() == ""        # that line is stale too
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    assert window.statusBar().currentMessage().startswith("Took back an action: 5 actions played")
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(1)
    assert window.statusBar().currentMessage() == ""        # the game moved on: the line went
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    window.show_status("Horde army cannot move there")       # a later line is not cleared
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(1)
    assert window.statusBar().currentMessage() == "Horde army cannot move there"
    assert window.grab().save(str(tmp_path / "status-after-undo.png"))


def test_one_action_played_is_one_action(qtbot, window):
    from ui_helpers import WAIT_MS

    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(2)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.undo()
    assert window.statusBar().currentMessage().startswith("Took back an action: 1 action played ·")


# --- who made a computer move ------------------------------------------------------------------

def test_a_computer_seat_is_named_without_brackets_in_brackets():
    from dragondice_desktop.ui.computer_seats import seat_note, seat_title

    assert seat_note("Bob", "hard") == "Bob (computer, Hard)"
    assert seat_note("Ann", "easy") == "Ann (computer, Easy)"
    assert seat_note("Ann", "person") == "Ann"
    assert seat_title("normal") == "Computer (Normal)"      # the New Game dialog's seat list


# --- casualties chosen one by one --------------------------------------------------------------

def _choosing_casualties(state) -> bool:
    """A damage step with casualties chosen already and more to choose (rules revision 3:
    the chosen stay in the army until the set is complete)."""
    from dragondice_desktop.engine.core.actions import Verb
    from dragondice_desktop.engine.core.state import Step

    return (state.step is Step.DAMAGE and bool(state.damage) and bool(state.damage[0].marked)
            and any(a.verb is Verb.KILL for a in legal_actions(state)))


def test_the_casualties_chosen_so_far_are_marked_as_they_are_picked(qtbot, window, tmp_path):
    """Digest §4.7 (rules revision 3): the owner chooses the whole set of casualties before
    any is removed. While choosing, the chosen units are greyed on the board (their tooltip
    says why) and listed in the Decision panel; the others look as before."""
    from ui_helpers import open_record, record_until

    from dragondice_desktop.ui.dice_painter import render_die

    record = record_until(_choosing_casualties, seed=3)
    snapshot = open_record(qtbot, window, record)
    state = snapshot.state
    chosen = state.damage[0].marked
    army = [u.id for u in state.units_in(state.damage[0].zone, state.damage[0].player)]
    assert set(chosen) < set(army)                        # the chosen are still in the army
    board = window.board

    def greyed(die_id: int) -> bool:
        item = board.die_items[die_id]
        die = state.dice[die_id].die
        face = board.faces.get(die_id, die.id_face or 0)
        return item.pixmap().cacheKey() == render_die(
            die, face, item.pixmap().width(), dimmed=True).cacheKey()

    assert all(greyed(i) for i in chosen)
    assert not any(greyed(i) for i in army if i not in chosen)
    assert all("chosen as a casualty" in board.die_items[i].toolTip() for i in chosen)
    label = window.decision.chosen_label
    assert label.isVisible() and label.text().startswith("✓ Chosen: ")
    for die_id in chosen:
        assert state.dice[die_id].die.name in label.text()
    assert "(chosen: " not in window.decision.prompt_label.text()   # said once, below it
    window.decision_dock.raise_()
    qtbot.wait(50)
    assert window.grab().save(str(tmp_path / "casualties-chosen.png"))


def test_what_a_die_gave_is_summed_per_result_type():
    """A die rolled again and again (its re-roll SAI) that gave 3 melee each time says what it
    gave in all, once per result type: "9 melee, 1 save", not "3 melee, 3 melee, ..."."""
    from types import SimpleNamespace

    from dragondice_desktop.ui.roll_panel import gains_text

    def gain(amount, kind):
        return SimpleNamespace(amount=amount, result_type=SimpleNamespace(value=kind))

    outcome = SimpleNamespace(contributions=[gain(3, "melee"), gain(1, "save"), gain(3, "melee"),
                                             gain(0, "melee"), gain(3, "melee")])
    assert gains_text(outcome) == "9 melee, 1 save"
    assert gains_text(SimpleNamespace(contributions=[gain(0, "melee")])) == "nothing"


# --- what Discard does to an unsaved game ------------------------------------------------------

def test_the_quit_question_says_what_discard_really_does(qtbot, tmp_path, monkeypatch):
    """Closing normally deletes the autosave (it brings a game back only after a crash), so
    the question says so; and it is so: after Discard, the next start offers nothing."""
    from PySide6.QtWidgets import QMessageBox

    from ui_helpers import WAIT_MS

    from dragondice_desktop.ui import session
    from dragondice_desktop.ui.main_window import MainWindow

    window = MainWindow(instant=True, data_dir=tmp_path, autosave=True, confirm_close=True)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(4)
    assert window.autosave.exists()
    box = session.save_before_close_box(window, "closing")
    text = box.text()
    assert "cannot be resumed later" not in text
    assert "Save keeps it in a game file you can open again later (Game ▸ Open)." in text
    assert "its autosave is deleted when the app closes normally, so the next start does " \
           "not offer to resume it" in text
    box.show()
    assert box.grab().save(str(tmp_path / "save-before-closing.png"))
    box.close()
    new = session.discard_means(window, "starting a new game")
    assert "the next game's autosave takes the place of its autosave" in new
    monkeypatch.setattr(session, "ask_save_before_close",
                        lambda _w, _doing="closing": QMessageBox.StandardButton.Discard)
    assert window.close()
    assert not window.autosave.exists()                 # what the question said
    later = MainWindow(instant=True, data_dir=tmp_path, autosave=True)
    qtbot.addWidget(later)
    assert session.offer_resume(later) is False         # nothing to resume at the next start
    later.close()


def test_a_demo_game_is_said_to_have_no_autosave(qtbot, window):
    from dragondice_desktop.ui import session

    window.throwaway = True          # the --demo game
    assert "it is gone: this game is not autosaved." in session.discard_means(window)


def test_leaving_an_optional_power_unused_says_so():
    """An optional power (a City's recruit or promote, a Temple's forced burial, Mutate) may
    be left unused: the button says "None of these (pass)", not a bare "None"."""
    from dragondice_desktop.ui.action_text import action_label
    from ui_helpers import record_until

    def optional(state):
        return any(a.verb.value == "choose" and a.args and a.args[0] == "none"
                   for a in legal_actions(state))

    state = record_until(optional, seed=7, limit=600).state()
    none = next(a for a in legal_actions(state) if a.verb.value == "choose"
                and a.args and a.args[0] == "none")
    assert action_label(state, none) == "None of these (pass)"


def test_a_hint_goes_from_the_status_bar_once_a_move_is_played(qtbot, window):
    from ui_helpers import WAIT_MS

    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.start_game(demo_setups(), 7)
    window.hint()
    qtbot.waitUntil(lambda: window.computers.last_hint != "", timeout=WAIT_MS)
    assert window.statusBar().currentMessage().startswith("Hint (Normal): ")
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.autoplay(1)
    assert window.statusBar().currentMessage() == ""
    assert any(line.startswith("Hint (Normal): ") for line in window.log.shown_lines())


def test_a_combination_roll_shows_the_total_of_every_type_it_counts(qtbot):
    """An army's answer to a dragon attack is one roll counted for save, melee and missile
    (digest §5.4, step 6): the roll panel shows all three totals, not the save alone."""
    state = GameRecord(demo_setups(), 7).state()
    combination = None
    while legal_actions(state) and combination is None:
        state, events = play(state, choose(state))
        combination = next((e for e in events if e.roll is not None
                            and len(e.roll.context.counted) > 1), None)
    assert combination is not None
    result = combination.roll
    panel = RollPanel(instant=True)
    qtbot.addWidget(panel)
    panel.show_rolls([combination], state=state)
    want = "Total: " + ", ".join(f"{result.total(rt)} {rt.value}"
                                 for rt in (RollType.SAVE, RollType.MELEE, RollType.MISSILE))
    assert [label.text() for label in panel.total_labels] == [want]
    # the log line of the same roll says the same totals
    assert combination.text.endswith(want.removeprefix("Total: "))


def test_the_collection_counts_one_die_as_one_die(qtbot):
    from dragondice_desktop.store.collection import set_quantity
    from dragondice_desktop.store.database import open_memory_database
    from dragondice_desktop.ui.collection_window import CollectionWindow

    db = open_memory_database()
    set_quantity(db, "Dwarves/Footman", 1, CAT)
    window = CollectionWindow(db, CAT)
    qtbot.addWidget(window)
    assert window.totals.text().startswith("You own 1 die: 1 of the 796 different")


def test_the_face_buttons_of_a_manual_dice_game_speak_to_players(qtbot, window):
    """Rolling our own dice: each face button's tooltip says the die, the face and its key,
    without the app's internal action words ("action: face 3")."""
    from ui_helpers import WAIT_MS

    from dragondice_desktop.engine.core.options import GameOptions

    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.client.new_game(demo_setups(), 7, GameOptions(manual_dice=True))
    with qtbot.waitSignal(window.client.stateChanged, timeout=WAIT_MS):
        window.decision.buttons["rolloff"].click()
    wait = window.snapshot.state.awaiting
    tips = {text: button.toolTip() for text, button in window.decision.buttons.items()}
    assert tips["face 0"].startswith(f"{wait.throw.label} shows ") and "(key 1)" in tips["face 0"]
    assert tips["face roll"] == f"The app rolls {wait.throw.label} for you (key R)"
    assert not any("action:" in tip for tip in tips.values())
