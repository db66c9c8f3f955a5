"""Charm (seed 000)."""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Icon
from ...core.state import GameState
from ...rolls.individual_roll import unit_roll
from ...rolls.model import Addition, RollResult, RollType
from ...rolls.pipeline import count_roll
from ...tasks.effect_steps import ask, Events, finish, resume, units_pick
from ...tasks.kinds import EffectTask, picks_of
from ..builders import acting
from ..records import SaiRecord
from ..targeting import defending_army


MELEE = RollType.MELEE


def _run_charm(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Charm: the targets do not save this march; their owner rolls them and their melee
    results join the attacking army's results (seed 000 Charm)."""
    if task.stage == "start":
        defending = defending_army(state, task)
        if defending is None:
            return finish(state, task, "Charm: no defending army", events)
        player, zone = defending
        units = state.units_in(zone, player)
        question = units_pick(task.owner, f"Charm: target up to {task.effect.amount} health-worth "
                                          f"of units in the defending army", units,
                              budget=task.effect.amount, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    targets = picks_of(task)
    melee, parts = 0, []
    for die_id in targets:
        state, roll = unit_roll(state, die_id, (MELEE,), events, "charmed: rolls with the "
                                "attacking army", against_individual=False)
        melee += roll.total(MELEE)
        parts.append(f"{state.die_label(die_id)} {roll.total(MELEE)}")
    ex = state.current_march.current_attack
    state = state.with_(march=replace(state.current_march, exchange=replace(
        ex, charmed=ex.charmed + targets)))
    attack = state.current_march.result(task.purpose)
    if attack is not None and attack.source is not None and melee:
        source = attack.source
        added = replace(source, additions=source.additions + (
            Addition(MELEE, melee, f"Charm: charmed units' melee ({', '.join(parts)})"),))
        recounted = _keep_applied(count_roll(added), attack)
        state = state.with_(march=state.current_march.with_result(task.purpose, recounted))
    text = (f"Charm: {', '.join(parts)} charmed — they do not save this march; +{melee} melee "
            f"for the attacking army" if targets else "Charm: no target")
    return finish(state, task, text, events, targets, tuple((i, "charmed") for i in targets))


def _keep_applied(new: RollResult, old: RollResult) -> RollResult:
    """A recounted roll keeps the record of what its effects already did."""
    dice = tuple(replace(d, applied=o.applied) for d, o in zip(new.dice, old.dice))
    return replace(new, dice=dice)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CHARM: SaiRecord(
        applies='Melee',
        summary=('Up to X health-worth of defenders skip their save and roll for the attacker '
                 'instead.'),
        effect=('target up to X health-worth of defending units; they do not save this march and '
                "their melee results are added to the attacking army's"),
        in_roll=acting("charm", RollType.MELEE),
        runners={"charm": _run_charm},
    ),
}
