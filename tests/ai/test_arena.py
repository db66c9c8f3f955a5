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
