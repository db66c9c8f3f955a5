"""Table-driven tests for the eighth faces (digest §8), the advanced terrains (seed 003: Castle,
Dragon's Lair, Grove, Vortex) and every minor-terrain icon (digest §1.6, seed 003), each with
its negative or boundary case: the holder's own DUA is never a Temple victim, an item for the
Grove only from the holder's own BUA, a City recruits only a small unit, a Vortex never acts in
a maneuver roll, Standing Stones only while held, a Double Maneuvers face only in maneuver
rolls, a disaster halves only its own result type (rounding down, digest §4.2 step 7).

Terrains: Ann's Home is Highland City (t0), Bob's Flatland City (t1), the Frontier (t2) per test.
Footman faces (catalog): 0 ID, 1 Save, 2 Melee, 3 Melee, 4 Save, 5 2 Melee.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.terrains.eighth_faces import CASTLE_CHOICES
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.individual_roll import unit_roll
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Phase, Zone, ZoneKind

from engine_helpers import (count_faces, die_ids, moved, position, run, scripted, texts, turn,
                            with_face)

MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)
T0, T1, T2, DUA0, DUA1, BUA0, BUA1, POOL0 = (Zone.from_text(z) for z in (
    "t0", "t1", "t2", "dua0", "dua1", "bua0", "bua1", "summoning0"))
FOOT, SERGEANT = "Dwarves/Footman", "Dwarves/Sergeant"


def options(state):
    """The legal actions' texts, sorted."""
    return sorted(a.to_text() for a in legal_actions(state))


def count(state, zone, player, roll_type, faces, **context):
    """`player`'s army at `zone` showing `faces` (die id -> face) in a roll, with the army's
    modifiers (lasting effects and its minor terrain's disaster face)."""
    return count_faces(state, zone, player, roll_type, faces, modifiers=True, **context)


# --- City, Temple, Grove in the Eighth Face phase (digest §8, seed 003) -------------------------


@pytest.mark.rule("eighth_face", "City")
def test_city_recruits_only_a_small_unit():
    """Digest §8 City: recruit one *small* unit. A 2-health Sergeant in the DUA cannot be
    recruited; the Footman is (the Androsphinx left in the army has no larger Dwarf to be
    promoted to, so recruiting is the only power)."""
    state = position(ann={"home": ("Dwarves/Androsphinx", FOOT), "horde": (SERGEANT,)},
                     faces=(8, 3, 3))
    state = moved(state, die_ids(state, SERGEANT), DUA0)
    state = moved(state, die_ids(state, FOOT, "t0", 0), DUA0)
    state, events = turn(state)
    assert options(state) == ["choose none", "choose recruit"]
    state, _ = run(state, "choose recruit")
    foot = die_ids(state, FOOT, None, 0)
    assert [state.zones[i] for i in die_ids(state, SERGEANT)] == [DUA0]
    assert T0 in [state.zones[i] for i in foot]


@pytest.mark.rule("eighth_face", "Temple")
def test_temple_never_names_the_holders_own_dua():
    """Digest §8 Temple: "force another player" to bury: Ann's own DUA is never offered, and
    with units only in her own DUA the power has nothing to do."""
    state = position(ann={"home": (FOOT, FOOT)}, frontier="Terrains/Feyland Temple",
                     faces=(3, 3, 8))
    state = moved(state, die_ids(state, FOOT, "t0", 0)[:1], DUA0)
    state, events = turn(state)
    assert "Temple: no other player has a unit in their DUA" in texts(events)
    assert state.phase is Phase.FIRST_MARCH
    both = position(ann={"home": (FOOT, FOOT)}, bob={"home": (FOOT, FOOT)},
                    frontier="Terrains/Feyland Temple", faces=(3, 3, 8))
    both = moved(both, die_ids(both, FOOT, "t0", 0)[:1] + die_ids(both, FOOT, "t1", 1)[:1],
                 DUA0)
    both = moved(both, die_ids(both, FOOT, "dua0", 1), DUA1)
    both, _ = turn(both)
    assert options(both) == ["choose dua1", "choose none"]


def grove(ann=None, bob=None, ann_bua=(), bob_bua=()):
    """Ann holds a Coastland Grove at the Frontier with her Campaign army; the given keys of
    each player's dice are moved to their BUA; returns the state at the Grove's question (or
    past it)."""
    state = position(ann=ann, bob=bob, frontier="Terrains/Coastland Grove", faces=(3, 3, 8))
    for player, keys, bua in ((0, ann_bua, BUA0), (1, bob_bua, BUA1)):
        for key in keys:
            state = moved(state, die_ids(state, key, None, player)[:1], bua)
    return turn(state)


@pytest.mark.rule("eighth_face", "Grove")
def test_grove_brings_back_an_item_only_from_the_holders_bua_to_the_holding_army():
    """Seed 003 Grove: "an Item from your BUA to your army controlling this eighth face"; an
    item in another player's BUA is not a choice (Bob's Footman is: to Bob's DUA)."""
    sword = "Items/Air Vorpal Sword"
    state, _ = grove(ann={"home": (FOOT, sword), "campaign": ("Coral Elves/Conjurer",)},
                     bob={"home": (FOOT, FOOT, sword)}, ann_bua=(sword,),
                     bob_bua=(sword, FOOT))
    ann_sword = die_ids(state, sword, None, 0)[0]
    bob_sword, bob_foot = die_ids(state, sword, None, 1)[0], die_ids(state, FOOT, "bua1", 1)[0]
    assert options(state) == sorted([f"pick {ann_sword}", f"pick {bob_foot}"])
    assert f"pick {bob_sword}" not in options(state)
    moved_state, _ = run(state, f"pick {ann_sword}")
    assert moved_state.zones[ann_sword] == T2
    other, _ = run(state, f"pick {bob_foot}")
    assert other.zones[bob_foot] == DUA1


@pytest.mark.rule("eighth_face", "Grove")
def test_grove_brings_back_no_item_the_holding_army_cannot_carry():
    """Seed 001/003: the item goes to the army holding the Grove, so only an item that army can
    carry (rulings): Dwarven Footmen (fire, earth) carry no air equipment; Bob's buried
    Footman is the only choice and goes to his DUA without a question."""
    sword = "Items/Air Vorpal Sword"
    state, events = grove(ann={"home": (FOOT, sword)}, bob={"home": (FOOT, FOOT)},
                          ann_bua=(sword,), bob_bua=(FOOT,))
    assert state.zones[die_ids(state, sword, None, 0)[0]] == BUA0
    assert len(die_ids(state, FOOT, "dua1", 1)) == 1


@pytest.mark.rule("eighth_face", "Grove")
def test_grove_returns_dragonkin_to_the_summoning_pool_only_from_the_holders_bua():
    """Seed 003 Grove: a Dragonkin from *your* BUA goes to your Summoning Pool, never to a
    DUA; another player's Dragonkin is not a choice — here nothing is left to move."""
    kin = "Dragonkin/Dragonfoal (Air)"
    state, events = grove(ann={"dragonkin": (kin,)}, bob={"dragonkin": (kin,)},
                          ann_bua=(kin,), bob_bua=(kin,))
    ann_kin, bob_kin = die_ids(state, kin, None, 0)[0], die_ids(state, kin, None, 1)[0]
    assert state.zones[ann_kin] == POOL0 and state.zones[bob_kin] == BUA1
    assert state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("eighth_face", "Grove")
def test_grove_is_compulsory():
    """Seed 003 Grove: "This is not optional": no "none" among the choices."""
    state, _ = grove(bob={"home": (FOOT, FOOT, FOOT)}, bob_bua=(FOOT, FOOT))
    assert options(state) and not [o for o in options(state) if "none" in o or o == "done"]


# --- Castle, Vortex, Standing Stones, Tower --------------------------------------------------


@pytest.mark.rule("eighth_face", "Castle")
def test_castle_offers_exactly_the_four_terrain_types():
    """Seed 003 Castle: City, Standing Stones, Temple or Tower — nothing else."""
    assert set(CASTLE_CHOICES.values()) == {Icon.CITY, Icon.STANDING_STONES, Icon.TEMPLE,
                                            Icon.TOWER}


def vortex_march():
    """Ann holds a Coastland Vortex (face 8) with her Campaign army of two Footmen and marches
    it; Bob's Footman is there. Returns the state at her maneuver choice."""
    state = position(ann={"campaign": (FOOT, FOOT)}, frontier="Terrains/Coastland Vortex",
                     faces=(3, 3, 8))
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 2, 2), "march t2")
    return state


@pytest.mark.rule("eighth_face", "Vortex")
def test_vortex_re_rolls_one_unit_in_non_maneuver_rolls_only():
    """Seed 003 Vortex: "During any non-maneuver army roll at this terrain ... you may re-roll
    one unit". A maneuver roll there gets no Vortex question."""
    state = vortex_march()
    options_now = options(state)
    assert "maneuver" in options_now
    man, _ = run(scripted(state, 0, 0, 0, 0, 0, 0), "maneuver")
    assert "Vortex" not in (man.pending.prompt if man.pending else "")
    melee, _ = run(scripted(state, 2, 2, 2, 2), "no-maneuver", "action melee")
    assert "Vortex" in melee.pending.prompt
    ann = die_ids(melee, FOOT, "t2", 0)
    assert options(melee) == sorted(["done"] + [f"pick {i}" for i in ann])


@pytest.mark.rule("eighth_face", "Standing Stones")
def test_standing_stones_convert_magic_only_while_the_face_is_held():
    """Digest §8 Standing Stones: the *controlling* army's magic may take the terrain's
    elements. At face 1 (magic, not captured) Coral Elves at Highland cast no earth spell."""
    state = position(ann={"campaign": ("Coral Elves/Conjurer",) * 2},
                     frontier="Terrains/Highland Standing Stones", faces=(3, 3, 1))
    state, _ = turn(state)
    state, _ = run(scripted(state, 2, 2), "march t2", "no-maneuver", "action magic")
    assert not [o for o in options(state) if o.startswith(("cast stone-skin", "cast ash-storm"))]
    assert "cast watery-double water t2 0" in options(state)


def test_only_the_holder_may_take_any_action_opponents_only_melee():
    """Digest §8: the controlling army may take melee, missile or magic; opponents at that
    terrain may only melee."""
    state = position(ann={"campaign": (FOOT,)}, bob={"campaign": (FOOT,)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 8))
    state = with_face(state, 2, 8, 1)  # Bob holds it
    state, _ = turn(state)
    state, _ = run(state, "march t2", "no-maneuver")
    assert [o for o in options(state) if o.startswith("action")] == ["action melee"]


def test_eighth_face_doubles_army_ids_but_not_individual_rolls_or_opponents():
    """Digest §8: the holding army's ID results are doubled; digest §10 #5: not in an
    individual unit's roll; an opposing army there is not doubled."""
    state = position(ann={"campaign": (FOOT, FOOT)}, bob={"campaign": (FOOT,)},
                     frontier="Terrains/Coastland Tower", faces=(3, 3, 8))
    ann = die_ids(state, FOOT, "t2", 0)
    bob = die_ids(state, FOOT, "t2", 1)
    assert count(state, T2, 0, SAV, {ann[0]: 0, ann[1]: 1}).total(SAV) == 3  # 1 ID x2 + 1
    assert count(state, T2, 1, SAV, {bob[0]: 0}).total(SAV) == 1
    _, roll = unit_roll(scripted(state, 0), ann[0], (SAV,), [], "test")
    assert roll.total(SAV) == 1


# --- minor-terrain icons (digest §1.6) --------------------------------------------------------

# (minor terrain, face index, icon, roll type and Footman faces, total without, with it).
# Coastland minor terrains (air, water): no Dwarven ability works with their colours.
BRIDGE, KNOLL, VILLAGE, WOODS = (f"Minor Terrains/Coastland {n}" for n in
                                 ("Bridge", "Knoll", "Village", "Woods"))
MINOR_ROLLS = [
    # Disasters halve one result type, rounding down (digest §4.2 step 7).
    (BRIDGE, 1, "Flood", MAN, (0, 0, 0), 3, 1),
    (BRIDGE, 1, "Flood", SAV, (1, 1, 4), 3, 3),  # only maneuver
    (KNOLL, 1, "Dust Storm", MIS, (0, 0, 0), 3, 1),
    (KNOLL, 1, "Dust Storm", MEL, (5, 5, 2), 5, 5),
    (VILLAGE, 1, "Revolt", MEL, (5, 5, 2), 5, 2),
    (VILLAGE, 1, "Revolt", SAV, (1, 1, 4), 3, 3),
    (WOODS, 1, "Flanked", SAV, (1, 1, 4), 3, 1),
    (WOODS, 1, "Flanked", MEL, (5, 5, 2), 5, 5),
    # Double Maneuvers / Double Saves double ID results in that roll type only.
    (BRIDGE, 2, "Double Maneuvers", MAN, (0, 0, 0), 3, 6),
    (BRIDGE, 2, "Double Maneuvers", SAV, (0, 0, 0), 3, 3),
    (BRIDGE, 2, "Double Maneuvers", MAN, (2, 0, 0), 2, 4),  # only the IDs, not the melee
    (BRIDGE, 5, "Double Saves", SAV, (0, 1, 4), 3, 4),  # 1 ID doubled + 2 saves
    (BRIDGE, 5, "Double Saves", MAN, (0, 0, 0), 3, 3),
    # ID and action faces change no roll.
    (BRIDGE, 0, "Bridge", SAV, (0, 1, 4), 3, 3),
    (BRIDGE, 6, "Magic", MEL, (5, 5, 2), 5, 5),
    (BRIDGE, 7, "Melee", MEL, (5, 5, 2), 5, 5),
    (BRIDGE, 4, "Missile", MIS, (0, 0, 0), 3, 3),
]


def minor_army(key, face):
    """Ann's Campaign army of three Footmen at the Frontier controlling minor terrain `key`
    showing `face`; returns (state without it in play, state with it, Footman ids)."""
    state = position(ann={"campaign": (FOOT, FOOT, FOOT), "minor_terrains": (key,)})
    minor = die_ids(state, key)[0]
    with_minor = moved(state, [minor], T2).with_(minors=((minor, face),))
    assert with_minor.dice[minor].die.faces[face].icon.value == \
        next(r[2] for r in MINOR_ROLLS if r[0] == key and r[1] == face)
    return state, with_minor, die_ids(state, FOOT, "t2", 0)


@pytest.mark.parametrize("key, face, icon, roll, faces, without, expect",
                         [pytest.param(*r, marks=pytest.mark.rule("minor_terrain", r[2]))
                          if r[2] not in ("Magic", "Melee", "Missile") else r
                          for r in MINOR_ROLLS],
                         ids=[f"{r[2]}-{r[3].value}-{i}" for i, r in enumerate(MINOR_ROLLS)])
def test_minor_terrain_faces_change_the_armys_rolls(key, face, icon, roll, faces, without,
                                                   expect):
    """Digest §1.6: what each minor-terrain face does to its army's rolls."""
    state, held, feet = minor_army(key, face)
    shown = dict(zip(feet, faces))
    assert count(state, T2, 0, roll, shown).total(roll) == without
    assert count(held, T2, 0, roll, shown).total(roll) == expect


@pytest.mark.parametrize("face, action", [(6, "magic"), (4, "missile"), (7, "melee")])
def test_minor_terrain_action_faces_add_their_action(face, action):
    """Digest §1.6: on a Magic / Melee / Missile face the army may take that action or the one
    the terrain shows (Coastland Tower face 7: melee). The army keeps the face instead of
    maneuvering."""
    state, held, _ = minor_army(BRIDGE, face)
    held = with_face(held, 2, 7)
    held, _ = turn(held)
    held, _ = run(held, "march t2", "keep-minor")
    actions = {o.split()[1] for o in options(held) if o.startswith("action")}
    assert actions == {"melee", action}


def test_a_minor_terrain_acts_only_for_the_army_that_controls_it():
    """Digest §1.6: the bonus is the controlling army's: Bob's army at the same terrain keeps
    its own totals when Ann's Flood shows."""
    state = position(ann={"campaign": (FOOT,), "minor_terrains": (BRIDGE,)},
                     bob={"campaign": (FOOT, FOOT, FOOT)})
    minor = die_ids(state, BRIDGE)[0]
    state = moved(state, [minor], T2).with_(minors=((minor, 1),))
    bob = die_ids(state, FOOT, "t2", 1)
    assert count(state, T2, 1, MAN, dict.fromkeys(bob, 0)).total(MAN) == 3


@pytest.mark.rule("eighth_face", "City")
def test_city_recruits_one_unit_only():
    """Digest §8 City: recruit *one* small unit: with two Footmen in the DUA one comes back."""
    state = position(ann={"home": (FOOT, FOOT, FOOT)}, faces=(8, 3, 3))
    dead = die_ids(state, FOOT, "t0", 0)[1:]
    state = moved(state, dead, DUA0)
    state, _ = turn(state)
    state, _ = run(state, "choose recruit")
    assert sorted(options(state)) == sorted(f"pick {i}" for i in dead)
    state, _ = run(state, f"pick {dead[0]}")
    assert state.phase is Phase.FIRST_MARCH
    assert [state.zones[i] for i in dead] == [T0, DUA0]


@pytest.mark.rule("eighth_face", "Dragon's Lair")
def test_dragons_lair_offers_a_terrain_with_an_opposing_army_first():
    """Seed 003 Dragon's Lair: the dragon goes to any terrain; the choice offered first (the
    automatic player's) is a terrain where an opponent has an army, so the dragon attacks it,
    not one where only the summoner's own armies stand."""
    state = position(ann={"dragons": ("Dragons/Blue Drake",)},
                     frontier="Terrains/Coastland Dragons Lair", faces=(3, 3, 8))
    bobs = die_ids(state, FOOT, "t0", 1) + die_ids(state, FOOT, "t2", 1)
    state = moved(state, bobs, Zone(ZoneKind.RESERVE, 1))  # Bob's only army: his Home, t1
    blue = die_ids(state, "Dragons/Blue Drake")[0]
    state, _ = turn(state)
    state, _ = run(state, f"pick {blue}")
    assert options(state) == ["choose t0", "choose t1", "choose t2"]
    assert state.pending.default == "choose t1"


def magic_drain_by_bob(state):
    """Bob's Magic Drain (digest §7: every army roll at the terrain −2 magic) on the Frontier."""
    from dragondice_desktop.engine.rolls.model import Modifier, ModOp
    from dragondice_desktop.engine.core.state import LastingEffect

    drain = LastingEffect(1, None, "modifiers", "Magic Drain", zone=T2, amount=2,
                          spell="Magic Drain",
                          modifiers=(Modifier(ModOp.SUBTRACT, 2, "Magic Drain (spell)",
                                              types=(MAG,)),))
    return state.with_(effects=state.effects + (drain,))


@pytest.mark.rule("eighth_face", "Temple")
@pytest.mark.parametrize("face, holder, ann_magic", [(8, 0, 3), (7, None, 1), (8, 1, 1)])
def test_temple_holder_is_immune_to_an_opponents_death_terrain_spell(face, holder, ann_magic):
    """Digest §8 Temple: the holding army is immune to opponents' death magic — Bob's Magic
    Drain at the Frontier takes 2 magic from every army roll there but Ann's while her army
    holds the Temple. Not held, or held by Bob, it takes Ann's too. Conjurer face 2: 3 Magic."""
    state = position(ann={"campaign": ("Coral Elves/Conjurer",)},
                     bob={"campaign": ("Coral Elves/Conjurer",)},
                     frontier="Terrains/Coastland Temple", faces=(3, 3, face))
    state = magic_drain_by_bob(with_face(state, 2, face, holder))
    ann = die_ids(state, "Coral Elves/Conjurer", "t2", 0)[0]
    bob = die_ids(state, "Coral Elves/Conjurer", "t2", 1)[0]
    assert count(state, T2, 0, MAG, {ann: 2}).total(MAG) == ann_magic
    assert count(state, T2, 1, MAG, {bob: 2}).total(MAG) == 1  # the caster's own: no immunity


@pytest.mark.rule("eighth_face", "Grove")
def test_grove_returns_a_minor_terrain_to_the_holders_summoning_pool():
    """Seed 003 Grove: a minor terrain from *your* BUA goes to your Summoning Pool; another
    player's buried minor terrain is not a choice."""
    minor = "Minor Terrains/Coastland Bridge"
    state, _ = grove(ann={"minor_terrains": (minor,)}, bob={"minor_terrains": (minor,)},
                     ann_bua=(minor,), bob_bua=(minor,))
    assert state.zones[die_ids(state, minor, None, 0)[0]] == POOL0
    assert state.zones[die_ids(state, minor, None, 1)[0]] == BUA1
