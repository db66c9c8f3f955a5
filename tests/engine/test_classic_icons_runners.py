"""More 1996-only effects applied in play (engine/classic/effect_runners.py): Bullseye, Swoop,
Summon Dragon, Galeforce; and Decapitate, which the v4.01 procedure for delayed effects applies
after the defender's save roll. Each test names the icon of seed 002 (the 1996 action-icon
list) it checks and paraphrases its line.

Position: Ann (player 0) attacks Bob's army at the Frontier (terrain 2) in a game played under
the 1996 rules. As in test_classic_icons_play.py, the attack's first effect (a Slay the Minor
Death rolled) is replaced by the 1996 effect under test, so each test plays exactly the effect
it names; the dice then show the faces the test writes down, in the order the game rolls them.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import DieKind, Icon
from dragondice_desktop.engine.classic.contexts import fly_ignored
from dragondice_desktop.engine.classic.effect_runners import GALEFORCE, galeforce_lasts
from dragondice_desktop.engine.core.options import checked
from dragondice_desktop.engine.core.state import LastingEffect, Zone, ZoneKind
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.model import Effect, RollType
from dragondice_desktop.engine.sai.lasting import expire
from dragondice_desktop.engine.tasks.kinds import EffectTask
from dragondice_desktop.engine.tasks.queue_ops import replace_head
from dragondice_desktop.engine.tasks.runner import advance

from engine_helpers import battle, ids_at, moved, position, run, scripted, texts, turn

CAT = load_catalog()
T2 = Zone(ZoneKind.TERRAIN, 2)
DUA1 = Zone(ZoneKind.DUA, 1)
SLAYER, FOOT, KNIGHT, GIANT = ("Undead/Minor Death", "Dwarves/Footman", "Coral Elves/Knight",
                               "Coral Elves/Coral Giant")
EAGLE = "Coral Elves/Eagle Knight"  # 3 health: '3 Fly' twice
SWORD = "Items/Air Vorpal Sword"    # '3 Decapitate'


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def classic(state):
    """The position played under the 1996 rules."""
    return state.with_(options=checked(state.options.rules, ruleset="classic"))


def at_effect(state, icon, kind, amount, *faces, action="action melee"):
    """Ann's melee attack at the Frontier in `state` (`action`: "action charge" for a 1996
    charge), stopped at its first effect (the Minor Death's Slay), which is replaced by the
    1996 effect (icon, kind, amount); then the game goes on with the dice script `faces`.
    Returns (state, events)."""
    state = scripted(state, F(SLAYER, "4 Slay"), *faces)
    state, events = run(state, "march t2", "no-maneuver", action)
    head = state.tasks[0]
    assert isinstance(head, EffectTask) and head.effect.icon is Icon.SLAY
    effect = Effect(head.effect.die_id, icon, kind, amount, f"{icon.value} (1996)")
    state = replace_head(state, EffectTask(effect, head.owner, head.zone, head.purpose))
    state = advance(state, events)
    return state, events


def picks(state) -> set[str]:
    return {a.to_text() for a in legal_actions(state) if a.to_text().startswith("pick")}


# --- Bullseye -------------------------------------------------------------------------------


@pytest.mark.rule("classic_icon", "Bullseye")
def test_bullseye_kills_the_target_when_the_damage_left_reaches_its_health():
    """Seed 002 Bullseye: each icon inflicts 1 point of damage on one unit of the acting
    player's choice; only the target rolls for saves; if the resulting damage equals or
    exceeds its health it is killed at once. Three icons on the Knight (2 health), which rolls
    '3 Melee' (no save): 3 - 0 >= 2, killed."""
    state = classic(battle([SLAYER], [KNIGHT, FOOT]))
    knight, foot = ids_at(state, 1)
    state, events = at_effect(state, Icon.BULLSEYE, "classic_bullseye", 3)
    assert picks(state) == {f"pick {knight}", f"pick {foot}"}
    state = scripted(state, F(KNIGHT, "3 Melee"))
    state, more = run(state, f"pick {knight}")
    assert state.zones[knight] == DUA1 and state.zones[foot] == T2
    assert any("Bullseye: Bob's Knight takes 3 damage, saves 0: killed" in t
               for t in texts(events + more, "sai"))


@pytest.mark.rule("classic_icon", "Bullseye")
def test_bullseye_damage_below_the_health_left_does_nothing():
    """Seed 002 Bullseye: the target is killed only if the damage left after its own saves
    equals or exceeds its health. Two icons on the Knight (2 health), which saves '2 Save':
    2 - 2 = 0 < 2, it lives, and nothing is added to the army's damage (the Rulings page)."""
    state = classic(battle([SLAYER], [KNIGHT, FOOT]))
    knight, foot = ids_at(state, 1)
    state, events = at_effect(state, Icon.BULLSEYE, "classic_bullseye", 2)
    state = scripted(state, F(KNIGHT, "2 Save"))
    state, more = run(state, f"pick {knight}")
    assert state.zones[knight] == T2
    assert any("Bullseye: Bob's Knight takes 2 damage, saves 2: survives" in t
               for t in texts(events + more, "sai"))


@pytest.mark.rule("classic_spell", "Hide")
def test_an_icon_aimed_at_units_cannot_pick_a_hidden_one():
    """TSR digest §9.6 Hide: hidden units cannot be touched by melee or missile. Bob's Knight
    is hidden: Ann's Bullseye (seed 002: one unit of the acting player's choice) may pick only
    one of his two Footmen."""
    state = classic(battle([SLAYER], [KNIGHT, FOOT, FOOT]))
    knight, foot1, foot2 = ids_at(state, 1)
    mark = LastingEffect(1, None, "classic_hidden", "Bob's Knight is hidden", player=1, zone=T2,
                         die_id=knight, amount=1, spell="Hide")
    state = state.with_(effects=state.effects + (mark,))
    state, events = at_effect(state, Icon.BULLSEYE, "classic_bullseye", 3)
    assert picks(state) == {f"pick {foot1}", f"pick {foot2}"}


# --- Swoop ----------------------------------------------------------------------------------


@pytest.mark.rule("classic_icon", "Swoop")
def test_swoop_kills_one_unit_of_four_health_with_no_save():
    """Seed 002 Swoop: during missile, inflict four damage on a single unit in the enemy
    army, with no saves possible. No die of the catalog prints Swoop, so the effect is played
    on a made-up die: the Coral Giant (4 health) is killed and never rolls; the Knight stays."""
    state = classic(battle([SLAYER], [GIANT, KNIGHT]))
    giant, knight = ids_at(state, 1)
    state, events = at_effect(state, Icon.STONE, "classic_unit_damage_no_save", 4)
    state, more = run(state, f"pick {giant}")
    assert state.zones[giant] == DUA1 and state.zones[knight] == T2
    assert any("Swoop: Bob's Coral Giant takes 4 damage: killed" in t
               for t in texts(events + more, "sai"))
    rolled = [e.roll for e in events + more if e.kind == "roll" and e.roll is not None]
    assert not any(d.die_id == giant for r in rolled for d in r.dice)


# --- Summon Dragon --------------------------------------------------------------------------


@pytest.mark.rule("classic_icon", "Summon Dragon")
def test_summon_dragon_brings_the_dragon_of_your_choice_any_colour_to_this_terrain():
    """Seed 002 Summon Dragon: the dragon of your choice (regardless of colour) comes to the
    terrain this die occupies, whether the player wishes it or not. In the 1996 game dragons
    wait in the dead piles, any player's (TSR digest §3.3): Bob's black and red dragons may
    both be picked by Ann (no "done": it must happen), and the one picked comes to the
    Frontier, where the summoning die stands."""
    state = position(ann={"campaign": (SLAYER,)},
                     bob={"campaign": (FOOT, FOOT), "dragons": ("Dragons/Black Drake",
                                                           "Dragons/Red Wyrm")})
    dragons = [d.id for d in state.dice if d.die.kind is DieKind.DRAGON]
    state = moved(state, dragons, DUA1)  # where a 1996 game keeps them
    state, _ = turn(classic(state), 0)
    state, events = at_effect(state, Icon.SUMMON_DRAGON, "classic_summon_dragon", 1)
    assert {a.to_text() for a in legal_actions(state)} == {f"pick {d}" for d in dragons}
    state, more = run(state, f"pick {dragons[1]}")
    assert state.zones[dragons[1]] == T2 and state.zones[dragons[0]] == DUA1
    assert any("Summon Dragon: Bob's Red Wyrm comes to" in t for t in texts(events + more, "sai"))


# --- Galeforce ------------------------------------------------------------------------------


def _save_roll(events):
    return [e.roll for e in events if e.kind == "roll" and e.roll is not None
            and e.roll.context is not None and e.roll.context.roll_type is RollType.SAVE][0]


@pytest.mark.rule("classic_icon", "Galeforce")
def test_galeforce_makes_the_target_army_ignore_its_fly_results():
    """Seed 002 Galeforce: the target army ignores all its flying results. Bob's Eagle Knight
    rolls '3 Fly' to save against the attack (Ann's Knight rolled '3 Melee'): under Galeforce it gives no save (without it,
    Fly gives 3 saves: seed 002 Fly, maneuvers or saves as needed)."""
    base = classic(battle([SLAYER, KNIGHT], [EAGLE, FOOT]))
    state, events = at_effect(base, Icon.GALEFORCE, "classic_galeforce", 4,
                              F(KNIGHT, "3 Melee"), F(EAGLE, "3 Fly"), F(FOOT, "1 Melee"))
    gale = [e for e in state.effects if e.kind == GALEFORCE]
    assert [(e.creator, e.player, e.zone) for e in gale] == [(0, 1, T2)]
    assert "until the end of Ann's next turn" in gale[0].text
    assert _save_roll(events).total(RollType.SAVE) == 0
    assert fly_ignored(state, T2, 1) == {"ignore_fly": "Galeforce"}
    assert fly_ignored(state, T2, 0) == {}
    # the same save roll with no Galeforce (the effect replaced by a Flame that finds no unit
    # of 0 health to burn): the Fly counts as 3 saves
    plain, plain_events = at_effect(base, Icon.FLAME, "classic_flame", 0, F(KNIGHT, "3 Melee"),
                                    F(EAGLE, "3 Fly"), F(FOOT, "1 Melee"))
    assert _save_roll(plain_events).total(RollType.SAVE) == 3


@pytest.mark.rule("classic_icon", "Galeforce")
def test_galeforce_takes_the_fly_results_of_a_unit_of_the_army_rolling_alone():
    """Seed 002 Galeforce: the target army ignores *all* its flying results, so a unit of it
    rolling alone ignores them too. Bob's army is under Galeforce; Ann's Bullseye (3 icons)
    aims at his Eagle Knight (3 health), which saves alone with '3 Fly': no save, 3 damage
    kills it (seed 002 Bullseye). Without Galeforce the Fly saves 3 and it lives."""
    def bullseye_on_the_eagle(galeforce):
        state = classic(battle([SLAYER], [EAGLE, FOOT]))
        eagle, _ = ids_at(state, 1)
        if galeforce:
            gale = LastingEffect(0, Icon.GALEFORCE, GALEFORCE, "Bob's army ignores its Fly "
                                 "results", player=1, zone=T2, amount=1)
            state = state.with_(effects=state.effects + (gale,))
        state, _ = at_effect(state, Icon.BULLSEYE, "classic_bullseye", 3)
        state = scripted(state, F(EAGLE, "3 Fly"))
        state, _ = run(state, f"pick {eagle}")
        return state.zones[eagle]

    assert bullseye_on_the_eagle(galeforce=True) == DUA1
    assert bullseye_on_the_eagle(galeforce=False) == T2


@pytest.mark.rule("classic_icon", "Galeforce")
def test_galeforce_lasts_until_the_end_of_the_controllers_next_turn():
    """Seed 002 Galeforce: "until the end of the monster controller's next turn" (TSR digest
    §4: one of the 1996 game's three expiry points). Made on Ann's turn, it is in force on
    Bob's turn, still on Ann's next turn, and ends when Bob's next turn begins."""
    state = classic(battle([SLAYER], [EAGLE]))
    gale = LastingEffect(0, Icon.GALEFORCE, GALEFORCE, "Bob's army ignores its Fly results",
                         player=1, zone=T2, amount=1)
    state = state.with_(effects=state.effects + (gale,))

    def turn_begins(state, player):
        state = state.with_(turn_player=player)
        return expire(galeforce_lasts(state, player, []), player, [])

    state = turn_begins(state, 1)   # Bob's turn
    assert fly_ignored(state, T2, 1)
    state = turn_begins(state, 0)   # Ann's next turn
    assert fly_ignored(state, T2, 1)
    state = turn_begins(state, 1)   # Ann's next turn has ended
    assert not fly_ignored(state, T2, 1)
    assert not [e for e in state.effects if e.kind == GALEFORCE]


# --- Decapitate -----------------------------------------------------------------------------


@pytest.mark.rule("classic_icon", "Decapitate")
def test_decapitate_kills_a_unit_that_rolled_its_id_after_the_save_roll():
    """Seed 002 Decapitate: rolled during a skirmish attack, the defender rolls to save
    normally, then the attacker chooses one unit with an ID result to be killed. Ann's Knight
    ('3 Melee') carries the Air Vorpal Sword ('3 Decapitate'); Bob's Footmen roll '1 ID' and
    '1 Save': the one that rolled its ID is killed (the only choice). Seed 002's header has
    special abilities take effect before the basic roll is dealt with, so the killed unit's
    ID gives no save (the Rulings page): 1 save, 3 - 1 = 2 damage."""
    state = classic(battle([KNIGHT, SWORD], [FOOT, FOOT]))
    foot_id, foot_save = ids_at(state, 1)
    state = scripted(state, F(KNIGHT, "3 Melee"), F(SWORD, "3 Decapitate"), F(FOOT, "1 ID"),
                     F(FOOT, "1 Save"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    # killed by Decapitate after the save roll, before any damage is assigned
    assert "Decapitate: Bob's Footman killed" in texts(events, "sai")
    assert state.zones[foot_id] == DUA1 and state.zones[foot_save] == T2
    assert _save_roll(events).total(RollType.SAVE) == 1
    assert "Bob takes 2 damage (melee 3 − saves 1)" in texts(events, "damage")


# --- Elevate --------------------------------------------------------------------------------

CARPET = "Items/Air Flying Carpet"  # '4 Elevate'
HAWK = "Feral/Hawk-folk"            # '3 Missile'


@pytest.mark.rule("classic_icon", "Elevate")
def test_elevate_adds_one_units_missile_results_to_the_melee():
    """Seed 002 Elevate: rolled during a melee attack, elevate allows one unit's normal
    missile results to apply in combat. Ann's Hawk-folk rolls '3 Missile' and the Knight
    '3 Melee' with the Flying Carpet's '4 Elevate': the Hawk-folk's 3 missile results count as
    melee, 3 + 3 = 6 hits against Bob's four Footmen's 1 save: 5 damage."""
    state = classic(battle([KNIGHT, HAWK, CARPET], [FOOT, FOOT, FOOT, FOOT]))
    state = scripted(state, F(KNIGHT, "3 Melee"), F(HAWK, "3 Missile"), F(CARPET, "4 Elevate"),
                     F(FOOT, "1 Save"), F(FOOT, "1 Melee"), F(FOOT, "1 Melee"),
                     F(FOOT, "1 Melee"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    assert any("Elevate: Ann's Hawk-folk's 3 missile results count as melee" in t
               for t in texts(events, "sai"))
    assert state.current_march.result("attack").total(RollType.MELEE) == 6
    assert "Bob takes 5 damage (melee 6 − saves 1)" in texts(events, "damage")


# --- Wave -----------------------------------------------------------------------------------

LEVIATHAN = "Coral Elves/Leviathan"  # '4 Wave', '4 Save'


@pytest.mark.rule("classic_icon", "Wave")
@pytest.mark.parametrize("wave, saves, damage", [("4 Wave", 0, 3), ("4 Save", 2, 1)])
def test_wave_rolls_against_an_opposing_save_roll_at_its_terrain(wave, saves, damage):
    """Seed 002 Wave: when any opposing army rolls for saves at a terrain occupied by the
    unit with this icon, you may roll this unit; if the wave icon comes up, subtract 4 save
    results from the army's roll. Ann's Knight hits for 3 with her Leviathan beside it; Bob's
    Footmen save 2; the Leviathan then rolls on its own: on '4 Wave' Bob keeps 0 saves and
    takes 3 damage, on any other face (here '4 Save', which counts for nothing in that roll)
    he keeps 2 and takes 1."""
    state = classic(battle([KNIGHT, LEVIATHAN], [FOOT, FOOT]))
    state = scripted(state, F(KNIGHT, "3 Melee"), F(LEVIATHAN, "4 Save"), F(FOOT, "1 Save"),
                     F(FOOT, "1 Save"), F(LEVIATHAN, wave))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    assert state.current_march.result("save").total(RollType.SAVE) == saves
    assert f"Bob takes {damage} damage (melee 3 − saves {saves})" in texts(events, "damage")
    said = " ".join(texts(events, "sai"))
    assert ("rolls its Wave: Bob's army loses 4 save results" in said) == (wave == "4 Wave")
    # the Wave's own roll answers Bob's save roll, so the log shows it after that roll
    lines = texts(events)
    army = lines.index(f"Bob's Campaign army at Coastland Tower rolls save: {saves}")
    beast = next(i for i, t in enumerate(lines) if t.startswith("Wave: Ann's Leviathan"))
    assert army < beast


@pytest.mark.rule("classic_icon", "Wave")
def test_wave_takes_four_maneuvers_from_an_opposing_maneuver_roll():
    """Seed 002 Wave: "if this icon comes up during a maneuver roll, subtract 4 maneuver
    results from the opposing army". Ann maneuvers at the Frontier with her Knight ('3
    Maneuver'); Bob counter-maneuvers with his Leviathan, which also rolls its Wave against
    Ann's roll: Ann's maneuver counts 0 (the Leviathan's counter-maneuver, '4 Save', counts 0
    too: a tie, which the marcher wins)."""
    state = classic(battle([KNIGHT], [LEVIATHAN]))
    state = scripted(state, F(KNIGHT, "3 Maneuver"), F(LEVIATHAN, "4 Wave"),
                     F(LEVIATHAN, "4 Save"))
    state, events = run(state, "march t2", "maneuver", "counter")
    assert state.current_march.result("maneuver").total(RollType.MANEUVER) == 0
    assert "Maneuver succeeds (0 vs 0)" in texts(events)
    assert any("rolls its Wave: Ann's army loses 4 maneuver results" in t
               for t in texts(events, "sai"))


# --- Dispel Magic ---------------------------------------------------------------------------

GARGOYLE, CONJURER = "Dwarves/Gargoyle", "Coral Elves/Conjurer"


@pytest.mark.rule("classic_icon", "Dispel Magic")
@pytest.mark.parametrize("face, negated", [("4 Dispel Magic", True), ("4 Melee", False)])
def test_dispel_magic_rolls_to_negate_the_spells_on_its_army(face, negated):
    """Seed 002 Dispel Magic: whenever magic targets this unit or the army or the terrain it
    occupies, you may roll this unit to resist immediately after all spells are declared; if
    the dispel face comes up, the spell or spells are negated before they can take effect.
    In a 1996 game Ann's Conjurers cast Hailstorm on Bob's army with his Gargoyle: after she is
    done declaring, Bob may roll it; on its Dispel Magic face the Hailstorm is negated (no
    damage), on another face it goes ahead."""
    state = position(ann={"campaign": (CONJURER, CONJURER)}, bob={"campaign": (GARGOYLE,)},
                     faces=(3, 3, 1))
    state, _ = turn(classic(state), 0)
    state, _ = run(scripted(state, 2, 2), "march t2", "no-maneuver", "action magic")
    state, _ = run(state, "cast hailstorm air t2 1", "done")
    assert state.pending.player == 1
    assert sorted(a.to_text() for a in legal_actions(state)) == ["choose no", "choose roll"]
    state, events = run(scripted(state, F(GARGOYLE, face), F(GARGOYLE, "4 Melee")),
                        "choose roll")
    assert ("Dispel Magic: Hailstorm negated" in texts(events)) == negated
    assert bool([e for e in events if e.kind == "damage"]) != negated


# --- Screech, the Feral printing --------------------------------------------------------------


@pytest.mark.rule("classic_icon", "Screech")
def test_the_feral_screech_takes_four_saves_from_the_army_it_attacks():
    """Seed 002 Screech, *The Feral*: during a melee action, subtracts 4 from the opponent's
    saves. Ann's Knight hits for 3 beside her Owl-folk's '4 Screech'; Bob's Footmen roll 2
    saves, less 4: none, and all 3 hits are damage (a Goblin Screech would leave them 2)."""
    state = classic(battle([KNIGHT, "Feral/Owl-folk"], [FOOT, FOOT]))
    state = scripted(state, F(KNIGHT, "3 Melee"), F("Feral/Owl-folk", "4 Screech"),
                     F(FOOT, "1 Save"), F(FOOT, "1 Save"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    assert state.current_march.result("save").total(RollType.SAVE) == 0
    assert "Bob takes 3 damage (melee 3 − saves 0)" in texts(events, "damage")


# --- Cantrip: any spell; no harmful magic on your own armies ----------------------------------

LICH, WIZARD = "Undead/Lich", "Dwarves/Wizard"  # '4 Cantrip' each


def _casts(state):
    return {a.to_text() for a in legal_actions(state) if a.to_text().startswith("cast ")}


@pytest.mark.rule("classic_icon", "Cantrip")
def test_cantrip_buys_any_spell_in_the_1996_game():
    """Seed 002 Cantrip: during any other action than magic or maneuver, the cantrip can be
    used to purchase immediate spells — any spell (TSR digest §18 row 33; today only spells
    marked C). The Lich's '4 Cantrip' in Ann's melee roll is 4 death magic: in a 1996 game it
    may buy Finger of Death (4 death, not a Cantrip spell); in today's game it may not."""
    def cantrip_casts(rules):
        state = rules(battle([LICH, KNIGHT], [FOOT, FOOT]))
        state = scripted(state, F(LICH, "4 Cantrip"), F(KNIGHT, "3 Melee"))
        state, _ = run(state, "march t2", "no-maneuver", "action melee")
        return _casts(state)

    today = cantrip_casts(lambda s: s)
    then = cantrip_casts(classic)
    assert any(c.startswith("cast palsy") for c in today)  # a Cantrip spell: both games
    assert not any(c.startswith("cast finger-of-death") for c in today)
    assert any(c.startswith("cast finger-of-death") for c in then)


def test_no_harmful_terrain_spell_where_the_caster_has_an_army():
    """TSR digest §9.4, §16 #20 (CK1): no magic may harm an army of the caster's own player.
    Ash Storm (every army roll at the terrain -1) bought with the Wizard's cantrip: in a 1996
    game it may not be aimed at the Frontier or at Ann's Home Terrain, where her armies are,
    only at Bob's Home Terrain once her Horde has left it; today it may go anywhere (the
    Rulings page)."""
    def ash_storm_targets(rules):
        state = rules(battle([WIZARD, KNIGHT], [FOOT, FOOT]))
        horde = ids_at(state, 0, "t1")
        state = moved(state, horde, Zone(ZoneKind.RESERVE, 0))
        state = scripted(state, F(WIZARD, "4 Cantrip"), F(KNIGHT, "3 Melee"))
        state, _ = run(state, "march t2", "no-maneuver", "action melee")
        return {c.split()[-1] for c in _casts(state) if c.startswith("cast ash-storm")}

    assert ash_storm_targets(lambda s: s) == {"t0", "t1", "t2"}
    assert ash_storm_targets(classic) == {"t1"}


# --- Illusion -------------------------------------------------------------------------------


@pytest.mark.rule("classic_icon", "Illusion")
def test_illusion_turns_the_rest_of_the_army_on_four_health_in_a_separate_roll():
    """Seed 002 Illusion: during melee, choose four health of the enemy to be attacked by
    the rest of their army, in a separate roll after the current round of melee. Ann picks
    Bob's Knight and two Footmen (4 health); Bob saves Ann's 3 hits (7 saves) and makes no
    counter-attack, which ends the round (TSR digest OP-36). Then his Coral Giant, the rest of
    the army, rolls '4 Melee' at them; they save 1 ('3 Melee', '1 Melee', '1 Save'): 3 damage
    kills the Knight and a Footman (the most health 3 damage can remove); the Giant and the
    other Footman stay."""
    state = classic(battle([SLAYER, KNIGHT], [KNIGHT, FOOT, FOOT, GIANT]))
    knight, foot1, foot2, giant = ids_at(state, 1)
    state, events = at_effect(state, Icon.ILLUSION, "classic_illusion", 4, F(KNIGHT, "3 Melee"))
    assert picks(state) == {f"pick {i}" for i in (knight, foot1, foot2, giant)}
    state = scripted(state, F(KNIGHT, "2 Save"), F(FOOT, "1 Save"), F(FOOT, "1 Melee"),
                     F(GIANT, "4 Save"),                                  # Bob's save roll
                     F(GIANT, "4 Melee"),                                 # the separate roll
                     F(KNIGHT, "3 Melee"), F(FOOT, "1 Melee"), F(FOOT, "1 Save"))
    state, more = run(state, f"pick {knight}", f"pick {foot1}")
    assert state.pending.prompt == "Counter-attack?"   # no separate roll before the answer
    assert not any(t.startswith("Illusion: Bob's army hits") for t in texts(events + more))
    state, last = run(state, "no-counter-attack", f"pick {foot2}")
    lines = texts(events + more + last)
    assert "All saved (melee 3 − saves 7): no damage" in lines
    assert "Illusion: Bob's army hits its own units for 4, they save 1: 3 damage" in lines
    assert state.zones[knight] == DUA1 and state.zones[giant] == T2
    assert sorted(state.zones[f] == T2 for f in (foot1, foot2)) == [False, True]
    assert not [e for e in state.effects if e.kind == "classic_illusioned"]


@pytest.mark.rule("classic_icon", "Illusion")
def test_illusion_waits_for_the_counter_attack_that_ends_the_round():
    """Seed 002 Illusion: the attack on the picked units by the rest of their army is
    resolved in a separate roll after the current round of melee has been resolved; a round
    is one attack plus its counter-attack (TSR digest §7.2 step 5, OP-36). Ann's Illusion
    picks Bob's Knight and two Footmen; Bob saves her 3 hits (7 saves), then counter-attacks
    with all four units ('2 Melee', '1 Melee', '1 Save', '4 Save': 3 hits), which Ann saves
    ('4 Save', '2 Save': 6). Only then does the Giant roll '4 Melee' at the picked units, who
    save 1: 3 damage, the Knight and a Footman die."""
    state = classic(battle([SLAYER, KNIGHT], [KNIGHT, FOOT, FOOT, GIANT]))
    knight, foot1, foot2, giant = ids_at(state, 1)
    state, events = at_effect(state, Icon.ILLUSION, "classic_illusion", 4, F(KNIGHT, "3 Melee"))
    state = scripted(state, F(KNIGHT, "2 Save"), F(FOOT, "1 Save"), F(FOOT, "1 Melee"),
                     F(GIANT, "4 Save"),                                  # Bob's save roll
                     F(KNIGHT, "2 Melee"), F(FOOT, "1 Melee"), F(FOOT, "1 Save"),
                     F(GIANT, "4 Save"),                                  # his counter-attack
                     F(SLAYER, "4 Save"), F(KNIGHT, "2 Save"),            # Ann's save roll
                     F(GIANT, "4 Melee"),                                 # the separate roll
                     F(KNIGHT, "3 Melee"), F(FOOT, "1 Melee"), F(FOOT, "1 Save"))
    state, more = run(state, f"pick {knight}", f"pick {foot1}", "counter-attack",
                      f"pick {foot2}")
    lines = texts(events + more)
    countered = lines.index("All saved (melee 3 − saves 6): no damage")
    separate = lines.index("Illusion: the separate roll, now the round of melee is over")
    assert lines.index("All saved (melee 3 − saves 7): no damage") < countered < separate
    assert "Illusion: Bob's army hits its own units for 4, they save 1: 3 damage" in lines
    assert state.zones[knight] == DUA1 and state.zones[giant] == T2
    assert sorted(state.zones[f] == T2 for f in (foot1, foot2)) == [False, True]


@pytest.mark.rule("classic_icon", "Illusion")
def test_illusion_in_a_charge_waits_for_the_charge_exchange_to_end():
    """Seed 002 Illusion resolves after the current round of melee; in a charge the round is
    the charge attack and the defender's roll during the charge (TSR digest OP-36, §7.3: no
    counter-attack follows). Ann charges: her Knight's '3 Melee' is 3 hits; Bob's roll during
    the charge ('2 Save', '1 Save', '1 Melee', '4 Save') saves 7 and hits back for 1, which
    kills none of Ann's units. Then the Giant rolls '4 Melee' at the three picked units, who
    save 1: 3 damage."""
    state = classic(battle([SLAYER, KNIGHT], [KNIGHT, FOOT, FOOT, GIANT]))
    knight, foot1, foot2, giant = ids_at(state, 1)
    state, events = at_effect(state, Icon.ILLUSION, "classic_illusion", 4, F(KNIGHT, "3 Melee"),
                              action="action charge")
    state = scripted(state, F(KNIGHT, "2 Save"), F(FOOT, "1 Save"), F(FOOT, "1 Melee"),
                     F(GIANT, "4 Save"),                          # Bob's roll during the charge
                     F(GIANT, "4 Melee"),                         # the separate roll
                     F(KNIGHT, "3 Melee"), F(FOOT, "1 Melee"), F(FOOT, "1 Save"))
    state, more = run(state, f"pick {knight}", f"pick {foot1}", f"pick {foot2}")
    lines = texts(events + more)
    ended = lines.index("Charge: the defending army cannot counter-attack")
    separate = lines.index("Illusion: the separate roll, now the round of melee is over")
    assert ended < separate
    assert "Illusion: Bob's army hits its own units for 4, they save 1: 3 damage" in lines
    assert state.zones[knight] == DUA1 and state.zones[giant] == T2


# --- OP-33: automatic spell saves against Counter and Smite --------------------------------


def _stoneskin(state, player):
    """`player`'s army at the Frontier under a Stoneskin of the other player's: 1 automatic
    save (TSR digest §9.6 Stoneskin, as its spell puts it in force)."""
    from dragondice_desktop.engine.rolls.model import Modifier, ModOp
    mod = Modifier(ModOp.ADD, 1, "Stoneskin (spell)", types=(RollType.SAVE,))
    effect = LastingEffect(1 - player, None, "modifiers", "Stoneskin: 1 automatic save",
                           player=player, zone=T2, amount=1, spell="Stoneskin", modifiers=(mod,))
    return state.with_(effects=state.effects + (effect,))


@pytest.mark.rule("classic_icon", "Counter")
def test_an_automatic_spell_save_reduces_counter_damage_op33():
    """Seed 002 Counter: in a roll for saves in melee it counts as a save and an immediate hit
    upon the attacking army, which may not roll saves against it; TSR digest OP-33: automatic
    spell saves (Stoneskin) do reduce Counter damage. Bob's Coral Giant saves '4 Counter'
    against Ann's 7 hits: 4 hits back on Ann, whose Stoneskin stops 1: she takes 3."""
    def counter_back(stoneskin):
        state = classic(battle([SLAYER, KNIGHT], [GIANT]))
        if stoneskin:
            state = _stoneskin(state, 0)
        state = scripted(state, F(SLAYER, "4 Melee"), F(KNIGHT, "3 Melee"), F(GIANT, "4 Counter"))
        state, events = run(state, "march t2", "no-maneuver", "action melee")
        return state.pending.prompt, texts(events)

    prompt, lines = counter_back(stoneskin=True)
    assert prompt == "Assign 3 damage: move units to your Dead pile"
    assert "1 of 4 damage back stopped by spell saves on the attacking army" in lines
    assert counter_back(stoneskin=False)[0] == "Assign 4 damage: move units to your Dead pile"


@pytest.mark.rule("classic_icon", "Smite")
def test_an_automatic_spell_save_does_not_reduce_smite_op33():
    """Seed 002 Smite: during a skirmish melee attack no saves, including spells already in
    play, can stop these hits; TSR digest OP-33: Stoneskin does not reduce Smite. Ann's Coral
    Giant rolls '4 Smite' at Bob's army (a Knight and three Footmen) under Stoneskin: Bob
    still takes all 4 damage and loses 4 health-worth; one Footman is left."""
    state = classic(battle([GIANT], [KNIGHT, FOOT, FOOT, FOOT]))
    knight, foot1, foot2, foot3 = ids_at(state, 1)
    state = _stoneskin(state, 1)
    state = scripted(state, F(GIANT, "4 Smite"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    assert "Bob takes 4 damage (Smite: 4 damage, no save possible)" in texts(events)
    assert state.pending.prompt == "Assign 4 damage: move units to your Dead pile"
    state, _ = run(state, f"kill {knight}", f"kill {foot1}", f"kill {foot2}")
    assert [state.zones[i] for i in (knight, foot1, foot2, foot3)] == [DUA1, DUA1, DUA1, T2]
