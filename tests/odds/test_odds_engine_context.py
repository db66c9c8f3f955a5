"""Issue 11 §4: the odds are the engine's odds. The roll the odds count is built from the
same context play uses (``odds.play.game_roll`` asks ``engine.flow.army_context``): species
abilities' "counts as", lasting effects, the eighth face, effects that allow one result type
only.

The oracle cannot share the odds' bug: it takes the dice and context of the engine's roll
and sends EVERY face combination through the engine's own count (``rolls.count_roll``,
what play calls), then compares the whole distribution. Where the rules text fixes a number
(digest §6 Mountain Mastery, §8 the eighth face ...) it is asserted as worked out by hand.
"""

from dataclasses import replace
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.turn.flow import army_context
from dragondice_desktop.engine.sai.lasting import army_modifiers
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.rolls.model import DieRoll, RollInput, RollType
from dragondice_desktop.engine.rolls.pipeline import count_roll, face_results
from dragondice_desktop.engine.core.state import LastingEffect, Zone, ZoneKind
from dragondice_desktop.odds import OddsSpec, army_distribution
from dragondice_desktop.odds.play import army_dice, game_roll, table_spec
from tests.engine.engine_helpers import position, with_face

CAT = load_catalog()
HOME = Zone(ZoneKind.TERRAIN, 0)      # Ann's Highland City (earth, fire)
FRONTIER = Zone(ZoneKind.TERRAIN, 2)  # Coastland Tower (air, water)
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)


def engine_enumeration(state, zone, player, roll, **context) -> np.ndarray:
    """P(total = k) of the engine's roll, by counting every face combination with the
    engine's own count (the dice must have no roll-again face in this roll)."""
    ctx = army_context(state, zone, player, roll, **context)
    mods = army_modifiers(state, zone, player, ctx)
    dice = [(d.id, d.die) for d in state.units_in(zone, player)]
    kept = {die.key for die in army_dice(state, zone, player, ctx)}
    dice = [(i, die) for i, die in dice if die.key in kept]
    for _, die in dice:
        assert not any(face_results(die, f, ctx).rerolls for f in range(len(die.faces)))
    counts: dict[int, int] = {}
    for faces in product(*(range(len(die.faces)) for _, die in dice)):
        rolled = tuple(DieRoll(i, die, (f,)) for (i, die), f in zip(dice, faces))
        total = count_roll(RollInput(ctx, rolled, mods)).total(roll)
        counts[total] = counts.get(total, 0) + 1
    n = sum(counts.values())
    pmf = np.zeros(max(counts) + 1)
    for k, c in counts.items():
        pmf[k] = c / n
    return pmf


def odds_of(state, zone, player, roll, **context):
    dice, spec = game_roll(state, zone, player, roll, **context)
    return army_distribution(dice, spec)


def same(dist, pmf):
    size = max(len(dist.pmf), len(pmf))
    a, b = np.zeros(size), np.zeros(size)
    a[:len(dist.pmf)] = dist.pmf
    b[:len(pmf)] = pmf
    assert np.abs(a - b).max() < 1e-12, (a, b)


def with_effect(state, **fields):
    return state.with_(effects=state.effects + (LastingEffect(creator=1, **fields),))


FOOTMEN = {"home": ["Dwarves/Footman"] * 3}


def test_mountain_mastery_dwarven_footmen_maneuver_at_highland_city():
    """Digest §6 Mountain Mastery: at an earth terrain Dwarves' melee counts as maneuver.
    A Footman (1 ID, 1 save, 1 melee, 1 melee, 1 save, 2 melee) then gives 1 + 1 + 1 + 2 = 5
    maneuver over its six faces: three Footmen at Highland City average 2.5 (the dock used
    to show 0.5, the ID alone)."""
    state = position(ann=FOOTMEN)
    dist = odds_of(state, HOME, 0, MAN)
    assert dist.mean == pytest.approx(2.5)
    same(dist, engine_enumeration(state, HOME, 0, MAN))


def test_mountain_mastery_not_at_a_terrain_without_earth():
    """Digest §6: the ability needs earth; Coastland Tower is air and water: only the ID
    face gives maneuver (3 x 1/6)."""
    state = position(ann={"campaign": ["Dwarves/Footman"] * 3})
    dist = odds_of(state, FRONTIER, 0, MAN)
    assert dist.mean == pytest.approx(0.5)
    same(dist, engine_enumeration(state, FRONTIER, 0, MAN))


def test_eighth_face_doubles_ids_with_mountain_mastery():
    """Digest §8: the army holding the eighth face doubles its ID results; the melee counted
    as maneuver is an adding modifier (not doubled). Per Footman (2 + 4) / 6 = 1: mean 3."""
    state = with_face(position(ann=FOOTMEN), 0, 8, 0)
    dist = odds_of(state, HOME, 0, MAN)
    assert dist.mean == pytest.approx(3.0)
    same(dist, engine_enumeration(state, HOME, 0, MAN))


def test_wither_with_mountain_mastery_whole_distribution():
    """Seed 000 Wither (a lasting subtracting modifier, step 6) on the footmen's maneuver
    roll at Highland City, with the species conversion added at step 10."""
    state = with_effect(position(ann=FOOTMEN), icon=Icon.WITHER, kind="subtract_all",
                        text="Wither", player=0, zone=HOME, amount=1)
    dist = odds_of(state, HOME, 0, MAN)
    pmf = engine_enumeration(state, HOME, 0, MAN)
    same(dist, pmf)
    # Only the ID face gives normal maneuver results; Wither takes one of them away, so the
    # total is the converted melee alone when at most one ID shows: mean < 2.5.
    assert dist.mean < 2.5


def test_dragon_plague_ignores_ids_in_the_odds():
    """Digest §5.4 Dragon Plague: the army ignores its ID results. The Footmen's maneuver at
    Highland City is then the converted melee alone: 4 / 6 per die, mean 2."""
    state = with_effect(position(ann=FOOTMEN), icon=None, kind="ignore_ids",
                        text="Dragon Plague", player=0, zone=HOME)
    dist = odds_of(state, HOME, 0, MAN)
    assert dist.mean == pytest.approx(2.0)
    same(dist, engine_enumeration(state, HOME, 0, MAN))


def test_necromantic_wave_counts_magic_as_melee():
    """Digest §7 Necromantic Wave: the army's magic counts as melee in its melee rolls (only
    that one conversion); the odds count the engine's conversion."""
    army = {"home": ["Goblins/Hedge Wizard", "Goblins/Hedge Wizard", "Goblins/Thug"]}
    state = with_effect(position(ann=army), icon=None, kind="counts_as",
                        text="Necromantic Wave", player=0, zone=HOME, spell="Necromantic Wave")
    # Hedge Wizard: 2 ID, 2 save, 3 magic, 3 magic, 2 maneuver, 2 magic; Thug: 1 ID, 1 save,
    # 1 melee, 1 melee, 1 maneuver, 2 melee. Melee without the Wave: 2/6 + 2/6 + 5/6 = 1.5;
    # with it each Wizard's 8 magic over six faces counts too: 1.5 + 16/6.
    plain = odds_of(position(ann=army), HOME, 0, MEL)
    dist = odds_of(state, HOME, 0, MEL)
    same(dist, engine_enumeration(state, HOME, 0, MEL))
    assert plain.mean == pytest.approx(1.5)
    assert dist.mean == pytest.approx(1.5 + 16 / 6)


def test_coastal_dodge_saves_against_missile_at_coastland_tower():
    """Digest §6 Coastal Dodge: at a water terrain Coral Elves' maneuver counts as saves; a
    save roll against missile at Coastland Tower counts them."""
    army = {"campaign": ["Coral Elves/Herald", "Coral Elves/Herald", "Coral Elves/Herald"]}
    state = position(ann=army)
    plain = army_distribution([CAT.die("Coral Elves/Herald")] * 3,
                              OddsSpec(SAV, save_against=MIS))
    dist = odds_of(state, FRONTIER, 0, SAV, save_against=MIS)
    same(dist, engine_enumeration(state, FRONTIER, 0, SAV, save_against=MIS))
    assert dist.mean > plain.mean


def test_swamp_mastery_waits_for_rules_revision_2():
    """Digest §6 Swamp Mastery (Goblins' melee counts as maneuver at an earth terrain) is
    applied from rules revision 2: an old game's odds follow the old game's rules."""
    army = {"home": ["Goblins/Thug", "Goblins/Thug", "Goblins/Thug"]}
    new = position(ann=army)
    old = new.with_(options=replace(new.options, rules=1))
    assert new.options.rules >= 2
    new_dist, old_dist = odds_of(new, HOME, 0, MAN), odds_of(old, HOME, 0, MAN)
    same(new_dist, engine_enumeration(new, HOME, 0, MAN))
    same(old_dist, engine_enumeration(old, HOME, 0, MAN))
    assert new_dist.mean > old_dist.mean


def test_palsy_only_on_non_maneuver_rolls():
    """Digest §7 Palsy: its subtracting modifier acts on non-maneuver rolls only; the odds of
    the maneuver roll must not subtract it (they used to take every modifier)."""
    from dragondice_desktop.engine.rolls.model import Modifier, ModOp

    palsy = Modifier(ModOp.SUBTRACT, 1, "Palsy")
    state = with_effect(position(ann=FOOTMEN), icon=None, kind="modifiers", text="Palsy",
                        player=0, zone=HOME, modifiers=(palsy,), rolls="non-maneuver",
                        spell="Palsy")
    same(odds_of(state, HOME, 0, MAN), engine_enumeration(state, HOME, 0, MAN))
    assert odds_of(state, HOME, 0, MAN).mean == pytest.approx(2.5)
    same(odds_of(state, HOME, 0, MEL), engine_enumeration(state, HOME, 0, MEL))


def test_counter_maneuver_and_save_rolls_are_each_armys_own():
    """The opponent's counter-maneuver is its own roll: its eighth face, its species. Bob's
    Footmen at Ann's Highland City also have Mountain Mastery there (digest §6)."""
    state = position(ann=FOOTMEN, bob={"campaign": ["Dwarves/Footman"] * 2})
    state = state.with_(zones=tuple(HOME if d.owner == 1 and z.kind is ZoneKind.TERRAIN
                                    else z for d, z in zip(state.dice, state.zones)))
    dist = odds_of(state, HOME, 1, MAN, counter_maneuver=True)
    same(dist, engine_enumeration(state, HOME, 1, MAN, counter_maneuver=True))


def test_table_spec_is_the_engine_context_of_the_place():
    """``dragondice odds`` at a terrain: the same place context as play (place_context):
    Highland City counts the Footmen's melee as maneuver; holding the eighth face doubles
    their IDs (digest §6, §8). Without a terrain that is listed as not counted."""
    dice = [CAT.die("Dwarves/Footman")] * 3
    highland = CAT.die("Terrains/Highland City")
    at = army_distribution(dice, table_spec(OddsSpec(MAN), highland, dice=dice))
    held = army_distribution(dice, table_spec(OddsSpec(MAN), highland, True, dice=dice))
    bare = army_distribution(dice, table_spec(OddsSpec(MAN), None, dice=dice))
    assert (at.mean, held.mean, bare.mean) == pytest.approx((2.5, 3.0, 0.5))
    assert any(n.what == "terrain" for n in bare.notes)
    # No maneuver at all: each Footman shows one of its two save faces, (2/6)^3.
    assert Fraction(at.pmf[0]).limit_denominator(1000) == Fraction(1, 27)


def test_vortex_reroll_is_listed_beside_the_numbers():
    """Seed 003 Vortex: the holder may re-roll one unit in a non-maneuver roll; the odds do
    not count that choice, so they list it (only for non-maneuver rolls)."""
    vortex = next(d for d in CAT if d.kind.value == "terrain" and d.eighth_face is Icon.VORTEX)
    dice = [CAT.die("Dwarves/Footman")]
    melee = army_distribution(dice, table_spec(OddsSpec(MEL), vortex, True, dice=dice))
    maneuver = army_distribution(dice, table_spec(OddsSpec(MAN), vortex, True, dice=dice))
    assert any(n.what == "Vortex" for n in melee.notes)
    assert not any(n.what == "Vortex" for n in maneuver.notes)


def test_spec_refuses_a_context_for_another_roll():
    ctx = army_context(position(ann=FOOTMEN), HOME, 0, MAN)
    with pytest.raises(ValueError, match="another roll"):
        OddsSpec(MEL, base=ctx)


# --- any context the engine builds: the whole distribution by enumeration -------------------

from dragondice_desktop.catalog.model import Color  # noqa: E402
from dragondice_desktop.engine.turn.flow import place_context  # noqa: E402
from dragondice_desktop.engine.rolls.model import Modifier, ModOp, RollContext  # noqa: E402

EARTH_FIRE = frozenset({Color.EARTH, Color.FIRE})
CONTEXTS = {
    "Mountain Mastery (digest §6)": place_context(MAN, elements=EARTH_FIRE),
    "Mountain Mastery, eighth face (§6, §8)": place_context(MAN, elements=EARTH_FIRE,
                                                           eighth_face=True),
    "Coastal Dodge vs missile (§6)": place_context(
        SAV, elements=frozenset({Color.WATER, Color.AIR}), save_against=MIS),
    "Stampede counter-attack (§6)": place_context(
        MEL, elements=frozenset({Color.EARTH, Color.AIR}), counter_attack=True),
    "Dwarven Might, eighth face (§6, §8)": place_context(
        MEL, elements=frozenset({Color.FIRE}), counter_attack=True, eighth_face=True),
    "Necromantic Wave (§7)": RollContext(MEL, counts_as=((MAG, MEL),)),
    "Dragon Plague (§5.4)": RollContext(MIS, ignore_ids="Dragon Plague"),
    "Tidal Wave normal results only (§7)": RollContext(MAN, normal_results_only="Tidal Wave"),
    "normal results only, eighth face (§7, §8)": RollContext(
        SAV, normal_results_only="Tidal Wave", id_multiplier=2),
}
MODIFIERS = [(), (Modifier(ModOp.SUBTRACT, 2, "Wither 2"),),
             (Modifier(ModOp.DIVIDE, 2, "Frost Breath"),)]


def _no_reroll_units(ctx):
    out = []
    for die in CAT:
        if not die.kind.is_unit:
            continue
        try:
            if not any(face_results(die, f, ctx).rerolls for f in range(len(die.faces))):
                out.append(die)
        except ValueError:
            continue
    return out


@pytest.mark.parametrize("name", sorted(CONTEXTS))
def test_random_armies_match_the_engines_enumeration(name):
    """For each engine context (species abilities, lasting effects, the eighth face, results
    of one kind only), random small armies with and without a subtracting or dividing
    modifier: the odds' whole distribution equals the count of every face combination by
    the engine (``rolls.count_roll``)."""
    import random

    ctx = CONTEXTS[name]
    pool = _no_reroll_units(ctx)
    rnd = random.Random(sorted(CONTEXTS).index(name) + 11)
    for _ in range(8):
        dice = [rnd.choice(pool) for _ in range(2)]
        mods = rnd.choice(MODIFIERS)
        counts: dict[int, int] = {}
        for faces in product(*(range(len(d.faces)) for d in dice)):
            rolled = tuple(DieRoll(i, d, (f,)) for i, (d, f) in enumerate(zip(dice, faces)))
            total = count_roll(RollInput(ctx, rolled, mods)).total(ctx.roll_type)
            counts[total] = counts.get(total, 0) + 1
        pmf = np.zeros(max(counts) + 1)
        for k, c in counts.items():
            pmf[k] = c / sum(counts.values())
        same(army_distribution(dice, OddsSpec.of_context(ctx, modifiers=mods)), pmf)


def test_game_roll_lists_the_rerolls_play_offers():
    """Seed 003 Vortex (the holder may re-roll one unit in a non-maneuver roll) and Flashfire
    (digest §7: one re-roll per casting): play asks the player; the odds count the first roll
    and list both beside the numbers. Not in a maneuver roll."""
    state = position(ann={"campaign": ["Dwarves/Footman"] * 2},
                     frontier="Terrains/Coastland Vortex", faces=(3, 3, 8))
    state = with_effect(state, icon=None, kind="flashfire", text="Flashfire", player=0,
                        zone=FRONTIER, amount=1, spell="Flashfire")
    melee = odds_of(state, FRONTIER, 0, MEL)
    assert {n.what for n in melee.notes} >= {"Vortex", "Flashfire"}
    maneuver = odds_of(state, FRONTIER, 0, MAN)
    assert not {n.what for n in maneuver.notes} & {"Vortex", "Flashfire"}
    same(melee, engine_enumeration(state, FRONTIER, 0, MEL))


def test_dragonkin_never_roll_for_missile_in_the_odds():
    """Digest §5.6: Dragonkin never roll for magic or missile; the odds roll the dice play
    rolls (``army_roll.left_out``)."""
    state = position(ann={"home": ["Dwarves/Footman", "Dragonkin/Dragonhero (Fire)"]})
    dice, _ = game_roll(state, HOME, 0, MIS)
    assert [d.key for d in dice] == ["Dwarves/Footman"]
    dice, _ = game_roll(state, HOME, 0, MEL)
    assert sorted(d.key for d in dice) == ["Dragonkin/Dragonhero (Fire)", "Dwarves/Footman"]
