"""Casting spells (digest §5.3): after a magic roll the caster announces every spell and its
target, all at once (``cast <spell> <element> <target>`` one at a time, then ``done``);
units with Dispel Magic that are targeted (or whose army or terrain is) may roll to negate
those spells; then the spells resolve one by one, in the order announced.

- A casting is paid with magic of one element (``pool.py``); species spells need magic of
  their species; a Reserve army casts only spells marked R (digest §3.5); cantrip-only magic,
  made in other non-maneuver army rolls, buys only spells marked C and those spells resolve at
  once, before the roll's other effects (digest §5.3); made in a unit's individual roll (seed
  000 Cantrip: "other non-maneuver rolls"), the unit's army casts them once the effect that
  made the unit roll is resolved (a ``cantrip`` task queued by ``rolls/individual_roll.unit_roll``).
- Castings of a cumulative spell on the same target with the same element are combined into
  one stronger spell (digest §5.3); a spell without a cumulative number may not be announced
  twice on one target.
- A target that is gone when its spell resolves is not re-targeted: the spell does nothing.
- Unused magic is lost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...catalog.model import Icon, Species
from ..core.actions import Action, ActionArg, Verb, act
from ..tasks.effect_steps import Events, ask, finish_rule, resume
from ..core.events import Event
from ..turn.flow import wait
from ..rolls.individual_roll import face_roll
from ..sai.lasting import cannot_roll
from ..rolls.model import RollResult
from ..core.state import GameState, Step, Zone, ZoneKind
from ..tasks.queue_ops import head, pop_head, replace_head
from ..tasks.kinds import ChooseAsk, EffectTask, RuleTask, Task, answer_of
from .book import SpellDef, by_slug, spell_book, spell_named
from .pool import (
    MIXED, Demand, MagicSource, cantrip_sources, describe, magic_sources, payable,
)
from .species_magic import opposed, opposing_rolls, own_magic
from .targets import legal_targets, spell_elements


@dataclass(frozen=True)
class Announced:
    """One casting announced: the spell's name, the element paying it, the target's action
    arguments (see ``book.py``)."""

    spell: str
    element: str
    target: tuple[Any, ...] = ()  # action arguments, as legal_targets gives them

    def demand(self) -> Demand:
        info = spell_named(self.spell).info
        return Demand(info.cost, self.element, info.species)


@dataclass(frozen=True)
class Casting:
    """A casting in progress: the magic available, the species of the casting army (item
    magic pays their spells), whether it is cast from reserves or with cantrip-only magic,
    the spells announced so far and those Dispel Magic negated (indexes)."""

    sources: tuple[MagicSource, ...]
    present: frozenset[Species | None]
    in_reserve: bool = False
    cantrip_only: bool = False
    # cantrip-only magic of a 1996 game buys any spell, not only those marked C (seed 002
    # Cantrip: "can be used to purchase immediate spells")
    any_spell: bool = False
    announced: tuple[Announced, ...] = ()
    negated: tuple[int, ...] = ()

    def demands(self) -> list[Demand]:
        return [a.demand() for a in self.announced]


def _casting_army_species(state: GameState, zone: Zone, player: int) -> frozenset[Species | None]:
    return frozenset(u.die.species for u in state.units_in(zone, player))


def magic_action_tasks(state: GameState, player: int, zone: Zone, result: RollResult,
                       events: Events) -> list[Task]:
    """The casting that follows a magic action's roll, with Bone Magic added and the
    opponents' Magic Negation rolls first (none without magic)."""
    sources = magic_sources(state, result, zone, player) + own_magic(state, result, player,
                                                                     events)
    if state.options.classic:  # the 1996 terrain bonus (``classic.magic``)
        from ..classic.magic import terrain_bonus

        sources = terrain_bonus(state, sources, zone, player, events)
    if not sources:
        events.append(Event("message", "No magic results: no spell can be cast", player=player))
        return []
    casting = Casting(sources, _casting_army_species(state, zone, player),
                      in_reserve=zone.kind is ZoneKind.RESERVE)
    negations = opposing_rolls(state, zone, player)
    stage = "negate" if negations else "announce"
    black: list[Task] = []
    if state.options.classic:  # the 1996 black magic doubled by burial (``classic.magic``)
        from ..classic.magic import black_magic_tasks

        black = list(black_magic_tasks(state, player, zone, sources))
    return [*negations, *black, RuleTask("casting", player, zone, stage=stage,
                                         data=(casting,))]


def cantrip_tasks(state: GameState, player: int, zone: Zone, result: RollResult) -> list[Task]:
    """A casting of Cantrip spells with the cantrip-only magic of a non-magic army roll."""
    sources = cantrip_sources(state, result.dice, zone, player)
    if not sources:
        return []
    casting = Casting(sources, _casting_army_species(state, zone, player), cantrip_only=True,
                      in_reserve=zone.kind is ZoneKind.RESERVE,
                      any_spell=state.options.classic)
    return [RuleTask("casting", player, zone, stage="announce", data=(casting,))]


def _individual_cantrip(state: GameState, task: RuleTask,
                        events: Events) -> tuple[GameState, bool]:
    """The cantrip-only magic of a unit's individual roll (seed 000 Cantrip, digest §5.3):
    its owner casts Cantrip spells with the army the unit rolled in — at a terrain or in
    reserves (R spells only) — paid with the unit's elements and species (``cantrip_sources``),
    even when the roll cost the unit its place in the army (rulings)."""
    assert task.zone is not None  # the army the unit rolled in
    events.append(Event("message", f"Cantrip: {task.text}, cast by "
                                   f"{state.players[task.player].name}'s army at "
                                   f"{state.zone_name(task.zone)} (seed 000 Cantrip)",
                        player=task.player))
    return pop_head(state, cantrip_tasks(state, task.player, task.zone, task.data[0])), False


# --- announcing ---------------------------------------------------------------------------------


def _castable(state: GameState, spell: SpellDef, casting: Casting) -> bool:
    info = spell.info
    if casting.in_reserve and state.options.classic:
        # the 1996 Reserve Area casts any spell whose targets are all its own (``classic.spells``)
        from ..classic.spells import reserve_may_cast

        if not reserve_may_cast(spell):
            return False
        return not (casting.cantrip_only and not info.cantrip and not casting.any_spell)
    return not ((casting.in_reserve and not info.reserve)
                or (casting.cantrip_only and not info.cantrip and not casting.any_spell))


def legal_casts(state: GameState) -> list[Action]:
    """``cast <spell> <element> <target>`` for every spell the remaining magic can pay and
    every legal target, and ``done`` (no more spells: resolve them)."""
    task = _casting_head(state)
    assert task.zone is not None  # the casting army's zone
    casting: Casting = task.data[0]
    demands = casting.demands()
    actions = []
    can_pay: dict[tuple[int, str, Species | None], bool] = {}  # spells of one cost, element and species pay alike
    # Spells naming the same kind of target share their targets.
    targets: dict[tuple[str, bool], list[tuple[ActionArg, ...]]] = {}
    bounds: dict[tuple[str, Species | None], list[int]] = {}
    book = spell_book(state)
    for name in sorted(book):
        spell = book[name]
        if not _castable(state, spell, casting):
            continue
        info = spell.info
        for element in spell_elements(spell):
            key = (info.cost, element, info.species)
            if key not in can_pay:
                can_pay[key] = _pays_cost(casting, demands, info.cost, element, info.species,
                                          bounds)
            if not can_pay[key]:
                continue
            for target in legal_targets(state, spell, task.player, task.zone, element, targets):
                if not spell.cumulative and any(a.spell == name and a.target == target
                                                for a in casting.announced):
                    continue
                actions.append(act(Verb.CAST, spell.slug, element, *target))
    takeback = [act(Verb.UNCAST, n) for n in range(1, len(casting.announced) + 1)]
    return actions + takeback + [act(Verb.DONE)]


def _pays_cost(casting: Casting, demands: list[Demand], cost: int, element: str,
               species: Species | None, bounds: dict[tuple[str, Species | None], list[int]]
               ) -> bool:
    """Whether the magic left pays one more casting of `cost` with `element` (for `species`'
    spells), on top of `demands`. `bounds` keeps, per element and species, the dearest cost
    found payable and the cheapest found not: a dearer casting is never easier to pay, so
    costs beyond them are answered without working the payment out again."""
    known = bounds.setdefault((element, species), [0, 10**9])
    if cost <= known[0]:
        return True
    if cost >= known[1]:
        return False
    pays = payable(casting.sources, demands + [Demand(cost, element, species)], casting.present)
    if pays:
        known[0] = cost
    else:
        known[1] = cost
    return pays


@dataclass(frozen=True)
class SpellChoice:
    """One spell of the book as the casting now offers it: the spell's record, the ``cast``
    actions open (every element and target the magic left pays for and the rules allow) and,
    when there are none, why not in a player's words."""

    spell: SpellDef
    actions: tuple[Action, ...]
    reason: str = ""


@dataclass(frozen=True)
class MagicLeft:
    """The magic of a casting: `total` made, `spent` by the spells announced so far, and
    `by_element`: element -> the most one more casting paid with that element could cost
    (a two-element unit's magic counts for both of its elements, so these may add up to more
    than what is left)."""

    total: int
    spent: int
    by_element: tuple[tuple[str, int], ...]

    @property
    def left(self) -> int:
        """Magic not yet spent."""
        return self.total - self.spent


def _casting_head(state: GameState) -> RuleTask:
    """The casting task in progress (the head of the queue). Raises ValueError when the task
    in progress is not a casting."""
    task = head(state)
    if not isinstance(task, RuleTask):
        raise ValueError(f"the task in progress is not a casting: {task!r}")
    return task


def current_casting(state: GameState) -> Casting | None:
    """The casting waiting for announcements, or None when no spell is being announced."""
    if state.step is not Step.CAST or not state.tasks:
        return None
    task = head(state)
    data = task.data if isinstance(task, (EffectTask, RuleTask)) else ()
    return data[0] if data and isinstance(data[0], Casting) else None


def magic_left(state: GameState) -> MagicLeft | None:
    """What the magic of the casting waiting for announcements can still pay, or None."""
    casting = current_casting(state)
    if casting is None:
        return None
    demands = casting.demands()
    total = sum(s.amount for s in casting.sources)
    spent = sum(d.cost for d in demands)
    names = sorted({e for s in casting.sources for e in s.elements})
    by_element = []
    for element in names:
        most = next((n for n in range(total - spent, 0, -1)
                     if payable(casting.sources, demands + [Demand(n, element, None)],
                                casting.present)), 0)
        if most:
            by_element.append((element, most))
    return MagicLeft(total, spent, tuple(by_element))


def _why_not(state: GameState, spell: SpellDef, casting: Casting, player: int,
             zone: Zone) -> str:
    """Why no ``cast`` of `spell` is open now, in a player's words (the first reason that
    applies: the Reserve or Cantrip mark, the magic, the species, the target)."""
    info = spell.info
    if casting.in_reserve and state.options.classic:
        from ..classic.spells import reserve_may_cast

        if not reserve_may_cast(spell):
            return "a Reserve army casts only spells on its own armies and units"
    elif casting.in_reserve and not info.reserve:
        return "a Reserve army casts only spells marked R"
    if casting.cantrip_only and not info.cantrip and not casting.any_spell:
        return "this magic buys only Cantrip spells"
    demands = casting.demands()
    elements = spell_elements(spell)
    if not any(payable(casting.sources, demands + [Demand(info.cost, e, None)],
                       casting.present) for e in elements):
        kind = "" if len(elements) > 1 or elements[0] == MIXED else f" {elements[0]}"
        return f"needs {info.cost}{kind} magic"
    if not any(payable(casting.sources, demands + [Demand(info.cost, e, info.species)],
                       casting.present) for e in elements):
        assert info.species is not None  # magic of any species paid it above
        return f"needs magic made by {info.species.value} units"
    if spell.condition is not None:
        for element in elements:
            why = spell.condition(state, player, zone, element)
            if why:
                return why
    if any(legal_targets(state, spell, player, zone, e) for e in elements):
        return "already announced on every target it may take"
    return "no target it may take"


def spell_choices(state: GameState) -> tuple[SpellChoice, ...]:
    """Every spell of the book for the casting waiting for announcements, in the book's
    order, with its open ``cast`` actions (those of ``legal_casts``) or why it has none.
    Empty when no spell is being announced."""
    casting = current_casting(state)
    if casting is None:
        return ()
    task = _casting_head(state)
    assert task.zone is not None  # the casting army's zone
    open_casts: dict[str, list[Action]] = {}
    for action in legal_casts(state):
        if action.verb is Verb.CAST:
            open_casts.setdefault(action.args[0], []).append(action)
    choices = []
    book = spell_book(state)
    for name in sorted(book):
        spell = book[name]
        actions = tuple(open_casts.get(spell.slug, ()))
        reason = "" if actions else _why_not(state, spell, casting, task.player, task.zone)
        choices.append(SpellChoice(spell, actions, reason))
    return tuple(choices)


def announced_spells(state: GameState) -> tuple[Announced, ...]:
    """The spells announced so far in the casting waiting for announcements, in the order
    they will resolve (digest §5.3; castings of one cumulative spell on one target and with
    one element combine into one stronger spell, resolved where the first was announced)."""
    casting = current_casting(state)
    return casting.announced if casting is not None else ()


@dataclass(frozen=True)
class CastingView:
    """Everything a player reads while announcing spells: the spells with their open castings
    or why not (``spell_choices``), the magic left, the spells announced in resolution order,
    whether the casting army is in reserve (R spells only) and whether the magic buys only
    Cantrip spells (or, in a 1996 game, any spell at once: `any_spell`)."""

    choices: tuple[SpellChoice, ...]
    magic: MagicLeft
    announced: tuple[Announced, ...]
    in_reserve: bool
    cantrip_only: bool
    any_spell: bool = False  # the cantrip-only magic buys any spell (a 1996 game)


def casting_view(state: GameState) -> CastingView | None:
    """The casting waiting for announcements, as a player reads it; None when no spell is
    being announced."""
    casting = current_casting(state)
    if casting is None:
        return None
    left = magic_left(state)
    assert left is not None  # a casting is waiting
    return CastingView(spell_choices(state), left, casting.announced,
                       casting.in_reserve, casting.cantrip_only, casting.any_spell)


def target_text(state: GameState, target: tuple[Any, ...]) -> str:
    """A target's words: an army, a unit or dragon, a terrain, a DUA; "" for none."""
    if not target:
        return ""
    if len(target) == 2:
        zone, player = target
        return f"{state.players[player].name}'s {state.army_name(zone, player)} at " \
               f"{state.zone_name(zone)}"
    if isinstance(target[0], Zone):
        return state.zone_name(target[0])
    return state.die_label(target[0])


def apply_cast(state: GameState, action: Action, events: Events) -> GameState:
    """Announce one more spell, or end the announcements."""
    task = _casting_head(state)
    casting: Casting = task.data[0]
    if action.verb is Verb.DONE:
        return replace_head(state, replace(task, stage="dispel", data=(casting, None)))
    if action.verb is Verb.UNCAST:
        # Announcing is one act (digest §5.3: every spell and its target at once), so a spell
        # announced can be taken back until "done" resolves them.
        index = action.args[0] - 1
        gone = casting.announced[index]
        on = target_text(state, gone.target)
        events.append(Event("message", f"{state.players[task.player].name} takes back "
                                       f"{gone.spell} ({gone.element})"
                                       + (f" on {on}" if on else ""), player=task.player))
        casting = replace(casting, announced=casting.announced[:index]
                          + casting.announced[index + 1:])
        return replace_head(state, replace(task, data=(casting,)))
    spell = by_slug(action.args[0])
    announced = Announced(spell.name, action.args[1], tuple(action.args[2:]))
    on = target_text(state, announced.target)
    events.append(Event("message", f"{state.players[task.player].name} announces {spell.name} "
                                   f"({announced.element})" + (f" on {on}" if on else ""),
                        player=task.player))
    casting = replace(casting, announced=casting.announced + (announced,))
    return replace_head(state, replace(task, data=(casting,)))


# --- Dispel Magic ---------------------------------------------------------------------------------


def _covers(announced: Announced, unit: int, state: GameState) -> bool:
    """The spell targets the unit, its army or its terrain (seed 000 Dispel Magic)."""
    zone, owner = state.zones[unit], state.dice[unit].owner
    target = announced.target
    return (target == (unit,) or target == (zone, owner)
            or (len(target) == 1 and target[0] == zone and zone.kind is ZoneKind.TERRAIN))


def _dispellers(state: GameState, casting: Casting) -> tuple[int, ...]:
    """Units with Dispel Magic that an unnegated spell targets (or their army or terrain)."""
    units = []
    for die, zone in zip(state.dice, state.zones):
        if (die.die.kind.is_unit and zone.kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE)
                and any(icon is Icon.DISPEL_MAGIC for f in die.die.faces for icon, _ in f.icons)
                and not cannot_roll(state, die.id)
                and any(_covers(a, die.id, state) for i, a in enumerate(casting.announced)
                        if i not in casting.negated)):
            units.append(die.id)
    return tuple(units)


def _dispel(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Each targeted unit with Dispel Magic may roll; on its Dispel Magic icon every
    unresolved spell on it, its army or its terrain is negated (seed 000)."""
    casting, left = task.data
    if left is None:
        left = _dispellers(state, casting)
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        unit, left = left[0], left[1:]
        if answer_of(task) == "roll":
            state, hit = face_roll(state, unit, Icon.DISPEL_MAGIC, events, "Dispel Magic")
            if hit:
                gone = tuple(i for i, a in enumerate(casting.announced)
                             if i not in casting.negated and _covers(a, unit, state))
                casting = replace(casting, negated=casting.negated + gone)
                names = ", ".join(casting.announced[i].spell for i in gone)
                events.append(Event("sai", f"Dispel Magic: {names} negated",
                                    player=state.dice[unit].owner))
        task = replace(task, ask=None)
    left = tuple(u for u in left if any(_covers(a, u, state) for i, a in
                                        enumerate(casting.announced) if i not in casting.negated))
    if left:
        unit = left[0]
        question = ChooseAsk(state.dice[unit].owner, f"Dispel Magic: roll "
                                                     f"{state.die_label(unit)} to negate the "
                                                     f"spells on it, its army or its terrain?",
                             ("roll", "no"), "roll")
        return ask(state, replace(task, data=(casting, left)), question)
    return replace_head(state, replace(task, stage="resolve", data=(casting,), ask=None)), False


# --- resolving --------------------------------------------------------------------------------


def _resolve(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Queue the announced spells, cumulative castings on one target combined."""
    casting: Casting = task.data[0]
    groups: dict[Announced, int] = {}
    for i, a in enumerate(casting.announced):
        if i not in casting.negated:
            groups[a] = groups.get(a, 0) + 1
    if not casting.announced:
        events.append(Event("message", "No spell announced: the magic is lost",
                            player=task.player))
    tasks: list[Task] = [RuleTask("spell", task.player, task.zone, data=(a, times, i))
                         for i, (a, times) in enumerate(groups.items())]
    if state.options.classic and task.zone is not None:  # 1996 Backlash (``classic.spells``)
        from ..classic.spells import backlash_tasks

        spent = sum(d.cost for d in casting.demands())
        tasks += backlash_tasks(state, task.player, task.zone, spent, events)
    return pop_head(state, tasks), False


def _casting(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    assert task.zone is not None  # the casting army's zone
    if task.stage == "negate":
        casting: Casting = task.data[0]
        sources = opposed(state, task.zone, task.player, casting.sources, events)
        if not sources:
            return finish_rule(state, task, "Magic Negation took all the magic: no spell can "
                                            "be cast", events)
        task = replace(task, stage="announce", data=(replace(casting, sources=sources),))
        state = replace_head(state, task)
    if task.stage == "announce":
        casting = task.data[0]
        spent = sum(d.cost for d in casting.demands())
        total = sum(source.amount for source in casting.sources)
        what = "Cantrip spells" if casting.cantrip_only else "spells"
        where = ((" (Reserve army: spells on your own armies and units only)"
                  if state.options.classic else " (Reserve army: R spells only)")
                 if casting.in_reserve else "")
        count = len(casting.announced)
        spells = f"{count} spell{'' if count == 1 else 's'} announced"
        prompt = (f"Announce {what}{where}: {describe(casting.sources)}; magic left "
                  f"{total - spent} of {total}, {spells}; \"done\" resolves them")
        return wait(state, task.player, Step.CAST, prompt), True
    if task.stage == "dispel":
        return _dispel(state, task, events)
    return _resolve(state, task, events)


def _spell(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Resolve one announced spell (its handler in the element modules)."""
    announced = task.data[0]
    if task.stage == "start":
        on = target_text(state, announced.target)
        times = f" ×{task.data[1]}" if task.data[1] > 1 else ""
        events.append(Event("message", f"{announced.spell}{times} resolves"
                                       + (f" on {on}" if on else ""), player=task.player))
        task = replace(task, stage="resolve")
        state = replace_head(state, task)
    return spell_named(announced.spell).resolve(state, task, events)


def done(state: GameState, task: RuleTask, text: str, events: Events) -> tuple[GameState, bool]:
    """A spell has resolved."""
    return finish_rule(state, task, text, events, "sai")


RULE_RUNNERS = {"casting": _casting, "spell": _spell, "cantrip": _individual_cantrip}
