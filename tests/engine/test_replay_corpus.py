"""The replay corpus (issue 11 §5): recorded seeded games of 2, 3 and 4 players with every
bundled sample force replay to the same states and the same log on every run. The setups are
embedded in each game file, and the game keeps the rules revision it was recorded under
(engine/core/options.py), so a rules change gated on a new revision leaves them unchanged."""

from __future__ import annotations

import json

import pytest

from corpus.corpus_games import GAMES, HERE, replayed
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.forces.samples import sample_forces


def corpus(name):
    return json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_recorded_game_replays_to_the_same_states_and_log(name):
    data = corpus(name)
    record = GameRecord.from_json(json.dumps(data["game"]), check_replay=False)
    prints, log = replayed(record)
    want = {int(k): v for k, v in data["fingerprints"].items()}
    assert sorted(prints) == sorted(want)
    for number in sorted(want):
        assert prints[number] == want[number], f"{name}: the state after action {number} differs"
    for number, (got, expected) in enumerate(zip(log, data["log"])):
        assert got == expected, f"{name}: log line {number} differs"
    assert len(log) == len(data["log"])


def test_the_corpus_covers_every_sample_force_and_two_to_four_players():
    """Every bundled sample force plays in at least one corpus game; 2, 3 and 4 players."""
    used = {f for forces, *_ in GAMES.values() for f in forces}
    assert used == set(range(len(sample_forces())))
    assert {len(forces) for forces, *_ in GAMES.values()} == {2, 3, 4}
    for name in GAMES:
        players = corpus(name)["game"]["players"]
        assert all(p["home"] and p["horde"] and p["campaign"] for p in players)


def test_the_corpus_holds_whole_games_and_retreats():
    """At least one corpus game is played to its winner, and the random ones retreat."""
    finals = [corpus(n)["fingerprints"] for n in GAMES]
    assert any(f[max(f, key=int)]["winner"] is not None for f in finals)
    actions = [a for n in GAMES for a in corpus(n)["game"]["actions"]]
    assert any(a.startswith("retreat") for a in actions)
