"""The Elemental Relic's element faces (seed 001): Air, Death, Earth, Fire and Water, one file
for the five because the rules text gives them one sentence, each face naming the element it
acts on. Their records and everything they do — the re-roll made inside the roll, and the
recruiting and promoting left for the game. The relic's SFR logo (any element or ivory) uses
the same code (``logo.py``).

Relics that roll the same element in one roll cancel each other (``rolls/pipeline.py``).
"""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Die, Icon
from ...core.house_rules import PROMOTION_ONE_STEP
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import SaiOutcome
from ...tasks.effect_steps import ask, Events, finish, resume, units_pick
from ...tasks.kinds import ChooseAsk, EffectTask
from ...tasks.queue_ops import stored_result
from ...units.fates import promote, promotion_partners, return_from_dua
from ..icon_roll import relic_element, SaiRoll
from ..records import SaiRecord


def elemental_relic(sai: SaiRoll) -> SaiOutcome:
    """Elemental Relic (seed 001): in a non-maneuver roll, X health-worth of units containing
    the element shown (the logo: any element or ivory) may be re-rolled once, ignoring the
    earlier result, or X small matching units recruited, or X health-worth of matching units
    promoted — split as the roller likes. The re-roll happens inside the roll: its choice
    value is the health-worth re-rolled; the rest of X goes on to the game ("relic")."""
    if sai.ctx.is_maneuver_roll:
        return sai.not_applicable()
    element = relic_element(sai.icon)
    what = element.value if element else "any element or ivory"
    chosen = sai.choice()
    spent = min(sai.x, int(chosen)) if chosen is not None and chosen.isdigit() else 0
    point = sai.choice_point((str(sai.x),), "0", f"Elemental Relic: re-roll up to {sai.x} "
                                                 f"health-worth of units containing {what}",
                             kind="reroll")
    out = SaiOutcome(choices=(point,))
    if spent:
        out += sai.ignored(f"Elemental Relic: {spent} of its {sai.x} used to re-roll units "
                           f"(seed 001)")
    if spent < sai.x:
        out += sai.effect("relic", f"Elemental Relic: recruit small units or promote units "
                                   f"containing {what}, up to {sai.x - spent} health-worth "
                                   f"(seed 001)", amount=sai.x - spent)
    return out


def run_relic(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Elemental Relic, what is left of X after re-rolling: recruit small (1 health) units
    containing the element from the DUA, or promote units containing it, split as you like;
    all at once (seed 001). Each recruit or promotion step spends one health-worth; a unit may
    be promoted again (digest §10 #9), except under the house rule PROMOTION_ONE_STEP: then no
    unit the relic recruited or promoted is promoted by it."""
    player, zone = task.owner, task.zone
    relic = task.effect.die_id
    if state.zones[relic] != zone or not state.has_army(zone, player):
        return finish(state, task, "Elemental Relic: the relic's army is gone", events)
    element = relic_element(state.dice[relic].die.faces[_relic_face(state, task)].icons[0][0])
    budget, used = (task.data[0], task.data[1:]) if task.data else (task.effect.amount, ())

    def matches(die: Die) -> bool:
        return element is None or element in die.elements

    dua = Zone(ZoneKind.DUA, player)
    recruits = [u for u in state.units_in(dua, player) if u.die.health == 1
                and matches(u.die) and u.id not in used]
    one_step = state.options.house_rule(PROMOTION_ONE_STEP)
    promotable = [u for u in state.units_in(zone, player) if matches(u.die)
                  and not (one_step and u.id in used)
                  and promotion_partners(state, u.id, used)]
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        question = task.ask
        if isinstance(question, ChooseAsk):
            if question.answer == "done":
                return finish(state, task, "Elemental Relic: done", events)
            units = recruits if question.answer == "recruit" else promotable
            pick = units_pick(player, f"Elemental Relic: which unit to {question.answer}", units,
                              max_units=1, maximize=True)
            return ask(state, task, pick, stage=question.answer)
        die_id = question.picked[0]
        if task.stage == "recruit":
            state = return_from_dua(state, die_id, zone, events, "Elemental Relic: recruited")
            used += (die_id,)
        else:
            partner = promotion_partners(state, die_id, used)[0]
            state = promote(state, die_id, partner, events, "Elemental Relic")
            used += (die_id, partner)
        return run_relic(state, replace(task, ask=None, stage="mode", data=(budget - 1,) + used),
                         events)
    options = tuple(o for o, ok in (("recruit", recruits), ("promote", promotable)) if ok)
    if budget <= 0 or not options:
        why = "done" if used else "no matching unit to recruit or promote"
        return finish(state, task, f"Elemental Relic: {why}", events)
    question = ChooseAsk(player, f"Elemental Relic: recruit a small matching unit or promote a "
                                 f"matching unit ({budget} health-worth left)?",
                         options + ("done",), "done")
    return ask(state, task, question, stage="mode", data=(budget,) + used)


def _relic_face(state: GameState, task: EffectTask) -> int:
    """The face the relic showed last in the roll its effect comes from."""
    result = stored_result(state, task.purpose)
    outcome = result.outcome(task.effect.die_id) if result else None
    return outcome.faces[-1] if outcome else 0


RECORDS: dict[Icon, SaiRecord] = {
    Icon.ELEMENT_AIR: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks air units of the army to re-roll, recruit or promote (X '
                 'health-worth).'),
        in_roll=elemental_relic,
        runners={"relic": run_relic},
    ),
    Icon.ELEMENT_DEATH: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks death units of the army to re-roll, recruit or promote '
                 '(X health-worth).'),
        in_roll=elemental_relic,
        runners={"relic": run_relic},
    ),
    Icon.ELEMENT_EARTH: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks earth units of the army to re-roll, recruit or promote '
                 '(X health-worth).'),
        in_roll=elemental_relic,
        runners={"relic": run_relic},
    ),
    Icon.ELEMENT_FIRE: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks fire units of the army to re-roll, recruit or promote (X'
                 ' health-worth).'),
        in_roll=elemental_relic,
        runners={"relic": run_relic},
    ),
    Icon.ELEMENT_WATER: SaiRecord(
        applies='Non-Maneuver',
        summary=('Elemental Relic: picks water units of the army to re-roll, recruit or promote '
                 '(X health-worth).'),
        in_roll=elemental_relic,
        runners={"relic": run_relic},
    ),
}
