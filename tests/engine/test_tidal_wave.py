"""Tidal Wave (digest §7; engine/spells/water.py, sai/results.py): "Target any terrain. Each
army at that terrain takes four points of damage, and makes a combination save and maneuver
roll. For this special combination roll, only effects that generate normal save and maneuver
results count. The terrain is reduced one step unless an army generates at least four
maneuver results." (the spell's text; the digest paraphrases it "normal results only").

So ID and action icons count as usual, and an SAI counts only for the save and maneuver
results it generates; nothing else it does happens (a move, a return from the DUA, cantrip
magic, re-rolls). Rulings: resources/rulings.md, Flash Flood / Tidal Wave.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.model import (
    DieRoll, RollChoice, RollContext, RollInput, RollType,
)
from dragondice_desktop.engine.rolls.pipeline import count_roll
from dragondice_desktop.engine.spells.water import TIDAL_WAVE_RESULTS
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import die_ids, position, run, scripted, texts, turn

CAT = load_catalog()
SAV, MAN = RollType.SAVE, RollType.MANEUVER
TIDAL = RollContext(SAV, also=(MAN,), normal_results_only=TIDAL_WAVE_RESULTS,
                    cantrip_spells=True)
ORDINARY = RollContext(SAV, also=(MAN,), cantrip_spells=True)
FOOT, GHOST, ORACLE, TROLL = ("Dwarves/Footman", "Undead/Ghost", "Amazons/Oracle",
                              "Goblins/Troll")
INFERNO, DRAGONNE = "Scalders/Inferno", "Scalders/Dragonne Knight"


def F(key: str, text: str) -> int:
    """The index of the face printed `text` on die `key`."""
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def shown(ctx, *dice):
    """Count one army roll: (key, face text) for each die."""
    return count_roll(RollInput(ctx, tuple(DieRoll(i + 1, CAT.die(key), (F(key, face),))
                                           for i, (key, face) in enumerate(dice))))


def test_id_and_action_icons_count_as_usual():
    """Normal results: a Footman's 1 Save and 1 ID (its health, counted as a save by
    default, digest §4.5) and the Inferno's 2 Maneuver."""
    result = shown(TIDAL, (FOOT, "1 Save"), (FOOT, "1 ID"), (INFERNO, "2 Maneuver"))
    assert (result.total(SAV), result.total(MAN)) == (2, 2)
    assert not any(d.ignored for d in result.dice)


def test_an_sai_counts_only_for_the_saves_it_generates():
    """Seed 000 Vanish (Ghost, 3 Vanish): X = 3 saves count; its move does not happen (in an
    ordinary save roll the unit may move, an effect passed on to the game)."""
    ordinary = shown(ORDINARY, (GHOST, "3 Vanish"))
    assert ordinary.total(SAV) == 3 and ordinary.dice[0].effects
    tidal = shown(TIDAL, (GHOST, "3 Vanish"))
    assert tidal.total(SAV) == 3 and not tidal.dice[0].effects
    assert any("Tidal Wave" in r for r in tidal.dice[0].ignored)


@pytest.mark.rule("sai", "Cantrip")
def test_cantrip_magic_does_not_count():
    """Seed 000 Cantrip gives 3 magic for Cantrip spells in other non-maneuver rolls (Oracle,
    3 Cantrip); magic is not a save or maneuver result, so in Tidal Wave's roll it gives
    nothing."""
    assert shown(ORDINARY, (ORACLE, "3 Cantrip")).cantrip_magic == 3
    tidal = shown(TIDAL, (ORACLE, "3 Cantrip"))
    assert tidal.cantrip_magic == 0 and not tidal.unresolved
    assert (tidal.total(SAV), tidal.total(MAN)) == (0, 0)


@pytest.mark.rule("sai", "Regenerate")
def test_regenerate_offers_only_its_saves():
    """Seed 000 Regenerate (Troll, X = 4): X saves, or return up to X health-worth from the
    DUA. Only the saves are an effect that generates save results, so the choice is gone."""
    ordinary = shown(ORDINARY, (TROLL, "4 Regenerate"))
    assert [p.options for p in ordinary.dice[0].face_outcomes[0].choices] == [("saves",
                                                                             "return")]
    tidal = shown(TIDAL, (TROLL, "4 Regenerate"))
    assert tidal.total(SAV) == 4 and not tidal.dice[0].effects
    assert not tidal.open_choices and not tidal.dice[0].face_outcomes[0].choices


@pytest.mark.rule("sai", "Fly")
def test_fly_gives_saves_or_maneuver_results():
    """Seed 000 Fly: X maneuver or X save results, both counted types: the roller still picks
    (digest §4.5); 4 maneuver would hold the terrain (the spell: "at least four")."""
    as_saves = shown(TIDAL, (DRAGONNE, "4 Fly"))
    assert as_saves.total(SAV) == 4
    (point,) = as_saves.dice[0].face_outcomes[0].choices
    assert set(point.options) == {"save", "maneuver"}


@pytest.mark.rule("spell", "Tidal Wave")
def test_tidal_wave_in_play():
    """Ann's Inferno (6 Magic) casts Tidal Wave (Scalders, water, 5) on the Frontier. Each
    army there takes 4 damage less its saves. Bob: Ghost 3 Vanish (3 saves, no move), Oracle
    3 Cantrip (nothing: no Cantrip spells offered), Footman 1 Save: 4 saves, no damage. Ann:
    Inferno 2 Maneuver, no saves: 4 damage."""
    state = position(ann={"campaign": (INFERNO,)}, bob={"campaign": (GHOST, ORACLE, FOOT)},
                     faces=(3, 3, 1))
    ghost = die_ids(state, GHOST, player=1)[0]
    state, _ = turn(state, 0)
    state, _ = run(scripted(state, F(INFERNO, "6 Magic")), "march t2", "no-maneuver",
                   "action magic")
    state = scripted(state, F(INFERNO, "2 Maneuver"), F(GHOST, "3 Vanish"),
                     F(ORACLE, "3 Cantrip"), F(FOOT, "1 Save"))
    state, events = run(state, "cast tidal-wave water t2", "done")
    rolls = {e.player: e.roll for e in events if e.kind == "roll" and e.roll}
    assert (rolls[1].total(SAV), rolls[1].total(MAN)) == (4, 0)
    assert (rolls[0].total(SAV), rolls[0].total(MAN)) == (0, 2)
    assert "Ann takes 4 damage (Tidal Wave: 4 − saves 0)" in texts(events)
    assert not [t for t in texts(events) if "Bob takes" in t]
    assert state.step is Step.DAMAGE and state.pending.player == 0
    assert state.zones[ghost] == Zone(ZoneKind.TERRAIN, 2)  # Vanish moved nothing
    state, events = run(state, f"kill {die_ids(state, INFERNO, player=0)[0]}")
    assert state.step not in (Step.CAST, Step.SAI_CHOOSE, Step.SAI_PICK)
    assert not [a for a in legal_actions(state) if a.to_text().startswith("cast")]


def test_a_choice_that_would_give_nothing_is_not_taken():
    """A roll counted with Regenerate's "return" chosen (the resolve command takes any
    choice) still counts its saves in Tidal Wave's roll: the return is not an effect that
    generates save results."""
    troll = CAT.die(TROLL)
    chosen = RollChoice(1, Icon.REGENERATE, "return")
    result = count_roll(RollInput(TIDAL, (DieRoll(1, troll, (F(TROLL, "4 Regenerate"),)),),
                                  choices=(chosen,)))
    assert result.total(SAV) == 4 and not result.dice[0].effects


def test_rules_revision_1_counts_tidal_waves_roll_like_any_other():
    """A game recorded under rules revision 1 replays as it was played: the Tidal Wave roll
    is an ordinary roll, so the Ghost's Vanish asks whether it moves (core/options.py)."""
    from dragondice_desktop.engine.core.options import GameOptions

    state = position(ann={"campaign": (INFERNO,)}, bob={"campaign": (GHOST, ORACLE, FOOT)},
                     faces=(3, 3, 1))
    state, _ = turn(state.with_(options=GameOptions(rules=1)), 0)
    state, _ = run(scripted(state, F(INFERNO, "6 Magic")), "march t2", "no-maneuver",
                   "action magic")
    state = scripted(state, F(INFERNO, "2 Maneuver"), F(GHOST, "3 Vanish"),
                     F(ORACLE, "3 Cantrip"), F(FOOT, "1 Save"))
    state, events = run(state, "cast tidal-wave water t2", "done")
    assert not any("only effects that generate normal" in e.roll.explain()
                   for e in events if e.kind == "roll" and e.roll)
