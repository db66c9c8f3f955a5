"""The 1996 spells (issue 18; TSR digest §9.6, §19 OP-16): a 1996 game offers the spells of
§9.6 with their 1996 costs and texts, today's spell of the same name for the others, and a
Reserve army casts any spell whose targets are all its own.

Position: Ann's two Dwarf Thaumaturgists march at the Frontier (terrain 2, Coastland Tower: air
and water, so no terrain bonus for their fire/earth magic) and roll face 2, '3 Magic' each: 6
fire/earth magic. Gold is the earth colour (§2.4).
"""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.core.options import checked
from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.spells.casting import spell_choices

from engine_helpers import moved, position, run, scripted, texts, turn

T2 = Zone(ZoneKind.TERRAIN, 2)
DUA0, DUA1, BUA0, BUA1 = (Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1), Zone(ZoneKind.BUA, 0),
                          Zone(ZoneKind.BUA, 1))
THAUM, FOOT = "Dwarves/Thaumaturgist", "Dwarves/Footman"


def classic(state):
    return state.with_(options=checked(state.options.rules, ruleset="classic"))


def casting(prepare=None, ruleset="classic"):
    """Ann's magic action with 6 fire/earth magic, waiting for her spells (`prepare` changes
    the position first)."""
    state = position(ann={"campaign": (THAUM, THAUM)}, faces=(3, 3, 1))
    if prepare is not None:
        state = prepare(state)
    if ruleset == "classic":
        state = classic(state)
    state, _ = turn(state, 0)
    state, _ = run(state, "march t2", "no-maneuver")
    state, _ = run(scripted(state, 2, 2), "action magic")
    return state


def offered(state):
    return sorted(a.to_text() for a in legal_actions(state))


def choice(state, name):
    return next(c for c in spell_choices(state) if c.spell.name == name)


@pytest.mark.rule("classic_spell", "Stoneskin")
def test_stoneskin_gives_one_automatic_save_per_casting_until_the_casters_next_turn():
    """TSR digest §9.6 row Stoneskin (CK2): gold, cost 2, any race; the target army gets 1
    automatic save until the beginning of your next turn, not used up (§10); more castings:
    bigger. Three castings cost 6 of Ann's 6 magic and give her army 3 saves; today's Stone
    Skin is not offered (the 1996 spell replaces it)."""
    state = casting()
    stoneskin = choice(state, "Stoneskin")
    assert (stoneskin.spell.info.cost, stoneskin.spell.info.color) == (2, "earth")
    assert "automatic save" in stoneskin.spell.effect
    assert not [c for c in spell_choices(state) if c.spell.name == "Stone Skin"]
    assert "cast stone-skin earth t2 0" not in offered(state)
    state, _ = run(state, *["cast stoneskin earth t2 0"] * 3)
    assert "magic left 0 of 6" in state.pending.prompt
    state, events = run(state, "done")
    effect = next(e for e in state.effects if e.spell == "Stoneskin")
    assert effect.modifiers[0].amount == 3 and effect.creator == 0 and effect.player == 0
    assert "gets automatic saves: 3 save results added to each of its save rolls" in effect.text
    from dragondice_desktop.engine.turn.start import begin_turn
    assert not [e for e in begin_turn(state, 0, []).effects if e.spell == "Stoneskin"]


def test_a_v4_game_still_offers_stone_skin_and_no_1996_spell():
    """Today's rules (digest §7): Stone Skin at 2 earth; the 1996 spells are not offered."""
    state = casting(ruleset="v4.01")
    names = {c.spell.name for c in spell_choices(state)}
    assert "Stone Skin" in names and not names & {"Stoneskin", "Dust to Dust"}


def test_a_1996_game_offers_no_spell_of_a_race_or_terrain_the_1996_game_lacks():
    """TSR digest §2.5: Treefolk and (non-champion) Eldarim had no TSR printing, so they are
    refused in classic, and OP-31 refuses minor terrains: a 1996 spell book offers none of
    Wall of Thorns, Accelerated Growth (Treefolk), Rise of the Eldarim, Evolve Dragonkin
    (Eldarim) or Esfah's Gift (a minor terrain), whatever the army's magic; today's spells of
    1996 races (Hailstorm, Mirage) stay (OP-16)."""
    from dragondice_desktop.engine.classic.spells import classic_book
    book = set(classic_book())
    lacking = {"Wall of Thorns", "Accelerated Growth", "Rise of the Eldarim",
               "Evolve Dragonkin", "Esfah's Gift"}
    assert not book & lacking
    assert {"Hailstorm", "Mirage", "Stoneskin", "Dust to Dust"} <= book
    state = casting()
    names = {c.spell.name for c in spell_choices(state)}
    assert names and not names & lacking


def _dead_footmen(state):
    foot = [d.id for d in state.dice if d.key == FOOT and d.die.kind.is_unit]
    mine = [f for f in foot if state.dice[f].owner == 0][:1]
    theirs = [f for f in foot if state.dice[f].owner == 1][:2]
    state = moved(state, mine, DUA0)
    return moved(state, theirs, DUA1)


@pytest.mark.rule("classic_spell", "Dust to Dust")
def test_dust_to_dust_buries_one_health_of_any_players_dead_per_casting():
    """TSR digest §9.6 row Dust to Dust (CK2): gold, cost 3, any race; bury 1 health-worth of
    any player's dead units; more castings: more units or several players. Two castings (6
    magic) bury 2 health-worth: Ann's dead Footman and one of Bob's (1 health each)."""
    state = casting(_dead_footmen)
    dust = choice(state, "Dust to Dust")
    assert (dust.spell.info.cost, dust.spell.info.color) == (3, "earth")
    state, _ = run(state, "cast dust-to-dust earth", "cast dust-to-dust earth", "done")
    dead = [d.id for d, z in zip(state.dice, state.zones) if z in (DUA0, DUA1)]
    mine = next(d for d in dead if state.dice[d].owner == 0)
    theirs = next(d for d in dead if state.dice[d].owner == 1)
    state, events = run(state, f"pick {mine}", f"pick {theirs}")
    if state.pending is not None and "Dust to Dust" in state.pending.prompt:
        state, events = run(state, "done")
    assert state.zones[mine] == BUA0 and state.zones[theirs] == BUA1
    assert sum(1 for z in state.zones if z == DUA1) == 1  # Bob's second Footman stays dead
    assert any("Dust to Dust" in t and "buried" in t for t in texts(events))


def test_a_reserve_army_casts_any_spell_whose_targets_are_all_its_own():
    """TSR digest §19 OP-16: "Reserves may cast any spell whose targets are all its own armies
    or units"; §9.4 (CK1): never other players' dice. Ann's two Thaumaturgists in her Reserve
    Area roll 6 fire/earth magic: Stoneskin goes on her own armies only, Dust to Dust
    buries only her own dead, and Path (not possible: no unit can move) is named as such; no
    spell on an opposing army, a terrain or a dragon is offered (Hailstorm-like Higher Ground,
    Firestorm, Summon Dragon). Fiery Weapon, a fire army spell, is offered on her own armies."""
    def prepare(state):
        thaums = [d.id for d in state.dice if d.key == THAUM]
        return _dead_footmen(moved(state, thaums, Zone(ZoneKind.RESERVE, 0)))

    state = position(ann={"campaign": (THAUM, THAUM)}, faces=(3, 3, 1))
    state = classic(prepare(state))
    state, _ = turn(state, 0)
    state, _ = run(state, "march reserve0")
    state, _ = run(scripted(state, 2, 2), "action magic")
    assert "spells on your own armies and units only" in state.pending.prompt
    casts = [o.split() for o in offered(state) if o.startswith("cast")]
    spells = {c[1] for c in casts}
    assert {"stoneskin", "dust-to-dust", "fiery-weapon"} <= spells
    assert not spells & {"higher-ground", "firestorm", "summon-dragon", "transmute-rock-to-mud"}
    assert {c[-1] for c in casts if c[1] == "stoneskin"} == {"0"}
    # her two armies left: the casting one in her Reserve Area and her Horde at t1
    assert sorted(c[3] for c in casts if c[1] == "stoneskin") == ["reserve0", "t1"]
    assert "on its own armies and units" in choice(state, "Firestorm").reason
    # the picker's Reserve mark follows the same rule (today's Firestorm, Fiery Weapon)
    assert not choice(state, "Firestorm").spell.info.reserve
    assert choice(state, "Fiery Weapon").spell.info.reserve
    ann = next(d.id for d, z in zip(state.dice, state.zones) if z == DUA0)
    state, _ = run(state, "cast dust-to-dust earth", "done")
    if state.pending is not None and "Dust to Dust" in state.pending.prompt:
        assert all(state.dice[u].owner == 0 for u in state.pending.options)
        state, _ = run(state, f"pick {ann}")
    assert state.zones[ann] == BUA0
    assert sum(1 for z in state.zones if z == DUA1) == 2  # Bob's dead stay dead


@pytest.mark.rule("classic_spell", "Path")
def test_path_costs_four_gold_and_moves_a_unit_to_another_of_your_armies():
    """TSR digest §9.6 row Path (CK2): gold, cost 4, "move one of your units at once…" (cut
    off); the default of the brief and rulings: today's Path, one of your units at a terrain
    moves to another terrain where you have an army. One casting leaves 2 of Ann's 6 magic; a
    Thaumaturgist goes from the Frontier to her Horde at Bob's Home Terrain (t1)."""
    state = casting()
    path = choice(state, "Path")
    assert (path.spell.info.cost, path.spell.info.color) == (4, "earth")
    state, _ = run(state, "cast path earth")
    assert "magic left 2 of 6" in state.pending.prompt
    state, _ = run(state, "done")
    thaum = next(d.id for d in state.dice if d.key == THAUM)
    state, _ = run(state, f"pick {thaum}")
    if state.pending is not None and state.pending.prompt.startswith("Path: you may"):
        state, _ = run(state, "done")
    state, events = run(state, "choose t1")
    assert state.zones[thaum] == Zone(ZoneKind.TERRAIN, 1)


def test_a_1996_spell_on_an_army_holding_a_temple_still_counts():
    """TSR digest §9.4 (CK1): a Temple keeps only new black spells off its army; Stoneskin is
    gold (earth), so Ann's Stoneskin on Bob's army holding the Temple is not shut out (a 1996
    spell's colour is its own record's: found by a three-player self-play game)."""
    from dragondice_desktop.engine.core.state import LastingEffect
    from dragondice_desktop.engine.sai.lasting import temple_immune

    from engine_helpers import with_face

    state = position(frontier="Terrains/Feyland Temple", faces=(3, 3, 3))
    state = classic(with_face(state, 2, 8, 1))
    skin = LastingEffect(0, None, "modifiers", "Stoneskin on Bob's army", player=1, zone=T2,
                         spell="Stoneskin")
    assert not temple_immune(state, skin, T2, 1)


# --- the Feral spells of 1996 ---------------------------------------------------------------

BADGER = "Feral/Badger-folk"  # 2 health, face 2 '3 Magic' (air/earth)


def feral_casting(bob_campaign=(FOOT, FOOT, FOOT)):
    """Ann's two Feral Badger-folk march at the Frontier (terrain 2, Swampland Tower: water and
    earth, its magic face up) and roll '3 Magic' each: 6 air/earth magic made by Feral units,
    doubled by the terrain (OP-14); Bob's Campaign army `bob_campaign` is there too."""
    state = position(ann={"campaign": (BADGER, BADGER)}, bob={"campaign": bob_campaign},
                     frontier="Terrains/Swampland Tower", faces=(3, 3, 1))
    state, _ = turn(classic(state), 0)
    state, _ = run(state, "march t2", "no-maneuver")
    state, _ = run(scripted(state, 2, 2), "action magic")
    return state


@pytest.mark.rule("classic_spell", "Savage")
def test_savage_turns_one_health_of_an_army_on_the_rest_of_it():
    """TSR digest §9.6 row Savage (CK2): gold, cost 3, Feral; 1 health of a target army (your
    choice) makes an immediate melee attack on its own army; the others may save. Ann picks
    one of Bob's three Footmen (1 health): it rolls '2 Melee'; the other two save '1 Save'
    and '1 Melee' (1 save): 2 − 1 = 1 damage, and Bob loses one of those two (1 health)."""
    state = feral_casting()
    savage = choice(state, "Savage")
    assert (savage.spell.info.cost, savage.spell.info.color) == (3, "earth")
    assert savage.spell.info.species is not None and savage.spell.info.species.value == "Feral"
    assert "cast savage earth t2 1" in offered(state)
    state, _ = run(state, "cast savage earth t2 1", "done")
    foot1, foot2, foot3 = [d.id for d, z in zip(state.dice, state.zones)
                           if z == T2 and d.owner == 1]
    state = scripted(state, 5, 1, 2)  # '2 Melee'; then '1 Save', '1 Melee'
    state, events = run(state, f"pick {foot1}")
    lines = texts(events)
    assert "Savage: Bob's units hit the rest of their army for 2, it saves 1: 1 damage" in lines
    state, more = run(state, f"pick {foot2}")
    assert state.zones[foot2] == DUA1
    assert state.zones[foot1] == T2 and state.zones[foot3] == T2


@pytest.mark.rule("classic_spell", "Savage")
def test_savage_does_nothing_when_the_others_save_it_all():
    """TSR digest §9.6 Savage: the others may save. Bob's Footman picked rolls '1 Melee'; the
    two others save '1 Save' and '1 Save': 1 − 2, no damage, nobody is killed."""
    state = feral_casting()
    state, _ = run(state, "cast savage earth t2 1", "done")
    foot1, foot2, foot3 = [d.id for d, z in zip(state.dice, state.zones)
                           if z == T2 and d.owner == 1]
    state = scripted(state, 2, 1, 4)
    state, events = run(state, f"pick {foot1}")
    assert "Savage: 1 hits − 2 saves, no damage" in " ".join(texts(events, "sai"))
    assert all(state.zones[f] == T2 for f in (foot1, foot2, foot3))


@pytest.mark.rule("classic_spell", "Backlash")
def test_backlash_makes_an_army_casting_there_save_against_the_magic_it_spent():
    """TSR digest §9.6 row Backlash (CK2): gold, cost 4, Feral; target a terrain; an army
    there that casts magic must then save against damage equal to the magic it spent. Ann
    casts Backlash on the Frontier (4 of her 12 magic). On Bob's turn his two Thaumaturgists
    there make 12 earth magic and cast Stoneskin twice on their army (4 magic): once it is
    resolved the army saves against 4 damage, rolling '2 Melee' and '3 Magic' (no save) plus
    Stoneskin's 2 automatic saves: 2 damage, one Thaumaturgist (2 health) dies."""
    state = feral_casting(bob_campaign=(THAUM, THAUM))
    backlash = choice(state, "Backlash")
    assert (backlash.spell.info.cost, backlash.spell.info.color) == (4, "earth")
    assert backlash.spell.info.species is not None
    state, events = run(state, "cast backlash earth t2", "done")
    mark = next(e for e in state.effects if e.spell == "Backlash")
    assert mark.zone == T2 and mark.player is None and mark.creator == 0
    from dragondice_desktop.engine.turn.start import begin_turn
    state = begin_turn(state.with_(march=None, tasks=()), 1, [])
    assert [e for e in state.effects if e.spell == "Backlash"]  # until Ann's next turn
    thaums = [d.id for d, z in zip(state.dice, state.zones) if z == T2 and d.owner == 1]
    state, _ = run(state, "march t2", "no-maneuver")
    state, _ = run(scripted(state, 2, 2), "action magic")
    state, _ = run(state, "cast stoneskin earth t2 1", "cast stoneskin earth t2 1")
    state = scripted(state, 1, 2)  # Bob's save roll against Backlash
    state, events = run(state, "done")
    lines = texts(events)
    assert any("Backlash: Bob's army at" in t and "spent 4 magic and must save against 4 "
               "damage" in t for t in lines)
    assert "Bob's Campaign army at Swampland Tower rolls save: 2" in lines
    assert "Bob takes 2 damage (Backlash: 4 − saves 2)" in lines
    state, _ = run(state, f"kill {thaums[0]}")
    assert sorted(state.zones[t] == T2 for t in thaums) == [False, True]


def test_backlash_leaves_an_army_that_casts_elsewhere_alone():
    """TSR digest §9.6 Backlash hits an army *there* that casts: Ann's Backlash lies on Bob's
    Home Terrain (terrain 1); his Thaumaturgists casting at the Frontier make no save roll."""
    state = feral_casting(bob_campaign=(THAUM, THAUM))
    state, events = run(state, "cast backlash earth t1", "done")
    from dragondice_desktop.engine.turn.start import begin_turn
    state = begin_turn(state.with_(march=None, tasks=()), 1, [])
    state, _ = run(state, "march t2", "no-maneuver")
    state, _ = run(scripted(state, 2, 2), "action magic")
    state, events = run(state, "cast stoneskin earth t2 1", "done")
    assert not any("Backlash" in t for t in texts(events))


# --- Summon Gold Dragonkin -----------------------------------------------------------------

FOAL = "Dragonkin/Dragonfoal (Earth)"  # a small (1 health) gold Dragonkin


def kin_casting(*house_rules):
    """Ann's two Thaumaturgists cast with 6 fire/earth magic at the Frontier; her force
    brought a small earth (gold) Dragonkin, waiting in her Summoning Pool."""
    from dragondice_desktop.engine.core.house_rules import CLASSIC_ITEMS_AND_DRAGONKIN
    rules = (CLASSIC_ITEMS_AND_DRAGONKIN,) if "kin" in house_rules else ()
    state = position(ann={"campaign": (THAUM, THAUM), "dragonkin": (FOAL,)}, faces=(3, 3, 1))
    state = state.with_(options=checked(state.options.rules, house_rules=rules,
                                        ruleset="classic"))
    state, _ = turn(state, 0)
    state, _ = run(state, "march t2", "no-maneuver")
    state, _ = run(scripted(state, 2, 2), "action magic")
    return state


@pytest.mark.rule("classic_spell", "Summon Gold Dragonkin")
def test_summon_gold_dragonkin_brings_one_health_of_gold_dragonkin_to_the_army():
    """TSR digest §9.6 row Summon Gold Dragonkin (CK2): gold, cost 2, any race; 1 health of
    your gold Dragonkin joins the casting army. Dragonkin play only under the OP-30 house rule
    "items and Dragonkin": with it on, Ann's Dragonfoal (earth, 1 health) joins her army at the
    Frontier for 2 of her 6 magic."""
    state = kin_casting("kin")
    summon = choice(state, "Summon Gold Dragonkin")
    assert (summon.spell.info.cost, summon.spell.info.color) == (2, "earth")
    assert summon.spell.info.species is None
    foal = next(d.id for d in state.dice if d.key == FOAL)
    assert state.zones[foal].kind is ZoneKind.SUMMONING
    state, _ = run(state, "cast summon-gold-dragonkin earth", "done")
    if state.zones[foal] != T2:  # the caster picks the Dragonkin, unless only one can come
        state, _ = run(state, f"pick {foal}")
    assert state.zones[foal] == T2


@pytest.mark.rule("classic_spell", "Summon Gold Dragonkin")
def test_summon_gold_dragonkin_is_refused_with_why_when_dragonkin_are_left_out():
    """TSR digest OP-30: Dragonkin are behind the "Magestorm/Dragonkin" switch, off by
    default. Without it the spell is listed but cannot be cast, and says why."""
    state = kin_casting()
    summon = choice(state, "Summon Gold Dragonkin")
    assert summon.actions == ()
    assert "house rule" in summon.reason and "Dragonkin" in summon.reason
    assert not [a for a in offered(state) if "summon-gold-dragonkin" in a]


@pytest.mark.rule("classic_spell", "Hide")
def test_hidden_units_make_no_roll_and_are_never_casualties():
    """TSR digest §9.6 row Hide (CK2): gold, cost 2, Feral; 1 health of your units hides until
    the end of your next turn; hidden units do not roll and cannot be touched by melee. Ann
    casts Hide twice (2 health-worth) and hides one Badger-folk (2 health). On Bob's turn his
    three Footmen hit her army for 6 ('2 Melee' each); only her other Badger-folk rolls to save
    ('2 Save'): 4 damage, which can kill only that one; the hidden one stays."""
    from engine_helpers import with_face
    from dragondice_desktop.engine.turn.start import begin_turn
    state = feral_casting()
    hide = choice(state, "Hide")
    assert (hide.spell.info.cost, hide.spell.info.color) == (2, "earth")
    assert hide.spell.info.species is not None
    state, _ = run(state, "cast hide earth", "cast hide earth", "done")
    hidden, other = [d.id for d in state.dice if d.key == BADGER]
    state, events = run(state, f"pick {hidden}")
    assert f"Hide: Ann's Badger-folk hidden" in texts(events, "sai")
    state = with_face(begin_turn(state.with_(march=None, tasks=()), 1, []), 2, 7)
    state = scripted(state, 5, 5, 5, 4)  # Bob's Footmen '2 Melee'; Ann's other Badger '2 Save'
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    lines = texts(events)
    assert "Ann's Campaign army at Swampland Tower rolls save: 2" in lines
    assert any(t.startswith("Ann's Badger-folk does not roll: Ann's Badger-folk is hidden")
               for t in texts(events, "roll") + lines)
    while state.pending is not None and state.pending.player == 0 and state.damage:
        assert [a.to_text() for a in legal_actions(state)] == [f"kill {other}"]
        state, _ = run(state, f"kill {other}")
    assert state.zones[other] == DUA0 and state.zones[hidden] == T2


@pytest.mark.rule("classic_spell", "Hide")
def test_hide_lasts_until_the_end_of_the_casters_next_turn():
    """TSR digest §9.6 Hide: "until the end of your next turn". Cast on Ann's turn, the unit
    is hidden on Bob's turn and on Ann's next turn, and comes out when Bob's next turn
    begins."""
    from dragondice_desktop.engine.turn.start import begin_turn
    state = feral_casting()
    state, _ = run(state, "cast hide earth", "cast hide earth", "done")
    hidden = next(d.id for d in state.dice if d.key == BADGER)
    state, _ = run(state, f"pick {hidden}")

    def hidden_at(state, player):
        state = begin_turn(state.with_(march=None, tasks=(), pending=None), player, [])
        return state, any(e.kind == "classic_hidden" and e.die_id == hidden
                          for e in state.effects)

    state, now = hidden_at(state, 1)
    assert now
    state, now = hidden_at(state, 0)
    assert now
    state, now = hidden_at(state, 1)
    assert not now


def test_a_spell_aimed_at_a_unit_cannot_take_a_hidden_one():
    """TSR digest §9.6 Hide: hidden units cannot be touched by magic. Bob's Footman at the
    Frontier is hidden: Ann's spells aimed at a unit (Lightning Strike) name every other unit
    of Bob's, never that one."""
    from dragondice_desktop.engine.core.state import LastingEffect
    from dragondice_desktop.engine.spells.targets import legal_targets
    from dragondice_desktop.engine.spells.book import spell_named
    state = feral_casting()
    feet = [d.id for d, z in zip(state.dice, state.zones) if z == T2 and d.owner == 1]
    mark = LastingEffect(1, None, "classic_hidden", "Bob's Footman is hidden", player=1,
                         zone=T2, die_id=feet[0], amount=1, spell="Hide")
    aimed = [a[0] for a in legal_targets(state.with_(effects=state.effects + (mark,)),
                                         spell_named("Lightning Strike"), 0, T2, "air")]
    plain = [a[0] for a in legal_targets(state, spell_named("Lightning Strike"), 0, T2, "air")]
    assert feet[0] in plain and feet[0] not in aimed and feet[1] in aimed
