"""The typed accessors the type checker asks for (issue 12): each gives the value a step needs,
and says plainly what is missing instead of failing on None somewhere later."""

from __future__ import annotations

import pytest

from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.engine.tasks.kinds import (
    ChooseAsk, PickAsk, RollTask, RuleTask, answer_of, picks_of, word_answer, zone_answer,
)
from dragondice_desktop.engine.rolls.model import RollContext, RollType

from engine_helpers import started

T1 = Zone(ZoneKind.TERRAIN, 1)


def _choice(answer: object) -> RuleTask:
    return RuleTask("test", 0, T1, ask=ChooseAsk(0, "which?", ("stay", T1), "stay", answer))


def test_no_march_no_dragon_attack_at_the_first_march_step():
    state = started()
    assert state.march is None and state.dragon_attack is None
    with pytest.raises(ValueError, match="no march is in progress"):
        state.current_march
    with pytest.raises(ValueError, match="no dragon attack is in progress"):
        state.current_dragon_attack


def test_picks_are_read_from_a_pick_question_only():
    picked = RuleTask("test", 0, T1, ask=PickAsk(0, "pick", (4, 5), (1, 1), picked=(5,)))
    assert picks_of(picked) == (5,)
    with pytest.raises(ValueError, match="RuleTask has no pick question"):
        picks_of(_choice("stay"))
    with pytest.raises(ValueError, match="no pick question"):
        picks_of(RuleTask("test", 0, T1))


def test_a_choice_is_read_as_the_kind_of_option_it_is():
    assert zone_answer(_choice(T1)) == T1
    assert word_answer(_choice("stay")) == "stay"
    assert answer_of(_choice("stay")) == "stay" and answer_of(_choice(T1)) == T1
    with pytest.raises(ValueError, match="no zone chosen"):
        zone_answer(_choice("stay"))
    with pytest.raises(ValueError, match="no word chosen"):
        word_answer(_choice(T1))
    with pytest.raises(ValueError, match="no option chosen"):
        answer_of(_choice(None))  # asked, not answered yet


def test_a_roll_task_has_no_dice_before_it_rolls():
    task = RollTask("attack", 0, T1, RollContext(RollType.MELEE))
    with pytest.raises(ValueError, match="the attack roll has not been rolled yet"):
        task.rolled
