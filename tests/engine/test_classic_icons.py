"""The 1996 meaning of the basic and common icons of the 1996 action-icon list (seed 002:
ID, Magic, Maneuver, Melee, Missile, Save; Bullseye, Cantrip, Counter, Fly, Rend, Smite,
Trample), counted under the classic ruleset in each roll of the 1996 game (the 1996 digest's
melee section: skirmish attack, counter-attack, charge attack, the defender's charge roll).

Every expected number is read from seed 002's text for the icon named in the test's
docstring, never from the code under test.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.classic import contexts as c
from dragondice_desktop.engine.classic.records import BY_ICON, RECORDS
from dragondice_desktop.engine.rolls.model import (
    DieRoll, RollChoice, RollContext, RollInput, RollType,
)
from dragondice_desktop.engine.rolls.pipeline import count_faces, count_roll

CAT = load_catalog()
MEL, MIS, SAV, MAN, MAG = (RollType.MELEE, RollType.MISSILE, RollType.SAVE,
                           RollType.MANEUVER, RollType.MAGIC)


def roll(ctx: RollContext, *dice: tuple[str, list[int]], choices=()):
    """Count the given (die key, faces shown) under `ctx`; die ids 1, 2, 3 ..."""
    rolls = tuple(DieRoll(i, CAT.die(key), tuple(faces))
                  for i, (key, faces) in enumerate(dice, start=1))
    return count_roll(RollInput(ctx, rolls, choices=tuple(choices)))


def kinds(result) -> list[tuple[str, int]]:
    return [(e.kind, e.amount) for e in result.effects]


# ---- the records ---------------------------------------------------------------------------

SEED_002_NAMES = (
    "ID Magic Maneuver Melee Missile Save | Bullseye Cantrip Counter Fly Rend Smite Trample | "
    "Attune Bash Charm Coil Confuse Convert Create Crush Decapitate Dispel_Magic Double_Strike "
    "Elevate Entangle Ferry Firebreath Firecloud Firewalking Flame Flurry Galeforce Gore Hug "
    "Illusion Impale Kick Plague Poison Regenerate Rise_from_the_Ashes Roar Scare Screech Seize "
    "Slay Smother Sortie Stone Stun Summon_Dragon Surprise Swoop Tail Trumpet Vanish Wave Web "
    "Wayfare Wither")


def test_one_record_per_icon_of_seed_002_in_its_order_and_groups():
    """Seed 002 lists 6 basic, 7 common and 48 special action icons, in this order."""
    groups = [g.split() for g in SEED_002_NAMES.split("|")]
    names = [n.replace("_", " ") for g in groups for n in g]
    assert [r.name for r in RECORDS] == names
    assert [len(g) for g in groups] == [6, 7, 48]
    assert [r.group for r in RECORDS] == ["basic"] * 6 + ["common"] * 7 + ["special"] * 48
    assert all(r.summary and r.rolls for r in RECORDS)


def test_records_are_keyed_by_the_same_icon_as_the_v401_records():
    """Seed 002's Create is the catalog's Create Fireminions; Swoop is on no die of the
    catalog, so its record has no icon; every other name is the icon's."""
    assert BY_ICON[Icon.CREATE_FIREMINIONS].name == "Create"
    assert [r.name for r in RECORDS if r.icon is None] == ["Swoop"]
    assert all(r.icon.value == r.name for r in RECORDS
               if r.icon not in (None, Icon.CREATE_FIREMINIONS))


# ---- basic icons ---------------------------------------------------------------------------

@pytest.mark.rule("classic_icon", "ID")
def test_id_gives_health_worth_of_whatever_is_rolled():
    """Seed 002 ID: X points of whatever is being rolled, X the unit's health (Footman 1,
    Spearer 3, a monster 4), in a skirmish, a maneuver and a magic roll alike."""
    assert roll(c.skirmish_attack(), ("Dwarves/Footman", [0])).total(MEL) == 1
    assert roll(c.maneuver(), ("Amazons/Spearer", [0])).total(MAN) == 3
    assert roll(c.magic(), ("Amazons/Chimera", [0])).total(MAG) == 4


@pytest.mark.rule("classic_icon", "Magic")
def test_magic_counts_only_in_a_magic_roll():
    """Seed 002 Magic: one point of magic per icon in a magic roll (Enchanter: 4 Magic);
    nothing in a melee roll."""
    assert roll(c.magic(), ("Coral Elves/Enchanter", [2])).total(MAG) == 4
    assert roll(c.skirmish_attack(), ("Coral Elves/Enchanter", [2])).total(MEL) == 0


@pytest.mark.rule("classic_icon", "Maneuver")
def test_maneuver_counts_in_a_maneuver_roll_and_hits_in_a_charge():
    """Seed 002 Maneuver: one point per icon in a maneuver roll (Harbinger: 3); in a
    skirmish nothing; in a charge the charger's maneuvers count as hits (seed 002 Trample:
    "thus inflicting double damage")."""
    assert roll(c.maneuver(), ("Amazons/Harbinger", [1])).total(MAN) == 3
    assert roll(c.skirmish_attack(), ("Amazons/Harbinger", [1])).total(MEL) == 0
    assert roll(c.charge_attack(), ("Amazons/Harbinger", [1])).total(MEL) == 3


@pytest.mark.rule("classic_icon", "Melee")
def test_melee_is_one_hit_per_icon_in_melee_only():
    """Seed 002 Melee: one hit per icon in a melee roll (Harbinger: 3 Melee); nothing in a
    save roll in melee."""
    assert roll(c.skirmish_attack(), ("Amazons/Harbinger", [2])).total(MEL) == 3
    assert roll(c.skirmish_counter_attack(), ("Amazons/Harbinger", [2])).total(MEL) == 3
    assert roll(c.skirmish_save(), ("Amazons/Harbinger", [2])).total(SAV) == 0


@pytest.mark.rule("classic_icon", "Missile")
def test_missile_is_one_hit_per_icon_in_a_missile_roll():
    """Seed 002 Missile: one hit per icon in a missile roll (Spearer: 4); none in melee."""
    assert roll(c.missile_attack(), ("Amazons/Spearer", [2])).total(MIS) == 4
    assert roll(c.skirmish_attack(), ("Amazons/Spearer", [2])).total(MEL) == 0


@pytest.mark.rule("classic_icon", "Save")
def test_save_is_one_save_per_icon_in_a_save_roll():
    """Seed 002 Save: one save per icon in a save roll (Spearer: 3 Save), in melee or not."""
    assert roll(c.skirmish_save(), ("Amazons/Spearer", [4])).total(SAV) == 3
    assert roll(c.missile_save(), ("Amazons/Spearer", [4])).total(SAV) == 3
    assert roll(c.skirmish_attack(), ("Amazons/Spearer", [4])).total(MEL) == 0


# ---- common icons --------------------------------------------------------------------------

@pytest.mark.rule("classic_icon", "Bullseye")
def test_bullseye_aims_one_damage_per_icon_at_one_unit_and_does_not_reroll():
    """Seed 002 Bullseye: in a missile action each bullseye icon inflicts 1 point of damage
    on one unit of the acting player's choice (Spearer: 4 icons = 4 damage); it is not normal
    missile (the army total stays 0) and, unlike v4.01, the die is not rolled again."""
    r = roll(c.missile_attack(), ("Amazons/Spearer", [5]))
    assert r.total(MIS) == 0
    assert kinds(r) == [("classic_bullseye", 4)]
    assert not r.dice[0].face_outcomes[0].rerolls


@pytest.mark.rule("classic_icon", "Bullseye")
def test_bullseye_is_normal_missile_against_a_dragon_and_nothing_in_melee():
    """Seed 002 Bullseye: "during a dragon attack, the bullseye counts as normal missile
    damage" (4); in a melee roll it does nothing."""
    r = roll(c.dragon_answer(), ("Amazons/Spearer", [5]))
    assert r.total(MIS) == 4 and r.effects == ()
    m = roll(c.skirmish_attack(), ("Amazons/Spearer", [5]))
    assert m.total(MEL) == 0 and m.effects == ()


@pytest.mark.rule("classic_icon", "Cantrip")
def test_cantrip_is_magic_in_magic_nothing_in_maneuver_and_spells_elsewhere():
    """Seed 002 Cantrip: normal magic in a magic action (Enchanter: 4); negated when rolling
    maneuvers; in any other roll (saves, a dragon attack) it buys immediate spells: 4
    spell-only magic, nothing counted."""
    assert roll(c.magic(), ("Coral Elves/Enchanter", [5])).total(MAG) == 4
    man = roll(c.maneuver(), ("Coral Elves/Enchanter", [5]))
    assert man.total(MAN) == 0 and man.cantrip_magic == 0
    for ctx in (c.skirmish_save(), c.dragon_answer(), c.skirmish_attack()):
        r = roll(ctx, ("Coral Elves/Enchanter", [5]))
        assert r.cantrip_magic == 4 and all(n == 0 for _, n in r.totals)


@pytest.mark.rule("classic_icon", "Counter")
def test_counter_is_a_hit_in_every_melee_attack():
    """Seed 002 Counter: a normal melee icon in a skirmish attack, a skirmish counter-attack
    and a charge attack (Harbinger: 4 icons = 4 hits), with no effect."""
    for ctx in (c.skirmish_attack(), c.skirmish_counter_attack(), c.charge_attack()):
        r = roll(ctx, ("Amazons/Harbinger", [5]))
        assert r.total(MEL) == 4 and r.effects == ()


@pytest.mark.rule("classic_icon", "Counter")
def test_counter_saving_in_melee_is_a_save_and_an_unsaveable_hit_back():
    """Seed 002 Counter: in a roll for saves in melee — including a defender's roll during a
    charge — it counts as a save and as an immediate hit on the attacking army, which may not
    roll saves against it: 4 saves and 4 damage back."""
    for ctx in (c.skirmish_save(), c.charge_defence()):
        r = roll(ctx, ("Amazons/Harbinger", [5]))
        assert r.total(SAV) == 4 and r.total(MEL) == 0
        assert kinds(r) == [("damage_to_attacker", 4)]


@pytest.mark.rule("classic_icon", "Counter")
def test_counter_in_other_saves_is_only_a_save_and_both_against_a_dragon():
    """Seed 002 Counter: in any other roll for saves it counts as a normal save (4, no hit
    back: a missile save); against a dragon both a save and a normal hit (4 + 4)."""
    r = roll(c.missile_save(), ("Amazons/Harbinger", [5]))
    assert r.total(SAV) == 4 and r.effects == ()
    d = roll(c.dragon_answer(), ("Amazons/Harbinger", [5]))
    assert (d.total(SAV), d.total(MEL)) == (4, 4)


@pytest.mark.rule("classic_icon", "Fly")
def test_fly_gives_maneuvers_or_saves_as_needed_never_both():
    """Seed 002 Fly: maneuvers or saves, not both (Gryphon: 4 Fly): 4 maneuver when
    maneuvering, 4 saves when saving, nothing as a skirmish hit."""
    assert roll(c.maneuver(), ("Coral Elves/Gryphon", [3])).total(MAN) == 4
    s = roll(c.skirmish_save(), ("Coral Elves/Gryphon", [3]))
    assert (s.total(SAV), s.total(MAN)) == (4, 0)
    assert roll(c.skirmish_attack(), ("Coral Elves/Gryphon", [3])).total(MEL) == 0
    d = roll(c.charge_defence(), ("Coral Elves/Gryphon", [3]))
    assert (d.total(SAV), d.total(MEL)) == (4, 0)


@pytest.mark.rule("classic_icon", "Fly")
def test_an_army_under_galeforce_ignores_its_fly():
    """Seed 002 Galeforce: the target army ignores all its flying results — Fly gives neither
    maneuver nor saves."""
    assert roll(c.without_fly(c.maneuver()), ("Coral Elves/Gryphon", [3])).total(MAN) == 0
    assert roll(c.without_fly(c.skirmish_save()), ("Coral Elves/Gryphon", [3])).total(SAV) == 0


@pytest.mark.rule("classic_icon", "Rend")
def test_rend_hits_and_rolls_again_while_rend_comes_up():
    """Seed 002 Rend: in a melee attack normal hits, and the unit is rolled again, again
    while Rend comes up (Gryphon: Rend, Rend, ID = 4 + 4 + 4 = 12)."""
    r = roll(c.skirmish_attack(), ("Coral Elves/Gryphon", [2, 2, 0]))
    assert r.total(MEL) == 12
    with pytest.raises(ValueError, match="rolls the die again"):
        roll(c.skirmish_attack(), ("Coral Elves/Gryphon", [2]))


@pytest.mark.rule("classic_icon", "Rend")
def test_rend_is_maneuver_without_reroll_and_melee_with_reroll_against_a_dragon():
    """Seed 002 Rend: in the maneuver step rends count as maneuvers and are not rolled again
    (4); during a dragon attack normal melee hits, rolled again (Rend, Melee: 8)."""
    assert roll(c.maneuver(), ("Coral Elves/Gryphon", [2])).total(MAN) == 4
    with pytest.raises(ValueError, match="does not roll the die again"):
        roll(c.maneuver(), ("Coral Elves/Gryphon", [2, 1]))
    assert roll(c.dragon_answer(), ("Coral Elves/Gryphon", [2, 1])).total(MEL) == 8


@pytest.mark.rule("classic_icon", "Smite")
def test_smite_in_a_skirmish_is_unsaveable_damage_not_army_hits():
    """Seed 002 Smite: in a skirmish melee attack no saves can stop these hits; the owner
    picks the units killed, removed before the army saves: 4 unsaveable damage handed to the
    game (War Chief: 4 Smite), not added to the hits the army saves against."""
    for ctx in (c.skirmish_attack(), c.skirmish_counter_attack()):
        r = roll(ctx, ("Amazons/War Chief", [5]))
        assert r.total(MEL) == 0 and kinds(r) == [("damage_no_save", 4)]


@pytest.mark.rule("classic_icon", "Smite")
def test_smite_in_a_charge_or_against_a_dragon_is_ordinary_melee():
    """Seed 002 Smite: during a dragon attack or a charge smites count as normal melee damage
    and can be stopped by saves: 4 hits, no effect."""
    for ctx in (c.charge_attack(), c.dragon_answer()):
        r = roll(ctx, ("Amazons/War Chief", [5]))
        assert r.total(MEL) == 4 and r.effects == ()


@pytest.mark.rule("classic_icon", "Trample")
def test_trample_is_maneuver_or_melee_and_both_in_a_charge():
    """Seed 002 Trample: usually a maneuver or a melee hit as needed (Centaur: 4); during a
    charge both a maneuver and a melee hit, thus double damage (8); nothing in a save roll."""
    assert roll(c.maneuver(), ("Amazons/Centaur", [9])).total(MAN) == 4
    assert roll(c.skirmish_attack(), ("Amazons/Centaur", [9])).total(MEL) == 4
    assert roll(c.charge_attack(), ("Amazons/Centaur", [9])).total(MEL) == 8
    assert roll(c.skirmish_save(), ("Amazons/Centaur", [9])).total(SAV) == 0


@pytest.mark.rule("classic_icon", "Trample")
def test_trample_against_a_dragon_is_melee_or_maneuver_as_the_owner_sees_fit():
    """Seed 002 Trample: during a dragon attack it counts as either a melee or a maneuver
    result, as the owning player sees fit: 4 melee by default, nothing as a maneuver."""
    r = roll(c.dragon_answer(), ("Amazons/Centaur", [9]))
    assert r.total(MEL) == 4
    assert [p.options for p, _ in r.choices] == [("melee", "maneuver")]
    m = roll(c.dragon_answer(), ("Amazons/Centaur", [9]),
             choices=[RollChoice(1, Icon.TRAMPLE, "maneuver")])
    assert m.total(MEL) == 0


def test_a_classic_roll_with_a_post_1996_icon_reports_it_unresolved():
    """Seed 002 has no Charge or Stomp (Behemoth): under the 1996 rules the app cannot count
    them, and says so instead of dropping them."""
    r = roll(c.skirmish_attack(), ("Dwarves/Behemoth", [1]))
    assert r.total(MEL) == 0 and [u.icon for u in r.unresolved] == [Icon.STOMP]


def test_the_same_faces_count_differently_under_v401():
    """The switch is the ruleset: v4.01 Trample is maneuver *and* melee in any roll and
    Bullseye re-rolls (seed 000); the classic skirmish counts Trample once."""
    v4 = count_faces([(1, CAT.die("Amazons/Centaur"), [9])], RollContext(MEL))
    assert v4.total(MEL) == 4
    classic = count_faces([(1, CAT.die("Amazons/Centaur"), [9])], c.skirmish_attack())
    assert classic.context.ruleset == "classic" and "1996 rules" in classic.explain()
    with pytest.raises(ValueError, match="melee_form"):
        RollContext(MEL, melee_form="charge")
    with pytest.raises(ValueError, match="melee_form"):
        RollContext(MEL, ruleset="classic", melee_form="rush")
    with pytest.raises(ValueError, match="ruleset"):
        RollContext(MEL, ruleset="1995")


def test_rules_coverage_for_the_classic_ruleset_lists_every_icon_of_seed_002(capsys):
    """`dragondice rules-coverage --ruleset classic`: one row per icon of seed 002 (61), each
    with its status, file and tests; "handled" only with a marked test; Swoop, on no die,
    is handled by its own procedure in play (the effect runners), which has its tests."""
    import json

    from dragondice_desktop.commands.main import main
    from dragondice_desktop.engine.coverage import classic_rows

    names = [n.replace("_", " ") for n in SEED_002_NAMES.replace("|", " ").split()]
    rows = classic_rows({})
    assert [r.name for r in rows] == names
    assert all(r.status != "handled" for r in rows)  # no marked test: none is handled
    assert main(["rules-coverage", "--ruleset", "classic", "--full-json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in listed] == names
    assert {r["kind"] for r in listed} == {"classic_icon"}
    by_name = {r["name"]: r for r in listed}
    assert by_name["Swoop"]["status"] == "handled"
    assert by_name["Swoop"]["file"] == "dragondice_desktop/engine/classic/effect_runners.py"
    assert all(r["tests"] and r["file"] for r in listed if r["status"] == "handled")
    assert by_name["Trample"]["file"] == "dragondice_desktop/engine/classic/counting.py"


@pytest.mark.rule("classic_icon", "Trample")
def test_trample_doubles_in_a_charge_built_with_the_form_alone():
    """Seed 002 Trample: in a charge a maneuver and a melee hit (8) also when the roll only
    names its form (the game's own context, without the maneuver-as-melee conversion)."""
    ctx = RollContext(MEL, ruleset="classic", melee_form="charge")
    assert roll(ctx, ("Amazons/Centaur", [9])).total(MEL) == 8


# ---- Count a roll takes the ruleset --------------------------------------------------------

def _resolve(**data):
    from dragondice_desktop.engine.rolls.count_a_roll import resolve
    return resolve(data)


@pytest.mark.rule("classic_icon", "Trample")
def test_resolve_counts_a_classic_charge():
    """`dragondice resolve` with "ruleset": "classic", "melee_form": "charge": seed 002
    Trample is a maneuver and a hit in a charge (4 + 4) and the Harbinger's 3 Maneuver hit
    too: 11 melee; the same faces in v4.01 give 4 (Trample's melee; maneuver not counted)."""
    army = [{"die": "Amazons/Centaur", "face": "4 Trample"},
            {"die": "Amazons/Harbinger", "face": "3 Maneuver"}]
    classic = _resolve(roll="melee", ruleset="classic", melee_form="charge", army=army)
    assert classic["totals"] == {"melee": 11} and "1996 rules" in classic["roll"]
    assert _resolve(roll="melee", army=army)["totals"] == {"melee": 4}


@pytest.mark.rule("classic_icon", "Counter")
def test_resolve_counts_the_defenders_charge_roll():
    """Seed 002 Counter in the defender's roll during a charge: a save and an unsaveable hit
    back; the save roll with "melee_form": "charge" counts saves and melee together."""
    r = _resolve(roll="save", ruleset="classic", melee_form="charge",
                 army=[{"die": "Amazons/Harbinger", "face": "4 Counter"},
                       {"die": "Dwarves/Footman", "face": "2 Melee"}])
    assert r["totals"] == {"save": 4, "melee": 2}
    assert [(e["kind"], e["amount"]) for e in r["effects"]] == [("damage_to_attacker", 4)]
    assert r["species"] == []


@pytest.mark.rule("classic_icon", "Slay")
def test_resolve_gives_a_classic_targets_fate_from_its_own_roll():
    """Seed 002 Slay: the unit of your choice is killed unless it rolls its ID — a Footman
    showing a Melee face is killed, one showing its ID lives."""
    def fate(face):
        r = _resolve(roll="melee", ruleset="classic",
                     army=[{"die": "Undead/Minor Death", "face": "4 Slay"}],
                     opposing_army=[{"die": "Dwarves/Footman"}],
                     effects=[{"die": 1, "icon": "Slay",
                               "targets": [{"id": 101, "faces": [face]}]}])
        return r["effects"][0]["targets"][0]["fate"]
    assert fate("1 Melee").startswith("killed")
    assert fate("ID") == "no effect"


@pytest.mark.parametrize("data, words", [
    ({"ruleset": "1996"}, "ruleset: '1996' is not a ruleset"),
    ({"ruleset": 4}, "ruleset"),
    ({"melee_form": "charge"}, "only the classic ruleset"),
    ({"ruleset": "classic", "melee_form": "rush"}, "'rush' is not a form of melee"),
    ({"ruleset": "classic", "melee_form": "charge", "roll": "missile"}, "not part of a melee"),
])
def test_resolve_refuses_a_bad_ruleset_or_melee_form(data, words):
    """Bad input gets a message naming the field and the problem."""
    from dragondice_desktop.engine.rolls.count_a_roll import ResolveError
    base = {"roll": "melee", "army": [{"die": "Dwarves/Footman", "face": "ID"}]}
    with pytest.raises(ResolveError, match=words):
        _resolve(**{**base, **data})


# ---- the odds take the ruleset -------------------------------------------------------------

@pytest.mark.rule("classic_icon", "Trample")
def test_odds_of_a_classic_charge_count_trample_twice(capsys):
    """`dragondice odds --ruleset classic --charge`: the Centaur's ten faces (seed 002: ID 4,
    2 Maneuver 4 and 2 Melee 4 hit in a charge, Trample 8, Kick and Missile 0) average
    (4 + 8 + 8 + 8) / 10 = 2.8 hits; as a skirmish (4 + 8 + 4) / 10 = 1.6."""
    import json

    from dragondice_desktop.commands.main import main

    def mean(*args):
        assert main(["odds", "--for", "melee", *args, "Amazons/Centaur"]) == 0
        return json.loads(capsys.readouterr().out)["distribution"]["mean"]

    assert mean("--ruleset", "classic", "--charge") == pytest.approx(2.8)
    assert mean("--ruleset", "classic") == pytest.approx(1.6)
    assert main(["odds", "--for", "melee", "--charge", "Amazons/Centaur"]) == 2
    assert "--ruleset classic" in capsys.readouterr().err


@pytest.mark.rule("classic_icon", "Bullseye")
def test_odds_of_a_classic_missile_list_bullseye_as_not_modelled(capsys):
    """Seed 002 Bullseye is no missile hit in the army's total: the Spearer averages
    (3 + 4 + 3) / 6 missile (ID 3, Missile 4, Missile 3), and its Bullseye's aimed damage is
    listed as not modelled (1 face in 6)."""
    import json

    from dragondice_desktop.commands.main import main

    assert main(["odds", "--for", "missile", "--ruleset", "classic", "Amazons/Spearer"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["distribution"]["mean"] == pytest.approx(10 / 6)
    notes = [n for n in out["not_modelled"] if n["what"] == "Bullseye"]
    assert notes and notes[0]["probability"] == pytest.approx(1 / 6)
