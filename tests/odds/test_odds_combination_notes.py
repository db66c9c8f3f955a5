"""Issue 11 §4 (leftover): the odds count one result type per roll, so the combination rolls
an effect makes the other side roll (seed 000 Coil: the target's save and melee roll; seed 000
Charge: the defending army's combination save and melee roll) are named in the "not
modelled" list beside the numbers — in the library (the game dock and the force builder show
``Distribution.notes``) and in ``dragondice odds``. Chances are worked out from the catalog's
faces by hand."""

from __future__ import annotations

import argparse
import json

import pytest

from dragondice_desktop.commands import odds as odds_cli
from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.odds import army_distribution

CAT = load_catalog()
ORMYRR = "Swamp Stalkers/Ormyrr"   # d10: one Coil face of ten, no face rolls again
BEHEMOTH = "Dwarves/Behemoth"      # d10: one Charge face of ten, no face rolls again


def combination(dist):
    return [n for n in dist.notes if n.category == "combination"]


def test_coil_names_the_targets_combination_roll():
    """Seed 000 Coil (melee): the target makes a save and melee roll. One Ormyrr: 1 in 10."""
    (note,) = combination(army_distribution([CAT.die(ORMYRR)], "melee"))
    assert note.what == "Coil" and note.probability == pytest.approx(0.1)
    assert "targeted unit" in note.text and "save and melee" in note.text
    assert note.dice == (ORMYRR,)


def test_two_coiling_dice_add_their_chances():
    """Two Ormyrrs: at least one Coil in 1 - 0.9² = 0.19 of melee rolls."""
    (note,) = combination(army_distribution([CAT.die(ORMYRR)] * 2, "melee"))
    assert note.probability == pytest.approx(0.19)


def test_charge_names_the_defenders_combination_roll():
    """Seed 000 Charge (melee): the defending army makes a combination save and melee roll
    instead of saving. One Behemoth: 1 in 10."""
    (note,) = combination(army_distribution([CAT.die(BEHEMOTH)], "melee"))
    assert note.what == "Charge" and note.probability == pytest.approx(0.1)
    assert "defending army" in note.text and "save and melee" in note.text


def test_no_combination_note_where_the_sai_does_nothing():
    """Seed 000: Coil and Charge act in melee rolls only; in a maneuver roll nothing makes a
    combination roll, and a Footman never does."""
    assert combination(army_distribution([CAT.die(ORMYRR), CAT.die(BEHEMOTH)], "maneuver")) == []
    assert combination(army_distribution([CAT.die("Dwarves/Footman")], "melee")) == []


def test_the_odds_command_lists_the_combination_roll(capsys):
    """``dragondice odds`` prints the same entry in its not-modelled list."""
    parser = argparse.ArgumentParser(prog="dragondice")
    odds_cli.add_commands(parser.add_subparsers(dest="command"))
    assert odds_cli.run(parser.parse_args(["odds", "--for", "melee", BEHEMOTH])) == 0
    notes = json.loads(capsys.readouterr().out)["distribution"]["not_modelled"]
    (entry,) = [n for n in notes if n["category"] == "combination"]
    assert entry["what"] == "Charge" and entry["probability"] == pytest.approx(0.1)
