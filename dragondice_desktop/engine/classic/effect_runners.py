"""Applying the 1996-only effects in play (seed 002): each runner takes an ``EffectTask``
whose kind is one of ``classic/effects.py CLASSIC_EFFECT_KINDS`` and applies it — the roller
picks the targets (a ``PickAsk``), the targets roll alone, units are killed, buried, moved or
paralysed. Same signature as the v4.01 runners (``sai/effects.py``): (state, task, events)
-> (state, waiting for a player). They register themselves in ``classic.effects.RUNNERS``,
which the task runner asks first (``tasks/runner.py``).

- "classic_convert" (Convert): one defending unit of less health than the Convert icons;
  unless it saves it is killed, and an Undead unit of equal or lesser health comes from the
  converting player's dead pile into the converting army (the roller picks it);
- "classic_kill_health" (Firebreath): two health-worth of defending units, the roller's
  choice, are killed with no save;
- "classic_flame" (Flame): one defending unit of two health or less is killed and buried,
  with no save;
- "classic_seize" (Seize): four health-worth of defending units each roll a save: those that
  fail are killed, those that save go to their owner's Reserve Area;
- "classic_plague" (Plague): the target becomes a plague bearer unless it rolls its ID; its
  owner picks another unit of the army, which the bearer attacks in melee (that unit saves
  against it) before it perishes; a unit the attack kills becomes the next bearer, until a
  bearer fails to kill;
- "classic_stun" (Stun): four health-worth of defending units each roll a maneuver; those
  that fail are stunned (no rolls) for the rest of the roller's turn;
- "classic_ferry" (Ferry): the monster may move to another terrain, then stay there or
  return at once with up to four health of six-sided units (units brought into a combat are
  rolled at once into the roll under way);
- "classic_regenerate" (Regenerate's return): the v4.01 return from the dead; units brought
  back during a combat are rolled at once into the roll under way;
- "classic_wither" (Wither): one defending unit takes -1 per icon on all its rolls until the
  beginning of the roller's next turn (a lasting effect that ``withered_roll`` applies to
  every roll the unit makes; 0 or less kills it);
- "classic_paralyse" (Entangle) and "classic_web" (Web, after a failed save): four
  health-worth of defending units cannot roll until the beginning of the roller's next turn
  (the app's "webbed" lasting effect, which also keeps them from leaving the terrain).

- "classic_bullseye" (Bullseye): one picked unit takes 1 damage per icon, saves alone, and is
  killed when the damage left reaches its health; "classic_unit_damage_no_save" (Swoop, on
  no die of the catalog): one picked unit takes four damage with no save;
- "classic_summon_dragon" (Summon Dragon): the dragon of the roller's choice, from any dead
  pile, comes to the die's terrain; "classic_galeforce" (Galeforce): the target army ignores
  its Fly results until the end of the roller's next turn (``galeforce_lasts``,
  ``contexts.fly_ignored``);
- "classic_elevate" (Elevate): one unit's missile results are added to the attack's melee;
  "classic_illusion" (Illusion): four health-worth are attacked by the rest of their army in
  a separate roll once the round of melee is over (``illusion_rolls``, called by
  ``turn.march_rolls.round_over``);
- after each army roll is counted (``classic_counted``): withered units roll lower and Wave
  makes its own roll against an opposing save or maneuver roll (``wave_rolls``).

Targeting an opponent takes the most it can (seed 000 Targeting, kept for the 1996 game:
the rulings say so).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...catalog.model import DieKind, Icon, Species
from ..core.events import Event
from ..core.state import GameState, LastingEffect, Zone, ZoneKind
from ..rolls.individual_roll import id_roll, unit_roll
from ..rolls.model import Effect, Modifier, ModOp, RollResult, RollType
from ..rolls.pipeline import count_roll
from ..sai.lasting import HIDDEN, KIND_SUMMARIES, add, cannot_leave
from ..sai.targeting import defending_army
from ..tasks.effect_steps import Events, Runner, ask, finish, resume, units_pick
from ..tasks.kinds import Ask, ChooseAsk, EffectTask, PickAsk, answer_of, picks_of
from ..units.fates import kill, move_unit
from . import contexts, effects

SAVE, MELEE, MANEUVER = RollType.SAVE, RollType.MELEE, RollType.MANEUVER
# The lasting effect on a withered unit (seed 002 Wither), read by ``withered_roll``.
WITHERED = "classic_withered"


def _pick(state: GameState, task: EffectTask, prompt: str, budget: int | None = None,
          one: bool = False, most_health: int | None = None,
          leaving: bool = False) -> tuple[GameState, bool] | None:
    """Ask the roller for targets in the defending army (None once they are picked):
    `budget` health-worth, or `one` unit; `most_health`: only units of at most that health;
    `leaving`: only units able to leave the terrain."""
    name = task.effect.icon.value
    if task.stage == "start":
        defending = defending_army(state, task)
        if defending is None:
            return finish(state, task, f"{name}: no defending army to target", [])
        player, zone = defending
        units = [u for u in state.units_in(zone, player)
                 if (most_health is None or u.die.health <= most_health)
                 and not (leaving and cannot_leave(state, u.id))]
        if not units:
            return finish(state, task, f"{name}: no unit it can target", [])
        question = units_pick(task.owner, prompt, units, budget=None if one else budget,
                              max_units=1 if one else None, maximize=True)
        return ask(state, task, question, stage="pick")
    if task.stage == "pick":
        return resume(state, task)
    return None


def _finish(state: GameState, task: EffectTask, fates: list[tuple[int, str, str]],
            events: Events, name: str = "") -> tuple[GameState, bool]:
    name = name or task.effect.icon.value
    text = f"{name}: " + ("; ".join(f"{label} {words}" for _, label, words in fates)
                          or "no target")
    return finish(state, task, text, events, tuple(i for i, _, _ in fates),
                  tuple((i, w) for i, _, w in fates))


def _kill_health(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Firebreath (seed 002): kills two health-worth of enemy units; they cannot save."""
    x = task.effect.amount
    if (waiting := _pick(state, task, f"Firebreath: pick {x} health-worth of defending units "
                                      f"to kill (no save)", budget=x)) is not None:
        return waiting
    fates = []
    for die_id in picks_of(task):
        label = state.die_label(die_id)
        state = kill(state, die_id, events, "Firebreath, no save")
        fates.append((die_id, label, "killed"))
        if state.winner is not None:
            break
    return _finish(state, task, fates, events)


def _flame(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Flame (seed 002): kill and bury one unit of two health or less, with no save."""
    limit = task.effect.amount
    if (waiting := _pick(state, task, f"Flame: pick one defending unit of {limit} health or "
                                      f"less to kill and bury (no save)", one=True,
                         most_health=limit)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state = kill(state, die_id, events, "Flame, no save", and_bury=True)
    return _finish(state, task, [(die_id, label, "killed and buried")], events)


def _seize(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Seize (seed 002): four health-worth of units each save or die; those that save go to
    their owner's reserves."""
    x = task.effect.amount
    if (waiting := _pick(state, task, f"Seize: pick {x} health-worth of defending units: each "
                                      f"saves or is killed; those that save go to their "
                                      f"Reserve Area", budget=x)) is not None:
        return waiting
    fates = []
    for die_id in picks_of(task):
        label = state.die_label(die_id)
        state, roll = unit_roll(state, die_id, (SAVE,), events, "Seize: save or be killed")
        if roll.total(SAVE) >= 1:
            blocked = cannot_leave(state, die_id)
            if blocked:
                fates.append((die_id, label, f"saves and stays ({blocked})"))
                continue
            owner = state.dice[die_id].owner
            state = move_unit(state, die_id, Zone(ZoneKind.RESERVE, owner), events)
            fates.append((die_id, label, "saves: moved to its Reserve Area"))
        else:
            state = kill(state, die_id, events, "Seize")
            fates.append((die_id, label, "killed"))
        if state.winner is not None:
            break
    return _finish(state, task, fates, events)


def _paralysed(state: GameState, task: EffectTask, die_id: int, events: Events) -> GameState:
    name = task.effect.icon.value
    text = (f"{state.die_label(die_id)} is paralysed by {name} (no rolls) until the beginning "
            f"of {state.players[task.owner].name}'s next turn")
    return add(state, LastingEffect(task.owner, task.effect.icon, "webbed", text,
                                    die_id=die_id, source_die=task.effect.die_id), events)


def _paralyse(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Entangle (seed 002): four health of your choice in the opposing army are paralysed
    until the beginning of your next turn. Web: the same, unless each saves at once."""
    x, web = task.effect.amount, task.effect.kind == "classic_web"
    tail = ": each saves or is paralysed" if web else " to paralyse"
    if (waiting := _pick(state, task, f"{task.effect.icon.value}: pick {x} health-worth of "
                                      f"defending units{tail}", budget=x)) is not None:
        return waiting
    fates = []
    for die_id in picks_of(task):
        label = state.die_label(die_id)
        if web:
            state, roll = unit_roll(state, die_id, (SAVE,), events, "Web: save or be paralysed")
            if roll.total(SAVE) >= 1:
                fates.append((die_id, label, "saves"))
                continue
        state = _paralysed(state, task, die_id, events)
        fates.append((die_id, label, "paralysed"))
    return _finish(state, task, fates, events)


def _convert(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Convert (seed 002): a unit of less health than the Convert icons is killed unless it
    saves; then an Undead unit of equal or lesser health joins the converting army from the
    converting player's dead pile (the roller picks it)."""
    x = task.effect.amount
    if task.stage in ("start", "pick"):
        if (waiting := _pick(state, task, f"Convert: pick one defending unit of less than {x} "
                                          f"health", one=True, most_health=x - 1)) is not None:
            return waiting
        die_id = picks_of(task)[0]
        label, health = state.die_label(die_id), state.dice[die_id].die.health
        state, roll = unit_roll(state, die_id, (SAVE,), events, "Convert: save or be killed")
        if roll.total(SAVE) >= 1:
            return _finish(state, task, [(die_id, label, "saves")], events)
        state = kill(state, die_id, events, "Convert")
        fates = [(die_id, label, "killed")]
        dead = [u for u in state.units_in(Zone(ZoneKind.DUA, task.owner), task.owner)
                if u.die.species is Species.UNDEAD and u.die.health <= health]
        if not dead:
            fates = [(die_id, label, "killed; no Undead unit of that health is in your dead "
                                     "pile to join the army")]
        if not dead or state.winner is not None or not state.has_army(task.zone, task.owner):
            return _finish(state, task, fates, events)
        question = units_pick(task.owner, f"Convert: pick the Undead unit of {health} health "
                                          f"or less that joins your army from your dead pile",
                              dead, max_units=1, maximize=True)
        task = EffectTask(task.effect, task.owner, task.zone, task.purpose, stage="return",
                          targets=(die_id,), data=(label,))
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    back = picks_of(task)[0]
    back_label = state.die_label(back)
    state = move_unit(state, back, task.zone, events, "joins the army (Convert)")
    fates = [(task.targets[0], str(task.data[0]), "killed"), (back, back_label,
                                                              "returns from the dead")]
    return _finish(state, task, fates, events)


def _plague(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Plague (seed 002): the target becomes a plague bearer unless it rolls its ID; its
    owner picks another unit of the army; the bearer makes a melee attack on it (the unit
    attacked saves against it) and then perishes; a unit the attack would kill becomes the
    next bearer instead of dying at once, until a bearer fails to kill."""
    if task.stage in ("start", "pick"):
        if (waiting := _pick(state, task, "Plague: pick one defending unit to become a plague "
                                          "bearer unless it rolls its ID", one=True)) is not None:
            return waiting
        bearer = picks_of(task)[0]
        label = state.die_label(bearer)
        state, roll = id_roll(state, bearer, events, "Plague: its ID or be plagued")
        if roll.rolled_id:
            return _finish(state, task, [(bearer, label, "rolls its ID: not plagued")], events)
        return _next_victim(state, task, bearer, [(bearer, label, "plagued")], events)
    if (waiting := resume(state, task)) is not None:
        return waiting
    bearer, fates = int(task.data[0]), list(task.data[1])
    victim = picks_of(task)[0]
    label, health = state.die_label(victim), state.dice[victim].die.health
    state, hit = unit_roll(state, bearer, (MELEE,), events, "Plague: the bearer attacks")
    state, saved = unit_roll(state, victim, (SAVE,), events, "Plague: save against the bearer")
    damage = max(0, hit.total(MELEE) - saved.total(SAVE))
    state = kill(state, bearer, events, "Plague: the bearer perishes")
    fates.append((bearer, state.die_label(bearer), "perishes"))
    if damage < health or state.winner is not None:
        fates.append((victim, label, f"takes {damage} damage: survives, the plague ends"))
        return _finish(state, task, fates, events)
    fates.append((victim, label, f"takes {damage} damage: becomes the next bearer"))
    return _next_victim(state, task, victim, fates, events)


def _next_victim(state: GameState, task: EffectTask, bearer: int,
                 fates: list[tuple[int, str, str]], events: Events) -> tuple[GameState, bool]:
    """The bearer's owner picks the next unit of its army for the bearer to attack; with none
    left the bearer perishes and the plague ends."""
    player, zone = state.dice[bearer].owner, state.zones[bearer]
    others = [u for u in state.units_in(zone, player) if u.id != bearer]
    if not others:
        label = state.die_label(bearer)
        state = kill(state, bearer, events, "Plague: the bearer perishes")
        return _finish(state, task, fates + [(bearer, label, "perishes: no unit left to "
                                                              "attack")], events)
    question = units_pick(player, f"Plague: pick another unit of your army for "
                                  f"{state.die_label(bearer)}, the plague bearer, to attack",
                          others, max_units=1, maximize=True)
    task = EffectTask(task.effect, task.owner, task.zone, task.purpose, stage="chain",
                      data=(bearer, tuple(fates)))
    return ask(state, task, question)


def _stun(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Stun (seed 002): four health-worth of opposing units, the roller's choice, each roll
    for a maneuver; those that fail make no further rolls for the duration of the roller's
    turn — the app's "stunned" effect, ending when the next player's turn begins."""
    x = task.effect.amount
    if (waiting := _pick(state, task, f"Stun: pick {x} health-worth of defending units: each "
                                      f"maneuvers or is stunned for the rest of your turn",
                         budget=x)) is not None:
        return waiting
    from ..turn.start import next_player  # the turn imports the task runner, which imports this

    fates = []
    ends = next_player(state)
    for die_id in picks_of(task):
        label = state.die_label(die_id)
        state, roll = unit_roll(state, die_id, (MANEUVER,), events, "Stun: maneuver or be "
                                                                    "stunned")
        if roll.total(MANEUVER) >= 1:
            fates.append((die_id, label, "avoids the stun"))
            continue
        text = (f"{label} is stunned by Stun (no rolls) for the rest of "
                f"{state.players[task.owner].name}'s turn")
        state = add(state, LastingEffect(ends, Icon.STUN, "stunned", text, die_id=die_id,
                                         source_die=task.effect.die_id), events)
        fates.append((die_id, label, "stunned"))
    return _finish(state, task, fates, events)


def _ferry(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Ferry (seed 002): the monster may move at once to another terrain; there it may stay,
    or return at once with up to four health of six-sided units. "Troops moved into combat
    through use of this power are immediately rolled and counted toward final totals": the
    units it brings into a combat are rolled into the roll under way (``_rolled_in``)."""
    mover, x = task.effect.die_id, task.effect.amount
    name = state.die_label(mover)
    if task.stage == "start":
        if state.zones[mover] != task.zone or cannot_leave(state, mover):
            return finish(state, task, f"Ferry: {name} cannot move", events)
        zones = tuple(Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))
                      if Zone(ZoneKind.TERRAIN, i) != task.zone)
        question: Ask = ChooseAsk(task.owner, f"Ferry: move {name} to another terrain?",
                                  ("stay",) + zones, "stay")
        return ask(state, task, question, stage="where")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "where":
        to = answer_of(task)
        if not isinstance(to, Zone):
            return finish(state, task, f"Ferry: {name} stays", events)
        state = move_unit(state, mover, to, events, "moved by Ferry")
        question = ChooseAsk(task.owner, f"Ferry: {name} stays there, or returns at once with "
                                         f"up to {x} health of six-sided units?",
                             ("stay", "return"), "stay")
        return ask(state, replace(task, data=(task.zone, to)), question, stage="choice")
    origin, there = task.data
    if task.stage == "choice":
        if answer_of(task) != "return":
            return finish(state, task, f"Ferry: {name} moved to {state.zone_name(there)}", events)
        units = [u for u in state.units_in(there, task.owner) if u.id != mover
                 and len(u.die.faces) == 6 and not cannot_leave(state, u.id)]
        if units:
            question = units_pick(task.owner, f"Ferry: pick up to {x} health of six-sided "
                                              f"units to bring back with {name}", units,
                                  budget=x)
            return ask(state, task, question, stage="bring")
    brought = picks_of(task) if task.stage == "bring" else ()
    for die_id in (mover, *brought):
        state = move_unit(state, die_id, origin, events, "returns with Ferry")
    state = _rolled_in(state, task, list(brought), "Ferry", events)
    return finish(state, task, f"Ferry: {name} returns with "
                               f"{len(brought)} unit{'s' * (len(brought) != 1)}", events,
                  tuple(brought))


# The rolls of a combat: units that join the army during them should be rolled into them.
_COMBAT = ("attack", "counter-attack", "save", "counter-save")


def _regenerate(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Regenerate's return (seed 002): four health of units come back from your dead to this
    location — the v4.01 return procedure, which asks which units; "troops brought back from
    the dead with this power are rolled immediately and counted toward final totals in
    combat": in a combat roll each one is rolled at once for the roll's result types, and its
    results are added to the roll (counted again)."""
    from ..sai.effects import run_effect  # the task runner imports this module first
    from ..tasks.queue_ops import replace_head

    dead = Zone(ZoneKind.DUA, task.owner)
    before = {u.id for u in state.units_in(dead, task.owner)}
    v4 = replace(task, effect=replace(task.effect, kind="return_from_dua"))
    state, waiting = run_effect(state, v4, events)
    if waiting:  # the question stays on a task of the 1996 kind, so this runner resumes it
        asking = state.tasks[0]
        assert isinstance(asking, EffectTask)  # the return procedure waits on its own task
        return replace_head(state, replace(asking, effect=task.effect)), True
    back = sorted(i for i in before if state.zones[i] == task.zone)
    return _rolled_in(state, task, back, "Regenerate", events), False


def _rolled_in(state: GameState, task: EffectTask, units: list[int], name: str,
               events: Events) -> GameState:
    """Units that joined the army during a roll of a combat (seed 002 Ferry, Regenerate:
    "rolled immediately and counted toward final totals in combat"): each is rolled at once
    for the roll's result types, and what it rolls is added to the roll, counted again. Any
    other roll, or no unit, leaves the state as it is."""
    from ..tasks.queue_ops import store_result

    result = state.current_march.result(task.purpose) if state.march else None
    if (not units or task.purpose not in _COMBAT or result is None or result.source is None
            or result.context is None or state.winner is not None):
        return state
    added = []
    for die_id in units:
        label = state.die_label(die_id)
        state, roll = unit_roll(state, die_id, result.context.counted, events,
                                f"{name}: rolled at once into the combat")
        for rt in result.context.counted:
            if roll.total(rt):
                added.append(Modifier(ModOp.ADD, roll.total(rt), f"{name}: {label} joined and "
                                      f"rolled {roll.total(rt)} {rt.value}", types=(rt,),
                                      icon=task.effect.icon))
    inp = result.source
    return store_result(state, task.purpose, count_roll(
        replace(inp, modifiers=inp.modifiers + tuple(added))))


def _wither(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Wither (seed 002): one target unit takes -1 per Wither icon on all its rolls until the
    beginning of your next turn (``withered_roll`` applies it to each roll it makes)."""
    x = task.effect.amount
    if (waiting := _pick(state, task, f"Wither: pick one defending unit: -{x} on all its rolls "
                                      f"until your next turn", one=True)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    text = (f"{label} is withered: -{x} on all its rolls until the beginning of "
            f"{state.players[task.owner].name}'s next turn; 0 or less kills it")
    state = add(state, LastingEffect(task.owner, Icon.WITHER, WITHERED, text, die_id=die_id,
                                     amount=x, source_die=task.effect.die_id), events)
    return _finish(state, task, [(die_id, label, f"withered (-{x})")], events)


def withered_roll(state: GameState, result: RollResult,
                  events: Events) -> tuple[GameState, RollResult]:
    """A roll in a 1996 game made by withered units (seed 002 Wither): each one's results are
    lowered by its penalty (a subtracting modifier on the roll, as much as the unit rolled),
    and a unit whose adjusted result is 0 or less is killed. Returns (state, the roll counted
    again). Any other roll comes back as it is."""
    penalties = {e.die_id: e.amount for e in state.effects
                 if e.kind == WITHERED and e.die_id is not None}
    ctx, inp = result.context, result.source
    if not penalties or ctx is None or inp is None:
        return state, result
    mods, doomed = [], []
    for die in result.dice:
        if die.excluded or die.die_id not in penalties:
            continue
        raw = {t: die.amount(t) for t in ctx.counted}
        main = max(ctx.counted, key=lambda t: raw[t])
        adjusted, killed = effects.withered(sum(raw.values()), penalties[die.die_id])
        lost = sum(raw.values()) - adjusted
        label = state.die_label(die.die_id)
        if lost:
            mods.append(Modifier(ModOp.SUBTRACT, lost, f"Wither: {label} -{lost}",
                                 types=(main,), icon=Icon.WITHER))
        if killed:
            doomed.append(die.die_id)
    if mods:
        result = count_roll(replace(inp, modifiers=inp.modifiers + tuple(mods)))
    for die_id in doomed:
        if state.zones[die_id].kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE):
            state = kill(state, die_id, events, "Wither: its adjusted result is 0 or less")
    return state, result


def _bullseye(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Bullseye (seed 002): the shooter picks one unit of the target army; it takes 1 damage
    per Bullseye icon and only it rolls for saves; when the damage left equals or exceeds its
    health it is killed at once, before the army saves (``effects.bullseye_kills``); less does
    nothing (the Rulings page)."""
    x = task.effect.amount
    if (waiting := _pick(state, task, f"Bullseye: pick one defending unit to take {x} damage "
                                      f"(it saves alone)", one=True)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label, health = state.die_label(die_id), state.dice[die_id].die.health
    state, roll = unit_roll(state, die_id, (SAVE,), events, f"Bullseye: save against {x} "
                                                            f"damage")
    saves = roll.total(SAVE)
    if effects.bullseye_kills(x, health, saves):
        state = kill(state, die_id, events, "Bullseye")
        return _finish(state, task, [(die_id, label, f"takes {x} damage, saves {saves}: "
                                                     f"killed")], events)
    return _finish(state, task, [(die_id, label, f"takes {x} damage, saves {saves}: "
                                                 f"survives")], events)


def _unit_damage_no_save(state: GameState, task: EffectTask,
                         events: Events) -> tuple[GameState, bool]:
    """Swoop (seed 002): four damage on a single unit of the enemy army, with no saves
    possible: the unit picked is killed when the damage reaches its health."""
    x, name = task.effect.amount, SWOOP
    if (waiting := _pick(state, task, f"{name}: pick one defending unit to take {x} damage "
                                      f"(no save)", one=True)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label, health = state.die_label(die_id), state.dice[die_id].die.health
    if x >= health:
        state = kill(state, die_id, events, f"{name}, no save")
        return _finish(state, task, [(die_id, label, f"takes {x} damage: killed")], events,
                       name)
    return _finish(state, task, [(die_id, label, f"takes {x} damage: survives "
                                                 f"({health} health)")], events, name)


# The 1996 name of the effect "classic_unit_damage_no_save": no die of the catalog prints it.
SWOOP = "Swoop"


def _summon_dragon(state: GameState, task: EffectTask,
                   events: Events) -> tuple[GameState, bool]:
    """Summon Dragon (seed 002): rolled for magic, the dragon of the roller's choice,
    regardless of colour, comes to the terrain the die occupies, whether the player wishes it
    or not. In the 1996 game dragons wait in the dead piles (TSR digest §3.3, any player's);
    in a v4.01 game they wait in the Summoning Pools."""
    from ..dragons.kinds import move_dragon

    where = state.zones[task.effect.die_id]
    if where.kind is not ZoneKind.TERRAIN:
        return finish(state, task, "Summon Dragon: the die occupies no terrain", events)
    if task.stage == "start":
        waiting_at = ZoneKind.DUA if state.options.classic else ZoneKind.SUMMONING
        dragons = [d for d, z in zip(state.dice, state.zones)
                   if d.die.kind is DieKind.DRAGON and z.kind is waiting_at]
        if not dragons:
            return finish(state, task, "Summon Dragon: no dragon is waiting to be summoned",
                          events)
        question = PickAsk(task.owner, f"Summon Dragon: pick the dragon (any colour) that comes "
                                       f"to {state.zone_name(where)}",
                           tuple(d.id for d in dragons), tuple(1 for _ in dragons),
                           max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    dragon = picks_of(task)[0]
    label = state.die_label(dragon)
    state = move_dragon(state, dragon, where, events, f"summoned to {state.zone_name(where)} "
                                                      f"(Summon Dragon)")
    return finish(state, task, f"Summon Dragon: {label} comes to {state.zone_name(where)}",
                  events, (dragon,))


# The lasting effect on an army under Galeforce (seed 002), read by ``contexts.fly_ignored``.
# Its `amount` is 1 until its maker's next turn begins (``galeforce_lasts``), then 0.
GALEFORCE = contexts.GALEFORCE
# The 1996 lasting effects that end at the end of their maker's next turn (``galeforce_lasts``):
# Galeforce and the units Hide hides (TSR digest §9.6).
TO_THE_END_OF_THE_TURN = frozenset({GALEFORCE, HIDDEN})


def _galeforce(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Galeforce (seed 002): the target army ignores all its flying results until the end of
    the monster's controller's next turn. The target: the opposing army of the exchange the
    roll belongs to; outside one, an opposing army at the monster's terrain, the roller's
    choice (the Rulings page)."""
    ex = state.current_march.exchange if state.march else None
    if task.stage == "start":
        armies: list[tuple[int, Zone]] = []
        if ex is not None and task.purpose in _COMBAT:
            other = (ex.defender, ex.defender_zone) if task.owner == ex.attacker else (
                ex.attacker, ex.attacker_zone)
            if other[0] != task.owner and state.has_army(other[1], other[0]):
                armies = [other]
        if not armies:
            armies = [(p, task.zone) for p in range(state.player_count)
                      if p != task.owner and state.has_army(task.zone, p)]
        if not armies:
            return finish(state, task, "Galeforce: no opposing army to target", events)
        if len(armies) == 1:
            return _gale(state, task, *armies[0], events)
        options = tuple(f"player{p + 1}" for p, _ in armies)
        names = ", ".join(f"{o} = {state.players[p].name}" for o, (p, _) in zip(options, armies))
        question = ChooseAsk(task.owner, f"Galeforce: which army ignores its Fly results? "
                                         f"({names})", options, options[0])
        return ask(state, task, question, stage="army")
    if (waiting := resume(state, task)) is not None:
        return waiting
    player = int(str(answer_of(task)).removeprefix("player")) - 1
    return _gale(state, task, player, task.zone, events)


def _gale(state: GameState, task: EffectTask, player: int, zone: Zone,
          events: Events) -> tuple[GameState, bool]:
    name = state.players[player].name
    text = (f"{name}'s {state.army_name(zone, player)} ignores its Fly results (Galeforce) until "
            f"the end of {state.players[task.owner].name}'s next turn")
    state = add(state, LastingEffect(task.owner, Icon.GALEFORCE, GALEFORCE, text, player=player,
                                     zone=zone, amount=1, source_die=task.effect.die_id), events)
    return finish(state, task, f"Galeforce: {name}'s army ignores its Fly results", events)


def galeforce_lasts(state: GameState, player: int, events: Events) -> GameState:
    """At the beginning of `player`'s turn, before their effects expire: a Galeforce they made
    (seed 002: "until the end of the monster controller's next turn") or a Hide they cast
    (TSR digest §9.6: "until the end of your next turn") lasts to the end of this turn, so it
    passes to the next player's Expire Effects phase. Any other state comes back as it is."""
    from ..turn.start import next_player

    carried = [e for e in state.effects
               if e.kind in TO_THE_END_OF_THE_TURN and e.creator == player and e.amount]
    if not carried:
        return state
    after = next_player(state)
    kept = tuple(replace(e, creator=after, amount=0) if e in carried else e
                 for e in state.effects)
    for e in carried:
        name = "Hide" if e.kind == HIDDEN else "Galeforce"
        events.append(Event("effect", f"{name} lasts to the end of this turn: {e.text}",
                            player=player))
    return state.with_(effects=kept)


def _elevate(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Elevate (seed 002): rolled during a melee attack, one unit's normal missile results
    (its Missile icons on the faces it rolled) apply in the combat: the roller picks the unit
    and those results are added to the attack's melee, which is counted again."""
    from ..tasks.queue_ops import store_result

    result = state.current_march.result(task.purpose) if state.march else None
    if result is None or result.source is None or task.purpose not in ("attack",
                                                                      "counter-attack"):
        return finish(state, task, "Elevate: no melee attack to add missile results to",
                      events)
    missiles = {d.die_id: _missile_icons(state, d.die_id, d.faces) for d in result.dice
                if not d.excluded and state.dice[d.die_id].die.kind.is_unit}
    missiles = {i: n for i, n in missiles.items() if n > 0}
    if not missiles:
        return finish(state, task, "Elevate: no unit of the army rolled missile results",
                      events)
    if task.stage == "start":
        best = max(missiles, key=lambda i: (missiles[i], -i))
        question = PickAsk(task.owner, "Elevate: pick the unit whose missile results count "
                                       "as melee", tuple(missiles), tuple(missiles.values()),
                           max_units=1, maximize=True, default=best)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label, n = state.die_label(die_id), missiles[die_id]
    inp = result.source
    added = Modifier(ModOp.ADD, n, f"Elevate: {label}'s {n} missile results count as melee",
                     types=(MELEE,), icon=Icon.ELEVATE)
    state = store_result(state, task.purpose, count_roll(
        replace(inp, modifiers=inp.modifiers + (added,))))
    return finish(state, task, f"Elevate: {label}'s {n} missile results count as melee",
                  events, (die_id,))


def _missile_icons(state: GameState, die_id: int, faces: tuple[int, ...]) -> int:
    """The normal missile results on the faces a unit rolled (its Missile icons)."""
    die = state.dice[die_id].die
    return sum(count for f in faces for icon, count in die.faces[f].icons
               if icon is Icon.MISSILE)


# The mark on a unit Illusion picked (seed 002), until its separate roll is made.
ILLUSIONED = "classic_illusioned"


def _illusion(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Illusion (seed 002): during melee, the roller chooses four health of the enemy to be
    attacked by the rest of their army, in a separate roll once the round of melee is over (OP-36)
    (``illusion_rolls`` queues it, stage "separate"): each other unit of that army rolls for
    melee, each chosen unit rolls for saves, and the chosen units' owner removes as many of
    them as the damage left kills (the most it can: a maximal choice)."""
    if task.stage in ("start", "pick"):
        x = task.effect.amount
        if (waiting := _pick(state, task, f"Illusion: pick {x} health-worth of defending units "
                                          f"to be attacked by the rest of their army",
                             budget=x)) is not None:
            return waiting
        fates = []
        for die_id in picks_of(task):
            label = state.die_label(die_id)
            text = (f"{label} is under Illusion: the rest of its army attacks it once this "
                    f"round of melee is over")
            state = add(state, LastingEffect(task.owner, Icon.ILLUSION, ILLUSIONED, text,
                                             player=state.dice[die_id].owner,
                                             zone=state.zones[die_id], die_id=die_id,
                                             source_die=task.effect.die_id), events)
            fates.append((die_id, label, "to be attacked by its own army"))
        return _finish(state, task, fates, events)
    if task.stage == "separate":
        return _illusion_roll(state, task, events)
    if (waiting := resume(state, task)) is not None:
        return waiting
    dead = picks_of(task)
    fates = []
    for die_id in dead:
        label = state.die_label(die_id)
        state = kill(state, die_id, events, "Illusion: attacked by its own army")
        fates.append((die_id, label, "killed by its own army"))
    if not fates:
        return finish(state, task, "Illusion: no unit killed", events)
    return _finish(state, task, fates, events)


def _illusion_roll(state: GameState, task: EffectTask,
                   events: Events) -> tuple[GameState, bool]:
    """Illusion's separate roll: the rest of the army rolls melee, the chosen units saves."""
    chosen = [i for i in task.targets if state.zones[i] == task.zone]
    player = int(task.data[0])
    rest = [u.id for u in state.units_in(task.zone, player) if u.id not in chosen]
    name = state.players[player].name
    if not chosen or not rest:
        why = "no unit under it is left" if not chosen else "no other unit of the army is left"
        return finish(state, task, f"Illusion: {why} — no separate roll", events)
    hits = saves = 0
    for die_id in rest:
        state, roll = unit_roll(state, die_id, (MELEE,), events, "Illusion: attacks its own "
                                                                 "army")
        hits += roll.total(MELEE)
    for die_id in chosen:
        state, roll = unit_roll(state, die_id, (SAVE,), events, "Illusion: saves against its "
                                                                "own army")
        saves += roll.total(SAVE)
    damage = max(0, hits - saves)
    events.append(Event("message", f"Illusion: {name}'s army hits its own units for {hits}, "
                                   f"they save {saves}: {damage} damage", player=player))
    if damage == 0 or state.winner is not None:
        return finish(state, task, f"Illusion: {hits} hits − {saves} saves, no damage",
                      events)
    units = [state.dice[i] for i in chosen]
    question = units_pick(player, f"Illusion: remove units worth up to {damage} health of "
                                  f"those your army attacked", units, budget=damage,
                          maximize=True)
    return ask(state, task, question, stage="casualties")


def illusion_rolls(state: GameState, events: Events) -> GameState:
    """After a round of melee of a 1996 game (the attack and its counter-attack, or one
    charge exchange: TSR digest OP-36): each Illusion made during it gets its separate roll,
    queued at the head of the game's tasks (the marks end). With no Illusion mark the same
    state object comes back."""
    marks = [e for e in state.effects if e.kind == ILLUSIONED]
    if not marks:
        return state
    state = state.with_(effects=tuple(e for e in state.effects if e.kind != ILLUSIONED))
    by_source: dict[tuple[int, int | None, Zone | None], list[LastingEffect]] = {}
    for e in marks:
        by_source.setdefault((e.creator, e.source_die, e.zone), []).append(e)
    tasks = []
    for (owner, source, zone), group in by_source.items():
        if zone is None or source is None or group[0].player is None:
            continue
        effect = Effect(source, Icon.ILLUSION, "classic_illusion", len(group),
                        "Illusion: the separate roll (1996 icon list)")
        tasks.append(EffectTask(effect, owner, zone, "attack", stage="separate",
                                targets=tuple(e.die_id for e in group if e.die_id is not None),
                                data=(group[0].player,)))
    events.append(Event("message", "Illusion: the separate roll, now the round of melee is "
                                   "over"))
    return state.with_(tasks=tuple(tasks) + state.tasks)


def classic_counted(state: GameState, zone: Zone, player: int, result: RollResult,
                    events: Events, after: Events | None = None
                    ) -> tuple[GameState, RollResult]:
    """An army roll of a 1996 game, once counted (`player`'s army at `zone`): withered units
    roll lower (``withered_roll``), then opposing units with a Wave face at the terrain make
    their own roll against it (``wave_rolls``), whose log lines go to `after` when given (the
    caller logs them after the army's roll they belong to). Returns (state, the roll as it
    now counts)."""
    state, result = withered_roll(state, result, events)
    return wave_rolls(state, zone, player, result, events if after is None else after)


def wave_rolls(state: GameState, zone: Zone, player: int, result: RollResult,
               events: Events) -> tuple[GameState, RollResult]:
    """Wave (seed 002): when an opposing army rolls for saves at a terrain the Wave unit
    occupies, its owner may roll it; if the Wave icon comes up, 4 save results are subtracted
    from the army's roll; in a maneuver roll, 4 maneuver results. The app rolls every such
    unit that can roll, once per roll (it can only help its owner: the Rulings page); only its
    Wave face counts. Any other roll comes back as it is."""
    ctx, inp = result.context, result.source
    if ctx is None or inp is None or zone.kind is not ZoneKind.TERRAIN:
        return state, result
    rt = SAVE if SAVE in ctx.counted else MANEUVER if ctx.roll_type is MANEUVER else None
    if rt is None:
        return state, result
    beasts = [u for u in state.dice_in(zone) if u.owner != player and u.die.kind.is_unit
              and any(i is Icon.WAVE for f in u.die.faces for i, _ in f.icons)]
    lost = []
    for unit in beasts:
        label = state.die_label(unit.id)
        state, roll = unit_roll(state, unit.id, (rt,), events, f"Wave: its own roll against "
                                                               f"{state.players[player].name}'s "
                                                               f"{rt.value} roll", forced=False)
        shows = any(i is Icon.WAVE for f in roll.faces for i, _ in unit.die.faces[f].icons)
        n = effects.wave_loss(shows)
        events.append(Event("sai", f"Wave: {label} " + (
            f"rolls its Wave: {state.players[player].name}'s army loses {n} {rt.value} "
            f"results" if n else "shows no Wave: no effect"), player=unit.owner))
        if n:
            lost.append(Modifier(ModOp.SUBTRACT, n, f"Wave: {label} -{n} {rt.value}",
                                 types=(rt,), icon=Icon.WAVE))
    if not lost:
        return state, result
    return state, count_roll(replace(inp, modifiers=inp.modifiers + tuple(lost)))


# The table's badges name the 1996 lasting effects in a few words, as the v4.01 ones.
KIND_SUMMARIES.update({WITHERED: "lower rolls (Wither)", GALEFORCE: "Fly results ignored",
                       ILLUSIONED: "to be attacked by its own army"})


CLASSIC_RUNNERS: dict[str, Runner] = {
    "classic_elevate": _elevate, "classic_illusion": _illusion,
    "classic_bullseye": _bullseye, "classic_unit_damage_no_save": _unit_damage_no_save,
    "classic_summon_dragon": _summon_dragon, "classic_galeforce": _galeforce,
    "classic_convert": _convert, "classic_kill_health": _kill_health, "classic_flame": _flame,
    "classic_seize": _seize, "classic_paralyse": _paralyse, "classic_web": _paralyse,
    "classic_plague": _plague, "classic_stun": _stun, "classic_ferry": _ferry,
    "classic_regenerate": _regenerate, "classic_wither": _wither,
}
for _kind, _runner in CLASSIC_RUNNERS.items():
    effects.register_runner(_kind, _runner)


def runner_for(kind: str) -> Callable[..., Any] | None:
    """The runner of a 1996-only effect kind (these, or the classic game's), None for any
    other kind (the v4.01 runners apply those)."""
    return effects.RUNNERS.get(kind)
