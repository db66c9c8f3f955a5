"""A minor terrain in play shows on the board the face it was rolled to (seed 003: the
result stays as the army's active bonus or disaster), not its ID face — its roll is not an
army roll, so the board reads the face the engine keeps in `state.minors`."""

from __future__ import annotations

from ui_helpers import open_record

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.matchup import demo_setups


def _with_a_minor_terrain_off_its_id_face() -> GameRecord:
    record = GameRecord(demo_setups(), 7)
    state = record.state()
    while legal_actions(state) and len(record.actions) < 2000:
        shown = [(i, f) for i, f in state.minors if f != state.dice[i].die.id_face]
        if shown and not state.tasks:
            return record
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    raise AssertionError("no minor terrain was rolled off its ID face")


def test_a_minor_terrain_shows_its_rolled_face(qtbot, window):
    record = _with_a_minor_terrain_off_its_id_face()
    open_record(qtbot, window, record)
    state = window.snapshot.state
    for die_id, face in state.minors:
        text = state.dice[die_id].die.faces[face].to_text()
        assert f"showing: {text}" in window.board.die_items[die_id].toolTip()
