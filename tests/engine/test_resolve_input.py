"""``resolve`` input checking: the structure of a roll description is checked up front, and
every bad input is a ResolveError naming the field path (quotes kept), never a traceback; the
command reads UTF-8 with or without a byte order mark and stops quietly on a closed pipe.
Also the two counting fixes: Bash reads the opposing unit's melee, and the choices report
shows the choice applied."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from dragondice_desktop.commands import rules as rules_cli
from dragondice_desktop.engine.rolls.count_a_roll import ResolveError, resolve, resolve_text

GRYPHON = {"die": "Coral Elves/Gryphon", "faces": ["4 Rend", "4 ID"]}
BASE = {"roll": "melee", "army": [GRYPHON, {"die": "Undead/Minor Death", "face": "4 Slay"}],
        "opposing_army": [{"die": "Dwarves/Footman"}],
        "effects": [{"die": 2, "icon": "Slay", "targets": [{"id": 101, "faces": ["1 Melee"]}]}]}


def _with(**changes) -> dict:
    data = json.loads(json.dumps(BASE))
    data.update(changes)
    return data


def _refused(data, words: str) -> str:
    with pytest.raises(ResolveError) as info:
        resolve(data)
    message = str(info.value)
    assert words in message, message
    assert len(message) < 400
    return message


def test_the_base_description_counts():
    report = resolve(BASE)
    assert report["totals"] == {"melee": 8}
    assert report["effects"][0]["targets"][0]["fate"] == "killed"


# --- H4 / H5 / H6: structure checked up front, with field paths --------------------------------

@pytest.mark.parametrize("change, words", [
    ({"terrain": "Terrains/Coastland Tower"},
     'terrain must be an object {"die": ..., "face": 1-8, "held": true/false}, not text'),
    ({"terrain": [1]}, "terrain must be an object"),
    ({"terrain": {"die": "Terrains/Coastland Tower", "face": True}},
     "terrain.face must be a whole number, not true/false"),
    ({"terrain": {"die": "Terrains/Coastland Tower", "face": 9}},
     "terrain.face must be from 1 to 8, not 9"),
    ({"lasting": ["Wither"]}, "lasting[0] must be an object"),
    ({"lasting": [{"effect": "Wither", "amount": -5}]},
     "lasting[0].amount must be from 0 to 1000, not -5"),
    ({"lasting": [{"effect": "Sunburn"}]},
     "lasting[0].effect is Frost Breath, Wither, Galeforce or Cloak, not 'Sunburn'"),
    ({"added": ["melee"]}, "added[0] must be an object"),
    ({"added": [{"type": "melee", "amount": -3}]}, "added[0].amount must be from 0 to 1000"),
    ({"effects": "Slay"}, "effects must be a list of effect objects, not text"),
    ({"effects": [{"die": 2, "icon": "Slay", "targets": "x"}]},
     "effects[0].targets must be a list of target objects, not text"),
    ({"effects": [{"die": 2, "icon": "Slay", "targets": [[101]]}]},
     "effects[0].targets[0] must be a target object"),
    ({"effects": [{"die": 2, "icon": "Slay", "targets": 5}]},
     "effects[0].targets must be a list of target objects, not a number"),
    ({"effects": [{"die": 2, "icon": "Slay", "targets": [{"id": 101, "faces": 5}]}]},
     "effects[0].targets[0].faces must be a list of faces"),
    ({"effects": [{"die": 2, "icon": "Slay", "targets": [{"id": 101, "faces": "1 Melee"}]}]},
     "effects[0].targets[0].faces must be a list of faces"),
    ({"effects": [{"die": [2], "icon": "Slay"}]},
     "effects[0].die must be a whole number, not a list"),
    ({"effects": [{"die": 2, "icon": "Slay", "targets": [{"id": 999, "faces": [0]}]}]},
     "effects[0].targets[0].id: target id 999 is not in \"opposing_army\""),
    ({"modifiers": [{"op": "divide", "amount": 0}]}, "modifiers[0].amount must be from 1 to 100"),
    ({"modifiers": [{"op": "divide", "amount": 0.5}]},
     "modifiers[0].amount must be a whole number, not a decimal number"),
    ({"modifiers": [{"op": "divide", "amount": -2}]}, "modifiers[0].amount must be from 1 to 100"),
    ({"modifiers": [{"op": "add", "amount": -100}]}, "modifiers[0].amount must be from 0 to 1000"),
    ({"modifiers": [{"op": "multiply", "amount": 10 ** 100}]},
     "modifiers[0].amount must be from 1 to 100"),
    ({"modifiers": [{"op": "xor"}]}, "modifiers[0].op is subtract, divide, add or multiply"),
    ({"also": "melee"}, "also must be a list of result types, not text"),
    ({"also": 5}, "also must be a list of result types, not a number"),
    ({"individual": "yes"}, "individual must be true or false, not text"),
    ({"roll": ["melee"]}, "roll must be text, not a list"),
    ({"choices": "x"}, "choices must be a list of choices, not text"),
    ({"choices": [{"die": "one", "icon": "ID", "value": "save"}]},
     "choices[0].die must be a whole number, not text"),
    ({"choices": [{"die": 1, "icon": "Nope", "value": "x"}]},
     "choices[0].icon must name an icon"),
    ({"sideways": True}, "the description: unknown field 'sideways'"),
    ({"army": "Coral Elves/Gryphon"}, "army must be a list of dice, not text"),
])
def test_bad_structure_is_named_by_its_path(change, words):
    _refused(_with(**change), words)


@pytest.mark.parametrize("entry, words", [
    ({"die": "Coral Elves/Gryphon", "faces": "4 ID"},
     "army[0].faces must be a list of faces (a face index or text such as \"4 Melee\"), not text"),
    ({"die": "Coral Elves/Gryphon", "face": True}, "army[0].face must be a face index or its text"),
    ({"die": "Coral Elves/Gryphon", "face": "4 ID", "excluded": {"why": 1}},
     "army[0].excluded must be text, not an object"),
    ({"die": "Coral Elves/Gryphon", "face": "4 ID", "id": True},
     "army[0].id must be a whole number, not true/false"),
    ({"die": "Coral Elves/Gryphon", "face": "4 ID", "replaced": "3 Save"},
     "army[0].replaced must be a list of lists of faces, not text"),
    ({"die": "Coral Elves/Gryphon", "face": "4 ID", "colour": "red"},
     "army[0]: unknown field 'colour'"),
    ({"die": "Coral Elves/Gryphon", "face": 99}, "army[0]: Gryphon has faces 0-9, not 99"),
    ({"die": "Coral Elves/Gryphon", "face": 10 ** 80}, "…"),
    ({"die": "Coral Elves/Gryphon", "face": "4 Sing"}, "has no face '4 Sing'"),
])
def test_bad_army_entries_are_named(entry, words):
    _refused(_with(army=[entry]), words)


def test_messages_keep_their_quotes():
    """The old message lost its quotes ("no die called 'X" with the last one stripped)."""
    message = _refused(_with(army=[{"die": "Nobody/X", "face": 0}]), "army[0]: no die called")
    assert message.count("'") % 2 == 0
    message = _refused(_with(lasting=[{"effect": "Wither", "amount": "x"}]),
                       "lasting[0].amount must be a whole number, not text")
    assert not message.endswith("'") or message.count("'") % 2 == 0


def test_text_that_is_not_a_description_is_a_resolve_error():
    for text in ("[" * 100_000, "{" * 100_000, "", "null", "[1]", "x" * 300_000):
        with pytest.raises(ResolveError):
            resolve_text(text)
    with pytest.raises(ResolveError, match="nested far too deeply"):
        resolve_text("[" * 100_000)


def test_a_byte_order_mark_is_accepted():
    assert resolve_text("\ufeff" + json.dumps(BASE))["totals"] == {"melee": 8}


def test_ids_must_differ_between_the_armies():
    _refused(_with(opposing_army=[{"die": "Dwarves/Footman", "id": 1}]),
             "the id 1 is used in both \"army\" and \"opposing_army\"")


def test_a_choice_that_matches_nothing_is_refused():
    _refused(_with(choices=[{"die": 1, "icon": "ID", "value": "save"}]),
             "choices[0]: die 1 has no ID choice in this roll")
    troll = {"roll": "save", "army": [{"die": "Goblins/Troll", "face": "4 Regenerate"}]}
    _refused({**troll, "choices": [{"die": 1, "icon": "Regenerate", "value": "fly"}]},
             "choices[0].value: 'fly' is not an option of Regenerate (options: saves, return)")


# --- H7: the two counting fixes ---------------------------------------------------------------

@pytest.mark.rule("sai", "Bash")
def test_bash_reads_the_opposing_units_melee():
    """Seed 001 Bash in a save roll against melee: saves equal to the targeted attacking
    unit's melee results (the "melee" of its opposing_army entry)."""
    data = {"roll": "save", "against": "melee",
            "army": [{"die": "Dwarves/Behemoth", "face": "4 Bash"}],
            "opposing_army": [{"die": "Dwarves/Footman", "melee": 3}]}
    report = resolve(data)
    assert report["totals"] == {"save": 3}
    assert report["effects"][0]["kind"] == "bash" and report["effects"][0]["amount"] == 3
    two = resolve({**data, "opposing_army": [{"die": "Dwarves/Footman", "melee": 1},
                                             {"die": "Dwarves/Footman", "melee": 2}],
                   "choices": [{"die": 1, "icon": "Bash", "value": "101"}]})
    assert two["totals"] == {"save": 1}
    assert two["choices"][0]["value"] == "101" and two["choices"][0]["default"] is False


def test_the_choices_report_shows_the_choice_applied():
    data = {"roll": "save", "also": ["melee"],
            "army": [{"die": "Coral Elves/Gryphon", "face": "4 ID"}],
            "choices": [{"die": 1, "icon": "ID", "value": "melee"}]}
    report = resolve(data)
    assert report["totals"] == {"save": 0, "melee": 4}
    # Digest §4.5: each die's 4 ID results may go all to one type or be split (as in play).
    options = ["save", "melee", "save:3,melee:1", "save:2,melee:2", "save:1,melee:3"]
    assert report["choices"] == [{"die": 1, "icon": "ID", "value": "melee",
                                  "options": options, "default": False}]
    # A second ID die left to the default is reported as such, with its own choice.
    data["army"].append({"die": "Coral Elves/Gryphon", "face": "4 ID"})
    report = resolve(data)
    assert report["totals"] == {"save": 4, "melee": 4}
    assert report["choices"] == [
        {"die": 1, "icon": "ID", "value": "melee", "options": options, "default": False},
        {"die": 2, "icon": "ID", "value": "save", "options": options, "default": True}]


# --- the command ------------------------------------------------------------------------------

def _run(argv, capsys):
    parser = argparse.ArgumentParser(prog="dragondice")
    sub = parser.add_subparsers(dest="command")
    rules_cli.add_commands(sub)
    code = rules_cli.run(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_reads_utf8_with_a_bom_and_refuses_other_encodings(tmp_path, capsys):
    path = tmp_path / "roll.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(BASE).encode())
    code, out, _ = _run(["resolve", str(path)], capsys)
    assert code == 0 and json.loads(out)["totals"] == {"melee": 8}
    path.write_bytes(json.dumps(BASE).encode("utf-16"))
    code, out, err = _run(["resolve", str(path)], capsys)
    assert code == 2 and out == "" and "is not UTF-8 text" in err


@pytest.mark.parametrize("data, words", [
    (_with(terrain=[1]), "terrain must be an object"),
    (_with(modifiers=[{"op": "divide", "amount": 0}]), "modifiers[0].amount"),
])
def test_the_command_prints_one_line_and_no_traceback(tmp_path, capsys, data, words):
    path = tmp_path / "roll.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = _run(["resolve", str(path)], capsys)
    assert code == 2 and out == "" and words in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_the_command_stops_quietly_on_a_closed_pipe(tmp_path):
    path = tmp_path / "roll.json"
    path.write_text(json.dumps(BASE), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "dragondice_desktop", "resolve", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # like `| head` going away before the output is written
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0
    assert b"Traceback" not in err and b"BrokenPipe" not in err
