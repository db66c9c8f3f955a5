"""The Dragon Attack phase (digest §3.3, §5.4): targets by the table, the dragons' rolls,
breath, treasure, the army's combination roll, simultaneous damage with the kill thresholds,
promotion after a kill, wings; Dragonkin that cannot roll; Decapitate and the Eldarim
champions against dragons (seed 000, seed 001).

Positions: dragons are placed at the Frontier (t2), where Ann (player 0, the marching player)
has her Campaign army. Drake faces: 0 Jaws 12, 1-2 Tail 3, 3-5 and 10 Claws 6, 6-7 Belly,
8-9 Wings 5, 11 Breath 5. Wyrm: 0 Jaws, 1 and 9-10 Tail, 2 Treasure, 3-4 and 7-8 Claws, 5-6
Belly, 11 Breath. The scripted dice show the dragons' faces first, then the army's roll.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.model import DieKind
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Phase, Step, Zone, ZoneKind

from engine_helpers import die_ids, moved, position, run, scripted, texts, turn

T2 = Zone(ZoneKind.TERRAIN, 2)
DUA0, POOL0, POOL1, BUA1 = (Zone(ZoneKind.DUA, 0), Zone(ZoneKind.SUMMONING, 0),
                            Zone(ZoneKind.SUMMONING, 1), Zone(ZoneKind.BUA, 1))
FOOT, SERGEANT, WARLORD = "Dwarves/Footman", "Dwarves/Sergeant", "Dwarves/Warlord"
JAWS, TAIL, CLAWS, BELLY, WINGS, BREATH = 0, 1, 3, 6, 8, 11
TREASURE = 2  # wyrms


def options(state):
    return sorted(a.to_text() for a in legal_actions(state))


def at_frontier(ann_campaign, bob_dragons, ann_dragons=(), **ann):
    """Ann's Campaign army and the dragons (Bob's, then Ann's) at the Frontier."""
    state = position(ann={"campaign": ann_campaign, "dragons": ann_dragons, **ann},
                     bob={"dragons": bob_dragons, "campaign": ()}, faces=(3, 3, 4))
    dragons = [d.id for d in state.dice if d.die.kind is DieKind.DRAGON]
    return moved(state, dragons, T2), dragons


def test_dragons_attack_each_other_before_the_army():
    """Digest §5.4 table: an elemental dragon attacks a dragon of another element rather than
    the army; damage at step 7: 12 (Jaws) kills a dragon (10), 6 (Claws) does not."""
    state, (blue, red) = at_frontier((FOOT,), ("Dragons/Blue Drake",), ("Dragons/Red Drake",))
    red, blue = die_ids(state, "Dragons/Red Drake")[0], die_ids(state, "Dragons/Blue Drake")[0]
    assert red < blue  # Ann's dice come first: the red dragon rolls first
    state, events = turn(state, 0, CLAWS, JAWS)
    assert "Ann's Red Drake attacks Bob's Blue Drake" in texts(events)
    assert state.zones[red] == POOL0 and state.zones[blue] == T2
    assert not [e for e in events if e.kind == "roll" and e.roll is not None]  # no army roll
    assert state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("sai", "Belly")
def test_army_kills_a_dragon_that_rolled_belly_and_promotes():
    """Digest §5.4: Belly — the dragon's automatic saves do not count, so 5 melee kill it; an
    army that killed a dragon may promote as many units as possible (step 8)."""
    state, (red,) = at_frontier((SERGEANT, SERGEANT, SERGEANT), ("Dragons/Red Drake",),
                                horde=(WARLORD,))
    warlord = die_ids(state, WARLORD)[0]
    state = moved(state, [warlord], DUA0)
    state, events = turn(state, 0, BELLY, 5, 5, 5)  # three '3 Melee'
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert (roll.total(RollType.MELEE), roll.total(RollType.SAVE)) == (9, 0)
    assert options(state) == ["choose melee", "choose none"]
    assert "dies from 5 melee or 5 missile results" in state.pending.prompt
    state, _ = run(state, "choose melee")
    assert state.zones[red] == POOL1
    assert options(state) == ["choose no", "choose promote"]
    state, _ = run(state, "choose promote")
    assert state.zones[warlord] == T2
    assert state.phase is Phase.FIRST_MARCH


def test_ten_results_of_one_type_are_needed_melee_and_missile_do_not_mix():
    """Digest §5.4 step 6: "the results against it must be all melee or all missile"."""
    state, (red,) = at_frontier(("Dwarves/Marksman",) * 4, ("Dragons/Red Drake",))
    # Red Drake rolls Claws (6 damage); four Marksmen: 3 Melee, 3 Melee, 3 Missile, 3 Missile.
    state, events = turn(state, 0, CLAWS, 1, 1, 5, 5)
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert (roll.total(RollType.MELEE), roll.total(RollType.MISSILE)) == (6, 6)
    assert state.zones[red] == T2  # 6 + 6 do not kill: no question asked
    assert state.step is Step.DAMAGE and "Assign 6 damage" in state.pending.prompt


@pytest.mark.rule("sai", "Breath")
def test_breath_kills_five_health_worth_and_air_halves_melee():
    """Digest §5.4 step 4: breath kills 5 health-worth chosen by the owner (two Sergeants,
    4 health), then Lightning Bolt halves melee until the owner's next turn — already in the
    army's answer: 3 melee -> 1."""
    state, (blue,) = at_frontier((SERGEANT, SERGEANT, SERGEANT), ("Dragons/Blue Drake",))
    sergeants = die_ids(state, SERGEANT, "t2", 0)
    state, events = turn(state, 0, BREATH, 5)
    assert state.step is Step.DAMAGE and "Assign 5 damage" in state.pending.prompt
    state, events = run(state, f"kill {sergeants[0]}", f"kill {sergeants[1]}")
    effect = [e for e in state.effects if "Lightning Bolt" in e.text][0]
    assert effect.creator == 0 and effect.zone == T2
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert roll.total(RollType.MELEE) == 1
    assert state.phase is Phase.FIRST_MARCH


@pytest.mark.rule("sai", "Breath")
def test_fire_breath_buries_the_killed_that_fail_a_save():
    """Digest §5.4 Dragon Fire: "Roll the units the breath killed. Those that roll no save
    result are buried." Footman faces: 0 ID, 1 Save, 2 Melee. The breath kills the whole
    army: one click kills both (digest §4.7, rules revision 3), in die order."""
    state, (red,) = at_frontier((FOOT, FOOT), ("Dragons/Red Drake",), horde=())
    feet = die_ids(state, FOOT, "t2", 0)
    state, _ = turn(state, 0, BREATH)
    state = scripted(state, 1, 2)  # saves, then fails
    state, events = run(state, f"kill {feet[1]}")
    assert state.zones[feet[0]] == DUA0
    assert state.zones[feet[1]] == Zone(ZoneKind.BUA, 0)


@pytest.mark.rule("sai", "Breath")
def test_death_breath_makes_the_army_ignore_ids():
    state, _ = at_frontier((SERGEANT, SERGEANT, SERGEANT), ("Dragons/Black Drake",))
    sergeants = die_ids(state, SERGEANT, "t2", 0)
    state, events = turn(state, 0, BREATH, 0)  # the last Sergeant rolls its ID: ignored
    state, events = run(state, f"kill {sergeants[0]}", f"kill {sergeants[1]}")
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert roll.total(RollType.SAVE) == 0 and "Dragon Plague" in roll.explain()


def test_wings_damage_then_the_dragon_flies_home():
    """Digest §5.4 step 9 and Wings: 5 damage; a dragon that rolled Wings and survives flies
    back to its owner's Summoning Pool. Three Footmen save once each (face 1): 5 − 3 = 2."""
    state, (red,) = at_frontier((FOOT, FOOT, FOOT), ("Dragons/Red Drake",))
    state, events = turn(state, 0, WINGS, 1, 1, 1)
    assert "Assign 2 damage" in state.pending.prompt
    feet = die_ids(state, FOOT, "t2", 0)
    state, events = run(state, f"kill {feet[0]}", f"kill {feet[1]}")
    assert state.zones[red] == POOL1


@pytest.mark.rule("sai", "Tail")
def test_tail_rolls_again_and_treasure_promotes():
    """Digest §1.7 Tail: 3 damage, roll again and apply that too; Treasure: the army may
    promote one unit (step 5). Tail 3 − 1 save = 2 damage."""
    state, (wyrm,) = at_frontier((FOOT, SERGEANT), ("Dragons/Red Wyrm",), horde=(WARLORD,))
    warlord, sergeant = die_ids(state, WARLORD)[0], die_ids(state, SERGEANT)[0]
    state = moved(state, [warlord], DUA0)
    state, events = turn(state, 0, TAIL, TREASURE)
    assert "Red Wyrm rolls: 3 Tail -> rolled again -> 1 Treasure" in " ".join(texts(events))
    assert options(state) == ["done", f"pick {sergeant}"]
    state = scripted(state, 1, 1)  # Warlord 3 Save, Footman Save
    state, events = run(state, f"pick {sergeant}")
    assert state.zones[warlord] == T2 and state.zones[sergeant] == DUA0
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert roll.total(RollType.SAVE) == 1 + 3 and state.phase is Phase.FIRST_MARCH


def test_dragonkin_cannot_roll_against_a_dragon_of_their_element():
    """Digest §5.6: in a dragon attack that includes a dragon of their element, Dragonkin
    cannot roll, but they can take damage."""
    state, (red,) = at_frontier((FOOT,), ("Dragons/Red Drake",),
                                dragonkin=("Dragonkin/Dragontroop (Fire)",))
    kin = die_ids(state, "Dragonkin/Dragontroop (Fire)")[0]
    state = moved(state, [kin], T2)
    state, events = turn(state, 0, CLAWS, 1)
    assert any("Dragontroop" in t and "cannot roll" in t for t in texts(events))
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert [d.die_id for d in roll.dice] == die_ids(state, FOOT, "t2", 0)


def test_white_dragon_needs_fifteen():
    """Digest §10 #1: a White Dragon has 10 health + 5 saves: 15 results kill it."""
    state, (white,) = at_frontier(("Dwarves/Androsphinx",) * 3, ("Dragons/White Drake",),
                                  ann_dragons=())
    # White Drake: Claws (24 damage doubled? no: '12 Claws'); three Androsphinx '4 Melee' = 12.
    state, events = turn(state, 0, CLAWS, 3, 3, 3)
    assert state.zones[white] == T2 and state.step is Step.DAMAGE


@pytest.mark.rule("sai", "Decapitate")
def test_decapitate_kills_a_dragon_that_rolled_jaws():
    """Seed 001 Decapitate, dragon attack: "kill one dragon that rolled Jaws". Hawk-folk carry
    the Air Vorpal Sword; it rolls 3 Decapitate (face 3)."""
    state, (red,) = at_frontier(("Feral/Hawk-folk", "Items/Air Vorpal Sword"),
                                ("Dragons/Red Drake",))
    state, events = turn(state, 0, JAWS, 1, 3)
    assert state.zones[red] == POOL1
    assert "Decapitate: Bob's Red Drake is killed" in texts(events, "sai")


@pytest.mark.rule("sai", "SFR Logo")
def test_dragonhunter_slays_a_dragon_of_its_colour():
    """Seed 000 Dragonhunter: may slay a dragon that contains its colour; a slain dragon
    leaves the game, its non-breath damage is ignored, and nobody promotes."""
    state, (blue,) = at_frontier(("Eldarim/Air Dragon Hunter (Air)",), ("Dragons/Blue Drake",))
    state, events = turn(state, 0, JAWS, 5)  # the logo
    assert options(state) == ["done", f"pick {blue}"]
    state, events = run(state, f"pick {blue}")
    assert state.zones[blue] == BUA1
    assert state.phase is Phase.FIRST_MARCH  # the 12 Jaws damage was ignored


@pytest.mark.rule("sai", "SFR Logo")
def test_dragonlord_tames_a_dragon_which_then_spares_its_army_and_can_be_ridden():
    """Seed 000 tame: the tamed dragon's non-breath damage is ignored; on future turns it does
    not attack an army containing its tamer; in the retreat step the tamer may ride it to any
    other terrain, and it stays tamed."""
    state, (red,) = at_frontier(("Eldarim/Dragonlord (White)",), ("Dragons/Red Drake",))
    lord = die_ids(state, "Eldarim/Dragonlord (White)")[0]
    state, events = turn(state, 0, JAWS, 5)
    state, events = run(state, f"pick {red}")
    assert [(b.dragon, b.unit, b.kind) for b in state.bonds] == [(red, lord, "tamed")]
    assert state.zones[lord] == T2 and state.phase is Phase.FIRST_MARCH
    later, events = turn(state, 0)
    assert "Bob's Red Drake does not attack: the unit that tamed it is in this army " \
           "(seed 000)" in texts(events)
    state, _ = run(later, "skip-march", "skip-march", "end-reinforce")
    assert f"ride {lord} t0" in options(state)
    state, _ = run(state, f"ride {lord} t0")
    t0 = Zone(ZoneKind.TERRAIN, 0)
    assert state.zones[lord] == t0 and state.zones[red] == t0 and state.bonds


def test_a_controlled_dragon_kept_back_adds_its_damage_to_the_army_melee():
    """Seed 000 control: the controller may keep the dragon from rolling; when another dragon
    attacks the controller's army, the controlled dragon rolls and its damage (Wings ignored)
    is added to the army's melee results."""
    from dragondice_desktop.engine.core.state import DragonBond

    state, _ = at_frontier(("Eldarim/Dragoncrusader (White)",),
                           ("Dragons/Red Drake", "Dragons/Ivory Drake"))
    crusader = die_ids(state, "Eldarim/Dragoncrusader (White)")[0]
    red, ivory = die_ids(state, "Dragons/Red Drake")[0], die_ids(state, "Dragons/Ivory Drake")[0]
    state = state.with_(bonds=(DragonBond(red, crusader, "controlled"),))
    state, _ = turn(state, 0)
    assert state.pending.player == 0 and options(state) == ["done", f"pick {ivory}"]
    state = scripted(state, BELLY, JAWS, 2)  # Ivory: Belly; red helps: 12; crusader: 4 Save
    state, events = run(state, "done")
    assert "adds 12 to the army's melee results" in " ".join(texts(events))
    assert options(state) == ["choose melee", "choose none"]
    state, _ = run(state, "choose melee")
    assert state.zones[ivory] == POOL1
