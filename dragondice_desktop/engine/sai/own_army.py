"""SAI effects on the roller's own army that several SAIs share (seed 000, seed 001): returning
units from the DUA (Regenerate, the Gold Medallion, Convert's return) and moving the unit with
up to some health-worth of its army (Ferry, Teleport, Firewalking); where such moves may go.
Effects only one SAI has (Illusion, Cloak, Vanish, Wayfare, Wild Growth, the Silver Medallion,
the Elemental Relic) are in that SAI's file under ``sai/icons/``.
"""

from __future__ import annotations

from ...catalog.model import Icon
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.effect_steps import ask, Events, finish, in_army, resume, units_pick
from ..tasks.kinds import answer_of, ChooseAsk, EffectTask, picks_of
from ..units.fates import move_unit, return_from_dua
from .lasting import cannot_leave


def return_stage(state: GameState, task: EffectTask, budget: int, name: str,
                 events: Events) -> tuple[GameState, bool]:
    """Ask which units (up to `budget` health-worth) return from the owner's DUA to the army
    at the task's zone, then return them."""
    player, zone = task.owner, task.zone
    if task.ask is None:
        if not state.has_army(zone, player):
            return finish(state, task, f"{name}: the army is gone; nothing returns", events)
        dua = state.units_in(Zone(ZoneKind.DUA, player), player)
        if not dua:
            return finish(state, task, f"{name}: no unit in the DUA to return", events)
        question = units_pick(player, f"{name}: you may return up to {budget} health-worth of "
                                      f"units from your DUA to this army", dua, budget=budget)
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    names = []
    for die_id in picks_of(task):
        names.append(state.die_label(die_id))
        state = return_from_dua(state, die_id, zone, events, name)
    text = f"{name}: " + (", ".join(names) + " returned from the DUA" if names
                          else "no unit returned")
    return finish(state, task, text, events, picks_of(task),
                  tuple((i, "returned from the DUA") for i in picks_of(task)))


def run_return_from_dua(state: GameState, task: EffectTask,
                        events: Events) -> tuple[GameState, bool]:
    """Regenerate (return mode), the Gold Medallion: return up to X health-worth from the
    DUA to this army (seed 000, seed 001)."""
    name = "Gold Medallion" if task.effect.icon is Icon.LOGO else task.effect.icon.value
    return return_stage(state, task, task.effect.amount, name, events)


def _destinations(state: GameState, zone: Zone, player: int,
                  reserve: bool) -> tuple[str | Zone, ...]:
    terrains = tuple(Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))
                     if Zone(ZoneKind.TERRAIN, i) != zone)
    back = (Zone(ZoneKind.RESERVE, player),) if reserve and zone.kind is not ZoneKind.RESERVE \
        else ()
    return ("stay",) + terrains + back


def ask_where(state: GameState, task: EffectTask, prompt: str,
              reserve: bool) -> tuple[GameState, bool]:
    """Ask the roller where its own move goes (stage "where"): "stay", another terrain, or
    (with `reserve`) its Reserve Area (Ferry, Teleport, Firewalking; Vanish, Wayfare)."""
    question = ChooseAsk(task.owner, prompt,
                         _destinations(state, task.zone, task.owner, reserve), "stay")
    return ask(state, task, question, stage="where")


def run_move_units(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Ferry (four), Teleport and Firewalking (three): the unit may move itself and up to that
    many health-worth of units in its army to any terrain (seed 000)."""
    icon, mover, extra = task.effect.icon, task.effect.die_id, task.effect.amount
    if task.stage == "start":
        if not in_army(state, mover, task.zone, task.owner):
            return finish(state, task, f"{icon.value}: the unit has left its army", events)
        if cannot_leave(state, mover):
            return finish(state, task, f"{icon.value}: the unit cannot leave the terrain "
                                       f"({cannot_leave(state, mover)})", events)
        return ask_where(state, task, f"{icon.value}: move {state.die_label(mover)} and up to "
                                      f"{extra} health-worth of its army to another terrain?",
                         reserve=False)
    if task.stage == "where":
        if (waiting := resume(state, task)) is not None:
            return waiting
        to = answer_of(task)
        if isinstance(to, str):  # "stay"
            return finish(state, task, f"{icon.value}: {state.die_label(mover)} stays", events)
        others = [u for u in state.units_in(task.zone, task.owner)
                  if u.id != mover and not cannot_leave(state, u.id)]
        question = units_pick(task.owner, f"{icon.value}: units going along to "
                                          f"{state.zone_name(to)} (up to {extra} health-worth)",
                              others, budget=extra)
        return ask(state, task, question, stage="who", data=(to,))
    if (waiting := resume(state, task)) is not None:
        return waiting
    to = task.data[0]
    moving = (mover,) + picks_of(task)
    names = ", ".join(state.die_label(i) for i in moving)
    for die_id in moving:
        state = move_unit(state, die_id, to, events, settle=die_id == moving[-1])
    return finish(state, task, f"{icon.value}: {names} moved to {state.zone_name(to)}", events,
                  moving, tuple((i, f"moved to {state.zone_name(to)}") for i in moving))
