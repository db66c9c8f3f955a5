"""House rules (issue 6 §7): the ambiguities of rules digest §10 where players disagree have a
default reading (resources/rulings.md) and an alternative a game may choose in its options.
Each test plays one position under both readings; the default half is what every game without
house rules does (the rest of the suite proves it is unchanged).

Positions: Ann (player 0) marches at the Frontier (terrain 2, Coastland Tower: 1 magic, 2-5
missile, 6-7 melee); the dice scripts show the faces rolled, in order.
"""

from __future__ import annotations

import re

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import DieKind
from dragondice_desktop.engine.dragons.kinds import kill_threshold
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.house_rules import (
    HOUSE_RULES, NO_COUNTER_AFTER_NOTHING, NO_SPELLS_ON_RESERVES, OWN_ARMIES_ONLY,
    PROMOTION_ONE_STEP, WHITE_DRAGON_TEN_SAVES,
)
from dragondice_desktop.engine.core.options import GameOptions, checked, options_problem
from dragondice_desktop.engine.core.record import GameRecord
from dragondice_desktop.engine.core.state import Phase, Step, Zone, ZoneKind
from dragondice_desktop.matchup import demo_setups

from engine_helpers import battle, die_ids, moved, position, run, scripted, texts, turn

CAT = load_catalog()
T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
DUA0, RES0, RES1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.RESERVE, 0), Zone(ZoneKind.RESERVE, 1)
FOOT, CONJURER, KNIGHT = "Dwarves/Footman", "Coral Elves/Conjurer", "Coral Elves/Knight"
MELEE_ACTION = ("march t2", "no-maneuver", "action melee")
MAGIC_ACTION = ("march t2", "no-maneuver", "action magic")


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def under(state, *rule_ids: str):
    """The state with the house rules `rule_ids` in force (none: the default readings)."""
    return state.with_(options=checked(state.options.rules, house_rules=rule_ids))


def options(state) -> list[str]:
    return sorted(a.to_text() for a in legal_actions(state))


# --- the registry -------------------------------------------------------------------------


def test_every_house_rule_is_described_and_can_be_chosen():
    """Each entry names its id, says both readings and where the ambiguity is recorded; any
    set of them makes valid game options, and a game file keeps them (record format 2)."""
    assert len(HOUSE_RULES) >= 5
    for rule_id, rule in HOUSE_RULES.items():
        assert rule.rule_id == rule_id and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule_id)
        assert rule.title and rule.default and rule.alternative
        # an issue-11 reading too; the 1996 game's open points (issue 18) too
        assert rule.source.startswith(("digest §10 #", "seed 000 ", "tsr §19 OP-"))
    everything = checked(house_rules=tuple(reversed(HOUSE_RULES)))
    assert options_problem(everything) is None
    assert everything.house_rules == tuple(sorted(HOUSE_RULES))
    record = GameRecord(demo_setups(), 3, (), everything)
    again = GameRecord.from_json(record.to_json())
    assert again.options == everything and again.state().options == everything
    assert not GameOptions().house_rule(WHITE_DRAGON_TEN_SAVES)


# --- digest §10 #1: White Dragon saves ------------------------------------------------------

DRAKE_CLAWS, DRAKE_BELLY = 3, 6  # White Drake faces: 3 '12 Claws', 6 '0 Belly'
SPHINX = "Dwarves/Androsphinx"  # 4 health; face 3 '4 Melee'


def _white_drake_attacks(sphinxes: int, *rule_ids: str, face: int = DRAKE_CLAWS):
    """Bob's White Drake attacks Ann's Campaign army of Androsphinxes at the Frontier; each
    Androsphinx answers with '4 Melee'."""
    state = position(ann={"campaign": (SPHINX,) * sphinxes},
                     bob={"dragons": ("Dragons/White Drake",), "campaign": ()}, faces=(3, 3, 4))
    (white,) = [d.id for d in state.dice if d.die.kind is DieKind.DRAGON]
    state = under(moved(state, [white], T2), *rule_ids)
    state, _ = turn(state, 0, face, *[3] * sphinxes)
    return state, white


def test_white_dragon_saves_five_by_default_ten_under_the_house_rule():
    """Digest §10 #1: 5 saves (rulebook, 2021 wiki) — 10 health + 5 = 15 results kill it;
    10 saves (OCTGN data) — 20. Belly cancels the saves either way: 10."""
    white = CAT.die("Dragons/White Drake")
    ten = checked(house_rules=(WHITE_DRAGON_TEN_SAVES,))
    assert kill_threshold(white, False, GameOptions()) == 15
    assert kill_threshold(white, False, ten) == 20
    assert kill_threshold(white, True, GameOptions()) == kill_threshold(white, True, ten) == 10
    red = CAT.die("Dragons/Red Drake")  # other dragons keep 5 saves
    assert kill_threshold(red, False, ten) == kill_threshold(red, False, GameOptions()) == 10

    # Four Androsphinxes: 16 melee.
    state, dragon = _white_drake_attacks(4)
    assert options(state) == ["choose melee", "choose none"]
    assert "dies from 15 melee or 15 missile results" in state.pending.prompt
    state, _ = run(state, "choose melee")
    assert state.zones[dragon] == Zone(ZoneKind.SUMMONING, 1)

    state, dragon = _white_drake_attacks(4, WHITE_DRAGON_TEN_SAVES)
    assert state.step is Step.DAMAGE and state.zones[dragon] == T2  # 16 < 20: no question
    state, _ = _white_drake_attacks(5, WHITE_DRAGON_TEN_SAVES)  # 20 melee
    assert "dies from 20 melee or 20 missile results" in state.pending.prompt
    state, _ = _white_drake_attacks(3, WHITE_DRAGON_TEN_SAVES, face=DRAKE_BELLY)  # 12 melee
    assert "dies from 10 melee or 10 missile results" in state.pending.prompt


# --- digest §10 #2 and #12: spell targets ------------------------------------------------------


def _casting(*rule_ids: str):
    """Ann's two Conjurers (3 Magic each: 6 air or water magic) take a magic action at the
    Frontier, where Bob's Campaign army stands; Ann's Horde Footman waits in her Reserve
    Area, Bob's in his. Returns the spells Ann may announce."""
    state = position(ann={"campaign": (CONJURER, CONJURER)}, faces=(3, 3, 1))
    state = moved(state, die_ids(state, FOOT, "t1", 0), RES0)
    state = moved(state, die_ids(state, FOOT, "t0", 1), RES1)
    state, _ = turn(under(state, *rule_ids), 0)
    state, _ = run(scripted(state, F(CONJURER, "3 Magic"), F(CONJURER, "3 Magic")),
                   *MAGIC_ACTION)
    assert state.step is Step.CAST
    return state, [o for o in options(state) if o.startswith("cast ")]


def test_spells_may_target_reserve_armies_unless_the_house_rule_forbids_it():
    """Digest §10 #2: spells have no range, so by default an army spell may target a Reserve
    army and a unit spell a unit in one (Hailstorm, Lightning Strike on Bob's Reserve; Watery
    Double on Ann's); under the house rule no spell targets a Reserve army."""
    state, casts = _casting()
    bobs_reserve = die_ids(state, FOOT, "reserve1", 1)[0]
    on_reserves = {"cast hailstorm air reserve1 1", f"cast lightning-strike air {bobs_reserve}",
                   "cast watery-double water reserve0 0"}
    assert on_reserves <= set(casts)
    _, ruled = _casting(NO_SPELLS_ON_RESERVES)
    assert not on_reserves & set(ruled)
    assert not [c for c in ruled if "reserve" in c]
    assert set(ruled) == set(casts) - {c for c in casts if "reserve" in c or
                                       c == f"cast lightning-strike air {bobs_reserve}"}
    assert {"cast hailstorm air t2 1", "cast watery-double water t2 0"} <= set(ruled)


def test_beneficial_army_spells_on_opponents_unless_the_house_rule_forbids_it():
    """Digest §10 #12: the letter lets a beneficial "target any army" spell (Watery Double:
    +1 save) be aimed at an opponent's army; the house rule keeps them on the caster's own
    armies (dd_solo). Harmful spells still target opponents only."""
    _, casts = _casting()
    assert {"cast watery-double water t2 1", "cast watery-double water reserve1 1",
            "cast watery-double water t2 0"} <= set(casts)
    _, ruled = _casting(OWN_ARMIES_ONLY)
    double = sorted(c for c in ruled if c.startswith("cast watery-double"))
    assert double == ["cast watery-double water reserve0 0", "cast watery-double water t0 0",
                      "cast watery-double water t2 0"]
    assert "cast hailstorm air t2 1" in ruled and "cast hailstorm air t2 0" not in ruled
    _, both = _casting(OWN_ARMIES_ONLY, NO_SPELLS_ON_RESERVES)
    assert sorted(c for c in both if c.startswith("cast watery-double")) == [
        "cast watery-double water t0 0", "cast watery-double water t2 0"]


# --- digest §10 #4: counter-attack after an attack with no results ----------------------------


def _melee(faces, *rule_ids: str):
    """Ann's two Footmen attack Bob's two at the Frontier with the dice script `faces`."""
    state = position(ann={"campaign": (FOOT, FOOT)}, bob={"campaign": (FOOT, FOOT)},
                     faces=(3, 3, 7))
    state, _ = turn(under(state, *rule_ids), 0)
    return run(scripted(state, *faces), *MELEE_ACTION)


def test_counter_attack_after_an_attack_with_no_melee_results():
    """Digest §10 #4: the defender "may then counter-attack" — allowed by default when the
    attack had no melee results (two '1 Save'); not under the house rule. An attack with
    results is answered either way."""
    save, melee = F(FOOT, "1 Save"), F(FOOT, "1 Melee")
    state, events = _melee((save, save))
    assert "No melee results: no save roll, no damage" in texts(events)
    assert state.step is Step.COUNTER_ATTACK
    assert options(state) == ["counter-attack", "no-counter-attack"]

    state, events = _melee((save, save), NO_COUNTER_AFTER_NOTHING)
    assert "No melee results in the attack: no counter-attack (house rule)" in texts(events)
    assert state.phase is Phase.SECOND_MARCH

    state, _ = _melee((melee, save, save, save), NO_COUNTER_AFTER_NOTHING)  # Bob saves 2
    assert options(state) == ["counter-attack", "no-counter-attack"]


@pytest.mark.rule("species", "Coral Elves", "Defensive Volley")
def test_defensive_volley_after_a_missile_attack_with_no_missile_results():
    """Digest §10 #4 with Defensive Volley (digest §6): Bob's Coral Elves at an air terrain
    may counter-attack a missile attack — by default even one with no missile results (the
    Crossbowman shows '1 Save'), not under the house rule."""
    for rule_ids, offered in (((), True), ((NO_COUNTER_AFTER_NOTHING,), False)):
        state = position(ann={"campaign": ("Dwarves/Crossbowman",)},
                         bob={"campaign": ("Coral Elves/Archer",)}, faces=(3, 3, 3))
        state, _ = turn(under(state, *rule_ids), 0)
        state, events = run(scripted(state, F("Dwarves/Crossbowman", "1 Save")), "march t2",
                            "no-maneuver", "action missile", "target t2")
        assert "No missile results: no save roll, no damage" in texts(events)
        assert (state.step is Step.COUNTER_ATTACK) is offered
        assert (state.phase is Phase.SECOND_MARCH) is not offered


# --- digest §10 #9: "promote X health-worth" ------------------------------------------------

WILLOW, OAKLING, OAK, OAK_LORD = ("Treefolk/Noble Willow", "Treefolk/Oakling", "Treefolk/Oak",
                                  "Treefolk/Oak Lord")


def _wild_growth(*rule_ids: str):
    """Ann's Noble Willow rolls '4 Wild Growth' in a melee attack beside an Oakling (1
    health); her DUA holds an Oak (2) and an Oak Lord (3). The Oakling is promoted first."""
    state = battle([WILLOW, OAKLING], [FOOT], ann_extra=(OAK, OAK_LORD))
    oak, lord = die_ids(state, OAK)[0], die_ids(state, OAK_LORD)[0]
    state = under(moved(state, [oak, lord], DUA0), *rule_ids)
    state = scripted(state, F(WILLOW, "4 Wild Growth"), F(OAKLING, "2 Save"))
    state, _ = run(state, *MELEE_ACTION)
    assert state.step is Step.SAI_PICK
    oakling = die_ids(state, OAKLING)[0]
    state, events = run(state, f"pick {oakling}")
    assert state.zones[oak] == T2 and state.zones[oakling] == DUA0
    return state, events, oak, lord


def test_promote_x_health_worth_may_jump_sizes_unless_one_step_per_unit():
    """Digest §10 #9, §4.8: "promote X health-worth" — by default one size per health-worth,
    and a unit may be promoted again to jump sizes (dd_solo: Oakling -> Oak -> Oak Lord for
    2 of Wild Growth's 4); under the house rule each unit moves one size at most."""
    state, _, oak, lord = _wild_growth()
    assert f"pick {oak}" in options(state)
    state, _ = run(state, f"pick {oak}")
    assert state.zones[lord] == T2 and state.zones[oak] == DUA0

    state, events, oak, lord = _wild_growth(PROMOTION_ONE_STEP)
    assert "Wild Growth: promotions done" in texts(events)
    assert state.zones[lord] == DUA0 and state.step is not Step.SAI_PICK


def test_the_elemental_relic_recruits_then_promotes_unless_one_step_per_unit():
    """Seed 001 Elemental Relic ('4 Element Air'): recruit or promote matching units, one
    health-worth a step. By default the Fighter it recruited may then be promoted to the
    Knight of the DUA; under the house rule (digest §10 #9) no unit is used twice."""
    relic, fighter = "Items/Elemental Relic", "Coral Elves/Fighter"
    for rule_ids, promoted in (((), True), ((PROMOTION_ONE_STEP,), False)):
        state = battle([KNIGHT, relic], [FOOT], ann_extra=(fighter, KNIGHT))
        spare = die_ids(state, KNIGHT, "t0", 0)[0]
        fighter_id = die_ids(state, fighter)[0]
        state = under(moved(state, [fighter_id, spare], DUA0), *rule_ids)
        state = scripted(state, F(KNIGHT, "2 Save"), F(relic, "4 Element Air"))
        state, _ = run(state, *MELEE_ACTION, "done", "choose recruit")
        assert state.zones[fighter_id] == T2
        if promoted:
            assert options(state) == ["choose done", "choose promote"]
            state, _ = run(state, "choose promote")  # one unit to promote: no pick asked
            assert state.zones[spare] == T2 and state.zones[fighter_id] == DUA0
        else:
            assert state.step is Step.COUNTER_ATTACK and state.zones[spare] == DUA0



@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_five_house_rules_at_once_play_whole_games_that_replay(players):
    """The house rules touch different rules, but may meet in one game: with all five in
    force the automatic player finishes a game of 2, 3 and 4 players, and its file loads to
    the same state."""
    from dragondice_desktop.engine.game import play
    from dragondice_desktop.engine.policy import choose
    from dragondice_desktop.matchup import table_setups

    options = checked(house_rules=tuple(reversed(HOUSE_RULES)))
    record = GameRecord(table_setups(players), 1, (), options)
    state = record.state()
    while legal_actions(state) and len(record.actions) < 3000:
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    assert state.winner is not None
    assert GameRecord.from_json(record.to_json()).state() == state
