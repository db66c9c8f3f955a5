"""Contract tests over whole seeded games (architecture guide, OpenSpiel-style random sims):
legal actions never run out before the end, every die is in exactly one valid zone, the same
seed gives the same game, save/load and undo reproduce states, and games reach a winner."""

import json
import random

import pytest

from dragondice_desktop.engine.game import legal_actions, play
from dragondice_desktop.engine.policy import choose
from dragondice_desktop.engine.core.record import GameFileError, GameRecord
from dragondice_desktop.engine.core.state import PlayerSetup, Zone, ZoneKind

from dragondice_desktop.matchup import table_setups

from engine_helpers import setup_pair

MIXED = dict(
    home=("Dwarves/Footman", "Dwarves/Patroller", "Dwarves/Crossbowman"),
    horde=("Dwarves/Pony Rider", "Dwarves/Lizard Rider", "Dwarves/Footman"),
    campaign=("Dwarves/Androsphinx", "Dwarves/Sergeant"),
)
OTHER = dict(
    home=("Coral Elves/Leviathan",), horde=("Goblins/Thug", "Goblins/Thug", "Goblins/Cutthroat"),
    campaign=("Feral/Rhino-folk", "Feral/Wolverine-folk"),
)


# Monsters, large units and items whose SAIs act on the game: targets, lasting effects, moves,
# returns from the DUA, delayed effects on the save roll, items moving with their carriers.
SAI_RICH = dict(
    home=("Undead/Minor Death", "Goblins/Troll", "Items/Gold Medallion", "Dwarves/Footman"),
    horde=("Coral Elves/Leviathan", "Lava Elves/Beholder", "Coral Elves/Knight",
           "Items/Air Vorpal Sword"),
    campaign=("Goblins/Cannibal", "Feral/Elephant-folk", "Undead/Ghost", "Amazons/Centaur",
              "Items/Air Blade Golem"),
)
SAI_RICH_OTHER = dict(
    home=("Treefolk/Strangle Vine", "Treefolk/Oakling", "Treefolk/Oak"),
    horde=("Dwarves/Umber Hulk", "Dwarves/Behemoth", "Amazons/Harbinger",
           "Items/Air Mithril Shield"),
    campaign=("Frostwings/Cryohydra", "Swamp Stalkers/Ormyrr", "Firewalkers/Phoenix",
              "Coral Elves/Gryphon", "Items/Elemental Relic"),
)


# Dragons, Dragonstaffs, Dragon's Lair frontiers and Eldarim champions: dragons are summoned,
# attack armies and each other, and are tamed, slain or controlled.
DRAGON_RICH = (
    PlayerSetup("Ann", "A", "Terrains/Highland City", "Terrains/Coastland Dragons Lair",
                home=("Eldarim/Dragonslayer (White)", "Dwarves/Footman", "Dwarves/Sergeant",
                      "Items/Fire Dragonstaff"),
                horde=("Eldarim/Air Dragon Hunter (Air)", "Dwarves/Wizard", "Dwarves/Theurgist",
                       "Items/Air Vorpal Sword", "Feral/Hawk-folk"),
                campaign=("Eldarim/Dragonlord (White)", "Dwarves/Warlord",
                          "Dwarves/Crossbowman", "Items/Earth Dragonstaff"),
                dragons=("Dragons/Red Drake", "Dragons/Ivory Wyrm"),
                dragonkin=("Dragonkin/Dragontroop (Fire)",)),
    PlayerSetup("Bob", "B", "Terrains/Flatland City", "Terrains/Feyland Dragons Lair",
                home=("Eldarim/Water Dragon Zealot (Water)", "Treefolk/Oak", "Treefolk/Oakling"),
                horde=("Eldarim/Dragoncrusader (White)", "Coral Elves/Knight",
                       "Items/Water Dragonstaff", "Treefolk/Strangle Vine"),
                campaign=("Feral/Hawk-folk", "Feral/Owl-folk", "Items/Air Dragonstaff",
                          "Coral Elves/Leviathan"),
                dragons=("Dragons/Blue Drake", "Dragons/Green/Ivory Wyrm",
                         "Dragons/White Wyrm")),
)


# Magic users of every species, Standing Stones, Temple and Grove: armies cast spells (the
# automatic player varies them), Reserve armies cast R spells, cantrips buy C spells, Dispel
# Magic rolls, spells summon dragons and Dragonkin, minor terrains come into play.
MAGIC_RICH = (
    PlayerSetup("Ann", "A", "Terrains/Highland City", "Terrains/Feyland Standing Stone",
                home=("Dwarves/Wizard", "Dwarves/Thaumaturgist", "Goblins/Death Mage",
                      "Undead/Lich", "Amazons/Oracle", "Dwarves/Footman"),
                horde=("Feral/Wolverine-folk", "Feral/Badger-folk", "Treefolk/Eldar Dryad",
                       "Lava Elves/Necromancer", "Firewalkers/Ashbringer", "Dwarves/Gargoyle"),
                campaign=("Coral Elves/Enchanter", "Frostwings/Magi",
                          "Swamp Stalkers/Swamp Wizard", "Scalders/Inferno",
                          "Eldarim/Morehl Sorcerer (Fire)", "Amazons/Visionary",
                          "Items/Bronze Medallion"),
                dragons=("Dragons/Red Drake", "Dragons/Ivory Wyrm", "Dragons/White Drake"),
                dragonkin=("Dragonkin/Dragontroop (Fire)", "Dragonkin/Dragonfoal (Air)",
                           "Dragonkin/Dragonhero (Air)"),
                minor_terrains=("Minor Terrains/Highland Bridge", "Minor Terrains/Deadland Woods",
                                "Minor Terrains/Feyland Village")),
    PlayerSetup("Bob", "B", "Terrains/Swampland Temple", "Terrains/Highland Grove",
                home=("Undead/Vampire", "Undead/Ghast", "Treefolk/Dryad", "Treefolk/Oak",
                      "Treefolk/Oakling", "Treefolk/Unicorn"),
                horde=("Goblins/Hedge Wizard", "Lava Elves/Warlock", "Feral/Owl-folk",
                       "Scalders/Smolderer", "Eldarim/Trog Sorcerer (Water)",
                       "Eldarim/Water Dragon Zealot (Water)"),
                campaign=("Swamp Stalkers/Marsh Mage", "Frostwings/Magus",
                          "Firewalkers/Sunflare", "Coral Elves/Conjurer", "Amazons/Oracle",
                          "Items/Water Dragonstaff", "Treefolk/Strangle Vine"),
                dragons=("Dragons/Blue Drake", "Dragons/Green/Ivory Wyrm",
                         "Dragons/Black Wyrm"),
                dragonkin=("Dragonkin/Dragontroop (Water)", "Dragonkin/Dragonfoal (Water)"),
                minor_terrains=("Minor Terrains/Swampland Knoll",
                                "Minor Terrains/Deadland Village",
                                "Minor Terrains/Highland Woods")),
)


def play_out(seed, chooser=None, limit=4000, forces=(MIXED, OTHER)):
    """Play a game with the automatic policy; returns the record and every state seen.
    `forces`: two dicts of armies for ``setup_pair``, or 2 to 4 PlayerSetups."""
    players = (tuple(forces) if isinstance(forces[0], PlayerSetup)
               else setup_pair(**forces[0], other=forces[1]))
    record = GameRecord(players, seed)
    state = record.state()
    states = [state]
    for _ in range(limit):
        if not legal_actions(state):
            break
        action = choose(state, chooser)
        state, _ = play(state, action)
        record = record.with_action(action)
        states.append(state)
    return record, states


def assert_zones_valid(state):
    """Every die is in exactly one zone, and that zone exists."""
    assert len(state.zones) == len(state.dice)
    for die, zone in zip(state.dice, state.zones):
        if zone.kind is ZoneKind.TERRAIN:
            assert 0 <= zone.index < len(state.terrains)
        else:
            assert 0 <= zone.index < state.player_count


@pytest.mark.parametrize("seed", range(6))
def test_policy_game_reaches_a_winner(seed):
    """A whole seeded game, always picking a legal action, ends with a winner (digest §3.7)."""
    record, states = play_out(seed)
    final = states[-1]
    assert final.winner is not None, f"no winner after {len(record.actions)} actions"
    for state in states[:-1]:
        assert legal_actions(state), "no legal action before the end"
        assert state.pending is not None
        assert_zones_valid(state)


def assert_consistent(states):
    """Every state keeps its dice in valid zones and offers an action until the game ends."""
    for state in states:
        assert_zones_valid(state)
        if state.winner is None:
            assert legal_actions(state)


def assert_whole_game(record, states):
    """The game ended with a winner, every state before the end waited on a legal action,
    and the record replays to the same state (save/load, undo)."""
    assert states[-1].winner is not None, f"no winner after {len(record.actions)} actions"
    for state in states[:-1]:
        assert legal_actions(state)
        assert_zones_valid(state)
    assert GameRecord.from_json(record.to_json()).state() == states[-1]
    assert record.without_last().state() == states[-2]


@pytest.mark.parametrize("seed", range(4))
def test_random_legal_actions_keep_the_game_consistent(seed):
    """Random legal choices never break the state's invariants."""
    assert_consistent(play_out(seed, chooser=random.Random(seed), limit=600)[1])


# Forces full of SAIs (targets, kills, moves, hypnosis, returns), of dragons (summoned by
# Dragon's Lair and Dragonstaffs, attacking, tamed, slain, controlled by Eldarim champions)
# and of magic (every casting decision): (forces, seeds for whole games, seeds and action
# limit for random games).
RICH = {"sai": ((SAI_RICH, SAI_RICH_OTHER), 4, 3, 700), "dragon": (DRAGON_RICH, 6, 4, 700),
        "magic": (MAGIC_RICH, 5, 4, 900)}


@pytest.mark.parametrize("kind, seed", [(k, s) for k, v in RICH.items() for s in range(v[1])])
def test_rich_games_reach_a_winner_and_replay(kind, seed):
    """Whole games of SAI-, dragon- and magic-rich forces: the automatic player answers every
    decision, the game ends, and the record replays to the same state."""
    record, states = play_out(seed, forces=RICH[kind][0])
    assert_whole_game(record, states)
    if kind == "magic":
        assert any(a.verb.value == "cast" for a in record.actions)


@pytest.mark.parametrize("kind, seed", [(k, s) for k, v in RICH.items() for s in range(v[2])])
def test_rich_random_games_stay_consistent(kind, seed):
    """Random legal choices — every SAI pick, dragon and spell option — keep the state
    valid."""
    forces, _, _, limit = RICH[kind]
    assert_consistent(play_out(seed, chooser=random.Random(seed), limit=limit,
                               forces=forces)[1])


@pytest.mark.parametrize("players, seed", [(3, 0), (3, 3), (4, 1), (4, 4)])
def test_three_and_four_player_games_with_full_forces(players, seed):
    """Issue 6 §8: 3- and 4-player games of the sample forces (36 points with spells,
    dragons, Dragonkin, minor terrains and items; the forces rotate with the seed) end with a
    winner, keep every die in exactly one zone, replay from the game file and undo exactly,
    and the same seed plays the same game."""
    forces = table_setups(players, rotation=seed)
    record, states = play_out(seed, forces=forces, limit=6000)
    assert_whole_game(record, states)
    assert play_out(seed, forces=forces, limit=40)[0].actions == record.actions[:40]


def test_same_seed_same_game():
    record_a, states_a = play_out(11)
    record_b, states_b = play_out(11)
    assert record_a.actions == record_b.actions
    assert states_a[-1] == states_b[-1]


def test_save_load_reaches_the_identical_state():
    record, states = play_out(7, limit=150)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record
    assert loaded.state() == states[-1]


def test_undo_replays_to_the_earlier_state():
    """Undo = replay every action but the last (architecture guide)."""
    record, states = play_out(3, limit=80)
    for back in (1, 5, 40):
        shorter = record
        for _ in range(back):
            shorter = shorter.without_last()
        assert shorter.state() == states[-1 - back]


@pytest.mark.parametrize("change,message", [
    ({"version": 0}, "version 0"),
    ({"version": True}, "version True"),
    ({"seed": False}, "seed must be a whole number"),
    ({"players": "x" * 10}, "damaged"),
])
def test_bad_game_file_fields_are_refused(change, message):
    """A game file with a bad version, seed or players is refused with a clear message."""
    record, _ = play_out(2, limit=5)
    data = json.loads(record.to_json())
    data.update(change)
    with pytest.raises(GameFileError, match=message):
        GameRecord.from_json(json.dumps(data))


def test_deeply_nested_or_long_game_files_are_refused():
    with pytest.raises(GameFileError, match="nested far too deeply"):
        GameRecord.from_json("[" * 100_000 + "]" * 100_000)
    record, _ = play_out(2, limit=5)
    data = json.loads(record.to_json())
    data["players"][0]["name"] = "A" * 10_000
    with pytest.raises(GameFileError, match="longer than 200"):
        GameRecord.from_json(json.dumps(data))


# --- invariants the layout does not make true by itself (issue 11 §5) ---------------------------

from dragondice_desktop.catalog.model import Species  # noqa: E402
from dragondice_desktop.engine.core.actions import Action, Verb  # noqa: E402
from dragondice_desktop.engine.game import IllegalAction  # noqa: E402
from dragondice_desktop.engine.sai.icon_roll import NO_RULES_TEXT  # noqa: E402

OWNED_AREAS = (ZoneKind.RESERVE, ZoneKind.SUMMONING, ZoneKind.DUA, ZoneKind.BUA)


def rules_problems(state, actions):
    """What is wrong with `state` by the rules, whatever its layout allows (digest §0, §1.3,
    §1.5, §5.6, §8): items and Dragonkin never in a DUA (seed 001; digest §5.6: Dragonkin
    that die go to the Summoning Pool), dice only in their owner's areas, terrain faces 1-8
    and a controller exactly on face 8; legal actions unique, sorted and round-tripping
    their text; nothing pending once the game is over."""
    problems = []
    for die, zone in zip(state.dice, state.zones):
        if zone.kind is ZoneKind.DUA and (die.die.kind.is_item
                                          or die.die.species is Species.DRAGONKIN):
            problems.append(f"{die.key} of player {die.owner} in a DUA")
        if zone.kind in OWNED_AREAS and zone.index != die.owner:
            problems.append(f"{die.key} of player {die.owner} in {zone.to_text()}")
    for index, terrain in enumerate(state.terrains):
        if not 1 <= terrain.face <= 8:
            problems.append(f"terrain {index} on face {terrain.face}")
        if (terrain.face == 8) != (terrain.controller is not None):
            problems.append(f"terrain {index} on face {terrain.face} held by "
                            f"{terrain.controller}")
    texts_ = [a.to_text() for a in actions]
    if texts_ != sorted(set(texts_)):
        problems.append(f"legal actions not unique and sorted: {texts_[:8]}")
    for action, text in zip(actions, texts_):
        if Action.from_text(text) != action:
            problems.append(f"{text!r} does not round-trip")
    if state.winner is not None and (state.pending is not None or actions):
        problems.append(f"game won by player {state.winner} but "
                        f"{state.pending.prompt if state.pending else actions[0]} pending")
    return problems


def unruled(events):
    """"Not resolved" log lines for dice that have rules (only dice whose rules text was not
    retrieved may stay unresolved in play: architecture guide, digest §9)."""
    return [e.text for e in events if e.kind == "unresolved" and NO_RULES_TEXT not in e.text]


def an_illegal_action(state, actions, earlier):
    """An action that is not legal now: one legal a few states ago, or an end of turn."""
    legal = set(actions)
    return next((a for a in earlier if a not in legal), Action(Verb.END_TURN, ()))


def checked_random_game(forces, seed, limit):
    """Play `limit` actions chosen uniformly among *all* legal actions, retreats included;
    check the rules invariants in every state, that an illegal action is refused and changes
    nothing, and the log. Returns (states seen, actions played)."""
    rng = random.Random(seed)
    players = (tuple(forces) if isinstance(forces[0], PlayerSetup)
               else setup_pair(**forces[0], other=forces[1]))
    state = GameRecord(players, seed).state()
    earlier, played, states = [], [], [state]
    for step in range(limit):
        actions = legal_actions(state)
        problems = rules_problems(state, actions)
        assert not problems, (step, problems)
        if not actions:
            break
        if step % 7 == 0:
            wrong = an_illegal_action(state, actions, earlier)
            with pytest.raises(IllegalAction):
                play(state, wrong)
            assert legal_actions(state) == actions
        earlier = list(actions)
        action = rng.choice(actions)
        state, events = play(state, action)
        assert not unruled(events), (step, unruled(events))
        played.append(action)
        states.append(state)
    return states, played


RANDOM_INVARIANT_GAMES = [("mixed", (MIXED, OTHER), s) for s in (0, 1, 2)] + [
    ("sai", (SAI_RICH, SAI_RICH_OTHER), 0), ("sai", (SAI_RICH, SAI_RICH_OTHER), 1),
    ("dragon", DRAGON_RICH, 0), ("dragon", DRAGON_RICH, 1),
    ("magic", MAGIC_RICH, 0), ("magic", MAGIC_RICH, 1)]


@pytest.mark.parametrize("kind, forces, seed", RANDOM_INVARIANT_GAMES,
                         ids=[f"{k}-{s}" for k, _, s in RANDOM_INVARIANT_GAMES])
def test_random_play_with_retreats_keeps_the_rules_invariants(kind, forces, seed):
    """Uniformly random legal actions — retreats included — never put an item or a Dragonkin
    in a DUA, a die in another player's area, a terrain off faces 1-8; legal actions stay
    unique, sorted and round-trip; an illegal action is refused and changes nothing; no die
    with rules is left unresolved; nothing is pending after the game is won."""
    states, played = checked_random_game(forces, seed, limit=350)
    assert len(played) > 40


def test_random_play_does_retreat():
    """The random games above do take the Retreat step's moves (digest §3.5), not only the
    automatic player's never-retreat line."""
    retreats = 0
    for _, forces, seed in RANDOM_INVARIANT_GAMES[:3]:
        _, played = checked_random_game(forces, seed, limit=350)
        retreats += sum(1 for a in played if a.verb is Verb.RETREAT)
    assert retreats > 0


@pytest.mark.parametrize("players, seed", [(3, 2), (4, 3)])
def test_random_multiplayer_play_keeps_the_rules_invariants(players, seed):
    """The same invariants in 3- and 4-player games of the sample forces."""
    checked_random_game(table_setups(players, rotation=seed), seed, limit=300)


@pytest.mark.parametrize("kind, seed", [("mixed", 0), ("sai", 1), ("dragon", 2), ("magic", 3)])
def test_whole_games_end_with_nothing_pending(kind, seed):
    """A won game leaves no decision pending and offers no action (issue 11 §1: a win by a
    Mutate kill once left a question open)."""
    forces = {"mixed": (MIXED, OTHER)}.get(kind) or RICH[kind][0]
    record, states = play_out(seed, forces=forces)
    final = states[-1]
    assert final.winner is not None
    assert final.pending is None and legal_actions(final) == ()


def test_the_invariant_check_catches_a_broken_state():
    """The checks above can fail: an item and a Dragonkin put in a DUA, a die in another
    player's Reserve Area, a terrain on face 9 and one on face 8 with no holder are all
    named."""
    from dataclasses import replace

    state = GameRecord(DRAGON_RICH, 1).state()
    item = next(d.id for d in state.dice if d.die.kind.is_item)
    kin = next(d.id for d in state.dice if d.die.species is Species.DRAGONKIN)
    stray = next(d.id for d in state.dice if d.owner == 0 and d.die.kind.is_unit)
    zones = list(state.zones)
    zones[item], zones[kin] = (Zone(ZoneKind.DUA, state.dice[item].owner),
                               Zone(ZoneKind.DUA, state.dice[kin].owner))
    zones[stray] = Zone(ZoneKind.RESERVE, 1)
    terrains = list(state.terrains)
    terrains[0] = replace(terrains[0], face=9)
    terrains[1] = replace(terrains[1], face=8, controller=None)
    broken = state.with_(zones=tuple(zones), terrains=tuple(terrains))
    problems = rules_problems(broken, legal_actions(broken))
    assert len(problems) == 5, problems
    assert not rules_problems(state, legal_actions(state))
