"""Which moves a die has and why a drop is refused (pure functions, no Qt)."""

from __future__ import annotations

from ui_helpers import in_damage_step, record_until

from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.state import Zone, ZoneKind
from dragondice_desktop.ui.action_text import action_label
from dragondice_desktop.ui.moves import die_moves, movable_dice, refusal


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
