"""``dragondice odds`` option checks: every numeric option out of range gets a message naming
the option (exit 2), never a traceback and never a wrong blame on the roll name."""

import argparse

import pytest

from dragondice_desktop.commands import odds as odds_cli
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


def _mean(out):
    import json

    return json.loads(out)["distribution"]["mean"]


FOOTMEN = ["Dwarves/Footman"] * 3


def test_terrain_brings_the_species_abilities_of_its_elements(capsys):
    """Issue 11 §4, digest §6 Mountain Mastery: at Highland City (earth) three Footmen's
    melee counts as maneuver: (1 ID + 1 + 1 + 2 melee) / 6 = 5/6 each, mean 2.5; without a
    terrain only the ID counts (0.5), and the output says the terrain was not given."""
    code, out, _ = run_odds(["odds", "--for", "maneuver", "--terrain", "Terrains/Highland City",
                             *FOOTMEN], capsys)
    assert code == 0 and abs(_mean(out) - 2.5) < 1e-9
    code, out, _ = run_odds(["odds", "--for", "maneuver", *FOOTMEN], capsys)
    assert code == 0 and abs(_mean(out) - 0.5) < 1e-9
    assert '"what": "terrain"' in out


def test_eighth_face_held_at_the_terrain_doubles_ids(capsys):
    """Digest §8: the holder's IDs count twice: (2 + 4) / 6 = 1 per Footman, mean 3."""
    code, out, _ = run_odds(["odds", "--for", "maneuver", "--terrain", "Terrains/Highland City",
                             "--eighth-face", *FOOTMEN], capsys)
    assert code == 0 and abs(_mean(out) - 3.0) < 1e-9


def test_dwarven_might_only_in_a_counter_attack(capsys):
    """Digest §6 Dwarven Might: at a fire terrain, in a counter-attack, Dwarves' saves count
    as melee: (1 ID + 4 melee + 2 saves) / 6 per Footman = 3.5 for three; a melee attack that
    is not a counter-attack keeps 5/6 each (2.5)."""
    base = ["odds", "--for", "melee", "--terrain", "Terrains/Highland City"]
    code, out, _ = run_odds(base + ["--counter-attack", *FOOTMEN], capsys)
    assert code == 0 and abs(_mean(out) - 3.5) < 1e-9
    code, out, _ = run_odds(base + FOOTMEN, capsys)
    assert code == 0 and abs(_mean(out) - 2.5) < 1e-9


def test_coastal_dodge_counts_in_the_defenders_saves_of_the_preview(capsys):
    """Digest §6 Coastal Dodge: the defending Coral Elves at Coastland Tower (water) count
    maneuver as saves, so the preview's saves are higher there than with no terrain."""
    import json

    base = ["odds", "--for", "missile", "Dwarves/Footman", "--against", "Coral Elves/Herald"]
    _, with_water, _ = run_odds(base[:3] + ["--terrain", "Terrains/Coastland Tower"] + base[3:],
                                capsys)
    _, bare, _ = run_odds(base, capsys)
    saves = [json.loads(o)["attack_preview"]["saves"]["mean"] for o in (with_water, bare)]
    # Herald: 3 ID, 3 melee, 3 maneuver, 3 maneuver, 3 melee, 4 Counter (4 saves against
    # missile? Counter saves only in melee); with the dodge the two maneuver faces add 6/6.
    assert saves[0] == pytest.approx(saves[1] + 1.0)


@pytest.mark.parametrize("terrain, words", [
    ("Terrains/Nowhere", "--terrain:"),
    ("Dwarves/Footman", "--terrain: Dwarves/Footman is not a terrain"),
])
def test_bad_terrain_is_named(capsys, terrain, words):
    code, out, err = run_odds(["odds", "--terrain", terrain, "Dwarves/Footman"], capsys)
    assert code == 2 and out == "" and words in err
