"""The version-1 game file fixture (tests/ui/data/game-v1.json) and the facts its replay
must reproduce on any machine (game-v1.expected.json).

Both were written once with `python tests/ui/game_fixture.py` and must never be rewritten
to make a test pass: an old file that stops loading, or replays to another state, is a
broken promise to players who saved games. (Rewrite them only if the lead decides that the
rules changed on purpose, and say so in the changelog.)
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).parent / "data"
GAME_V1 = DATA / "game-v1.json"
EXPECTED_V1 = DATA / "game-v1.expected.json"
SEED, ACTIONS = 7, 30


def state_facts(state, events) -> dict:
    """What must come out identical on every machine: phase, turn, RNG position, terrain
    faces, where every die is, and every face every die rolled."""
    return {
        "phase": state.phase.value, "turn_number": state.turn_number,
        "turn_player": state.turn_player, "rng_position": state.rng.position,
        "terrain_faces": [t.face for t in state.terrains],
        "zones": [state.zone_name(zone) for zone in state.zones],
        "rolled": [[list(o.faces) for o in e.roll.dice] for e in events
                   if e.kind == "roll" and e.roll is not None],
    }


def write_fixture() -> None:  # pragma: no cover — run by hand, once
    from dragondice_desktop.engine.game import play
    from dragondice_desktop.engine.policy import choose
    from dragondice_desktop.engine.core.record import GameRecord
    from dragondice_desktop.matchup import demo_setups

    record = GameRecord(demo_setups(), SEED)
    state, events = record.state(), []
    for _ in range(ACTIONS):
        action = choose(state)
        state, new = play(state, action)
        events.extend(new)
        record = record.with_action(action)
    DATA.mkdir(exist_ok=True)
    GAME_V1.write_text(record.to_json(), encoding="utf-8")
    EXPECTED_V1.write_text(json.dumps(state_facts(state, events), indent=1), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    write_fixture()
