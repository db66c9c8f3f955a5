"""Bash (seed 001)."""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Icon
from ...core.state import GameState
from ...dragons.kinds import kill_threshold
from ...rolls.individual_roll import unit_roll
from ...rolls.model import RollType, SaiOutcome
from ...tasks.effect_steps import Events, finish, in_army
from ...tasks.kinds import EffectTask
from ..damage import unit_takes
from ..icon_roll import SaiRoll
from ..on_dragons import attack_open, NOT_IN_GAME, rolled_belly
from ..records import SaiRecord


SAVE = RollType.SAVE


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Save against melee: target one attacking unit; it takes damage equal to the melee
    results it generated (it may save) and Bash generates that many saves. Other save rolls:
    X saves (seed 001 Bash). The target is a choice made while counting."""
    if sai.roll_type is not RollType.SAVE:
        return sai.not_applicable()
    if sai.ctx.save_against is not RollType.MELEE:
        return sai.generate(RollType.SAVE, f"Bash: {sai.results('save')} in a save roll not "
                                           f"against melee (seed 001 Bash)")
    melee = dict(sai.ctx.attacker_melee)
    if not melee:
        return sai.unresolved("target one unit of the attacking army: it takes damage equal to "
                              "its melee results and Bash generates that many saves — the "
                              "attacking army's roll is not known here")
    best = max(melee, key=lambda i: (melee[i], -i))
    chosen = sai.choice()
    target = int(chosen) if chosen is not None and chosen.isdigit() and int(chosen) in melee \
        else best
    n = melee[target]
    point = sai.choice_point(tuple(str(i) for i in sorted(melee)), str(best),
                             "Bash: choose the attacking unit to hit back", kind="unit")
    out = sai.generate(RollType.SAVE, f"Bash: {n} save results, equal to the melee results of "
                                      f"attacking unit {target} (seed 001 Bash)", amount=n)
    out += sai.effect("bash", f"Bash: attacking unit {target} takes {n} damage (its melee "
                              f"results) and makes a save roll against it (seed 001 Bash)",
                      amount=n, target=target)
    return out + SaiOutcome(choices=(point,))


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome:
    """Bash in a dragon attack: choose an attacking dragon that did damage; it takes that much
    damage and Bash generates that many saves (seed 001 Bash)."""
    hurt = {d: n for d, n in sai.ctx.dragon_damage if n > 0}
    if not sai.ctx.dragon_damage:
        return sai.unresolved("choose an attacking dragon that inflicted damage: it takes that "
                              f"much damage and Bash generates that many saves — {NOT_IN_GAME}")
    if not hurt:
        return sai.ignored("Bash: no attacking dragon inflicted damage (seed 001 Bash)")
    best = max(hurt, key=lambda d: (hurt[d], -d))
    chosen = sai.choice()
    target = int(chosen) if chosen is not None and chosen.isdigit() and int(chosen) in hurt \
        else best
    point = sai.choice_point(tuple(str(d) for d in sorted(hurt)), str(best),
                             "Bash: choose the attacking dragon to hit back", kind="unit")
    n = hurt[target]
    return (sai.generate(RollType.SAVE, f"Bash: {n} save results, the damage dragon {target} "
                                        f"did (seed 001 Bash)", amount=n)
            + sai.effect("bash_dragon", f"Bash: dragon {target} takes the {n} damage it did "
                                        f"(seed 001 Bash)", amount=n, target=target)
            + SaiOutcome(choices=(point,)))


def _run_bash(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
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
    state, words = unit_takes(state, die_id, damage, roll.total(SAVE), events, "Bash, seed 001")
    return finish(state, task, f"Bash: {label} {words}", events, (die_id,), ((die_id, words),))


def _run_bash_dragon(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Bash in a dragon attack: the chosen dragon takes the damage it did; it dies if that
    reaches its kill threshold (digest §5.4; rulings: Bash damage counts on its own)."""
    dragon, damage = task.effect.target, task.effect.amount
    if state.dragon_attack is None or dragon is None or not attack_open(state, dragon):
        return finish(state, task, "Bash: that dragon is no longer in the attack", events)
    label = state.die_label(dragon)
    threshold = kill_threshold(state.dice[dragon].die, rolled_belly(state, dragon), state.options)
    if damage < threshold:
        return finish(state, task, f"Bash: {label} takes {damage} damage (dies from "
                                   f"{threshold}): survives", events, (dragon,))
    attack = state.dragon_attack
    state = state.with_(dragon_attack=replace(attack, killed=attack.killed + (dragon,)))
    return finish(state, task, f"Bash: {label} takes {damage} damage: killed", events,
                  (dragon,), ((dragon, "killed"),))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.BASH: SaiRecord(
        applies='Dragon Attack, Save*',
        summary=('When saving against melee, hits back one attacking unit with its own melee and '
                 'saves that much; otherwise X saves.'),
        in_roll=_in_roll,
        in_dragon_attack=_in_dragon_attack,
        runners={"bash": _run_bash, "bash_dragon": _run_bash_dragon},
    ),
}
