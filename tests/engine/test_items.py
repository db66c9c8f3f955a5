"""Items (seed 001, digest §1.3; engine/units/items.py, turn/reserves.py): carrying limits and colours,
items rolling only with a carrier, burying the excess, moving with a carrier, and never being
rolled on their own, targeted or modified by what concerns units."""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.units.fates import kill
from dragondice_desktop.engine.turn.flow import roll_for
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.individual_roll import unit_roll
from dragondice_desktop.engine.units.items import fits, rolling_items
from dragondice_desktop.engine.sai.lasting import add
from dragondice_desktop.engine.rolls.pipeline import (
    DieRoll, RollContext, RollInput, RollType, count_roll,
)
from dragondice_desktop.engine.core.state import LastingEffect, Step, Zone, ZoneKind

from engine_helpers import battle, ids_at, position, run, scripted, turn

CAT = load_catalog()
D = CAT.die
T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
BUA0, RES0 = Zone(ZoneKind.BUA, 0), Zone(ZoneKind.RESERVE, 0)
FOOT, KNIGHT = "Dwarves/Footman", "Coral Elves/Knight"
SHIELD, BOOTS, BLADE = ("Items/Air Mithril Shield", "Items/Air Seven League Boots",
                        "Items/Air Dawn Blade")
GOLD, RELIC, GOLEM = "Items/Gold Medallion", "Items/Elemental Relic", "Items/Air Blade Golem"


def F(key, text):
    return [f.to_text() for f in D(key).faces].index(text)


def revision_3(state):
    """The state played under rules revision 3 (the app buries excess items itself)."""
    from dataclasses import replace

    return state.with_(options=replace(state.options, rules=3))


@pytest.mark.parametrize("units, items, ok", [
    ([KNIGHT], [SHIELD, BOOTS], True),            # two equipment per unit
    ([KNIGHT], [SHIELD, BOOTS, BLADE], False),    # not three
    ([KNIGHT], [SHIELD, GOLEM], True),            # an equipment and an artifact
    ([KNIGHT], [GOLD], True),                     # a medallion alone
    ([KNIGHT], [GOLD, SHIELD], False),            # "may not carry a second item"
    ([KNIGHT, KNIGHT], [GOLD, SHIELD], True),     # one each
    ([KNIGHT], [RELIC, SHIELD], False),           # a relic blocks a second item too
    ([FOOT], [SHIELD], False),                    # Dwarves (fire, earth) cannot carry air
    (["Amazons/Centaur"], [SHIELD], True),        # Amazons carry any colour
    (["Undead/Ghost"], [SHIELD], False),          # Undead only death equipment
    (["Undead/Ghost"], ["Items/Death Mithril Shield"], True),
    ([FOOT], [GOLD], True),                       # medallions have no colour
    (["Dragonkin/Dragonhero (Air)"], [SHIELD], False),  # Dragonkin carry nothing (§5.6)
])
def test_carrying_limits_and_colours(units, items, ok):
    """Seed 001: up to two equipment or artifacts per unit; a unit carrying a medallion or
    relic carries nothing else; equipment needs a unit containing its element."""
    assert fits([D(u) for u in units], [D(i) for i in items]) is ok


def test_an_item_rolls_only_with_a_rolled_unit_able_to_carry_it():
    """Seed 001: "an item may only be rolled if a unit capable of carrying it is also rolled"
    — the carrier asleep, the item stays still."""
    state = battle([KNIGHT, FOOT, SHIELD], [FOOT])
    knight, foot, shield = ids_at(state, 0)
    units = [d for d in state.units_in(T2, 0)]
    assert rolling_items(state, T2, 0, units) == (shield,)
    assert rolling_items(state, T2, 0, [d for d in units if d.id == foot]) == ()
    state = add(state, LastingEffect(1, Icon.SLEEP, "asleep", "asleep", die_id=knight), [])
    state, result = roll_for(scripted(state, F(FOOT, "1 Save")), T2, 0, RollType.SAVE, [])
    assert [d.die_id for d in result.dice] == [foot]


def test_items_beyond_the_carriers_are_buried_when_a_carrier_dies():
    """Seed 001: "If there are ever more items in an army than there are units able to carry
    them, the owner of the army must bury the excess items.\" Under rules revision 3 the app
    picks the items to bury (from revision 4 the owner does: test_rules_finish_play.py)."""
    state = revision_3(battle([KNIGHT, FOOT, SHIELD, BOOTS, BLADE], [FOOT]))
    knight, foot, shield, boots, blade = ids_at(state, 0)
    assert state.zones[blade] == T2  # set up by hand: the game buries it at the first change
    state = kill(state, foot, [], "test")
    assert [state.zones[i] for i in (shield, boots, blade)] == [T2, T2, BUA0]
    state = kill(state, knight, [], "test")
    assert state.zones[shield] == BUA0 and state.zones[boots] == BUA0


def test_items_never_roll_in_individual_rolls():
    """Seed 001: "Items may never be rolled during, or be targeted by, an individual
    targeting effect.\""""
    state = battle([KNIGHT, SHIELD], [FOOT])
    shield = ids_at(state, 0)[1]
    with pytest.raises(ValueError, match="never rolled in an individual roll"):
        unit_roll(state, shield, (RollType.SAVE,), [], "test")


def test_items_are_never_targets():
    """Seed 001: items are never targeted: Slay on an army of one unit and its item picks the
    unit without asking."""
    state = scripted(battle(["Undead/Minor Death"], [KNIGHT, SHIELD]),
                     F("Undead/Minor Death", "4 Slay"), F(KNIGHT, "3 Melee"))
    knight, shield = ids_at(state, 1)
    state, _ = run(state, "march t2", "no-maneuver", "action melee")
    assert state.zones[knight].kind is ZoneKind.DUA
    assert state.zones[shield] == Zone(ZoneKind.BUA, 1)  # no carrier left: buried


@pytest.mark.rule("sai", "Elevate")
@pytest.mark.rule("sai", "Trumpet")
def test_trumpet_and_elevate_never_double_items():
    """Seed 001: item results are not modified by what concerns units: Trumpet doubles Feral
    units, Elevate "one unit's" results."""
    elephant = D("Feral/Elephant-folk")
    golem = D(GOLEM)
    ctx = RollContext(RollType.MELEE)
    result = count_roll(RollInput(ctx, (DieRoll(1, elephant, (F("Feral/Elephant-folk",
                                                                 "4 Trumpet"),)),
                                        DieRoll(2, golem, (0,)))))
    assert result.total() == 4  # the Blade Golem's ID: not doubled
    carpet = D("Items/Air Flying Carpet")
    result = count_roll(RollInput(RollContext(RollType.SAVE, save_against=RollType.MELEE), (
        DieRoll(1, carpet, (F("Items/Air Flying Carpet", "4 Elevate"),)),
        DieRoll(2, golem, (0,)), DieRoll(3, D(FOOT), (F(FOOT, "1 Save"),)))))
    assert result.total() == 4 + 1 + 1  # the Footman's save doubled, not the item's 4


def test_items_move_with_a_unit_that_moved_this_step():
    """Seed 001: "An item may only move from a terrain or reserves, to another terrain or
    reserves by a unit carrying it" — ``carry <item> <unit>`` after the unit moved."""
    state = battle([FOOT], [FOOT])
    # three items on one unit, set up by hand: revision 3, where the game buries the excess
    # at the first change (from revision 4 the owner is asked first)
    knight_setup, _ = turn(revision_3(position(ann={"campaign": (KNIGHT, SHIELD, BOOTS, BLADE)},
                                               bob={"campaign": (FOOT,)})))
    knight, shield, boots, blade = ids_at(knight_setup, 0)
    state = knight_setup
    zones = list(state.zones)
    for i in (knight, shield, boots, blade):
        zones[i] = RES0
    state = state.with_(zones=tuple(zones))
    state, _ = run(state, "skip-march", "skip-march")
    assert state.step is Step.REINFORCE
    assert not [a for a in legal_actions(state) if a.verb.value == "carry"]
    state, _ = run(state, f"reinforce {knight} t0")
    carries = {a.to_text() for a in legal_actions(state) if a.verb.value == "carry"}
    assert carries == {f"carry {i} {knight}" for i in (shield, boots, blade)}
    state, _ = run(state, f"carry {shield} {knight}", f"carry {boots} {knight}")
    assert not [a for a in legal_actions(state) if a.verb.value == "carry"]  # two at most
    state, _ = run(state, "end-reinforce")
    assert [state.zones[i] for i in (shield, boots, blade)] == [T0, T0, BUA0]


def test_retreating_units_take_items_along_or_leave_them_buried():
    """Seed 001: items move only with a unit carrying them; at the end of the step, items
    left where no unit can carry them are buried."""
    state = battle([KNIGHT, SHIELD, BOOTS], [FOOT])
    knight, shield, boots = ids_at(state, 0)
    state, _ = run(state, "skip-march", "skip-march", "end-reinforce", f"retreat {knight}")
    assert {a.to_text() for a in legal_actions(state) if a.verb.value == "carry"} == {
        f"carry {shield} {knight}", f"carry {boots} {knight}"}
    state, _ = run(state, f"carry {shield} {knight}", "end-turn")
    assert state.zones[shield] == RES0 and state.zones[boots] == BUA0
    assert state.turn_player == 1
