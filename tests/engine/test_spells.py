"""Spells (digest §5.3, §7): paying by element and species, announcing, combining cumulative
castings, Dispel Magic, Reserve armies casting R spells, cantrip magic in other rolls, the
Temple and Standing Stones (digest §8), and what the spells do.

Positions: Ann (player 0) marches her Campaign army at the Frontier (Coastland Tower: air and
water; face 1 shows magic) where Bob has his Campaign army. The dice script shows the faces
of the magic roll, then any rolls the spells ask for.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.model import Species
from dragondice_desktop.engine.game import IllegalAction, legal_actions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.spells import SPELLS, unavailable
from dragondice_desktop.engine.spells.pool import Demand, MagicSource, payable
from dragondice_desktop.engine.core.state import Phase, Step, Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, texts, turn, with_face

T0, T1, T2 = (Zone(ZoneKind.TERRAIN, i) for i in range(3))
DUA0, DUA1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1)
RES0, RES1 = Zone(ZoneKind.RESERVE, 0), Zone(ZoneKind.RESERVE, 1)
CONJURER, FOOT, OAK = "Coral Elves/Conjurer", "Dwarves/Footman", "Treefolk/Oak"
MAGIC_ACTION = ("march t2", "no-maneuver", "action magic")


def casts(state):
    return sorted(a.to_text() for a in legal_actions(state))


def magic(ann_campaign, *faces, bob_campaign=(FOOT,), frontier="Terrains/Coastland Tower",
          face=1, **kwargs):
    """Ann's magic action at the Frontier with the given dice script; returns the state
    waiting for her spells."""
    state = position(ann={"campaign": ann_campaign, **kwargs.get("ann", {})},
                     bob={"campaign": bob_campaign, **kwargs.get("bob", {})},
                     frontier=frontier, faces=(3, 3, face))
    state, _ = turn(state, 0)
    state, _ = run(scripted(state, *faces), *MAGIC_ACTION)
    return state


# --- paying -------------------------------------------------------------------------------------


def source(amount, *elements, species=None, **kwargs):
    return MagicSource(amount, frozenset(elements), species, **kwargs)


def test_each_casting_is_paid_with_one_element():
    """Digest §5.3: mixed elements cannot be pooled for one casting; a two-element unit splits
    its magic between its elements as its owner likes."""
    air, water = source(2, "air"), source(2, "water")
    assert not payable([air, water], [Demand(4, "air", None)], frozenset())
    assert payable([source(4, "air", "water")], [Demand(2, "air", None),
                                                 Demand(2, "water", None)], frozenset())
    assert not payable([source(3, "air", "water")], [Demand(2, "air", None),
                                                     Demand(2, "water", None)], frozenset())


def test_species_spells_need_that_species_magic_or_item_magic_with_the_species_present():
    """Digest §5.3: species spells need magic produced by units of that species; item magic
    pays them if the army holds a unit of that species."""
    elves = source(3, "air", species=Species.CORAL_ELVES)
    dwarves = source(3, "air", species=Species.DWARVES)
    item = source(3, "air")
    blizzard = [Demand(3, "air", Species.CORAL_ELVES)]
    assert payable([elves], blizzard, frozenset())
    assert not payable([dwarves], blizzard, frozenset({Species.DWARVES}))
    assert payable([item], blizzard, frozenset({Species.CORAL_ELVES}))
    assert not payable([item], blizzard, frozenset({Species.DWARVES}))


def test_ivory_magic_pays_only_elemental_spells():
    ivory = source(4, "ivory", species=Species.AMAZONS)
    assert not payable([ivory], [Demand(4, "air", None)], frozenset())  # Wind Walk
    assert payable([ivory], [Demand(3, "ivory", None)], frozenset())  # Resurrect Dead


def test_the_spell_book_has_the_47_spells_and_the_dracolem_ones_are_unavailable():
    assert len(SPELLS) == 47
    assert set(unavailable()) == {"Scrap for Parts", "Reconfigure", "Reinforce", "Knock Out",
                                  "Plasma Arc", "Anti-Magic Surge", "Explode Item",
                                  "Escape Portal"}


# --- announcing and resolving -------------------------------------------------------------------


def test_magic_action_offers_what_the_magic_pays_for():
    """Two Conjurers (Coral Elves, air and water) roll 3 Magic each: 6 magic. Earth, fire and
    death spells are not offered; Blizzard (Coral Elves, 3) is; Tidal Wave (Scalders) not."""
    state = magic((CONJURER, CONJURER), 2, 2)
    assert state.step is Step.CAST and "6 magic" in state.pending.prompt
    options = casts(state)
    assert "cast hailstorm air t2 1" in options
    assert "cast watery-double water t2 0" in options and "cast blizzard air t2" in options
    assert not [o for o in options if o.startswith(("cast stone-skin", "cast tidal-wave",
                                                    "cast palsy"))]
    assert "cast lightning-strike air " + str(die_ids(state, FOOT, "t2", 1)[0]) in options
    assert options[-1] == "done"


@pytest.mark.rule("spell", "Stone Skin")
def test_stone_skin_lasts_until_the_casters_next_turn():
    """Digest §7 Watery Double: Army +1 save, until your next turn (cumulative: two castings
    +2); digest §3.1: it ends at the caster's Expire Effects phase."""
    state = magic((CONJURER, CONJURER), 2, 2)
    state, events = run(state, "cast watery-double water t2 0", "cast watery-double water t2 0")
    assert "magic left 2 of 6, 2 spells announced" in state.pending.prompt
    state, events = run(state, "done")
    effect = [e for e in state.effects if e.spell == "Watery Double"][0]
    assert effect.modifiers[0].amount == 2 and effect.creator == 0
    assert state.phase is Phase.SECOND_MARCH or state.phase is Phase.RESERVES
    from dragondice_desktop.engine.turn.start import begin_turn
    later = begin_turn(state, 0, [])
    assert not [e for e in later.effects if e.spell == "Watery Double"]


def test_cumulative_hailstorms_on_one_army_are_one_save_roll():
    """Digest §5.3: castings of a cumulative spell on one target combine into one stronger
    spell: two Hailstorms = 2 damage, one save roll. Bob's Footman rolls Melee (2): no save."""
    state = magic((CONJURER, CONJURER), 2, 2)
    foot = die_ids(state, FOOT, "t2", 1)[0]
    state = scripted(state, 2)
    state, events = run(state, "cast hailstorm air t2 1", "cast hailstorm air t2 1",
                        "done")
    saves = [e for e in events if e.kind == "roll" and e.roll]
    assert len(saves) == 1
    assert "Hailstorm: 2 damage" in " ".join(texts(events))
    state, _ = run(state, f"kill {foot}")
    assert state.zones[foot] == DUA1


@pytest.mark.rule("spell", "Lightning Strike")
def test_lightning_strike_only_once_per_unit():
    """Digest §7: at most one Lightning Strike per unit per magic action (not cumulative)."""
    state = magic(("Coral Elves/Enchanter", CONJURER, CONJURER), 2, 2, 2)
    foot = die_ids(state, FOOT, "t2", 1)[0]
    state, _ = run(state, f"cast lightning-strike air {foot}")
    assert f"cast lightning-strike air {foot}" not in casts(state)
    state = scripted(state, 2)  # the Footman rolls Melee: no save
    state, events = run(state, "done")
    assert state.zones[foot] == DUA1


def test_a_target_gone_before_its_spell_resolves_is_not_retargeted():
    """Digest §5.3 step 3: "A target that has gone cannot be re-targeted. That spell does
    nothing." Lightning Strike kills Bob's only unit there; the Hailstorm then finds no
    army."""
    state = magic(("Coral Elves/Enchanter", CONJURER, CONJURER), 2, 2, 2)
    foot = die_ids(state, FOOT, "t2", 1)[0]
    state = scripted(state, 2)
    state, events = run(state, f"cast lightning-strike air {foot}", "cast hailstorm air t2 1",
                        "done")
    assert state.zones[foot] == DUA1
    assert any("its target is gone" in t for t in texts(events))


def test_unused_magic_is_lost_and_a_magic_action_draws_no_counter_attack():
    state = magic((CONJURER, CONJURER), 2, 2)
    state, events = run(state, "done")
    assert "No spell announced: the magic is lost" in texts(events)
    assert state.phase is Phase.SECOND_MARCH and state.pending.player == 0


@pytest.mark.rule("sai", "Dispel Magic")
def test_dispel_magic_negates_the_spells_on_its_army():
    """Seed 000 Dispel Magic: a targeted unit may roll; on its Dispel Magic icon every
    unresolved spell on it, its army or its terrain is negated. Gargoyle face 5: Dispel."""
    state = magic((CONJURER, CONJURER), 2, 2, bob_campaign=("Dwarves/Gargoyle",))
    state, _ = run(state, "cast hailstorm air t2 1")
    state, _ = run(state, "done")
    assert state.pending.player == 1 and casts(state) == ["choose no", "choose roll"]
    state, events = run(scripted(state, 5), "choose roll")
    assert "Dispel Magic: Hailstorm negated" in texts(events)
    assert not [e for e in events if e.kind == "damage"]


@pytest.mark.rule("spell", "Summon Dragon")
def test_summon_dragon_brings_a_dragon_of_the_casting_element():
    """Digest §5.5 Summon Dragon (7): a dragon containing the casting element, from any pool,
    to any terrain. Enchanter 4 Magic + Conjurers 3 + 3 = 10 air/water magic."""
    state = magic(("Coral Elves/Enchanter", CONJURER, CONJURER), 2, 2, 2,
                  bob={"dragons": ("Dragons/Blue Drake", "Dragons/Red Drake",
                                   "Dragons/White Wyrm")})
    blue, red = die_ids(state, "Dragons/Blue Drake")[0], die_ids(state, "Dragons/Red Drake")[0]
    options = casts(state)
    assert f"cast summon-dragon air {blue}" in options
    assert not [o for o in options if o.startswith("cast summon-dragon") and str(red) in o]
    state, _ = run(state, f"cast summon-dragon air {blue}", "done")
    state, _ = run(state, "choose t1")
    assert state.zones[blue] == T1


def test_reserve_armies_march_and_cast_only_reserve_spells():
    """Digest §3.5: a Reserve army may not maneuver; it may only take a magic action, and cast
    only spells marked R."""
    state = position(ann={"home": (CONJURER, CONJURER)}, faces=(3, 3, 3))
    conjurers = die_ids(state, CONJURER, "t0", 0)
    state = moved(state, conjurers, RES0)
    state, _ = turn(state, 0)
    assert "march reserve0" in casts(state)
    state, _ = run(state, "march reserve0")
    assert casts(state) == ["action magic", "no-action"]
    state, _ = run(scripted(state, 2, 2), "action magic")
    spells = {o.split()[1] for o in casts(state) if o.startswith("cast")}
    # Air and water R spells any species may cast (Resurrect Dead: nothing in the DUA).
    assert spells == {"wind-walk", "watery-double"}


@pytest.mark.rule("sai", "Cantrip")
def test_cantrip_magic_in_a_melee_roll_buys_cantrip_spells_at_once():
    """Digest §5.3: outside a magic action Cantrip gives magic that buys only C spells,
    resolved at once. Enchanter rolls 4 Cantrip (face 5) in a melee attack at face 7."""
    state = position(ann={"campaign": ("Coral Elves/Enchanter",)}, faces=(3, 3, 7))
    state, _ = turn(state, 0)
    state, events = run(scripted(state, 5), "march t2", "no-maneuver", "action melee")
    assert state.step is Step.CAST and "Cantrip spells" in state.pending.prompt
    spells = {o.split()[1] for o in casts(state) if o.startswith("cast")}
    assert spells == {"hailstorm", "watery-double"}


@pytest.mark.rule("eighth_face", "Temple")
def test_temple_blocks_opponents_death_spells_but_not_others():
    """Digest §8 Temple: the controlling army and its units cannot be affected by opponents'
    death magic. Ann casts from her Home Terrain (Highland City, face 1: magic); Bob's army
    holds the Feyland Temple at the Frontier; his Horde at Ann's home does not."""
    state = position(ann={"home": ("Goblins/Hedge Wizard", "Goblins/Hedge Wizard")},
                     bob={"campaign": (FOOT,)}, frontier="Terrains/Feyland Temple",
                     faces=(1, 3, 3))
    state = with_face(state, 2, 8, 1)
    state, _ = turn(state, 0)
    state, _ = run(scripted(state, 2, 2), "march t0", "no-maneuver", "action magic")
    options = casts(state)
    assert "cast palsy death t2 1" not in options and "cast palsy death t0 1" in options
    assert "cast stone-skin earth t2 1" in options
    bobs_foot = die_ids(state, FOOT, "t2", 1)[0]
    assert f"cast finger-of-death death {bobs_foot}" not in options


@pytest.mark.rule("eighth_face", "Standing Stones")
def test_standing_stones_converts_magic_to_the_terrains_elements():
    """Digest §8 Standing Stones: the holding army may convert its magic to an element of the
    terrain. Coral Elves (air, water) at a Highland (fire, earth) Standing Stones may cast
    fire and earth spells."""
    state = position(ann={"campaign": (CONJURER, CONJURER)}, bob={"campaign": (FOOT,)},
                     frontier="Terrains/Highland Standing Stones", faces=(3, 3, 8))
    state, _ = turn(state, 0)
    state, _ = run(scripted(state, 2, 2), "march t2", "no-maneuver", "action magic")
    options = casts(state)
    assert "cast stone-skin earth t2 0" in options and "cast ash-storm fire t2" in options


def test_amazon_magic_takes_the_terrains_elements():
    """Digest §6 Terrain Harmony: Amazons' magic takes the elements of their terrain."""
    state = magic(("Amazons/Visionary",), 2)
    options = casts(state)
    assert "cast hailstorm air t2 1" in options


# --- lasting spells at work ----------------------------------------------------------------------


@pytest.mark.rule("spell", "Wall of Fog")
def test_wall_of_fog_takes_six_missile_from_attacks_at_that_terrain():
    state = magic((CONJURER, CONJURER, CONJURER), 2, 2, 2)
    state, _ = run(state, "cast wall-of-fog water t2", "done")
    fog = [e for e in state.effects if e.kind == "wall_of_fog"][0]
    assert fog.zone == T2 and fog.amount == 6


@pytest.mark.rule("spell", "Flash Flood")
def test_flash_flood_drops_the_terrain_unless_an_opposing_army_rolls_six_maneuver():
    """Digest §7 Flash Flood: the terrain drops one step unless an opposing army there rolls
    6 or more maneuver. Bob's Footman rolls no maneuver."""
    state = magic((CONJURER, CONJURER), 2, 2)
    state, events = run(scripted(state, 2), "cast flash-flood water t2", "done")
    assert state.terrains[2].face == 1  # it was 1 already: never below 1
    state = magic((CONJURER, CONJURER), 2, 2, face=2,
                  frontier="Terrains/Swampland Temple")  # face 2 shows magic there
    state, events = run(scripted(state, 2), "cast flash-flood water t2", "done")
    assert state.terrains[2].face == 1


@pytest.mark.rule("spell", "Open Grave")
def test_open_grave_sends_units_killed_after_a_save_roll_to_reserves():
    """Digest §7 Open Grave: units killed after a save roll by army-targeting effects go to
    the Reserve Area instead of the DUA."""
    from dragondice_desktop.engine.core.state import LastingEffect

    state = magic((CONJURER, CONJURER), 2, 2)
    foot = die_ids(state, FOOT, "t2", 1)[0]
    grave = LastingEffect(1, None, "open_grave", "Open Grave", player=1, zone=T2,
                          spell="Open Grave")
    state = state.with_(effects=state.effects + (grave,))
    state, _ = run(scripted(state, 2), "cast hailstorm air t2 1", "done")
    state, _ = run(state, f"kill {foot}")
    assert state.zones[foot] == RES1


@pytest.mark.rule("spell", "Accelerated Growth")
def test_accelerated_growth_exchanges_a_killed_treefolk():
    """Digest §7 Accelerated Growth: a Treefolk of 2+ health that is killed may instead be
    exchanged with a 1-health Treefolk from the DUA."""
    from dragondice_desktop.engine.core.state import LastingEffect

    state = magic((CONJURER, CONJURER), 2, 2, bob_campaign=(OAK,),
                  bob={"home": ("Treefolk/Oakling",)})
    oak, oakling = die_ids(state, OAK)[0], die_ids(state, "Treefolk/Oakling")[0]
    state = moved(state, [oakling], DUA1)
    growth = LastingEffect(1, None, "accelerated_growth", "Accelerated Growth", player=1,
                           spell="Accelerated Growth")
    state = state.with_(effects=state.effects + (growth,))
    state, _ = run(state, "cast hailstorm air t2 1", "cast hailstorm air t2 1",
                   "cast hailstorm air t2 1")
    state, _ = run(scripted(state, 1), "done")  # Oak rolls Melee: no save
    # Replanting (the Frontier contains water): the Oak rolls first, Melee, not its ID.
    state, events = run(scripted(state, 1), f"kill {oak}")
    assert state.zones[oak] == DUA1 and state.zones[oakling] == T2
    # The log names the effect that made the exchange (never applied silently).
    assert any("Accelerated Growth exchanges it with Bob's Oakling" in t
               for t in texts(events, "sai"))


@pytest.mark.rule("spell", "Necromantic Wave")
def test_necromantic_wave_counts_magic_as_melee():
    from dragondice_desktop.engine.turn.flow import army_context
    from dragondice_desktop.engine.core.state import LastingEffect

    state = position()
    wave = LastingEffect(0, None, "counts_as", "Necromantic Wave", player=0, zone=T2,
                         spell="Necromantic Wave")
    state = state.with_(effects=(wave,))
    ctx = army_context(state, T2, 0, RollType.MELEE)
    assert ctx.counts_as == ((RollType.MAGIC, RollType.MELEE),)
    assert army_context(state, T2, 0, RollType.SAVE).counts_as == ()


def test_announcing_an_unpayable_spell_is_refused():
    state = magic((CONJURER,), 2)
    with pytest.raises(IllegalAction):
        run(state, "cast summon-dragon air 0")
