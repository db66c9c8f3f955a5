"""The 1996 game around the icons (issue 18; TSR digest §3-§15, §18, §19): setup with the dragons
in the dead piles, the 1996 turn, melee as a skirmish or a charge, the rout hook, the eighth
face's doubled maneuvers, dragons going back to the dead piles, self-play of whole games.

Positions: Ann (player 0) marches at the Frontier (terrain 2, Coastland Tower: 1 magic, 2-5
missile, 6-7 melee); the dice scripts give the face indexes rolled, in die order. Faces used:
Coral Elves/Knight (2 health): 0 '2 ID', 1 '3 Melee', 2 '3 Maneuver', 3 '2 Maneuver',
5 '2 Save'; Dwarves/Footman (1 health): 0 '1 ID', 1 '1 Save', 2 '1 Melee', 5 '2 Melee'.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.model import Color, DieKind
from dragondice_desktop.commands.selfplay import play_games
from dragondice_desktop.engine.classic.rout import routs
from dragondice_desktop.engine.core.house_rules import CLASSIC_PROVISIONAL_ROUT
from dragondice_desktop.engine.core.options import checked
from dragondice_desktop.engine.core.state import Phase, Step, Zone, ZoneKind
from dragondice_desktop.engine.dragons.kinds import kill_threshold, summonable, to_pool
from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.turn.setup import new_game
from dragondice_desktop.matchup import table_setups

from engine_helpers import battle, moved, position, run, scripted, texts, turn, with_face

T2 = Zone(ZoneKind.TERRAIN, 2)
DUA0, DUA1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1)
RES1 = Zone(ZoneKind.RESERVE, 1)
KNIGHT, FOOT = "Coral Elves/Knight", "Dwarves/Footman"
CLASSIC = checked(ruleset="classic")


def classic(state, *house_rules):
    """The position played under the 1996 rules (with `house_rules`)."""
    return state.with_(options=checked(state.options.rules, house_rules=house_rules,
                                       ruleset="classic"))


def options(state):
    return sorted(a.to_text() for a in legal_actions(state))


def kill_all_chosen(state):
    """Let the damaged player take the first casualties offered until the damage is done."""
    while state.step is Step.DAMAGE:
        state, _ = play(state, legal_actions(state)[0])
    return state


# --- setup ---------------------------------------------------------------------------------


def test_dragons_start_in_their_owners_dead_pile_no_summoning_pool():
    """TSR digest §3.3 (F0 2B, F1 B2): each player's dragons start in their own dead unit
    area; there is no Summoning Pool. Dragons there are not units (§3.3 engine consequences)."""
    setups = table_setups(2, classic=True)
    state = new_game(setups, 1, CLASSIC)
    for player in (0, 1):
        dragons = [d for d in state.dice if d.owner == player and d.die.kind is DieKind.DRAGON]
        assert len(dragons) == len(setups[player].dragons) >= 1
        assert {state.zones[d.id] for d in dragons} == {Zone(ZoneKind.DUA, player)}
        assert state.dice_in(Zone(ZoneKind.SUMMONING, player)) == ()
        assert state.units_in(Zone(ZoneKind.DUA, player), player) == ()
    v4 = new_game(table_setups(2), 1)
    assert any(d.die.kind is DieKind.DRAGON for d in v4.dice_in(Zone(ZoneKind.SUMMONING, 0)))


def test_the_1996_turn_has_no_eighth_face_or_species_phase():
    """TSR digest §4, OP-5: expire, dragons attack, then the marches; the v4.01 turn's Eighth
    Face and Species Abilities phases are not played."""
    _, v4 = turn(position(), 0)
    state, old = turn(classic(position()), 0)
    phases = [t.split(":")[0] for t in texts(old, "phase")]
    assert phases == ["Turn 1", "Expire Effects", "Dragon Attack", "First March"]
    assert "Eighth Face" in [t.split(":")[0] for t in texts(v4, "phase")]
    assert state.phase is Phase.FIRST_MARCH


# --- melee: skirmish or charge ---------------------------------------------------------------


def _at_the_frontier(attackers, defenders, *house_rules):
    state = classic(battle(attackers, defenders), *house_rules)
    state, _ = run(state, "march t2", "no-maneuver")
    return state


def test_melee_is_declared_as_a_skirmish_or_a_charge():
    """OP-8: an army taking a melee action declares skirmish ("melee") or charge first; a
    v4.01 game has no charge action."""
    state = _at_the_frontier((KNIGHT,), (FOOT,))
    assert options(state) == ["action charge", "action melee", "no-action"]
    v4, _ = run(battle((KNIGHT,), (FOOT,)), "march t2", "no-maneuver")
    assert options(v4) == ["action melee", "no-action"]


def test_a_charge_counts_maneuvers_as_hits_the_defender_saves_and_hits_back_at_once():
    """TSR digest §7.3, §18 row 14, OP-9: the charging Knight's '3 Maneuver' is 3 hits; the
    defending Footmen make one save + melee roll ('1 Save', '2 Melee'): 3 − 1 = 2 damage to
    them, and their 2 melee hit the charger, which rolls no save; no counter-attack follows."""
    state = scripted(_at_the_frontier((KNIGHT,), (FOOT, FOOT, FOOT)), 2, 1, 5, 2)
    state, events = run(state, "action charge")
    lines = texts(events)
    assert any("charges: maneuver results count as melee" in t for t in lines)
    rolls = [e.roll for e in events if e.kind == "roll"]
    assert len(rolls) == 2  # the charge and the defence: no save roll by the charger
    from dragondice_desktop.engine.rolls.model import RollType
    assert rolls[0].total(RollType.MELEE) == 3
    assert rolls[1].total(RollType.SAVE) == 1 and rolls[1].total(RollType.MELEE) == 3
    state = kill_all_chosen(state)
    assert len(state.units_in(T2, 1)) == 1  # 3 Footmen − 2 damage
    assert state.units_in(T2, 0) == ()  # the Knight (2 health) took 3 melee, no save roll
    assert state.step is not Step.COUNTER_ATTACK


def test_a_skirmish_ignores_maneuvers_and_offers_the_counter_attack():
    """TSR digest §7.2: the same '3 Maneuver' in a skirmish is no hit at all; the defender
    may then counter-attack (a skirmish counter-attack)."""
    state = scripted(_at_the_frontier((KNIGHT,), (FOOT,)), 2)
    state, events = run(state, "action melee")
    assert any("No melee results" in t for t in texts(events))
    assert state.step is Step.COUNTER_ATTACK and state.pending.player == 1


# --- rout -------------------------------------------------------------------------------------


def test_the_provisional_rout_test():
    """OP-18's provisional rule: rout when saves less Screech are below half the hits."""
    assert routs(3, 1, 0) and not routs(3, 2, 0)  # 1 < 1.5; 2 >= 1.5
    assert routs(8, 5, 4) and not routs(8, 4, 0)  # 5 − 4 = 1 < 4; 4 is not below 4
    assert not routs(0, 0, 4)  # no hits: nothing to rout from
    with pytest.raises(ValueError):
        routs(-1, 0, 0)


@pytest.mark.parametrize("house_rules, routed", [((), False),
                                                  ((CLASSIC_PROVISIONAL_ROUT,), True)])
def test_rout_hook_after_the_exchange_off_by_default(house_rules, routed):
    """OP-18: by default no army routs. Under the provisional house rule, Bob's Footmen with
    1 save against the Knight's 3 hits rout after the damage: the one left flees to Bob's
    Reserve Area, so there is no counter-attack."""
    state = _at_the_frontier((KNIGHT,), (FOOT, FOOT, FOOT), *house_rules)
    state = scripted(state, 1, 1, 2, 2)  # '3 Melee'; Bob: '1 Save', '1 Melee', '1 Melee'
    state, events = run(state, "action melee")
    state = kill_all_chosen(state)
    left = state.units_in(RES1 if routed else T2, 1)
    assert len(left) == 1
    if routed:
        assert state.units_in(T2, 1) == ()
        assert state.step is not Step.COUNTER_ATTACK
    else:
        assert state.step is Step.COUNTER_ATTACK


# --- eighth face ---------------------------------------------------------------------------


def test_the_eighth_face_doubles_maneuvers_not_ids():
    """OP-20: the holder of the eighth face doubles its maneuver results (the known 1996
    minimum), instead of v4.01's doubled ID results: the Knight's '2 Maneuver' counts 4."""
    from dragondice_desktop.engine.rolls.model import RollType

    def maneuver_total(state):
        state = with_face(state, 2, 8, controller=0)
        state, _ = run(state, "march t2", "maneuver")
        state = scripted(state, 3, 1)  # Ann's Knight '2 Maneuver'; Bob's Footman '1 Save'
        state, events = run(state, "counter")
        roll = [e.roll for e in events if e.kind == "roll"][0]
        return roll.total(RollType.MANEUVER)

    assert maneuver_total(classic(battle((KNIGHT,), (FOOT,)))) == 4
    assert maneuver_total(battle((KNIGHT,), (FOOT,))) == 2
    from dragondice_desktop.engine.core.house_rules import CLASSIC_EIGHTH_FACE_IDS
    assert maneuver_total(classic(battle((KNIGHT,), (FOOT,)), CLASSIC_EIGHTH_FACE_IDS)) == 2


def test_house_rule_the_eighth_face_doubles_ids_instead():
    """OP-20's switch (a): under "the eighth face doubles ID results" the holder's ID results
    are doubled (today's rule) and its maneuvers are not (previous test): holding the
    Frontier, the Knight's '2 ID' is 4 melee under the house rule, 2 by default."""
    from dragondice_desktop.engine.core.house_rules import CLASSIC_EIGHTH_FACE_IDS
    from dragondice_desktop.engine.rolls.model import RollType

    def melee_total(state):
        state = with_face(state, 2, 8, controller=0)
        state, _ = run(state, "march t2", "no-maneuver")
        state, events = run(scripted(state, 0, 2), "action melee")  # Knight '2 ID'
        return [e.roll for e in events if e.kind == "roll"][0].total(RollType.MELEE)

    assert melee_total(classic(battle((KNIGHT,), (FOOT,)))) == 2
    assert melee_total(classic(battle((KNIGHT,), (FOOT,)), CLASSIC_EIGHTH_FACE_IDS)) == 4


# --- dragons -------------------------------------------------------------------------------


def test_dragons_are_summoned_from_any_dead_pile_and_go_back_to_their_owners():
    """TSR digest §3.3, §12.1, OP-19, OP-23: summoning takes a dragon of the magic's colour
    from any player's dead pile (not from a terrain); a killed dragon goes back to its
    owner's dead pile."""
    state = new_game(table_setups(2, classic=True), 1, CLASSIC)
    dragons = [d for d in state.dice if d.die.kind is DieKind.DRAGON]
    red = [d.id for d in dragons if Color.FIRE in d.die.elements]
    black = [d.id for d in dragons if Color.DEATH in d.die.elements]
    assert summonable(state, frozenset({Color.FIRE})) == red
    assert set(summonable(state, frozenset(Color))) == {d.id for d in dragons}
    at_terrain = moved(state, [dragons[0].id], T2)
    assert dragons[0].id not in summonable(at_terrain, frozenset(Color))
    back = to_pool(at_terrain, dragons[0].id, [], "killed")
    assert back.zones[dragons[0].id] == Zone(ZoneKind.DUA, dragons[0].owner)
    assert black or red  # the fixture has single-colour dragons


def test_ten_damage_slays_a_dragon_five_after_belly():
    """TSR digest §12.3 (F3 D1), OP-21: ten damage unless it rolled its belly; five then."""
    from dragondice_desktop.catalog.loader import load_catalog

    for key in ("Dragons/Red Drake", "Dragons/Black Wyrm"):
        die = load_catalog().die(key)
        assert kill_threshold(die, False, CLASSIC) == 10
        assert kill_threshold(die, True, CLASSIC) == 5


def test_two_captured_terrains_win():
    """TSR digest §15 (RR): the first player to hold two captured terrains wins at once."""
    state = classic(battle((KNIGHT,), (FOOT,)))
    state = with_face(state, 0, 8, controller=0)
    state = with_face(state, 2, 7)
    state = scripted(state, 3, 1)
    state, _ = run(state, "march t2", "maneuver", "counter")
    state, events = play(state, "turn up")
    assert state.winner == 0 and state.phase is Phase.GAME_OVER


# --- whole games -----------------------------------------------------------------------------


def test_classic_self_play_finishes_games():
    """`dragondice selfplay --ruleset classic`: seeded classic games of 2 to 4 players run to
    their end with no crash."""
    for players in (2, 3, 4):
        summary = play_games(players, 2, 11, ruleset="classic")
        assert summary.crashes == [], [c.line() for c in summary.crashes]
        assert summary.games == 2 and summary.unfinished == 0


def test_no_species_abilities_in_the_1996_game():
    """OP-26: the 1996 races have no racial abilities beyond the Amazons' (not read): Coral
    Elves at an air terrain get no Defensive Volley under the classic rules."""
    from dragondice_desktop.engine.core.state import Exchange
    from dragondice_desktop.engine.species.registry import Hook, any_of

    def volley(s):  # as the march asks the missile counter-attack hook
        return any_of(Hook.MISSILE_COUNTER, s, shot)

    state = position(bob={"campaign": (KNIGHT,)})  # the Frontier: Coastland (air, water)
    shot = Exchange("missile", 0, T2, 1, T2)
    assert volley(state)
    assert not volley(classic(state))


def test_the_terrain_bonus_doubles_magic_of_the_terrains_colours():
    """TSR digest §9.3 (F2 B, F2 D), OP-14: magic of a colour the army's terrain contains is
    doubled (Coastland: air and water); a unit sharing one colour doubles magic that then pays
    only that colour (rulings); other colours are not doubled; Amazons double only while their
    player holds a Standing Stones (F4); magic in the Reserve Area is never doubled."""
    from dragondice_desktop.catalog.model import Species
    from dragondice_desktop.engine.classic.magic import terrain_bonus
    from dragondice_desktop.engine.spells.pool import MagicSource

    state = classic(position())  # t2 = Coastland Tower (air, water)
    sources = (MagicSource(3, frozenset({"air", "water"}), Species.CORAL_ELVES, label="elf"),
               MagicSource(2, frozenset({"fire", "earth"}), Species.DWARVES, label="dwarf"),
               MagicSource(2, frozenset({"air", "earth"}), Species.FERAL, label="feral"),
               MagicSource(1, frozenset({"air", "water"}), Species.AMAZONS, label="amazon"))
    events = []
    out = terrain_bonus(state, sources, T2, 0, events)
    assert [(s.amount, sorted(s.elements)) for s in out] == [
        (6, ["air", "water"]), (2, ["earth", "fire"]), (4, ["air"]), (1, ["air", "water"])]
    assert not [e for e in events if e.kind == "unresolved"]  # no death magic rolled
    # in the Reserve Area nothing is doubled (and Amazons cast nothing there: the next test)
    assert terrain_bonus(state, sources, Zone(ZoneKind.RESERVE, 0), 0, []) == sources[:3]
    city = with_face(state, 0, 8, controller=0)  # Ann holds her Highland City: no change
    assert terrain_bonus(city, sources, T2, 0, [])[3].amount == 1
    stones = with_face(classic(position(frontier="Terrains/Coastland Standing Stone")), 2, 8,
                       controller=0)
    assert terrain_bonus(stones, sources, T2, 0, [])[3].amount == 2


def test_black_magic_is_doubled_by_burying_the_dead():
    """TSR digest §9.3 (F2 D), OP-15: before announcing, the caster may bury dead units from
    one Dead Unit Area; each health buried doubles one black magic point. Ann's two
    Apparitions roll '2 Magic' each (death, 4); burying the 1-health Footman in her DUA gives
    5 black magic; the Footman is buried (removed from the game)."""
    from dragondice_desktop.engine.classic.magic import DEATH

    state = position(ann={"campaign": ("Undead/Apparition",) * 2,
                          "home": (FOOT, FOOT)}, faces=(3, 3, 1))  # t2 face 1: magic
    foot = next(d.id for d in state.dice if d.owner == 0 and d.key == FOOT)
    state = classic(moved(state, [foot], DUA0))
    state, _ = turn(state, 0)
    state, _ = run(state, "march t2", "no-maneuver")
    state, events = run(scripted(state, 1, 1), "action magic")
    assert state.pending.prompt.startswith("Double up to 4 black magic")
    assert options(state) == ["choose dua0", "choose none"]
    declined, _ = run(state, "choose none")
    assert declined.step is Step.CAST and "magic left 4 of 4" in declined.pending.prompt
    state, _ = run(state, "choose dua0", f"pick {foot}")
    if state.step is Step.SAI_PICK:
        state, _ = run(state, "done")
    assert state.step is Step.CAST and "magic left 5 of 5" in state.pending.prompt
    assert state.zones[foot] == Zone(ZoneKind.BUA, 0)
    assert DEATH == "death"


def test_a_classic_game_file_replays_to_the_same_state():
    """A classic game is saved with its ruleset and replays identically (the game file
    records the options; nothing in the 1996 rules depends on anything but the record)."""
    from dragondice_desktop.engine.core.record import GameRecord
    from dragondice_desktop.engine.policy import choose

    record = GameRecord(table_setups(3, classic=True), 21, (), CLASSIC)
    state = record.state()
    for _ in range(250):
        if not legal_actions(state):
            break
        action = choose(state)
        state, _ = play(state, action)
        record = record.with_action(action)
    again = GameRecord.from_json(record.to_json())
    assert again.options.classic
    assert again.state() == state


def test_missile_range_is_the_same_or_an_adjacent_terrain():
    """TSR digest §8 (F4), OP-12: the same or an adjacent terrain; the Frontier touches every
    Home Terrain, the Home Terrains do not touch each other, and Reserve armies cannot be shot:
    from Ann's Home (t0) she may shoot at t0 and the Frontier, not at Bob's Home (t1)."""
    from dragondice_desktop.engine.turn.march_rolls import missile_targets

    state = classic(position(ann={"home": (FOOT,)}, bob={"home": (FOOT,), "horde": (FOOT,),
                                                          "campaign": (FOOT,)}))
    # Bob's Horde stands at Ann's Home (t0), his Campaign at the Frontier, his Home at t1
    targets = missile_targets(state, Zone(ZoneKind.TERRAIN, 0), 0)
    assert targets == [Zone(ZoneKind.TERRAIN, 0), T2]
    assert Zone(ZoneKind.RESERVE, 1) not in missile_targets(state, T2, 0)


def test_house_rule_the_charger_rolls_saves():
    """OP-9's switch: under "a charging army rolls saves" the charger saves against the
    charged army's melee. The Knight's '3 Maneuver' charges (3 hits); the Footmen roll
    '1 Save', '2 Melee', '1 Melee' (3 melee back); the Knight then rolls '2 Save': 3 − 2 = 1
    damage, less than its 2 health, so it survives (by default, with no save roll, it dies)."""
    from dragondice_desktop.engine.core.house_rules import CLASSIC_CHARGER_SAVES

    state = _at_the_frontier((KNIGHT,), (FOOT, FOOT, FOOT), CLASSIC_CHARGER_SAVES)
    state = scripted(state, 2, 1, 5, 2, 5)
    state, events = run(state, "action charge")
    while state.step is Step.DAMAGE:
        state, more = play(state, legal_actions(state)[0])
        events += more
    rolls = [e.roll for e in events if e.kind == "roll"]
    assert len(rolls) == 3  # the charge, the defence, the charger's saves
    assert state.units_in(T2, 0) != ()  # the Knight saved 2 of the 3
    assert any("melee 3 − saves 2" in t for t in texts(events))


@pytest.mark.parametrize("rules, missiles", [("classic", 2), ("v4.01", 0)])
def test_amazons_in_a_flatland_shoot_with_their_maneuvers(rules, missiles):
    """TSR digest §8 (F4 A, Kicker Pack 1): Amazons count maneuver results as missile results
    in a missile attack by an army in a Flatland: Ann's Amazon Runner in her Horde at Bob's
    Flatland City (face 2: missile) rolls '2 Maneuver' — 2 missile under the 1996 rules, none
    under v4.01."""
    from dragondice_desktop.engine.rolls.model import RollType

    state = position(ann={"horde": ("Amazons/Runner",)}, faces=(3, 2, 7))
    state = state.with_(options=checked(ruleset=rules))
    state, _ = turn(state, 0)
    state, _ = run(state, "march t1", "no-maneuver", "action missile")
    state = scripted(state, 2, 2)  # Runner '2 Maneuver'; Bob's Footman '1 Melee'
    state, events = run(state, "target t1")
    roll = [e.roll for e in events if e.kind == "roll"][0]
    assert roll.total(RollType.MISSILE) == missiles


def test_amazons_cast_no_magic_from_reserves():
    """TSR digest §9.4 (F4): Amazons cannot cast magic from the Reserve Area."""
    from dragondice_desktop.catalog.model import Species
    from dragondice_desktop.engine.classic.magic import terrain_bonus
    from dragondice_desktop.engine.spells.pool import MagicSource

    sources = (MagicSource(2, frozenset({"ivory"}), Species.AMAZONS, label="seer"),
               MagicSource(1, frozenset({"fire"}), Species.DWARVES, label="dwarf"))
    events = []
    out = terrain_bonus(classic(position()), sources, Zone(ZoneKind.RESERVE, 0), 0, events)
    assert out == sources[1:]
    assert any("Amazons cast no magic" in e.text for e in events)


def test_the_eighth_face_doubles_the_amazons_missiles_from_maneuvers():
    """TSR digest §8 (F4 D): maneuver doubling from the eighth face passes into the Amazons'
    missiles: holding Bob's Flatland City, the Runner's '2 Maneuver' gives 4 missile hits."""
    state = classic(position(ann={"horde": ("Amazons/Runner",)}, faces=(3, 8, 7)))
    state = with_face(state, 1, 8, controller=0)
    state, _ = turn(state, 0)
    state, _ = run(state, "march t1", "no-maneuver", "action missile")
    state = scripted(state, 2, 2)  # Runner '2 Maneuver'; Bob's Footman '1 Melee'
    state, events = run(state, "target t1")
    assert any("2 missile more" in t for t in texts(events))
    assert "Bob takes 4 damage (missile 4 − saves 0)" in texts(events)


def test_reserve_magic_targets_only_the_casters_own_armies():
    """TSR digest §9.4 (CK1): magic from a Reserve army may target only its own player's
    armies and units: Stone Skin cast from Ann's Reserve Area may go on any of her armies,
    never on Bob's (under v4.01 it may)."""
    from dragondice_desktop.engine.spells.book import SPELLS
    from dragondice_desktop.engine.spells.targets import legal_targets

    state = position()
    reserve = Zone(ZoneKind.RESERVE, 0)
    v4 = legal_targets(state, SPELLS["Stone Skin"], 0, reserve, "earth")
    old = legal_targets(classic(state), SPELLS["Stone Skin"], 0, reserve, "earth")
    assert {p for _, p in v4} == {0, 1}
    assert {p for _, p in old} == {0} and len(old) == 3  # Ann's three armies
    at_terrain = legal_targets(classic(state), SPELLS["Stone Skin"], 0, T2, "earth")
    assert {p for _, p in at_terrain} == {0, 1}


def test_a_players_spells_end_when_they_have_no_units_left():
    """TSR digest §9.4 (CK1): when a player has no units left in play, all their spells end
    at once (under v4.01 the effect stays until its creator's next turn)."""
    from dragondice_desktop.engine.core.state import LastingEffect
    from dragondice_desktop.engine.turn.flow import check_victory

    state = position()
    bob = [d.id for d in state.dice if d.owner == 1 and d.die.kind.is_unit]
    state = moved(state, bob, DUA1)
    spell = LastingEffect(1, None, "modifiers", "Stone Skin on Ann's army", player=0, zone=T2,
                          spell="Stone Skin")
    state = state.with_(effects=(spell,))
    assert check_victory(state, []).effects == (spell,)
    events = []
    assert check_victory(classic(state), events).effects == ()
    assert any("has no units left in play" in t for t in texts(events))


# --- the 1996 words ------------------------------------------------------------------------


def test_a_1996_game_says_dead_pile_where_todays_game_says_dua():
    """TSR digest §1 and §14: the 1996 game's dead pile is today's DUA (Dead Unit Area). The
    decision and the log of a 1996 game name it so; today's game keeps "DUA". Ann's Knight
    rolls '3 Melee'; Bob's two Footmen roll '1 Melee' (no save) and both die."""
    def killing(rules):
        state = rules(battle([KNIGHT], [FOOT, FOOT]))
        state = scripted(state, 1, 2, 2)
        state, events = run(state, "march t2", "no-maneuver", "action melee")
        prompt = state.pending.prompt
        state, more = run(state, legal_actions(state)[0].to_text())
        return prompt, texts(events + more), state.zone_name(DUA1)

    prompt, lines, name = killing(classic)
    assert prompt == "Assign 3 damage: move units to your Dead pile"
    assert "Bob's Footman: Coastland Tower → Bob's Dead pile" in lines
    assert name == "Bob's Dead pile"
    assert not any("DUA" in t for t in lines)
    prompt, lines, name = killing(lambda s: s)
    assert prompt == "Assign 3 damage: move units to your DUA"
    assert "Bob's Footman: Coastland Tower → Bob's DUA" in lines and name == "Bob's DUA"


def test_the_area_names_come_from_the_ruleset():
    """TSR digest §1, §14: dead pile for the DUA; burial takes a unit out of the game (no BUA
    to come back from). Today's words for today's rules; an unknown area is refused."""
    from dragondice_desktop.player_text import area_name, ruleset_words
    assert (area_name("DUA", "classic"), area_name("BUA", "classic")) == ("Dead pile",
                                                                         "buried units")
    assert (area_name("DUA", "v4.01"), area_name("BUA", "v4.01")) == ("DUA", "BUA")
    assert ruleset_words("no unit in the DUA; Dead Unit Areas of all", "classic") == (
        "no unit in the Dead pile; Dead piles of all")
    assert ruleset_words("your DUA", "v4.01") == "your DUA"
    with pytest.raises(KeyError):
        area_name("Reserve Area", "classic")


@pytest.mark.parametrize("terrain, missiles", [("Terrains/Flatland Temple", 2),
                                               ("Terrains/Highland Temple", 0)])
def test_count_a_roll_and_the_odds_give_the_amazons_flatland_missiles(terrain, missiles):
    """TSR digest §8 (F4 A): Count a roll and the odds count the Amazons' maneuvers as
    missiles in a Flatland as play does (the test above). A Runner showing '2 Maneuver' in
    a 1996 missile roll: 2 missile at Flatland Temple, 0 at Highland Temple. The odds of a
    Runner's missile roll (faces 1 ID, 1 Melee, 2 Maneuver, 1 Maneuver, 1 Missile, 1 Save;
    the ID counts as 1 missile): in a Flatland 1 + 2 + 1 + 1 = 5 missile over six faces,
    elsewhere 1 + 1 = 2."""
    from fractions import Fraction

    from dragondice_desktop.catalog.loader import load_catalog
    from dragondice_desktop.engine.rolls.count_a_roll import resolve
    from dragondice_desktop.engine.rolls.model import RollType
    from dragondice_desktop.odds import OddsSpec, army_distribution
    from dragondice_desktop.odds.play import table_spec

    counted = resolve({"roll": "missile", "ruleset": "classic", "terrain": {"die": terrain},
                       "army": [{"die": "Amazons/Runner", "faces": ["2 Maneuver"]}]})
    assert counted["totals"].get("missile", 0) == missiles
    catalog = load_catalog()
    dice = [catalog.die("Amazons/Runner")]
    odds = army_distribution(dice, table_spec(OddsSpec(RollType.MISSILE), catalog.die(terrain),
                                              dice=dice, ruleset="classic"))
    expected = Fraction(5, 6) if missiles else Fraction(2, 6)
    assert Fraction(odds.mean).limit_denominator(100) == expected
