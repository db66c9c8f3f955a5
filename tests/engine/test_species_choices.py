"""Species abilities that leave the owner a choice, asked as a pending decision (digest §6),
from rules revision 5; before it the app chose for the owner, and that choice is still the
automatic player's default:

- Stepped Damage, "you may instead exchange it with a smaller Undead from your DUA": the owner
  picks the stand-in, or none (the app took the largest smaller Undead). Ann's Home is
  Highland City (t0, fire and earth); Bob's Horde army there is a Death Knight (3 health). Two
  Footmen showing 2 Melee each do 4 damage; the Death Knight showing Melee saves nothing.
  Bob's DUA holds a Ghast (2 health) and a Ghoul (1 health).
- Resist Fear, "Dragonkin up to the total Eldarim health in the army ignore 'can't roll in
  this dragon attack' restrictions": when not all the feared Dragonkin fit, the owner picks
  which roll (the app took them in die order). Ann's Campaign army at the Frontier: an Air
  Dragon Hunter (Eldarim, 4 health), a Fire Dragonchamp (3) and a Fire Dragonhero (2); Bob's
  Red Drake (fire) attacks it, so both Dragonkin fear it (digest §5.6).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dragondice_desktop.catalog.model import DieKind
from dragondice_desktop.engine.core.state import PlayerSetup, Step, Zone, ZoneKind
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.policy import choose

from engine_helpers import die_ids, moved, position, run, scripted, texts, turn

T0, T2, DUA1 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2), Zone(ZoneKind.DUA, 1)
CLAWS = 3  # the Red Drake's face: 6 Claws


def _killed(rules=None):
    """The state once Bob has removed the Death Knight for Ann's 4 melee damage; and the
    ids of the Death Knight, the Ghast and the Ghoul."""
    state = position(ann={"home": ("Dwarves/Footman",) * 2},
                     bob={"horde": ("Undead/Death Knight",),
                          "campaign": ("Undead/Ghast", "Undead/Ghoul", "Dwarves/Footman")},
                     faces=(6, 3, 3))
    if rules is not None:
        state = state.with_(options=replace(state.options, rules=rules))
    knight = die_ids(state, "Undead/Death Knight")[0]
    ghast, ghoul = die_ids(state, "Undead/Ghast")[0], die_ids(state, "Undead/Ghoul")[0]
    state = moved(state, [ghast, ghoul], DUA1)
    state, _ = turn(state)
    state, _ = run(scripted(state, 5, 5, 2), "march t0", "no-maneuver", "action melee")
    state, events = run(state, f"kill {knight}")
    return state, events, knight, ghast, ghoul


def _options(state):
    return sorted(a.to_text() for a in legal_actions(state))


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_stepped_damage_asks_the_owner_which_smaller_undead_stands_in():
    """Digest §6: the killed Death Knight may be exchanged with a *smaller* Undead of Bob's
    DUA: the Ghast or the Ghoul (both smaller than 3), or none ("you may"). Bob decides; the
    default is the largest smaller Undead, the exchange the app used to make for him."""
    state, events, knight, ghast, ghoul = _killed()
    assert state.pending.player == 1 and state.pending.step is Step.SAI_PICK
    assert "Stepped Damage" in state.pending.prompt
    assert _options(state) == sorted(["done", f"pick {ghast}", f"pick {ghoul}"])
    assert state.pending.default == f"pick {ghast}"
    assert state.zones[knight] == DUA1 and state.zones[ghast] == T0


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_stepped_damage_owner_may_take_another_smaller_undead():
    """Digest §6: Bob picks the Ghoul (1 health) instead: it takes the Death Knight's place
    and the Ghast stays in the DUA; the march goes on to Bob's counter-attack."""
    state, _, knight, ghast, ghoul = _killed()
    state, events = run(state, f"pick {ghoul}")
    assert (state.zones[knight], state.zones[ghast], state.zones[ghoul]) == (DUA1, DUA1, T0)
    assert state.pending.step is Step.COUNTER_ATTACK and state.pending.player == 1
    assert any("Ghoul takes the place of" in t for t in texts(events))


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_stepped_damage_may_be_declined_and_the_unit_is_killed():
    """Digest §6 "you may": with no exchange the Death Knight is killed; Bob's army at
    Highland is gone, so there is no counter-attack and Ann's march ends."""
    state, _, knight, ghast, ghoul = _killed()
    state, events = run(state, "done")
    assert (state.zones[knight], state.zones[ghast], state.zones[ghoul]) == (DUA1,) * 3
    assert not state.units_in(T0, 1)
    assert "Bob's Death Knight is killed (melee 4 − saves 0)" in texts(events)
    assert state.pending.step is not Step.COUNTER_ATTACK and state.pending.player == 0


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_the_automatic_player_keeps_the_largest_smaller_undead():
    """The automatic player takes the default: the Ghast (2 health, the largest Undead
    smaller than the Death Knight's 3) stays in its place."""
    state, _, knight, ghast, ghoul = _killed()
    state, _ = run(state, choose(state).to_text())
    assert (state.zones[knight], state.zones[ghast], state.zones[ghoul]) == (DUA1, T0, DUA1)
    assert state.pending.step is Step.COUNTER_ATTACK


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_games_of_rules_revision_4_make_the_exchange_without_asking():
    """A game recorded under rules revision 4 replays as it was played: the exchange with
    the largest smaller Undead (the Ghast) is made at once and the game goes straight on to
    Bob's counter-attack."""
    state, events, knight, ghast, ghoul = _killed(rules=4)
    assert state.pending.step is Step.COUNTER_ATTACK
    assert (state.zones[knight], state.zones[ghast], state.zones[ghoul]) == (DUA1, T0, DUA1)
    assert any("Stepped Damage exchanges it with Bob's Ghast" in t for t in texts(events))


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_only_smaller_undead_are_offered():
    """Digest §6: a *smaller* Undead: a Wight (2 health) killed with a Ghast (2) and a Ghoul
    (1) in the DUA may only be exchanged with the Ghoul."""
    state = position(ann={"home": ("Dwarves/Footman",) * 2},
                     bob={"horde": ("Undead/Wight",),
                          "campaign": ("Undead/Ghast", "Undead/Ghoul", "Dwarves/Footman")},
                     faces=(6, 3, 3))
    wight = die_ids(state, "Undead/Wight")[0]
    ghast, ghoul = die_ids(state, "Undead/Ghast")[0], die_ids(state, "Undead/Ghoul")[0]
    state = moved(state, [ghast, ghoul], DUA1)
    state, _ = turn(state)
    state, _ = run(scripted(state, 5, 5, 2), "march t0", "no-maneuver", "action melee")
    state, _ = run(state, f"kill {wight}")
    assert _options(state) == sorted(["done", f"pick {ghoul}"])
    assert state.zones[ghoul] == T0 and state.zones[ghast] == DUA1


def _feared(rules=None, kin=("Dragonkin/Dragonchamp (Fire)", "Dragonkin/Dragonhero (Fire)"),
            faces=()):
    """The state once Bob's Red Drake has rolled Claws at Ann's Campaign army (then the army
    showing `faces`, if it rolls at once); the events; the ids of the Dragonkin (in die
    order) and of the Dragon Hunter."""
    dragonkin = kin
    state = position(ann={"campaign": ("Eldarim/Air Dragon Hunter (Air)",),
                          "dragonkin": dragonkin},
                     bob={"dragons": ("Dragons/Red Drake",), "campaign": ()}, faces=(3, 3, 4))
    if rules is not None:
        state = state.with_(options=replace(state.options, rules=rules))
    ids = [d.id for d in state.dice if d.die.key in dragonkin]
    hunter = die_ids(state, "Eldarim/Air Dragon Hunter (Air)")[0]
    dragons = [d.id for d in state.dice if d.die.kind is DieKind.DRAGON]
    state = moved(state, dragons + ids, T2)
    state, events = turn(state, 0, CLAWS, *faces)
    return state, events, ids, hunter


def _rolled(events):
    """The die ids of the army's answer to the dragon attack."""
    roll = next(e.roll for e in events if e.kind == "roll" and e.roll)
    return sorted(d.die_id for d in roll.dice)


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_owner_picks_the_dragonkin_that_roll():
    """Digest §6: the Eldarim health is 4; the feared Dragonkin are 3 + 2 = 5 health-worth,
    so not both roll. Ann picks; the default is the first in die order (the Dragonchamp)."""
    state, _, (champ, hero), hunter = _feared()
    assert state.pending.player == 0 and state.pending.step is Step.SAI_PICK
    assert state.pending.prompt.startswith("Resist Fear")
    assert _options(state) == sorted(["done", f"pick {champ}", f"pick {hero}"])
    assert state.pending.default == f"pick {champ}"


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_the_dragonhero_rolls_and_then_nothing_more_fits():
    """Digest §6: Ann picks the Dragonhero (2): 2 health-worth is left, too little for the
    Dragonchamp (3), so there is no more question and the army rolls: the Dragon Hunter and
    the Dragonhero; the Dragonchamp does not (digest §5.6)."""
    state, _, (champ, hero), hunter = _feared()
    state, events = run(scripted(state, 2, 3), f"pick {hero}")
    assert _rolled(events) == sorted([hunter, hero])
    assert any("Dragonchamp" in t and "cannot roll" in t for t in texts(events))


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_done_lets_none_of_them_roll():
    """Digest §6 "up to": Ann may stop before any feared Dragonkin rolls."""
    state, _, _, hunter = _feared()
    state, events = run(scripted(state, 2), "done")
    assert _rolled(events) == [hunter]


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_asks_nothing_when_all_fit():
    """Digest §6: a Fire Dragonhero and a Fire Dragonmount (2 + 2 = 4) fit in the Eldarim
    health 4: both roll, with no question (Hunter: 4 Save; Dragonhero: 2 Melee; Dragonmount:
    2 Maneuver)."""
    state, events, kin, hunter = _feared(
        kin=("Dragonkin/Dragonhero (Fire)", "Dragonkin/Dragonmount (Fire)"), faces=(2, 3, 3))
    assert _rolled(events) == sorted([hunter, *kin])


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_under_rules_revision_4_takes_die_order():
    """A game of rules revision 4: no question; the Dragonchamp (first in die order, 3 ≤ 4)
    rolls, the Dragonhero (2 more: 5 > 4) does not."""
    state, events, (champ, hero), hunter = _feared(rules=4, faces=(2, 3))
    assert _rolled(events) == sorted([hunter, champ])


# Undead on both sides (and Eldarim with feared Dragonkin): Stepped Damage asks often.
UNDEAD_FORCES = (
    PlayerSetup("Ann", "A", "Terrains/Highland City", "Terrains/Coastland Tower",
                home=("Undead/Death Knight", "Undead/Ghast", "Undead/Ghoul", "Undead/Lich"),
                horde=("Undead/Mummy", "Undead/Wight", "Undead/Skeleton", "Undead/Zombie"),
                campaign=("Undead/Vampire", "Undead/Spectre", "Undead/Wraith",
                          "Eldarim/Air Dragon Hunter (Air)"),
                dragons=("Dragons/Black Wyrm",),
                dragonkin=("Dragonkin/Dragonchamp (Fire)", "Dragonkin/Dragonhero (Air)",
                           "Dragonkin/Dragonmount (Fire)")),
    PlayerSetup("Bob", "B", "Terrains/Flatland City", "Terrains/Swampland Temple",
                home=("Undead/Minor Death", "Undead/Revenant", "Undead/Apparition",
                      "Undead/Heucuva"),
                horde=("Undead/Fenhound", "Undead/Ghost", "Undead/Ghoul", "Undead/Skeleton"),
                campaign=("Undead/Carrion Crawler", "Undead/Death Knight", "Undead/Zombie",
                          "Undead/Wight"),
                dragons=("Dragons/Red Drake",)),
)


@pytest.mark.parametrize("seed", [1, 2])
def test_random_stepped_damage_answers_keep_the_game_consistent(seed):
    """Random legal answers to Stepped Damage (keep, another Undead, none) keep every die in
    one zone and the game replayable (contract of tests/engine/test_contract.py)."""
    from test_contract import assert_consistent, play_out

    _, states = play_out(seed, chooser=random.Random(seed), limit=400, forces=UNDEAD_FORCES)
    assert any(s.pending and s.pending.prompt.startswith("Stepped Damage") for s in states)
    assert_consistent(states)


def test_a_whole_automatic_game_with_stepped_damage_replays():
    """The automatic player answers every Stepped Damage question; the game ends and its
    record replays to the same state."""
    from test_contract import assert_whole_game, play_out

    record, states = play_out(0, forces=UNDEAD_FORCES)
    assert any(s.pending and s.pending.prompt.startswith("Stepped Damage") for s in states)
    assert_whole_game(record, states)
