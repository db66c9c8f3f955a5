"""Species abilities (digest §6): "counts as" conversions at terrains of the right elements,
the Species Abilities phase (Feralization, Winter's Fortitude, Mutate, Dragonkin Handlers),
kill hooks (Replanting, Stepped Damage), magic (Bone Magic, Magic Negation), Cursed Bullets,
Scorching Touch, Rapid Growth and Air Flight; the † caps (1 per 24 points or part).

Terrains: Ann's Home is Highland City (fire, earth, t0), Bob's Flatland City (air, earth,
t1); the Frontier (t2) is chosen per test.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Species
from dragondice_desktop.engine.turn.flow import army_context
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.individual_roll import unit_roll
from dragondice_desktop.engine.rolls.pipeline import DieRoll, RollInput, RollType, count_roll
from dragondice_desktop.engine.species.counts_as import dagger_cap, force_points
from dragondice_desktop.engine.core.state import Phase, Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, texts, turn

CAT = load_catalog()
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)
T0, T1, T2 = (Zone(ZoneKind.TERRAIN, i) for i in range(3))
DUA0, DUA1, BUA0 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1), Zone(ZoneKind.BUA, 0)
RES0, RES1 = Zone(ZoneKind.RESERVE, 0), Zone(ZoneKind.RESERVE, 1)


def options(state):
    return sorted(a.to_text() for a in legal_actions(state))


def count(state, zone, player, roll_type, faces, **context):
    """Count `player`'s army at `zone` showing `faces` (die id -> face index) in a roll."""
    ctx = army_context(state, zone, player, roll_type, **context)
    dice = tuple(DieRoll(i, state.dice[i].die, (f,)) for i, f in faces.items())
    return count_roll(RollInput(ctx, dice))


@pytest.mark.rule("species", "Coral Elves", "Coastal Dodge")
def test_coastal_dodge_counts_maneuver_as_saves_at_a_water_terrain():
    """Coral Elves at Coastland (air, water): a Courier's 3 Maneuver count as 3 saves; the
    Footman's Melee does not (species abilities belong to that species' dice)."""
    state = position(ann={"campaign": ("Coral Elves/Courier", "Dwarves/Footman")},
                     frontier="Terrains/Coastland Tower")
    courier, foot = die_ids(state, "Coral Elves/Courier")[0], die_ids(state, "Dwarves/Footman",
                                                                      "t2", 0)[0]
    result = count(state, T2, 0, SAV, {courier: 2, foot: 3})
    assert result.total(SAV) == 3
    assert "Coastal Dodge" in result.explain()
    home = moved(state, [courier], T0)  # Highland: no water
    assert count(home, T0, 0, SAV, {courier: 2}).total(SAV) == 0


@pytest.mark.rule("species", "Dwarves", "Mountain Mastery")
def test_mountain_mastery_counts_melee_as_maneuver_at_an_earth_terrain():
    state = position(ann={"home": ("Dwarves/Footman",)})
    foot = die_ids(state, "Dwarves/Footman", "t0", 0)[0]
    assert count(state, T0, 0, MAN, {foot: 5}).total(MAN) == 2  # '2 Melee'


@pytest.mark.rule("species", "Dwarves", "Dwarven Might")
def test_dwarven_might_only_on_a_counter_attack_at_a_fire_terrain():
    state = position(ann={"home": ("Dwarves/Footman",)})
    foot = die_ids(state, "Dwarves/Footman", "t0", 0)[0]
    assert count(state, T0, 0, MEL, {foot: 1}, counter_attack=True).total(MEL) == 1
    assert count(state, T0, 0, MEL, {foot: 1}).total(MEL) == 0


@pytest.mark.rule("species", "Firewalkers", "Flaming Shields")
def test_flaming_shields_not_on_a_counter_attack():
    state = position(ann={"home": ("Firewalkers/Explorer",)})
    walker = die_ids(state, "Firewalkers/Explorer")[0]
    assert count(state, T0, 0, MEL, {walker: 2}).total(MEL) == 1  # '1 Save'
    assert count(state, T0, 0, MEL, {walker: 2}, counter_attack=True).total(MEL) == 0


@pytest.mark.rule("species", "Scalders", "Intangibility")
def test_intangibility_only_against_missile_damage():
    state = position(ann={"campaign": ("Scalders/Glower",)}, frontier="Terrains/Coastland Tower")
    glower = die_ids(state, "Scalders/Glower")[0]
    assert count(state, T2, 0, SAV, {glower: 2}, save_against=MIS).total(SAV) == 1
    assert count(state, T2, 0, SAV, {glower: 2}, save_against=MEL).total(SAV) == 0


@pytest.mark.rule("species", "Feral", "Stampede")
def test_stampede_needs_earth_and_air():
    state = position(ann={"horde": ("Feral/Antelope-folk",)})  # Ann's Horde at Flatland
    antelope = die_ids(state, "Feral/Antelope-folk")[0]
    assert count(state, T1, 0, MEL, {antelope: 2}, counter_attack=True).total(MEL) == 2
    home = moved(state, [antelope], T0)  # Highland: earth, no air
    assert count(home, T0, 0, MEL, {antelope: 2}, counter_attack=True).total(MEL) == 0


def test_conversions_apply_to_individual_rolls_but_not_in_reserves():
    """Digest §6: species abilities apply to individual unit rolls; reserves contain no
    element."""
    state = position(ann={"campaign": ("Coral Elves/Courier",)},
                     frontier="Terrains/Coastland Tower")
    courier = die_ids(state, "Coral Elves/Courier")[0]
    state, roll = unit_roll(scripted(state, 2), courier, (SAV,), [], "test")
    assert roll.total(SAV) == 3
    reserve = moved(state, [courier], RES0)
    reserve, roll = unit_roll(scripted(reserve, 2), courier, (SAV,), [], "test")
    assert roll.total(SAV) == 0


def test_dagger_caps_are_per_24_points_or_part():
    """Digest §6: "max five †" is 5 at up to 24 points, 10 at 25-48."""
    state = position()
    assert force_points(state, 0) == 3 and dagger_cap(state, 0, 5) == 5
    big = position(ann={"home": ("Dwarves/Androsphinx",) * 7})
    assert force_points(big, 0) == 30 and dagger_cap(big, 0, 5) == 10


# --- the Species Abilities phase --------------------------------------------------------------


@pytest.mark.rule("species", "Feral", "Feralization")
def test_feralization_recruits_a_small_feral():
    """Digest §6 Feralization: an army with a Feral at a terrain with earth or air may recruit
    a small Feral or promote one."""
    state = position(ann={"home": ("Feral/Antelope-folk", "Feral/Antelope-folk")})
    dead = die_ids(state, "Feral/Antelope-folk")[1]
    state = moved(state, [dead], DUA0)
    state, _ = turn(state)
    assert state.phase is Phase.SPECIES_ABILITIES
    assert options(state) == ["choose none", "choose recruit"]
    state, _ = run(state, "choose recruit")
    assert state.zones[dead] == T0 and state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("species", "Frostwings", "Winter's Fortitude")
def test_winters_fortitude_moves_a_frostwing_from_the_bua():
    state = position(ann={"horde": ("Frostwings/Advocate", "Frostwings/Advocate")})
    frozen = die_ids(state, "Frostwings/Advocate")[1]
    state = moved(state, [frozen], BUA0)
    state, _ = turn(state)
    state, _ = run(state, f"pick {frozen}")
    assert state.zones[frozen] == DUA0


@pytest.mark.rule("species", "Swamp Stalkers", "Mutate")
def test_mutate_kills_reserve_units_and_grows_swamp_stalkers():
    """Digest §6 Mutate: up to N reserve units (N = Swamp Stalkers in the DUA) save or die;
    then recruit or promote Swamp Stalkers up to the health-worth killed."""
    state = position(ann={"campaign": ("Swamp Stalkers/Bog Runner",) * 2},
                     frontier="Terrains/Coastland Tower")
    runners = die_ids(state, "Swamp Stalkers/Bog Runner")
    bobs = die_ids(state, "Dwarves/Footman", "t1", 1)
    state = moved(moved(state, runners[1:], DUA0), bobs, RES1)
    state, _ = turn(state)
    # The only target and the only army need no question; Bob's Footman rolls Melee: no save.
    state, _ = run(scripted(state, 2), "choose mutate")
    assert state.zones[bobs[0]] == DUA1
    assert options(state) == ["choose done", "choose recruit"]
    state, _ = run(state, "choose recruit")
    assert state.zones[runners[1]] == T2


@pytest.mark.rule("species", "Eldarim", "Dragonkin Handlers")
def test_dragonkin_handlers_bring_a_small_dragonkin_of_the_terrains_element():
    """Digest §6: an army with Eldarim may bring a small Dragonkin matching a terrain element
    from the pool, keeping its Dragonkin health no more than its Eldarim health."""
    state = position(ann={"home": ("Eldarim/Morehl Follower (Fire)",),
                          "dragonkin": ("Dragonkin/Dragonfoal (Fire)",
                                        "Dragonkin/Dragonfoal (Air)")})
    fire, air = (die_ids(state, f"Dragonkin/Dragonfoal ({e})")[0] for e in ("Fire", "Air"))
    state, _ = turn(state)
    assert options(state) == ["choose none", "choose t0"]
    state, _ = run(state, "choose t0")  # only the fire Dragonfoal fits: no more questions
    assert state.zones[fire] == T0 and state.zones[air] == Zone(ZoneKind.SUMMONING, 0)


# --- kill hooks, magic, missile and melee -----------------------------------------------------


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_stepped_damage_exchanges_a_killed_undead_with_a_smaller_one():
    from dragondice_desktop.engine.units.fates import kill

    state = position(ann={"home": ("Undead/Ghast",), "horde": ("Undead/Ghoul",)})
    ghast, ghoul = die_ids(state, "Undead/Ghast")[0], die_ids(state, "Undead/Ghoul")[0]
    state = moved(state, [ghoul], DUA0)
    events = []
    state = kill(state, ghast, events, "test")
    assert state.zones[ghast] == DUA0 and state.zones[ghoul] == T0
    assert any("Stepped Damage" in t for t in texts(events))


@pytest.mark.rule("species", "Treefolk", "Replanting")
def test_replanting_saves_a_treefolk_that_rolls_its_id_at_a_water_terrain():
    from dragondice_desktop.engine.units.fates import kill

    state = position(ann={"campaign": ("Treefolk/Nymph",)}, frontier="Terrains/Coastland Tower")
    nymph = die_ids(state, "Treefolk/Nymph")[0]
    state = kill(scripted(state, 0), nymph, [], "test")
    assert state.zones[nymph] == RES0


@pytest.mark.rule("species", "Undead", "Bone Magic")
def test_bone_magic_adds_death_magic_for_undead_that_rolled_magic():
    """Digest §6 Bone Magic: each Undead that rolled a non-ID magic result adds one, capped by
    the Undead in the DUA (max 4 †). Apparitions: '2 Magic'."""
    state = position(ann={"campaign": ("Undead/Apparition",) * 3, "horde": ("Undead/Ghoul",)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 1))
    state = moved(state, die_ids(state, "Undead/Ghoul"), DUA0)
    state, _ = turn(state)
    state, events = run(scripted(state, 1, 1, 1), "march t2", "no-maneuver", "action magic")
    assert "Bone Magic: +1 death magic" in " ".join(texts(events))
    assert "7 magic" in state.pending.prompt


@pytest.mark.rule("species", "Frostwings", "Magic Negation")
def test_magic_negation_takes_magic_from_the_caster():
    """Digest §6 Magic Negation: the opponent's Frostwings at the terrain roll; their magic
    (capped by the Frostwings in their DUA) is taken from the caster's magic."""
    state = position(ann={"campaign": ("Coral Elves/Conjurer",) * 2},
                     bob={"campaign": ("Frostwings/Apprentice",),
                          "home": ("Frostwings/Apprentice",)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 1))
    bobs_dead = die_ids(state, "Frostwings/Apprentice", "t1", 1)
    state = moved(state, bobs_dead, DUA1)
    state, _ = turn(state)
    state, events = run(scripted(state, 2, 2, 1), "march t2", "no-maneuver", "action magic")
    assert "Magic Negation: Bob's Frostwings take 1 magic" in " ".join(texts(events))
    assert "5 magic" in state.pending.prompt


@pytest.mark.rule("species", "Lava Elves", "Cursed Bullets")
def test_cursed_bullets_are_saved_against_only_by_spells():
    """Digest §6 Cursed Bullets: up to N missile results (N = Lava Elves in the DUA, max 3 †)
    can be reduced only by spell saves. 4 missile, N = 1, Bob saves 3: 1 + (3 − 3) = 1."""
    state = position(ann={"campaign": ("Lava Elves/Dead Shot",),
                          "horde": ("Lava Elves/Adept",)},
                     bob={"campaign": ("Dwarves/Sergeant",)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 3))
    state = moved(state, die_ids(state, "Lava Elves/Adept"), DUA0)
    state, _ = turn(state)
    state, events = run(scripted(state, 5, 4), "march t2", "no-maneuver", "action missile",
                        "target t2")
    damage = [t for t in texts(events, "damage")]
    assert any(t.startswith("1 damage (missile 4 − saves 3 (1 Cursed Bullets") for t in damage)


@pytest.mark.rule("species", "Scalders", "Scorching Touch")
def test_scorching_touch_burns_the_attacker():
    """Digest §6 Scorching Touch: at a fire terrain, saving against a melee attack, each save
    result the Scalders roll does 1 damage to the attacker. Bob's Dragonne Tender at Ann's
    Highland home saves 1 against Ann's melee."""
    state = position(ann={"home": ("Dwarves/Footman",)},
                     bob={"horde": ("Scalders/Dragonne Tender",)}, faces=(6, 3, 3))
    tender = die_ids(state, "Scalders/Dragonne Tender")[0]
    state, _ = turn(state)
    state, events = run(scripted(state, 5, 2), "march t0", "no-maneuver", "action melee")
    state, events = run(state, f"kill {tender}")
    assert any("Scorching Touch" in t for t in texts(events, "damage"))


@pytest.mark.rule("species", "Treefolk", "Rapid Growth")
def test_rapid_growth_rerolls_counter_maneuvering_treefolk():
    """Digest §6 Rapid Growth: at an earth terrain, counter-maneuvering Treefolk that rolled
    no SAI may be re-rolled once, all together."""
    state = position(bob={"horde": ("Treefolk/Nymph",)}, faces=(3, 3, 3))
    state, _ = turn(state)
    state, _ = run(scripted(state, 1, 0), "march t0", "maneuver", "counter")
    assert options(state) == ["choose keep", "choose re-roll"]
    state, events = run(scripted(state, 5), "choose re-roll")
    assert "Rapid Growth: 1 Treefolk rolled again" in texts(events)


@pytest.mark.rule("species", "Firewalkers", "Air Flight")
def test_air_flight_moves_firewalkers_between_air_terrains():
    """Digest §6 Air Flight: in the retreat step Firewalkers at an air terrain may move to
    another air terrain where their owner has a Firewalker (Flatland t1 and Coastland t2)."""
    state = position(ann={"horde": ("Firewalkers/Explorer",),
                          "campaign": ("Firewalkers/Explorer",)},
                     frontier="Terrains/Coastland Tower")
    walker = die_ids(state, "Firewalkers/Explorer", "t1", 0)[0]
    state, _ = turn(state)
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce")
    assert f"fly {walker} t2" in options(state)
    state, _ = run(state, f"fly {walker} t2")
    assert state.zones[walker] == T2


def test_the_species_are_all_named():
    assert {s for s in Species} >= {Species.UNDEAD, Species.FERAL}
    assert CAT.die("Feral/Antelope-folk").species is Species.FERAL


@pytest.mark.rule("species", "Coral Elves", "Defensive Volley")
def test_defensive_volley_counter_attacks_a_missile_attack():
    """Digest §6 Defensive Volley: at an air terrain, Coral Elves may counter-attack a
    missile attack with missile results; the shooting army saves."""
    state = position(ann={"campaign": ("Dwarves/Crossbowman",)},
                     bob={"campaign": ("Coral Elves/Bowman",)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 3))
    state, _ = turn(state)
    # Crossbowman 1 Missile; Bowman saves nothing (1 Missile).
    state, _ = run(scripted(state, 2, 1), "march t2", "no-maneuver", "action missile",
                   "target t2")
    bowman = die_ids(state, "Coral Elves/Bowman")[0]
    state, _ = run(state, f"kill {bowman}")
    assert state.zones[bowman] == DUA1 and state.phase is Phase.SECOND_MARCH
    state = position(ann={"campaign": ("Dwarves/Crossbowman",)},
                     bob={"campaign": ("Coral Elves/Archer",)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 3))
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 1), "march t2", "no-maneuver", "action missile",
                   "target t2")  # the Archer (2 health) survives 1 damage
    assert options(state) == ["counter-attack", "no-counter-attack"]
    state, events = run(scripted(state, 2, 1), "counter-attack")  # 3 Missile; Ann: 1 Melee
    cross = die_ids(state, "Dwarves/Crossbowman", "t2", 0)[0]
    assert "Bob counter-attacks with a Defensive Volley" in texts(events)
    state, _ = run(state, f"kill {cross}")
    assert state.zones[cross] == DUA0
