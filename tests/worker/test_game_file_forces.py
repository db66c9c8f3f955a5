"""Issue 11 §2: game files obey the force rules. Opening a file whose forces break a setup rule
is refused with the problem named, and so is starting a game with such forces, as New Game
refuses them (digest §1.5, §2.1, §2.2; seed 003)."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.worker.engine_worker import EngineWorker, parse_game_text

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from engine_helpers import setup_pair  # noqa: E402


def _text(ann, bob, rules=None):
    options = GameOptions() if rules is None else GameOptions(rules=rules)
    return GameRecord((ann, bob), 1, (), options).to_json()


def test_a_game_file_with_an_advanced_home_terrain_is_refused():
    """Digest §1.5: an advanced terrain is never a Home Terrain; a file that has one is
    refused, naming the player and the rule. Before, such a file opened and played."""
    ann, bob = setup_pair()
    bad = replace(ann, home_terrain="Terrains/Wasteland Vortex")
    with pytest.raises(GameFileError, match="Ann's force breaks a setup rule.*advanced terrain"):
        parse_game_text(_text(bad, bob))
    assert parse_game_text(_text(ann, bob)).players[0] == ann


def test_a_game_file_with_too_many_minor_terrains_for_its_players_is_refused():
    """Seed 003: minor terrains allowed = terrains in play + 1: 4 in a two-player game."""
    ann, bob = setup_pair()
    bad = replace(ann, minor_terrains=("Minor Terrains/Coastland Bridge",) * 5)
    with pytest.raises(GameFileError, match="allows 4"):
        parse_game_text(_text(bad, bob))


def test_too_few_dragons_refused_in_new_games_but_old_files_open(qapp):
    """Digest §2.1: too few dragons is an error, so New Game refuses the force; a file of
    rules revision 2 (when it was a warning) still opens, so old games replay."""
    andro = "Dwarves/Androsphinx"
    ann, bob = setup_pair(home=(andro,) * 7 + ("Dwarves/Footman",),
                          horde=(andro,) * 7 + ("Dwarves/Footman",), campaign=(andro,))
    worker = EngineWorker()
    failed, states, load = [], [], []
    worker.failed.connect(failed.append)
    worker.stateChanged.connect(states.append)
    worker.loadFailed.connect(load.append)
    worker.new_game((ann, bob), 1, GameOptions())
    assert failed and "brings 1 dragon" in failed[0] and not states
    with pytest.raises(GameFileError, match="brings 1 dragon"):
        parse_game_text(_text(ann, bob))
    old = json.loads(_text(ann, bob, rules=2))
    worker.load_text(json.dumps(old))
    assert not load and states


def test_a_game_file_with_the_old_willowing_spelling_opens():
    """Issue 11 §2: the Treefolk die is the Willowling; a game file recorded with the old key
    "Treefolk/Willowing" still opens and replays, its die now the Willowling."""
    from dragondice_desktop.engine.turn.setup import new_game

    ann, bob = setup_pair(home=("Treefolk/Willowing", "Dwarves/Footman"))
    record = parse_game_text(_text(ann, bob))
    state = new_game(record.players, record.seed, record.options)
    assert [d.die.name for d in state.dice if d.owner == 0][0] == "Willowling"
