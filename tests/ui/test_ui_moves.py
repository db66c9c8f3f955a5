"""Which moves a die has and why a drop is refused (pure functions, no Qt), and the
Decision panel's keyboard equivalents of those moves."""

from __future__ import annotations

from ui_helpers import in_damage_step, record_until

from dragondice_desktop.engine.core.actions import Verb
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind
from dragondice_desktop.ui.action_text import action_label
from dragondice_desktop.ui.decision_panel import MOST_MIN_HEIGHT, DecisionPanel
from dragondice_desktop.ui.moves import die_moves, movable_dice, refusal
from dragondice_desktop.worker.snapshot import Change, GameSnapshot


def test_damage_step_moves_and_refusals():
    state = record_until(in_damage_step).state()
    legal = legal_actions(state)
    due = state.damage[0]
    movable = movable_dice(state, legal)
    assert movable and all(state.dice[i].owner == due.player for i in movable)
    die_id = movable[0]
    (move,) = die_moves(state, legal, die_id)
    assert move.target == Zone(ZoneKind.DUA, due.player) and move.label == "Send to DUA"
    assert refusal(state, legal, die_id, state.zones[die_id]) == ""
    assert refusal(state, legal, die_id, Zone(ZoneKind.BUA, due.player)) == (
        f"{state.die_label(die_id)} can only go to {state.zone_name(move.target)} now")
    other = next(d for d in state.dice if d.owner != due.player
                 and state.zones[d.id].kind is ZoneKind.TERRAIN and d.die.kind.is_unit)
    reason = refusal(state, legal, other.id, Zone(ZoneKind.DUA, other.owner))
    assert reason.startswith("Only the damaged army")


def test_labels_read_as_game_words():
    state = record_until(lambda s: s.step.value == "choose an army to march").state()
    labels = {a.to_text(): action_label(state, a) for a in legal_actions(state)}
    assert labels["skip-march"] == "Skip march"
    march = next(t for t in labels if t.startswith("march"))
    zone = Zone.from_text(march.split()[1])
    assert labels[march] == (f"March the {state.army_name(zone, state.turn_player)} at "
                             f"{state.zone_name(zone)}")


def test_decision_panel_keeps_its_choices_readable_in_a_short_dock(qtbot):
    """At 1280×720 the Decision dock is short: the unit picker and the destination buttons
    keep their height (the panel asks for it, and scrolls rather than squash them); a label
    too long for the width is elided, keeping its key, with the full text in the tooltip."""
    record = record_until(lambda s: s.step is Step.RETREAT
                          and any(a.verb is Verb.RETREAT for a in legal_actions(s)))
    state = record.state()
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.resize(390, 120)
    panel.show()
    panel.set_snapshot(GameSnapshot(record, state, (), (), legal_actions(state), Change.LOAD))
    qtbot.wait(20)
    picker = panel.unit_picker
    assert picker is not None and picker.height() >= picker.sizeHint().height()
    for button in panel.buttons.values():
        assert button.height() >= button.sizeHint().height() - 1, button.text()
    # What the panel needs: at least the picker and its buttons under the prompt.
    needed = picker.mapTo(panel._content, picker.rect().bottomLeft()).y()
    assert panel.minimumSizeHint().height() >= min(needed, MOST_MIN_HEIGHT)

    panel.resize(170, 400)
    qtbot.wait(20)
    button = next(b for b in panel.buttons.values() if b.text().startswith("→ Reserve Area"))
    assert button.text() == "→ Reserve Area  [Ctrl+1]"
    shown = button.shown_text()
    assert shown.endswith("[Ctrl+1]") and ("…" in shown or shown == button.text())
    if shown != button.text():
        assert button.toolTip().startswith(button.text())
