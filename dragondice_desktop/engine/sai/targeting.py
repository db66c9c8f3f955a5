"""Targeting SAIs' effects on the defending army (seed 000): the units picked, the test each
makes (an ID roll, a save, maneuver or melee roll, or none), the fate of those that fail or pass
(killed, buried, sent to the Reserve Area, stunned, netted, webbed, asleep), the second save
roll of the killed (Poison, Stomp ...), and Convert's return. Each SAI's record
(``TargetSpec``, in its file under ``sai/icons/``) says which; the code here serves them all.

Targeting (seed 000): an SAI on an opponent takes the most units / health-worth it can (the
player picks which, one at a time; forced picks are made for them).
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog.model import Icon
from ..core.state import GameState, LastingEffect, Zone, ZoneKind
from ..rolls.individual_roll import id_roll, unit_roll
from ..rolls.model import Applied, RollType
from ..tasks.effect_steps import ask, Events, finish, resume, units_pick
from ..tasks.kinds import EffectTask, picks_of
from ..tasks.queue_ops import record_applied, replace_head
from ..units.fates import bury, kill, move_unit
from .lasting import add, cannot_leave
from .own_army import return_stage
from .records import TargetSpec


SAVE, MANEUVER, MELEE = RollType.SAVE, RollType.MANEUVER, RollType.MELEE

_FATE_WORDS = {"kill": "killed", "kill_bury": "killed and buried",
               "reserve": "moved to its Reserve Area", "stunned": "stunned",
               "netted": "netted", "webbed": "webbed", "asleep": "asleep"}
_TEST_TYPES = {"save": SAVE, "maneuver": MANEUVER, "melee": MELEE}


def defending_army(state: GameState, task: EffectTask) -> tuple[int, Zone] | None:
    """The defending army of the attack the effect's roll belongs to (player, zone)."""
    ex = state.current_march.exchange if state.march else None
    if ex is None or task.purpose not in ("attack", "counter-attack"):
        return None
    if not state.has_army(ex.defender_zone, ex.defender):
        return None
    return ex.defender, ex.defender_zone


def apply_fate(state: GameState, task: EffectTask, fate: str, die_id: int,
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
        state, words = apply_fate(state, task, spec.fail, die_id, events)
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
    state, words = apply_fate(state, task, fate, die_id, events)
    if spec.then_save and fate == "kill":
        state, more = _second_save(state, die_id, icon, events)
        words += more
    return state, words


def _spec(icon: Icon) -> TargetSpec:
    """The targeting SAI's TargetSpec, from its record."""
    from .registry import SAI_RECORDS  # the registry imports the SAIs' files, which import this
    spec = SAI_RECORDS[icon].targets
    if spec is None:
        raise ValueError(f"{icon.value} has no targets in its record")
    return spec


def run_targets(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """The effect of a targeting SAI ("targets"): the attacker picks the targets in the
    defending army, each makes the test its record's TargetSpec names and meets its fate;
    with ``returns_killed`` (Convert) the attacker then returns as much health-worth as it
    killed from its DUA."""
    icon = task.effect.icon
    spec = _spec(icon)
    if task.stage == "start":
        defending = defending_army(state, task)
        if defending is None:
            return finish(state, task, f"{icon.value}: no defending army to target", events)
        player, zone = defending
        if spec.spares_reserve_army and zone.kind is ZoneKind.RESERVE:
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
        if spec.returns_killed and killed and state.winner is None:
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
    return return_stage(state, task, task.data[0], icon.value, events)
