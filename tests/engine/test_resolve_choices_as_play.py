"""Issue 11 §3 (leftovers): Count a roll (``dragondice resolve``) places ID results die by die
in a combination roll and lets the roller name the unit each Elevate doubles, as play does
under the latest rules revision. Expected numbers come from the rules text and the catalog's
faces (seed 001 Elevate, seed 000 Targeting, digest §4.5, §6, §8); where play is compared, its
own count is checked against the same numbers in ``test_rules_play.py``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.rolls.count_a_roll import ResolveError, resolve
from dragondice_desktop.engine.rolls.model import RollType
from dragondice_desktop.engine.core.state import Zone, ZoneKind

from engine_helpers import battle, run, scripted

CAT = load_catalog()
SERGEANT, FOOT, CARPET = "Dwarves/Sergeant", "Dwarves/Footman", "Items/Air Flying Carpet"
GRYPHON, HERALD, CENTAUR = "Coral Elves/Gryphon", "Coral Elves/Herald", "Amazons/Centaur"
COASTLAND = {"die": "Terrains/Coastland Tower", "face": 3, "held": False}  # air, water
HIGHLAND_HELD = {"die": "Terrains/Highland City", "face": 8, "held": True}  # earth, fire


def refused(data, words):
    with pytest.raises(ResolveError) as info:
        resolve(data)
    assert words in str(info.value), str(info.value)
    return str(info.value)


def elevated(*choices, **more):
    """A Sergeant showing 3 saves, a Footman 1 save and two Flying Carpets showing Elevate,
    saving against melee (ids 1-4)."""
    return {"roll": "save", "against": "melee",
            "army": [{"die": SERGEANT, "face": "3 Save"}, {"die": FOOT, "face": "1 Save"},
                     {"die": CARPET, "face": "4 Elevate"}, {"die": CARPET, "face": "4 Elevate"}],
            "choices": list(choices), **more}


# --- several Elevates (seed 001 Elevate; seed 000 Targeting) ----------------------------------


def test_two_elevates_double_two_different_units():
    """Seed 001 Elevate doubles one unit's saves against melee; seed 000 Targeting: no unit is
    multiplied twice for one result, so two Elevates double the Sergeant (3 -> 6) and the
    Footman (1 -> 2): 8 saves. Before, Count a roll kept one multiplier per result type (7)."""
    report = resolve(elevated())
    assert report["totals"] == {"save": 8}
    (choice,) = [c for c in report["choices"] if c["icon"] == "Elevate"]
    # The first Elevate's unit is the roller's choice; the default is the unit gaining most.
    assert (choice["die"], choice["unit"], choice["options"], choice["default"]) == (
        3, 1, ["1", "2"], True)


def test_the_unit_an_elevate_doubles_is_named_in_the_choices():
    """Seed 001 Elevate ("double one unit's"): naming the Footman for the first Elevate
    leaves the Sergeant to the second, still 8; the report shows the choice applied."""
    report = resolve(elevated({"die": 3, "icon": "Elevate", "unit": 2}))
    assert report["totals"] == {"save": 8}
    (choice,) = [c for c in report["choices"] if c["icon"] == "Elevate"]
    assert (choice["unit"], choice["default"]) == (2, False)
    assert "unit 2: 1 -> 2" in " ".join(report["steps"])


def test_one_elevate_doubles_the_unit_the_roller_names():
    """Seed 001 Elevate with one Carpet: the Sergeant doubled gives 6 + 1 = 7 (the default,
    the unit that gains most); the Footman doubled gives 3 + 2 = 5."""
    one = elevated()
    one["army"] = one["army"][:3]
    assert resolve(one)["totals"] == {"save": 7}
    named = {**one, "choices": [{"die": 3, "icon": "Elevate", "unit": 2}]}
    assert resolve(named)["totals"] == {"save": 5}
    # The text form of the value is accepted as for every other choice.
    named = {**one, "choices": [{"die": 3, "icon": "Elevate", "value": "2"}]}
    assert resolve(named)["totals"] == {"save": 5}


def test_an_elevate_cannot_double_an_item_or_a_unit_not_rolled():
    """Seed 001: Elevate doubles a unit's results; the Carpet (an item, id 3) and an id not
    in the roll are refused, naming the field and the units it may double."""
    message = refused(elevated({"die": 3, "icon": "Elevate", "unit": 3}), "choices[0].unit")
    assert "1, 2" in message
    refused(elevated({"die": 3, "icon": "Elevate", "unit": 99}), "choices[0].unit")


def test_the_second_elevate_cannot_double_the_unit_the_first_took():
    """Seed 000 Targeting: each Elevate a different unit. With the first on the Sergeant, the
    second Elevate (die 4) has only the Footman left: no choice, so naming a unit is refused."""
    refused(elevated({"die": 3, "icon": "Elevate", "unit": 1},
                     {"die": 4, "icon": "Elevate", "unit": 1}),
            "choices[1]: die 4 has no Elevate choice of a unit")


def test_elevate_choice_fields_are_checked():
    """Every field is validated: "value" and "unit" together, a unit that is not a number."""
    refused(elevated({"die": 3, "icon": "Elevate", "unit": 1, "value": "1"}), "not both")
    refused(elevated({"die": 3, "icon": "Elevate", "unit": "one"}),
            "choices[0].unit must be a whole number, not text")


def test_house_rule_one_multiplier_per_result_type():
    """The house rule (seed 000 Targeting read as one multiplier per result type): only the
    best Elevate counts, 6 + 1 = 7, and no unit is asked."""
    report = resolve(elevated(house_rules=["one-multiplier-per-result-type"]))
    assert report["totals"] == {"save": 7}
    assert not [c for c in report["choices"] if c["icon"] == "Elevate"]
    refused(elevated(house_rules=["no-such-rule"]), "house_rules[0]: 'no-such-rule' is not")
    refused(elevated(house_rules=["white-dragon-10-saves"]),
            "does not change how a roll is counted")
    refused(elevated(house_rules="one-multiplier-per-result-type"),
            "house_rules must be a list")


def test_resolve_counts_the_elevates_as_play_does():
    """The same army and faces in play (Bob's save roll against Ann's melee, rules revision 3,
    whose count of 8 is checked against seed 001 Elevate in ``test_rules_play.py``) and in
    Count a roll, for the default and for each unit the first Elevate may double."""
    def F(key, text):
        return [f.to_text() for f in CAT.die(key).faces].index(text)

    state = battle([CENTAUR], [SERGEANT, FOOT, CARPET, CARPET])
    state = state.with_(options=replace(state.options, rules=3))
    bob = [d.id for d in state.dice_in(Zone(ZoneKind.TERRAIN, 2), 1)]  # Sergeant, Footman ...
    state = scripted(state, F(CENTAUR, "4 Melee"), F(SERGEANT, "3 Save"), F(FOOT, "1 Save"),
                     F(CARPET, "4 Elevate"), F(CARPET, "4 Elevate"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    assert state.pending.default == f"pick {bob[0]}"  # play's default: the Sergeant
    assert resolve(elevated())["choices"][0]["unit"] == 1  # Count a roll's: the Sergeant
    for pick, unit in ((bob[0], 1), (bob[1], 2)):
        _, more = run(state, f"pick {pick}")
        save = [e.roll for e in events + more if e.kind == "roll" and e.roll
                and e.player == 1][-1]
        counted = resolve(elevated({"die": 3, "icon": "Elevate", "unit": unit}))
        assert counted["totals"]["save"] == save.total(RollType.SAVE) == 8


# --- ID results placed die by die in a combination roll (digest §4.5, §6, §8) -----------------


def test_each_die_places_its_own_ids_and_may_split_them():
    """Digest §4.5: in a combination roll the owner decides, die by die, which type each ID
    result becomes, and may split one die's IDs. Two Gryphons (4 ID each) answering a Charge
    (save + melee): the first split 3 saves + 1 melee, the second all melee: 3 saves, 5
    melee."""
    data = {"roll": "save", "also": ["melee"],
            "army": [{"die": GRYPHON, "face": "4 ID"}, {"die": GRYPHON, "face": "4 ID"}],
            "choices": [{"die": 1, "icon": "ID", "value": "save:3,melee:1"},
                        {"die": 2, "icon": "ID", "value": "melee"}]}
    report = resolve(data)
    assert report["totals"] == {"save": 3, "melee": 5}
    ids = [(c["die"], c["value"], c["default"]) for c in report["choices"] if c["icon"] == "ID"]
    assert ids == [(1, "save:3,melee:1", False), (2, "melee", False)]


def test_split_ids_are_doubled_by_the_eighth_face_in_each_type():
    """Digest §8: the army holding the eighth face doubles its ID results, whatever type the
    owner places them on (§4.5): the splits of the test above at a held Highland City give
    6 saves and 10 melee."""
    data = {"roll": "save", "also": ["melee"], "terrain": HIGHLAND_HELD,
            "army": [{"die": GRYPHON, "face": "4 ID"}, {"die": GRYPHON, "face": "4 ID"}],
            "choices": [{"die": 1, "icon": "ID", "value": "save:3,melee:1"},
                        {"die": 2, "icon": "ID", "value": "melee"}]}
    assert resolve(data)["totals"] == {"save": 6, "melee": 10}


def test_a_whole_roll_id_choice_answers_every_die_left_without_one():
    """Digest §4.5: "die": -1 places the IDs of every die not given its own choice; each die
    is reported with the value counted."""
    data = {"roll": "save", "also": ["melee"],
            "army": [{"die": GRYPHON, "face": "4 ID"}, {"die": FOOT, "face": "ID"}],
            "choices": [{"die": -1, "icon": "ID", "value": "melee"},
                        {"die": 2, "icon": "ID", "value": "save"}]}
    report = resolve(data)
    assert report["totals"] == {"save": 1, "melee": 4}
    ids = [(c["die"], c["value"], c["default"]) for c in report["choices"] if c["icon"] == "ID"]
    assert ids == [(1, "melee", False), (2, "save", False)]


def test_a_split_that_does_not_fit_the_die_is_refused():
    """Digest §4.5: a split places exactly the die's ID results: 3 + 2 is not the Gryphon's
    4; a type the roll does not count is refused too."""
    data = {"roll": "save", "also": ["melee"], "army": [{"die": GRYPHON, "face": "4 ID"}],
            "choices": [{"die": 1, "icon": "ID", "value": "save:3,melee:2"}]}
    refused(data, "choices[0].value")
    data["choices"] = [{"die": 1, "icon": "ID", "value": "missile"}]
    refused(data, "choices[0].value")


def test_species_ability_counts_per_unit_in_a_combination_roll():
    """Digest §6 Coastal Dodge (Coral Elves: maneuver counts as saves at a water terrain) in
    the save + melee answer to a Charge at Coastland Tower: the Herald's 3 maneuver counts
    as 3 saves; the Footman beside it gains nothing from its species there (no earth)."""
    data = {"roll": "save", "also": ["melee"], "terrain": COASTLAND,
            "army": [{"die": HERALD, "face": "3 Maneuver"}, {"die": FOOT, "face": "2 Melee"}]}
    assert resolve(data)["totals"] == {"save": 3, "melee": 2}


def test_resolve_places_ids_as_play_does_in_the_answer_to_a_charge():
    """Seed 000 Charge: the defending army makes a combination save and melee roll; digest
    §4.5: its owner places each die's ID results (play asks die by die, ``test_id_splits.py``).
    Bob's two Gryphons (4 ID each) answer Ann's Behemoth's Charge: 3 saves + 1 melee and 4
    melee give 3 saves and 5 melee, in play and in Count a roll alike."""
    def F(key, text):
        return [f.to_text() for f in CAT.die(key).faces].index(text)

    behemoth = "Dwarves/Behemoth"
    state = scripted(battle([behemoth], [GRYPHON, GRYPHON]), F(behemoth, "4 Charge"),
                     F(GRYPHON, "4 ID"), F(GRYPHON, "4 ID"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    state, more = run(state, "choose save:3,melee:1", "choose melee")
    answer = [e.roll for e in events + more if e.kind == "roll" and e.roll
              and e.player == 1][-1]
    played = {"save": answer.total(RollType.SAVE), "melee": answer.total(RollType.MELEE)}
    counted = resolve({"roll": "save", "also": ["melee"], "against": "melee",
                       "army": [{"die": GRYPHON, "face": "4 ID"},
                                {"die": GRYPHON, "face": "4 ID"}],
                       "choices": [{"die": 1, "icon": "ID", "value": "save:3,melee:1"},
                                   {"die": 2, "icon": "ID", "value": "melee"}]})["totals"]
    assert played == counted == {"save": 3, "melee": 5}


def test_a_unit_given_as_value_is_checked_as_well():
    """The text form of an Elevate's unit is held to the same options (seed 001 Elevate: a
    unit's results; the Carpet, id 3, is an item)."""
    message = refused(elevated({"die": 3, "icon": "Elevate", "value": "3"}), "choices[0].value")
    assert "1, 2" in message
