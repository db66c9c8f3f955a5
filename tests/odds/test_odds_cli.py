"""``dragondice odds``: the JSON it prints, its options and its errors (through
``commands/odds.add_commands`` / ``run`` on a parser like the one commands/main.py builds)."""

import argparse
import json

import pytest

from dragondice_desktop.commands import odds as odds_cli


def run_odds(argv, capsys):
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    odds_cli.add_commands(sub)
    code = odds_cli.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_footman_melee_json(capsys):
    code, out, _ = run_odds(["odds", "--for", "melee", "Dwarves/Footman"], capsys)
    assert code == 0
    report = json.loads(out)
    assert report["roll"] == "melee" and report["dice"] == ["Dwarves/Footman"]
    dist = report["distribution"]
    assert dist["pmf"] == pytest.approx([2 / 6, 3 / 6, 1 / 6])
    assert dist["at_least"] == pytest.approx([1, 4 / 6, 1 / 6])
    assert dist["mean"] == pytest.approx(5 / 6) and dist["not_modelled"] == []
    assert report["dice_stats"][0]["p_useful"] == pytest.approx(4 / 6)
    assert "attack_preview" not in report


@pytest.mark.parametrize("flag", [["--eighth-face"], ["--terrain-face", "8"]])
def test_eighth_face(flag, capsys):
    code, out, _ = run_odds(["odds", "--for", "melee", "Dwarves/Footman", *flag], capsys)
    report = json.loads(out)
    assert code == 0 and report["id_multiplier"] == 2
    assert report["distribution"]["pmf"] == pytest.approx([1 / 3, 1 / 3, 1 / 3])


def test_terrain_face_below_eight_does_not_double(capsys):
    _, out, _ = run_odds(["odds", "Dwarves/Footman", "--terrain-face", "7"], capsys)
    assert json.loads(out)["id_multiplier"] == 1


def test_against_adds_the_attack_preview(capsys):
    code, out, _ = run_odds(["odds", "--for", "melee", "Dwarves/Footman",
                             "--against", "Dwarves/Footman"], capsys)
    report = json.loads(out)
    assert code == 0 and report["against"] == ["Dwarves/Footman"]
    preview = report["attack_preview"]
    assert preview["damage"]["pmf"] == pytest.approx([7 / 12, 4 / 12, 1 / 12])
    assert preview["killed"]["pmf"] == pytest.approx([7 / 12, 5 / 12])
    assert preview["defender_health"] == 1


def test_chains_and_notes_in_json(capsys):
    _, out, _ = run_odds(["odds", "--for", "melee", "Amazons/Chimera", "--subtract", "1",
                          "--halve"], capsys)
    dist = json.loads(out)["distribution"]
    assert sum(dist["pmf"]) == pytest.approx(1.0)
    assert {n["what"] for n in dist["not_modelled"]} >= {"Smite", "Flame", "roll-again chains"}


@pytest.mark.parametrize("argv,message", [
    (["odds", "Dwarves/Nobody"], "no die called"),
    (["odds", "--for", "meele", "Dwarves/Footman"], "known rolls"),
    (["odds", "--for", "save", "Dwarves/Footman", "--against", "Dwarves/Footman"],
     "melee or missile"),
    (["odds", "--terrain-face", "9", "Dwarves/Footman"], "1-8"),
    (["odds", "Dragons/Black Drake"], "only units and items"),
])
def test_errors_exit_2(argv, message, capsys):
    code, out, err = run_odds(argv, capsys)
    assert code == 2 and out == "" and message in err


def test_other_commands_are_not_ours():
    assert odds_cli.run(argparse.Namespace(command="roll")) is None
    assert odds_cli.run(argparse.Namespace()) is None
