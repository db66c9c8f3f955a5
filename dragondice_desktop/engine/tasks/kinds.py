"""The things still to resolve in a march, kept in ``GameState.tasks`` in order, and the
questions they ask players.

A roll with SAIs is resolved in steps that may wait for a player: the attacker picks the
targets of Slay, the defender picks the unit Bash hits back, a Vanishing unit's owner picks
where it goes. So the resolution is data: a queue of tasks, the head one in progress, each
task a frozen value that is replaced as it advances (``tasks/runner.py`` runs the queue).

- RollTask: an army roll (steps 1-10 of digest §4.2) with its delayed effects, re-rolls and
  choices.
- EffectTask: one SAI effect of a counted roll applied to the game (targets, individual
  rolls, kills, moves, lasting effects ...).
- RuleTask: a rule's procedure that may ask players outside an SAI: an eighth-face power, a
  step of a dragon attack, summoning a dragon, a spell.
- StepTask: what the march (or the turn) does next once the tasks before it are done.

Questions (``Ask``):
- PickAsk: choose units one at a time (``pick <die id>``, ``done`` when fewer are allowed).
- ChooseAsk: choose one option (``choose <option>``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..units.damage import best_kill_total, reachable_sums
from ..rolls.model import ChoicePoint, Effect, Modifier, RollContext, RollInput
from ..core.state import Zone


@dataclass(frozen=True)
class PickAsk:
    """Pick units one at a time.

    chooser: who picks; candidates: die ids that may be picked; costs: what each candidate
    costs (health-worth by default, given by the asker); budget: the most that may be picked
    in total (None: no limit); max_units: the most units (None: no limit).
    maximize: the picks must reach the largest total the budget allows — an SAI targeting an
    opponent takes the maximum (seed 000 Targeting), so ``done`` is never offered; otherwise
    any amount from 0 up to the maximum (friendly targets, "may").
    default: the pick the automatic player takes (the unit an Elevate doubles best), if any.
    """

    chooser: int
    prompt: str
    candidates: tuple[int, ...]
    costs: tuple[int, ...]
    budget: int | None = None
    max_units: int | None = None
    maximize: bool = False
    picked: tuple[int, ...] = ()
    done: bool = False
    default: int | None = None

    def cost(self, die_id: int) -> int:
        return self.costs[self.candidates.index(die_id)]

    def spent(self) -> int:
        return sum(self.cost(i) for i in self.picked)

    def remaining(self) -> list[int]:
        """Candidates not picked yet."""
        return [i for i in self.candidates if i not in self.picked]

    def legal(self) -> list[int]:
        """Candidates that may be picked next. With `maximize`, a pick is legal only if the
        largest total the budget allows can still be reached after it (like assigning
        damage, digest §4.7)."""
        if self.done or (self.max_units is not None and len(self.picked) >= self.max_units):
            return []
        left = self.remaining()
        room = None if self.budget is None else self.budget - self.spent()
        fits = [i for i in left if room is None or self.cost(i) <= room]
        if not self.maximize or room is None or self.max_units is not None:
            return fits
        costs = [self.cost(i) for i in left]
        target = best_kill_total(costs, room)
        legal = []
        for i in fits:
            others = [self.cost(j) for j in left if j != i]
            need = target - self.cost(i)
            if need >= 0 and need in reachable_sums(others, need):
                legal.append(i)
        return legal

    @property
    def complete(self) -> bool:
        """No more picks are possible or wanted."""
        return not self.legal()

    def pick(self, die_id: int) -> "PickAsk":
        return replace(self, picked=self.picked + (die_id,))

    def forced(self) -> int | None:
        """With `maximize`: the next pick when there is no real choice — a single legal
        candidate, or every remaining candidate fitting the budget together."""
        if not self.maximize:
            return None
        legal = self.legal()
        if len(legal) == 1:
            return legal[0]
        room = None if self.budget is None else self.budget - self.spent()
        if (legal and self.max_units is None and room is not None
                and sum(self.cost(i) for i in self.remaining()) <= room):
            return legal[0]
        return None


@dataclass(frozen=True)
class ChooseAsk:
    """Choose one of `options` (words or Zones); `default` is taken by the automatic player."""

    chooser: int
    prompt: str
    options: tuple[str | Zone, ...]
    default: object
    answer: object = None


Ask = PickAsk | ChooseAsk


@dataclass(frozen=True)
class RollTask:
    """An army roll being resolved.

    purpose: the key of the roll in ``MarchState.results`` (or ``DragonAttackState.results``):
        "maneuver", "counter-maneuver <player>", "attack", "counter-attack", "save",
        "counter-save", "magic", "dragon-attack", or a purpose of a spell's or ability's roll.
    player / zone: the rolling army. ctx: the roll's context (eighth face, save_against ...).
    modifiers: modifiers from the opposing roll (Screech, Wave ...); lasting effects are
        added when the dice are rolled.
    delayed: the attacker's delayed effects (Choke, Confuse, Decapitate, Impale, Hypnotic
        Glare) still to apply at step 2, with their owner.
    exclude: (die id, why) of units that do not roll (charmed units in the save roll,
        Dragonkin that cannot roll in a dragon attack).
    inp: the dice and faces so far (None before step 1).
    stage: "roll" → "delayed" → "vortex" → "flashfire" → "growth" → "rerolls" →
        "choices" → done.
    ask: the question waited on, if any; ask_point: the roll's choice point it answers.
    flashfire: Flashfire re-rolls still open to the roller (None until counted).
    """

    purpose: str
    player: int
    zone: Zone
    ctx: RollContext
    modifiers: tuple[Modifier, ...] = ()
    delayed: tuple[tuple[Effect, int], ...] = ()
    exclude: tuple[tuple[int, str], ...] = ()
    inp: RollInput | None = None
    stage: str = "roll"
    ask: Ask | None = None
    ask_point: ChoicePoint | None = None
    flashfire: int | None = None

    @property
    def rolled(self) -> RollInput:
        """The dice and faces so far. Raises ValueError before step 1 has rolled them."""
        if self.inp is None:
            raise ValueError(f"the {self.purpose} roll has not been rolled yet")
        return self.inp


@dataclass(frozen=True)
class EffectTask:
    """One SAI effect being applied.

    effect: what the roll passed on (its die, icon, kind and amount); owner / zone: whose SAI
    and where that army rolled; purpose: the roll it came from (to record what was done).
    stage / ask / targets / data: its progress; `data` holds what a procedure needs between
    questions (a destination, health-worth killed, the units already promoted ...).
    """

    effect: Effect
    owner: int
    zone: Zone
    purpose: str
    stage: str = "start"
    ask: Ask | None = None
    targets: tuple[int, ...] = ()
    data: tuple[Any, ...] = ()  # the procedure's own values, of its own kinds


@dataclass(frozen=True)
class RuleTask:
    """A rule's procedure being applied (``tasks/runner.RULE_RUNNERS`` runs it by `kind`).

    player / zone: whose rule it is and where (None when it is nowhere in particular);
    stage / ask / data: its progress, like EffectTask; `data` holds what the procedure needs
    between questions (the dragon chosen, the spell announced ...); text: a readable line.
    """

    kind: str
    player: int
    zone: Zone | None = None
    stage: str = "start"
    ask: Ask | None = None
    data: tuple[Any, ...] = ()  # the procedure's own values, of its own kinds
    text: str = ""


@dataclass(frozen=True)
class StepTask:
    """The next step of the march or the turn once the tasks before it are done
    (``tasks/runner.STEP_RUNNERS``)."""

    kind: str


Task = RollTask | EffectTask | RuleTask | StepTask


def picks_of(task: RollTask | EffectTask | RuleTask) -> tuple[int, ...]:
    """The die ids picked in answer to `task`'s pick question (its targets). Raises
    ValueError when the task has no pick question."""
    if not isinstance(task.ask, PickAsk):
        raise ValueError(f"{type(task).__name__} has no pick question (it has {task.ask!r})")
    return task.ask.picked


def zone_answer(task: RollTask | EffectTask | RuleTask) -> Zone:
    """The zone chosen in answer to `task`'s choice question. Raises ValueError when the task
    has no choice question or its answer is not a zone."""
    if not isinstance(task.ask, ChooseAsk) or not isinstance(task.ask.answer, Zone):
        raise ValueError(f"{type(task).__name__} has no zone chosen (it has {task.ask!r})")
    return task.ask.answer


def word_answer(task: RollTask | EffectTask | RuleTask) -> str:
    """The word chosen in answer to `task`'s choice question. Raises ValueError when the task
    has no choice question or its answer is not a word."""
    if not isinstance(task.ask, ChooseAsk) or not isinstance(task.ask.answer, str):
        raise ValueError(f"{type(task).__name__} has no word chosen (it has {task.ask!r})")
    return task.ask.answer


def answer_of(task: RollTask | EffectTask | RuleTask) -> str | Zone:
    """The option chosen in answer to `task`'s choice question (a word or a zone). Raises
    ValueError when the task has no answered choice question."""
    if not isinstance(task.ask, ChooseAsk) or not isinstance(task.ask.answer, (str, Zone)):
        raise ValueError(f"{type(task).__name__} has no option chosen (it has {task.ask!r})")
    return task.ask.answer
