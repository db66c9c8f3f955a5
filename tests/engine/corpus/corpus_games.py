"""The replay corpus: a few recorded seeded games (2 to 4 players, every bundled sample force)
that the engine must keep replaying to the same states and the same log.

Each corpus file holds one game file (the setups embedded, so a later change of the bundled
sample forces changes nothing here), the state's fingerprint every ``EVERY`` actions and at
the end, and the whole log. A rules change that must alter how these games replay belongs
under a new rules revision (engine/core/options.py); a deliberate change of log wording is
re-counted with ``python tests/engine/corpus/corpus_games.py --refresh`` (the recorded games
stay, their log and fingerprints are written again: review the diff); with ``--new`` only the
games without a file yet are recorded (a game added under a new rules revision); with neither
the games themselves are played afresh from the bundled sample forces.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).parent
EVERY = 25

# Catalog names corrected after a game was recorded, old spelling -> new (issue 11 §2: the
# Treefolk die is Willowling). Both sides of a log comparison are normalised with them.
RENAMES = {"Willowing": "Willowling"}

# name: (sample forces by index, seed, chooser seed or None for the automatic player, action
# limit). Forces: 0-5 = every bundled sample force at least once.
GAMES = {
    "two-players-forces-0-1-whole-game": ((0, 1), 101, None, 5000),
    "two-players-forces-2-3-random-choices": ((2, 3), 202, 7, 500),
    "three-players-forces-4-5-0": ((4, 5, 0), 303, None, 700),
    "four-players-forces-1-3-5-2-random-choices": ((1, 3, 5, 2), 404, 11, 500),
    # recorded under rules revision 4 (Coil's choices among them)
    "two-players-forces-3-0-revision-4-random-choices": ((3, 0), 512, 13, 500),
}


def normalised(line: str) -> str:
    for old, new in RENAMES.items():
        line = line.replace(old, new)
    return line


def fingerprint(state) -> dict:
    """The parts of a state that define the game position, in plain JSON values (stable
    across processes: no hashes or set orders): where each die is, the terrains, lasting
    effects, minor terrains, phase and step, whose turn, the winner, the decision pending and
    the RNG's position."""
    pending = state.pending
    return {
        "phase": state.phase.value, "step": state.step.value, "turn": state.turn_number,
        "turn_player": state.turn_player, "winner": state.winner,
        "zones": " ".join(z.to_text() for z in state.zones),
        "terrains": [[t.face, t.controller, t.castle_as.value if t.castle_as else None]
                     for t in state.terrains],
        "minors": sorted(list(m) for m in state.minors),
        "effects": [normalised(e.text) for e in state.effects],
        "pending": [pending.player, normalised(pending.prompt)] if pending else None,
        "rng": [state.rng.seed, state.rng.position],
    }


def replayed(record):
    """Replay `record` action by action: (fingerprints by action number, log lines)."""
    from dragondice_desktop.engine.game import play
    from dragondice_desktop.engine.turn.setup import new_game

    state = new_game(record.players, record.seed, record.options)
    prints, log = {0: fingerprint(state)}, []
    for number, action in enumerate(record.actions, 1):
        state, events = play(state, action)
        log.extend(normalised(e.text) for e in events)
        if number % EVERY == 0 or number == len(record.actions):
            prints[number] = fingerprint(state)
    return prints, log


def record_game(name: str):
    """Play corpus game `name` afresh; returns its GameRecord."""
    from dragondice_desktop.engine.game import legal_actions, play
    from dragondice_desktop.engine.policy import choose
    from dragondice_desktop.engine.core.record import GameRecord
    from dragondice_desktop.forces.samples import sample_forces
    from dragondice_desktop.matchup import TABLE_PLAYERS, setup_from_force

    forces, seed, chooser_seed, limit = GAMES[name]
    samples = sample_forces()
    players = tuple(setup_from_force(samples[f], TABLE_PLAYERS[i])
                    for i, f in enumerate(forces))
    record = GameRecord(players, seed)
    state = record.state()
    chooser = random.Random(chooser_seed) if chooser_seed is not None else None
    for _ in range(limit):
        actions = legal_actions(state)
        if not actions:
            break
        action = chooser.choice(actions) if chooser else choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    return record


def write_all(only_new: bool = False) -> None:
    """Record every corpus game and write its file (`only_new`: only the games that have no
    file yet, leaving the recorded ones as they are)."""
    for name in GAMES:
        if only_new and (HERE / f"{name}.json").exists():
            continue
        record = record_game(name)
        prints, log = replayed(record)
        data = {"game": json.loads(record.to_json()),
                "fingerprints": {str(k): v for k, v in prints.items()}, "log": log}
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=0, ensure_ascii=False)
                                           + "\n", encoding="utf-8")
        print(name, len(record.actions), "actions", len(log), "log lines")


def refresh_all() -> None:
    """Write again the fingerprints and log of every corpus game as recorded (its game file
    unchanged), after a reviewed change of wording."""
    from dragondice_desktop.engine.core.record import GameRecord

    for name in GAMES:
        path = HERE / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        record = GameRecord.from_json(json.dumps(data["game"]), check_replay=False)
        prints, log = replayed(record)
        data["fingerprints"], data["log"] = {str(k): v for k, v in prints.items()}, log
        path.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
        print(name, len(record.actions), "actions", len(log), "log lines")


if __name__ == "__main__":
    import sys

    if "--refresh" in sys.argv[1:]:
        refresh_all()
    else:
        write_all(only_new="--new" in sys.argv[1:])
