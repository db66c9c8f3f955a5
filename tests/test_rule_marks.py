"""Coverage from the code (issue 12): ``dragondice rules-coverage`` lists every species
ability, spell, eighth face, minor-terrain face and SAI with the file that applies it and the
tests marked with it (``@pytest.mark.rule``, indexed in ``resources/rule_tests.json`` by
``tests/rule_index.py``); "handled" needs a marked test.

The expected rows are counted independently of the engine's registries: the species
abilities are digest §6's table, the eighth faces digest §8's table with seed 003's advanced
terrains, the spells and icons the catalog's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rule_index
from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import EIGHTH_FACE_ICONS, MINOR_TERRAIN_ICONS, Icon, Species
from dragondice_desktop.commands import rules as rules_cli
from dragondice_desktop.engine.coverage import (
    HANDLED, NOT_HANDLED, NOT_TESTED, PARTIAL, coverage_rows, coverage_text, icon_rows,
    rule_names, species_rows, spell_rows,
)
from dragondice_desktop.engine.core.rule_homes import register
from dragondice_desktop.rule_tests import load_rule_tests

ROOT = Path(__file__).resolve().parent.parent

# Digest §6's table: every species and its abilities (Dragonkin have none of their own; the
# Dracolem's were not retrieved).
DIGEST_6 = {
    "Amazons": ("Javelin Charge", "Kukri Charge", "Terrain Harmony"),
    "Coral Elves": ("Coastal Dodge", "Defensive Volley"),
    "Dwarves": ("Mountain Mastery", "Dwarven Might"),
    "Feral": ("Feralization", "Stampede"),
    "Firewalkers": ("Air Flight", "Flaming Shields"),
    "Frostwings": ("Winter's Fortitude", "Magic Negation"),
    "Goblins": ("Swamp Mastery", "Foul Stench"),
    "Lava Elves": ("Volcanic Adaptation", "Cursed Bullets"),
    "Scalders": ("Scorching Touch", "Intangibility"),
    "Swamp Stalkers": ("Born of the Swamp", "Mutate"),
    "Treefolk": ("Rapid Growth", "Replanting"),
    "Undead": ("Stepped Damage", "Bone Magic"),
    "Eldarim": ("Resist Fear", "Dragonkin Handlers"),
}
NO_ABILITIES = {"Dragonkin", "Dracolem"}
# Digest §8's eighth-face table and seed 003's advanced terrains.
EIGHTH_FACES = {"City", "Standing Stones", "Temple", "Tower", "Castle", "Dragon's Lair",
                "Grove", "Vortex"}


def test_species_rows_are_the_catalogs_species_times_digest_6s_abilities():
    """Digest §6: every species of the catalog with abilities, each ability one row."""
    assert {s.value for s in Species} == set(DIGEST_6) | NO_ABILITIES
    expected = sorted(f"{s}: {a}" for s, abilities in DIGEST_6.items() for a in abilities)
    rows = species_rows()
    assert [r.name for r in rows] == expected
    assert len(rows) == 27 and all(r.status == HANDLED and r.file for r in rows)


def test_eighth_face_rows_are_digest_8s_and_seed_003s_powers():
    """Digest §8 and seed 003: one row per eighth-face power, each applied by a registered
    function."""
    rows = [r for r in icon_rows() if r.kind == "eighth_face"]
    assert {r.name for r in rows} == EIGHTH_FACES == {i.value for i in EIGHTH_FACE_ICONS}
    assert all(r.status == HANDLED and r.file.endswith(".py") for r in rows)


def test_minor_terrain_and_spell_rows_are_the_catalogs():
    """Digest §1.6: the ten minor-terrain faces; digest §7: every spell of the catalog."""
    minors = [r for r in icon_rows() if r.kind == "minor_terrain"]
    assert {r.name for r in minors} == {i.value for i in MINOR_TERRAIN_ICONS}
    assert len(minors) == 10
    assert [r.name for r in spell_rows()] == sorted(s.name for s in load_catalog().spells.values())


def _source(row) -> str:
    return (ROOT / row.file).read_text(encoding="utf-8")


def test_each_rules_file_is_where_the_rule_is_written():
    """The file column is derived from the code: each named file exists and names the rule
    (the ability, the spell, the eighth face; an SAI's file holds its record)."""
    for row in coverage_rows():
        if not row.file:
            assert row.status == NOT_HANDLED or row.kind == "", row
            continue
        text = _source(row)
        if row.kind == "species":
            assert row.name.split(": ", 1)[1] in text, row
        elif row.kind in ("spell", "eighth_face"):
            assert row.name in text, row
        elif row.kind == "sai":  # the SAI's own file: its record
            assert f"Icon.{Icon(row.name).name}: SaiRecord(" in text, row


def test_the_shipped_index_matches_the_rule_marks_in_tests():
    """Fails when a rule mark was added, changed or removed without rewriting the index
    (python tests/rule_index.py)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "rule_index.py"), "--check"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]


def test_a_stale_index_is_found(tmp_path):
    """The check fails on an index that lacks one mark the tests hold."""
    shipped = json.loads((ROOT / "resources" / "rule_tests.json").read_text(encoding="utf-8"))
    key = "species:Eldarim: Resist Fear"
    shipped["rules"][key] = shipped["rules"][key][1:]
    stale = tmp_path / "rule_tests.json"
    stale.write_text(json.dumps(shipped), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "rule_index.py"), "--check",
                           "--index", str(stale)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 1 and "stale" in done.stderr


def test_every_mark_names_a_rule_of_the_report():
    """A mark with a misspelt name checks nothing: every key of the index is a row."""
    names = rule_names()
    for key in load_rule_tests():
        kind, name = key.split(":", 1)
        assert name in names.get(kind, set()), f"{key}: no such rule in rules-coverage"


def test_every_rule_the_engine_applies_has_a_marked_test():
    """Issue 12: "handled" means a test is marked with the rule; none is left untested."""
    rows = coverage_rows(load_rule_tests())
    untested = [r.key for r in rows if r.status == NOT_TESTED]
    assert untested == [], "mark a test with each (tests/rule_index.py says how)"
    assert all(r.tests for r in rows if r.kind and r.status in (HANDLED, PARTIAL))


def test_a_rule_with_no_marked_test_is_not_tested():
    """An index without a rule's tests lowers it from handled to "not tested"; a rule the
    engine does not apply stays "not handled"."""
    tests = dict(load_rule_tests())
    del tests["sai:Stomp"]
    rows = {r.key: r for r in coverage_rows(tests)}
    assert rows["sai:Stomp"].status == NOT_TESTED and rows["sai:Stomp"].tests == ()
    assert rows["sai:Slay"].status == HANDLED and rows["sai:Slay"].tests
    assert rows["sai:Fabricate"].status == NOT_HANDLED


def test_a_registered_rule_has_one_home():
    """One rule, one place: registering an ability a second time is refused, naming both
    files."""
    with pytest.raises(ValueError, match="registered twice.*abilities/feral.py"):
        register("species", "Feral: Stampede", "again", test_a_registered_rule_has_one_home)


def test_a_species_ability_is_registered_once_on_one_hook():
    """One rule, one place: the species registry refuses an ability a second time, and each
    of digest §6's abilities is one entry, in its species' file, on one hook."""
    from dragondice_desktop.engine.species.registry import Hook, ability, every

    with pytest.raises(ValueError, match="registered twice"):
        ability(Species.UNDEAD, "Stepped Damage", Hook.UNIT_KILLED, "again")(lambda: None)
    entries = every()
    assert sorted(e.row_name for e in entries) == sorted(
        f"{s}: {a}" for s, abilities in DIGEST_6.items() for a in abilities)
    for entry in entries:
        file = species_rows_by_name()[entry.row_name].file
        assert file == ("dragondice_desktop/engine/species/abilities/"
                        f"{entry.species.name.lower()}.py"), entry


def species_rows_by_name():
    return {r.name: r for r in species_rows()}


@pytest.mark.parametrize("args, words", [
    (("species", "Feral"), "names the species and the ability"),
    (("sai",), "needs a kind and a name"),
    (("sai", "Stomp", "Trample"), "names one rule"),
    (("spell", 3), "as text"),
    (("icon", "Stomp"), "kind is one of sai, spell"),
])
def test_a_malformed_mark_is_named(args, words):
    with pytest.raises(rule_index.MarkError, match=words):
        rule_index.rule_key("tests/x.py::test_y", args)
    assert rule_index.rule_key("t", ("species", "Feral", "Stampede")) == "species:Feral: Stampede"


def _run(*argv):
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    rules_cli.add_commands(sub)
    return rules_cli.run(parser.parse_args(list(argv)))


def test_the_command_shows_each_rules_file_and_tests_in_one_step(capsys):
    """A newcomer finds an SAI, a spell and a species ability with their file and tests."""
    assert _run("rules-coverage") == 0
    lines = capsys.readouterr().out.splitlines()
    for name, file, test in (
            ("Stomp", "dragondice_desktop/engine/sai/icons/stomp.py",
             "tests/engine/test_sai_effects.py::test_stomp_maneuver_or_killed_then_save_or_buried"),
            ("Stone Skin", "dragondice_desktop/engine/spells/",
             "tests/engine/test_spells.py::test_stone_skin_lasts_until_the_casters_next_turn"),
            ("Feral: Feralization",
             "dragondice_desktop/engine/species/abilities/feral.py",
             "tests/engine/test_species.py::test_feralization_recruits_a_small_feral")):
        at = next(i for i, line in enumerate(lines) if line.startswith(name + " "))
        block = []
        for line in lines[at + 1:]:
            if not line.startswith(" "):
                break
            block.append(line.strip())
        assert block[0].startswith("file: " + file), block
        assert "test: " + test in block, block


def test_the_brief_and_json_forms(capsys):
    assert _run("rules-coverage", "--brief") == 0
    brief = capsys.readouterr().out
    assert "file: " not in brief and "test: " not in brief
    assert brief == coverage_text(__import__("dragondice_desktop.player_text",
                                             fromlist=["player_text"]).player_text,
                                  load_rule_tests()) + "\n"
    assert _run("rules-coverage", "--full-json") == 0
    rows = json.loads(capsys.readouterr().out)
    stomp = next(r for r in rows if r["name"] == "Stomp")
    assert stomp["kind"] == "sai" and stomp["status"] == HANDLED
    assert stomp["file"] == "dragondice_desktop/engine/sai/icons/stomp.py" and stomp["tests"]
    assert {r["kind"] for r in rows} == {"", "sai", "spell", "species", "eighth_face",
                                         "minor_terrain"}
