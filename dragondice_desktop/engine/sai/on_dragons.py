"""SAI effects that act on dragons (seed 000, seed 001; digest §5.4, §5.5, §5.7):

- in the army's answer to a dragon attack: "kill_jaws_dragon" (Decapitate, Impale: kill one
  attacking dragon that rolled Jaws), "bash_dragon" (Bash: the dragon chosen takes the damage
  it did), and the Eldarim champions' logo: "tame", "slay", "control" a dragon that attacked
  the army — its non-breath damage is then ignored;
- in a magic action at a terrain: "summon_dragon" (the Dragon Staff's Summon Dragon);
- in a melee attack: "move_dragon" (the Dragonkin champions' logo moves a summoned dragon of
  its colour from one terrain to another).

A dragon killed here counts as killed by the army (it promotes, digest §5.4 step 8); a slain
dragon leaves the game and nobody promotes for it; a White Dragon that is slain rolls, and on
Jaws the slaying unit is buried (seed 000).
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog.model import Color, DieKind, Icon
from ..dragons.kinds import (
    DragonKind, destinations, dragon_kind, end_bonds, kill_threshold, move_dragon,
)
from ..tasks.effect_steps import Events, Runner, ask, finish, resume
from ..terrains.eighth_faces import summon_task
from ..core.events import Event
from ..units.fates import kill
from ..rolls.throwing import Thrower
from ..core.state import DragonBond, GameState, ZoneKind
from ..tasks.queue_ops import pop_head
from ..tasks.kinds import ChooseAsk, EffectTask, PickAsk, picks_of, zone_answer


def _attack_open(state: GameState, dragon: int) -> bool:
    """The dragon attacks the army and is not killed or slain yet."""
    attack = state.current_dragon_attack
    return dragon in attack.at_army and dragon not in attack.killed + attack.slain


def _rolled(state: GameState, dragon: int, icon: Icon) -> bool:
    die = state.dice[dragon].die
    return any(die.faces[f].icon is icon for f in state.current_dragon_attack.faces(dragon))


def _belly(state: GameState, dragon: int) -> bool:
    return _rolled(state, dragon, Icon.BELLY)


def _pick_dragon(state: GameState, task: EffectTask, candidates: list[int], prompt: str,
                 events: Events, must: bool) -> tuple[GameState, bool] | None:
    """Ask the army's owner for one of `candidates` (None once answered)."""
    if task.ask is None:
        if not candidates:
            return finish(state, task, f"{task.effect.icon.value}: no dragon it can act on",
                          events)
        question = PickAsk(task.owner, prompt, tuple(candidates),
                           tuple(1 for _ in candidates), max_units=1, maximize=must)
        return ask(state, task, question)
    return resume(state, task)


def _kill_jaws_dragon(state: GameState, task: EffectTask,
                      events: Events) -> tuple[GameState, bool]:
    """Decapitate / Impale in a dragon attack: kill one dragon that rolled Jaws (seed 001)."""
    name = task.effect.icon.value
    if state.dragon_attack is None:
        return finish(state, task, f"{name}: no dragon attack in progress", events)
    jaws = [d for d in state.current_dragon_attack.at_army
            if _attack_open(state, d) and _rolled(state, d, Icon.JAWS)]
    if (waiting := _pick_dragon(state, task, jaws, f"{name}: kill one attacking dragon that "
                                                   f"rolled Jaws", events, True)) is not None:
        return waiting
    dragon = picks_of(task)[0]
    attack = state.dragon_attack
    state = state.with_(dragon_attack=replace(attack, killed=attack.killed + (dragon,)))
    return finish(state, task, f"{name}: {state.die_label(dragon)} is killed", events,
                  (dragon,), ((dragon, "killed"),))


def _bash_dragon(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Bash in a dragon attack: the chosen dragon takes the damage it did; it dies if that
    reaches its kill threshold (digest §5.4; rulings: Bash damage counts on its own)."""
    dragon, damage = task.effect.target, task.effect.amount
    if state.dragon_attack is None or dragon is None or not _attack_open(state, dragon):
        return finish(state, task, "Bash: that dragon is no longer in the attack", events)
    label = state.die_label(dragon)
    threshold = kill_threshold(state.dice[dragon].die, _belly(state, dragon), state.options)
    if damage < threshold:
        return finish(state, task, f"Bash: {label} takes {damage} damage (dies from "
                                   f"{threshold}): survives", events, (dragon,))
    attack = state.dragon_attack
    state = state.with_(dragon_attack=replace(attack, killed=attack.killed + (dragon,)))
    return finish(state, task, f"Bash: {label} takes {damage} damage: killed", events,
                  (dragon,), ((dragon, "killed"),))


def champion_targets(state: GameState, unit: int) -> list[int]:
    """Dragons an Eldarim champion's logo may act on: any that attacked its army for a White
    champion; one containing its colour, never a White Dragon, for the others (seed 000)."""
    die = state.dice[unit].die
    white = Color.WHITE in die.colors
    return [d for d in state.current_dragon_attack.at_army if _attack_open(state, d)
            and (white or (dragon_kind(state.dice[d].die) is not DragonKind.WHITE
                           and state.dice[d].die.elements & die.elements))]


def _champion(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Tame, slay or control a dragon that attacked the army (seed 000 SFR Logo)."""
    kind, unit = task.effect.kind, task.effect.die_id
    if state.dragon_attack is None:
        return finish(state, task, f"{kind.capitalize()}: no dragon attack in progress", events)
    candidates = champion_targets(state, unit)
    if (waiting := _pick_dragon(state, task, candidates, f"{state.die_label(unit)} may {kind} "
                                                         f"a dragon that attacked this army",
                                events, False)) is not None:
        return waiting
    if not picks_of(task):
        return finish(state, task, f"{state.die_label(unit)} does not {kind} a dragon", events)
    dragon = picks_of(task)[0]
    attack = state.dragon_attack
    attack = replace(attack, spared=attack.spared + (dragon,))
    label = state.die_label(dragon)
    if kind == "slay":
        state = state.with_(dragon_attack=replace(attack, slain=attack.slain + (dragon,)))
        text = f"{state.die_label(unit)} slays {label}: it leaves the game"
        if dragon_kind(state.dice[dragon].die) is DragonKind.WHITE:
            state, text = _white_slain(state, dragon, unit, text, events)
        return finish(state, task, text, events, (dragon,), ((dragon, "slain"),))
    state = state.with_(dragon_attack=attack)
    state = end_bonds(state, dragon=dragon, events=events, why=f"{kind} anew")
    state = end_bonds(state, unit=unit, events=events, why="its champion took another dragon")
    words = "tamed" if kind == "tame" else "controlled"
    state = state.with_(bonds=state.bonds + (DragonBond(dragon, unit, words),))
    return finish(state, task, f"{state.die_label(unit)} {kind}s {label}: its non-breath "
                               f"damage is ignored", events, (dragon,), ((dragon, words),))


def _white_slain(state: GameState, dragon: int, unit: int, text: str,
                 events: Events) -> tuple[GameState, str]:
    """A White Dragon slain rolls; on Jaws the slaying unit is buried (seed 000)."""
    die = state.dice[dragon].die
    dice = Thrower(state, resume=None, speculate=True)
    face = dice.face(len(die.faces), state.throw(dragon, "as it is slain"))
    assert face is not None  # not yet a resumable step: a face is always given
    state = dice.settled(state)
    events.append(Event("roll", f"{state.die_label(dragon)} rolls as it is slain: "
                                f"{die.faces[face].to_text()}", player=state.dice[dragon].owner))
    if die.faces[face].icon is not Icon.JAWS:
        return state, text
    state = kill(state, unit, events, "the slain White Dragon rolled Jaws (seed 000)",
                 and_bury=True)
    return state, text + f"; it rolled Jaws, so {state.die_label(unit)} is buried"


def _summon_dragon(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """The Dragon Staff's Summon Dragon at a terrain: summon a dragon containing the item's
    colour, or an Ivory dragon (seed 001)."""
    elements = state.dice[task.effect.die_id].die.elements
    summon = summon_task(task.owner, task.zone, elements, "Summon Dragon (seed 001)",
                         optional=False)
    events.append(Event("sai", f"{state.die_label(task.effect.die_id)}: Summon Dragon",
                        player=task.owner))
    return pop_head(state, [summon]), False


def _move_dragon(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Dragonkin champion's logo in a melee attack: you may move a summoned dragon containing
    its colour from one terrain to another (seed 000)."""
    colours = state.dice[task.effect.die_id].die.elements
    if task.stage == "start":
        dragons = [d.id for d, z in zip(state.dice, state.zones)
                   if z.kind is ZoneKind.TERRAIN and d.die.kind is DieKind.DRAGON
                   and d.die.elements & colours]
        if not dragons:
            return finish(state, task, "Dragonkin champion: no summoned dragon of its colour",
                          events)
        question = PickAsk(task.owner, "Dragonkin champion: you may move a summoned dragon of "
                                       "its colour to another terrain", tuple(dragons),
                           tuple(1 for _ in dragons), max_units=1)
        return ask(state, task, question, stage="dragon")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "dragon":
        if not picks_of(task):
            return finish(state, task, "Dragonkin champion: no dragon moved", events)
        dragon = picks_of(task)[0]
        places = destinations(state, dragon)
        where = ChooseAsk(task.owner, f"Where does {state.die_label(dragon)} go?", places,
                          places[0])
        return ask(state, task, where, stage="place", targets=(dragon,))
    dragon, to = task.targets[0], zone_answer(task)
    state = move_dragon(state, dragon, to, events, f"moved to {state.zone_name(to)} by a "
                                                   f"Dragonkin champion (seed 000)")
    return finish(state, task, f"Dragonkin champion: {state.die_label(dragon)} moves to "
                               f"{state.zone_name(to)}", events, (dragon,))


DRAGON_RUNNERS: dict[str, Runner] = {
    "kill_jaws_dragon": _kill_jaws_dragon, "bash_dragon": _bash_dragon, "tame": _champion,
    "slay": _champion, "control": _champion, "summon_dragon": _summon_dragon,
    "move_dragon": _move_dragon,
}

