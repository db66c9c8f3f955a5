"""Damage SAIs deal (seed 000, seed 001; digest §4.7): to one unit targeted on its own (the
attacker picks it; it saves, or not, and dies when the damage left reaches its health), back to
the unit that coiled or hugged, and to a whole army with no save (the army's owner assigns it).
Kick and Gore share the one-unit runner; Smite, Stone, Firebreath and Sneak Attack the army one,
each with its own facts from its file under ``sai/icons/``.
"""

from __future__ import annotations

from ...catalog.model import Icon
from ..core.state import DamageDue, GameState, Zone, ZoneKind
from ..rolls.individual_roll import unit_roll
from ..rolls.model import RollType
from ..tasks.effect_steps import ask, Events, finish, resume, Runner, units_pick
from ..tasks.kinds import EffectTask, picks_of
from ..units.fates import kill
from .targeting import defending_army


SAVE = RollType.SAVE


def pick_one_defender(state: GameState, task: EffectTask, prompt: str,
                      events: Events) -> tuple[GameState, bool] | None:
    """Ask the attacker for one unit of the defending army (None once it is picked)."""
    if task.stage == "start":
        defending = defending_army(state, task)
        if defending is None:
            return finish(state, task, f"{task.effect.icon.value}: no defending army", events)
        question = units_pick(task.owner, prompt, state.units_in(defending[1], defending[0]),
                              max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    return resume(state, task)


def unit_takes(state: GameState, die_id: int, damage: int, saves: int, events: Events,
               why: str, bury_it: bool = False) -> tuple[GameState, str]:
    """A unit targeted on its own takes damage: it is killed if the damage left after its
    saves reaches its health (digest §4.7)."""
    health = state.dice[die_id].die.health
    left = max(0, damage - saves)
    if left >= health:
        return kill(state, die_id, events, why, and_bury=bury_it), (
            f"takes {left} damage: killed" + (" and buried" if bury_it else ""))
    return state, f"takes {left} damage: survives"


def hit_back(state: GameState, die_id: int, melee: int, name: str,
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


def _buries(icon: Icon) -> bool:
    """A unit this SAI's damage kills is buried (its record: Gore)."""
    from .registry import SAI_RECORDS  # the registry imports the SAIs' files, which import this
    return SAI_RECORDS[icon].buries_if_killed


def run_unit_damage(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Kick (X damage) and Gore (two damage, buried if killed): one defending unit takes the
    damage and may save — only that unit rolls (digest §4.7)."""
    icon, damage = task.effect.icon, task.effect.amount
    if (waiting := pick_one_defender(state, task, f"{icon.value}: target one unit in the "
                                                  f"defending army ({damage} damage)",
                                     events)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    label = state.die_label(die_id)
    state, roll = unit_roll(state, die_id, (SAVE,), events, f"{icon.value}: save against "
                                                            f"{damage} damage")
    state, words = unit_takes(state, die_id, damage, roll.total(SAVE), events,
                              f"{icon.value}, seed 000", bury_it=_buries(icon))
    return finish(state, task, f"{icon.value}: {label} {words}", events, (die_id,),
                  ((die_id, words),))


def damage_without_save(on_kill: str = "", opposing_here: bool = False) -> Runner:
    """The effect of Smite, Stone, Firebreath (the defending army) and Sneak Attack (with
    `opposing_here`: an opposing army at this terrain): X damage with no save possible; the
    army's owner assigns it (digest §4.7). `on_kill`: what happens to the units it kills
    ("save_or_bury": they save or are buried, Firebreath; "bury_dragonkin": Dragonkin are
    buried, Sneak Attack)."""

    def run(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
        icon, x = task.effect.icon, task.effect.amount
        target: tuple[int, Zone] | None
        if opposing_here:
            opponents = [p for p in range(state.player_count)
                         if p != task.owner and state.has_army(task.zone, p)]
            target = (opponents[0], task.zone) if opponents else None
        else:
            target = defending_army(state, task)
        if target is None:
            return finish(state, task, f"{icon.value}: no opposing army to damage", events)
        player, zone = target
        due = DamageDue(player, zone, x, f"{icon.value}: {x} damage, no save possible",
                        on_kill=on_kill)
        state = state.with_(damage=state.damage + (due,))
        return finish(state, task, f"{icon.value}: {x} damage to {state.players[player].name}'s "
                                   f"{state.army_name(zone, player)}, no save", events)

    return run
