"""The 1996 meaning of the special action icons of the 1996 action-icon list (seed 002),
counted under the classic ruleset: the results each gives, the effect it hands to the game
with its 1996 number, and the rolls in which it does nothing.

Every expected number is read from seed 002's text for the icon named in the test's
docstring ("four health worth", "2 hits", "4 saves"), never from the code under test.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.classic import contexts as c
from dragondice_desktop.engine.classic import effects as fx
from dragondice_desktop.engine.classic.records import BY_ICON, BY_NAME
from dragondice_desktop.engine.rolls.model import (
    ANY_COLOR, DieRoll, RollChoice, RollContext, RollInput, RollType,
)
from dragondice_desktop.engine.rolls.pipeline import count_roll
from dragondice_desktop.engine.sai.registry import SAI_RECORDS

CAT = load_catalog()
MEL, MIS, SAV, MAN, MAG = (RollType.MELEE, RollType.MISSILE, RollType.SAVE,
                           RollType.MANEUVER, RollType.MAGIC)
MELEE_ROLLS = (c.skirmish_attack, c.skirmish_counter_attack, c.charge_attack)


def roll(ctx: RollContext, *dice: tuple[str, list[int]], choices=()):
    """Count the given (die key, faces shown) under `ctx`; die ids 1, 2, 3 ..."""
    rolls = tuple(DieRoll(i, CAT.die(key), tuple(faces))
                  for i, (key, faces) in enumerate(dice, start=1))
    return count_roll(RollInput(ctx, rolls, choices=tuple(choices)))


def kinds(result) -> list[tuple[str, int]]:
    return [(e.kind, e.amount) for e in result.effects]


def nothing(result) -> bool:
    return result.effects == () and all(n == 0 for _, n in result.totals) \
        and result.unresolved == ()


# Targeted icons whose effect is handed to the game in melee (skirmish or charge), with seed
# 002's number and the effect kind: (die, face, icon name, kind, amount).
MELEE_EFFECTS = [
    ("Lava Elves/Beholder", 4, "Charm", "charm", 4),       # "four health worth"
    ("Swamp Stalkers/Ormyrr", 5, "Coil", "coil", 4),       # "4 points of damage"
    ("Undead/Vampire", 5, "Convert", "classic_convert", 3),  # "less health than the icons"
    ("Coral Elves/Tako", 1, "Entangle", "classic_paralyse", 4),
    ("Amazons/Nightmare", 2, "Firebreath", "classic_kill_health", 2),  # "two health worth"
    ("Amazons/Chimera", 6, "Flame", "classic_flame", 2),   # "two health or less"
    ("Feral/Rhino-folk", 4, "Gore", "unit_damage", 2),     # "2 hits"
    ("Feral/Bear-folk", 2, "Hug", "hug", 4),               # "4 hits"
    ("Lava Elves/Rakshasa", 2, "Illusion", "classic_illusion", 4),
    ("Amazons/Centaur", 3, "Kick", "unit_damage", 4),      # "four damage"
    ("Undead/Minor Death", 2, "Plague", "classic_plague", 4),
    ("Goblins/Death Naga", 3, "Poison", "targets", 4),     # "four health"
    ("Dwarves/Behemoth", 5, "Roar", "targets", 4),         # "four health"
    ("Undead/Death Knight", 5, "Scare", "targets", 3),     # "for each scare icon"
    ("Goblins/Harpies", 6, "Screech", "classic_rout_screech", 4),  # "subtracts four"
    ("Undead/Minor Death", 4, "Slay", "targets", 4),       # "the unit of your choice"
    ("Goblins/Shambler", 4, "Smother", "targets", 4),      # "four health"
    ("Lava Elves/Drider", 1, "Web", "classic_web", 4),     # "four health"
    ("Undead/Mummy", 4, "Wither", "classic_wither", 3),    # "-1 for each wither icon"
    ("Dwarves/Umber Hulk", 4, "Confuse", "delayed", 4),    # "four health worth"
]


@pytest.mark.parametrize("key, face, name, kind, n", [
    pytest.param(*row, marks=pytest.mark.rule("classic_icon", row[2])) for row in MELEE_EFFECTS])
def test_melee_icons_hand_their_1996_effect_to_the_game(key, face, name, kind, n):
    """Seed 002 (the icon named): "during melee" the icon's effect, with its 1996 number,
    goes to the game in every melee attack and in the defender's charge roll; it adds no
    hits of its own; in a missile attack and a maneuver roll it does nothing."""
    for ctx in [m() for m in MELEE_ROLLS] + [c.charge_defence()]:
        r = roll(ctx, (key, [face]))
        assert kinds(r) == [(kind, n)], ctx.describe()
        assert r.total(MEL) == 0 and r.effects[0].icon.value == name
    assert nothing(roll(c.maneuver(), (key, [face])))
    if name != "Confuse":
        assert nothing(roll(c.missile_attack(), (key, [face])))


MISSILE_EFFECTS = [
    ("Items/Air Trebuchet", 1, "Crush", "targets", 4),     # "4 health-worth"
    ("Firewalkers/Genie", 4, "Firecloud", "targets", 4),   # "four health"
    ("Dwarves/Roc", 4, "Seize", "classic_seize", 4),       # "four health worth"
    ("Amazons/Medusa", 2, "Stone", "damage_no_save", 4),   # "four damage"
    ("Dwarves/Umber Hulk", 4, "Confuse", "delayed", 4),
]


@pytest.mark.parametrize("key, face, name, kind, n", [
    pytest.param(*row, marks=pytest.mark.rule("classic_icon", row[2])) for row in MISSILE_EFFECTS])
def test_missile_icons_hand_their_1996_effect_to_the_game(key, face, name, kind, n):
    """Seed 002 (the icon named): "during missile" the effect with its 1996 number; Crush,
    Firecloud, Seize and Stone do nothing in melee (Seize and Stone did in v4.01)."""
    r = roll(c.missile_attack(), (key, [face]))
    assert kinds(r) == [(kind, n)] and r.total(MIS) == 0
    if name != "Confuse":
        assert nothing(roll(c.skirmish_attack(), (key, [face])))


def test_targets_reused_from_v401_are_treated_as_seed_002_says():
    """Seed 002 Crush, Firecloud, Poison, Roar, Scare, Slay, Smother: the 1996 tests (maneuver
    or die, save or die then save or be buried, flee to reserves, a non-ID save or flee with
    the ID killing, the ID or die) are those the v4.01 target procedure applies, so it may
    apply them with the 1996 numbers."""
    for rec in BY_ICON.values():
        if rec.effect_kind == "targets":
            assert rec.targets == SAI_RECORDS[rec.icon].targets, rec.name
    assert BY_ICON[Icon.SCARE].targets.on_id == "kill"
    assert BY_ICON[Icon.SLAY].targets.test == "id" and BY_ICON[Icon.SLAY].targets.one_unit


@pytest.mark.rule("classic_icon", "Seize")
def test_seize_differs_from_v401_units_that_save_go_to_reserves():
    """Seed 002 Seize: units killed unless they save individually; those that save return to
    their owner's reserves — not the v4.01 ID test, so a 1996 effect kind of its own."""
    assert BY_ICON[Icon.SEIZE].effect_kind == "classic_seize"
    assert "save" in fx.CLASSIC_EFFECT_KINDS["classic_seize"]
    assert SAI_RECORDS[Icon.SEIZE].targets.test == "id"


@pytest.mark.rule("classic_icon", "Attune")
def test_attune_is_one_magic_point_of_any_colour():
    """Seed 002 Attune: when magic is being rolled, an attune result counts as 1 point of any
    colour desired (Magi Crown, 3 Attune icons: still 1 point); nothing in melee."""
    r = roll(c.magic(), ("Items/Air Magi Crown", [3]))
    assert r.total(MAG) == 1 and dict(r.magic_by_color) == {ANY_COLOR: 1}
    assert nothing(roll(c.skirmish_attack(), ("Items/Air Magi Crown", [3])))


@pytest.mark.rule("classic_icon", "Bash")
def test_bash_turns_one_attackers_melee_back_and_gives_no_saves():
    """Seed 002 Bash: when saves are rolled during melee, the normal melee result of one
    opposing die (the basher's choice) is reflected back on that die, which rolls to save
    against its own attack: attacker 102 rolled 3 melee, so 3 back at it; no saves for the
    basher (unlike v4.01)."""
    ctx = c.skirmish_save(attacker_melee=((101, 1), (102, 3)))
    r = roll(ctx, ("Dwarves/Behemoth", [2]))
    assert r.total(SAV) == 0
    assert [(e.kind, e.amount, e.target) for e in r.effects] == [("bash", 3, 102)]
    picked = roll(ctx, ("Dwarves/Behemoth", [2]), choices=[RollChoice(1, Icon.BASH, "101")])
    assert [(e.amount, e.target) for e in picked.effects] == [(1, 101)]
    assert nothing(roll(c.missile_save(), ("Dwarves/Behemoth", [2])))
    unknown = roll(c.skirmish_save(), ("Dwarves/Behemoth", [2]))
    assert [u.icon for u in unknown.unresolved] == [Icon.BASH]


@pytest.mark.rule("classic_icon", "Create")
def test_create_gives_four_of_whatever_the_army_needs():
    """Seed 002 Create: four points of magic, melee, missile, maneuver or saves — whichever
    the acting army needs (Fireshadow); a unit rolling alone is no acting army: nothing."""
    for ctx, rt in ((c.magic(), MAG), (c.skirmish_attack(), MEL), (c.missile_attack(), MIS),
                    (c.maneuver(), MAN), (c.skirmish_save(), SAV)):
        assert roll(ctx, ("Firewalkers/Fireshadow", [2])).total(rt) == 4
    assert nothing(roll(c.individual(SAV), ("Firewalkers/Fireshadow", [2])))
    both = roll(c.charge_defence(), ("Firewalkers/Fireshadow", [2]),
                choices=[RollChoice(1, Icon.CREATE_FIREMINIONS, "melee")])
    assert (both.total(SAV), both.total(MEL)) == (0, 4)


@pytest.mark.rule("classic_icon", "Decapitate")
def test_decapitate_works_in_a_skirmish_only():
    """Seed 002 Decapitate: rolled during a skirmish attack or counter-attack, after the
    defender's normal save roll the attacker picks one unit with an ID result to be killed;
    its words name skirmishes, so in a charge it does nothing (the digest's default)."""
    for ctx in (c.skirmish_attack(), c.skirmish_counter_attack()):
        assert kinds(roll(ctx, ("Items/Air Vorpal Sword", [3]))) == [("delayed", 3)]
    assert nothing(roll(c.charge_attack(), ("Items/Air Vorpal Sword", [3])))


@pytest.mark.rule("classic_icon", "Impale")
def test_impale_is_decapitate_in_a_missile_attack():
    """Seed 002 Impale: rolled during a missile attack, after the defender saves normally the
    attacker picks one unit with an ID result to be killed; nothing in melee."""
    assert kinds(roll(c.missile_attack(), ("Dracolem/Bronze Draco-Gunner", [1]))) == [
        ("delayed", 4)]
    assert roll(c.skirmish_attack(), ("Dracolem/Bronze Draco-Gunner", [1])).effects == ()


@pytest.mark.rule("classic_icon", "Dispel Magic")
def test_dispel_magic_acts_only_in_its_own_roll():
    """Seed 002 Dispel Magic: rolled to resist when magic targets the unit, army or terrain;
    in an ordinary roll it gives nothing (Gargoyle)."""
    for ctx in (c.magic(), c.skirmish_save(), c.skirmish_attack()):
        r = roll(ctx, ("Dwarves/Gargoyle", [5]))
        assert nothing(r) and "own roll" in " ".join(r.dice[0].ignored)


@pytest.mark.rule("classic_icon", "Double Strike")
def test_double_strike_hits_four_and_rolls_again():
    """Seed 002 Double Strike: during melee hit for four points, then reroll this unit and
    count the new result as well (Hydra: Double Strike, then Melee 4: 8 hits)."""
    assert roll(c.skirmish_attack(), ("Amazons/Hydra", [5, 1])).total(MEL) == 8
    assert roll(c.charge_attack(), ("Amazons/Hydra", [5, 7, 1])).total(MEL) == 12
    assert nothing(roll(c.skirmish_save(), ("Amazons/Hydra", [5])))


@pytest.mark.rule("classic_icon", "Elevate")
def test_elevate_hands_the_game_one_units_missile_as_melee():
    """Seed 002 Elevate: rolled during a melee attack, one unit's normal missile results apply
    in combat; the count reports it to the game (and as not resolved by the count itself)."""
    r = roll(c.skirmish_attack(), ("Items/Air Flying Carpet", [1]))
    assert [k for k, _ in kinds(r)] == ["classic_elevate"]
    assert [u.icon for u in r.unresolved] == [Icon.ELEVATE]
    assert nothing(roll(c.missile_attack(), ("Items/Air Flying Carpet", [1])))


@pytest.mark.rule("classic_icon", "Ferry")
def test_ferry_moves_the_monster_in_any_roll():
    """Seed 002 Ferry: immediately move the monster to another terrain, if desired, and it may
    return with four health of six-sided units — in any roll, no results of its own."""
    for ctx in (c.maneuver(), c.skirmish_attack(), c.magic()):
        r = roll(ctx, ("Coral Elves/Gryphon", [4]))
        assert kinds(r) == [("classic_ferry", 4)] and all(n == 0 for _, n in r.totals)


@pytest.mark.rule("classic_icon", "Firewalking")
def test_firewalking_moves_the_monster_and_three_health_in_any_roll():
    """Seed 002 Firewalking: the monster may move itself and up to three health of allied
    units to any other terrain, whatever the terrain shows (no maneuver results)."""
    for ctx in (c.maneuver(), c.skirmish_attack()):
        r = roll(ctx, ("Firewalkers/Genie", [7]))
        assert kinds(r) == [("move_units", 3)] and r.total(MAN) == 0


@pytest.mark.rule("classic_icon", "Flame")
def test_flame_targets_only_units_of_two_health_or_less():
    """Seed 002 Flame: kill and bury one unit of two health or less: of units of health 1,
    2, 3 and 4 only the first two may be picked."""
    assert fx.flame_targets([1, 2, 3, 4]) == (0, 1)
    assert fx.flame_targets([3, 4]) == ()


@pytest.mark.rule("classic_icon", "Convert")
def test_convert_targets_units_of_less_health_than_its_icons():
    """Seed 002 Convert: a target unit of less health than the number of Convert icons (3):
    health 1 and 2 may be targeted, 3 (equal) may not."""
    assert fx.convert_targets(3, [1, 2, 3, 4]) == (0, 1)
    assert fx.convert_targets(1, [1]) == ()


@pytest.mark.rule("classic_icon", "Flurry")
def test_flurry_four_hits_and_a_reroll_attacking_four_saves_defending():
    """Seed 002 Flurry: in a skirmish attack or counter-attack 4 hits and the die is rolled
    again (Flurry then Melee 4: 8); while defending during melee 4 saves; nothing in a
    missile save."""
    for ctx in (c.skirmish_attack(), c.skirmish_counter_attack()):
        assert roll(ctx, ("Items/Air Blade Golem", [1, 2])).total(MEL) == 8
    assert roll(c.skirmish_save(), ("Items/Air Blade Golem", [1])).total(SAV) == 4
    d = roll(c.charge_defence(), ("Items/Air Blade Golem", [1]))
    assert (d.total(SAV), d.total(MEL)) == (4, 0)
    assert nothing(roll(c.missile_save(), ("Items/Air Blade Golem", [1])))


@pytest.mark.rule("classic_icon", "Galeforce")
def test_galeforce_hands_the_game_an_army_that_ignores_fly():
    """Seed 002 Galeforce: the target army ignores all its flying results until the end of
    the monster controller's next turn — an effect of any roll, with no results."""
    for ctx in (c.skirmish_attack(), c.magic(), c.maneuver()):
        r = roll(ctx, ("Firewalkers/Genie", [1]))
        assert [k for k, _ in kinds(r)] == ["classic_galeforce"]
        assert all(n == 0 for _, n in r.totals)


@pytest.mark.rule("classic_icon", "Regenerate")
def test_regenerate_four_saves_or_four_health_back():
    """Seed 002 Regenerate: counts as four saves, or brings back four health of units from
    your dead; in a save roll the roller chooses (default the saves); in another roll the
    saves cannot count, so the return."""
    r = roll(c.skirmish_save(), ("Goblins/Troll", [1]))
    assert r.total(SAV) == 4 and r.effects == ()
    back = roll(c.skirmish_save(), ("Goblins/Troll", [1]),
                choices=[RollChoice(1, Icon.REGENERATE, "return")])
    assert back.total(SAV) == 0 and kinds(back) == [("classic_regenerate", 4)]
    assert kinds(roll(c.skirmish_attack(), ("Goblins/Troll", [1]))) == [("classic_regenerate", 4)]


@pytest.mark.rule("classic_icon", "Rise from the Ashes")
def test_rise_from_the_ashes_is_four_saves_when_saving():
    """Seed 002 Rise from the Ashes: when rolling for saves this face counts as four; in a
    melee attack it gives nothing."""
    assert roll(c.skirmish_save(), ("Firewalkers/Phoenix", [2])).total(SAV) == 4
    assert roll(c.missile_save(), ("Firewalkers/Phoenix", [2])).total(SAV) == 4
    assert nothing(roll(c.skirmish_attack(), ("Firewalkers/Phoenix", [2])))


@pytest.mark.rule("classic_icon", "Screech")
def test_screech_lowers_saves_only_for_rout():
    """Seed 002 Screech: subtracts four from the opponent's saves for purposes of rout only:
    an army that rolled 6 saves against two Screeches counts 0 for rout (never below 0), 6
    against damage."""
    assert fx.rout_saves(6, [4, 4]) == 0
    assert fx.rout_saves(9, [4]) == 5
    r = roll(c.skirmish_attack(), ("Goblins/Harpies", [6]))
    assert r.modifiers == ()


@pytest.mark.rule("classic_icon", "Screech")
def test_the_feral_screech_takes_four_saves_in_any_melee_attack():
    """Seed 002 Screech, the Feral printing ("*The Feral* During a melee action, subtracts 4
    from the opponent's saves"): the Owl-folk's Screech takes 4 saves from the army its
    attack or counter-attack hits — not only for rout, as the Goblins' Harpies' does."""
    for ctx in (c.skirmish_attack(), c.skirmish_counter_attack(), c.charge_attack()):
        assert kinds(roll(ctx, ("Feral/Owl-folk", [4]))) == [("subtract_saves", 4)]
        assert kinds(roll(ctx, ("Goblins/Harpies", [6]))) == [("classic_rout_screech", 4)]


@pytest.mark.rule("classic_icon", "Double Strike")
def test_the_feral_double_strike_is_normal_hits_and_a_reroll():
    """Seed 002 Double Strike, the Feral printing ("*The Feral* During a melee action, this
    counts as normal hits; roll again and count the new result as well"): the Tiger-folk's
    '4 Double Strike' is 4 normal hits, one per icon (read from the Feral line, not the
    general "hit for four points"), and the die rolls again: then '4 Melee', 8 in all."""
    tiger = roll(c.skirmish_attack(), ("Feral/Tiger-folk", [1, 2]))
    assert tiger.total(MEL) == 4 + 4
    first = tiger.dice[0].face_outcomes[0]
    assert first.rerolls
    assert any("Feral printing" in x.source for x in first.contributions)


@pytest.mark.rule("classic_icon", "Sortie")
def test_sortie_four_saves_or_melee_and_both_against_a_charge():
    """Seed 002 Sortie: 4 saves or 4 melee results as needed; when defending against a
    charge it counts as both (Mantlet)."""
    assert roll(c.skirmish_attack(), ("Items/Air Mantlet", [1])).total(MEL) == 4
    assert roll(c.skirmish_save(), ("Items/Air Mantlet", [1])).total(SAV) == 4
    d = roll(c.charge_defence(), ("Items/Air Mantlet", [1]))
    assert (d.total(SAV), d.total(MEL)) == (4, 4)


@pytest.mark.rule("classic_icon", "Stun")
def test_stun_in_a_skirmish_only_and_the_monster_rolls_again():
    """Seed 002 Stun: when rolled during a skirmish, four health worth of opposing units are
    targeted and this monster is rolled again (Draco-Rogue: Stun, then ID); in a charge its
    skirmish wording gives nothing (the digest's default)."""
    r = roll(c.skirmish_attack(), ("Dracolem/Bronze Draco-Rogue", [1, 0]))
    assert kinds(r) == [("classic_stun", 4)] and r.total(MEL) == 3
    assert nothing(roll(c.charge_attack(), ("Dracolem/Bronze Draco-Rogue", [1])))


@pytest.mark.rule("classic_icon", "Summon Dragon")
def test_summon_dragon_is_automatic_at_this_terrain_and_gives_no_magic():
    """Seed 002 Summon Dragon: when rolling for magic, brings the dragon of your choice
    (regardless of colour) to this die's terrain, whether the player wishes it or not — one
    dragon, no magic, no re-roll; in reserves there is no terrain to bring it to."""
    r = roll(c.magic(), ("Items/Air Dragonstaff", [1]))
    assert kinds(r) == [("classic_summon_dragon", 1)] and r.total(MAG) == 0
    assert not r.dice[0].face_outcomes[0].rerolls
    assert nothing(roll(c.magic(in_reserve=True), ("Items/Air Dragonstaff", [1])))


@pytest.mark.rule("classic_icon", "Surprise")
def test_surprise_forbids_return_attacks():
    """Seed 002 Surprise: during a melee attack the opposing army has been surprised — no
    return attacks; in a counter-attack there is no return attack left to stop."""
    for ctx in (c.skirmish_attack(), c.charge_attack()):
        r = roll(ctx, ("Frostwings/Yeti", [6]))
        assert [k for k, _ in kinds(r)] == ["classic_no_return_attacks"]
        assert r.total(MEL) == 0
    assert nothing(roll(c.skirmish_counter_attack(), ("Frostwings/Yeti", [6])))


@pytest.mark.rule("classic_icon", "Tail")
def test_tail_two_hits_and_rolls_again():
    """Seed 002 Tail: 2 points of damage against the target army and the die is rolled again,
    counting the next result as well (Leviathan: Tail, Tail, ID 4: 2 + 2 + 4 = 8)."""
    assert roll(c.skirmish_attack(), ("Coral Elves/Leviathan", [3, 9, 0])).total(MEL) == 8
    assert nothing(roll(c.missile_attack(), ("Coral Elves/Leviathan", [3])))


@pytest.mark.rule("classic_icon", "Trumpet")
def test_trumpet_doubles_the_ferals_melee_and_saves():
    """Seed 002 Trumpet: when rolling for melee hits or saves, all Feral there double their
    results: Elephant-folk's Trumpet and a Rhino-folk's 4 Melee give 8 hits; a Goblin's melee
    is not doubled."""
    r = roll(c.skirmish_attack(), ("Feral/Elephant-folk", [6]), ("Feral/Rhino-folk", [3]),
             ("Goblins/Thug", [2]))
    assert r.total(MEL) == 4 * 2 + 1
    s = roll(c.skirmish_save(), ("Feral/Elephant-folk", [6]), ("Feral/Rhino-folk", [2]))
    assert s.total(SAV) == 8


@pytest.mark.rule("classic_icon", "Vanish")
def test_vanish_a_save_per_icon_and_a_move():
    """Seed 002 Vanish: when rolling for saves each icon counts as a save (Ghost: 3) and the
    unit may move to any other terrain or its reserves."""
    r = roll(c.skirmish_save(), ("Undead/Ghost", [5]))
    assert r.total(SAV) == 3 and [k for k, _ in kinds(r)] == ["vanish"]
    assert nothing(roll(c.skirmish_attack(), ("Undead/Ghost", [5])))


@pytest.mark.rule("classic_icon", "Wave")
def test_wave_acts_in_its_own_roll_four_saves_or_maneuvers_lost():
    """Seed 002 Wave: rolled when an opposing army saves or maneuvers at its terrain; if the
    Wave icon comes up that army loses 4 results; in the swamp beast's own rolls nothing."""
    assert fx.wave_loss(True) == 4 and fx.wave_loss(False) == 0
    for ctx in (c.skirmish_attack(), c.maneuver(), c.skirmish_save()):
        assert nothing(roll(ctx, ("Swamp Stalkers/Swamp Beast", [7])))


@pytest.mark.rule("classic_icon", "Wayfare")
def test_wayfare_moves_when_maneuvering_and_gives_no_maneuver():
    """Seed 002 Wayfare: when rolling to maneuver, the wayfaring die may move to any other
    terrain or its reserves taking one unit along — not a maneuver result; nothing in melee."""
    r = roll(c.maneuver(), ("Items/Air Seven League Boots", [3]))
    assert [k for k, _ in kinds(r)] == ["wayfare"] and r.total(MAN) == 0
    assert nothing(roll(c.skirmish_attack(), ("Items/Air Seven League Boots", [3])))


@pytest.mark.rule("classic_icon", "Wither")
def test_a_withered_units_result_of_zero_or_less_kills_it():
    """Seed 002 Wither: -1 per wither icon to all the unit's rolls; an adjusted result of 0 or
    less kills it: 3 Wither on a roll of 4 leaves 1 (alive), on a roll of 3 leaves 0 (killed)."""
    assert fx.withered(4, 3) == (1, False)
    assert fx.withered(3, 3) == (0, True)
    assert fx.withered(1, 3) == (0, True)


@pytest.mark.rule("classic_icon", "Bullseye")
def test_bullseye_kills_only_when_the_damage_left_reaches_the_health():
    """Seed 002 Bullseye: only the target rolls for saves; if the resulting damage equals or
    exceeds its health the unit is killed: 4 damage, 1 save on a health-3 unit kills (3 >= 3);
    2 saves do not (2 < 3)."""
    assert fx.bullseye_kills(4, 3, 1)
    assert not fx.bullseye_kills(4, 3, 2)
    with pytest.raises(ValueError, match="health"):
        fx.bullseye_kills(1, 0, 0)


@pytest.mark.rule("classic_icon", "Swoop")
def test_swoop_is_recorded_with_its_1996_number():
    """Seed 002 Swoop: during missile, 4 damage on a single unit of the enemy army with no
    saves possible. No die of the catalog shows it, so it is recorded, never rolled."""
    swoop = BY_NAME["Swoop"]
    assert swoop.amount == 4 and swoop.icon is None and swoop not in BY_ICON.values()
    assert "no save" in fx.CLASSIC_EFFECT_KINDS[swoop.effect_kind]


def test_the_answer_to_a_dragon_reads_other_icons_as_melee_missile_or_save():
    """The 1996 digest's default for icons seed 002 gives no dragon sentence: their melee,
    missile or save meaning, the roller's pick (Sortie: 4 melee or 4 saves); effects on
    armies do nothing to a dragon (Slay)."""
    r = roll(c.dragon_answer(), ("Items/Air Mantlet", [1]))
    assert (r.total(SAV), r.total(MEL)) == (4, 0)
    assert [p.options for p, _ in r.choices] == [("save", "melee")]
    m = roll(c.dragon_answer(), ("Items/Air Mantlet", [1]),
             choices=[RollChoice(1, Icon.SORTIE, "melee")])
    assert (m.total(SAV), m.total(MEL)) == (0, 4)
    slay = roll(c.dragon_answer(), ("Undead/Minor Death", [4]))
    assert nothing(slay)


def test_an_individual_roll_counts_results_only():
    """A unit rolling alone (Bullseye's target saving): Fly gives its saves, an effect like
    Kick does nothing there."""
    assert roll(c.individual(SAV), ("Coral Elves/Gryphon", [3])).total(SAV) == 4
    assert nothing(roll(c.individual(SAV), ("Amazons/Centaur", [3])))
