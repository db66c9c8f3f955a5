"""Counting a physical roll from its JSON description (engine/rolls/count_a_roll.py), the coverage list
(engine/coverage.py) and the two commands (commands/rules.py)."""

from __future__ import annotations

import argparse
import json
from importlib import resources

import pytest

from dragondice_desktop.commands import rules as rules_cli
from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.coverage import (
    HANDLED, NOT_HANDLED, PARTIAL, coverage_text, rules_coverage, species_coverage,
    spell_coverage,
)
from dragondice_desktop.engine.rolls.count_a_roll import ResolveError, resolve, resolve_text
from dragondice_desktop.engine.sai.registry import SAI_HANDLERS


def test_the_help_pages_example():
    """The example of resources/help/resolve-format.md: Rend 4 + ID 4 doubled by the eighth
    face = 12 melee; the Footman rolls no ID against Slay: killed (seed 000 Slay)."""
    page = resources.files("dragondice_desktop.resources").joinpath(
        "help/resolve-format.md").read_text(encoding="utf-8")
    example = page.split("```json")[1].split("```")[0]
    report = resolve_text(example)
    assert report["totals"] == {"melee": 12}
    assert report["effects"][0]["targets"] == [
        {"id": 101, "die": "Dwarves/Footman", "faces": ["1 Melee"], "fate": "killed"}]
    assert report["explain"].startswith("Melee roll (ID x2 from the eighth face): 12 melee")


def test_report_lists_each_die_its_results_and_steps():
    report = resolve({"roll": "save", "against": "melee",
                      "army": [{"die": "Amazons/Harbinger", "face": "4 Counter"},
                               {"die": "Dragonkin/Dragonhero (Fire)", "face": 0}]})
    assert report["totals"] == {"save": 4 + 2 + 2}
    harbinger = report["dice"][0]
    assert harbinger["results"] == [{"type": "save", "amount": 4, "step": 8,
                                     "source": "Counter: 4 save results (seed 000 Counter)"}]
    assert report["effects"][0]["kind"] == "damage_to_attacker"
    assert report["dice"][1]["results"][-1]["step"] == 10  # automatic saves
    assert len(report["steps"]) == 11


def test_choices_default_and_given():
    """Seed 000 Regenerate in a save roll: saves by default (reported as the default), or the
    return from the DUA when chosen."""
    base = {"roll": "save", "army": [{"die": "Goblins/Troll", "face": "4 Regenerate"}]}
    default = resolve(base)
    assert default["totals"] == {"save": 4}
    assert default["choices"][0] == {"die": 1, "icon": "Regenerate", "value": "saves",
                                     "options": ["saves", "return"], "default": True}
    chosen = resolve({**base, "choices": [{"die": 1, "icon": "Regenerate", "value": "return"}]})
    assert chosen["totals"] == {"save": 0} and chosen["choices"][0]["default"] is False
    assert chosen["effects"][0]["kind"] == "return_from_dua"


def test_rerolls_replaced_and_excluded_dice():
    report = resolve({"roll": "melee", "army": [
        {"die": "Coral Elves/Gryphon", "faces": ["4 Rend", "4 Rend", "4 Melee"]},
        {"die": "Coral Elves/Knight", "faces": ["3 Melee"], "replaced": [["2 Save"]]},
        {"die": "Dwarves/Footman", "face": "2 Melee", "excluded": "killed by Choke"}]})
    assert report["totals"] == {"melee": 12 + 3}
    assert report["dice"][1]["replaced"] == [["2 Save"]]
    assert report["dice"][2]["excluded"] == "killed by Choke"


def test_lasting_effects_modifiers_and_added_results():
    """Wither -2 (step 6), Frost Breath halves (step 7), Charm adds normal results (step 5)."""
    report = resolve({"roll": "melee",
                      "army": [{"die": "Coral Elves/Knight", "face": "3 Melee"}],
                      "lasting": [{"effect": "Wither", "amount": 1}, {"effect": "Frost Breath"}],
                      "added": [{"type": "melee", "amount": 4, "source": "Charm"}]})
    assert report["totals"] == {"melee": (3 + 4 - 1) // 2}


def test_combination_individual_dua_and_dragon_attack_rolls():
    coil = resolve({"roll": "save", "also": ["melee"], "individual": True,
                    "army": [{"die": "Coral Elves/Herald", "face": "3 ID"}],
                    "choices": [{"die": -1, "icon": "ID", "value": "melee"}]})
    assert coil["totals"] == {"save": 0, "melee": 3}
    dua = resolve({"roll": "save", "in_dua": True,
                   "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}]})
    assert dua["totals"] == {"save": 0} and dua["effects"] == []
    dragon = resolve({"roll": "dragon-attack", "dragon_rolled_jaws": False,
                      "army": [{"die": "Amazons/Harbinger", "face": "4 Counter"},
                               {"die": "Items/Air Vorpal Sword", "face": "3 Decapitate"}]})
    assert dragon["totals"] == {"save": 4, "melee": 4 + 3, "missile": 0}


def test_target_fates():
    """Seed 000 Poison (second save in the DUA), Scare (ID killed), Kick (unit damage)."""
    report = resolve({
        "roll": "melee",
        "army": [{"die": "Goblins/Death Naga", "face": "4 Poison"},
                 {"die": "Undead/Death Knight", "face": "3 Scare"},
                 {"die": "Amazons/Centaur", "face": "4 Kick"}],
        "opposing_army": [{"die": "Dwarves/Footman"}, {"die": "Dwarves/Footman"},
                          {"die": "Undead/Death Knight"}],
        "effects": [
            {"die": 1, "icon": "Poison",
             "targets": [{"id": 101, "faces": ["1 Melee"], "second": ["2 Melee"]}]},
            {"die": 2, "icon": "Scare", "targets": [{"id": 102, "faces": ["1 ID"]}]},
            {"die": 3, "icon": "Kick", "targets": [{"id": 103, "faces": ["3 Save"]}]}]})
    fates = [e["targets"][0]["fate"] for e in report["effects"]]
    assert fates == ["killed, then buried", "killed", "takes 1 damage: survives"]


@pytest.mark.parametrize("data, message", [
    ({"army": []}, '"roll" is missing'),
    ({"roll": "sing", "army": [{"die": "Dwarves/Footman", "face": 0}]}, "not a result type"),
    ({"roll": "melee"}, '"army" must list'),
    ({"roll": "melee", "army": [{"die": "Nobody/Nothing", "face": 0}]}, "army[0]: no die"),
    ({"roll": "melee", "army": [{"die": "Dwarves/Footman", "face": "4 Rend"}]},
     "has no face '4 Rend'"),
    ({"roll": "melee", "army": [{"die": "Dwarves/Footman", "face": 9}]}, "has faces 0-5"),
    ({"roll": "melee", "army": [{"die": "Dwarves/Footman"}]}, "give the face"),
    ({"roll": "melee", "army": [{"die": "Coral Elves/Gryphon", "face": "4 Rend"}]},
     "give the re-rolled face"),
    ({"roll": "save", "individual": True, "army": [{"die": "Dwarves/Footman", "face": 0},
                                                   {"die": "Dwarves/Footman", "face": 0}]},
     "exactly one die"),
    ({"roll": "melee", "army": [{"die": "Dwarves/Footman", "face": 0}],
      "effects": [{"die": 1, "icon": "Slay", "targets": []}]}, "no slay effect"),
    ({"roll": "melee", "army": [{"die": "Dwarves/Footman", "face": 0}],
      "terrain": {"die": "Dwarves/Footman", "face": 8}}, "is not a terrain"),
])
def test_bad_descriptions_name_the_problem(data, message):
    with pytest.raises(ResolveError, match=message.replace("[", r"\[").replace("]", r"\]")):
        resolve(data)


def test_bad_json_is_refused():
    with pytest.raises(ResolveError, match="not valid JSON"):
        resolve_text("{roll")


# --- coverage ---------------------------------------------------------------------------------


def test_every_catalog_icon_is_listed_once_with_a_status():
    """Every icon printed on a die of the catalog has a row: handled, partial (with the part
    missing) or not handled (with why)."""
    rows = rules_coverage()
    icons = [icon for icon, _, _ in rows]
    assert len(icons) == len(set(icons))
    printed = {icon for d in load_catalog() for f in d.faces for icon, _ in f.icons}
    assert set(icons) == printed
    for icon, status, reason in rows:
        assert status in (HANDLED, PARTIAL, NOT_HANDLED) and reason
        if icon.is_sai and status != NOT_HANDLED:
            assert icon in SAI_HANDLERS


def test_coverage_reasons():
    rows = {icon: (status, reason) for icon, status, reason in rules_coverage()}
    assert rows[Icon.SLAY][0] == HANDLED
    # Digest §9: the Dracolem's icons' rules text was not retrieved (read from their code).
    status, reason = rows[Icon.FABRICATE]
    assert status == NOT_HANDLED and reason.startswith("rules text not available")
    assert "the Dracolem units" in reason
    assert rows[Icon.JAWS] == (HANDLED, "a dragon's face in the Dragon Attack phase "
                                        "(digest §1.7, §5.4)")
    assert rows[Icon.CITY][0] == HANDLED and rows[Icon.TOWER][0] == HANDLED
    assert rows[Icon.STANDING_STONES][0] == HANDLED
    assert rows[Icon.CANTRIP][0] == HANDLED  # individual rolls too (test_individual_cantrip)
    assert rows[Icon.VORTEX][0] == HANDLED
    assert coverage_text().splitlines()[-1].startswith(f"{len(rows)} icons:")


def test_the_logos_coverage_is_read_from_its_code_die_by_die():
    """Seed 000 / 001 give the logo a meaning on the medallions, the Elemental Relic, the
    Eldarim and the Dragonkin champions; digest §9: the Dracolem's texts (its promo
    champions) and the Earthfang relic's FAQ entry were not retrieved. The row says which
    dice are handled and which are not, as the logo's code reports them."""
    status, reason = {icon: (s, r) for icon, s, r in rules_coverage()}[Icon.LOGO]
    assert status == PARTIAL
    handled, missing = reason.split("; rules text not available", 1)
    for group in ("Elemental Relic", "the Dragonkin champions", "the Eldarim champions",
                  "the medallions"):
        assert group in handled
    for die in ("Bronze Promo Champion", "Gold Promo Champion", "Silver Promo Champion",
                "Earthfang"):
        assert die in missing and die not in handled


def test_spell_coverage_lists_every_catalog_spell():
    """Digest §7: the 47 v4.01 spells are handled (Tidal Wave's "normal results only" too:
    test_tidal_wave.py); the Dracolem's alloy spells have no rules text."""
    rows = {name: (status, reason) for name, status, reason in spell_coverage()}
    assert len(rows) == len(load_catalog().spells) == 55
    assert sum(1 for status, _ in rows.values() if status == NOT_HANDLED) == 8
    assert rows["Stone Skin"] == (HANDLED, "Army: +1 save.")
    assert rows["Tidal Wave"][0] == HANDLED
    assert "55 spells: 47 handled, 0 partial, 8 not handled" in coverage_text()


def test_species_coverage_lists_the_abilities_of_digest_6():
    rows = {name: status for name, status, _ in species_coverage()}
    assert len(rows) == 27
    assert rows["Dwarves: Mountain Mastery"] == HANDLED
    assert rows["Goblins: Swamp Mastery"] == HANDLED and rows["Goblins: Foul Stench"] == HANDLED


# --- the commands -------------------------------------------------------------------------------


def _parser():
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    rules_cli.add_commands(sub)
    sub.add_parser("other")
    return parser


def test_resolve_command(tmp_path, capsys):
    path = tmp_path / "roll.json"
    path.write_text(json.dumps({"roll": "melee", "army": [{"die": "Dwarves/Footman",
                                                           "face": "2 Melee"}]}))
    assert rules_cli.run(_parser().parse_args(["resolve", str(path)])) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == {"melee": 2}
    assert rules_cli.run(_parser().parse_args(["resolve", str(path), "--explain"])) == 0
    assert capsys.readouterr().out.startswith("Melee roll: 2 melee")


def test_resolve_command_errors(tmp_path, capsys):
    assert rules_cli.run(_parser().parse_args(["resolve", str(tmp_path / "none.json")])) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"roll": "melee"}')
    assert rules_cli.run(_parser().parse_args(["resolve", str(bad)])) == 2
    assert '"army" must list' in capsys.readouterr().err


def test_rules_coverage_command(capsys):
    assert rules_cli.run(_parser().parse_args(["rules-coverage"])) == 0
    assert "Slay" in capsys.readouterr().out
    assert rules_cli.run(_parser().parse_args(["rules-coverage", "--json"])) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"icon": "Vortex", "status": "handled",
            "reason": "re-roll one unit in non-maneuver rolls (seed 003)"} in rows
    assert rules_cli.run(_parser().parse_args(["other"])) is None
