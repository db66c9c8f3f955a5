"""`dragondice selfplay --players N --games G` (issue 6 §8): seeded games with random legal
choices, summarised; the same seed gives the same summary."""

import pytest

from dragondice_desktop import selfplay
from dragondice_desktop.cli import main
from dragondice_desktop.matchup import table_setups


def test_summary_counts_every_game(monkeypatch):
    monkeypatch.setattr(selfplay, "MAX_ACTIONS", 300)
    first = selfplay.play_games(players=3, games=2, seed=4)
    again = selfplay.play_games(players=3, games=2, seed=4)
    assert first.games == 2
    assert first.unfinished + sum(first.wins.values()) == 2
    assert all(0 < n <= 300 for n in first.actions)
    assert (first.actions, first.wins, first.unresolved) == (again.actions, again.wins,
                                                             again.unresolved)


def test_command_prints_the_summary(monkeypatch, capsys):
    monkeypatch.setattr(selfplay, "MAX_ACTIONS", 200)
    assert main(["selfplay", "--players", "4", "--games", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 games,") and "games per second" in out


def test_table_setups_seat_two_to_four_players():
    assert [s.name for s in table_setups(4)] == ["Ann", "Bob", "Cat", "Dan"]
    with pytest.raises(ValueError, match="2 to 4 players"):
        table_setups(5)
