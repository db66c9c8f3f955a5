"""Issue 11 §3: Count a roll (``dragondice resolve``) counts what play counts. Each test
names its rule; the expected numbers are worked out from the rules text and the catalog's
faces, never by the helper the product uses."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.rolls.count_a_roll import ResolveError, resolve

HIGHLAND = {"die": "Terrains/Highland City", "face": 3, "held": False}   # earth, fire
COASTLAND = {"die": "Terrains/Coastland Tower", "face": 3, "held": False}  # air, water
FOOTMAN = "Dwarves/Footman"   # 1 ID, 1 Save, 1 Melee, 1 Melee, 1 Save, 2 Melee


def refused(data, words):
    with pytest.raises(ResolveError) as info:
        resolve(data)
    assert words in str(info.value), str(info.value)
    return str(info.value)


# --- species abilities from the terrain's elements (digest §6) ------------------------------


@pytest.mark.rule("species", "Dwarves", "Mountain Mastery")
def test_mountain_mastery_melee_counts_as_maneuver_at_an_earth_terrain():
    """Digest §6 Mountain Mastery: at Highland City a Footman's 2 melee counts as 2
    maneuver; the ID face's 1 counts as usual: 1 + 2 = 3."""
    data = {"roll": "maneuver", "terrain": HIGHLAND,
            "army": [{"die": FOOTMAN, "face": "2 Melee"}, {"die": FOOTMAN, "face": "ID"}]}
    report = resolve(data)
    assert report["totals"] == {"maneuver": 3}
    assert [s["ability"].split(" (")[0] for s in report["species"]] == ["Mountain Mastery"]


@pytest.mark.rule("species", "Dwarves", "Mountain Mastery")
def test_mountain_mastery_not_at_a_terrain_without_earth():
    """Digest §6: Coastland Tower has no earth: the melee does not count, only the ID (1)."""
    data = {"roll": "maneuver", "terrain": COASTLAND,
            "army": [{"die": FOOTMAN, "face": "2 Melee"}, {"die": FOOTMAN, "face": "ID"}]}
    report = resolve(data)
    assert report["totals"] == {"maneuver": 1} and report["species"] == []


def test_no_species_ability_in_the_reserve_area():
    """Digest §6: the Reserve Area contains no element."""
    data = {"roll": "maneuver", "terrain": HIGHLAND, "in_reserve": True,
            "army": [{"die": FOOTMAN, "face": "2 Melee"}]}
    assert resolve(data)["totals"] == {"maneuver": 0}


@pytest.mark.rule("species", "Coral Elves", "Coastal Dodge")
def test_coastal_dodge_in_an_individual_save_roll():
    """Digest §6 Coastal Dodge applies to individual rolls too: a Coral Elves Herald at
    Coastland Tower saving on its own counts its 3 maneuver as 3 saves."""
    data = {"roll": "save", "individual": True, "against_individual": True,
            "terrain": COASTLAND, "army": [{"die": "Coral Elves/Herald", "face": "3 Maneuver"}]}
    assert resolve(data)["totals"] == {"save": 3}


def test_eighth_face_and_species_ability_together():
    """Digest §8 and §6: holding Highland City's eighth face doubles the Footman's ID (2);
    the other Footman's 2 melee counts as maneuver, not doubled: 4."""
    data = {"roll": "maneuver", "terrain": {**HIGHLAND, "face": 8, "held": True},
            "army": [{"die": FOOTMAN, "face": "2 Melee"}, {"die": FOOTMAN, "face": "ID"}]}
    assert resolve(data)["totals"] == {"maneuver": 4}


def test_targets_save_with_their_species_abilities_at_the_terrain():
    """A target's own roll counts as play counts it (individual rolls get species abilities,
    digest §6): a Coral Elves Herald poisoned (seed 000 Poison: save or be killed) that
    rolled 3 Maneuver saves at Coastland Tower (Coastal Dodge) and is killed at Highland
    City (no water)."""
    key, _, face = _find_face("Poison")
    data = {"roll": "melee", "army": [{"die": key, "face": face}],
            "opposing_army": [{"die": "Coral Elves/Herald"}],
            "effects": [{"die": 1, "icon": "Poison",
                         "targets": [{"id": 101, "faces": ["3 Maneuver"]}]}]}
    at_water = resolve({**data, "terrain": COASTLAND})["effects"][0]["targets"][0]["fate"]
    at_earth = resolve({**data, "terrain": HIGHLAND})["effects"][0]["targets"][0]["fate"]
    assert at_water == "no effect" and at_earth == "killed"


# --- DUA counts (digest §6 †) ---------------------------------------------------------------


@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_counts_the_goblins_in_the_dua():
    """Digest §6 Foul Stench: N = Goblins in the DUA, max 3 per 24 points: two Goblins in
    the DUA -> 2; five Goblins at 24 points -> capped at 3; at 25 points the cap is 6 -> 5."""
    roll = {"roll": "melee", "army": [{"die": "Goblins/Thug", "face": "1 Melee"}]}
    two = resolve({**roll, "dua": ["Goblins/Thug"] * 2})["species"]
    assert two == [{"ability": "Foul Stench (Goblins)", "n": 2,
                    "effect": "2 units of the defending army may not counter-attack"}]
    assert resolve({**roll, "dua": ["Goblins/Thug"] * 5})["species"][0]["n"] == 3
    assert resolve({**roll, "dua": ["Goblins/Thug"] * 5,
                    "force_points": 25})["species"][0]["n"] == 5


@pytest.mark.rule("species", "Goblins", "Foul Stench")
def test_foul_stench_deadlands_and_not_in_a_counter_attack():
    """Seed 003 Deadlands: each counts as 1 † more unit in the DUA (1 at 24 points). A
    counter-attack is not the Goblins' melee action: no Foul Stench."""
    roll = {"roll": "melee", "army": [{"die": "Goblins/Thug", "face": "1 Melee"}]}
    assert resolve({**roll, "dua": ["Goblins/Thug"], "deadlands": 1})["species"][0]["n"] == 2
    assert resolve({**roll, "counter_attack": True, "dua": ["Goblins/Thug"]})["species"] == []


@pytest.mark.rule("species", "Lava Elves", "Cursed Bullets")
def test_cursed_bullets_needs_lava_elves_in_the_roll():
    """Digest §6 Cursed Bullets: the Lava Elves' missile attack, N = Lava Elves in the DUA
    (max 3 †); no Lava Elves rolling, no ability."""
    dua = ["Lava Elves/Dead Shot"] * 2
    with_elves = resolve({"roll": "missile", "dua": dua,
                          "army": [{"die": "Lava Elves/Dead Shot", "face": "4 Missile"}]})
    assert with_elves["species"][0]["ability"] == "Cursed Bullets (Lava Elves)"
    assert with_elves["species"][0]["n"] == 2
    without = resolve({"roll": "missile", "dua": dua,
                       "army": [{"die": "Dwarves/Crossbowman", "face": "2 Missile"}]})
    assert without["species"] == []


def test_dragonkin_never_listed_in_the_dua():
    refused({"roll": "melee", "dua": ["Dragonkin/Dragonhero (Fire)"],
             "army": [{"die": FOOTMAN, "face": 0}]}, "never goes to the DUA")


# --- items roll only with a carrier (seed 001) -----------------------------------------------


def test_item_without_a_unit_able_to_carry_it_does_not_roll():
    """Seed 001: an item rolls only if a unit able to carry it rolled. Air equipment needs a
    unit with air: a Footman (earth, fire) cannot carry the Air Steel Buckler, so its 3 saves
    do not count and it is listed as not rolled with the reason."""
    data = {"roll": "save", "army": [{"die": FOOTMAN, "face": "1 Save"},
                                     {"die": "Items/Air Steel Buckler", "face": "3 Save"}]}
    report = resolve(data)
    assert report["totals"] == {"save": 1}
    assert "no unit that rolled can carry it" in report["dice"][1]["excluded"]


def test_item_with_a_carrier_rolls():
    """Seed 001: a Coral Elves Herald (air, water) can carry the air Buckler, so it rolls:
    the Herald's 3 Maneuver gives no save, the Buckler its 3 saves."""
    data = {"roll": "save", "army": [{"die": "Coral Elves/Herald", "face": "3 Maneuver"},
                                     {"die": "Items/Air Steel Buckler", "face": "3 Save"}]}
    report = resolve(data)
    assert report["totals"] == {"save": 3} and report["dice"][1]["excluded"] == ""


def test_item_whose_only_carrier_was_excluded_does_not_roll():
    data = {"roll": "save", "army": [{"die": "Coral Elves/Herald", "face": "3 Maneuver",
                                      "excluded": "killed by Choke"},
                                     {"die": "Items/Air Steel Buckler", "face": "3 Save"}]}
    assert resolve(data)["totals"] == {"save": 0}


# --- fates: Gore buries, Dragonkin to the Summoning Pool, Rise from the Ashes ------------------


def _gore(target, faces, **extra):
    return {"roll": "melee", "army": [{"die": "Feral/Rhino-folk", "face": "4 Gore"}],
            "opposing_army": [{"die": target}],
            "effects": [{"die": 1, "icon": "Gore",
                         "targets": [{"id": 101, "faces": faces, **extra}]}]}


@pytest.mark.rule("sai", "Gore")
def test_gore_kills_and_buries():
    """Seed 000 Gore: two damage, the target may save; killed, it is buried."""
    fate = resolve(_gore(FOOTMAN, ["1 Melee"]))["effects"][0]["targets"][0]["fate"]
    assert fate == "takes 2 damage: killed and buried"
    saved = resolve(_gore(FOOTMAN, ["1 Save"]))["effects"][0]["targets"][0]["fate"]
    assert saved == "takes 1 damage: killed and buried"
    tough = resolve(_gore("Coral Elves/Herald", ["3 Melee"]))["effects"][0]["targets"][0]
    assert tough["fate"] == "takes 2 damage: survives"   # 3 health


def test_dragonkin_killed_go_to_the_summoning_pool_with_no_second_save():
    """Digest §5.6, §4.7: a killed Dragonkin returns to the Summoning Pool, never the DUA, so
    no second (DUA) save is asked of it (Poison, seed 000)."""
    slay = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}],
            "opposing_army": [{"die": "Dragonkin/Dragonhero (Fire)"}],
            "effects": [{"die": 1, "icon": "Slay",
                         "targets": [{"id": 101, "faces": ["3 Melee"]}]}]}
    fate = resolve(slay)["effects"][0]["targets"][0]["fate"]
    assert "Summoning Pool" in fate and fate.startswith("killed")


def test_dragonkin_second_save_refused():
    gore = _gore("Dragonkin/Dragonhero (Fire)", ["3 Melee"], second=["2 ID"])
    refused(gore, "Dragonkin never enter the DUA")


@pytest.mark.rule("sai", "Rise from the Ashes")
def test_rise_from_the_ashes_when_killed():
    """Seed 000 Rise from the Ashes: the killed Phoenix rolls; on that face it goes to its
    Reserve Area instead. Without its roll the answer says it may rise."""
    slay = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}],
            "opposing_army": [{"die": "Firewalkers/Phoenix"}],
            "effects": [{"die": 1, "icon": "Slay", "targets": [
                {"id": 101, "faces": ["4 Save"], "rise": ["4 Rise from the Ashes"]}]}]}
    fate = resolve(slay)["effects"][0]["targets"][0]["fate"]
    assert fate == "rises from the ashes to its Reserve Area instead"
    slay["effects"][0]["targets"][0]["rise"] = ["4 Save"]
    assert resolve(slay)["effects"][0]["targets"][0]["fate"] == "killed"
    del slay["effects"][0]["targets"][0]["rise"]
    assert "give its roll" in resolve(slay)["effects"][0]["targets"][0]["fate"]


def test_rise_for_a_unit_without_it_is_refused():
    slay = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}],
            "opposing_army": [{"die": FOOTMAN}],
            "effects": [{"die": 1, "icon": "Slay", "targets": [
                {"id": 101, "faces": ["1 Melee"], "rise": ["ID"]}]}]}
    refused(slay, "has no Rise from the Ashes")


# --- target limits (seed 000 Targeting) --------------------------------------------------------


@pytest.mark.rule("sai", "Slay")
def test_slay_targets_one_unit_only():
    """Seed 000 Slay: "target one unit"."""
    data = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}],
            "opposing_army": [{"die": FOOTMAN}, {"die": FOOTMAN}],
            "effects": [{"die": 1, "icon": "Slay", "targets": [
                {"id": 101, "faces": ["1 Melee"]}, {"id": 102, "faces": ["1 Melee"]}]}]}
    refused(data, "Slay targets one unit, not 2")


def test_health_worth_limit_binds():
    """Seed 000 Poison: "target up to X health-worth": X 1-health Footmen are allowed, one
    more is refused with the limit named."""
    poison_die = _find_face("Poison")
    x = poison_die[1]
    targets = [{"id": 101 + n, "faces": ["1 Save"]} for n in range(x + 1)]
    data = {"roll": "melee", "army": [{"die": poison_die[0], "face": poison_die[2]}],
            "opposing_army": [{"die": FOOTMAN} for _ in range(x + 1)],
            "effects": [{"die": 1, "icon": "Poison", "targets": targets}]}
    refused(data, f"Poison targets up to {x} health-worth; these targets are {x + 1}")
    data["effects"][0]["targets"] = targets[:x]
    fates = [t["fate"] for t in resolve(data)["effects"][0]["targets"]]
    assert fates == ["no effect"] * x  # each saved


def test_same_target_twice_refused():
    data = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}],
            "opposing_army": [{"die": FOOTMAN}],
            "effects": [{"die": 1, "icon": "Slay", "targets": [
                {"id": 101, "faces": ["1 Melee"]}, {"id": 101, "faces": ["1 Melee"]}]}]}
    refused(data, "targeted twice")


def _find_face(icon: str):
    """(die key, X, face text) of a unit that rolls `icon` in a melee roll."""
    from dragondice_desktop.catalog.loader import load_catalog

    for die in load_catalog():
        if not die.kind.is_unit:
            continue
        for face in die.faces:
            if face.icon.value == icon and len(face.icons) == 1:
                return die.key, face.count, face.to_text()
    raise AssertionError(icon)


# --- Plague (seed 000) ---------------------------------------------------------------------


@pytest.mark.rule("sai", "Plague")
def test_plague_kills_until_a_target_saves():
    """Seed 000 Plague: the target saves or is killed, then another unit of that army is
    targeted, until one saves; a target after the one that saved is refused."""
    data = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Plague"}],
            "opposing_army": [{"die": FOOTMAN}, {"die": FOOTMAN}, {"die": FOOTMAN}],
            "effects": [{"die": 1, "icon": "Plague", "targets": [
                {"id": 101, "faces": ["1 Melee"]}, {"id": 102, "faces": ["1 Save"]}]}]}
    fates = [t["fate"] for t in resolve(data)["effects"][0]["targets"]]
    assert fates == ["killed; Plague goes on to another unit", "saves: Plague ends"]
    data["effects"][0]["targets"].append({"id": 103, "faces": ["1 Melee"]})
    refused(data, "Plague ended when an earlier target saved")


# --- a Reserve army as a missile target (digest §8) -------------------------------------------


def test_missile_at_a_reserve_army_counts_no_ids():
    """Digest §8 Tower: a missile attack on a Reserve army counts only non-ID results: the
    Crossbowman's ID gives nothing, its 2 missile counts."""
    army = [{"die": "Dwarves/Crossbowman", "face": "ID"},
            {"die": "Dwarves/Crossbowman", "face": "2 Missile"}]
    assert resolve({"roll": "missile", "army": army})["totals"] == {"missile": 3}
    assert resolve({"roll": "missile", "target_in_reserve": True,
                    "army": army})["totals"] == {"missile": 2}
    refused({"roll": "melee", "target_in_reserve": True, "army": army},
            "target_in_reserve is for a missile roll")


# --- the maneuver contest (digest §3.5) --------------------------------------------------------


def test_maneuver_contest_ties_go_to_the_marcher():
    """Digest §3.5: the maneuver succeeds when it equals or beats every counter-maneuver."""
    army = [{"die": FOOTMAN, "face": "ID"}, {"die": FOOTMAN, "face": "ID"}]   # 2 maneuver
    assert resolve({"roll": "maneuver", "army": army, "opposing_total": 2})["maneuver"][
        "succeeds"] is True
    assert resolve({"roll": "maneuver", "army": army, "opposing_total": [1, 3]})["maneuver"][
        "succeeds"] is False
    counter = resolve({"roll": "maneuver", "counter_maneuver": True, "army": army,
                       "opposing_total": 2})["maneuver"]
    assert counter["succeeds"] is True and "the maneuver succeeds" in counter["text"]
    refused({"roll": "melee", "army": army, "opposing_total": 2}, "opposing_total is for")


# --- casualties (digest §4.7) ---------------------------------------------------------------


def _saving(**extra):
    return {"roll": "save", "against": "melee",
            "army": [{"die": FOOTMAN, "face": "1 Save"},            # 1 save
                     {"die": "Coral Elves/Herald", "face": "3 Melee"},   # 3 health
                     {"die": FOOTMAN, "face": "1 Melee"},
                     {"die": "Dragonkin/Dragonhero (Fire)", "face": "3 Melee"}], **extra}


def test_casualties_as_much_as_possible_without_going_over():
    """Digest §4.7: 7 damage - 3 saves (the Footman's 1, the Dragonhero's 2 automatic saves
    of a Dragonkin) = 4 left; healths 1, 3, 1, 2: 4 is reachable (3 + 1 or 1 + 1 + 2), so
    the owner must name 4 health-worth; the Dragonkin goes to the Summoning Pool (§5.6)."""
    report = resolve(_saving(damage=7, casualties=[3, 4, 1]))["casualties"]
    assert (report["damage"], report["saves"], report["left"], report["kills"]) == (7, 3, 4, 4)
    fates = {k["id"]: k["fate"] for k in report["killed"]}
    assert fates[1] == fates[3] == "killed" and "Summoning Pool" in fates[4]


def test_casualties_too_many_or_too_few_are_refused():
    refused(_saving(damage=7, casualties=[2, 4]), "5 health-worth named, more than the 4")
    refused(_saving(damage=7, casualties=[2]), "kills 4 health-worth")
    refused(_saving(damage=7, casualties=[1, 1]), "named twice")
    refused(_saving(damage=7, casualties=[101]), "is not a unit")


def test_casualties_left_open_or_all_killed():
    open_choice = resolve(_saving(damage=5))["casualties"]   # 2 left: 1 + 1 or the 2
    assert open_choice["killed"] == [] and "2 health-worth" in open_choice["open"]
    everything = resolve(_saving(damage=20))["casualties"]
    assert sorted(k["id"] for k in everything["killed"]) == [1, 2, 3, 4]
    refused({"roll": "melee", "army": [{"die": FOOTMAN, "face": 0}], "damage": 2},
            "are for a save roll")


# --- dragon attacks (digest §5.4) ---------------------------------------------------------


def test_dragon_attack_learns_jaws_and_the_damage_from_the_dragons():
    """Digest §5.4: a Red Drake showing 12 Jaws: Jaws rolled (for Decapitate, Impale); its
    12 damage is what the army's saves reduce; the casualties follow."""
    data = {"roll": "dragon-attack",
            "dragons": [{"die": "Dragons/Red Drake", "face": "12 Jaws"}],
            "army": [{"die": FOOTMAN, "face": "1 Save"}, {"die": FOOTMAN, "face": "1 Melee"}]}
    report = resolve(data)
    assert report["dragons"] == [{"id": 201, "die": "Dragons/Red Drake", "faces": ["12 Jaws"],
                                  "damage": 12, "breath": 0, "breath_elements": ["fire"]}]
    assert report["casualties"]["left"] == 11
    assert sorted(k["id"] for k in report["casualties"]["killed"]) == [1, 2]
    refused({**data, "dragon_rolled_jaws": False}, "rolled Jaws")
    refused({**data, "roll": "melee"}, "dragons")


def test_dragons_must_be_dragons():
    refused({"roll": "dragon-attack", "dragons": [{"die": FOOTMAN, "face": 0}],
             "army": [{"die": FOOTMAN, "face": 0}]}, "is not a dragon")


def test_dragonkin_do_not_roll_against_a_dragon_of_their_element():
    """Digest §5.6: Dragonkin cannot roll against a dragon of their element (the engine's
    rule for the attacking dragons' kinds and elements): a Fire Dragonhero against a Red
    (fire) Drake is left out; against a Blue (water) Drake it rolls its 3 melee."""
    army = [{"die": "Dragonkin/Dragonhero (Fire)", "face": "3 Melee"}]
    red = resolve({"roll": "dragon-attack", "army": army,
                   "dragons": [{"die": "Dragons/Red Drake", "face": "6 Claws"}]})
    assert "cannot roll against the Red Drake" in red["dice"][0]["excluded"]
    assert red["totals"]["melee"] == 0
    blue = resolve({"roll": "dragon-attack", "army": army,
                    "dragons": [{"die": "Dragons/Blue Drake", "face": 3}]})
    assert blue["dice"][0]["excluded"] == "" and blue["totals"]["melee"] == 3


@pytest.mark.rule("sai", "Flame")
def test_flame_two_health_worth_killed_and_buried():
    """Seed 000 Flame: up to two health-worth of units, killed and buried: two Footmen are
    killed and buried; a 3-health Herald is over the limit and refused."""
    key, _, face = _find_face("Flame")
    two = {"roll": "melee", "army": [{"die": key, "face": face}],
           "opposing_army": [{"die": FOOTMAN}, {"die": FOOTMAN}, {"die": "Coral Elves/Herald"}],
           "effects": [{"die": 1, "icon": "Flame", "targets": [
               {"id": 101, "faces": ["1 Save"]}, {"id": 102, "faces": ["ID"]}]}]}
    fates = [t["fate"] for t in resolve(two)["effects"][0]["targets"]]
    assert fates == ["killed and buried", "killed and buried"]
    two["effects"][0]["targets"] = [{"id": 103, "faces": ["3 Melee"]}]
    refused(two, "Flame targets up to 2 health-worth; these targets are 3")


@pytest.mark.rule("sai", "Breath")
def test_white_dragon_breath_takes_the_terrains_elements():
    """Digest §5.4 Terrain Empathy: a White Dragon's breath brings both elements of the
    terrain it attacks at (Highland City: earth and fire)."""
    from dragondice_desktop.catalog.loader import load_catalog

    white = next(d.key for d in load_catalog()
                 if d.kind.value == "dragon" and d.key.startswith("Dragons/White"))
    data = {"roll": "dragon-attack", "terrain": HIGHLAND,
            "army": [{"die": FOOTMAN, "face": "1 Save"}], "dragons": [{"die": white, "face": 0}]}
    assert resolve(data)["dragons"][0]["breath_elements"] == ["earth", "fire"]


@pytest.mark.rule("sai", "Rise from the Ashes")
def test_rise_from_the_ashes_twice_when_killed_and_buried():
    """Seed 000 Rise from the Ashes: an effect that kills and buries lets the unit roll when
    killed and again when buried (Swallow on a Phoenix: one unit that did not roll its ID is
    killed and buried); a plain kill allows one roll, and a unit that rose does not roll
    again."""
    key, _, face = _find_face("Swallow")
    swallow = {"roll": "melee", "army": [{"die": key, "face": face}],
               "opposing_army": [{"die": "Firewalkers/Phoenix"}],
               "effects": [{"die": 1, "icon": "Swallow", "targets": [
                   {"id": 101, "faces": ["4 Save"],
                    "rise": ["4 Save", "4 Rise from the Ashes"]}]}]}
    fate = resolve(swallow)["effects"][0]["targets"][0]["fate"]
    assert fate == "killed; rises from the ashes to its Reserve Area instead of being buried"
    swallow["effects"][0]["targets"][0]["rise"] = ["4 Save", "4 Save"]
    assert resolve(swallow)["effects"][0]["targets"][0]["fate"] == "killed and buried"
    slay = {"roll": "melee", "army": [{"die": "Undead/Minor Death", "face": "4 Slay"}],
            "opposing_army": [{"die": "Firewalkers/Phoenix"}],
            "effects": [{"die": 1, "icon": "Slay", "targets": [
                {"id": 101, "faces": ["4 Save"], "rise": ["4 Save", "4 Save"]}]}]}
    refused(slay, "once when killed, not 2 times")
    swallow["effects"][0]["targets"][0]["rise"] = ["4 Rise from the Ashes", "4 Save"]
    refused(swallow, "does not roll again")
