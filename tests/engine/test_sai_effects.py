"""SAI effects in play (each SAI's file in engine/sai/icons/, run by engine/sai/effects.py;
rolls/army_roll.py, turn/march_rolls.py): targets picked, individual rolls, kills, burials,
moves, damage and the delayed effects on the save roll.

Positions: Ann (player 0) marches her Campaign army at the Frontier (Coastland Tower, face 7:
melee) against Bob's army there. The dice show the faces the test writes down, in the order
the game rolls them: the attacking army in die order, its re-rolls, the SAI targets' own rolls,
then the defending army's save roll. Expected values come from the SAI texts of seed 000 and
seed 001 (quoted in each test).
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import battle, ids_at, run, scripted, texts

CAT = load_catalog()
T0, T2 = Zone(ZoneKind.TERRAIN, 0), Zone(ZoneKind.TERRAIN, 2)
DUA0, DUA1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1)
BUA1, RES0, RES1 = Zone(ZoneKind.BUA, 1), Zone(ZoneKind.RESERVE, 0), Zone(ZoneKind.RESERVE, 1)
ATTACK = ("march t2", "no-maneuver", "action melee")


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    faces = [f.to_text() for f in CAT.die(key).faces]
    return faces.index(text)


def melee(attackers, defenders, *faces, **kwargs):
    """Ann's melee attack with the given dice script; returns (state, events)."""
    state = scripted(battle(attackers, defenders, **kwargs), *faces)
    return run(state, *ATTACK)


FOOT, KNIGHT, SERGEANT = "Dwarves/Footman", "Coral Elves/Knight", "Dwarves/Sergeant"
CENTAUR = "Amazons/Centaur"


# --- targets with an ID roll -------------------------------------------------------------------


@pytest.mark.rule("sai", "Slay")
def test_slay_kills_a_target_that_does_not_roll_its_id():
    """Seed 000 Slay: "target one unit in the defending army. Roll the target. If it does not
    roll its ID icon, it is killed." The one defender is targeted without a question."""
    state, events = melee(["Undead/Minor Death"], [FOOT],
                          F("Undead/Minor Death", "4 Slay"), F(FOOT, "1 Melee"))
    (foot,) = ids_at(battle(["Undead/Minor Death"], [FOOT]), 1)
    assert state.zones[foot] == DUA1
    assert "Slay: Bob's Footman killed" in texts(events, "sai")
    roll = [e.roll for e in events if e.kind == "sai" and e.roll][-1]
    assert "applied: Slay: Bob's Footman killed" in roll.explain()


@pytest.mark.rule("sai", "Slay")
def test_slay_spares_a_target_that_rolls_its_id():
    """Seed 000 Slay: the target that rolls its ID survives; Slay adds no melee, so there is
    no save roll and the defender may counter-attack (digest §5.1, §10 #4)."""
    state, events = melee(["Undead/Minor Death"], [FOOT],
                          F("Undead/Minor Death", "4 Slay"), F(FOOT, "1 ID"))
    assert ids_at(state, 1) and state.step is Step.COUNTER_ATTACK
    assert "Slay: Bob's Footman passed" in texts(events, "sai")


@pytest.mark.rule("sai", "Slay")
def test_slay_target_is_the_attackers_choice():
    """Seed 000 Targeting: the attacking player picks which unit an SAI targets."""
    state = scripted(battle(["Undead/Minor Death"], [FOOT, KNIGHT]),
                     F("Undead/Minor Death", "4 Slay"), F(KNIGHT, "3 Melee"))
    foot, knight = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK and state.pending.player == 0
    assert {a.to_text() for a in legal_actions(state)} == {f"pick {foot}", f"pick {knight}"}
    state = state.with_(rng=state.rng)
    state, _ = run(state, f"pick {knight}")
    assert state.zones[knight] == DUA1 and state.zones[foot] == T2


@pytest.mark.rule("sai", "Swallow")
def test_swallow_kills_and_buries():
    """Seed 000 Swallow: "If it does not roll its ID icon, it is killed and buried.\""""
    state, _ = melee(["Coral Elves/Leviathan"], [FOOT],
                     F("Coral Elves/Leviathan", "4 Swallow"), F(FOOT, "1 Save"))
    (foot,) = [d.id for d in state.dice if d.owner == 1 and d.key == FOOT
               and state.zones[d.id] == BUA1]
    assert foot


@pytest.mark.rule("sai", "Seize")
def test_seize_moves_id_rollers_to_reserves_and_kills_the_rest():
    """Seed 000 Seize: "Roll the targets. If they roll an ID icon, they are immediately moved
    to their Reserve Area. Any that do not roll an ID are killed." X = 4 health-worth: both
    one-health Footmen are targeted."""
    state = scripted(battle(["Dwarves/Roc"], [FOOT, FOOT]), F("Dwarves/Roc", "4 Seize"),
                     F(FOOT, "1 ID"), F(FOOT, "1 Melee"))
    first, second = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert state.zones[first] == RES1 and state.zones[second] == DUA1


@pytest.mark.rule("sai", "Scare")
def test_scare_id_is_killed_no_save_flees_a_save_stays():
    """Seed 000 Scare (X = 3 on the large Death Knight): targets save; no save: Reserve Area;
    those that roll their ID are killed; a save keeps the unit in place."""
    state = scripted(battle(["Undead/Death Knight"], [FOOT, FOOT, FOOT]),
                     F("Undead/Death Knight", "3 Scare"), F(FOOT, "1 ID"), F(FOOT, "1 Save"),
                     F(FOOT, "1 Melee"))
    a, b, c = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert (state.zones[a], state.zones[b], state.zones[c]) == (DUA1, T2, RES1)


# --- save or maneuver or melee tests -----------------------------------------------------------


@pytest.mark.rule("sai", "Poison")
def test_poison_killed_targets_save_again_or_are_buried():
    """Seed 000 Poison: targets save or are killed; the killed "must make another save roll.
    Those that do not generate a save result on this second roll are buried." The second roll
    is made in the DUA."""
    state = scripted(battle(["Goblins/Death Naga"], [FOOT, FOOT]),
                     F("Goblins/Death Naga", "4 Poison"),
                     F(FOOT, "1 Melee"), F(FOOT, "1 Save"),     # first: killed, then saved
                     F(FOOT, "1 Melee"), F(FOOT, "2 Melee"))    # second: killed, then buried
    a, b = ids_at(state, 1)
    state, events = run(state, *ATTACK)
    assert state.zones[a] == DUA1 and state.zones[b] == BUA1
    dua_rolls = [e for e in events if e.kind == "roll" and "save or be buried" in e.text]
    assert len(dua_rolls) == 2 and dua_rolls[0].roll.context.in_dua


@pytest.mark.rule("sai", "Stomp")
def test_stomp_maneuver_or_killed_then_save_or_buried():
    """Seed 000 Stomp: maneuver roll; those without a maneuver result are killed and save or
    are buried. The Footman's ID gives maneuver in a maneuver roll (digest §1.2)."""
    state = scripted(battle(["Dwarves/Behemoth"], [FOOT, FOOT]),
                     F("Dwarves/Behemoth", "4 Stomp"), F(FOOT, "1 ID"), F(FOOT, "1 Melee"),
                     F(FOOT, "1 Melee"))
    a, b = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert state.zones[a] == T2 and state.zones[b] == BUA1


@pytest.mark.rule("sai", "Web")
def test_web_holds_a_target_without_melee_results():
    """Seed 000 Web: targets make a melee roll; those without a melee result are webbed: they
    cannot be rolled or leave the terrain until the beginning of the attacker's next turn."""
    state, events = melee(["Lava Elves/Drider"], [FOOT],
                          F("Lava Elves/Drider", "4 Web"), F(FOOT, "1 Save"))
    (foot,) = ids_at(state, 1)
    (web,) = state.effects
    assert (web.kind, web.die_id, web.creator) == ("webbed", foot, 0)
    # Bob counter-attacks: the webbed Footman does not roll.
    state, events = run(state, "counter-attack")
    assert any("does not roll" in t for t in texts(events))


@pytest.mark.rule("sai", "Stun")
def test_stun_rerolls_the_stunning_unit_and_stunned_units_do_not_save():
    """Seed 000 Stun: a target without a maneuver result is stunned and cannot be rolled;
    "Roll this unit again and apply the new result as well" (4 Melee after the Stun)."""
    cannibal = "Goblins/Cannibal"
    state, events = melee([cannibal], [FOOT], F(cannibal, "4 Stun"), F(cannibal, "4 Melee"),
                          F(FOOT, "1 Melee"))
    attack = next(e.roll for e in events if e.kind == "roll" and e.roll
                  and e.roll.roll_type is RollType.MELEE and e.player == 0)
    assert attack.total(RollType.MELEE) == 4
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1
            and e.roll.roll_type is RollType.SAVE]
    assert save[-1].dice == () and state.step is Step.DAMAGE


@pytest.mark.rule("sai", "Smother")
def test_smother_without_maneuver_is_killed():
    """Seed 000 Smother: targets make a maneuver roll; without a maneuver result killed."""
    state, _ = melee(["Goblins/Shambler"], [FOOT], F("Goblins/Shambler", "4 Smother"),
                     F(FOOT, "1 Save"))
    assert state.zones[ids_at(battle(["Goblins/Shambler"], [FOOT]), 1)[0]] == DUA1


@pytest.mark.rule("sai", "Breath")
def test_breath_kills_x_health_worth_without_a_roll():
    """Seed 000 Breath on a large Dragonkin (X = 3): target 3 health-worth; they are killed."""
    state, events = melee(["Dragonkin/Dragonchamp (Air)"], [FOOT, SERGEANT, KNIGHT],
                          F("Dragonkin/Dragonchamp (Air)", "3 Breath"))
    # 3 health-worth of 1 + 2 + 2: the Footman and one two-health unit; Ann picks which.
    assert state.step is Step.SAI_PICK
    foot, sergeant, knight = ids_at(state, 1)
    assert {a.to_text() for a in legal_actions(state)} == {f"pick {i}"
                                                           for i in (foot, sergeant, knight)}
    state, _ = run(state, f"pick {knight}")
    assert state.zones[knight] == DUA1 and state.zones[foot] == DUA1
    assert state.zones[sergeant] == T2


@pytest.mark.rule("sai", "Flame")
def test_flame_kills_and_buries_two_health_worth():
    """Seed 000 Flame: "up to two health-worth of units ... killed and buried" (not X)."""
    state = scripted(battle(["Amazons/Chimera"], [FOOT, FOOT, FOOT]),
                     F("Amazons/Chimera", "2 Flame"))
    a, b, c = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK  # two of the three: Ann picks
    state, _ = run(state, f"pick {c}", f"pick {a}")
    assert [state.zones[i] for i in (a, b, c)] == [BUA1, T2, BUA1]


@pytest.mark.rule("sai", "Roar")
def test_roar_sends_units_to_reserves_before_saving():
    """Seed 000 Roar: up to X health-worth "moved to their Reserve Area before the defending
    army rolls for saves" — so they do not save."""
    state = scripted(battle(["Dwarves/Androsphinx", CENTAUR], [FOOT, FOOT]),
                     F("Dwarves/Androsphinx", "4 Roar"), F(CENTAUR, "4 Melee"))
    a, b = ids_at(state, 1)
    state, events = run(state, *ATTACK)
    assert state.zones[a] == RES1 and state.zones[b] == RES1
    assert "The defending army is gone: no save roll" in texts(events)


@pytest.mark.rule("sai", "Convert")
def test_convert_returns_health_worth_killed_from_the_attackers_dua():
    """Seed 000 Convert: targets save or are killed; "The attacking player may return up to
    the amount of health-worth killed this way from their DUA to the attacking army"."""
    state = battle(["Undead/Vampire"], [FOOT])
    state = state.with_(zones=tuple(DUA0 if i == 0 else z for i, z in enumerate(state.zones)))
    state, _ = run(scripted(state, F("Undead/Vampire", "3 Convert"), F(FOOT, "1 Melee")), *ATTACK)
    assert state.step is Step.SAI_PICK
    assert {a.to_text() for a in legal_actions(state)} == {"pick 0", "done"}
    state, _ = run(state, "pick 0")
    assert state.zones[0] == T2


@pytest.mark.rule("sai", "Charm")
def test_charm_adds_the_charmed_units_melee_and_they_do_not_save():
    """Seed 000 Charm: targets "don't roll to save during this march. Instead, the owner rolls
    these units and adds their results to the attacking army's results"."""
    beholder = "Lava Elves/Beholder"
    state, events = melee([beholder], [FOOT, KNIGHT], F(beholder, "4 Charm"),
                          F(FOOT, "2 Melee"), F(KNIGHT, "3 Melee"))
    assert state.step is Step.DAMAGE and state.damage[0].amount == 5
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1
            and e.roll.context.save_against]
    assert save[-1].dice == ()
    assert any("charmed: it does not roll to save" in t for t in texts(events))


@pytest.mark.rule("sai", "Plague")
def test_plague_passes_from_unit_to_unit_until_one_saves():
    """Seed 000 Plague: the target saves or is killed; then "that unit's owner then targets
    another unit in the same army" until a target saves."""
    state = scripted(battle(["Undead/Minor Death"], [FOOT, FOOT, FOOT]),
                     F("Undead/Minor Death", "4 Plague"), F(FOOT, "1 Melee"), F(FOOT, "1 Save"))
    a, b, c = ids_at(state, 1)
    state, _ = run(state, *ATTACK, f"pick {b}")
    assert state.step is Step.SAI_PICK and state.pending.player == 1  # Bob picks the next
    state, _ = run(state, f"pick {c}")
    assert (state.zones[a], state.zones[b], state.zones[c]) == (T2, DUA1, T2)


# --- damage to one unit ---------------------------------------------------------------------


@pytest.mark.rule("sai", "Kick")
def test_kick_damage_is_saved_by_the_target_alone():
    """Seed 000 Kick: one unit takes X = 4 damage; only that unit saves (digest §4.7). A large
    unit (3 health) saving 3 takes 1: it survives."""
    state, events = melee([CENTAUR], ["Undead/Death Knight"], F(CENTAUR, "4 Kick"),
                          F("Undead/Death Knight", "3 Save"))
    assert "Kick: Bob's Death Knight takes 1 damage: survives" in texts(events, "sai")


@pytest.mark.rule("sai", "Gore")
def test_gore_deals_two_damage_and_buries():
    """Seed 000 Gore: "The target takes two points of damage. If the unit is killed by Gore,
    it is then buried" — two, whatever X."""
    state, events = melee(["Feral/Rhino-folk"], [KNIGHT], F("Feral/Rhino-folk", "4 Gore"),
                          F(KNIGHT, "3 Melee"))
    (knight,) = [d.id for d in state.dice if d.key == KNIGHT]
    assert state.zones[knight] == BUA1
    assert "Gore: Bob's Knight takes 2 damage: killed and buried" in texts(events, "sai")


@pytest.mark.rule("sai", "Coil")
def test_coil_saves_reduce_its_damage_and_melee_hits_back_without_save():
    """Seed 000 Coil: the target takes X damage and makes a save + melee roll; its melee
    results damage the coiling unit with no save."""
    ormyrr = "Swamp Stalkers/Ormyrr"
    state, events = melee([ormyrr], ["Undead/Minor Death"], F(ormyrr, "4 Coil"),
                          F("Undead/Minor Death", "4 Melee"))
    assert any(t.startswith("Coil: Bob's Minor Death takes 4 damage: killed; Ann's Ormyrr "
                            "takes 4 damage back: killed") for t in texts(events, "sai"))


@pytest.mark.rule("sai", "Hug")
def test_hug_no_save_and_melee_back():
    """Seed 000 Hug: X damage "with no save possible"; the target's melee roll damages the
    hugging unit with no save."""
    bear = "Feral/Bear-folk"
    state, events = melee([bear], [SERGEANT], F(bear, "4 Hug"), F(SERGEANT, "3 Melee"))
    assert any(t.startswith("Hug: Bob's Sergeant takes 4 damage: killed; Ann's Bear-folk takes "
                            "3 damage back: survives") for t in texts(events, "sai"))


@pytest.mark.rule("sai", "Bash")
def test_bash_hits_back_the_chosen_attacking_unit():
    """Seed 001 Bash (save against melee): target one attacking unit: it takes damage equal to
    its melee results and saves against it; Bash gives that many saves."""
    shield = "Items/Air Mithril Shield"
    state = scripted(battle([CENTAUR, FOOT], [KNIGHT, shield]),
                     F(CENTAUR, "4 Melee"), F(FOOT, "1 Melee"),
                     F(KNIGHT, "2 Save"), F(shield, "3 Bash"))
    centaur, foot = ids_at(state, 0)
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK and state.pending.player == 1
    assert state.pending.default == ""
    state = scripted(state, F(CENTAUR, "4 Missile"))
    state, events = run(state, f"pick {centaur}")
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 2 + 4
    assert state.zones[centaur] == DUA0


# --- damage to the army ----------------------------------------------------------------------


@pytest.mark.rule("sai", "Smite")
def test_smite_damage_is_assigned_before_the_save_roll():
    """Seed 000 Smite: X damage to the defending army "with no save possible", applied with
    the attacker's SAIs (digest §4.2 step 4) — before the defending army saves."""
    state = scripted(battle(["Amazons/War Chief", CENTAUR], [FOOT, "Undead/Minor Death"]),
                     F("Amazons/War Chief", "4 Smite"), F(CENTAUR, "4 Melee"))
    state, events = run(state, *ATTACK)
    assert state.step is Step.DAMAGE and state.damage[0].reason.startswith("Smite")
    assert not [e for e in events if e.kind == "roll" and e.player == 1]


@pytest.mark.rule("sai", "Firebreath")
def test_firebreath_killed_units_save_or_are_buried():
    """Seed 000 Firebreath: X damage with no save; "Each unit killed makes a save roll. Those
    that do not generate a save result are buried.\""""
    state = scripted(battle(["Amazons/Nightmare"], [FOOT]), F("Amazons/Nightmare", "4 Firebreath"))
    (foot,) = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    state, _ = run(scripted(state, F(FOOT, "1 Melee")), f"kill {foot}")
    assert state.zones[foot] == BUA1


@pytest.mark.rule("sai", "Screech")
def test_screech_subtracts_saves():
    """Seed 000 Screech: "the defending army subtracts X save results" (step 6)."""
    state, events = melee(["Feral/Owl-folk", CENTAUR], [KNIGHT], F("Feral/Owl-folk", "4 Screech"),
                          F(CENTAUR, "4 Melee"), F(KNIGHT, "2 Save"))
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 0
    assert any("Screech" in m for m in save.modifiers)


@pytest.mark.rule("sai", "Counter")
def test_counter_on_the_save_roll_damages_the_attacker():
    """Seed 000 Counter: "During a save roll against a melee attack, Counter generates X save
    results and inflicts X damage upon the attacking army.\""""
    state, events = melee([CENTAUR, FOOT], ["Amazons/Harbinger"], F(CENTAUR, "4 Melee"),
                          F(FOOT, "1 Melee"), F("Amazons/Harbinger", "4 Counter"))
    assert "1 damage (melee 5 − saves 4) kills nothing" in texts(events, "damage")
    assert [(d.player, d.amount) for d in state.damage] == [(0, 4)]
    assert state.damage[0].reason.startswith("Counter on the save roll")


@pytest.mark.rule("sai", "Surprise")
def test_surprise_stops_the_counter_attack():
    """Seed 000 Surprise: "the defending army cannot counter-attack".\""""
    state, events = melee(["Frostwings/Yeti", CENTAUR], ["Undead/Minor Death"],
                          F("Frostwings/Yeti", "4 Surprise"), F(CENTAUR, "4 Melee"),
                          F("Undead/Minor Death", "4 Save"))
    assert state.step is Step.CHOOSE_ARMY
    assert "Surprise: the defending army cannot counter-attack" in texts(events)


@pytest.mark.rule("sai", "Charge")
def test_charge_defender_makes_a_save_and_melee_roll_that_hurts_the_attacker():
    """Seed 000 Charge: the attacker counts maneuver as melee; the defender makes one save +
    melee roll instead of saving and counter-attacking; its melee damages the attacker."""
    fighter = "Coral Elves/Fighter"
    state, events = melee(["Dwarves/Behemoth", fighter], [KNIGHT],
                          F("Dwarves/Behemoth", "4 Charge"), F(fighter, "1 Maneuver"),
                          F(KNIGHT, "3 Melee"))
    attack = next(e.roll for e in events if e.kind == "roll" and e.roll and e.player == 0)
    assert attack.total(RollType.MELEE) == 1
    answer = next(e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1)
    assert answer.context.counted == (RollType.SAVE, RollType.MELEE)
    assert [(d.player, d.amount) for d in state.damage] == [(0, 3)]  # 1 - 0 kills nothing


# --- delayed effects on the save roll (seed 000 Choke, Confuse, Hypnotic Glare; seed 001
#     Decapitate, Impale) --------------------------------------------------------------------


@pytest.mark.rule("sai", "Choke")
def test_choke_kills_units_that_rolled_id_and_their_results_do_not_count():
    """Seed 000 Choke: after the save roll, up to X health-worth of units that rolled an ID
    are killed; their ID results do not count."""
    vine = "Treefolk/Strangle Vine"
    state = scripted(battle([vine, CENTAUR], [FOOT, FOOT, KNIGHT]),
                     F(vine, "4 Choke"), F(CENTAUR, "4 Melee"),
                     F(FOOT, "1 ID"), F(FOOT, "1 Save"), F(KNIGHT, "2 ID"))
    a, b, knight = ids_at(state, 1)
    state, events = run(state, *ATTACK)
    assert state.zones[a] == DUA1 and state.zones[knight] == DUA1
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 1
    assert save.steps[1].startswith("step 2: delayed effects: Choke:")
    assert state.damage[0].amount == 3


@pytest.mark.rule("sai", "Confuse")
def test_confuse_rerolls_targets_ignoring_their_first_result():
    """Seed 000 Confuse: targets are re-rolled after the save roll, ignoring their previous
    results."""
    hulk = "Dwarves/Umber Hulk"
    state, events = melee([hulk, CENTAUR], [KNIGHT, FOOT], F(hulk, "4 Confuse"),
                          F(CENTAUR, "4 Melee"), F(KNIGHT, "2 Save"), F(FOOT, "1 Save"),
                          F(KNIGHT, "3 Melee"), F(FOOT, "1 Melee"))
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 0
    assert save.dice[0].replaced == (("2 Save",),)


@pytest.mark.rule("sai", "Decapitate")
def test_decapitate_kills_one_id_roller_of_the_attackers_choice():
    """Seed 001 Decapitate (Vorpal Sword, carried by an Amazon): one unit that rolled its ID
    is killed; none of its results count."""
    sword = "Items/Air Vorpal Sword"
    state = scripted(battle([CENTAUR, sword], [KNIGHT, FOOT]),
                     F(CENTAUR, "4 Melee"), F(sword, "3 Decapitate"),
                     F(KNIGHT, "2 ID"), F(FOOT, "1 ID"))
    knight, foot = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK and state.pending.player == 0
    state, events = run(state, f"pick {knight}")
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert state.zones[knight] == DUA1 and save.total(RollType.SAVE) == 1


@pytest.mark.rule("sai", "Hypnotic Glare")
def test_hypnotic_glare_hypnotizes_id_rollers():
    """Seed 000 Hypnotic Glare: units that roll an ID on the save roll are hypnotized and may
    not be rolled until the beginning of your next turn; their results do not count."""
    leviathan = "Coral Elves/Leviathan"
    state, events = melee([leviathan, CENTAUR], [FOOT, KNIGHT],
                          F(leviathan, "4 Hypnotic Glare"), F(CENTAUR, "4 Melee"),
                          F(FOOT, "1 ID"), F(KNIGHT, "2 Save"))
    foot, knight = ids_at(battle([leviathan, CENTAUR], [FOOT, KNIGHT]), 1)
    assert [(e.kind, e.die_id) for e in state.effects] == [("hypnotized", foot)]
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 2


@pytest.mark.rule("sai", "Impale")
def test_impale_on_a_missile_attack():
    """Seed 001 Impale: during a missile attack one unit that rolled its ID is killed."""
    heart = "Items/Air Heartseeker"
    state = scripted(battle([CENTAUR, heart], [FOOT], face=3), F(CENTAUR, "4 Missile"),
                     F(heart, "3 Impale"), F(FOOT, "1 ID"))
    (foot,) = ids_at(state, 1)
    state, _ = run(state, "march t2", "no-maneuver", "action missile", "target t2")
    assert state.zones[foot] == DUA1


# --- missile ---------------------------------------------------------------------------------


@pytest.mark.rule("sai", "Volley")
def test_volley_damages_the_missile_attacker():
    """Seed 000 Volley: "During a save roll against a missile attack, Volley generates X save
    and inflicts X damage upon the attacking army.\""""
    assailer = "Frostwings/Assailer"
    state = scripted(battle([assailer], [assailer], face=3), F(assailer, "3 Missile"),
                     F(assailer, "4 Volley"))
    state, _ = run(state, "march t2", "no-maneuver", "action missile", "target t2")
    assert [(d.player, d.amount) for d in state.damage] == [(0, 4)]


@pytest.mark.rule("sai", "Sneak Attack")
def test_sneak_attack_in_a_missile_attack_damages_without_save():
    """Seed 000 Sneak Attack: during a missile attack, X damage to an opposing army at this
    terrain with no save possible."""
    hunter = "Eldarim/Air Dragon Hunter (Air)"
    state = scripted(battle([hunter], [FOOT, FOOT, FOOT, FOOT], face=3),
                     F(hunter, "4 Sneak Attack"))
    state, _ = run(state, "march t2", "no-maneuver", "action missile", "target t2")
    assert state.step is Step.DAMAGE and state.damage[0].amount == 4


# --- the roller's own army ----------------------------------------------------------------------


@pytest.mark.rule("sai", "Vanish")
def test_vanish_may_move_the_unit_and_its_saves_still_count():
    """Seed 000 Vanish: X saves; "The unit may then move to any terrain or its Reserve Area.
    If the unit moves, the save results still apply to the army that the Vanishing unit left.\""""
    ghost = "Undead/Ghost"
    state = scripted(battle([CENTAUR], [ghost, FOOT]), F(CENTAUR, "4 Melee"),
                     F(ghost, "3 Vanish"), F(FOOT, "1 Melee"))
    ghost_id, foot = ids_at(state, 1)
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_CHOOSE and state.pending.default == "choose stay"
    assert "choose reserve1" in {a.to_text() for a in legal_actions(state)}
    state, _ = run(state, "choose reserve1")
    assert state.zones[ghost_id] == RES1
    assert state.damage[0].amount == 1 and state.damage[0].zone == T2


@pytest.mark.rule("sai", "Regenerate")
def test_regenerate_in_a_save_roll_is_a_choice():
    """Seed 000 Regenerate: "choose one: Regenerate generates X save results, OR, you may return
    up to X health-worth of units from your DUA to the army containing this unit.\""""
    state = battle([CENTAUR], ["Goblins/Troll"])
    state = state.with_(zones=tuple(Zone(ZoneKind.DUA, 1) if i == 3 else z
                                    for i, z in enumerate(state.zones)))
    state = scripted(state, F(CENTAUR, "4 Melee"), F("Goblins/Troll", "4 Regenerate"))
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_CHOOSE
    assert {a.to_text() for a in legal_actions(state)} == {"choose saves", "choose return"}
    state, events = run(state, "choose return", "pick 3")
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 0 and state.zones[3] == T2


@pytest.mark.rule("sai", "Wild Growth")
def test_wild_growth_promotes_units_of_the_army():
    """Seed 000 Wild Growth (melee roll): promote X health-worth of units in this army; a
    promotion exchanges a unit for one of the same species one size bigger from the DUA
    (digest §4.8)."""
    willow = "Treefolk/Noble Willow"
    small, medium = "Treefolk/Oakling", "Treefolk/Oak"
    for key in (small, medium):
        CAT.die(key)
    state = battle([willow, small], [FOOT], ann_extra=(medium,))
    (medium_id,) = [d.id for d in state.dice if d.key == medium]
    state = state.with_(zones=tuple(DUA0 if i == medium_id else z
                                    for i, z in enumerate(state.zones)))
    small_id = [d.id for d in state.dice if d.key == small][0]
    state = scripted(state, F(willow, "4 Wild Growth"), F(small, "2 Save"))
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK
    state, _ = run(state, f"pick {small_id}")
    assert state.zones[medium_id] == T2 and state.zones[small_id] == DUA0


@pytest.mark.rule("sai", "Illusion")
def test_illusion_protects_an_army_from_missile_attacks():
    """Seed 000 Illusion: the target army "cannot be targeted by any missile attacks or spells
    cast by opposing players" until the beginning of your next turn."""
    from dragondice_desktop.engine.turn.march import missile_targets

    rak = "Lava Elves/Rakshasa"
    state = scripted(battle([rak], [FOOT]), F(rak, "4 Illusion"), F(FOOT, "1 Save"))
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_CHOOSE
    state, _ = run(state, "choose t2")
    (illusion,) = state.effects
    assert illusion.kind == "illusion" and illusion.zone == T2
    assert T2 not in missile_targets(state, T2, 1)


@pytest.mark.rule("sai", "Rise from the Ashes")
def test_rise_from_the_ashes_goes_to_reserves_when_killed():
    """Seed 000 Rise from the Ashes: "Whenever a unit with this SAI is killed or buried, roll
    the unit. If Rise from the Ashes is rolled, the unit is moved to your Reserve Area.\""""
    phoenix = "Firewalkers/Phoenix"
    state, events = melee(["Undead/Minor Death"], [phoenix], F("Undead/Minor Death", "4 Slay"),
                          F(phoenix, "4 Save"), F(phoenix, "4 Rise from the Ashes"))
    (bird,) = [d.id for d in state.dice if d.key == phoenix]
    assert state.zones[bird] == RES1


@pytest.mark.rule("sai", "Ferry")
def test_ferry_moves_the_unit_and_companions():
    """Seed 000 Ferry: "the Ferrying unit may move itself and up to four health-worth of units
    in its army to any terrain.\""""
    gryphon = "Coral Elves/Gryphon"
    state = scripted(battle([gryphon, KNIGHT], [FOOT]), F(gryphon, "4 Ferry"),
                     F(KNIGHT, "2 Save"))
    gryphon_id, knight = ids_at(state, 0)
    state, _ = run(state, *ATTACK, "choose t0", f"pick {knight}")
    assert state.zones[gryphon_id] == T0 and state.zones[knight] == T0


@pytest.mark.rule("sai", "Wayfare")
def test_wayfare_moves_the_item_and_a_carrier_instead_of_maneuver():
    """Seed 001 Wayfare: "Instead of generating maneuver results, the item and one unit able to
    carry it may move to any other terrain or your Reserve Area.\""""
    boots = "Items/Air Seven League Boots"
    state = scripted(battle([KNIGHT, boots], [FOOT]), F(KNIGHT, "3 Maneuver"),
                     F(boots, "3 Wayfare"))
    knight, boots_id = ids_at(state, 0)
    state, _ = run(state, "march t2", "maneuver", "counter")
    assert state.step is Step.SAI_CHOOSE
    state, events = run(state, "choose move")
    mine = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 0][0]
    assert mine.total(RollType.MANEUVER) == 3  # the Knight only: Wayfare moves instead
    state, events = run(scripted(state, F(FOOT, "1 Save")), "choose reserve0")
    assert state.zones[knight] == RES0 and state.zones[boots_id] == RES0


@pytest.mark.rule("eighth_face", "Vortex")
def test_vortex_lets_the_holder_reroll_one_unit():
    """Seed 003 Vortex: "During any non-maneuver army roll at this terrain, before resolving
    SAIs, you may re-roll one unit, ignoring the previous result.\""""
    state = battle([FOOT, FOOT], [FOOT], frontier="Terrains/Coastland Vortex")
    from engine_helpers import with_face

    state = scripted(with_face(state, 2, 8, controller=0), F(FOOT, "1 Save"), F(FOOT, "1 Melee"))
    a, b = ids_at(state, 0)
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK and state.pending.default == "done"
    state, events = run(scripted(state, F(FOOT, "2 Melee"), F(FOOT, "1 Save")), f"pick {a}")
    attack = next(e.roll for e in events if e.kind == "roll" and e.roll and e.player == 0)
    assert attack.total(RollType.MELEE) == 3 and attack.dice[0].replaced == (("1 Save",),)


@pytest.mark.parametrize("choice, melee", [("done", 1), ("pick", 3)])
def test_elemental_relic_rerolls_matching_units(choice, melee):
    """Seed 001 Elemental Relic: "X health-worth of matching units ... may be re-rolled once,
    ignoring the previous result" (the Knight contains air)."""
    relic = "Items/Elemental Relic"
    state = scripted(battle([KNIGHT, FOOT, relic], [FOOT]), F(KNIGHT, "2 Save"),
                     F(FOOT, "1 Melee"), F(relic, "4 Element Air"))
    knight = ids_at(state, 0)[0]
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_PICK
    assert {a.to_text() for a in legal_actions(state)} == {f"pick {knight}", "done"}
    action = "done" if choice == "done" else f"pick {knight}"
    rerolled = [F(KNIGHT, "2 Melee")] if choice == "pick" else []
    state = scripted(state, *rerolled, F(FOOT, "1 Melee"))  # then Bob's save roll
    state, events = run(state, action)
    attack = next(e.roll for e in events if e.kind == "roll" and e.roll and e.player == 0)
    assert attack.total(RollType.MELEE) == melee


def test_gold_medallion_returns_units_from_the_dua():
    """Seed 001 Gold Medallion: "you may return up to four health-worth of units from your DUA
    to the army carrying this medallion.\""""
    gold = "Items/Gold Medallion"
    state = battle([FOOT, gold], [FOOT])
    state = state.with_(zones=tuple(DUA0 if i == 0 else z for i, z in enumerate(state.zones)))
    state = scripted(state, F(FOOT, "1 Save"), F(gold, "4 SFR Logo"))
    state, _ = run(state, *ATTACK, "pick 0")
    assert state.zones[0] == T2


def test_silver_medallion_returns_an_item_from_the_bua():
    """Seed 001 Silver Medallion: "Return one item from your Buried Unit Area (BUA) to the
    army carrying this medallion" (a Knight can carry the air shield)."""
    silver, shield = "Items/Silver Medallion", "Items/Air Mithril Shield"
    state = battle([FOOT, KNIGHT, silver], [FOOT], ann_extra=(shield,))
    (shield_id,) = [d.id for d in state.dice if d.key == shield]
    state = state.with_(zones=tuple(Zone(ZoneKind.BUA, 0) if i == shield_id else z
                                    for i, z in enumerate(state.zones)))
    state = scripted(state, F(FOOT, "1 Save"), F(KNIGHT, "2 Save"), F(silver, "4 SFR Logo"))
    state, _ = run(state, *ATTACK)
    assert state.step is Step.SAI_CHOOSE
    state, _ = run(state, "choose item")
    assert state.zones[shield_id] == T2


# --- several SAIs, and units that cannot be rolled ------------------------------------------


def test_several_of_the_same_sai_add_up_into_one_effect():
    """Seed 000 Targeting: "Multiples of the same SAI that do not multiply or divide ... may be
    combined by adding their effects together to count as one larger effect" — two Smites of 4
    are one 8 damage (the app always combines: rulings)."""
    chief = "Amazons/War Chief"
    state, events = melee([chief, chief], ["Undead/Minor Death", "Undead/Minor Death"],
                          F(chief, "4 Smite"), F(chief, "4 Smite"))
    assert [d.amount for d in state.damage] == [8]
    assert texts(events, "sai")[0].startswith("Smite: 8 damage")


def test_a_unit_that_cannot_be_rolled_fails_the_roll_forced_on_it():
    """Rulings: an asleep unit "cannot be rolled" (seed 000 Sleep), so it cannot roll its ID
    against Slay: it is killed."""
    from dragondice_desktop.catalog.model import Icon
    from dragondice_desktop.engine.sai.lasting import add
    from dragondice_desktop.engine.core.state import LastingEffect

    state = battle(["Undead/Minor Death"], [FOOT])
    (foot,) = ids_at(state, 1)
    state = add(state, LastingEffect(0, Icon.SLEEP, "asleep", "asleep", die_id=foot), [])
    state, events = run(scripted(state, F("Undead/Minor Death", "4 Slay")), *ATTACK)
    assert state.zones[foot] == DUA1
    assert any("cannot be rolled" in t for t in texts(events, "roll"))


def test_elemental_relic_recruits_a_small_matching_unit():
    """Seed 001 Elemental Relic: "you may recruit X small (1 health) matching units" — the
    rest of X after re-rolling nothing; the Fighter contains air."""
    relic, fighter = "Items/Elemental Relic", "Coral Elves/Fighter"
    state = battle([KNIGHT, relic], [FOOT], ann_extra=(fighter,))
    (fighter_id,) = [d.id for d in state.dice if d.key == fighter]
    state = state.with_(zones=tuple(DUA0 if i == fighter_id else z
                                    for i, z in enumerate(state.zones)))
    state = scripted(state, F(KNIGHT, "2 Save"), F(relic, "4 Element Air"))
    state, _ = run(state, *ATTACK, "done")
    assert state.step is Step.SAI_CHOOSE
    # No promotion: the DUA holds no three-health Coral Elf to replace the Knight.
    assert {a.to_text() for a in legal_actions(state)} == {"choose recruit", "choose done"}
    state, _ = run(state, "choose recruit")
    assert state.zones[fighter_id] == T2
    assert state.step is Step.COUNTER_ATTACK  # nothing more to recruit or promote


def test_an_item_buried_during_the_save_roll_adds_nothing():
    """Digest §4.2: "A die that leaves before its results are used contributes nothing" — Choke
    kills the only unit able to carry the shield, which is buried before the saves count."""
    vine, shield = "Treefolk/Strangle Vine", "Items/Air Mithril Shield"
    state = scripted(battle([vine, CENTAUR], [KNIGHT, shield, FOOT]),
                     F(vine, "4 Choke"), F(CENTAUR, "4 Melee"),
                     F(KNIGHT, "2 ID"), F(FOOT, "1 Save"), F(shield, "3 Save"))  # units first
    state, events = run(state, *ATTACK)
    save = [e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1][0]
    assert save.total(RollType.SAVE) == 1
    assert "left the army" in save.dice[2].excluded
