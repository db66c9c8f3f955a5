"""Wild Growth (seed 000)."""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Icon
from ...core.house_rules import PROMOTION_ONE_STEP
from ...core.state import GameState
from ...rolls.model import RollType, SaiOutcome
from ...tasks.effect_steps import ask, Events, finish, resume
from ...tasks.kinds import EffectTask, PickAsk, picks_of
from ...units.fates import promote, promotion_partners
from ..icon_roll import SaiRoll
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Non-maneuver: X saves or promote X health-worth, split as the roller likes (seed 000
    Wild Growth). In a save roll the split is a choice ("k-saves"); elsewhere only promotion
    matters."""
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    if sai.roll_type is not RollType.SAVE:
        return sai.effect("promote", f"Wild Growth: you may promote up to {sai.x} health-worth "
                                     f"of units in this army (seed 000 Wild Growth)")
    options = tuple(f"{k}-saves" for k in range(sai.x, -1, -1))
    point = sai.choice_point(options, options[0], "Wild Growth: how many results are saves "
                                                  "(the rest promote units)")
    chosen = sai.choice()
    saves = int(chosen.split("-")[0]) if chosen in options else sai.x
    out = SaiOutcome(choices=(point,))
    if saves:
        out += sai.generate(RollType.SAVE, f"Wild Growth: {saves} of its {sai.x} as save results "
                                           f"(seed 000 Wild Growth)", amount=saves)
    if saves < sai.x:
        out += sai.effect("promote", f"Wild Growth: you may promote up to {sai.x - saves} "
                                     f"health-worth of units in this army (seed 000)",
                          amount=sai.x - saves)
    return out


def _run_promote(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Wild Growth: promote up to X health-worth of units in this army, all at once; a unit may
    jump several sizes, spending the health difference (digest §4.8, §10 #9) — under the house
    rule PROMOTION_ONE_STEP each unit is promoted one size at most."""
    icon = task.effect.icon
    name = "Elemental Relic" if icon is not Icon.WILD_GROWTH else icon.value
    budget, used = (task.data[0], task.data[1:]) if task.data else (task.effect.amount, ())
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        if picks_of(task):
            unit = picks_of(task)[0]
            partner = promotion_partners(state, unit, used)[0]
            state = promote(state, unit, partner, events, name)
            one_step = state.options.house_rule(PROMOTION_ONE_STEP)
            spent = (unit, partner) if one_step else (unit,)  # `partner`: not promoted again
            return _run_promote(state, replace(task, ask=None, data=(budget - 1,) + used + spent),
                            events)
        return finish(state, task, f"{name}: promotions done", events)
    units = [u for u in state.units_in(task.zone, task.owner)
             if u.id not in used and promotion_partners(state, u.id, used)]
    if budget <= 0 or not units:
        why = "promotions done" if used else "no unit can be promoted"
        return finish(state, task, f"{name}: {why}", events)
    question = PickAsk(task.owner, f"{name}: promote a unit by one size ({budget} health-worth of "
                                   f"promotion left)", tuple(u.id for u in units),
                       tuple(1 for _ in units), budget=1, max_units=1)
    return ask(state, task, question, data=(budget,) + used)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.WILD_GROWTH: SaiRecord(
        applies='Non-Maneuver',
        summary='X saves, or promote X health-worth of units, split as you like.',
        in_roll=_in_roll,
        runners={"promote": _run_promote},
    ),
}
