"""Recruit or promote, the owner's optional choice (digest §4.8) that the City's eighth face
(digest §8) and the Feral's Feralization (digest §6) offer an army: recruit a small unit from
the DUA to the army, or promote one of its units, or neither. One procedure for both; each
rule gives its words (``RecruitWords``) and which units it may recruit or promote.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.state import GameDie, GameState
from ..tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ..tasks.kinds import Ask, ChooseAsk, RuleTask, picks_of, word_answer
from .fates import promote, promotion_partners, return_from_dua


@dataclass(frozen=True)
class RecruitWords:
    """What a recruit-or-promote rule says: its `name` ("City", "Feralization": the unit's
    pick and the "not used" line), the choice offered (`offer`), the line when there is
    nothing to recruit or promote (`nothing`; "" for none), why a unit returns from the DUA
    (`recruited`) and why one is promoted (`promoted`), and whether the rule's closing line
    names the unit (`reports`)."""

    name: str
    offer: str
    recruited: str
    promoted: str
    nothing: str = ""
    reports: bool = False


def recruit_or_promote(state: GameState, task: RuleTask, events: Events, words: RecruitWords,
                       recruits: Sequence[GameDie],
                       promotable: Sequence[GameDie]) -> tuple[GameState, bool]:
    """The RuleTask `task` (stages "start", "mode", then "recruit" or "promote") of
    `task.player`'s army at `task.zone`: choose to recruit one of `recruits` (small units in
    the DUA) or promote one of `promotable` (units of the army with a promotion partner), or
    neither; then which unit (digest §4.8). Returns (state, waiting) as a rule runner."""
    player, zone = task.player, task.zone
    assert zone is not None  # the task names the army's terrain
    if task.stage == "start":
        options = tuple(o for o, ok in (("promote", promotable), ("recruit", recruits)) if ok)
        if not options:
            return finish_rule(state, task, words.nothing, events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, words.offer, options + ("none",), options[0])
        return ask(state, task, question, stage="mode")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "mode":
        mode = word_answer(task)
        if mode == "none":
            return finish_rule(state, task, f"{words.name}: not used", events)
        units = recruits if mode == "recruit" else promotable
        question = units_pick(player, f"{words.name}: which unit to {mode}", units,
                              max_units=1, maximize=True)
        return ask(state, task, question, stage=mode)
    unit = picks_of(task)[0]
    if task.stage == "recruit":
        state = return_from_dua(state, unit, zone, events, words.recruited)
    else:
        state = promote(state, unit, promotion_partners(state, unit)[0], events, words.promoted)
    done = "recruited" if task.stage == "recruit" else "promoted"
    return finish_rule(state, task, f"{words.name}: {state.die_label(unit)} {done}"
                       if words.reports else "", events)
