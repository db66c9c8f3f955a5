"""The ten steps of die-roll resolution with everything that enters them (engine/rolls/pipeline.py):
modifiers in their order (digest §4.2, §4.3), "counts as" (§4.4), combination rolls (§4.5),
individual rolls, rolls in the DUA and dragon-attack rolls (seed 000 "Application"), the X rule
and the SAIs with a fixed number, re-roll chains and Elemental Relics (seed 001)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Face, Icon
from dragondice_desktop.engine.rolls.individual_roll import unit_context
from dragondice_desktop.engine.rolls.pipeline import (
    Addition, DieRoll, Modifier, ModOp, RollChoice, RollContext, RollInput, RollKind, RollType,
    count_roll,
)

CAT = load_catalog()
D = CAT.die
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)


def F(key, text):
    return [f.to_text() for f in D(key).faces].index(text)


def roll(ctx, *shown, modifiers=(), choices=(), additions=()):
    """Count dice given as (key, face text or texts); ids 1, 2, 3 ..."""
    dice = []
    for i, (key, faces) in enumerate(shown, start=1):
        faces = (faces,) if isinstance(faces, str) else faces
        dice.append(DieRoll(i, D(key), tuple(F(key, f) for f in faces)))
    return count_roll(RollInput(ctx, tuple(dice), tuple(modifiers), tuple(additions),
                                tuple(choices)))


# --- modifiers (digest §4.2 steps 6-10, §4.3) --------------------------------------------------


def test_modifiers_apply_in_step_order_and_remove_id_results_last():
    """Subtract (6), divide (7), add SAI results (8), multiply (9), add (10). Herald ID 3 and
    Knight 3 melee: 6; -4 takes the 3 normal results first, then 1 ID: 2 ID left; /2 -> 1 (an
    ID result); + Counter 4 = 5; the eighth face doubles the ID result: 6; +1: 7."""
    result = roll(RollContext(MEL, id_multiplier=2),
                  ("Coral Elves/Herald", "3 ID"), ("Coral Elves/Knight", "3 Melee"),
                  ("Amazons/Harbinger", "4 Counter"),
                  modifiers=(Modifier(ModOp.SUBTRACT, 4, "minus four"),
                             Modifier(ModOp.DIVIDE, 2, "halve"), Modifier(ModOp.ADD, 1, "plus")))
    assert result.total(MEL) == 7
    assert [s.split(":")[0] for s in result.steps[5:10]] == [
        "step 6", "step 7", "step 8", "step 9", "step 10"]
    assert result.steps[5] == "step 6: subtract: melee 6 - 4 = 2 (minus four)"
    assert result.steps[8] == "step 9: eighth face doubles ID results: 1 -> 2"


def test_results_never_go_below_zero():
    """Digest §4.2 step 6: no result type can go below 0."""
    result = roll(RollContext(MEL), ("Dwarves/Footman", "1 Melee"),
                  modifiers=(Modifier(ModOp.SUBTRACT, 5, "minus five"),))
    assert result.total(MEL) == 0


def test_only_one_dividing_modifier_per_result_type():
    """Digest §4.3: "At most one dividing modifier per result type"."""
    result = roll(RollContext(SAV), ("Undead/Minor Death", "4 Save"),
                  modifiers=(Modifier(ModOp.DIVIDE, 2, "a"), Modifier(ModOp.DIVIDE, 2, "b")))
    assert result.total(SAV) == 2
    assert "only one dividing modifier" in result.steps[6]


def test_only_one_multiplying_modifier_per_result_type_the_best_one():
    """Digest §4.3 / seed 000 Targeting: one multiplying modifier per result type; the owner
    takes the one that gains most. Eighth face: ID 1 -> 2 (+1); Elevate on the Minor Death's 4
    saves: +4. Only Elevate applies."""
    result = roll(RollContext(SAV, save_against=MEL, id_multiplier=2),
                  ("Dwarves/Footman", "1 ID"), ("Undead/Minor Death", "4 Save"),
                  ("Items/Air Flying Carpet", "4 Elevate"))
    assert result.total(SAV) == 1 + 4 + 4
    assert "only one multiplying modifier" in result.steps[8]


def test_subtracting_comes_before_sai_results_are_added():
    """Digest §4.2: subtracting modifiers act on the subtotal of non-SAI results (step 6);
    SAI results are added after (step 8). Screech 4 against 2 normal saves and 4 Sortie: 4."""
    result = roll(RollContext(SAV), ("Coral Elves/Knight", "2 Save"),
                  ("Items/Air Mantlet", "4 Sortie"),
                  modifiers=(Modifier(ModOp.SUBTRACT, 4, "Screech", types=(SAV,)),))
    assert result.total(SAV) == 4


@pytest.mark.rule("sai", "Charge")
def test_charge_counts_maneuver_as_melee_except_in_a_counter_attack():
    """Seed 000 Charge: "the attacking army counts all Maneuver results as if they were Melee
    results" (a counts-as, step 10); "Charge has no effect during a counter-attack"."""
    shown = (("Dwarves/Behemoth", "4 Charge"), ("Coral Elves/Knight", "3 Maneuver"),
             ("Amazons/Centaur", "4 Trample"))
    attack = roll(RollContext(MEL), *shown)
    assert attack.total(MEL) == 3 + 4 + 4  # Knight's maneuver + Trample's melee and maneuver
    assert attack.total(MAN) == 0
    counter = roll(RollContext(MEL, counter_attack=True), *shown)
    assert counter.total(MEL) == 4


@pytest.mark.rule("sai", "Trumpet")
def test_trumpet_doubles_feral_units_only():
    """Seed 000 Trumpet: "each Feral unit in this army doubles its melee and save results"."""
    result = roll(RollContext(MEL), ("Feral/Elephant-folk", "4 Trumpet"),
                  ("Feral/Wolverine-folk", "3 Melee"), ("Dwarves/Footman", "2 Melee"))
    assert result.total(MEL) == 6 + 2


def test_untyped_subtraction_is_placed_on_a_type_with_results():
    """Digest §4.5: a modifier that could apply to several types is placed by the owner but
    must apply if possible (Wither in a save + melee roll)."""
    result = roll(RollContext(SAV, also=(MEL,)), ("Coral Elves/Knight", "3 Melee"),
                  modifiers=(Modifier(ModOp.SUBTRACT, 2, "Wither"),))
    assert (result.total(SAV), result.total(MEL)) == (0, 1)


def test_results_added_from_other_rolls_are_normal_results():
    """Seed 000 Charm: the charmed units' results are added to the attacking army's results
    (normal results, step 5: halved by a dividing modifier like any other)."""
    result = roll(RollContext(MEL), ("Dwarves/Footman", "2 Melee"),
                  additions=(Addition(MEL, 4, "Charm"),),
                  modifiers=(Modifier(ModOp.DIVIDE, 2, "halve"),))
    assert result.total(MEL) == 3
    assert "Added: +4 melee from Charm" in result.explain()


def test_magic_by_element_adds_up_after_modifiers():
    """Digest §5.3: magic is tracked per element; after a subtraction it still adds up."""
    result = roll(RollContext(MAG), ("Coral Elves/Herald", "3 ID"),
                  ("Items/Air Magi Crown", "3 Attune"),
                  modifiers=(Modifier(ModOp.SUBTRACT, 2, "minus"),))
    assert sum(n for _, n in result.magic_by_color) == result.total(MAG) == 4


# --- combination rolls (digest §4.5) -----------------------------------------------------------


def test_combination_roll_id_results_go_where_the_owner_says():
    """Digest §4.5: the owner decides which type each ID result becomes; one ID may be split."""
    ctx = RollContext(SAV, also=(MEL,))
    default = roll(ctx, ("Coral Elves/Herald", "3 ID"))
    assert (default.total(SAV), default.total(MEL)) == (3, 0)
    assert default.open_choices[0].options == ("save", "melee")
    melee = roll(ctx, ("Coral Elves/Herald", "3 ID"),
                 choices=(RollChoice(-1, Icon.ID, "melee"),))
    assert (melee.total(SAV), melee.total(MEL)) == (0, 3)
    split = roll(ctx, ("Coral Elves/Herald", "3 ID"),
                 choices=(RollChoice(1, Icon.ID, "save:1,melee:2"),))
    assert (split.total(SAV), split.total(MEL)) == (1, 2)
    with pytest.raises(ValueError, match="must add up"):
        roll(ctx, ("Coral Elves/Herald", "3 ID"), choices=(RollChoice(1, Icon.ID, "save:1"),))


def test_combination_roll_sai_applies_one_sentence():
    """Digest §4.5: "An SAI with a different effect for each counted roll type: the roller
    picks one of its sentences" — Counter in a Coil target's save + melee roll."""
    ctx = unit_context((SAV, MEL))
    saves = roll(ctx, ("Amazons/Harbinger", "4 Counter"))
    assert (saves.total(SAV), saves.total(MEL)) == (4, 0)
    melee = roll(ctx, ("Amazons/Harbinger", "4 Counter"),
                 choices=(RollChoice(1, Icon.COUNTER, "melee"),))
    assert (melee.total(SAV), melee.total(MEL)) == (0, 4)


@pytest.mark.rule("sai", "Create Fireminions")
def test_create_fireminions_picks_its_type_in_a_combination_roll():
    """Seed 000 Create Fireminions: X results of one of the five types; digest §4.5: an SAI
    offering a choice of results goes to a counted type."""
    ctx = RollContext(SAV, also=(MEL,), save_against=MEL)
    result = roll(ctx, ("Firewalkers/Fireshadow", "4 Create Fireminions"),
                  choices=(RollChoice(1, Icon.CREATE_FIREMINIONS, "melee"),))
    assert (result.total(SAV), result.total(MEL)) == (0, 4)


# --- individual rolls and rolls in the DUA --------------------------------------------------------


def test_individual_rolls_get_no_eighth_face_and_no_items():
    """Digest §10 #5: the eighth face does not double individual rolls; seed 001: items are
    never rolled in one."""
    with pytest.raises(ValueError, match="army rolls only"):
        RollContext(SAV, kind=RollKind.INDIVIDUAL, id_multiplier=2)
    with pytest.raises(ValueError, match="individual roll"):
        roll(unit_context((SAV,)), ("Items/Air Mithril Shield", "3 Save"))


def test_individual_rolls_count_results_but_not_effects_on_armies():
    """Rulings (individual rolls): an SAI counts its results when its Applies column lists the
    type rolled for; its effects on armies do not apply (Smite in a melee roll)."""
    result = roll(unit_context((MEL,)), ("Amazons/War Chief", "4 Smite"))
    assert result.effects == () and result.total(MEL) == 0
    assert any("does not apply in an individual roll" in r for r in result.dice[0].ignored)
    rend = roll(unit_context((MEL,)), ("Coral Elves/Gryphon", ("4 Rend", "4 Melee")))
    assert rend.total(MEL) == 8


def test_only_save_sais_work_in_the_dua():
    """Seed 000: "In the Dead Unit Area (DUA), the only SAIs that will function are SAIs that
    generate save results": Counter saves, no damage; Slay nothing."""
    ctx = unit_context((SAV,), in_dua=True)
    counter = roll(ctx, ("Amazons/Harbinger", "4 Counter"))
    assert counter.total(SAV) == 4 and counter.effects == ()
    slay = roll(ctx, ("Undead/Minor Death", "4 Slay"))
    assert slay.total(SAV) == 0 and slay.effects == ()


# --- dragon attacks (seed 000 "Dragon Attack" column, digest §5.4) --------------------------------


def test_dragon_attack_roll_uses_the_dragon_attack_sentences():
    """Seed 000: Counter "During a dragon attack ... generates X save and X melee results";
    Volley X save and X missile; Smite X melee; Tail two melee and roll again."""
    result = roll(RollContext.dragon_attack(), ("Amazons/Harbinger", "4 Counter"),
                  ("Frostwings/Assailer", "4 Volley"), ("Amazons/War Chief", "4 Smite"),
                  ("Coral Elves/Leviathan", ("2 Tail", "4 ID")))
    # The Leviathan's ID counts as saves by default (digest §4.5: the owner's choice).
    totals = (result.total(SAV), result.total(MEL), result.total(MIS))
    assert totals == (4 + 4 + 4, 4 + 4 + 2, 4)


@pytest.mark.rule("sai", "Decapitate")
@pytest.mark.rule("sai", "Impale")
def test_decapitate_and_impale_without_jaws_give_three_results():
    """Seed 001 Decapitate / Impale: "If no dragon rolled Jaws, Decapitate generates three melee
    results" (Impale: three missile); with Jaws the kill passes on to the game; counted outside
    a game (nothing known about Jaws) it is reported."""
    none = RollContext.dragon_attack(dragon_rolled_jaws=False)
    result = roll(none, ("Items/Air Vorpal Sword", "3 Decapitate"),
                  ("Items/Air Heartseeker", "3 Impale"))
    assert (result.total(MEL), result.total(MIS)) == (3, 3)
    jaws = roll(RollContext.dragon_attack(dragon_rolled_jaws=True),
                ("Items/Air Vorpal Sword", "3 Decapitate"))
    assert jaws.total(MEL) == 0 and jaws.effects[0].kind == "kill_jaws_dragon"
    unknown = roll(RollContext.dragon_attack(), ("Items/Air Heartseeker", "3 Impale"))
    assert "not known outside a game" in unknown.unresolved[0].reason


def test_dragon_attack_non_maneuver_sais_and_items_roll():
    """A dragon attack is a non-maneuver army roll: Regenerate offers its choice; items roll
    with their carriers (Flurry offers save or melee, seed 001)."""
    result = roll(RollContext.dragon_attack(), ("Goblins/Troll", "4 Regenerate"),
                  ("Items/Air Blade Golem", "4 Flurry"))
    assert result.total(SAV) == 8
    assert {p.icon for p in result.open_choices} == {Icon.REGENERATE, Icon.FLURRY}
    melee = roll(RollContext.dragon_attack(), ("Items/Air Blade Golem", ("4 Flurry", "4 ID")),
                 choices=(RollChoice(1, Icon.FLURRY, "melee"), RollChoice(-1, Icon.ID, "melee")))
    assert melee.total(MEL) == 4 + 4 and melee.total(SAV) == 0


# --- the X rule and fixed numbers (seed 000) ------------------------------------------------------


@pytest.mark.parametrize("key, face, rt, kind, x", [
    ("Undead/Ghost", "3 Vanish", SAV, "save", 3),                     # d6: three icons
    ("Coral Elves/Eagle Knight", "3 Fly", SAV, "save", 3),            # d6
    ("Items/Air Seven League Boots", "3 Wayfare", MAN, "maneuver", 3),  # large equipment: 3
    ("Dragonkin/Dragonchamp (Air)", "3 Breath", MEL, "targets", 3),   # large Dragonkin: 3
    ("Goblins/Troll", "4 Regenerate", SAV, "save", 4),                # monster: 4
    ("Items/Air Trebuchet", "4 Crush", MIS, "targets", 4),            # artifact: 4
    ("Items/Gold Medallion", "4 SFR Logo", MEL, "return_from_dua", 4),  # medallion: 4
    ("Items/Elemental Relic", "4 Element Air", MEL, "relic", 4),      # relic: 4
    ("Eldarim/Air Dragon Hunter (Air)", "4 Smite", MEL, "damage_no_save", 4),  # champion: 4
])
def test_x_rule(key, face, rt, kind, x):
    """Seed 000: "On a six-sided die, X is equal to the number of icons rolled ... On a large
    item or large Dragonkin unit, X is equal to three results ... On a monster, artifact,
    medallion, relic or Dragonkin Champion, X is equal to four results"."""
    result = roll(RollContext(rt), (key, face))
    if kind in ("save", "maneuver"):
        assert result.total(rt) == x
    else:
        assert result.effects[0].kind == kind and result.effects[0].amount == x


@pytest.mark.parametrize("icon, key, kind, fixed", [
    (Icon.TAIL, "Coral Elves/Leviathan", "melee", 2),
    (Icon.GORE, "Feral/Rhino-folk", "unit_damage", 2),
    (Icon.DOUBLE_STRIKE, "Amazons/Hydra", "targets", 4),
    (Icon.FLAME, "Amazons/Chimera", "targets", 2),
])
def test_sais_with_a_fixed_number_ignore_x(icon, key, kind, fixed):
    """Seed 000: "If an SAI does not have X in the description it only does what is
    described": Tail two melee, Gore two damage, Double Strike four health-worth, Flame two
    health-worth — whatever the icon count (here made 9)."""
    die = D(key)
    index = next(i for i, f in enumerate(die.faces) if f.icon is icon)
    faces = list(die.faces)
    faces[index] = Face(((icon, 9),))
    die = replace(die, faces=tuple(faces))
    chain = (index, 0) if icon in (Icon.TAIL, Icon.DOUBLE_STRIKE) else (index,)
    result = count_roll(RollInput(RollContext(MEL), (DieRoll(1, die, chain),)))
    if kind == "melee":
        assert result.total(MEL) == fixed + die.health
    else:
        assert [(e.kind, e.amount) for e in result.effects] == [(kind, fixed)]


# --- re-roll chains and relics ------------------------------------------------------------------


def test_reroll_chains_on_several_dice():
    """Step 3: each die rolls again while its face says so, and every result counts: Tail 2 +
    Tail 2 + ID 4; Rend 4 + Rend 4 + 4 Melee; Flurry 4 + ID 4 (seed 000, seed 001)."""
    result = roll(RollContext(MEL), ("Coral Elves/Leviathan", ("2 Tail", "2 Tail", "4 ID")),
                  ("Coral Elves/Gryphon", ("4 Rend", "4 Rend", "4 Melee")),
                  ("Items/Air Blade Golem", ("4 Flurry", "4 ID")))
    assert result.total(MEL) == 8 + 12 + 8
    assert result.steps[2].count("->") == 5


def test_a_chain_thrown_away_is_shown_but_not_counted():
    """Confuse / Vortex: a re-roll "ignoring the previous result" replaces the chain."""
    die = D("Coral Elves/Knight")
    result = count_roll(RollInput(RollContext(SAV), (
        DieRoll(1, die, (F("Coral Elves/Knight", "3 Melee"),),
                replaced=((F("Coral Elves/Knight", "2 Save"),),)),)))
    assert result.total(SAV) == 0
    assert "ignored earlier result: 2 Save" in result.explain()


@pytest.mark.parametrize("faces, active", [
    (("4 Element Air", "4 Element Air"), 0),     # the same element: no effect
    (("4 Element Air", "4 SFR Logo"), 0),        # the logo matches every element
    (("4 Element Air", "4 Element Fire"), 2),    # different elements: both work
])
def test_elemental_relics_cancel_each_other(faces, active):
    """Seed 001: "Elemental Relics that roll the same element have no effect on that roll.
    Note that the SFR logo matches all elements.\""""
    relic = D("Items/Elemental Relic")
    dice = tuple(DieRoll(i, relic, (F("Items/Elemental Relic", f),))
                 for i, f in enumerate(faces, start=1))
    result = count_roll(RollInput(RollContext(MEL), dice))
    assert len(result.effects_of("relic")) == active


@pytest.mark.rule("sai", "Bash")
def test_bash_choice_decides_its_saves():
    """Seed 001 Bash: saves equal to the targeted attacking unit's melee results; the target
    is the saver's choice (default: the unit with the most melee)."""
    ctx = RollContext(SAV, save_against=MEL, attacker_melee=((7, 4), (8, 1)))
    default = roll(ctx, ("Items/Air Mithril Shield", "3 Bash"))
    assert default.total(SAV) == 4 and default.effects[0].target == 7
    chosen = roll(ctx, ("Items/Air Mithril Shield", "3 Bash"),
                  choices=(RollChoice(1, Icon.BASH, "8"),))
    assert chosen.total(SAV) == 1 and chosen.effects[0].target == 8
