"""SAI effects on the roller's own army (seed 000, seed 001): returning units from the DUA
(Regenerate, Gold medallion, Convert's return), moving units (Ferry, Teleport, Firewalking,
Vanish, Wayfare), promotions (Wild Growth, Elemental Relic), the Silver medallion, and the
lasting effects a player puts on their own army (Illusion, Cloak)."""

from __future__ import annotations

from dataclasses import replace

from ...player_text import count_of
from ...catalog.model import Die, DieKind, Icon, Species
from ..core.dice_moves import move_die
from ..tasks.effect_steps import Events, Runner, ask, finish, in_army, resume, units_pick
from ..units.fates import move_unit, promote, promotion_partners, return_from_dua
from ..core.house_rules import PROMOTION_ONE_STEP
from ..units.items import army_items, can_carry_item, fits
from .lasting import add, cannot_leave
from .icon_roll import relic_element
from ..core.state import GameState, LastingEffect, Zone, ZoneKind
from ..tasks.queue_ops import stored_result
from ..tasks.kinds import (
    Ask, ChooseAsk, EffectTask, PickAsk, answer_of, picks_of, word_answer, zone_answer,
)


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


def _return_from_dua(state: GameState, task: EffectTask,
                     events: Events) -> tuple[GameState, bool]:
    """Regenerate (return mode), Gold medallion: return up to X health-worth from the DUA."""
    name = "Gold Medallion" if task.effect.icon is Icon.LOGO else task.effect.icon.value
    return return_stage(state, task, task.effect.amount, name, events)


def _illusion(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Illusion: one of your armies cannot be targeted by opposing missile attacks or spells
    until the beginning of your next turn (seed 000 Illusion)."""
    if task.stage == "start":
        zones = state.army_zones(task.owner)
        if not zones:
            return finish(state, task, "Illusion: you have no army", events)
        default = task.zone if task.zone in zones else zones[0]
        question = ChooseAsk(task.owner, "Illusion: choose one of your armies to hide", zones,
                             default)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    zone = zone_answer(task)
    text = (f"Illusion: {state.players[task.owner].name}'s {state.army_name(zone, task.owner)} "
            f"at {state.zone_name(zone)} cannot be targeted by opposing missile attacks or "
            f"spells until the beginning of {state.players[task.owner].name}'s next turn")
    state = add(state, LastingEffect(task.owner, Icon.ILLUSION, "illusion", text,
                                     player=task.owner, zone=zone,
                                     source_die=task.effect.die_id), events)
    return finish(state, task, text, events)


def _cloak(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Cloak: X non-magical saves on the unit's army until the beginning of your next turn
    (this roll already counted them, seed 000 Cloak)."""
    zone, x = task.zone, task.effect.amount
    text = (f"Cloak: {state.players[task.owner].name}'s {state.army_name(zone, task.owner)} at "
            f"{state.zone_name(zone)} adds {count_of(x, 'save result')} to its save rolls "
            f"until the beginning of {state.players[task.owner].name}'s next turn")
    state = add(state, LastingEffect(task.owner, Icon.CLOAK, "cloak", text, player=task.owner,
                                     zone=zone, amount=x, source_die=task.effect.die_id), events)
    return finish(state, task, text, events)


# --------------------------------------------------------------------------------------------
# The roller's own moves
# --------------------------------------------------------------------------------------------


def _destinations(state: GameState, zone: Zone, player: int, reserve: bool) -> tuple[str | Zone, ...]:
    terrains = tuple(Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))
                     if Zone(ZoneKind.TERRAIN, i) != zone)
    back = (Zone(ZoneKind.RESERVE, player),) if reserve and zone.kind is not ZoneKind.RESERVE \
        else ()
    return ("stay",) + terrains + back


def _move_units(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Ferry (four), Teleport and Firewalking (three): the unit may move itself and up to that
    many health-worth of units in its army to any terrain (seed 000)."""
    icon, mover, extra = task.effect.icon, task.effect.die_id, task.effect.amount
    if task.stage == "start":
        if not in_army(state, mover, task.zone, task.owner):
            return finish(state, task, f"{icon.value}: the unit has left its army", events)
        if cannot_leave(state, mover):
            return finish(state, task, f"{icon.value}: the unit cannot leave the terrain "
                                       f"({cannot_leave(state, mover)})", events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(task.owner, f"{icon.value}: move {state.die_label(mover)} and up to "
                                         f"{extra} health-worth of its army to another terrain?",
                             _destinations(state, task.zone, task.owner, reserve=False), "stay")
        return ask(state, task, question, stage="where")
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


def _vanish(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Vanish: the unit may move to any terrain or its Reserve Area; its saves still count for
    the army it left (seed 000 Vanish)."""
    unit = task.effect.die_id
    if task.stage == "start":
        if not in_army(state, unit, task.zone, task.owner) or cannot_leave(state, unit):
            return finish(state, task, "Vanish: the unit cannot move", events)
        question = ChooseAsk(task.owner, f"Vanish: move {state.die_label(unit)} to another "
                                         f"terrain or your Reserve Area?",
                             _destinations(state, task.zone, task.owner, reserve=True), "stay")
        return ask(state, task, question, stage="where")
    if (waiting := resume(state, task)) is not None:
        return waiting
    to = answer_of(task)
    if isinstance(to, str):  # "stay"
        return finish(state, task, f"Vanish: {state.die_label(unit)} stays", events)
    state = move_unit(state, unit, to, events)
    return finish(state, task, f"Vanish: {state.die_label(unit)} moved to {state.zone_name(to)}",
                  events, (unit,), ((unit, f"moved to {state.zone_name(to)}"),))


def _wayfare(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Wayfare: the item and one unit able to carry it may move to any other terrain or the
    Reserve Area (seed 001 Wayfare)."""
    item = task.effect.die_id
    carriers = [u for u in state.units_in(task.zone, task.owner)
                if can_carry_item(u.die, state.dice[item].die) and not cannot_leave(state, u.id)]
    if task.stage == "start":
        if state.zones[item] != task.zone or not carriers:
            return finish(state, task, "Wayfare: no unit able to carry the item can move",
                          events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(task.owner, f"Wayfare: move {state.die_label(item)} and a unit "
                                         f"carrying it to another terrain or your Reserve Area?",
                             _destinations(state, task.zone, task.owner, reserve=True), "stay")
        return ask(state, task, question, stage="where")
    if task.stage == "where":
        if (waiting := resume(state, task)) is not None:
            return waiting
        to = answer_of(task)
        if isinstance(to, str):  # "stay"
            return finish(state, task, "Wayfare: the item stays", events)
        question = units_pick(task.owner, "Wayfare: the unit that carries the item", carriers,
                              max_units=1, maximize=True)
        return ask(state, task, question, stage="who", data=(to,))
    if (waiting := resume(state, task)) is not None:
        return waiting
    to, carrier = task.data[0], picks_of(task)[0]
    state = move_die(state, item, to, events)  # the item travels with its carrier
    state = move_unit(state, carrier, to, events)
    text = f"Wayfare: {state.die_label(item)} and {state.die_label(carrier)} moved to " \
           f"{state.zone_name(to)}"
    return finish(state, task, text, events, (item, carrier),
                  ((item, "moved"), (carrier, "moved")))


# --------------------------------------------------------------------------------------------
# The roller's own army: promotions, the Silver medallion, the Elemental Relic
# --------------------------------------------------------------------------------------------


def _promote(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Wild Growth: promote up to X health-worth of units in this army, all at once; a unit may
    jump several sizes, spending the health difference (digest §4.8, §10 #9) — under the house
    rule PROMOTION_ONE_STEP each unit is promoted one size at most."""
    icon = task.effect.icon
    name = "Elemental Relic" if icon is not Icon.WILD_GROWTH else icon.value
    budget, used = (task.data[0], task.data[1:]) if task.data else (task.effect.amount, ())
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        if picks_of(task):
            unit = picks_of(task)[0]
            partner = promotion_partners(state, unit, used)[0]
            state = promote(state, unit, partner, events, name)
            one_step = state.options.house_rule(PROMOTION_ONE_STEP)
            spent = (unit, partner) if one_step else (unit,)  # `partner`: not promoted again
            return _promote(state, replace(task, ask=None, data=(budget - 1,) + used + spent),
                            events)
        return finish(state, task, f"{name}: promotions done", events)
    units = [u for u in state.units_in(task.zone, task.owner)
             if u.id not in used and promotion_partners(state, u.id, used)]
    if budget <= 0 or not units:
        why = "promotions done" if used else "no unit can be promoted"
        return finish(state, task, f"{name}: {why}", events)
    question = PickAsk(task.owner, f"{name}: promote a unit by one size ({budget} health-worth of "
                                   f"promotion left)", tuple(u.id for u in units),
                       tuple(1 for _ in units), budget=1, max_units=1)
    return ask(state, task, question, data=(budget,) + used)


def _silver_medallion(state: GameState, task: EffectTask,
                      events: Events) -> tuple[GameState, bool]:
    """Silver Medallion (seed 001), one of: return an item from your BUA to this army
    ("item"); a Dragonkin or minor terrain from your BUA to your Summoning Pool ("pool"); at a
    terrain, summon a small Dragonkin from your Summoning Pool to this army ("summon") or
    promote one of its Dragonkin ("promote") — one health-worth of Dragonkin."""
    player, zone = task.owner, task.zone
    bua = state.dice_in(Zone(ZoneKind.BUA, player), player)
    units = [u.die for u in state.units_in(zone, player)]
    carried_now = [d.die for d in army_items(state, zone, player)]
    at_terrain = zone.kind is ZoneKind.TERRAIN
    choices = {
        "item": [d for d in bua if d.die.kind.is_item and fits(units, carried_now + [d.die])],
        "pool": [d for d in bua if d.die.species is Species.DRAGONKIN
                 or d.die.kind is DieKind.MINOR_TERRAIN],
        "summon": [d for d in state.units_in(Zone(ZoneKind.SUMMONING, player), player)
                   if at_terrain and d.die.species is Species.DRAGONKIN and d.die.health == 1],
        "promote": [u for u in state.units_in(zone, player) if at_terrain
                    and u.die.species is Species.DRAGONKIN and promotion_partners(state, u.id)],
    }
    if task.stage == "start":
        options = tuple(o for o, dice in choices.items() if dice)
        if not options:
            return finish(state, task, "Silver Medallion: nothing to return, summon or promote",
                          events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, "Silver Medallion: return an item from your BUA to this "
                                     "army (item), a Dragonkin or minor terrain from your BUA "
                                     "to your Summoning Pool (pool), summon a small Dragonkin "
                                     "to this army (summon) or promote one of its Dragonkin "
                                     "(promote)?", options + ("none",), options[0])
        return ask(state, task, question, stage="mode")
    if task.stage == "mode":
        if (waiting := resume(state, task)) is not None:
            return waiting
        mode = word_answer(task)
        if mode == "none":
            return finish(state, task, "Silver Medallion: not used", events)
        dice = choices[mode]
        question = PickAsk(player, "Silver Medallion: which one", tuple(d.id for d in dice),
                           tuple(1 for _ in dice), max_units=1, maximize=True)
        return ask(state, task, question, stage="pick", data=(mode,))
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id, mode = picks_of(task)[0], task.data[0]
    if mode == "promote":
        partner = promotion_partners(state, die_id)[0]
        state = promote(state, die_id, partner, events, "Silver Medallion")
        return finish(state, task, f"Silver Medallion: {state.die_label(partner)} replaces "
                                   f"{state.die_label(die_id)}", events, (die_id,))
    to = Zone(ZoneKind.SUMMONING, player) if mode == "pool" else zone
    state = move_die(state, die_id, to, events)
    return finish(state, task, f"Silver Medallion: {state.die_label(die_id)} goes to "
                               f"{state.zone_name(to)}", events, (die_id,),
                  ((die_id, "returned"),))


def _relic(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Elemental Relic, what is left of X after re-rolling: recruit small (1 health) units
    containing the element from the DUA, or promote units containing it, split as you like;
    all at once (seed 001). Each recruit or promotion step spends one health-worth; a unit may
    be promoted again (digest §10 #9), except under the house rule PROMOTION_ONE_STEP: then no
    unit the relic recruited or promoted is promoted by it."""
    player, zone = task.owner, task.zone
    relic = task.effect.die_id
    if state.zones[relic] != zone or not state.has_army(zone, player):
        return finish(state, task, "Elemental Relic: the relic's army is gone", events)
    element = relic_element(state.dice[relic].die.faces[_relic_face(state, task)].icons[0][0])
    budget, used = (task.data[0], task.data[1:]) if task.data else (task.effect.amount, ())

    def matches(die: Die) -> bool:
        return element is None or element in die.elements

    dua = Zone(ZoneKind.DUA, player)
    recruits = [u for u in state.units_in(dua, player) if u.die.health == 1
                and matches(u.die) and u.id not in used]
    one_step = state.options.house_rule(PROMOTION_ONE_STEP)
    promotable = [u for u in state.units_in(zone, player) if matches(u.die)
                  and not (one_step and u.id in used)
                  and promotion_partners(state, u.id, used)]
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        question = task.ask
        if isinstance(question, ChooseAsk):
            if question.answer == "done":
                return finish(state, task, "Elemental Relic: done", events)
            units = recruits if question.answer == "recruit" else promotable
            pick = units_pick(player, f"Elemental Relic: which unit to {question.answer}", units,
                              max_units=1, maximize=True)
            return ask(state, task, pick, stage=question.answer)
        die_id = question.picked[0]
        if task.stage == "recruit":
            state = return_from_dua(state, die_id, zone, events, "Elemental Relic: recruited")
            used += (die_id,)
        else:
            partner = promotion_partners(state, die_id, used)[0]
            state = promote(state, die_id, partner, events, "Elemental Relic")
            used += (die_id, partner)
        return _relic(state, replace(task, ask=None, stage="mode", data=(budget - 1,) + used),
                      events)
    options = tuple(o for o, ok in (("recruit", recruits), ("promote", promotable)) if ok)
    if budget <= 0 or not options:
        why = "done" if used else "no matching unit to recruit or promote"
        return finish(state, task, f"Elemental Relic: {why}", events)
    question = ChooseAsk(player, f"Elemental Relic: recruit a small matching unit or promote a "
                                 f"matching unit ({budget} health-worth left)?",
                         options + ("done",), "done")
    return ask(state, task, question, stage="mode", data=(budget,) + used)


def _relic_face(state: GameState, task: EffectTask) -> int:
    """The face the relic showed last in the roll its effect comes from."""
    result = stored_result(state, task.purpose)
    outcome = result.outcome(task.effect.die_id) if result else None
    return outcome.faces[-1] if outcome else 0


OWN_ARMY_RUNNERS: dict[str, Runner] = {
    "return_from_dua": _return_from_dua, "illusion": _illusion, "cloak": _cloak,
    "move_units": _move_units, "vanish": _vanish, "wayfare": _wayfare, "promote": _promote,
    "silver_medallion": _silver_medallion, "relic": _relic,
}
