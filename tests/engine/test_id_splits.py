"""Combination rolls (digest §4.5): "The owner decides which type each ID result becomes, at
step 5. The results of one ID may be split." From rules revision 2 the owner is asked die by
die, with every split offered; games recorded under revision 1 keep the one roll-wide choice.

Position (engine_helpers.battle): Ann charges Bob's Campaign army at the Frontier; Bob's
defenders answer with one save + melee roll (seed 000 Charge). Knight: 2 health (ID = 2).
"""

from __future__ import annotations

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.core.options import GameOptions
from dragondice_desktop.engine.rolls.pipeline import (
    DieRoll, RollContext, RollInput, RollType, count_roll, id_splits,
)
from dragondice_desktop.engine.rolls.model import RollChoice

from engine_helpers import battle, ids_at, run, scripted

CAT = load_catalog()
BEHEMOTH, FIGHTER, KNIGHT = "Dwarves/Behemoth", "Coral Elves/Fighter", "Coral Elves/Knight"
SAV, MEL = RollType.SAVE, RollType.MELEE


def F(key: str, text: str) -> int:
    return [f.to_text() for f in CAT.die(key).faces].index(text)


def _charged(options: GameOptions | None = None):
    """Ann's Behemoth charges; Bob's two Knights both show their ID (2 ID each)."""
    state = battle([BEHEMOTH, FIGHTER], [KNIGHT, KNIGHT])
    if options is not None:
        state = state.with_(options=options)
    state = scripted(state, F(BEHEMOTH, "4 Charge"), F(FIGHTER, "1 Maneuver"),
                     F(KNIGHT, "2 ID"), F(KNIGHT, "2 ID"))
    return run(state, "march t2", "no-maneuver", "action melee")


def test_id_splits_list_every_way_to_count_an_id():
    assert id_splits(1, (SAV, MEL)) == ("save", "melee")
    assert id_splits(2, (SAV, MEL)) == ("save", "melee", "save:1,melee:1")
    assert len(id_splits(4, (MEL, RollType.MISSILE, SAV))) == 15  # C(6, 2) ways


def test_each_id_is_asked_for_and_may_be_split():
    """Bob is asked about each Knight's 2 ID results in turn; he counts the first as 2 saves
    and splits the second 1 save + 1 melee: 3 saves, 1 melee, so Ann's 1 melee (the
    Fighter's maneuver, charged) is saved and Ann takes Bob's 1 melee back."""
    state, _ = _charged()
    knights = ids_at(state, 1)
    assert state.pending.player == 1 and "Knight's 2 ID results" in state.pending.prompt
    assert sorted(a.to_text() for a in legal_actions(state)) == [
        "choose melee", "choose save", "choose save:1,melee:1"]
    state, _ = run(state, "choose save")
    assert "Knight's 2 ID results" in state.pending.prompt
    state, events = run(state, "choose save:1,melee:1")
    answer = next(e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1)
    assert (answer.total(SAV), answer.total(MEL)) == (3, 1)
    assert [(point.die_id, value) for point, value in answer.choices] == [
        (knights[0], "save"), (knights[1], "save:1,melee:1")]
    assert [(d.player, d.amount) for d in state.damage] == [(0, 1)]


def test_rules_revision_1_keeps_one_choice_for_every_id():
    state, _ = _charged(GameOptions(rules=1))
    assert sorted(a.to_text() for a in legal_actions(state)) == ["choose melee", "choose save"]
    state, events = run(state, "choose melee")
    answer = next(e.roll for e in events if e.kind == "roll" and e.roll and e.player == 1)
    assert (answer.total(SAV), answer.total(MEL)) == (0, 4)


def test_a_split_is_counted_die_by_die():
    """Counting alone: a die's own split wins over the roll-wide choice (digest §4.5)."""
    knight = CAT.die(KNIGHT)
    ctx = RollContext(SAV, also=(MEL,), split_ids=True)
    dice = (DieRoll(1, knight, (F(KNIGHT, "2 ID"),)), DieRoll(2, knight, (F(KNIGHT, "2 ID"),)))
    result = count_roll(RollInput(ctx, dice))
    assert [(p.die_id, p.options[-1]) for p in result.open_choices] == [
        (1, "save:1,melee:1"), (2, "save:1,melee:1")]
    chosen = count_roll(RollInput(ctx, dice, choices=(
        RollChoice(-1, Icon.ID, "melee"), RollChoice(2, Icon.ID, "save:1,melee:1"))))
    assert (chosen.total(SAV), chosen.total(MEL)) == (1, 3)
