"""`dragondice catalog` prints counts and single dice (issue 2 §2)."""

from dragondice_desktop.commands.main import main


def test_catalog_counts(capsys):
    assert main(["catalog"]) == 0
    out = capsys.readouterr().out
    assert "796 dice, 55 spells" in out
    assert "monster" in out and "Coral Elves" in out


def test_catalog_one_die(capsys):
    assert main(["catalog", "Coral Elves/Leviathan"]) == 0
    out = capsys.readouterr().out
    assert "monster, d10" in out and "face  1: 4 ID" in out and "2 Tail" in out


def test_catalog_unknown_die(capsys):
    assert main(["catalog", "Nobody"]) == 2
    assert "no die called 'Nobody'" in capsys.readouterr().err
