"""SAIs in play that a sampled mutation run (issue 11 section 5) showed no test checking
(seed 000)."""

from __future__ import annotations

from dragondice_desktop.engine.sai.lasting import army_modifiers
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.state import Zone, ZoneKind

from engine_helpers import texts
from test_sai_effects import FOOT, F, melee

T2 = Zone(ZoneKind.TERRAIN, 2)
LURKER = "Lava Elves/Lurker in the Deep"  # face 7: Cloak 4


def test_cloak_in_a_save_roll_gives_the_army_x_saves_until_the_owners_next_turn():
    """Seed 000 Cloak: "During a save roll ... add X non-magical save results to the army
    containing this unit until the beginning of your next turn." Bob's Lurker in the Deep
    rolls Cloak (X = 4) saving against Ann's 4 melee: the 4 saves count now (no damage), and
    Bob's army at the Frontier keeps +4 saves as a lasting effect, logged."""
    state, events = melee([FOOT, FOOT], [LURKER], F(FOOT, "2 Melee"), F(FOOT, "2 Melee"),
                          F(LURKER, "4 Cloak"))
    assert "All saved (melee 4 − saves 4): no damage" in texts(events)
    cloaks = [e for e in state.effects if e.kind == "cloak"]
    assert [(e.player, e.zone, e.amount) for e in cloaks] == [(1, T2, 4)]
    assert any(t.startswith("Lasting effect: Cloak") for t in texts(events, "effect"))
    added = [(m.amount, m.types) for m in army_modifiers(state, T2, 1)]
    assert added == [(4, (RollType.SAVE,))]


def test_a_second_kick_after_the_defending_army_is_gone_targets_nothing():
    """Seed 000 Kick: "target one unit in the defending army" — with no defending army left
    there is nothing to target. Ann's two Centaurs roll Kick (X = 4); the first kills Bob's
    lone Footman (it rolls no save), the second has no target: it is recorded as such, nobody
    is asked anything, and Ann's turn moves on to her second march."""
    from dragondice_desktop.engine.core.state import Phase
    from test_sai_effects import CENTAUR

    state, events = melee([CENTAUR, CENTAUR], [FOOT], F(CENTAUR, "4 Kick"),
                          F(CENTAUR, "4 Kick"), F(FOOT, "1 Melee"))
    lines = texts(events)
    assert "Kick: Bob's Footman takes 4 damage: killed" in lines
    assert lines.index("Kick: no defending army") > lines.index(
        "Kick: Bob's Footman takes 4 damage: killed")
    assert state.phase is Phase.SECOND_MARCH


def test_only_elemental_relics_cancel_another_relics_logo_does_not():
    """Seed 001 Elemental Relic: "Elemental Relics that roll the same element have no effect
    on that roll. Note that the SFR logo matches all elements." The rule is among Elemental
    Relics: Earthfang (a relic without element faces) showing its SFR Logo does not cancel an
    Elemental Relic's Element Air, which keeps its effect."""
    from dragondice_desktop.engine.rolls.pipeline import DieRoll, RollContext, RollInput, count_roll
    from test_pipeline import D, F as PF

    relic, fang = "Items/Elemental Relic", "Items/Earthfang"
    dice = (DieRoll(1, D(relic), (PF(relic, "4 Element Air"),)),
            DieRoll(2, D(fang), (PF(fang, "4 SFR Logo"),)))
    result = count_roll(RollInput(RollContext(RollType.MELEE), dice))
    assert len(result.effects_of("relic")) == 1
