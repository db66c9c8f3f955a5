"""The arena (issue 13): seats swapped and forces rotated, the same result for any number of
processes, and the closing line ``A wins W of N (P%, 95% CI L-H)``."""

from __future__ import annotations

import re

import pytest

from dragondice_desktop.ai.arena import a_seats, run_arena, wilson
from dragondice_desktop.commands.main import main

LINE = re.compile(r"^(Easy|Normal|Hard|Random) wins (\d+) of (\d+) \((\d+)%, 95% CI (\d+)-(\d+)\)$")


def test_wilson_interval_matches_the_textbook_figures():
    """8 wins of 10: the Wilson 95% interval is 0.490 to 0.943 (Wilson 1927; Newcombe 1998)."""
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.490, abs=0.001)
    assert high == pytest.approx(0.943, abs=0.001)


def test_the_levels_swap_seats_from_game_to_game():
    assert a_seats(0, 2) == (0,) and a_seats(1, 2) == (1,)
    assert a_seats(0, 4) == (0, 2) and a_seats(1, 4) == (1, 3)


def test_an_arena_is_the_same_in_one_or_two_processes():
    one = run_arena("easy", "random", 2, seed=3, jobs=1)
    two = run_arena("easy", "random", 2, seed=3, jobs=2)
    assert one.games == two.games
    assert one.line() == two.line()


def test_the_command_ends_with_the_result_line(capsys):
    assert main(["arena", "--a", "easy", "--b", "random", "--games", "2", "--seed", "5"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    match = LINE.match(last)
    assert match, last
    assert match.group(1) == "Easy" and match.group(3) == "2"


def test_a_bad_level_is_refused_by_name(capsys):
    with pytest.raises(SystemExit):
        main(["arena", "--a", "genius", "--b", "easy"])
    assert "invalid choice: 'genius'" in capsys.readouterr().err


def test_a_game_the_engine_fails_in_is_left_out_and_the_run_goes_on(monkeypatch):
    """An error raised while a move is played ends that game only: it is recorded with its
    error, left out of the count, and named in the summary."""
    from dragondice_desktop.ai import arena

    real = arena.decide

    def failing(state, level, seed):
        if seed // 10 == 8:  # a seat of game 1 of seed 7 (record seed 8)
            raise TypeError("a test fault")
        return real(state, level, seed)

    monkeypatch.setattr(arena, "decide", failing)
    result = run_arena("easy", "random", 3, seed=7)
    assert [g.game for g in result.failed] == [1]
    assert result.failed[0].error == "TypeError: a test fault"
    assert len(result.counted) == 2 and result.line().endswith(
        f"of 2 ({100 * result.wins / 2:.0f}%, 95% CI "
        f"{100 * wilson(result.wins, 2)[0]:.0f}-{100 * wilson(result.wins, 2)[1]:.0f})")
    assert any("game 1 left out" in line and "a test fault" in line for line in result.lines())


def test_a_run_can_start_at_a_later_game():
    """--first G plays games G to N-1 with the same seeds and seats as a whole run."""
    whole = run_arena("easy", "random", 3, seed=11)
    rest = run_arena("easy", "random", 3, seed=11, first=1)
    assert rest.games == whole.games[1:]
