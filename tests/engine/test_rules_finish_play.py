"""Issue 11 §1, the last rules of section 1 (rules revision 4): Coil's combination roll, the
owner's choice of excess items to bury, Flaming Shields in a dragon attack.

Each test names its rule and source (seed file and SAI, or digest section); its docstring says
how the engine was wrong before. Revision-3 games keep the old behaviour (checked here too), so
their game files replay identically.
"""

from __future__ import annotations

from dataclasses import replace

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import battle, run, scripted, texts

CAT = load_catalog()
T2 = Zone(ZoneKind.TERRAIN, 2)
DUA0, DUA1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1)
ATTACK = ("march t2", "no-maneuver", "action melee")
WAVE_RIDER, HARBINGER = "Swamp Stalkers/Wave Rider", "Amazons/Harbinger"


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def rules(state, revision):
    """The state played under rules revision `revision`."""
    return state.with_(options=replace(state.options, rules=revision))


def choices(state):
    return sorted(a.to_text() for a in legal_actions(state))


# --- Coil: the target's owner chooses what its IDs and Counter count as (seed 000 Coil) -----


def _coiled(target_face: str, revision: int = 4):
    """Ann's Wave Rider (health 3) rolls 4 Coil in a melee attack on Bob's lone Harbinger
    (health 3), which then rolls `target_face` in its save + melee roll."""
    state = rules(battle([WAVE_RIDER], [HARBINGER]), revision)
    state = scripted(state, F(WAVE_RIDER, "4 Coil"), F(HARBINGER, target_face))
    return run(state, *ATTACK)


def _ids(state, key):
    return [d.id for d in state.dice if d.key == key]


def test_coil_target_owner_chooses_counter_as_melee():
    """Seed 000 Coil: the target "makes a combination roll, counting save and melee results";
    its melee results damage the Coiling unit with no save. Digest §4.5: an SAI with a
    sentence for each counted type applies one, the roller's pick — the rulebook's example is
    Counter in a Coil roll. Bob's Harbinger shows 4 Counter: Bob is asked (default: saves) and
    takes melee: 4 damage kills the Wave Rider (health 3), and with no saves the Coil's 4
    damage kills the Harbinger. Before revision 4 the engine counted the Counter as 4 saves and
    nobody was asked."""
    state, _ = _coiled("4 Counter")
    assert state.pending.player == 1 and state.pending.step is Step.SAI_CHOOSE
    assert state.pending.default == "choose save"
    assert "Counter" in state.pending.prompt
    assert choices(state) == ["choose melee", "choose save"]
    state, events = run(state, "choose melee")
    rider, harbinger = _ids(state, WAVE_RIDER)[0], _ids(state, HARBINGER)[0]
    assert state.zones[rider] == DUA0 and state.zones[harbinger] == DUA1
    assert "Coil: Bob's Harbinger's roll counts 0 save and 4 melee" in texts(events, "sai")


def test_coil_target_counter_as_saves_survives():
    """Seed 000 Coil, the other sentence: Counter as 4 saves stops all 4 Coil damage and
    deals none back — both units stay (the default answer)."""
    state, _ = _coiled("4 Counter")
    state, _ = run(state, "choose save")
    rider, harbinger = _ids(state, WAVE_RIDER)[0], _ids(state, HARBINGER)[0]
    assert state.zones[rider] == T2 and state.zones[harbinger] == T2


def test_coil_target_splits_its_id_results():
    """Seed 000 Coil + digest §4.5: "the owner decides which type each ID result becomes ...
    the results of one ID may be split". The Harbinger's ID gives 3 results; Bob counts 1 as a
    save and 2 as melee: 4 − 1 = 3 damage kills the Harbinger (health 3), the Wave Rider takes
    2 and survives. Before revision 4 all 3 counted as saves (no choice)."""
    state, _ = _coiled("3 ID")
    assert state.pending.player == 1 and "ID results" in state.pending.prompt
    assert choices(state) == ["choose melee", "choose save", "choose save:1,melee:2",
                              "choose save:2,melee:1"]
    state, events = run(state, "choose save:1,melee:2")
    rider, harbinger = _ids(state, WAVE_RIDER)[0], _ids(state, HARBINGER)[0]
    assert state.zones[harbinger] == DUA1 and state.zones[rider] == T2
    assert any("Wave Rider takes 2 damage back: survives" in t for t in texts(events, "sai"))


def test_coil_without_a_choice_asks_nothing():
    """Boundary: a target showing 3 Save has nothing to place (seed 000 Coil: 3 saves against
    4 damage, 1 left, the Harbinger survives); nobody is asked."""
    state, events = _coiled("3 Save")
    assert state.pending.step is not Step.SAI_CHOOSE
    assert any("takes 1 damage: survives" in t for t in texts(events, "sai"))


def test_coil_in_revision_3_games_counts_counter_as_saves():
    """Revision-3 game files replay as recorded: the Counter counts as 4 saves, no question."""
    state, events = _coiled("4 Counter", revision=3)
    assert state.pending.step is not Step.SAI_CHOOSE
    assert any("takes 0 damage: survives" in t for t in texts(events, "sai"))


# --- Flaming Shields in a dragon attack (digest §6 Firewalkers; §5.1) -----------------------

WATCHER = "Firewalkers/Watcher"


def _dragon_answer(frontier: str, revision: int = 4):
    """Bob's Red Drake (health 5) at the Frontier rolls Belly (no damage; it dies from its
    health alone, digest §5.4) at Ann's two Firewalker Watchers, which show 3 Melee and
    2 Save."""
    from engine_helpers import die_ids, moved, position, turn

    state = position(ann={"campaign": (WATCHER, WATCHER)},
                     bob={"dragons": ("Dragons/Red Drake",), "campaign": ()},
                     frontier=frontier, faces=(3, 3, 3))
    (red,) = die_ids(state, "Dragons/Red Drake")
    state = rules(moved(state, [red], T2), revision)
    return turn(state, 0, F("Dragons/Red Drake", "0 Belly"), F(WATCHER, "3 Melee"),
                F(WATCHER, "2 Save"))


def _answer(events):
    from dragondice_desktop.engine.rolls.model import RollKind

    return [e.roll for e in events if e.kind == "roll" and e.roll
            and e.roll.context.kind is RollKind.DRAGON_ATTACK][-1]


def test_flaming_shields_offered_in_the_answer_to_a_dragon_attack():
    """Digest §6 Flaming Shields: at a fire terrain Firewalker saves count as melee; the only
    exception is a counter-attack (§5.1). The answer to a dragon attack counts saves too
    (digest §5.4), so it is the owner's trade-off (digest §6 hints: ask the player). At Feyland
    Tower (water, fire) Ann counts her Watcher's 2 saves as melee: 3 + 2 = 5 melee kill the
    Red Drake, which rolled Belly (it dies from its 5 health). Before revision 4 the ability
    was never offered in a dragon attack: 2 saves and 3 melee, and the dragon lived."""
    from dragondice_desktop.engine.rolls.model import RollType

    state, _ = _dragon_answer("Terrains/Feyland Tower")
    assert state.pending.player == 0 and state.pending.step is Step.SAI_CHOOSE
    assert state.pending.prompt.startswith("Flaming Shields: do the Watcher's 2 save results "
                                           "count as saves or as melee?")
    assert state.pending.default == "choose save"
    assert choices(state) == ["choose melee", "choose save"]
    state, events = run(state, "choose melee")
    answer = _answer(events)
    assert (answer.total(RollType.MELEE), answer.total(RollType.SAVE)) == (5, 0)
    assert "dies from 5 melee" in state.pending.prompt
    state, events = run(state, "choose melee")
    assert "Bob's Red Drake is killed by 5 melee results" in texts(events)


def test_flaming_shields_kept_as_saves_by_default():
    """The default answer keeps the saves as saves: 2 saves and 3 melee, too few to kill the
    Red Drake (5); nothing more is asked."""
    from dragondice_desktop.engine.rolls.model import RollType

    state, _ = _dragon_answer("Terrains/Feyland Tower")
    state, events = run(state, "choose save")
    answer = _answer(events)
    assert (answer.total(RollType.MELEE), answer.total(RollType.SAVE)) == (3, 2)
    assert state.step is Step.CHOOSE_ARMY and not any("is killed by" in t for t in texts(events))


def test_flaming_shields_needs_a_fire_terrain_in_a_dragon_attack():
    """Negative (digest §6: "at a fire terrain"): at Coastland Tower (air, water) nothing is
    offered; the answer counts 2 saves and 3 melee."""
    from dragondice_desktop.engine.rolls.model import RollType

    state, events = _dragon_answer("Terrains/Coastland Tower")
    assert state.step is Step.CHOOSE_ARMY
    assert _answer(events).total(RollType.SAVE) == 2


def test_flaming_shields_not_offered_in_revision_3_dragon_attacks():
    """Revision-3 game files replay as recorded: no Flaming Shields in a dragon attack."""
    from dragondice_desktop.engine.rolls.model import RollType

    state, events = _dragon_answer("Terrains/Feyland Tower", revision=3)
    assert state.step is Step.CHOOSE_ARMY
    assert _answer(events).total(RollType.SAVE) == 2


def test_flaming_shields_still_never_on_a_counter_attack():
    """Boundary (digest §5.1, §6): "Flaming Shields ... do not work on a counter-attack"; in a
    plain melee attack the saves count as melee (a melee roll counts no saves)."""
    from dragondice_desktop.catalog.model import Color, Species
    from dragondice_desktop.engine.rolls.model import RollContext, RollType
    from dragondice_desktop.engine.species.counts_as import conversions_at

    def names(ctx, since=lambda revision: True):
        return [why.split(" (")[0] for sp, _, _, why in
                conversions_at(frozenset({Color.FIRE}), ctx, since)
                if sp is Species.FIREWALKERS]

    assert names(RollContext(RollType.MELEE)) == ["Flaming Shields"]
    assert names(RollContext(RollType.MELEE, counter_attack=True)) == []
    assert names(RollContext.dragon_attack()) == ["Flaming Shields"]
    assert names(RollContext.dragon_attack(), lambda revision: revision <= 3) == []


# --- excess items: the owner chooses which are buried (seed 001) --------------------------

KNIGHT, CENTAUR, FOOT = "Coral Elves/Knight", "Amazons/Centaur", "Dwarves/Footman"
SHIELD, BOOTS, BLADE = ("Items/Air Mithril Shield", "Items/Air Seven League Boots",
                        "Items/Air Dawn Blade")
GOLD = "Items/Gold Medallion"
BUA1 = Zone(ZoneKind.BUA, 1)


def _knight_falls(revision: int = 4, army=(KNIGHT, KNIGHT, SHIELD, BOOTS, BLADE)):
    """Ann's Centaur hits Bob's army of two Coral Elf Knights (air, water; 2 health) carrying
    three air equipment for 4 melee; Bob saves 1 (the Mithril Shield): 3 damage, and Bob
    removes one Knight. Returns (state, Bob's die ids)."""
    from engine_helpers import ids_at

    state = rules(battle([CENTAUR], list(army)), revision)
    ids = ids_at(state, 1)
    shown = {KNIGHT: "3 Melee", FOOT: "1 Melee"}  # the items show their first face
    faces = [F(k, shown.get(k, CAT.die(k).faces[0].to_text())) for k in army]
    state = scripted(state, F(CENTAUR, "4 Melee"), *faces)
    state, _ = run(state, *ATTACK)
    assert "Assign 3 damage" in state.pending.prompt
    state, _ = run(state, f"kill {ids[0]}")
    while state.step is Step.DAMAGE:  # the rest of the casualties (a Footman)
        state, _ = run(state, legal_actions(state)[0].to_text())
    return state, ids


def test_owner_chooses_the_excess_item_to_bury():
    """Seed 001: "If there are ever more items in an army than there are units able to carry
    them, the owner of the army must bury the excess items." One Knight left can carry two of
    the three equipment (seed 001: up to two per unit): Bob is asked which one to bury
    (default: the app's old pick, the last in the army) and buries the Mithril Shield. Before
    revision 4 the engine buried the Dawn Blade without asking."""
    state, (_, _, shield, boots, blade) = _knight_falls()
    assert state.pending.player == 1 and state.pending.step is Step.SAI_PICK
    assert "more items than its units can carry" in state.pending.prompt
    assert "1 to bury" in state.pending.prompt
    assert state.pending.default == f"pick {blade}"
    assert choices(state) == sorted(f"pick {i}" for i in (shield, boots, blade))
    state, events = run(state, f"pick {shield}")
    assert [state.zones[i] for i in (shield, boots, blade)] == [BUA1, T2, T2]
    assert state.step is Step.COUNTER_ATTACK
    assert any("Bob buries Bob's Air Mithril Shield" in t for t in texts(events))


def test_excess_items_in_revision_3_games_are_buried_without_asking():
    """Revision-3 game files replay as recorded: the last item in the army is buried."""
    state, (_, _, shield, boots, blade) = _knight_falls(revision=3)
    assert state.step is Step.COUNTER_ATTACK
    assert [state.zones[i] for i in (shield, boots, blade)] == [T2, T2, BUA1]


def test_no_question_when_no_item_can_stay():
    """Boundary (seed 001 colours): a Knight and two Dwarf Footmen (fire, earth) carry two
    air equipment; the Knight and a Footman fall, and the other Footman can carry neither:
    both are buried with nothing to choose."""
    state, ids = _knight_falls(army=(KNIGHT, FOOT, FOOT, SHIELD, BOOTS))
    shield, boots = ids[3:]
    assert state.step is Step.COUNTER_ATTACK
    assert state.zones[shield] == BUA1 and state.zones[boots] == BUA1


def test_only_the_excess_is_buried():
    """Seed 001: only the excess goes — the units keep as many items as they can carry. A
    Knight with a Gold Medallion, a Mithril Shield and Seven League Boots can keep the two
    equipment (a medallion's carrier "may not carry a second item"): only the medallion may
    be buried, so no question is asked. The app's old pick kept the medallion, the first in
    the army, and buried both equipment."""
    from dragondice_desktop.engine.units.items import burial_choice, carried

    state = battle([CENTAUR], [KNIGHT, GOLD, SHIELD, BOOTS])  # set up by hand, over the limit
    knight, gold, shield, boots = (next(d.id for d in state.dice if d.key == k and d.owner == 1)
                                   for k in (KNIGHT, GOLD, SHIELD, BOOTS))
    items = [state.dice[i] for i in (gold, shield, boots)]
    assert burial_choice([CAT.die(KNIGHT)], items) == (1, (gold,), True)
    assert carried([CAT.die(KNIGHT)], items) == (gold,)  # the old pick: two buried
    assert burial_choice([CAT.die(KNIGHT)], items[1:]) is None
    assert burial_choice([], items) == (3, (gold, shield, boots), True)
    # in play, the first step of the turn buries the medallion alone, asking nothing
    assert [state.zones[i] for i in (gold, shield, boots)] == [BUA1, T2, T2]
    assert state.step is Step.CHOOSE_ARMY
