"""``dragondice odds`` option checks: every numeric option out of range gets a message naming
the option (exit 2), never a traceback and never a wrong blame on the roll name."""

import argparse

import pytest

from dragondice_desktop import odds_cli
from dragondice_desktop.odds import spec_from_name


def run_odds(argv, capsys):
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    odds_cli.add_commands(sub)
    code = odds_cli.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("option, value, words", [
    ("--subtract", str(10 ** 30), "--subtract must be from 0 to 1000, got 10000000000000000000…"),
    ("--subtract", "-1", "--subtract must be from 0 to 1000, got -1"),
    ("--subtract", "1001", "--subtract must be from 0 to 1000"),
    ("--eps", "-1", "--eps must be a small positive probability"),
    ("--eps", "nan", "--eps must be a small positive probability"),
    ("--eps", "inf", "--eps must be a small positive probability"),
    ("--eps", "2", "got 2.0"),
    ("--eps", "0", "--eps must be"),
    ("--terrain-face", str(10 ** 30), "--terrain-face must be 1-8, got 10000000000000000000…"),
])
def test_out_of_range_options_are_named(capsys, option, value, words):
    code, out, err = run_odds(["odds", "--for", "melee", option, value, "Dwarves/Footman"],
                              capsys)
    assert code == 2 and out == ""
    assert words in err
    assert "unknown roll" not in err and "Traceback" not in err
    assert len(err) < 200


def test_options_in_range_still_work(capsys):
    code, out, _ = run_odds(["odds", "--subtract", "1000", "--eps", "1e-9",
                             "Dwarves/Footman"], capsys)
    assert code == 0 and '"pmf"' in out


def test_spec_from_name_blames_the_name_only_for_the_name():
    with pytest.raises(ValueError, match="eps must be a small positive probability") as info:
        spec_from_name("melee", eps=-1)
    assert "unknown roll" not in str(info.value)
    with pytest.raises(ValueError, match="unknown roll 'sing'"):
        spec_from_name("sing")
    assert spec_from_name("save-vs-melee", eps=1e-9).eps == 1e-9
