"""Table-driven tests for every v4.01 spell (digest §7), each row read from the digest's spell
tables: its cost, colour, species, Reserve (R) and Cantrip (C) marks, whether castings add up
(digest §7 "Cum", §10 #11), and — through the engine's own casting step — the boundaries those
facts draw: one magic short of the cost never casts the spell; magic of the wrong element or
of the wrong species never casts it; a Reserve army never casts a spell without R; cantrip-only
magic never buys a spell without C. Lasting modifier spells are then cast and their effect's
amounts and result types compared with the digest's text, and a second casting on the same
target must add up (or be refused, for the spells that do not).

Position: Ann's Campaign army (two Conjurers) takes a magic action at the Frontier (Coastland
Tower); the magic of the roll is then replaced by the test's own magic (``with_magic``), so
every spell is priced by the engine's casting step alone.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest

from dragondice_desktop.catalog.model import Species
from dragondice_desktop.engine.game import IllegalAction, legal_actions
from dragondice_desktop.engine.rolls.model import ModOp, RollType
from dragondice_desktop.engine.spells import SPELLS
from dragondice_desktop.engine.spells.pool import MagicSource
from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.engine.tasks.queue_ops import head, replace_head

from engine_helpers import die_ids, moved, position, run, scripted, turn

T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
CONJURER, FOOT = "Coral Elves/Conjurer", "Dwarves/Footman"
S = Species
AMZ, CEL, DWA, FER, FIW, FRO, GOB, LAV, SCA, SWS, TRE, UND, ELD = (
    S.AMAZONS, S.CORAL_ELVES, S.DWARVES, S.FERAL, S.FIREWALKERS, S.FROSTWINGS, S.GOBLINS,
    S.LAVA_ELVES, S.SCALDERS, S.SWAMP_STALKERS, S.TREEFOLK, S.UNDEAD, S.ELDARIM)

# Digest §7: (spell, colour, cost, species or None, R, C, cumulative: True / False / None where
# the digest marks it "?" and §10 #11's default does not settle it).
SPELL_TABLE = [
    # Air
    ("Hailstorm", "air", 2, None, False, True, True),
    ("Blizzard", "air", 3, CEL, False, False, True),
    ("Wilding", "air", 3, FER, True, False, False),  # §10 #11: no per-casting number
    ("Wind Walk", "air", 4, None, True, False, True),
    ("Fields of Ice", "air", 5, FRO, False, False, True),
    ("Mirage", "air", 5, FIW, False, False, True),
    ("Lightning Strike", "air", 6, None, False, False, False),
    # Death
    ("Palsy", "death", 2, None, False, True, True),
    ("Decay", "death", 3, GOB, False, False, True),
    ("Evil Eye", "death", 3, UND, False, False, True),
    ("Magic Drain", "death", 3, FRO, False, False, True),
    ("Restless Dead", "death", 3, UND, True, True, True),
    ("Swamp Fever", "death", 3, SWS, False, False, True),
    ("Finger of Death", "death", 4, None, False, False, True),
    ("Necromantic Wave", "death", 5, LAV, True, False, False),
    ("Exhume", "death", 5, UND, False, False, True),
    ("Open Grave", "death", 5, UND, True, False, False),
    ("Soiled Ground", "death", 6, None, False, False, False),
    # Earth
    ("Stone Skin", "earth", 2, None, True, True, True),
    ("Path", "earth", 4, None, True, False, True),
    ("Berserker Rage", "earth", 5, FER, True, False, False),
    ("Higher Ground", "earth", 5, DWA, False, False, True),
    ("Scent of Fear", "earth", 5, GOB, False, False, True),
    ("Wall of Thorns", "earth", 5, TRE, False, False, True),
    ("Transmute Rock to Mud", "earth", 6, None, False, False, True),
    # Fire
    ("Ash Storm", "fire", 2, None, False, True, True),
    ("Fearful Flames", "fire", 3, LAV, False, False, True),
    ("Firebolt", "fire", 3, DWA, False, False, True),
    ("Firestorm", "fire", 3, SCA, False, False, True),
    ("Flashfire", "fire", 3, FIW, True, True, True),
    ("Fiery Weapon", "fire", 4, None, True, False, True),
    ("Dancing Lights", "fire", 6, None, False, False, True),
    # Water
    ("Watery Double", "water", 2, None, True, True, True),
    ("Accelerated Growth", "water", 3, TRE, True, True, False),
    ("Flash Flood", "water", 4, None, False, False, True),
    ("Deluge", "water", 5, CEL, False, False, True),
    ("Mire", "water", 5, SWS, False, False, False),
    ("Tidal Wave", "water", 5, SCA, False, False, True),
    ("Wall of Fog", "water", 6, None, False, False, True),
    # Elemental
    ("Esfah's Gift", "elemental", 3, AMZ, True, True, False),
    ("Evolve Dragonkin", "elemental", 3, ELD, True, False, False),
    ("Resurrect Dead", "elemental", 3, None, True, False, True),
    ("Summon Dragonkin", "elemental", 3, None, False, False, True),
    ("Rally", "elemental", 5, AMZ, True, False, None),
    ("Rise of the Eldarim", "elemental", 5, ELD, True, False, False),
    ("Summon Dragon", "elemental", 7, None, False, False, False),
    ("Summon White Dragon", "elemental", 14, None, False, False, False),
]
NAMES = [row[0] for row in SPELL_TABLE]


def test_the_table_names_every_spell_the_engine_casts():
    """Digest §7: 47 elemental-colour spells with rules text; the engine casts exactly those
    (the Dracolem alloy spells have no text)."""
    castable = {name for name in SPELLS if SPELLS[name].info.species is not S.DRACOLEM}
    assert len(SPELL_TABLE) == 47 == len(set(NAMES))
    assert castable == set(NAMES)


@pytest.mark.parametrize("name, color, cost, species, reserve, cantrip, cumulative",
                         [pytest.param(*r, marks=pytest.mark.rule("spell", r[0]))
                          for r in SPELL_TABLE],
                         ids=NAMES)
def test_spell_facts_match_the_digest_table(name, color, cost, species, reserve, cantrip,
                                            cumulative):
    """Digest §7: cost, colour, species, R and C of each spell; Cum where it is known (§10 #11
    default for the "?" rows)."""
    spell = SPELLS[name]
    info = spell.info
    assert (info.cost, info.color, info.species) == (cost, color, species)
    assert (info.reserve, info.cantrip) == (reserve, cantrip)
    if cumulative is not None:
        assert spell.cumulative is cumulative


# --- a position where every spell has a target ---------------------------------------------------


def rich_position():
    """Ann's Conjurers take a magic action at the Frontier. For the spells' targets: a unit in
    Bob's and in Ann's DUA (a water Treefolk and a larger water Eldarim), water Dragonkin in
    Ann's Summoning Pool and in her Home army with a water Eldarim, Amazons and Feral in her
    Campaign army, a minor terrain in her BUA, dragons in the pools."""
    ann = {"campaign": (CONJURER, CONJURER, "Amazons/Visionary", "Feral/Hawk-folk",
                        "Treefolk/Oak"),
           "home": ("Amazons/Visionary", "Eldarim/Trog Follower (Water)",
                    "Dragonkin/Dragontroop (Water)", FOOT),
           "horde": ("Treefolk/Oakling", "Eldarim/Trog Devotee (Water)", FOOT),
           "dragonkin": ("Dragonkin/Dragonfoal (Water)", "Dragonkin/Dragonhero (Water)"),
           "minor_terrains": ("Minor Terrains/Highland Bridge",),
           "dragons": ("Dragons/Red Drake", "Dragons/White Wyrm")}
    bob = {"campaign": (FOOT, FOOT), "home": (FOOT, FOOT),
           "dragons": ("Dragons/Blue Drake", "Dragons/Black Drake", "Dragons/Green Drake",
                       "Dragons/Yellow Drake")}
    state = position(ann=ann, bob=bob, faces=(3, 3, 1))
    state = moved(state, [die_ids(state, FOOT, "t1", 1)[0]], Zone(ZoneKind.DUA, 1))
    state = moved(state, [die_ids(state, "Treefolk/Oakling", "t1", 0)[0],
                          die_ids(state, "Eldarim/Trog Devotee (Water)", "t1", 0)[0]],
                  Zone(ZoneKind.DUA, 0))
    minor = die_ids(state, "Minor Terrains/Highland Bridge")[0]
    state = moved(state, [minor], Zone(ZoneKind.BUA, 0))
    state, _ = turn(state, 0)
    while "march t2" not in [a.to_text() for a in legal_actions(state)]:
        options = [a.to_text() for a in legal_actions(state)]
        state, _ = run(state, "choose none" if "choose none" in options else options[-1])
    state, _ = run(scripted(state, 2, 2, 0, 0, 0), "march t2", "no-maneuver", "action magic")
    assert head(state).kind == "casting", state.pending.prompt
    return state


@functools.lru_cache(maxsize=1)
def rich():
    """The rich position, built once (states are immutable)."""
    return rich_position()


def with_magic(state, *sources, in_reserve=False, cantrip_only=False):
    """The casting in progress with its magic replaced by `sources` ((amount, element,
    species) each)."""
    task = head(state)
    casting = task.data[0]
    magic = tuple(MagicSource(n, frozenset({e}), sp) for n, e, sp in sources)
    casting = replace(casting, sources=magic, in_reserve=in_reserve, cantrip_only=cantrip_only,
                      announced=())
    return replace_head(state, replace(task, data=(casting,) + task.data[1:]))


def offered(state, name):
    """The cast actions offered for spell `name`."""
    slug = SPELLS[name].slug
    return [a.to_text() for a in legal_actions(state)
            if a.to_text().startswith(f"cast {slug} ")]


def paying(color):
    """The element that pays a spell of `color` in these tests (water for Elemental ones:
    the rich position's Dragonkin, Eldarim and DUA units are water)."""
    return "water" if color == "elemental" else color


def other_element(color):
    return "water" if paying(color) != "water" else "air"


def other_species(species):
    return S.DWARVES if species is not S.DWARVES else S.GOBLINS


@pytest.mark.parametrize("name, color, cost, species, reserve, cantrip, cumulative",
                         [pytest.param(*r, marks=pytest.mark.rule("spell", r[0]))
                          for r in SPELL_TABLE],
                         ids=NAMES)
def test_spell_costs_exactly_its_table_price(name, color, cost, species, reserve, cantrip,
                                             cumulative):
    """Digest §7 cost and §5.3 paying: the cost in magic of the spell's element (and species)
    casts it; one magic fewer does not; magic of another element does not; a species spell is
    not paid by another species' magic."""
    element = "mixed" if name == "Summon White Dragon" else paying(color)
    pay = paying(color)
    state = rich()
    assert offered(with_magic(state, (cost, pay, species)), name), f"{name} not offered"
    if name == "Summon White Dragon":  # "any mix of elements" (digest §7)
        two = with_magic(state, (cost - 7, "air", None), (7, "fire", None))
        assert offered(two, name) and all(f" {element} " in a for a in offered(two, name))
    assert not offered(with_magic(state, (cost - 1, pay, species)), name)
    if color != "elemental":
        assert not offered(with_magic(state, (cost + 5, other_element(color), species)), name)
    if species is not None:
        assert not offered(with_magic(state, (cost + 5, pay, other_species(species))), name)


@pytest.mark.parametrize("name, color, cost, species, reserve, cantrip, cumulative",
                         [pytest.param(*r, marks=pytest.mark.rule("spell", r[0]))
                          for r in SPELL_TABLE],
                         ids=NAMES)
def test_reserve_and_cantrip_marks_decide_who_may_cast(name, color, cost, species, reserve,
                                                       cantrip, cumulative):
    """Digest §3.5: a Reserve army casts only spells marked R; digest §5.3: cantrip-only magic
    buys only spells marked C."""
    plenty = (cost + 5, paying(color), species)
    state = rich()
    assert bool(offered(with_magic(state, plenty, in_reserve=True), name)) is reserve
    assert bool(offered(with_magic(state, plenty, cantrip_only=True), name)) is cantrip


@pytest.mark.parametrize("name, color, cost, species, reserve, cantrip, cumulative",
                         [pytest.param(*r, marks=pytest.mark.rule("spell", r[0]))
                          for r in SPELL_TABLE if r[6] is not None], ids=lambda v: str(v))
def test_a_second_casting_on_one_target_only_for_cumulative_spells(name, color, cost, species,
                                                                   reserve, cantrip,
                                                                   cumulative):
    """Digest §5.3, §10 #11: castings of a cumulative spell on one target combine; a spell
    without a cumulative number may not be announced twice on the same target."""
    state = with_magic(rich(), (2 * cost, paying(color), species))
    first = sorted(offered(state, name))[0]
    again, _ = run(state, first)
    assert (first in offered(again, name)) is cumulative


# --- lasting modifier spells: what the effect does ---------------------------------------------

MAN, MEL, MIS, SAV, MAG = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE, RollType.SAVE,
                           RollType.MAGIC)
SUB, ADD = ModOp.SUBTRACT, ModOp.ADD

# Digest §7: (spell, target kind, per casting: ((op, amount, result types), ...)); () types =
# every roll. Army spells are cast on Bob's Campaign army ("opp") or Ann's own ("own").
MODIFIER_TABLE = [
    ("Blizzard", "terrain", ((SUB, 3, (MEL,)),)),
    ("Wind Walk", "own", ((ADD, 4, (MAN,)),)),
    ("Fields of Ice", "terrain", ((SUB, 4, (MAN,)),)),
    ("Palsy", "opp", ((SUB, 1, ()),)),
    ("Decay", "opp", ((SUB, 2, (MEL,)),)),
    ("Evil Eye", "opp", ((SUB, 2, (SAV,)),)),
    ("Magic Drain", "terrain", ((SUB, 2, (MAG,)),)),
    ("Restless Dead", "own", ((ADD, 3, (MAN,)),)),
    ("Stone Skin", "own", ((ADD, 1, (SAV,)),)),
    ("Higher Ground", "opp", ((SUB, 5, (MEL,)),)),
    ("Transmute Rock to Mud", "opp", ((SUB, 6, (MAN,)),)),
    ("Ash Storm", "terrain", ((SUB, 1, ()),)),
    ("Fiery Weapon", "own", ((ADD, 2, (MEL, MIS)),)),
    ("Dancing Lights", "opp", ((SUB, 6, (MEL,)),)),
    ("Watery Double", "own", ((ADD, 1, (SAV,)),)),
    ("Deluge", "terrain", ((SUB, 3, (MAN,)), (SUB, 3, (MIS,)))),
]
FACTS = {row[0]: row for row in SPELL_TABLE}


def cast_times(name, where, times):
    """Cast spell `name` `times` times on its target and resolve it; returns the state."""
    _, color, cost, species, *_ = FACTS[name]
    state = with_magic(rich(), (cost * times, paying(color), species))
    target = {"terrain": "t2", "own": "t2 0", "opp": "t2 1"}[where]
    action = f"cast {SPELLS[name].slug} {paying(color)} {target}"
    state, _ = run(state, *([action] * times))
    state, events = run(state, "done")
    resolved = [e.text for e in events if e.text.startswith(name)]
    assert any(f"×{times}" in t for t in resolved) is (times > 1), resolved
    return state


@pytest.mark.parametrize("name, where, mods",
                         [pytest.param(*r, marks=pytest.mark.rule("spell", r[0]))
                          for r in MODIFIER_TABLE],
                         ids=[r[0] for r in MODIFIER_TABLE])
@pytest.mark.parametrize("times", [1, 2])
def test_lasting_modifier_spells_change_the_results_the_digest_names(name, where, mods, times):
    """Digest §7: each modifier spell's amount and result types, per casting, on the army or
    terrain it names, until the caster's next turn; two castings on one target add up (§5.3)."""
    state = cast_times(name, where, times)
    effects = [e for e in state.effects if e.spell == name]
    assert len(effects) == 1, [e.text for e in state.effects]
    effect = effects[0]
    assert effect.creator == 0
    assert effect.zone == T2
    assert effect.player == {"terrain": None, "own": 0, "opp": 1}[where]
    got = sorted((m.op.value, m.amount, tuple(t.value for t in m.types))
                 for m in effect.modifiers)
    want = sorted((op.value, n * times, tuple(t.value for t in types)) for op, n, types in mods)
    assert got == want


@pytest.mark.rule("spell", "Palsy")
@pytest.mark.rule("spell", "Fiery Weapon")
def test_palsy_spares_rolls_with_maneuver_and_fiery_weapon_adds_to_one_type_only():
    """Digest §7: Palsy is −1 on the army's non-maneuver rolls; Fiery Weapon is +2 melee *or*
    missile on any roll (not both in one roll)."""
    palsy = [e for e in cast_times("Palsy", "opp", 1).effects if e.spell == "Palsy"][0]
    assert palsy.rolls == "non-maneuver"
    fiery = [e for e in cast_times("Fiery Weapon", "own", 1).effects
             if e.spell == "Fiery Weapon"][0]
    assert all(m.one_type for m in fiery.modifiers)


def test_harmful_spells_never_target_the_casters_own_army():
    """Digest §7 "Opposing army/unit": Hailstorm, Palsy, Decay ... never name Ann's own armies
    or units; beneficial "Army:" spells may name either (digest §10 #12)."""
    state = with_magic(rich(), (20, "death", S.GOBLINS), (20, "air", None))
    options = [a.to_text() for a in legal_actions(state)]
    assert "cast decay death t2 1" in options and "cast decay death t2 0" not in options
    assert "cast hailstorm air t2 0" not in options and "cast hailstorm air t2 1" in options
    assert "cast wind-walk air t2 0" in options and "cast wind-walk air t2 1" in options
    own_units = die_ids(state, CONJURER, "t2", 0)
    assert not [o for o in options if o.startswith("cast lightning-strike")
                and int(o.split()[-1]) in own_units]


def test_an_unpayable_announcement_is_refused_and_changes_nothing():
    """Digest §5.3: the announced spells must all be paid at once: with 4 air magic, two Wind
    Walks (4 each) cannot both be announced."""
    state = with_magic(rich(), (4, "air", None))
    once, _ = run(state, "cast wind-walk air t2 0")
    with pytest.raises(IllegalAction):
        run(once, "cast wind-walk air t2 0")


# --- health-worth limits that bind (digest §7, §4.9 "up to") --------------------------------------

SERGEANT = "Dwarves/Sergeant"
# (spell, what it names, limit in health-worth per casting).
LIMIT_TABLE = [
    ("Mirage", "t2", 5),
    ("Scent of Fear", "t2", 3),
    ("Swamp Fever", "t2 1", 3),
    ("Exhume", "dua1", 3),
]


def limits_position():
    """Ann's Conjurers take a magic action at the Frontier, where Bob has six 2-health
    Sergeants (12 health-worth: more than any limit here, even doubled); six more Sergeants
    lie in Bob's DUA."""
    state = position(ann={"campaign": (CONJURER, CONJURER)},
                     bob={"campaign": (SERGEANT,) * 6, "home": (SERGEANT,) * 6 + (FOOT,)},
                     faces=(3, 3, 1))
    state = moved(state, die_ids(state, SERGEANT, "t1", 1), Zone(ZoneKind.DUA, 1))
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 2), "march t2", "no-maneuver", "action magic")
    return state


@pytest.mark.parametrize("times", [1, 2])
@pytest.mark.parametrize("name, target, limit",
                         [pytest.param(*r, marks=pytest.mark.rule("spell", r[0]))
                          for r in LIMIT_TABLE],
                         ids=[r[0] for r in LIMIT_TABLE])
def test_health_worth_limits_bind_and_add_up(name, target, limit, times):
    """Digest §7: Mirage up to 5 health-worth, Scent of Fear, Swamp Fever and Exhume up to 3,
    per casting (cumulative: two castings double it). Against 2-health Sergeants the caster
    picks as many as fit: limit // 2 of the six there."""
    _, color, cost, species, *_ = FACTS[name]
    state = with_magic(limits_position(), (cost * times, color, species))
    action = f"cast {SPELLS[name].slug} {color} {target}"
    state, _ = run(state, *([action] * times))
    state = scripted(state, *([1] * 40))
    state, _ = run(state, "done")
    assert f"up to {limit * times} health-worth" in state.pending.prompt
    picks = 0
    while state.pending and state.pending.prompt.startswith(name) and any(
            a.to_text().startswith("pick") for a in legal_actions(state)):
        pick = next(a for a in legal_actions(state) if a.to_text().startswith("pick"))
        state, _ = run(state, pick.to_text())
        picks += 1
    assert picks == limit * times // 2


def melee_face(state, die_id):
    """A face of the die showing only melee (no save)."""
    return next(i for i, f in enumerate(state.dice[die_id].die.faces)
                if len(f.icons) == 1 and f.icon.value == "Melee")


@pytest.mark.rule("spell", "Exhume")
def test_exhume_buries_failed_saves_and_returns_that_much_health_worth():
    """Digest §7 Exhume: units picked in an opposing DUA that fail their save are buried; the
    caster may return that much health-worth from their own DUA to the casting army. A buried
    2-health Sergeant lets a 1-health Footman of Ann's come back to the casting army."""
    state = limits_position()
    ann_dead = die_ids(state, FOOT, "t0", 0)
    state = moved(state, ann_dead, Zone(ZoneKind.DUA, 0))
    _, color, cost, species, *_ = FACTS["Exhume"]
    state = with_magic(state, (cost, color, species))
    state, _ = run(state, "cast exhume death dua1", "done")
    sergeant = die_ids(state, SERGEANT, "dua1", 1)[0]
    state, _ = run(scripted(state, melee_face(state, sergeant)), f"pick {sergeant}")
    assert state.zones[sergeant] == Zone(ZoneKind.BUA, 1)
    assert "return up to 2 health-worth" in state.pending.prompt
    state, _ = run(state, f"pick {ann_dead[0]}")
    assert state.zones[ann_dead[0]] == T2
    assert "Exhume" not in (state.pending.prompt if state.pending else "")


@pytest.mark.rule("spell", "Mirage")
def test_mirage_sends_units_that_fail_their_save_to_their_reserve_area():
    """Digest §7 Mirage: the picked units make a save roll; those that fail go to their
    Reserve Area, those that save stay."""
    state = limits_position()
    _, color, cost, species, *_ = FACTS["Mirage"]
    state = with_magic(state, (cost, color, species))
    state, _ = run(state, "cast mirage air t2", "done")
    first, second = die_ids(state, SERGEANT, "t2", 1)[:2]
    save = next(i for i, f in enumerate(state.dice[first].die.faces)
                if len(f.icons) == 1 and f.icon.value == "Save")
    state, _ = run(state, f"pick {first}")
    state, _ = run(scripted(state, melee_face(state, first), save), f"pick {second}")
    assert state.zones[first] == Zone(ZoneKind.RESERVE, 1)
    assert state.zones[second] == T2


@pytest.mark.rule("spell", "Path")
@pytest.mark.parametrize("times", [1, 2])
def test_path_moves_one_unit_per_casting_to_another_of_the_casters_armies(times):
    """Digest §7 Path: move one of your units at a terrain to another terrain where you have
    an army; extra castings mean more units (Y*). Each casting moves one Conjurer to Ann's
    Home army; then the spell ends."""
    state = with_magic(limits_position(), (4 * times, "earth", None))
    state, _ = run(state, *(["cast path earth"] * times), "done")
    conjurers = die_ids(state, CONJURER, "t2", 0)
    for n in range(times):
        assert state.pending.prompt.startswith("Path:"), state.pending.prompt
        state, _ = run(state, f"pick {conjurers[n]}")
        assert sorted(a.to_text() for a in legal_actions(state)) == ["choose t0", "choose t1"]
        state, _ = run(state, "choose t0")
    assert [state.zones[c] for c in conjurers] == [T0] * times + [T2] * (2 - times)
    assert not (state.pending and state.pending.prompt.startswith("Path:"))


@pytest.mark.rule("spell", "Evolve Dragonkin")
def test_evolve_dragonkin_promotes_only_a_dragonkin_of_the_casting_element():
    """Digest §7 Evolve Dragonkin: promote one of your *Dragonkin* matching the casting element.
    The water Eldarim that could be promoted is not a choice: the water Dragontroop becomes the
    Dragonhero from the pool without a question."""
    state = with_magic(rich(), (3, "water", S.ELDARIM))
    troop, hero = die_ids(state, "Dragonkin/Dragontroop (Water)")[0], die_ids(
        state, "Dragonkin/Dragonhero (Water)")[0]
    follower = die_ids(state, "Eldarim/Trog Follower (Water)")[0]
    state, _ = run(state, "cast evolve-dragonkin water", "done")
    assert state.zones[hero] == T0 and state.zones[troop] == Zone(ZoneKind.SUMMONING, 0)
    assert state.zones[follower] == T0
    assert "air" not in " ".join(offered(with_magic(rich(), (3, "air", S.ELDARIM)),
                                         "Evolve Dragonkin"))


@pytest.mark.rule("spell", "Exhume")
def test_exhume_with_nothing_to_return_ends_after_the_burial():
    """Digest §7 Exhume: "you may return that much health-worth": with no unit in Ann's DUA
    the spell ends once the failed unit is buried."""
    state = with_magic(limits_position(), (5, "death", S.UNDEAD))
    state, _ = run(state, "cast exhume death dua1", "done")
    sergeant = die_ids(state, SERGEANT, "dua1", 1)[0]
    state, events = run(scripted(state, melee_face(state, sergeant)), f"pick {sergeant}")
    assert "Exhume: 2 health-worth buried" in [e.text for e in events]
    assert not (state.pending and state.pending.prompt.startswith("Exhume"))


@pytest.mark.rule("spell", "Tidal Wave")
@pytest.mark.rule("spell", "Open Grave")
def test_tidal_wave_kills_come_after_a_save_roll_for_open_grave():
    """Digest §7 Tidal Wave: each army makes a save (and maneuver) roll against its 4 damage,
    so Open Grave (units killed after a save roll go to the Reserve Area) saves Bob's dead;
    Ann's army, without Open Grave, loses hers to the DUA. Every die shows face 3 (Conjurer:
    Magic, Sergeant: Melee): no saves, no maneuver."""
    from dragondice_desktop.engine.core.state import LastingEffect

    state = limits_position()
    grave = LastingEffect(1, None, "open_grave", "Open Grave", player=1, zone=T2,
                          spell="Open Grave")
    state = with_magic(state.with_(effects=state.effects + (grave,)), (5, "water", S.SCALDERS))
    state, _ = run(scripted(state, *([3] * 40)), "cast tidal-wave water t2", "done")
    for _ in range(20):
        kills = [a.to_text() for a in legal_actions(state) if a.to_text().startswith("kill")]
        if not kills:
            break
        state, _ = run(state, kills[0])
    bob_dead = [d for d in die_ids(state, SERGEANT, None, 1)
                if state.zones[d] == Zone(ZoneKind.RESERVE, 1)]
    assert len(bob_dead) == 2  # 4 damage: two 2-health Sergeants, to the Reserve Area
    assert len(die_ids(state, SERGEANT, "dua1", 1)) == 6  # only the six there before
    assert [state.zones[c] for c in die_ids(state, CONJURER, None, 0)] == \
        [Zone(ZoneKind.DUA, 0)] * 2


@pytest.mark.rule("spell", "Soiled Ground")
@pytest.mark.parametrize("face, where", [(1, "dua1"), (2, "bua1")])
def test_soiled_ground_buries_a_unit_killed_there_that_fails_its_save(face, where):
    """Digest §7 Soiled Ground: every unit killed at the terrain into the DUA makes a save roll
    or is buried. Bob's Footman killed at the Frontier shows face 1 (1 Save: stays in the DUA)
    or face 2 (Melee: buried)."""
    from dragondice_desktop.engine.units.fates import kill
    from dragondice_desktop.engine.core.state import LastingEffect

    state = position(faces=(3, 3, 3))
    soiled = LastingEffect(0, None, "soiled_ground", "Soiled Ground", zone=T2,
                           spell="Soiled Ground")
    state = state.with_(effects=(soiled,))
    foot = die_ids(state, FOOT, "t2", 1)[0]
    state = kill(scripted(state, face), foot, [], "test")
    assert state.zones[foot] == Zone.from_text(where)
