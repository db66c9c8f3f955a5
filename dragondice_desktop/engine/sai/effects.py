"""Applying SAI effects to the game (seed 000, seed 001): after a roll is counted, each effect
it passed on becomes an ``EffectTask`` (``follow_ups``), run by the code its SAI's record names
for that kind of effect (``run_effect``; the record's ``runners``, in the SAI's file under
``sai/icons/``) — targets picked, individual rolls made, units killed, buried, moved, returned
or promoted, lasting effects put in force.

Effect kinds (``Effect.kind``, set by each SAI's code) and where their code lives:

- shared by several SAIs: "targets" (``sai/targeting.py``: Breath, Bullseye, Convert, Crush,
  Double Strike, Entangle, Firecloud, Flame, Flaming Arrow, Net, Poison, Roar, Scare, Seize,
  Slay, Smother, Stomp, Stun, Swallow, Web); "unit_damage" (Kick, Gore) and "damage_no_save"
  (Smite, Stone, Firebreath, Sneak Attack): ``sai/damage.py``; "army_lasting" (Frost Breath,
  Wither, Galeforce): ``sai/on_armies.py``; "move_units" (Ferry, Teleport, Firewalking) and
  "return_from_dua" (Regenerate, the Gold Medallion): ``sai/own_army.py``; "kill_jaws_dragon"
  (Decapitate, Impale in a dragon attack), ``sai/on_dragons.py``; "relic" (the Elemental
  Relic's faces and logo), ``sai/icons/elemental_relic.py``;
- one SAI's own, in its file: "charm", "plague", "sleep", "coil", "hug", "bash",
  "bash_dragon", "illusion", "cloak", "vanish", "wayfare", "promote" (Wild Growth),
  "summon_dragon", and the logo's "silver_medallion", "tame", "slay", "control",
  "move_dragon";
- read by the march instead of run here (``turn/march_rolls.py``): "subtract_saves" (Screech,
  Howl, Wave), "delayed" (Choke, Confuse, Decapitate, Impale, Hypnotic Glare: step 2 of the
  defender's save roll, ``rolls/army_roll.py``), "surprise", "charge", "damage_to_attacker"
  (Counter, Volley), "subtract_from_counter_maneuver" (Wave).

An effect whose record names no code for its kind is never dropped: it is logged as not
resolved.

Targeting (seed 000): an SAI on an opponent takes the most units / health-worth it can (the
player picks which, one at a time; forced picks are made for them); on friendly units, any
amount from 0 up to the limit. Several effects of the same SAI that target health-worth of
units or deal damage are added together into one (allowed by seed 000; the app always does,
rulings); one-unit SAIs (Slay, Coil, Hug ...) resolve one by one.
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog.model import Icon
from ..core.events import Event
from ..core.state import GameState
from ..rolls.model import Effect, RollResult
from ..tasks.effect_steps import Events
from ..tasks.kinds import EffectTask, RollTask, Task
from ..tasks.queue_ops import pop_head
from .records import NO_RECORD
from .registry import SAI_RECORDS, TARGET_SPECS

# Effect kinds the march reads from the counted roll itself (turn/march_rolls.py,
# rolls/army_roll.py): they have no runner.
EXCHANGE_KINDS = frozenset({"subtract_saves", "delayed", "surprise", "charge",
                            "damage_to_attacker", "subtract_from_counter_maneuver"})

ONE_UNIT_KINDS = frozenset({"unit_damage", "coil", "hug", "bash", "plague", "sleep"})
COMBINABLE_KINDS = frozenset({"targets", "damage_no_save", "charm"})


def targets_one_unit(effect: Effect) -> bool:
    """True when `effect` targets one unit (else up to its amount in health-worth)."""
    spec = TARGET_SPECS.get(effect.icon)
    return effect.kind in ONE_UNIT_KINDS or (spec is not None and spec.one_unit)


def follow_ups(task: RollTask, result: RollResult) -> list[Task]:
    """The effect tasks of a counted roll, in die order. Effects of the same SAI that target
    health-worth or deal damage are added into one (seed 000 Targeting; rulings)."""
    tasks: list[EffectTask] = []
    merged: dict[tuple[Icon, str], int] = {}
    for effect in result.effects:
        if effect.kind in EXCHANGE_KINDS:
            continue
        key = (effect.icon, effect.kind)
        if effect.kind in COMBINABLE_KINDS and not targets_one_unit(effect) and key in merged:
            index = merged[key]
            first = tasks[index].effect
            total = first.amount + effect.amount
            tasks[index] = replace(tasks[index], effect=replace(
                first, amount=total, note=f"{first.note} (several combined: {total})"))
            continue
        merged.setdefault(key, len(tasks))
        tasks.append(EffectTask(effect, task.player, task.zone, task.purpose))
    return list(tasks)


def run_effect(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Advance one effect task with the code its SAI's record names for the effect's kind;
    returns (state, waiting for a player). An effect without such code is logged as not
    resolved and dropped from the queue."""
    runner = SAI_RECORDS.get(task.effect.icon, NO_RECORD).runners.get(task.effect.kind)
    if runner is None:
        events.append(Event("unresolved", f"Not resolved: {task.effect.note}",
                            player=task.owner))
        return pop_head(state), False
    return runner(state, task, events)
