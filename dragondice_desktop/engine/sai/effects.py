"""Applying SAI effects to the game (seed 000, seed 001): after a roll is counted, each effect
it passed on becomes an ``EffectTask`` run here — targets picked, individual rolls made,
units killed, buried, moved, returned or promoted, lasting effects put in force.

Effect kinds (``Effect.kind``, set by the handlers in ``sai/results.py``):

- "targets": units of the defending army targeted and dealt with by the SAI's rule
  (``TARGET_SPECS``: Breath, Bullseye, Convert, Crush, Double Strike, Entangle, Firecloud,
  Flame, Flaming Arrow, Net, Poison, Roar, Scare, Seize, Slay, Smother, Stomp, Stun, Swallow,
  Web); "charm" (Charm), "plague" (Plague), "sleep" (Sleep);
- "unit_damage" (Kick, Gore), "coil", "hug", "bash": damage to one unit;
- "damage_no_save" (Smite, Stone, Firebreath, Sneak Attack): damage the army's owner assigns;
- "army_lasting" (Frost Breath, Wither, Galeforce), "illusion", "cloak": lasting effects;
- "move_units" (Ferry, Teleport, Firewalking), "vanish", "wayfare": the roller's moves;
- "return_from_dua" (Regenerate, Gold medallion), "promote" (Wild Growth),
  "silver_medallion", "relic" (Elemental Relic): the roller's own army — these, the moves and
  Illusion / Cloak are in ``sai/own_army.py``;
- "kill_jaws_dragon" (Decapitate, Impale), "bash_dragon" (Bash), "tame", "slay", "control"
  (Eldarim champions) in a dragon attack, "summon_dragon" (Summon Dragon), "move_dragon"
  (Dragonkin champions): ``sai/on_dragons.py``.
- Read by the march instead of run here (``turn/march_rolls.py``): "subtract_saves" (Screech, Howl,
  Wave), "delayed" (Choke, Confuse, Decapitate, Impale, Hypnotic Glare: step 2 of the
  defender's save roll, ``rolls/army_roll.py``), "surprise", "charge", "damage_to_attacker"
  (Counter, Volley), "subtract_from_counter_maneuver" (Wave).

Targeting (seed 000): an SAI on an opponent takes the most units / health-worth it can (the
player picks which, one at a time; forced picks are made for them); on friendly units, any
amount from 0 up to the limit. Several effects of the same SAI that target health-worth of
units or deal damage are added together into one (allowed by seed 000; the app always does,
rulings); one-unit SAIs (Slay, Coil, Hug ...) resolve one by one.
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog.model import Icon
from .on_dragons import DRAGON_RUNNERS
from ..tasks.effect_steps import Events, Runner, ask, finish, in_army, resume, units_pick
from ..core.events import Event
from ..units.fates import bury, kill, move_unit
from ..rolls.individual_roll import count_unit_roll, id_roll, unit_roll
from .lasting import add, cannot_leave, has_dividing
from .records import SAI_RECORDS, TargetSpec
from ..rolls.model import (
    Addition, Applied, ChoicePoint, Effect, RollChoice, RollContext, RollResult, RollType,
)
from ..rolls.pipeline import count_roll
from .own_army import OWN_ARMY_RUNNERS, return_stage
from ..core.state import DamageDue, GameState, LastingEffect, Zone, ZoneKind
from ..tasks.queue_ops import pop_head, record_applied, replace_head
from ..tasks.kinds import ChooseAsk, EffectTask, RollTask, Task, answer_of, picks_of, zone_answer

SAVE, MANEUVER, MELEE = RollType.SAVE, RollType.MANEUVER, RollType.MELEE

# Effect kinds the march reads from the counted roll itself (turn/march_rolls.py, rolls/army_roll.py).
EXCHANGE_KINDS = frozenset({"subtract_saves", "delayed", "surprise", "charge",
                            "damage_to_attacker", "subtract_from_counter_maneuver"})

# The combination rolls an effect makes the other side roll (seed 000): Coil's target makes a
# save and melee roll; a Charge's defending army makes a combination save and melee roll
# instead of saving or counter-attacking (``exchange.py``). (who rolls, the types counted,
# the owner's default first.) Count a roll and the odds' "not modelled" list read it.
COMBINATION_ROLLS: dict[str, tuple[str, tuple[RollType, ...]]] = {
    "coil": ("the targeted unit", (SAVE, MELEE)),
    "charge": ("the defending army", (SAVE, MELEE)),
}


# How each targeting SAI treats its targets: a view of the SAI records.
TARGET_SPECS: dict[Icon, TargetSpec] = {i: r.targets for i, r in SAI_RECORDS.items()
                                        if r.targets is not None}

ONE_UNIT_KINDS = frozenset({"unit_damage", "coil", "hug", "bash", "plague", "sleep"})
COMBINABLE_KINDS = frozenset({"targets", "damage_no_save", "charm"})

_FATE_WORDS = {"kill": "killed", "kill_bury": "killed and buried",
               "reserve": "moved to its Reserve Area", "stunned": "stunned",
               "netted": "netted", "webbed": "webbed", "asleep": "asleep"}
_TEST_TYPES = {"save": SAVE, "maneuver": MANEUVER, "melee": MELEE}


# --------------------------------------------------------------------------------------------
# From a counted roll to effect tasks
# --------------------------------------------------------------------------------------------


def targets_one_unit(effect: Effect) -> bool:
    """True when `effect` targets one unit (else up to its amount in health-worth)."""
    spec = TARGET_SPECS.get(effect.icon)
    return effect.kind in ONE_UNIT_KINDS or (spec is not None and spec.one_unit)


_one_unit = targets_one_unit
# Damage SAIs whose killed target is also buried (seed 000 Gore).
BURIES_IF_KILLED = frozenset(i for i, r in SAI_RECORDS.items() if r.buries_if_killed)


def follow_ups(task: RollTask, result: RollResult) -> list[Task]:
    """The effect tasks of a counted roll, in die order. Effects of the same SAI that target
    health-worth or deal damage are added into one (seed 000 Targeting; rulings)."""
    tasks: list[EffectTask] = []
    merged: dict[tuple[Icon, str], int] = {}
    for effect in result.effects:
        if effect.kind in EXCHANGE_KINDS:
            continue
        key = (effect.icon, effect.kind)
        if effect.kind in COMBINABLE_KINDS and not _one_unit(effect) and key in merged:
            index = merged[key]
            first = tasks[index].effect
            total = first.amount + effect.amount
            tasks[index] = replace(tasks[index], effect=replace(
                first, amount=total, note=f"{first.note} (several combined: {total})"))
            continue
        merged.setdefault(key, len(tasks))
        tasks.append(EffectTask(effect, task.player, task.zone, task.purpose))
    return list(tasks)


# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------


def _defending(state: GameState, task: EffectTask) -> tuple[int, Zone] | None:
    """The defending army of the attack the effect's roll belongs to (player, zone)."""
    ex = state.current_march.exchange if state.march else None
    if ex is None or task.purpose not in ("attack", "counter-attack"):
        return None
    if not state.has_army(ex.defender_zone, ex.defender):
        return None
    return ex.defender, ex.defender_zone


# --------------------------------------------------------------------------------------------
# Targets in the defending army
# --------------------------------------------------------------------------------------------


def _apply_fate(state: GameState, task: EffectTask, fate: str, die_id: int,
                events: Events) -> tuple[GameState, str]:
    """Apply a fate to a target; returns (state, what happened in words)."""
    icon, why = task.effect.icon, f"{task.effect.icon.value}, seed 000"
    if fate in ("kill", "kill_bury"):
        return kill(state, die_id, events, why, and_bury=fate == "kill_bury"), _FATE_WORDS[fate]
    if fate == "reserve":
        blocked = cannot_leave(state, die_id)
        if blocked:
            return state, f"stays: it cannot leave the terrain ({blocked})"
        player = state.dice[die_id].owner
        state = move_unit(state, die_id, Zone(ZoneKind.RESERVE, player), events)
        return state, _FATE_WORDS[fate]
    text = (f"{state.die_label(die_id)} is {fate} by {icon.value} until the beginning of "
            f"{state.players[task.owner].name}'s next turn")
    effect = LastingEffect(task.owner, icon, fate, text, die_id=die_id,
                           source_die=task.effect.die_id)
    return add(state, effect, events), _FATE_WORDS[fate]


def _second_save(state: GameState, die_id: int, icon: Icon,
                 events: Events) -> tuple[GameState, str]:
    """A killed target makes another save roll (in the DUA); without a save it is buried."""
    if state.zones[die_id].kind is not ZoneKind.DUA:
        return state, ""
    state, roll = unit_roll(state, die_id, (SAVE,), events, f"{icon.value}: save or be buried",
                            in_dua=True)
    if roll.total(SAVE) >= 1:
        return state, ", saved from burial"
    return bury(state, die_id, events, f"{icon.value}, seed 000"), ", then buried"


def _test_target(state: GameState, task: EffectTask, spec: TargetSpec, die_id: int,
                 events: Events) -> tuple[GameState, str]:
    """One target's test roll and fate; returns (state, words for the record)."""
    icon = task.effect.icon
    why = f"{icon.value}"
    if spec.test == "":
        state, words = _apply_fate(state, task, spec.fail, die_id, events)
        return state, words
    if spec.test == "id":
        state, roll = id_roll(state, die_id, events, why)
        passed, rolled_id = roll.rolled_id, roll.rolled_id
    else:
        rt = _TEST_TYPES[spec.test]
        state, roll = unit_roll(state, die_id, (rt,), events, f"{why}: {rt.value} or else")
        passed, rolled_id = roll.total(rt) >= 1, roll.rolled_id
    fate = spec.fate(passed, rolled_id)
    if not fate:
        return state, "passed"
    state, words = _apply_fate(state, task, fate, die_id, events)
    if spec.then_save and fate == "kill":
        state, more = _second_save(state, die_id, icon, events)
        words += more
    return state, words


def _targets(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Targeting SAIs (TARGET_SPECS; Convert also returns units from the DUA)."""
    icon = task.effect.icon
    spec = TARGET_SPECS[icon]
    if task.stage == "start":
        defending = _defending(state, task)
        if defending is None:
            return finish(state, task, f"{icon.value}: no defending army to target", events)
        player, zone = defending
        if icon in (Icon.NET, Icon.WEB) and zone.kind is ZoneKind.RESERVE:
            return finish(state, task, f"{icon.value} does nothing in a missile attack on a "
                                       f"Reserve army from a Tower (seed 000)", events)
        units = [u for u in state.units_in(zone, player)
                 if not (spec.leaves and cannot_leave(state, u.id))]
        if not units:
            return finish(state, task, f"{icon.value}: no unit to target", events)
        amount = task.effect.amount
        what = "one unit" if spec.one_unit else f"{amount} health-worth of units"
        question = units_pick(task.owner, f"{icon.value}: target {what} in the defending army",
                              units, budget=None if spec.one_unit else amount,
                              max_units=1 if spec.one_unit else None, maximize=True)
        return ask(state, task, question, stage="pick")
    if task.stage == "pick":
        if (waiting := resume(state, task)) is not None:
            return waiting
        targets = picks_of(task)
        fates = []
        for die_id in targets:
            label = state.die_label(die_id)
            health = state.dice[die_id].die.health
            state, words = _test_target(state, task, spec, die_id, events)
            fates.append((die_id, words, label, health))
            if state.winner is not None:
                break
        killed = sum(h for _, w, _, h in fates if w.startswith("killed"))
        text = f"{icon.value}: " + ("; ".join(f"{label} {w}" for _, w, label, _ in fates)
                                    or "no target")
        if icon is Icon.CONVERT and killed and state.winner is None:
            state = replace_head(state, replace(task, stage="convert", data=(killed,),
                                                targets=targets, ask=None))
            state = record_applied(state, task.purpose, task.effect.die_id,
                                   Applied(icon, text, targets, tuple((i, w) for i, w, _, _
                                                                      in fates)),
                                   events, task.owner)
            return state, False
        return finish(state, task, text, events, targets, tuple((i, w) for i, w, _, _ in fates))
    # Convert: "The attacking player may return up to the amount of health-worth killed this
    # way from their DUA to the attacking army" (seed 000 Convert).
    return return_stage(state, task, task.data[0], "Convert", events)


def _charm(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Charm: the targets do not save this march; their owner rolls them and their melee
    results join the attacking army's results (seed 000 Charm)."""
    if task.stage == "start":
        defending = _defending(state, task)
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


def _plague(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Plague: the target saves or is killed; then its owner targets another unit of the same
    army, until a target saves (seed 000 Plague)."""
    defending = _defending(state, task)
    if task.stage == "start":
        if defending is None:
            return finish(state, task, "Plague: no defending army", events)
        question = units_pick(task.owner, "Plague: target one unit in the defending army",
                              state.units_in(defending[1], defending[0]), max_units=1,
                              maximize=True)
        return ask(state, task, question, stage="chain")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (SAVE,), events, "Plague: save or be killed")
    chain = task.data + (label,)
    if roll.total(SAVE) >= 1:
        return finish(state, task, f"Plague: {', '.join(chain[:-1]) or 'no unit'} killed; "
                                   f"{label} saved and ends it", events, (die_id,),
                      ((die_id, "saved"),))
    player = state.dice[die_id].owner
    zone = state.zones[die_id]
    state = kill(state, die_id, events, "Plague, seed 000")
    units = state.units_in(zone, player)
    if not units or state.winner is not None:
        return finish(state, task, f"Plague: {', '.join(chain)} killed; no unit left", events)
    question = units_pick(player, "Plague: target another unit of your army: it saves or is killed",
                          units, max_units=1, maximize=True)
    return ask(state, task, question, data=chain)


def _sleep(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Sleep: one unit in an opponent's army at this terrain is asleep until the beginning of
    your next turn (seed 000 Sleep)."""
    if task.stage == "start":
        units = [u for u in state.dice_in(task.zone) if u.die.kind.is_unit
                 and u.owner != task.owner]
        if not units:
            return finish(state, task, "Sleep: no opposing unit at this terrain", events)
        question = units_pick(task.owner, "Sleep: target one opposing unit at this terrain", units,
                              max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    state, words = _apply_fate(state, task, "asleep", die_id, events)
    return finish(state, task, f"Sleep: {state.die_label(die_id)} is asleep", events,
                  (die_id,), ((die_id, "asleep"),))


# --------------------------------------------------------------------------------------------
# Damage to one unit, damage to an army
# --------------------------------------------------------------------------------------------


def _pick_one_defender(state: GameState, task: EffectTask, prompt: str,
                       events: Events) -> tuple[GameState, bool] | None:
    """Ask the attacker for one unit of the defending army (None once it is picked)."""
    if task.stage == "start":
        defending = _defending(state, task)
        if defending is None:
            return finish(state, task, f"{task.effect.icon.value}: no defending army", events)
        question = units_pick(task.owner, prompt, state.units_in(defending[1], defending[0]),
                              max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    return resume(state, task)


def _unit_takes(state: GameState, die_id: int, damage: int, saves: int, events: Events,
                why: str, bury_it: bool = False) -> tuple[GameState, str]:
    """A unit targeted on its own takes damage: it is killed if the damage left after its
    saves reaches its health (digest §4.7)."""
    health = state.dice[die_id].die.health
    left = max(0, damage - saves)
    if left >= health:
        return kill(state, die_id, events, why, and_bury=bury_it), (
            f"takes {left} damage: killed" + (" and buried" if bury_it else ""))
    return state, f"takes {left} damage: survives"


def _unit_damage(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Kick (X damage) and Gore (two damage, buried if killed): one defending unit takes the
    damage and may save — only that unit rolls (digest §4.7)."""
    icon, damage = task.effect.icon, task.effect.amount
    if (waiting := _pick_one_defender(state, task, f"{icon.value}: target one unit in the "
                                                   f"defending army ({damage} damage)",
                                      events)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (SAVE,), events, f"{icon.value}: save against "
                                                            f"{damage} damage")
    state, words = _unit_takes(state, die_id, damage, roll.total(SAVE), events,
                               f"{icon.value}, seed 000", bury_it=icon in BURIES_IF_KILLED)
    return finish(state, task, f"{icon.value}: {label} {words}", events, (die_id,),
                  ((die_id, words),))


def _coil(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
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
    if (waiting := _pick_one_defender(state, task, f"Coil: target one unit in the defending "
                                                   f"army ({x} damage)", events)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    state, roll = unit_roll(state, die_id, COMBINATION_ROLLS["coil"][1], events,
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
    state, words = _unit_takes(state, die_id, task.effect.amount, saves, events,
                               "Coil, seed 000")
    state, back_words = _hit_back(state, task.effect.die_id, melee, "Coil", events)
    return finish(state, task, f"Coil: {label} {words}; {back_words}", events, (die_id,),
                  ((die_id, words),))


def _hit_back(state: GameState, die_id: int, melee: int, name: str,
              events: Events) -> tuple[GameState, str]:
    """The Coiling / Hugging unit takes the target's melee results with no save."""
    if state.zones[die_id].kind not in (ZoneKind.TERRAIN, ZoneKind.RESERVE):
        return state, f"the {name.lower()}ing unit is already gone"
    health = state.dice[die_id].die.health
    label = state.die_label(die_id)
    if melee >= health:
        return kill(state, die_id, events, f"{name}: the target's melee results, no save"), (
            f"{label} takes {melee} damage back: killed")
    return state, f"{label} takes {melee} damage back: survives"


def _hug(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Hug: the target takes X damage with no save and makes a melee roll whose results damage
    the hugging unit with no save (seed 000). Both happen at once (rulings)."""
    x = task.effect.amount
    if (waiting := _pick_one_defender(state, task, f"Hug: target one unit in the defending "
                                                   f"army ({x} damage, no save)",
                                      events)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (MELEE,), events, "Hug: melee back")
    state, words = _unit_takes(state, die_id, x, 0, events, "Hug, seed 000")
    state, back_words = _hit_back(state, task.effect.die_id, roll.total(MELEE), "Hug", events)
    return finish(state, task, f"Hug: {label} {words}; {back_words}", events, (die_id,),
                  ((die_id, words),))


def _bash(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Bash: the attacking unit chosen while counting takes damage equal to its melee results
    and makes a save roll against it (seed 001 Bash)."""
    die_id, damage = task.effect.target, task.effect.amount
    ex = state.current_march.exchange if state.march else None
    if die_id is None or ex is None or not in_army(state, die_id, ex.attacker_zone,
                                                   ex.attacker):
        return finish(state, task, "Bash: the targeted unit is no longer in the attacking "
                                   "army", events)
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (SAVE,), events, f"Bash: save against {damage} "
                                                            f"damage")
    state, words = _unit_takes(state, die_id, damage, roll.total(SAVE), events, "Bash, seed 001")
    return finish(state, task, f"Bash: {label} {words}", events, (die_id,), ((die_id, words),))


def _damage_no_save(state: GameState, task: EffectTask,
                    events: Events) -> tuple[GameState, bool]:
    """Smite, Stone, Firebreath (the defending army) and Sneak Attack (an opposing army at this
    terrain): X damage with no save possible; the army's owner assigns it (digest §4.7)."""
    icon, x = task.effect.icon, task.effect.amount
    if icon is Icon.SNEAK_ATTACK:
        opponents = [p for p in range(state.player_count)
                     if p != task.owner and state.has_army(task.zone, p)]
        target = (opponents[0], task.zone) if opponents else None
        on_kill = "bury_dragonkin"
    else:
        target = _defending(state, task)
        on_kill = "save_or_bury" if icon is Icon.FIREBREATH else ""
    if target is None:
        return finish(state, task, f"{icon.value}: no opposing army to damage", events)
    player, zone = target
    due = DamageDue(player, zone, x, f"{icon.value}: {x} damage, no save possible",
                    on_kill=on_kill)
    state = state.with_(damage=state.damage + (due,))
    return finish(state, task, f"{icon.value}: {x} damage to {state.players[player].name}'s "
                               f"{state.army_name(zone, player)}, no save", events)


# --------------------------------------------------------------------------------------------
# Lasting effects on armies
# --------------------------------------------------------------------------------------------


def _army_lasting(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Frost Breath (halve), Wither (−X), Galeforce (−4 saves, −4 maneuver): an opposing army
    (at this terrain; Galeforce: at any terrain) until the beginning of your next turn."""
    icon = task.effect.icon
    kind = {Icon.FROST_BREATH: "halve", Icon.WITHER: "subtract_all",
            Icon.GALEFORCE: "galeforce"}[icon]
    if task.stage == "start":
        zones = ([Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))]
                 if icon is Icon.GALEFORCE else [task.zone])
        options = tuple((z, p) for z in zones for p in range(state.player_count)
                        if p != task.owner and state.has_army(z, p)
                        and not (kind == "halve" and has_dividing(state, z, p)))
        if not options:
            reason = ("no opposing army it may target (an army already halved by an SAI "
                      "cannot be halved again, seed 000 Targeting)" if kind == "halve"
                      else "no opposing army to target")
            return finish(state, task, f"{icon.value}: {reason}", events)
        question = ChooseAsk(task.owner, f"{icon.value}: choose the opposing army",
                             tuple(z for z, _ in options), options[0][0])
        return ask(state, task, question, stage="pick", data=options)
    if (waiting := resume(state, task)) is not None:
        return waiting
    zone = zone_answer(task)
    player = next(p for z, p in task.data if z == zone)
    what = {"halve": "halves all its results",
            "subtract_all": f"subtracts {task.effect.amount} results from all its rolls",
            "galeforce": "subtracts four save and four maneuver results from all its rolls"}[kind]
    text = (f"{icon.value}: {state.players[player].name}'s {state.army_name(zone, player)} at "
            f"{state.zone_name(zone)} {what} until the beginning of "
            f"{state.players[task.owner].name}'s next turn")
    state = add(state, LastingEffect(task.owner, icon, kind, text, player=player, zone=zone,
                                     amount=task.effect.amount, source_die=task.effect.die_id),
                events)
    return finish(state, task, text, events)


_RUNNERS: dict[str, Runner] = {
    "targets": _targets, "charm": _charm, "plague": _plague, "sleep": _sleep,
    "unit_damage": _unit_damage, "coil": _coil, "hug": _hug, "bash": _bash,
    "damage_no_save": _damage_no_save, "army_lasting": _army_lasting, **OWN_ARMY_RUNNERS,
    **DRAGON_RUNNERS,
}


def run_effect(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Advance one effect task; returns (state, waiting for a player)."""
    runner = _RUNNERS.get(task.effect.kind)
    if runner is None:
        events.append(Event("unresolved", f"Not resolved: {task.effect.note}",
                            player=task.owner))
        return pop_head(state), False
    return runner(state, task, events)
