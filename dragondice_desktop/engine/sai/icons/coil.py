"""Coil (seed 000)."""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Icon
from ...core.events import Event
from ...core.state import GameState
from ...rolls.individual_roll import count_unit_roll, unit_roll
from ...rolls.model import ChoicePoint, RollChoice, RollContext, RollType
from ...tasks.effect_steps import ask, Events, finish, resume
from ...tasks.kinds import answer_of, ChooseAsk, EffectTask, picks_of
from ..builders import acting
from ..damage import hit_back, pick_one_defender, unit_takes
from ..records import DragonColumn, SaiRecord


SAVE, MELEE = RollType.SAVE, RollType.MELEE


# The combination roll Coil's effect makes its target roll (seed 000): (effect kind, who rolls,
# the types counted, the owner's default first). Count a roll and the odds read it.
COMBINATION_ROLL = ("coil", "the targeted unit", (RollType.SAVE, RollType.MELEE))


def _run_coil(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Coil: the target takes X damage and makes a combination save and melee roll; its saves
    reduce the damage, its melee results damage the coiling unit with no save (seed 000).
    From rules revision 4 the target's owner chooses, one question at a time, what its ID
    results (split as they like) and an SAI with a sentence for each type (Counter) count as
    (digest §4.5); the default is what earlier revisions counted: saves."""
    x = task.effect.amount
    if task.stage == "count":
        if (waiting := resume(state, task)) is not None:
            return waiting
        die_id, faces, ctx, choices, point = task.data
        choices += (RollChoice(point.die_id, point.icon, str(answer_of(task))),)
        return _coil_count(state, task, die_id, faces, ctx, choices, events)
    if (waiting := pick_one_defender(state, task, f"Coil: target one unit in the defending "
                                                  f"army ({x} damage)", events)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    state, roll = unit_roll(state, die_id, COMBINATION_ROLL[2], events,
                            "Coil: save and melee")
    if state.options.since(4) and roll.result is not None and roll.result.context is not None:
        ctx = replace(roll.result.context, split_ids=True)
        return _coil_count(state, task, die_id, roll.faces, ctx, (), events)
    return _coil_hits(state, task, die_id, roll.total(SAVE), roll.total(MELEE), events)


def _coil_count(state: GameState, task: EffectTask, die_id: int, faces: tuple[int, ...],
                ctx: RollContext, choices: tuple[RollChoice, ...],
                events: Events) -> tuple[GameState, bool]:
    """Count the Coil target's roll with its owner's `choices`; ask the next open one (rules
    revision 4, digest §4.5), or apply the Coil once none is left."""
    die = state.dice[die_id].die
    result = count_unit_roll(die, die_id, faces, ctx, choices)
    if result.open_choices:
        point = result.open_choices[0]
        question = ChooseAsk(state.dice[die_id].owner, coil_prompt(state, die_id, point),
                             point.options, point.default)
        return ask(state, task, question, stage="count",
                   data=(die_id, faces, ctx, choices, point))
    saves, melee = result.total(SAVE), result.total(MELEE)
    if choices:
        events.append(Event("sai", f"Coil: {state.die_label(die_id)}'s roll counts {saves} "
                                   f"save and {melee} melee", player=state.dice[die_id].owner))
    return _coil_hits(state, task, die_id, saves, melee, events)


def coil_prompt(state: GameState, die_id: int, point: ChoicePoint) -> str:
    """The question to a Coil target's owner for one choice of its combination roll: what its
    ID results or an SAI's results count as (rules revision 4, digest §4.5)."""
    label = state.die_label(die_id)
    why = ("saves reduce the Coil's damage; melee results damage the coiling unit, which "
           "cannot save")
    if point.icon is Icon.ID:
        return f"Coil: how do {label}'s ID results count? ({why})"
    return f"Coil: does {label}'s {point.icon.value} count as saves or as melee? ({why})"


def _coil_hits(state: GameState, task: EffectTask, die_id: int, saves: int, melee: int,
               events: Events) -> tuple[GameState, bool]:
    """The Coil target takes X damage less its saves; the coiling unit takes its melee."""
    label = state.die_label(die_id)
    state, words = unit_takes(state, die_id, task.effect.amount, saves, events,
                              "Coil, seed 000")
    state, back_words = hit_back(state, task.effect.die_id, melee, "Coil", events)
    return finish(state, task, f"Coil: {label} {words}; {back_words}", events, (die_id,),
                  ((die_id, words),))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.COIL: SaiRecord(
        applies='Dragon Attack, Melee',
        summary=('One defender takes X damage, saves and strikes back at the coiling unit with '
                 'its melee.'),
        effect=('target one defending unit: it takes X damage and makes a save and melee roll; '
                'its melee results damage the coiling unit with no save'),
        dragon_attack=DragonColumn(((RollType.MELEE, None),)),
        in_roll=acting("coil", RollType.MELEE),
        runners={"coil": _run_coil},
        combination_roll=COMBINATION_ROLL,
    ),
}
