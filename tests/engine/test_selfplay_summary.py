"""`dragondice selfplay --players N --games G` (issue 6 §8): seeded games with random legal
choices, summarised; the same seed gives the same summary, in one process or several, and a
game the engine crashes on is reported without stopping the batch."""

import pytest

from dragondice_desktop.commands import selfplay
from dragondice_desktop.commands.main import main
from dragondice_desktop.engine.core.events import Event
from dragondice_desktop.matchup import table_setups


def _figures(summary: selfplay.Summary) -> tuple:
    """Everything in a summary but its wall time."""
    return (summary.games, summary.unfinished, summary.wins, summary.turns, summary.actions,
            summary.unresolved, summary.unresolved_seed, summary.crashes, summary.policy)


def test_summary_counts_every_game(monkeypatch):
    monkeypatch.setattr(selfplay, "MAX_ACTIONS", 300)
    first = selfplay.play_games(players=3, games=2, seed=4, policy="random")
    again = selfplay.play_games(players=3, games=2, seed=4, policy="random")
    assert first.games == 2
    assert first.unfinished + sum(first.wins.values()) == 2
    assert all(0 < n <= 300 for n in first.actions)
    assert _figures(first) == _figures(again)


def test_same_summary_in_one_process_or_two(monkeypatch):
    monkeypatch.setattr(selfplay, "MAX_ACTIONS", 400)  # read in the parent, passed to workers
    alone = selfplay.play_games(players=2, games=3, seed=11, jobs=1)
    shared = selfplay.play_games(players=2, games=3, seed=11, jobs=2)
    assert alone.games == 3 and max(alone.actions) <= 400
    assert _figures(alone) == _figures(shared)


def test_mixed_policy_finishes_its_games():
    summary = selfplay.play_games(players=2, games=3, seed=0, policy="mixed")
    assert (summary.games, summary.unfinished, summary.crashes) == (3, 0, [])
    assert sum(summary.wins.values()) == 3


def test_an_engine_crash_is_reported_and_the_batch_goes_on(monkeypatch):
    real_play = selfplay.play
    calls = []

    def failing_play(state, action):
        calls.append(action)
        if len(calls) == 10:  # the tenth action of the first game
            raise RuntimeError("injected failure")
        return real_play(state, action)

    monkeypatch.setattr(selfplay, "play", failing_play)
    summary = selfplay.play_games(players=2, games=2, seed=3)
    assert summary.crashes == [selfplay.Crash(seed=3, players=2, action=10,
                                              doing=calls[9].to_text(),
                                              error="RuntimeError: injected failure")]
    assert summary.actions[0] == 9  # nine actions played before the failing one
    assert summary.games == 2 and sum(summary.wins.values()) == 1  # the second game ended
    lines = summary.lines()
    assert lines[0].startswith("2 games, 1 finished, 0 unfinished") and "1 crashed" in lines[0]
    assert "crashes: 1" in lines
    assert f"  seed 3, 2 players, action 10 ({calls[9].to_text()}): RuntimeError: injected " \
           "failure" in lines


def test_unresolved_reports_are_counted_with_their_first_seed(monkeypatch):
    real_play = selfplay.play
    calls = []

    def reporting_play(state, action):
        state, events = real_play(state, action)
        calls.append(action)
        if len(calls) % 50 == 0:
            events += (Event("unresolved", "Not resolved: Goblins/Thug — a rule to write"),)
        return state, events

    monkeypatch.setattr(selfplay, "play", reporting_play)
    summary = selfplay.play_games(players=2, games=2, seed=7)
    assert summary.unresolved == {"Goblins/Thug — a rule to write": len(calls) // 50}
    assert summary.unresolved_seed == {"Goblins/Thug — a rule to write": 7}
    assert f"  {len(calls) // 50:6} × Goblins/Thug — a rule to write (first: seed 7)" \
        in summary.lines()


def test_unknown_policy_is_refused():
    with pytest.raises(ValueError, match="random, mixed"):
        selfplay.play_games(players=2, games=1, seed=0, policy="greedy")


def test_command_prints_the_summary(monkeypatch, capsys):
    monkeypatch.setattr(selfplay, "MAX_ACTIONS", 200)
    assert main(["selfplay", "--players", "4", "--games", "1", "--seed", "2",
                 "--policy", "random", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 games,") and "games per second" in out
    assert "(random policy)" in out and "crashes: 0" in out


def test_table_setups_seat_two_to_four_players():
    assert [s.name for s in table_setups(4)] == ["Ann", "Bob", "Cat", "Dan"]
    with pytest.raises(ValueError, match="2 to 4 players"):
        table_setups(5)


def test_the_seats_forces_rotate_with_the_seed_so_every_sample_force_plays():
    """Self-play seats sample force (TABLE_FORCES[i] + seed) mod 6 at seat i: over six
    seeds of two-player games all six sample forces play, each game with two different
    forces, and wins are counted per force."""
    from dragondice_desktop.forces.samples import sample_forces

    seen = set()
    for seed in range(6):
        setups = table_setups(2, rotation=seed)
        assert setups[0].force_name != setups[1].force_name
        seen |= {s.force_name for s in setups}
    assert seen == {f.name for f in sample_forces()}
    assert table_setups(3, rotation=6) == table_setups(3)


def test_points_rebuilds_the_forces_at_that_size(monkeypatch, capsys):
    """`selfplay --points 24`: the speed targets name 24-point forces; every seat's force is
    the sample force rebuilt at 24 points, named so in the summary."""
    monkeypatch.setattr(selfplay, "MAX_ACTIONS", 200)
    seats = table_setups(2, points=24)
    assert all(s.force_name.endswith("(24 points)") for s in seats)
    assert main(["selfplay", "--points", "24", "--games", "1", "--seed", "3"]) == 0
    assert "1 games" in capsys.readouterr().out
