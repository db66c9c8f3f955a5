"""Table-driven tests for the species abilities (digest §6): each "counts as" ability at a
terrain with its element, and its negative cases — a terrain without that element (an air
terrain with no water for a water ability), the Reserve Area (it contains no element), the
wrong kind of roll (counter-attack or not, saving against melee instead of missile), the
rules revision before an ability was applied — and the "max N †" caps at 24 points (N) and at
25 points (2N), with a DUA too small to reach the cap as the limit that binds instead.

Each row names a die and the face the test shows (its printed results, from the catalog's
faces: e.g. Coral Elves Archer face 4 is 2 Maneuver); the expected totals are the digest's.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.turn.march_rolls import foul_stench
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.species.counts_as import force_points
from dragondice_desktop.engine.species.abilities.undead import bone_magic
from dragondice_desktop.engine.core.state import Zone, ZoneKind

from engine_helpers import count_faces, die_ids, moved, position, with_face

MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)
T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
DUA0, RES0 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.RESERVE, 0)
COAST, FLAT, HIGH, WASTE = ("Terrains/Coastland Tower", "Terrains/Flatland Tower",
                            "Terrains/Highland Tower", "Terrains/Wasteland Tower")

# (ability, die, face index, printed results, roll, context, terrain where it works, expected
# there, terrains where it must not work). Digest §6 table; terrain elements digest §1.5:
# Coastland air+water, Flatland earth+air, Highland fire+earth, Wasteland fire+air.
CONVERSIONS = [
    ("Coastal Dodge", "Coral Elves/Archer", 4, "2 Maneuver", SAV, {}, COAST, 2, (FLAT, WASTE)),
    ("Mountain Mastery", "Dwarves/Crossbowman", 1, "1 Melee", MAN, {}, HIGH, 1, (COAST,)),
    ("Dwarven Might", "Dwarves/Crossbowman", 4, "1 Save", MEL, {"counter_attack": True}, HIGH,
     1, (COAST, FLAT)),
    ("Stampede", "Feral/Antelope-folk", 1, "1 Maneuver", MEL, {"counter_attack": True}, FLAT, 1,
     (HIGH, COAST)),  # needs both earth and air: Highland has earth only, Coastland air only
    ("Flaming Shields", "Firewalkers/Adventurer", 1, "1 Save", MEL, {}, HIGH, 1,
     (COAST, FLAT)),
    ("Swamp Mastery", "Goblins/Ambusher", 1, "3 Melee", MAN, {}, HIGH, 3, (COAST,)),
    ("Volcanic Adaptation", "Lava Elves/Adept", 4, "1 Maneuver", SAV, {}, HIGH, 1,
     (COAST, FLAT)),
    ("Intangibility", "Scalders/Burner", 2, "2 Maneuver", SAV, {"save_against": MIS}, COAST, 2,
     (HIGH, WASTE)),
    ("Born of the Swamp", "Swamp Stalkers/Bog Runner", 1, "2 Maneuver", SAV, {}, COAST, 2,
     (FLAT, WASTE)),
]
IDS = [row[0] for row in CONVERSIONS]


def count(state, zone, roll_type, faces, **context):
    """Ann's army at `zone` showing `faces` (die id -> face index) in a roll."""
    return count_faces(state, zone, 0, roll_type, faces, **context)


def at(terrain, key):
    """Ann's Campaign army of one `key` at the Frontier `terrain`; returns (state, die id)."""
    state = position(ann={"campaign": (key,)}, frontier=terrain)
    return state, die_ids(state, key, "t2", 0)[0]


@pytest.mark.parametrize("ability, key, face, printed, roll, ctx, where, expect, not_where",
                         [pytest.param(*r, marks=pytest.mark.rule("species", r[1].split("/")[0],
                                                                  r[0]))
                          for r in CONVERSIONS], ids=IDS)
def test_counts_as_abilities_work_at_a_terrain_with_their_element(
        ability, key, face, printed, roll, ctx, where, expect, not_where):
    """Digest §6: at a terrain containing the element(s), the species' results of one type
    count as another."""
    state, die = at(where, key)
    result = count(state, T2, roll, {die: face}, **ctx)
    assert result.total(roll) == expect, result.explain()
    assert ability in result.explain()


@pytest.mark.parametrize("ability, key, face, printed, roll, ctx, where, expect, not_where",
                         [pytest.param(*r, marks=pytest.mark.rule("species", r[1].split("/")[0],
                                                                  r[0]))
                          for r in CONVERSIONS], ids=IDS)
def test_counts_as_abilities_never_work_without_their_element(
        ability, key, face, printed, roll, ctx, where, expect, not_where):
    """Digest §6: "at a terrain that contains X" is the terrain's element set; a terrain
    without X gives nothing, and the Reserve Area contains no element at all."""
    for terrain in not_where:
        state, die = at(terrain, key)
        assert count(state, T2, roll, {die: face}, **ctx).total(roll) == 0, terrain
    state, die = at(where, key)
    reserve = moved(state, [die], RES0)
    assert count(reserve, RES0, roll, {die: face}, **ctx).total(roll) == 0


# Digest §6 timing: (ability, die, face, roll, terrain, context where it must not work).
WRONG_ROLL = [
    ("Dwarven Might", "Dwarves/Crossbowman", 4, MEL, HIGH, {}),  # counter-attack only
    ("Stampede", "Feral/Antelope-folk", 1, MEL, FLAT, {}),  # counter-attack only
    ("Flaming Shields", "Firewalkers/Adventurer", 1, MEL, HIGH, {"counter_attack": True}),
    ("Intangibility", "Scalders/Burner", 2, SAV, COAST, {"save_against": MEL}),
    ("Intangibility", "Scalders/Burner", 2, SAV, COAST, {}),  # no missile damage at all
]


@pytest.mark.parametrize("ability, key, face, roll, where, ctx",
                         [pytest.param(*r, marks=pytest.mark.rule("species", r[1].split("/")[0],
                                                                  r[0])) for r in WRONG_ROLL],
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(WRONG_ROLL)])
def test_counts_as_abilities_only_in_the_rolls_the_digest_names(ability, key, face, roll,
                                                                where, ctx):
    state, die = at(where, key)
    assert count(state, T2, roll, {die: face}, **ctx).total(roll) == 0


def test_a_conversion_belongs_to_the_dice_of_that_species_only():
    """Digest §6: in a mixed army only the species' own dice convert: a Dwarf's melee at an
    earth terrain is maneuver, a Coral Elf's melee is not."""
    state = position(ann={"campaign": ("Dwarves/Crossbowman", "Coral Elves/Archer")},
                     frontier=HIGH)
    dwarf = die_ids(state, "Dwarves/Crossbowman", "t2", 0)[0]
    elf = die_ids(state, "Coral Elves/Archer", "t2", 0)[0]
    elf_melee = next(i for i, f in enumerate(state.dice[elf].die.faces)
                     if f.icon.value == "Melee" and len(f.icons) == 1)
    assert count(state, T2, MAN, {dwarf: 1, elf: elf_melee}).total(MAN) == 1


@pytest.mark.rule("species", "Goblins", "Swamp Mastery")
def test_swamp_mastery_needs_rules_revision_2():
    """Rules revision 1 games replay without Swamp Mastery (options.RULES_REVISIONS)."""
    state, die = at(HIGH, "Goblins/Ambusher")
    old = state.with_(options=GameOptions(rules=1))
    assert count(old, T2, MAN, {die: 1}).total(MAN) == 0
    assert count(state, T2, MAN, {die: 1}).total(MAN) == 3


def test_a_minor_terrains_colours_count_for_the_army_that_controls_it():
    """Digest §6: the terrain's elements plus the controlling army's minor terrain: a
    Coastland (water) minor terrain lets Coral Elves dodge at Highland (no water)."""
    state = position(ann={"campaign": ("Coral Elves/Archer",),
                          "minor_terrains": ("Minor Terrains/Coastland Bridge",)},
                     frontier=HIGH)
    elf = die_ids(state, "Coral Elves/Archer", "t2", 0)[0]
    assert count(state, T2, SAV, {elf: 4}).total(SAV) == 0
    minor = die_ids(state, "Minor Terrains/Coastland Bridge")[0]
    held = moved(state, [minor], T2).with_(minors=((minor, 0),))
    assert count(held, T2, SAV, {elf: 4}).total(SAV) == 2


# --- the "max N †" caps: N per 24 points of force or part thereof (digest §6) ------------------


def goblin_force(points, in_dua):
    """Ann: `points` one-point Goblin Thugs in her three armies (Home 8, Horde 8, the rest in
    the Campaign army at the Frontier), `in_dua` of the Home army's in her DUA."""
    campaign = points - 16
    state = position(ann={"home": ("Goblins/Thug",) * 8, "horde": ("Goblins/Thug",) * 8,
                          "campaign": ("Goblins/Thug",) * campaign})
    state = moved(state, die_ids(state, "Goblins/Thug", "t0", 0)[:in_dua], DUA0)
    assert force_points(state, 0) == points
    return state


@pytest.mark.parametrize("points, in_dua, expect", [
    (24, 7, 3),   # capped at 3 (24 points: one †)
    (25, 7, 6),   # 25 points: two †, cap 6
    (25, 2, 2),   # the DUA count binds before the cap
    (24, 0, 0),   # no Goblin in the DUA: nothing
])
@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_is_goblins_in_the_dua_max_three_per_24_points(points, in_dua, expect):
    """Digest §6 Foul Stench: N = Goblins in your DUA, max 3 †."""
    assert foul_stench(goblin_force(points, in_dua), T2, 0) == expect


def test_deadlands_count_as_dagger_units_in_the_dua():
    """Digest §6 / seed 003: each Deadlands minor terrain you control adds † units (1 per 24
    points) to your DUA count. One Goblin in the DUA + a Deadlands: 2 at 24 points, 3 at 25."""
    for points, expect in ((24, 2), (25, 3)):
        state = position(ann={"home": ("Goblins/Thug",) * 8, "horde": ("Goblins/Thug",) * 8,
                              "campaign": ("Goblins/Thug",) * (points - 16),
                              "minor_terrains": ("Minor Terrains/Deadland Bridge",)})
        state = moved(state, die_ids(state, "Goblins/Thug", "t0", 0)[:1], DUA0)
        dead = die_ids(state, "Minor Terrains/Deadland Bridge")[0]
        state = moved(state, [dead], T2).with_(minors=((dead, 1),))
        assert foul_stench(state, T2, 0) == expect, points


@pytest.mark.parametrize("points, in_dua, magic_rollers, expect", [
    (24, 8, 8, 4),   # cap 4 at 24 points
    (25, 8, 8, 8),   # cap 8 at 25 points
    (25, 8, 3, 3),   # only 3 Undead rolled magic
    (24, 2, 8, 2),   # only 2 Undead in the DUA
])
@pytest.mark.rule("species", "Undead", "Bone Magic")
def test_bone_magic_is_capped_by_undead_in_the_dua_max_four_per_24_points(
        points, in_dua, magic_rollers, expect):
    """Digest §6 Bone Magic: each Undead that rolled a non-ID magic result adds +1 magic, the
    total capped at the Undead in the DUA, max 4 †. Apparition face 1: 1 Magic; face 2 Melee."""
    state = position(ann={"home": ("Undead/Apparition",) * 8,
                          "horde": ("Dwarves/Footman",) * (points - 16),
                          "campaign": ("Undead/Apparition",) * 8}, frontier=COAST)
    state = moved(state, die_ids(state, "Undead/Apparition", "t0", 0)[:in_dua], DUA0)
    assert force_points(state, 0) == points
    undead = die_ids(state, "Undead/Apparition", "t2", 0)
    faces = {d: (1 if i < magic_rollers else 2) for i, d in enumerate(undead)}
    result = count(state, T2, MAG, faces)
    bonus = bone_magic(state, result, 0, [])
    assert sum(s.amount for s in bonus) == expect
    assert all(s.elements == frozenset({"death"}) for s in bonus)


@pytest.mark.rule("species", "Undead", "Bone Magic")
def test_bone_magic_ignores_undead_magic_from_id_results():
    """Digest §6: only Undead that rolled at least one *non-ID* magic result count."""
    state = position(ann={"home": ("Undead/Apparition",) * 4,
                          "campaign": ("Undead/Apparition",) * 2}, frontier=COAST)
    state = moved(state, die_ids(state, "Undead/Apparition", "t0", 0), DUA0)
    undead = die_ids(state, "Undead/Apparition", "t2", 0)
    result = count(state, T2, MAG, {d: 0 for d in undead})  # face 0: ID
    assert result.total(MAG) == 2 and not bone_magic(state, result, 0, [])


def test_eighth_face_doubling_and_species_abilities_stack():
    """Digest §8: the eighth face's ID doubling stacks with species abilities. An Archer's ID
    (2 health: 2 results) doubled to 4 saves, plus its maneuver face counted as saves."""
    state, die = at(COAST, "Coral Elves/Archer")
    held = with_face(state, 2, 8, 0)
    assert count(held, T2, SAV, {die: 0}).total(SAV) == 4
    assert count(held, T2, SAV, {die: 4}).total(SAV) == 2


# --- the Species Abilities phase: limits that bind ------------------------------------------

from dragondice_desktop.engine.game import legal_actions  # noqa: E402
from dragondice_desktop.engine.core.state import Phase  # noqa: E402

from engine_helpers import run, scripted, turn  # noqa: E402

POOL0 = Zone(ZoneKind.SUMMONING, 0)
DEVOTEE, FOLLOWER = "Eldarim/Morehl Devotee (Fire)", "Eldarim/Morehl Follower (Fire)"
FOAL, HERO, CHAMP = ("Dragonkin/Dragonfoal (Fire)", "Dragonkin/Dragonhero (Fire)",
                     "Dragonkin/Dragonchamp (Fire)")


def handlers(home, pool):
    """Ann's Home army (Highland City: fire, earth) and her Summoning Pool; her turn begins."""
    state = position(ann={"home": home, "dragonkin": pool})
    return turn(state)[0]


@pytest.mark.rule("species", "Eldarim", "Dragonkin Handlers")
def test_dragonkin_handlers_promote_to_a_dragonkin_one_health_larger():
    """Digest §6 Dragonkin Handlers / §4.8: promote one of the army's Dragonkin to one of a
    terrain element from the pool; Eldarim health 2, Dragonkin 1 -> 2 stays within it."""
    state = handlers((DEVOTEE, FOAL), (HERO, CHAMP))
    foal, hero = die_ids(state, FOAL)[0], die_ids(state, HERO)[0]
    assert sorted(a.to_text() for a in legal_actions(state)) == ["choose none", "choose t0"]
    state, _ = run(state, "choose t0")
    assert state.zones[hero] == T0 and state.zones[foal] == POOL0


@pytest.mark.rule("species", "Eldarim", "Dragonkin Handlers")
def test_dragonkin_handlers_need_a_partner_exactly_one_health_larger_of_a_terrain_element():
    """A 3-health fire Dragonkin is no promotion for a 1-health one, and an air one matches no
    element of Highland: Dragonkin Handlers has nothing to offer."""
    state = handlers((DEVOTEE, FOAL), (CHAMP, "Dragonkin/Dragonhero (Air)"))
    assert state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("species", "Eldarim", "Dragonkin Handlers")
def test_dragonkin_handlers_keep_dragonkin_health_within_eldarim_health():
    """Digest §6: allowed only while the army's Dragonkin health stays no more than its Eldarim
    health: a 1-health Eldarim with a 1-health Dragonkin may neither bring nor promote."""
    state = handlers((FOLLOWER, FOAL), (FOAL, HERO))
    assert state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("species", "Swamp Stalkers", "Mutate")
def test_mutate_grows_no_more_than_the_health_worth_killed():
    """Digest §6 Mutate: recruit or promote Swamp Stalkers *up to the health-worth killed*:
    one 1-health Footman killed, one Swamp Stalker recruited, and no further question though
    another waits in the DUA."""
    runner = "Swamp Stalkers/Bog Runner"
    state = position(ann={"campaign": (runner,) * 3}, frontier="Terrains/Coastland Tower")
    runners = die_ids(state, runner)
    bobs = die_ids(state, "Dwarves/Footman", "t1", 1)
    state = moved(moved(state, runners[1:], DUA0), bobs, Zone(ZoneKind.RESERVE, 1))
    state, _ = turn(state)
    state, _ = run(scripted(state, 2), "choose mutate")  # Bob's Footman: Melee, no save
    state, _ = run(state, "choose recruit")
    if state.phase is not Phase.FIRST_MARCH:  # which Stalker: the player's pick
        state, _ = run(state, f"pick {runners[1]}")
    assert state.phase is Phase.FIRST_MARCH
    assert [state.zones[r] for r in runners].count(DUA0) == 1


# Species Abilities phase powers that need an element at the army's terrain (digest §6):
# (ability, die, Ann's army slot and where it stands, works there, fails there).
#   Feralization: a terrain containing earth or air; Winter's Fortitude: a Frostwing at an air
#   terrain. Ann's Home is Highland (fire, earth), her Horde stands at Flatland (earth, air),
#   her Campaign army at the Frontier.
PHASE_ELEMENTS = [
    ("Feralization", "Feral/Antelope-folk", "campaign", "Terrains/Coastland Tower",
     "Terrains/Feyland Tower"),  # Coastland: air; Feyland: fire and water only
    ("Winter's Fortitude", "Frostwings/Advocate", "campaign", "Terrains/Wasteland Tower",
     "Terrains/Highland Tower"),  # Wasteland: air; Highland: no air
]


@pytest.mark.parametrize("ability, key, slot, works, fails",
                         [pytest.param(*r, marks=pytest.mark.rule("species", r[1].split("/")[0],
                                                                  r[0])) for r in PHASE_ELEMENTS],
                         ids=[r[0] for r in PHASE_ELEMENTS])
def test_species_phase_powers_need_their_element(ability, key, slot, works, fails):
    """Digest §6: Feralization recruits a small Feral from the DUA; Winter's Fortitude moves a
    Frostwing from the BUA to the DUA — only for armies at a terrain with the element."""
    area = DUA0 if ability == "Feralization" else Zone(ZoneKind.BUA, 0)
    for frontier, expect in ((works, True), (fails, False)):
        state = position(ann={"home": (key, "Dwarves/Footman"), slot: (key,)},
                         frontier=frontier)
        spare = die_ids(state, key, "t0", 0)
        state = moved(state, spare, area)
        state, _ = turn(state)
        asked = state.phase is Phase.SPECIES_ABILITIES
        assert asked is expect, (ability, frontier)


@pytest.mark.rule("species", "Swamp Stalkers", "Mutate")
@pytest.mark.parametrize("points, cap", [(24, 1), (25, 2)])
def test_mutate_targets_up_to_swamp_stalkers_in_the_dua_max_one_per_24_points(points, cap):
    """Digest §6 Mutate: up to N units, N = Swamp Stalkers in your DUA, max 1 †: one unit at
    24 points, two at 25 (three Swamp Stalkers in the DUA)."""
    runner = "Swamp Stalkers/Bog Runner"
    state = position(ann={"home": (runner,) * 3 + ("Dwarves/Footman",) * 5,
                          "horde": ("Dwarves/Footman",) * (points - 16),
                          "campaign": (runner, "Dwarves/Footman", "Dwarves/Footman",
                                       "Dwarves/Footman", "Dwarves/Footman",
                                       "Dwarves/Footman", "Dwarves/Footman",
                                       "Dwarves/Footman")},
                     bob={"home": ("Dwarves/Footman",) * 3}, frontier=COAST)
    assert force_points(state, 0) == points
    state = moved(state, die_ids(state, runner, "t0", 0), DUA0)
    state = moved(state, die_ids(state, "Dwarves/Footman", "t1", 1), Zone(ZoneKind.RESERVE, 1))
    state, _ = turn(state)
    assert f"target up to {cap} unit" in state.pending.prompt


@pytest.mark.rule("species", "Amazons", "Terrain Harmony")
def test_terrain_harmony_gives_amazons_ivory_magic_in_reserves():
    """Digest §6 Terrain Harmony: Amazons' magic takes their terrain's elements; in reserves it
    is Ivory, which pays Elemental spells only — no Wind Walk or Watery Double (air, water R
    spells) from a Reserve army of Amazons; Resurrect Dead (Elemental: raises an Amazon from
    the DUA with Ivory) is."""
    state = position(ann={"home": ("Amazons/Visionary",) * 2 + ("Amazons/Charioteer",)},
                     faces=(3, 3, 3))
    amazons = die_ids(state, "Amazons/Visionary", "t0", 0)
    state = moved(state, amazons, RES0)
    state = moved(state, die_ids(state, "Amazons/Charioteer"), DUA0)
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 2), "march reserve0", "action magic")
    spells = {a.to_text().split()[1] for a in legal_actions(state)
              if a.to_text().startswith("cast")}
    assert "wind-walk" not in spells and "watery-double" not in spells
    assert "resurrect-dead" in spells
    assert all(a.to_text().split()[2] == "ivory" for a in legal_actions(state)
               if a.to_text().startswith("cast"))


# --- kill hooks and counter-attacks that need their element (digest §6) ----------------------

from dragondice_desktop.engine.units.fates import kill  # noqa: E402


@pytest.mark.rule("species", "Treefolk", "Replanting")
@pytest.mark.parametrize("frontier, into", [(COAST, RES0), (HIGH, DUA0)])
def test_replanting_only_at_a_water_terrain(frontier, into):
    """Digest §6 Replanting: at a *water* terrain a Treefolk about to be killed rolls first and
    on its ID goes to the Reserve Area; at Highland (fire, earth) it dies with no roll (the
    empty dice script would fail the test if it rolled)."""
    state = position(ann={"campaign": ("Treefolk/Nymph",)}, frontier=frontier)
    nymph = die_ids(state, "Treefolk/Nymph")[0]
    faces = (0,) if into == RES0 else ()
    state = kill(scripted(state, *faces), nymph, [], "test")
    assert state.zones[nymph] == into


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_stepped_damage_never_exchanges_for_an_undead_as_large():
    """Digest §6 Stepped Damage: the exchange is with a *smaller* Undead: a 1-health Ghoul
    killed with only another 1-health Undead in the DUA simply dies."""
    state = position(ann={"home": ("Undead/Ghoul",), "horde": ("Undead/Skeleton",)})
    ghoul, skeleton = die_ids(state, "Undead/Ghoul")[0], die_ids(state, "Undead/Skeleton")[0]
    state = moved(state, [skeleton], DUA0)
    events = []
    state = kill(state, ghoul, events, "test")
    assert state.zones[ghoul] == DUA0 and state.zones[skeleton] == DUA0
    assert not any("Stepped Damage" in e.text for e in events)


@pytest.mark.rule("species", "Coral Elves", "Defensive Volley")
@pytest.mark.parametrize("frontier, face, offered", [(COAST, 3, True),
                                                    ("Terrains/Feyland Tower", 4, False)])
def test_defensive_volley_needs_an_air_terrain(frontier, face, offered):
    """Digest §6 Defensive Volley: only at an *air* terrain may the Coral Elves Archer that
    survives a missile attack counter-attack: at Coastland (air) yes, at Feyland (fire,
    water) no. The terrain face shown is a missile face in both."""
    state = position(ann={"campaign": ("Dwarves/Crossbowman",)},
                     bob={"campaign": ("Coral Elves/Archer",)},
                     frontier=frontier, faces=(3, 3, face))
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 1), "march t2", "no-maneuver", "action missile",
                   "target t2")  # Crossbowman 1 Missile; the 2-health Archer survives
    assert ("counter-attack" in [a.to_text() for a in legal_actions(state)]) is offered
