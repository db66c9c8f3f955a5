"""The 1996-only effects applied in play (engine/classic/effect_runners.py): the roller picks
the targets, the targets roll alone, units are killed, buried, sent to reserves, paralysed or
returned from the dead, as seed 002 says for the icon named in each test.

Position: Ann (player 0) attacks Bob's army at the Frontier (engine_helpers.battle). The
1996 effect is put at the head of the task queue in place of the attack's first effect (a
Slay the Minor Death rolled), so each test plays exactly the effect it names; the dice then
show the faces the test writes down, in the order the game rolls them.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.model import Effect, RollType
from dragondice_desktop.engine.tasks.kinds import EffectTask
from dragondice_desktop.engine.tasks.queue_ops import replace_head
from dragondice_desktop.engine.tasks.runner import advance

from engine_helpers import battle, ids_at, moved, run, scripted, texts

CAT = load_catalog()
DUA0, DUA1, BUA1, RES1 = (Zone(ZoneKind.DUA, 0), Zone(ZoneKind.DUA, 1), Zone(ZoneKind.BUA, 1),
                          Zone(ZoneKind.RESERVE, 1))
T2 = Zone(ZoneKind.TERRAIN, 2)
SLAYER, FOOT, KNIGHT, GIANT = ("Undead/Minor Death", "Dwarves/Footman", "Coral Elves/Knight",
                               "Coral Elves/Coral Giant")


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def at_effect(defenders, icon, kind, amount, *faces, ann_extra=()):
    """Ann's attack, stopped at its first effect, which is replaced by the 1996 effect (icon,
    kind, amount); then the game goes on with the dice script `faces`. Returns (state,
    events, Bob's defender ids)."""
    state = battle([SLAYER], defenders, ann_extra=ann_extra)
    bob = ids_at(state, 1)
    state = scripted(state, F(SLAYER, "4 Slay"), *faces)
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    head = state.tasks[0]
    assert isinstance(head, EffectTask) and head.effect.icon is Icon.SLAY
    effect = Effect(head.effect.die_id, icon, kind, amount, f"{icon.value} (1996)")
    state = replace_head(state, EffectTask(effect, head.owner, head.zone, head.purpose))
    state = advance(state, events)
    return state, events, bob


def picks(state) -> set[str]:
    return {a.to_text() for a in legal_actions(state) if a.to_text().startswith("pick")}


@pytest.mark.rule("classic_icon", "Firebreath")
def test_firebreath_kills_two_health_worth_with_no_save():
    """Seed 002 Firebreath: during melee this effect kills two health worth of enemy units;
    target units cannot save. Of a Knight (2) and two Footmen (1 + 1) Ann picks the Knight: it
    dies without rolling."""
    state, events, (knight, foot1, foot2) = at_effect(
        [KNIGHT, FOOT, FOOT], Icon.FIREBREATH, "classic_kill_health", 2,
        F(FOOT, "1 Melee"), F(FOOT, "1 Melee"))
    assert picks(state) == {f"pick {i}" for i in (knight, foot1, foot2)}
    state, more = run(state, f"pick {knight}")
    assert state.zones[knight] == DUA1 and state.zones[foot1] == T2
    assert "Firebreath: Bob's Knight killed" in texts(events + more, "sai")


@pytest.mark.rule("classic_icon", "Flame")
def test_flame_kills_and_buries_one_unit_of_two_health_or_less():
    """Seed 002 Flame: kill and bury one unit of two health or less, with no save: the Coral
    Giant (4 health) cannot be picked, the Knight (2) is killed and buried."""
    state, events, (giant, knight) = at_effect(
        [GIANT, KNIGHT], Icon.FLAME, "classic_flame", 2, F(GIANT, "4 ID"))
    # the Knight is the only unit Flame can target, so the rules pick it without a question
    assert state.zones[knight] == BUA1 and state.zones[giant] == T2
    assert "Flame: Bob's Knight killed and buried" in texts(events, "sai")


@pytest.mark.rule("classic_icon", "Seize")
def test_seize_kills_those_that_fail_and_sends_savers_to_reserves():
    """Seed 002 Seize: four health worth of units are killed unless they roll a save
    individually; those that save return to the owner's reserves. Knight (2) saves and goes
    to reserves; Footmen (1 + 1) roll Melee: killed."""
    state, events, (knight, foot1, foot2) = at_effect(
        [KNIGHT, FOOT, FOOT], Icon.SEIZE, "classic_seize", 4,
        F(KNIGHT, "2 Save"), F(FOOT, "1 Melee"), F(FOOT, "1 Melee"))
    assert state.zones[knight] == RES1
    assert state.zones[foot1] == DUA1 and state.zones[foot2] == DUA1


@pytest.mark.rule("classic_icon", "Entangle")
def test_entangle_paralyses_four_health_until_your_next_turn():
    """Seed 002 Entangle: four health of your choice in the opposing army are paralysed
    (cannot make any further rolls) until the beginning of your next turn: the Giant (4) is
    picked by the rules (the most health-worth), and cannot roll."""
    state, events, (giant, knight) = at_effect([GIANT, KNIGHT], Icon.ENTANGLE,
                                               "classic_paralyse", 4, F(KNIGHT, "2 Save"))
    if picks(state):
        state, more = run(state, f"pick {giant}")
        events += more
    paralysed = [e for e in state.effects if e.die_id == giant]
    assert paralysed and paralysed[0].creator == 0 and paralysed[0].kind == "webbed"
    assert "paralysed by Entangle" in paralysed[0].text and "Ann's next turn" in paralysed[0].text
    assert not [e for e in state.effects if e.die_id == knight]


@pytest.mark.rule("classic_icon", "Web")
def test_web_paralyses_only_those_that_fail_to_save():
    """Seed 002 Web: unless they immediately roll a save, four health of your choice are
    paralysed until the beginning of your next turn: the Knight saves, the Footmen do not."""
    state, events, (knight, foot1, foot2) = at_effect(
        [KNIGHT, FOOT, FOOT], Icon.WEB, "classic_web", 4,
        F(KNIGHT, "2 Save"), F(FOOT, "1 Melee"), F(FOOT, "1 Melee"), F(KNIGHT, "2 Save"))
    stuck = {e.die_id for e in state.effects if e.kind == "webbed"}
    assert stuck == {foot1, foot2}


@pytest.mark.rule("classic_icon", "Convert")
def test_convert_kills_a_smaller_unit_and_an_undead_returns_from_the_dead():
    """Seed 002 Convert (3 icons): a target of less health than 3 — not the Giant — is killed
    unless it saves, and an undead unit of equal or lesser health (the Knight had 2: the
    Skeleton, 1, may come; the Lich, 3, may not) joins the army from the dead unit area."""
    state = battle([SLAYER], [GIANT, KNIGHT], ann_extra=("Undead/Skeleton", "Undead/Lich"))
    skeleton, lich = [d.id for d in state.dice_in(Zone.from_text("t0"), 0)
                      if d.die.species.value == "Undead"]
    state = moved(state, [skeleton, lich], DUA0)
    giant, knight = ids_at(state, 1)
    state = scripted(state, F(SLAYER, "4 Slay"), F(KNIGHT, "2 Melee"), F(GIANT, "4 ID"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    head = state.tasks[0]
    effect = Effect(head.effect.die_id, Icon.CONVERT, "classic_convert", 3, "Convert (1996)")
    state = advance(replace_head(state, EffectTask(effect, 0, head.zone, head.purpose)), events)
    assert state.zones[knight] == DUA1 and state.zones[giant] == T2
    assert state.zones[skeleton] == T2 and state.zones[lich] == DUA0
    assert any("Convert" in t and "returns from the dead" in t for t in texts(events, "sai"))


@pytest.mark.rule("classic_icon", "Plague")
def test_plague_chains_while_the_bearer_kills():
    """Seed 002 Plague: the target is plagued unless it rolls its ID as a save; its owner
    picks another unit of the army; the bearer makes a melee attack on it and perishes; if
    the attack kills, that unit becomes the next bearer, until a bearer fails to kill.
    Footman A (Melee face: not its ID) is plagued; Bob picks Footman B; A rolls 2 Melee, B
    rolls Melee (no save): 2 >= 1 kills, so B bears the plague; A perishes; Bob picks the
    Knight; B rolls 1 Melee, the Knight saves 2: it survives, B perishes, the plague ends."""
    state, events, (foot_a, foot_b, knight) = at_effect(
        [FOOT, FOOT, KNIGHT], Icon.PLAGUE, "classic_plague", 4, F(FOOT, "1 Melee"))
    state, more = run(state, f"pick {foot_a}")
    events += more
    state = scripted(state, F(FOOT, "2 Melee"), F(FOOT, "1 Melee"), F(FOOT, "1 Melee"),
                     F(KNIGHT, "2 Save"), F(KNIGHT, "2 Save"))
    assert picks(state) == {f"pick {foot_b}", f"pick {knight}"}
    state, more = run(state, f"pick {foot_b}")  # the Knight is then the only unit left to pick
    events += more
    assert state.zones[foot_a] == DUA1 and state.zones[foot_b] == DUA1
    assert state.zones[knight] == T2
    line = next(t for t in texts(events, "sai") if t.startswith("Plague:"))
    assert "becomes the next bearer" in line and line.endswith("survives, the plague ends")


@pytest.mark.rule("classic_icon", "Plague")
def test_plague_stops_at_a_target_that_rolls_its_id():
    """Seed 002 Plague: "unless the target unit rolls its ID face as a save, it becomes
    plagued": a Footman showing its ID is not plagued, and nothing else happens."""
    state, events, (foot_a, foot_b) = at_effect(
        [FOOT, FOOT], Icon.PLAGUE, "classic_plague", 4, F(FOOT, "1 ID"))
    state, more = run(state, f"pick {foot_a}")
    assert state.zones[foot_a] == T2 and state.zones[foot_b] == T2
    assert any("rolls its ID: not plagued" in t for t in texts(events + more, "sai"))


@pytest.mark.rule("classic_icon", "Stun")
def test_stun_holds_the_units_that_fail_to_maneuver_for_the_rest_of_your_turn():
    """Seed 002 Stun: four health worth of opposing units; each may roll a maneuver result to
    avoid the stun; those that do not can make no further rolls for the duration of your
    turn: the Knight maneuvers away, the two Footmen are stunned until Bob's turn begins."""
    state, events, (knight, foot1, foot2) = at_effect(
        [KNIGHT, FOOT, FOOT], Icon.STUN, "classic_stun", 4,
        F(KNIGHT, "3 Maneuver"), F(FOOT, "1 Melee"), F(FOOT, "1 Melee"), F(KNIGHT, "2 Save"))
    stunned = [e for e in state.effects if e.kind == "stunned"]
    assert {e.die_id for e in stunned} == {foot1, foot2}
    assert all(e.creator == 1 and "rest of Ann's turn" in e.text for e in stunned)


@pytest.mark.rule("classic_icon", "Ferry")
def test_ferry_moves_the_monster_and_may_bring_six_sided_units_back():
    """Seed 002 Ferry: immediately move the monster to another terrain, if desired; it may
    stay there or immediately return with four health of six-sided units: the Minor Death
    goes to Ann's Home Terrain and comes back with the Footman there (a six-sided unit).
    "Troops moved into combat through use of this power are immediately rolled and counted
    toward final totals": the Footman rolls '2 Melee' into the attack (0 melee before)."""
    state, events, _ = at_effect([FOOT, FOOT], Icon.FERRY, "classic_ferry", 4)
    mover = state.tasks[0].effect.die_id
    (foot,) = [d.id for d in state.dice_in(Zone(ZoneKind.TERRAIN, 0), 0)]
    assert "choose stay" in {a.to_text() for a in legal_actions(state)}
    state, more = run(state, "choose t0")
    assert state.zones[mover] == Zone(ZoneKind.TERRAIN, 0)
    assert {a.to_text() for a in legal_actions(state)} == {"choose stay", "choose return"}
    state = scripted(state, F(FOOT, "2 Melee"), F(FOOT, "1 Save"), F(FOOT, "1 Melee"))
    state, more = run(state, "choose return")
    if {a.to_text() for a in legal_actions(state)} >= {f"pick {foot}"}:
        state, again = run(state, f"pick {foot}")
        more += again
    assert state.zones[mover] == T2 and state.zones[foot] == T2
    assert not texts(events + more, "unresolved")
    assert state.current_march.result("attack").total(RollType.MELEE) == 2
    assert "Bob takes 1 damage (melee 2 − saves 1)" in texts(events + more, "damage")


@pytest.mark.rule("classic_icon", "Ferry")
def test_ferry_may_stay_put():
    """Seed 002 Ferry: the move is "if desired": staying moves nothing."""
    state, events, _ = at_effect([FOOT, FOOT], Icon.FERRY, "classic_ferry", 4,
                                 F(FOOT, "1 Save"), F(FOOT, "1 Save"))
    mover = state.tasks[0].effect.die_id
    state, more = run(state, "choose stay")
    assert state.zones[mover] == T2


@pytest.mark.rule("classic_icon", "Regenerate")
def test_regenerate_brings_four_health_back_and_rolls_them_into_the_combat():
    """Seed 002 Regenerate: bring back four health of units from your dead to this location;
    "troops brought back from the dead with this power are rolled immediately and counted
    toward final totals in combat" — the Footman in Ann's dead pile joins the attacking army,
    rolls '2 Melee' at once, and the attack's melee goes from 0 to 2."""
    state = battle([SLAYER], [FOOT, FOOT], ann_extra=(FOOT,))
    dead = [d.id for d in state.dice_in(Zone.from_text("t0"), 0)][-1]
    state = moved(state, [dead], DUA0)
    state = scripted(state, F(SLAYER, "4 Slay"), F(FOOT, "2 Melee"), F(FOOT, "1 Save"),
                     F(FOOT, "1 Melee"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    head = state.tasks[0]
    effect = Effect(head.effect.die_id, Icon.REGENERATE, "classic_regenerate", 4, "Regenerate")
    state = advance(replace_head(state, EffectTask(effect, 0, head.zone, head.purpose)), events)
    if f"pick {dead}" in picks(state):
        state, more = run(state, f"pick {dead}")
        events += more
    assert state.zones[dead] == T2
    assert not texts(events, "unresolved")
    assert state.current_march.result("attack").total(RollType.MELEE) == 2
    assert "Bob takes 1 damage (melee 2 − saves 1)" in texts(events, "damage")


@pytest.mark.rule("classic_icon", "Wither")
def test_a_withered_unit_rolls_lower_and_dies_at_zero():
    """Seed 002 Wither (3 icons): the target suffers -1 per icon to all its rolls until the
    beginning of your next turn; an adjusted result of 0 or less kills it. Bob's Knight is
    withered by 3; against Ann's 1 hit, in Bob's save roll it shows 2 Save: 2 - 3 <= 0, so its
    saves do not count (the army saves 1, the Footman's) and it is killed; the Footman is
    untouched."""
    from dragondice_desktop.engine.core.options import GameOptions

    state = battle([SLAYER, FOOT], [KNIGHT, FOOT])
    state = state.with_(options=GameOptions(ruleset="classic"))
    knight, foot = ids_at(state, 1)
    state = scripted(state, F(SLAYER, "4 Slay"), F(FOOT, "1 Melee"), F(KNIGHT, "2 Save"),
                     F(FOOT, "1 Save"))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    head = state.tasks[0]
    effect = Effect(head.effect.die_id, Icon.WITHER, "classic_wither", 3, "Wither (1996)")
    state = advance(replace_head(state, EffectTask(effect, 0, head.zone, head.purpose)), events)
    if picks(state):
        state, more = run(state, f"pick {knight}")
        events += more
    saves = [e.roll for e in events if e.roll is not None and e.roll.context is not None
             and e.roll.context.roll_type.value == "save"]
    assert saves and saves[-1].total(saves[-1].roll_type) == 1
    assert "Wither" in " ".join(saves[-1].modifiers)
    assert state.zones[knight] == DUA1 and state.zones[foot] == T2
