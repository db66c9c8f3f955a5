"""Running the task queue: damage to assign first, then the head task (a roll, an SAI effect,
a rule's procedure or the next step of the march or turn), until a player must decide or the
queue is empty. In a manual-dice game each stage of the head task runs in a throwing session
(``rolls/throwing.py``): a die it throws without a face makes the queue wait at that stage, a
chance request the players answer; the stage then runs again with the face.

Decisions while it runs:
- Step.DAMAGE — ``kill <die id>``: one casualty at a time (digest §4.7, ``units/damage.py``); from
  rules revision 3 each ``kill`` adds a unit to the set of casualties, removed together once
  the set is complete;
- Step.SAI_PICK — ``pick <die id>`` / ``done``: units for an SAI (targets, returns ...);
- Step.SAI_CHOOSE — ``choose <option>``: an SAI choice (saves or return, a destination ...);
- Step.CAST — ``cast <spell> <element> <target>`` / ``done``: announcing spells, then
  resolving them (``spells/casting.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...catalog.model import Species
from ..core.actions import Action, Verb, act
from ..rolls.army_roll import run_roll
from ..units.damage import best_kill_total, legal_casualties
from ..core.events import Event
from ..dragons.attack_phase import RULE_RUNNERS as DRAGON_ATTACK_RUNNERS
from ..terrains.eighth_faces import RULE_RUNNERS as EIGHTH_FACE_RUNNERS
from ..turn.march_rolls import MARCH_STEPS
from ..turn.march_rolls import RULE_RUNNERS as MARCH_RUNNERS
from ..turn.phases import TURN_STEPS
from ..units.fates import RULE_RUNNERS as BURIAL_RUNNERS
from ..units.fates import bury, kill, move_unit, queue_fate_choices, settle_after
from ..turn.flow import wait
from ..rolls.individual_roll import unit_roll
from ..rolls.model import RollType
from ..sai.effects import run_effect
from ..classic.effect_runners import runner_for
from ..terrains.minor_march import RULE_RUNNERS as MINOR_RUNNERS
from ..species.phase import RULE_RUNNERS as SPECIES_RUNNERS
from ..spells import RULE_RUNNERS as SPELL_RUNNERS
from ..spells import apply_cast, legal_casts
from ..sai.lasting import has_effect, untouchable
from ..core.state import DamageDue, GameDie, GameState, Step, Zone, ZoneKind
from .queue_ops import head, replace_head
from ..rolls.throwing import close_session, open_session
from .kinds import ChooseAsk, EffectTask, PickAsk, RollTask, RuleTask, StepTask

Events = list[Event]

# StepTask kinds -> (state, events) -> (state, waiting); RuleTask kinds -> (state, task,
# events) -> (state, waiting). Each module registers its own.
STEP_RUNNERS = {**MARCH_STEPS, **TURN_STEPS}
RULE_RUNNERS = {**MARCH_RUNNERS, **MINOR_RUNNERS, **EIGHTH_FACE_RUNNERS,
                **DRAGON_ATTACK_RUNNERS, **SPECIES_RUNNERS, **SPELL_RUNNERS, **BURIAL_RUNNERS}


def _run_step(state: GameState, task: StepTask, events: Events) -> tuple[GameState, bool]:
    return STEP_RUNNERS[task.kind](state, events)


def _run_rule(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    return RULE_RUNNERS[task.kind](state, task, events)


def advance(state: GameState, events: Events) -> GameState:
    """Resolve as much as possible without a player's decision."""
    while state.winner is None:
        state = queue_fate_choices(state)  # owners' choices (Stepped Damage, burials) first
        if state.damage and not _burying(state):
            # removing the casualties may roll (a Firebreath or Soiled Ground save): a step
            # that waits for its faces and resumes here, as a task's stage does
            state, waiting = _in_session(_next_damage, state, events)
        elif state.tasks:
            state, waiting = _in_session(_run_head, state, events)
        else:
            return state
        if waiting:
            return state
    return state


def _in_session(step: Callable[[GameState, Events], tuple[GameState, bool]],
                state: GameState, events: Events) -> tuple[GameState, bool]:
    """Run one `step` of the queue (the head task's stage, or the casualties of the first
    damage due): in a manual-dice game inside a session, so that a die it throws without a
    face leaves a chance request and the step runs again from here once the face is given
    (``rolls/throwing.py``), never the action that led to it."""
    if not state.options.manual_dice:
        return step(state, events)
    before, mark = state, len(events)
    state, waiting = step(open_session(state), events)
    return close_session(before, mark, state, waiting, events)


def _run_head(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Run the head task one stage on: (state, waiting for a player)."""
    task = head(state)
    if isinstance(task, RollTask):
        return run_roll(state, task, events)
    if isinstance(task, EffectTask):
        classic = runner_for(task.effect.kind)  # a 1996-only effect (issue 18)
        return (classic or run_effect)(state, task, events)
    if isinstance(task, RuleTask):
        return _run_rule(state, task, events)
    return _run_step(state, task, events)


def _burying(state: GameState) -> bool:
    """True while the owner of an army with excess items chooses which to bury."""
    return bool(state.tasks) and isinstance(state.tasks[0], RuleTask) \
        and state.tasks[0].kind == "bury_items"


def _standing(state: GameState, due: DamageDue) -> list[GameDie]:
    """The units of the damaged army not yet chosen as casualties (never a unit nothing may
    touch: ``sai.lasting.untouchable``)."""
    hidden = untouchable(state) if state.effects else frozenset()
    return [u for u in state.units_in(due.zone, due.player)
            if u.id not in due.marked and u.id not in hidden]


def _next_damage(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Ask for the next casualty of the first damage due; once the casualties are all chosen
    remove them together (rules revision 3) and drop the damage."""
    due = state.damage[0]
    if due.marked and not state.options.since(3):
        # rules revisions 1-2: the casualty just chosen (``kill``) is removed at once, here
        # (a Firebreath or Soiled Ground save it makes waits for its face and resumes here)
        state = state.with_(damage=(replace(due, marked=()),) + state.damage[1:])
        return _casualty(state, due.marked[0], events), False
    healths = [u.die.health for u in _standing(state, due)]
    remaining = due.amount - due.killed
    if best_kill_total(healths, remaining) > 0:
        if due.killed == 0:
            events.append(Event("damage", f"{state.players[due.player].name} takes "
                                          f"{due.amount} damage ({due.reason})",
                                player=due.player))
        prompt = f"Assign {remaining} damage: move units to your DUA"
        if due.marked:
            prompt += " (chosen: " + ", ".join(state.dice[i].die.name for i in due.marked) + ")"
        return wait(state, due.player, Step.DAMAGE, prompt), True
    if due.marked:
        state = _remove_together(state, events)
    elif due.amount and due.killed == 0:
        events.append(Event("damage", f"{due.amount} damage ({due.reason}) kills nothing",
                            player=due.player))
    return state.with_(damage=state.damage[1:]), False


def _choose_casualty(state: GameState, die_id: int) -> GameState:
    """Rules revision 3 (digest §4.7): the owner chooses the whole set of casualties before
    any is removed. `die_id` joins the set; when the rest of the army fits in what is left of
    the damage, no choice is left and the rest joins it too (one click kills all)."""
    due = state.damage[0]
    marked = due.marked + (die_id,)
    killed = due.killed + state.dice[die_id].die.health
    rest = [u for u in _standing(state, due) if u.id not in marked]
    if sum(u.die.health for u in rest) <= due.amount - killed:
        marked += tuple(u.id for u in rest)
        killed += sum(u.die.health for u in rest)
    return state.with_(damage=(replace(due, marked=marked, killed=killed),) + state.damage[1:])


def _remove_together(state: GameState, events: Events) -> GameState:
    """Remove the chosen casualties of the first damage due all at once (rules revision 3):
    each unit's fate in a fixed order — largest first, then by die number — that does not
    depend on the order they were chosen in; what looks at the army afterwards (Dragonkin
    left alone, items without a carrier, the victory check) runs once, after all of them."""
    due = state.damage[0]
    order = sorted(due.marked, key=lambda i: (-state.dice[i].die.health, i))
    names = ", ".join(state.die_label(i) for i in order)
    events.append(Event("damage", f"{state.players[due.player].name} removes {names} "
                                  f"({due.reason})", player=due.player))
    for die_id in order:
        state = _unit_fate(state, due, die_id, events, settle=False, together=due.marked)
    return settle_after(state, due.zone, due.player, events)


def _casualty(state: GameState, die_id: int, events: Events) -> GameState:
    """One unit killed by damage (digest §4.7), removed at once (rules revisions 1-2)."""
    due = state.damage[0]
    health = state.dice[die_id].die.health
    state = state.with_(damage=(replace(due, killed=due.killed + health),) + state.damage[1:])
    return _unit_fate(state, due, die_id, events)


def _unit_fate(state: GameState, due: DamageDue, die_id: int, events: Events,
               settle: bool = True, together: tuple[int, ...] = ()) -> GameState:
    """What damage `due` does to a unit it kills: Firebreath's save or be buried, Sneak
    Attack's burial of Dragonkin (seed 000); under Open Grave, a unit killed after its army's
    save roll goes to the Reserve Area instead (digest §7). `settle` / `together`: see
    ``fates.kill``."""
    if due.after_save and has_effect(state, due.zone, "open_grave", due.player):
        return move_unit(state, die_id, Zone(ZoneKind.RESERVE, due.player), events,
                         "goes to the Reserve Area instead of the DUA (Open Grave)",
                         settle=settle)
    state = kill(state, die_id, events, due.reason, settle=settle, together=together)
    if due.on_kill == "save_or_bury" and state.zones[die_id].kind is ZoneKind.DUA:
        state, roll = unit_roll(state, die_id, (RollType.SAVE,), events,
                                "Firebreath: save or be buried", in_dua=True)
        if roll.total(RollType.SAVE) < 1:
            state = bury(state, die_id, events, "Firebreath, seed 000")
    if (due.on_kill == "bury_dragonkin" and state.dice[die_id].die.species is Species.DRAGONKIN
            and state.zones[die_id].kind is ZoneKind.SUMMONING):
        state = bury(state, die_id, events, "Sneak Attack: Dragonkin killed are buried")
    return state


def legal_task_actions(state: GameState) -> list[Action]:
    """The choices open while the queue waits: casualties, unit picks or an SAI choice."""
    if state.step is Step.DAMAGE and state.damage:
        due = state.damage[0]
        units = _standing(state, due)
        return [act(Verb.KILL, units[i].id)
                for i in legal_casualties([u.die.health for u in units], due.amount, due.killed)]
    if not state.tasks:
        return []
    if state.step is Step.CAST:
        return legal_casts(state)
    waiting = head(state)
    assert not isinstance(waiting, StepTask)  # a step task is run, never waited on
    ask = waiting.ask
    if state.step is Step.SAI_PICK and isinstance(ask, PickAsk):
        picks = [act(Verb.PICK, i) for i in ask.legal()]
        return picks + ([] if ask.maximize else [act(Verb.DONE)])
    if state.step is Step.SAI_CHOOSE and isinstance(ask, ChooseAsk):
        return [act(Verb.CHOOSE, option) for option in ask.options]
    return []


def apply_task_action(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a casualty, pick, done, choice or spell announcement (already checked legal),
    then carry on."""
    if action.verb is Verb.KILL:
        if state.options.since(3):
            state = _choose_casualty(state, action.args[0])
        else:  # removed by the queue's damage step (``_next_damage``), which may roll
            due = state.damage[0]
            state = state.with_(damage=(replace(due, marked=(action.args[0],)),)
                                + state.damage[1:])
        return advance(state, events)
    if action.verb is Verb.CAST or state.step is Step.CAST:
        return advance(apply_cast(state, action, events), events)
    task = head(state)
    assert not isinstance(task, StepTask)  # a pick, done or choice answers a task's question
    ask = task.ask
    if action.verb is Verb.PICK:
        assert isinstance(ask, PickAsk)  # legal only while a pick is asked
        ask = ask.pick(action.args[0])
    elif action.verb is Verb.DONE:
        assert isinstance(ask, PickAsk)
        ask = replace(ask, done=True)
    else:
        assert isinstance(ask, ChooseAsk)  # the one question left: a choice
        ask = replace(ask, answer=action.args[0])
    return advance(replace_head(state, replace(task, ask=ask)), events)
