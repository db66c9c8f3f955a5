"""Army die-roll resolution (engine/rolls/pipeline.py).

Expected values come from the rules text: digest §1.2 (ID and icon counts), §4.2 (the ten
steps), §4.7 (automatic saves), §8 (eighth-face ID doubling), seed 000 (SAIs) and seed 001
(items). Real catalog dice, picked by key; faces chosen by index so every value is exact.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Color, DieKind, Icon
from dragondice_desktop.engine.core.rng import Rng, Throw
from dragondice_desktop.engine.rolls.individual_roll import unit_context
from dragondice_desktop.engine.rolls.pipeline import (
    ANY_COLOR, MAX_REROLLS, Origin, RollContext, RollResult, RollType,
    count_faces, face_results, handled_icons, roll_army,
)
from dragondice_desktop.engine.sai.registry import SAI_HANDLERS

CAT = load_catalog()
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)

# Every distinct army-roll situation the context can describe.
CONTEXTS = (
    RollContext(MAN), RollContext(MAN, counter_maneuver=True),
    RollContext(MAN, ignore_sai_effects=True),
    RollContext(MEL), RollContext(MEL, counter_attack=True), RollContext(MIS),
    RollContext(MAG), RollContext(MAG, in_reserve=True),
    RollContext(SAV), RollContext(SAV, save_against=MEL), RollContext(SAV, save_against=MIS),
    RollContext(MEL, id_multiplier=2), RollContext(SAV, id_multiplier=2, save_against=MEL),
)
ARMY_DICE = tuple(d for d in CAT if d.kind.is_unit or d.kind.is_item)


def roll(ctx: RollContext, *shown: tuple[str, tuple[int, ...] | int]) -> RollResult:
    """count_faces on catalog dice by key; die ids are 1, 2, 3 ... in order."""
    return count_faces(
        [(i, CAT.die(key), faces if isinstance(faces, tuple) else (faces,))
         for i, (key, faces) in enumerate(shown, start=1)],
        ctx,
    )


def accounted(outcome, icon: Icon) -> set[str]:
    """Where an icon ended up in one DieOutcome."""
    where = set()
    if any(c.icon is icon for c in outcome.contributions):
        where.add("contribution")
    if any(e.icon is icon for e in outcome.effects):
        where.add("effect")
    if any(u.icon is icon for u in outcome.unresolved):
        where.add("unresolved")
    if any(icon.value in reason for reason in outcome.ignored):
        where.add("ignored")
    if any(m.icon is icon for m in outcome.modifiers):
        where.add("modifier")
    return where


def chain_for(die, faces: list[int], ctx: RollContext) -> tuple[int, ...]:
    """A legal re-roll chain built from `faces`: keep re-rolling while the face says so; if the
    list runs out, finish with the ID face (or any face that does not re-roll)."""
    chain = []
    for face in faces:
        chain.append(face)
        if not face_results(die, face, ctx).rerolls or len(chain) > MAX_REROLLS:
            return tuple(chain)
    stop = next(i for i in range(len(die.faces)) if not face_results(die, i, ctx).rerolls)
    return tuple(chain) + (stop,)


# --- ID and normal icons (digest §1.2) ------------------------------------------------------


@pytest.mark.parametrize("rt", list(RollType))
@pytest.mark.parametrize("key, health", [
    ("Coral Elves/Fighter", 1), ("Coral Elves/Knight", 2), ("Coral Elves/Herald", 3),
    ("Amazons/Centaur", 4),
])
def test_id_gives_health_in_every_roll_type(key, health, rt):
    """Digest §1.2: the ID icon gives results of whatever type is rolled, equal to health."""
    result = roll(RollContext(rt), (key, 0))
    assert result.total(rt) == health
    assert result.subtotal_id == health
    assert result.dice[0].contributions[0].origin is Origin.ID
    assert all(result.total(other) == 0 for other in RollType if other is not rt)


def test_monster_icons_count_four():
    """Digest §1.2 / seed 000 X rule: every icon on a monster is worth 4 results."""
    assert roll(RollContext(MEL), ("Amazons/Centaur", 4)).total(MEL) == 4
    assert roll(RollContext(MAN), ("Amazons/Centaur", 1)).total(MAN) == 4


def test_normal_icons_count_only_in_their_roll_type():
    """Digest §1.2: action icons give results only in a roll of their own type."""
    result = roll(RollContext(MAN), ("Amazons/Centaur", 4))  # 4 Melee in a maneuver roll
    assert result.total(MAN) == 0
    assert result.total(MEL) == 0
    assert any("Melee" in r for r in result.dice[0].ignored)


def test_id_doubling_from_eighth_face_doubles_only_id_results():
    """Digest §8 / §4.2 step 9: the eighth face doubles ID results only; normal and SAI results
    are not doubled. Herald ID 3 -> 6, Knight 3 Melee stays 3, Harbinger Counter 4 stays 4."""
    ctx = RollContext(MEL, id_multiplier=2)
    result = roll(ctx, ("Coral Elves/Herald", 0), ("Coral Elves/Knight", 1),
                  ("Amazons/Harbinger", 5))
    assert result.total(MEL) == 6 + 3 + 4
    assert result.subtotal_id == 3
    assert result.subtotal == 6 and result.sai_results == 4
    assert "step 9: eighth face doubles ID results: 3 -> 6" in result.steps
    plain = roll(RollContext(MEL), ("Coral Elves/Herald", 0), ("Coral Elves/Knight", 1),
                 ("Amazons/Harbinger", 5))
    assert plain.total(MEL) == 3 + 3 + 4


def test_steps_trace_all_ten_steps_in_order():
    """Digest §4.2: the v4.01d pipeline has ten steps, recorded in order."""
    result = roll(RollContext(SAV, save_against=MEL), ("Dragonkin/Dragonhero (Fire)", 0))
    numbers = [int(s.split(":")[0].split()[1]) for s in result.steps if s.startswith("step ")]
    assert numbers == list(range(1, 11))
    assert result.steps[-1] == "total: save 4"


# --- Re-rolls (step 3) ------------------------------------------------------------------------


@pytest.mark.rule("sai", "Rend")
def test_rend_chain_in_melee():
    """Seed 000 Rend: in a melee roll X melee and roll the unit again, applying the new result
    as well. Gryphon shows Rend, Rend, then 4 Melee: 4 + 4 + 4 = 12 melee."""
    result = roll(RollContext(MEL), ("Coral Elves/Gryphon", (2, 2, 1)))
    die = result.dice[0]
    assert die.faces == (2, 2, 1)
    assert len(die.face_outcomes) == 3
    assert result.total(MEL) == 12
    assert result.sai_results == 8 and result.subtotal == 4
    assert any(s.startswith("step 3: re-rolls: Coral Elves/Gryphon") for s in result.steps)


@pytest.mark.rule("sai", "Rend")
def test_rend_in_maneuver_gives_maneuver_without_reroll():
    """Seed 000 Rend: during a maneuver roll X maneuver results, and no re-roll."""
    assert roll(RollContext(MAN), ("Coral Elves/Gryphon", 2)).total(MAN) == 4
    with pytest.raises(ValueError, match="does not roll the die again"):
        roll(RollContext(MAN), ("Coral Elves/Gryphon", (2, 1)))


def test_reroll_face_needs_its_follow_up():
    """Step 3: a re-roll icon means the die is rolled again; the re-rolled face is required."""
    with pytest.raises(ValueError, match="give the re-rolled face"):
        roll(RollContext(MEL), ("Coral Elves/Gryphon", 2))


@pytest.mark.rule("sai", "Flurry")
def test_flurry_melee_rerolls_and_saves_only_against_melee():
    """Seed 001 Flurry: melee: X melee and roll the item again; save against melee: X saves;
    other save rolls: no effect."""
    assert roll(RollContext(MEL), ("Items/Air Blade Golem", (1, 2))).total(MEL) == 8
    assert roll(RollContext(SAV, save_against=MEL), ("Items/Air Blade Golem", 1)).total(SAV) == 4
    other = roll(RollContext(SAV, save_against=MIS), ("Items/Air Blade Golem", 1))
    assert other.total(SAV) == 0
    assert accounted(other.dice[0], Icon.FLURRY) == {"ignored"}


@pytest.mark.rule("sai", "Tail")
def test_tail_on_a_unit_gives_two_melee_and_rerolls():
    """Seed 000 Tail: two melee results (fixed) and roll again. Leviathan: Tail, then ID 4."""
    result = roll(RollContext(MEL), ("Coral Elves/Leviathan", (3, 0)))
    assert result.total(MEL) == 2 + 4


@pytest.mark.parametrize("key, chain, ctx, icon, expected, where", [
    # Seed 000 Bullseye: targets pass on to the game, the unit is rolled again (then 4 Missile).
    ("Coral Elves/Sharpshooter", (5, 2), RollContext(MIS), Icon.BULLSEYE, 4, "effect"),
    # Seed 000 Double Strike: targets pass on, roll again (then 4 Melee).
    ("Amazons/Hydra", (5, 1), RollContext(MEL), Icon.DOUBLE_STRIKE, 4, "effect"),
    # Seed 000 Stun: targets pass on, roll again (then 3 Melee).
    ("Dracolem/Bronze Draco-Rogue", (1, 4), RollContext(MEL), Icon.STUN, 3, "effect"),
    # Seed 001 Summon Dragon at a terrain: the summoning passes on, roll again (4 Magic).
    ("Items/Air Dragonstaff", (1, 2), RollContext(MAG), Icon.SUMMON_DRAGON, 4, "effect"),
])
def test_reroll_sais_reroll_and_pass_their_effect_on(key, chain, ctx, icon, expected, where):
    """Seed 000 / 001: "Roll this unit again and apply the new result as well" — the re-roll's
    results count, and the SAI's own effect goes on to the game (or is reported)."""
    result = roll(ctx, (key, chain))
    assert result.total(ctx.roll_type) == expected
    assert accounted(result.dice[0], icon) == {where}
    if where == "unresolved":
        assert "rolled again" in result.unresolved[0].reason
    else:
        assert result.effects[0].icon is icon


@pytest.mark.rule("sai", "Summon Dragon")
def test_summon_dragon_in_reserve_gives_magic():
    """Seed 001 Summon Dragon: during a magic action in reserves, X magic results."""
    result = roll(RollContext(MAG, in_reserve=True), ("Items/Air Dragonstaff", 1))
    assert result.total(MAG) == 4
    assert result.magic_by_color == ((frozenset({Color.AIR}), 4),)


def test_reroll_chain_is_capped():
    """A re-roll chain stops after MAX_REROLLS re-rolls (defensive cap), and says so."""
    chain = (2,) * (MAX_REROLLS + 1)
    result = roll(RollContext(MEL), ("Coral Elves/Gryphon", chain))
    assert result.total(MEL) == 4 * (MAX_REROLLS + 1)
    assert any("safety cap" in r for r in result.dice[0].ignored)
    with pytest.raises(ValueError, match="more than"):
        roll(RollContext(MEL), ("Coral Elves/Gryphon", chain + (2,)))


# --- SAIs that generate results ----------------------------------------------------------------

# (key, face, {roll type: X}, {roll type: where the SAI's other power goes}); every other
# army roll type: no results and the SAI is ignored. Values from seed 000 / seed 001 for each
# SAI. "effect": passed on to the game; "unresolved": cantrip magic counted outside a game;
# "modifier": a roll modifier. (SAIs that re-roll — Rend, Flurry, Tail ... — have their own
# tests above.)
GENERATING = [
    ("Coral Elves/Eagle Knight", 2, {MAN: 3, SAV: 3}, {}),               # Fly
    ("Amazons/Centaur", 9, {MAN: 4, MEL: 4}, {}),                       # Trample
    ("Treefolk/Satyr", 3, {MAN: 4, SAV: 4}, {}),                        # Hoof
    ("Items/Air Mantlet", 1, {MEL: 4, SAV: 4}, {}),                     # Sortie
    ("Amazons/Harbinger", 5, {MEL: 4, SAV: 4}, {}),                     # Counter
    ("Frostwings/Assailer", 1, {MIS: 4, SAV: 4}, {}),                   # Volley
    ("Amazons/Centaur", 3, {SAV: 4}, {MEL: "effect"}),                  # Kick
    ("Amazons/Oracle", 5, {MAG: 3}, dict.fromkeys((MEL, MIS, SAV), "unresolved")),  # Cantrip
    ("Firewalkers/Fireshadow", 2, {MAN: 4, MEL: 4, MIS: 4, MAG: 4, SAV: 4}, {}),  # Fireminions
    ("Items/Air Flying Carpet", 1, {MAN: 4}, {MIS: "modifier"}),        # Elevate
    # Firewalking, Teleport
    ("Amazons/Nightmare", 1, {MAN: 4}, dict.fromkeys((MEL, MIS, MAG, SAV), "effect")),
    ("Treefolk/Unicorn", 3, {MAN: 4}, dict.fromkeys((MEL, MIS, MAG, SAV), "effect")),
    ("Items/Air Seven League Boots", 3, {MAN: 3}, {}),                  # Wayfare
    # Regenerate, Wild Growth
    ("Goblins/Troll", 1, {SAV: 4}, dict.fromkeys((MEL, MIS, MAG), "effect")),
    ("Treefolk/Noble Willow", 2, {SAV: 4}, dict.fromkeys((MEL, MIS, MAG), "effect")),
    ("Firewalkers/Phoenix", 2, {SAV: 4}, {}),                           # Rise from the Ashes
    ("Undead/Ghost", 5, {SAV: 3}, {SAV: "effect"}),                     # Vanish (+ optional move)
    ("Eldarim/Air Dragon Hunter (Air)", 4, {MEL: 4}, dict.fromkeys((MIS, MAG), "effect")),
    ("Items/Air Magi Crown", 3, {MAG: 3}, {}),                          # Attune
    ("Items/Bronze Medallion", 0, {MAG: 4}, dict.fromkeys((MEL, MIS, SAV), "unresolved")),
    ("Items/Air Mithril Shield", 3, {SAV: 3}, {}),                      # Bash (not vs melee)
]


@pytest.mark.parametrize("key, face, gives, acts_in", GENERATING,
                         ids=[f"{k}:{f}" for k, f, _, _ in GENERATING])
@pytest.mark.parametrize("rt", list(RollType))
def test_generating_sai_in_each_roll_type(key, face, gives, acts_in, rt):
    die = CAT.die(key)
    icon = die.faces[face].icon
    ctx = RollContext(rt)
    result = roll(ctx, (key, face))
    where = accounted(result.dice[0], icon)
    assert result.total(rt) == gives.get(rt, 0)
    if rt in gives:
        assert "contribution" in where
        sai = [c for c in result.dice[0].contributions if c.icon is icon]
        assert sai[0].origin is Origin.SAI and sai[0].step == 8
    if rt in acts_in:
        assert acts_in[rt] in where
    if rt not in gives and rt not in acts_in:
        assert where == {"ignored"}


@pytest.mark.rule("sai", "Cloak")
def test_cloak_adds_lasting_saves_and_magic():
    """Seed 000 Cloak: magic: X magic; save: X non-magical saves added to the army (an adding
    modifier, step 10) until the beginning of your next turn (a lasting effect)."""
    assert roll(RollContext(MAG), ("Lava Elves/Lurker in the Deep", 7)).total(MAG) == 4
    save = roll(RollContext(SAV), ("Lava Elves/Lurker in the Deep", 7))
    assert save.total(SAV) == 4
    cloak = [c for c in save.dice[0].contributions if c.icon is Icon.CLOAK][0]
    assert cloak.origin is Origin.AUTOMATIC and cloak.step == 10
    assert [(e.kind, e.amount) for e in save.effects] == [("cloak", 4)]
    assert accounted(roll(RollContext(MEL), ("Lava Elves/Lurker in the Deep", 7)).dice[0],
                     Icon.CLOAK) == {"ignored"}


def test_generating_sai_results_are_not_part_of_the_step5_subtotal():
    """Digest §4.2: the step 5 subtotal holds only non-SAI results; SAI results join at 8."""
    result = roll(RollContext(MAN), ("Coral Elves/Eagle Knight", 2), ("Coral Elves/Knight", 2))
    assert (result.subtotal, result.sai_results, result.total(MAN)) == (3, 3, 6)
    assert "step 8: add SAI results: maneuver 3 + 3 = 6" in result.steps


@pytest.mark.rule("sai", "Regenerate")
@pytest.mark.rule("sai", "Wayfare")
def test_wayfare_and_regenerate_offer_their_choice():
    """Seed 001 Wayfare / seed 000 Regenerate: the results are the default; the choice is open
    until made, and the other option replaces the results by an effect."""
    wayfare = roll(RollContext(MAN), ("Items/Air Seven League Boots", 3))
    assert "move" in wayfare.dice[0].contributions[0].alternative
    assert [(p.icon, p.options) for p in wayfare.open_choices] == [
        (Icon.WAYFARE, ("results", "move"))]
    regen = roll(RollContext(SAV), ("Goblins/Troll", 1))
    assert "DUA" in regen.dice[0].contributions[0].alternative
    assert regen.open_choices[0].options == ("saves", "return")


@pytest.mark.rule("sai", "Bash")
def test_bash_against_melee_without_the_attack_is_unresolved():
    """Seed 001 Bash: in a save roll against melee it hits one attacking unit back; counted
    without the attacking army's roll, that cannot be resolved and is reported."""
    result = roll(RollContext(SAV, save_against=MEL), ("Items/Air Mithril Shield", 3))
    assert result.total(SAV) == 0
    assert accounted(result.dice[0], Icon.BASH) == {"unresolved"}


@pytest.mark.rule("sai", "Elevate")
def test_elevate_in_save_only_against_melee():
    """Seed 001 Elevate (Save*): doubles one unit's saves against melee (a multiplying
    modifier); no effect in other save rolls."""
    vs_melee = roll(RollContext(SAV, save_against=MEL), ("Items/Air Flying Carpet", 1))
    assert accounted(vs_melee.dice[0], Icon.ELEVATE) == {"modifier"}
    vs_missile = roll(RollContext(SAV, save_against=MIS), ("Items/Air Flying Carpet", 1))
    assert accounted(vs_missile.dice[0], Icon.ELEVATE) == {"ignored"}


@pytest.mark.rule("sai", "Cantrip")
def test_cantrip_outside_magic_is_cantrip_only_magic():
    """Seed 000 Cantrip / digest §5.3: in other non-maneuver rolls Cantrip gives X magic usable
    only for cantrip spells, cast after the roll in play (an army's roll, or a unit's own roll:
    test_individual_cantrip.py); counted outside a game (the resolve command) nobody casts
    them, so they are reported."""
    for ctx in (RollContext(MEL, cantrip_spells=True),
                replace(unit_context((RollType.SAVE,)), cantrip_spells=True)):
        in_play = roll(ctx, ("Amazons/Oracle", 5))
        assert in_play.cantrip_magic == 3 and not in_play.unresolved
        assert in_play.total(MEL) == 0 and in_play.total(MAG) == 0
    for ctx in (RollContext(MEL), unit_context((RollType.SAVE,))):
        alone = roll(ctx, ("Amazons/Oracle", 5))
        assert alone.cantrip_magic == 3
        assert "not for a roll counted outside a game" in alone.unresolved[0].reason
    assert roll(RollContext(MAG), ("Amazons/Oracle", 5)).cantrip_magic == 0


@pytest.mark.rule("sai", "Surprise")
@pytest.mark.rule("sai", "Charge")
def test_charge_and_surprise_do_nothing_in_a_counter_attack():
    """Seed 000 Charge / Surprise: no effect during a counter-attack."""
    for key, face, icon in (("Dwarves/Behemoth", 7, Icon.CHARGE),
                            ("Frostwings/Yeti", 6, Icon.SURPRISE)):
        attack = roll(RollContext(MEL), (key, face))
        assert accounted(attack.dice[0], icon) == {"effect"}
        counter = roll(RollContext(MEL, counter_attack=True), (key, face))
        assert accounted(counter.dice[0], icon) == {"ignored"}
        assert "counter-attack" in counter.dice[0].ignored[0]


@pytest.mark.rule("sai", "Slay")
def test_slay_acts_in_melee_and_is_ignored_elsewhere():
    """Seed 000 Slay (Applies: Melee): passed on to the game; no effect in a save roll."""
    melee = roll(RollContext(MEL), ("Undead/Minor Death", 4))
    assert [(e.icon, e.kind) for e in melee.effects] == [(Icon.SLAY, "targets")]
    assert melee.unresolved == ()
    save = roll(RollContext(SAV), ("Undead/Minor Death", 4))
    assert save.dice[0].ignored == (
        "Slay has no effect in a save roll (seed 000 Applies column: Melee)",)


# --- Effects -------------------------------------------------------------------------------------


@pytest.mark.rule("sai", "Counter")
def test_counter_damage_only_in_a_save_against_melee():
    """Seed 000 Counter: in a save roll against melee, X saves and X damage to the attacking
    army; in other save rolls, only the saves."""
    vs_melee = roll(RollContext(SAV, save_against=MEL), ("Amazons/Harbinger", 5))
    assert vs_melee.total(SAV) == 4
    assert [(e.kind, e.amount) for e in vs_melee.effects] == [("damage_to_attacker", 4)]
    for ctx in (RollContext(SAV, save_against=MIS), RollContext(SAV)):
        other = roll(ctx, ("Amazons/Harbinger", 5))
        assert other.total(SAV) == 4 and other.effects == ()
    assert roll(RollContext(MEL), ("Amazons/Harbinger", 5)).effects == ()


@pytest.mark.rule("sai", "Volley")
def test_volley_damage_only_in_a_save_against_missile():
    """Seed 000 Volley: in a save roll against missile, X saves and X damage to the attacker."""
    vs_missile = roll(RollContext(SAV, save_against=MIS), ("Frostwings/Assailer", 1))
    assert [(e.kind, e.amount) for e in vs_missile.effects] == [("damage_to_attacker", 4)]
    assert roll(RollContext(SAV, save_against=MEL), ("Frostwings/Assailer", 1)).effects == ()


@pytest.mark.rule("sai", "Wave")
def test_wave_subtracts_from_counter_maneuver_only_when_marching():
    """Seed 000 Wave: a marching maneuver roll subtracts X from each counter-maneuvering army;
    it does nothing during a counter-maneuver; in melee the defender subtracts X saves."""
    march = roll(RollContext(MAN), ("Coral Elves/Leviathan", 5))
    assert [(e.kind, e.amount) for e in march.effects] == [("subtract_from_counter_maneuver", 4)]
    assert march.total(MAN) == 0
    counter = roll(RollContext(MAN, counter_maneuver=True), ("Coral Elves/Leviathan", 5))
    assert counter.effects == ()
    assert counter.dice[0].ignored == ("Wave does nothing if rolled during a counter-maneuver "
                                       "(seed 000 Wave)",)
    melee = roll(RollContext(MEL), ("Coral Elves/Leviathan", 5))
    assert [(e.kind, e.amount) for e in melee.effects] == [("subtract_saves", 4)]


# --- Dragonkin automatic saves (digest §4.7) ------------------------------------------------------


def test_dragonkin_automatic_saves_added_in_save_rolls_only():
    """Digest §4.7: Dragonkin automatic saves equal health, count only if rolled, at step 10.
    Dragonhero (medium, 2 health) showing 2 Melee: 0 + 2 saves; in a melee roll: 2 melee."""
    save = roll(RollContext(SAV), ("Dragonkin/Dragonhero (Fire)", 3))
    assert save.total(SAV) == 2
    assert save.dice[0].automatic_saves == 2
    assert "step 10: add automatic saves: save 0 + 2 = 2" in save.steps
    melee = roll(RollContext(MEL), ("Dragonkin/Dragonhero (Fire)", 3))
    assert melee.total(MEL) == 2 and melee.total(SAV) == 0
    assert melee.dice[0].automatic_saves == 0


def test_dragonkin_automatic_saves_are_not_doubled_by_the_eighth_face():
    """Digest §4.2: ID doubling (step 9) comes before automatic saves are added (step 10)."""
    result = roll(RollContext(SAV, id_multiplier=2), ("Dragonkin/Dragonhero (Fire)", 0))
    assert result.total(SAV) == 2 * 2 + 2


@pytest.mark.rule("sai", "Belly")
def test_belly_removes_automatic_saves():
    """Seed 000 Belly / digest §4.7: the unit loses its automatic saves for that roll."""
    result = roll(RollContext(SAV), ("Dragonkin/Dragonhero (Fire)", 1))
    assert result.total(SAV) == 0
    assert result.dice[0].automatic_saves == 0
    assert accounted(result.dice[0], Icon.BELLY) == {"contribution"}
    other = roll(RollContext(SAV), ("Dragonkin/Dragonhero (Fire)", 1),
                 ("Dragonkin/Dragonfoal (Air)", 2))
    assert other.total(SAV) == 1  # the Dragonfoal keeps its own automatic save
    melee = roll(RollContext(MEL), ("Dragonkin/Dragonhero (Fire)", 1))
    assert accounted(melee.dice[0], Icon.BELLY) == {"ignored"}


def test_automatic_saves_only_for_dice_rolled():
    """Digest §4.7: only Dragonkin that were rolled add automatic saves."""
    assert roll(RollContext(SAV), ("Coral Elves/Herald", 1)).total(SAV) == 0


# --- Items and champions (seed 001, seed 000 logos) -----------------------------------------------


@pytest.mark.parametrize("rt", list(RollType))
def test_artifact_id_gives_four(rt):
    """Seed 001 Artifacts: the ID icon generates four of whatever results you roll for."""
    assert roll(RollContext(rt), ("Items/Air Blade Golem", 0)).total(rt) == 4


def test_equipment_counts_its_icons():
    """Seed 001 Equipment: a medium Dawn Blade face with 3 melee icons gives 3 melee."""
    assert roll(RollContext(MEL), ("Items/Air Dawn Blade", 3)).total(MEL) == 3


def test_single_element_eldarim_logo_is_an_id_worth_two():
    """Seed 000 SFR Logo (Dragonhunter): outside dragon attacks it is an ID icon that generates
    two results, so the eighth face doubles it; the White Dragonslayer's logo does nothing."""
    assert roll(RollContext(MEL), ("Eldarim/Air Dragon Hunter (Air)", 5)).total(MEL) == 2
    doubled = roll(RollContext(MEL, id_multiplier=2), ("Eldarim/Air Dragon Hunter (Air)", 5))
    assert doubled.total(MEL) == 4
    white = roll(RollContext(MEL), ("Eldarim/Dragonslayer (White)", 5))
    assert white.total(MEL) == 0
    assert accounted(white.dice[0], Icon.LOGO) == {"ignored"}


def test_medallion_logos():
    """Seed 001 medallions: Bronze gives X magic of any colour in a magic roll; Silver and Gold
    pass their choice on to the game; all do nothing in a maneuver roll."""
    bronze = roll(RollContext(MAG), ("Items/Bronze Medallion", 0))
    assert bronze.magic_by_color == ((ANY_COLOR, 4),)
    for key, kind in (("Items/Silver Medallion", "silver_medallion"),
                      ("Items/Gold Medallion", "return_from_dua")):
        save = roll(RollContext(SAV), (key, 0))
        assert accounted(save.dice[0], Icon.LOGO) == {"effect"}
        assert save.effects[0].kind == kind
        assert accounted(roll(RollContext(MAN), (key, 0)).dice[0], Icon.LOGO) == {"ignored"}


# --- Magic by colour (digest §5.3) ----------------------------------------------------------------


def test_magic_tracked_by_element_source():
    """Digest §5.3: magic is totalled per element. A Coral Elves unit's magic is air+water; an
    equipment's magic is its own colour; Amazon (Ivory) magic is ivory; Attune is any colour."""
    result = roll(RollContext(MAG), ("Coral Elves/Conjurer", 2), ("Items/Air Sight Stone", 1),
                  ("Amazons/Oracle", 2), ("Items/Death Magi Crown", 3))
    assert dict(result.magic_by_color) == {
        frozenset({Color.AIR, Color.WATER}): 3, frozenset({Color.AIR}): 2,
        frozenset({Color.IVORY}): 5, ANY_COLOR: 3,
    }
    assert sum(n for _, n in result.magic_by_color) == result.total(MAG) == 13


def test_magic_by_color_includes_doubled_id_magic():
    """Digest §8: doubled ID magic stays with its element so the split adds up to the total."""
    result = roll(RollContext(MAG, id_multiplier=2), ("Coral Elves/Conjurer", 0))
    assert result.magic_by_color == ((frozenset({Color.AIR, Color.WATER}), 4),)
    assert result.total(MAG) == 4


# --- Horde roll-off (digest §2) -------------------------------------------------------------------


def test_setup_rolloff_counts_only_maneuver_results():
    """Digest §2 step 4: in the Horde roll-off only SAIs that produce maneuver results count;
    other SAI effects are ignored by rule (not unresolved)."""
    ctx = RollContext(MAN, ignore_sai_effects=True)
    result = roll(ctx, ("Coral Elves/Leviathan", 4), ("Coral Elves/Leviathan", 5),
                  ("Coral Elves/Gryphon", 4), ("Amazons/Nightmare", 1))
    assert result.total(MAN) == 4 + 0 + 0 + 4  # Fly, Wave, Ferry, Firewalking
    assert result.unresolved == () and result.effects == ()
    assert any("setup roll-off: only maneuver results count (digest §2)" in r
               for r in result.dice[1].ignored)
    assert accounted(result.dice[2], Icon.FERRY) == {"ignored"}


# --- Never drop an SAI --------------------------------------------------------------------------


def test_every_catalog_sai_face_is_accounted_for_in_every_context():
    """Architecture guide: an SAI that cannot be resolved is reported, never dropped. Checked for
    every face of every unit and item in every roll context."""
    for die in ARMY_DICE:
        for index, face in enumerate(die.faces):
            for ctx in CONTEXTS:
                out = face_results(die, index, ctx, die_id=7)
                for icon, _ in face.icons:
                    if icon.is_sai:
                        assert accounted(out, icon), (die.key, face.to_text(), ctx)
                assert all(u.die_id == 7 for u in out.unresolved)


def test_handled_icons_never_report_unresolved():
    """handled_icons() promises full handling in army rolls: no Unresolved for those icons."""
    full = handled_icons()
    assert full <= set(SAI_HANDLERS)
    assert {Icon.FLY, Icon.REND, Icon.COUNTER, Icon.BELLY} <= full
    for die in ARMY_DICE:
        for index in range(len(die.faces)):
            for ctx in CONTEXTS:
                out = face_results(die, index, ctx)
                assert not [u for u in out.unresolved if u.icon in full], (die.key, index, ctx)


@settings(max_examples=300, deadline=None)
@given(
    picks=st.lists(st.tuples(st.sampled_from(ARMY_DICE), st.lists(st.integers(0, 9), min_size=1,
                                                                     max_size=4)),
                   min_size=1, max_size=6),
    ctx=st.sampled_from(CONTEXTS),
)
def test_property_every_shown_sai_is_accounted_for(picks, ctx):
    """Property: for random dice, random faces (with legal re-roll chains) and every roll type,
    each SAI icon shown appears in its die's contributions, effects, unresolved or ignored."""
    shown = []
    for die_id, (die, faces) in enumerate(picks):
        chain = chain_for(die, [f % len(die.faces) for f in faces], ctx)
        shown.append((die_id, die, chain))
    result = count_faces(shown, ctx)
    for (die_id, die, chain), outcome in zip(shown, result.dice):
        assert outcome.die_id == die_id and outcome.faces == chain
        for face in chain:
            for icon, _ in die.faces[face].icons:
                if icon.is_sai:
                    assert accounted(outcome, icon), (die.key, face, ctx)
    total = result.total(ctx.roll_type)
    assert total >= 0
    assert sum(n for _, n in result.totals) == total  # army rolls only count the rolled type
    if ctx.roll_type is MAG:
        assert sum(n for _, n in result.magic_by_color) == total


# --- roll_army ------------------------------------------------------------------------------------


ARMY = [(1, CAT.die("Coral Elves/Gryphon")), (2, CAT.die("Items/Air Blade Golem")),
        (3, CAT.die("Coral Elves/Herald")), (4, CAT.die("Dragonkin/Dragonvictor (Fire)")),
        (5, CAT.die("Coral Elves/Leviathan"))]


@pytest.mark.parametrize("ctx", CONTEXTS)
def test_roll_army_is_deterministic_and_matches_count_faces(ctx):
    """The engine is pure: the same seed gives the same roll, and roll_army is count_faces on
    the faces it rolled (one source of truth)."""
    rerolled = False
    for seed in range(40):
        first, rng1 = roll_army(ARMY, ctx, Rng(seed))
        second, rng2 = roll_army(ARMY, ctx, Rng(seed))
        assert first == second and rng1 == rng2
        assert rng1.position >= len(ARMY)
        shown = [(i, die, d.faces) for (i, die), d in zip(ARMY, first.dice)]
        assert count_faces(shown, ctx) == first
        rerolled = rerolled or any(len(d.faces) > 1 for d in first.dice)
    if ctx.roll_type is MEL:
        assert rerolled  # 40 seeds are plenty to see a Rend, Flurry or Tail re-roll


def test_roll_army_rolls_in_order_then_rerolls():
    """Step 1 rolls every die in the given order; step 3 re-rolls afterwards."""
    gryphon = CAT.die("Coral Elves/Gryphon")
    ctx = RollContext(MEL)
    for seed in range(200):
        result, rng = roll_army([(1, gryphon), (2, gryphon)], ctx, Rng(seed))
        if len(result.dice[0].faces) > 1:
            a, r = Rng(seed).roll_face(10, Throw("a d10"))
            b, r = r.roll_face(10, Throw("a d10"))
            c, r = r.roll_face(10, Throw("a d10"))
            assert result.dice[0].faces[:2] == (a, c) and result.dice[1].faces[0] == b
            return
    pytest.fail("no re-roll in 200 seeds")


# --- Inputs and explanation ----------------------------------------------------------------------


def test_bad_inputs_are_rejected():
    """Only units and items roll in an army roll; ids are unique; faces exist; a rolled die
    shows at least one face."""
    for kind in (DieKind.DRAGON, DieKind.TERRAIN, DieKind.MINOR_TERRAIN):
        with pytest.raises(ValueError, match="only units and items"):
            count_faces([(1, CAT.of_kind(kind)[0], (0,))], RollContext(MEL))
        with pytest.raises(ValueError, match="only units and items"):
            roll_army([(1, CAT.of_kind(kind)[0])], RollContext(MEL), Rng(1))
    with pytest.raises(ValueError, match="twice"):
        count_faces([(1, CAT.die("Coral Elves/Herald"), (0,))] * 2, RollContext(MEL))
    with pytest.raises(ValueError, match="faces 0-5"):
        roll(RollContext(MEL), ("Coral Elves/Herald", 6))
    with pytest.raises(ValueError, match="no face shown"):
        roll(RollContext(MEL), ("Coral Elves/Herald", ()))


@pytest.mark.parametrize("kwargs", [
    dict(roll_type=MEL, save_against=MEL), dict(roll_type=SAV, save_against=MAG),
    dict(roll_type=SAV, counter_attack=True), dict(roll_type=MEL, counter_maneuver=True),
    dict(roll_type=MEL, ignore_sai_effects=True), dict(roll_type=MEL, id_multiplier=0),
])
def test_contradictory_contexts_are_rejected(kwargs):
    with pytest.raises(ValueError):
        RollContext(**kwargs)


def test_explain_names_each_die_its_results_and_the_steps():
    result = roll(RollContext(MEL, id_multiplier=2), ("Coral Elves/Gryphon", (2, 0)),
                  ("Undead/Minor Death", 4), ("Coral Elves/Herald", 2))
    text = result.explain()
    assert text.startswith("Melee roll (ID x2 from the eighth face): 12 melee")
    assert "Die 1 Coral Elves/Gryphon: 4 Rend -> rolled again -> 4 ID" in text
    assert "Rend: 4 melee results, and the unit is rolled again" in text
    assert "effect: Slay: target one defending unit; roll it" in text
    assert "no effect: 3 Maneuver: not counted in a melee roll" in text
    assert "step 9: eighth face doubles ID results: 4 -> 8" in text
