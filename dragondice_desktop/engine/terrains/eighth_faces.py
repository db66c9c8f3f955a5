"""The eighth-face powers of a captured terrain (digest §3.2, §8; seed 003), and summoning a
dragon by an effect (Dragon's Lair, the Dragon Staff's Summon Dragon SAI).

Powers acting in the Eighth Face phase (``phase_tasks``), for the marching player's army that
holds the eighth face:
- City: recruit one small unit from the DUA to the army, or promote one of its units
  (optional);
- Temple: force another player to bury one unit of that player's choice from their DUA
  (optional; the Temple's immunity to opponents' death magic is read by the spells);
- Dragon's Lair: summon a dragon of one of the terrain's elements, an Ivory or an Ivory Hybrid
  dragon (never a White Dragon) to any terrain (optional);
- Grove: move one non-Dragonkin unit from any player's BUA to their DUA, a Dragonkin or minor
  terrain from your BUA to your Summoning Pool, or an item from your BUA to the army holding
  the Grove — compulsory when possible.
Castle: on capture its holder chooses City, Standing Stones, Temple or Tower; it stays that
until its face moves (``castle_task``). Standing Stones (magic) and Tower (missile) work during
actions; Vortex during rolls (``rolls/army_roll.py``).

A player holding two eighth faces has already won, so at most one power acts in the phase.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.rule_homes import eighth_face_power
from ...catalog.model import Color, DieKind, Icon, Species
from ..dragons.kinds import destinations, move_dragon, summonable
from ..tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ..core.events import Event
from ..units.fates import bury, promotion_partners
from ..core.dice_moves import move_die
from ..turn.flow import controls_eighth_face
from ..units.items import army_items, fits
from ..units.recruiting import RecruitWords, recruit_or_promote
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.queue_ops import replace_head
from ..tasks.kinds import (
    Ask, ChooseAsk, PickAsk, RuleTask, answer_of, picks_of, word_answer, zone_answer,
)

# What a Castle may become (seed 003), by the word of the `choose` action.
CASTLE_CHOICES = {"city": Icon.CITY, "standing-stones": Icon.STANDING_STONES,
                  "temple": Icon.TEMPLE, "tower": Icon.TOWER}

_PHASE_KINDS = {Icon.CITY: "city", Icon.TEMPLE: "temple", Icon.DRAGONS_LAIR: "dragons_lair",
                Icon.GROVE: "grove"}


def castle_task(player: int, zone: Zone) -> RuleTask:
    """The choice a player makes on capturing a Castle (seed 003)."""
    return RuleTask("castle", player, zone)


def summon_task(player: int, zone: Zone, elements: frozenset[Color], why: str,
                optional: bool) -> RuleTask:
    """Summon one dragon an effect of `elements` may summon (``dragons.summonable``) to any
    terrain; `optional` for a "may" (Dragon's Lair)."""
    return RuleTask("summon", player, zone, data=(tuple(sorted(c.value for c in elements)),
                                                  optional), text=why)


def phase_tasks(state: GameState, events: Events) -> list[RuleTask]:
    """The Eighth Face phase (digest §3.2): the power of the eighth face the marching player
    holds, if it acts in this phase."""
    player = state.turn_player
    tasks = []
    for index, terrain in enumerate(state.terrains):
        zone = Zone(ZoneKind.TERRAIN, index)
        if controls_eighth_face(state, zone, player) and terrain.eighth_face in _PHASE_KINDS:
            events.append(Event("phase", f"Eighth Face: the {terrain.eighth_face.value} of "
                                         f"{terrain.die.name}", player=player))
            tasks.append(RuleTask(_PHASE_KINDS[terrain.eighth_face], player, zone))
    if not tasks:
        events.append(Event("phase", "Eighth Face: no power acts in this phase",
                            player=player))
    return tasks


@eighth_face_power(Icon.CASTLE,
                   "becomes City, Standing Stones, Temple or Tower on capture until its face "
                   "moves (seed 003)")
def _castle(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    assert task.zone is not None  # an eighth-face task names its terrain
    terrain = state.terrains[task.zone.index]
    if task.ask is None:
        question = ChooseAsk(task.player, f"Castle: what does {terrain.die.name} become until "
                                          f"its face moves?", tuple(CASTLE_CHOICES), "city")
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    icon = CASTLE_CHOICES[word_answer(task)]
    terrains = list(state.terrains)
    terrains[task.zone.index] = replace(terrain, castle_as=icon)
    state = state.with_(terrains=tuple(terrains))
    return finish_rule(state, task, f"Castle: {terrain.die.name} becomes a {icon.value} until "
                                    f"its face moves (seed 003)", events, "terrain")


CITY_WORDS = RecruitWords(
    "City", "City: recruit a small unit from your DUA, or promote one unit of this army "
            "(optional)", "City: recruited (digest §8)", "City, digest §8",
    nothing="City: no small unit in the DUA to recruit and no unit to promote", reports=True)


@eighth_face_power(Icon.CITY,
                   "recruit a small unit or promote one unit in the Eighth Face phase (digest "
                   "§8)")
def _city(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """City: recruit a small unit from the DUA to the army, or promote one of its units
    (digest §8, §4.8; ``units/recruiting.py``)."""
    player, zone = task.player, task.zone
    assert zone is not None  # an eighth-face task names its terrain
    recruits = [u for u in state.units_in(Zone(ZoneKind.DUA, player), player)
                if u.die.health == 1]
    promotable = [u for u in state.units_in(zone, player) if promotion_partners(state, u.id)]
    return recruit_or_promote(state, task, events, CITY_WORDS, recruits, promotable)


@eighth_face_power(Icon.TEMPLE,
                   "another player buries a unit of their choice from their DUA in the Eighth "
                   "Face phase; immune to opponents' death magic (digest §8)")
def _temple(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Temple: force another player to bury one unit of their choice from their DUA
    (digest §8)."""
    player = task.player
    victims = [p for p in range(state.player_count) if p != player
               and state.units_in(Zone(ZoneKind.DUA, p), p)]
    if task.stage == "start":
        if not victims:
            return finish_rule(state, task, "Temple: no other player has a unit in their DUA",
                               events)
        duas = tuple(Zone(ZoneKind.DUA, p) for p in victims)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, "Temple: force a player to bury one unit of their choice "
                                     "from their DUA (optional)", duas + ("none",), duas[0])
        return ask(state, task, question, stage="victim")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "victim":
        chosen = answer_of(task)
        if not isinstance(chosen, Zone):  # "none"
            return finish_rule(state, task, "Temple: not used", events)
        victim = chosen.index
        question = units_pick(victim, "Temple: bury one unit of your choice from your DUA",
                              state.units_in(Zone(ZoneKind.DUA, victim), victim), max_units=1,
                              maximize=True)
        return ask(state, task, question, stage="bury")
    die_id = picks_of(task)[0]
    state = bury(state, die_id, events, "Temple, digest §8")
    return finish_rule(state, task, f"Temple: {state.die_label(die_id)} buried", events)


@eighth_face_power(Icon.DRAGONS_LAIR,
                   "summons a matching, Ivory or Ivory Hybrid dragon in the Eighth Face phase "
                   "(seed 003)")
def _dragons_lair(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Dragon's Lair: the holder may summon a dragon (seed 003)."""
    assert task.zone is not None  # an eighth-face task names its terrain
    elements = state.terrains[task.zone.index].die.elements
    summon = summon_task(task.player, task.zone, elements, "Dragon's Lair (seed 003)",
                         optional=True)
    return _summon(replace_head(state, summon), summon, events)


def _summon(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Pick a dragon the effect may summon, then the terrain it goes to (digest §5.5)."""
    elements = frozenset(Color(c) for c in task.data[0])
    optional = task.data[1]
    if task.stage == "start":
        candidates = summonable(state, elements)
        if not candidates:
            return finish_rule(state, task, f"{task.text}: no dragon can be summoned", events)
        may = "you may summon" if optional else "summon"
        question: Ask  # a pick or a choice, by stage
        question = PickAsk(task.player, f"{task.text}: {may} a dragon", tuple(candidates),
                           tuple(1 for _ in candidates), max_units=1, maximize=not optional)
        return ask(state, task, question, stage="dragon")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "dragon":
        if not picks_of(task):
            return finish_rule(state, task, f"{task.text}: no dragon summoned", events)
        dragon = picks_of(task)[0]
        places = destinations(state, dragon)
        question = ChooseAsk(task.player, f"{task.text}: where does {state.die_label(dragon)} "
                                          f"go?", places, _default_place(state, task.player,
                                                                         places))
        return ask(state, task, question, stage="place", data=task.data + (dragon,))
    dragon, to = task.data[2], zone_answer(task)
    state = move_dragon(state, dragon, to, events, f"summoned to {state.zone_name(to)} "
                                                   f"({task.text})")
    return finish_rule(state, task, "", events)


def _default_place(state: GameState, player: int, places: tuple[Zone, ...]) -> Zone:
    """Where a summoned dragon goes when the player has no preference: a terrain with an
    opposing army (it attacks that army in its owner's turn), else the first."""
    return next((z for z in places if any(state.has_army(z, p)
                                          for p in range(state.player_count) if p != player)),
                places[0])


@eighth_face_power(Icon.GROVE,
                   "moves one unit, Dragonkin, minor terrain or item out of a BUA in the "
                   "Eighth Face phase (seed 003)")
def _grove(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Grove (seed 003): compulsory when possible — one non-Dragonkin unit from any player's
    BUA to their DUA, a Dragonkin or minor terrain from your BUA to your Summoning Pool, or an
    item from your BUA to your army holding the Grove (only an item that army can carry:
    rulings)."""
    player, zone = task.player, task.zone
    assert zone is not None  # an eighth-face task names its terrain
    if task.stage == "start":
        candidates = []
        for p in range(state.player_count):
            for d in state.dice_in(Zone(ZoneKind.BUA, p), p):
                dragonkin = d.die.species is Species.DRAGONKIN
                if d.die.kind.is_unit and not dragonkin:
                    candidates.append(d)
                elif p == player and (dragonkin or d.die.kind is DieKind.MINOR_TERRAIN):
                    candidates.append(d)
                elif p == player and d.die.kind.is_item and fits(
                        [u.die for u in state.units_in(zone, player)],
                        [i.die for i in army_items(state, zone, player)] + [d.die]):
                    candidates.append(d)
        if not candidates:
            return finish_rule(state, task, "Grove: nothing in a BUA can be moved", events)
        question = PickAsk(player, "Grove: move one unit, Dragonkin, minor terrain or item out "
                                   "of a BUA (compulsory)", tuple(d.id for d in candidates),
                           tuple(1 for _ in candidates), max_units=1, maximize=True)
        return ask(state, task, question, stage="pick")
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id = picks_of(task)[0]
    die = state.dice[die_id]
    if die.die.kind.is_item:
        to = zone
    elif die.die.kind is DieKind.MINOR_TERRAIN or die.die.species is Species.DRAGONKIN:
        to = Zone(ZoneKind.SUMMONING, die.owner)
    else:
        to = Zone(ZoneKind.DUA, die.owner)
    state = move_die(state, die_id, to, events)
    return finish_rule(state, task, f"Grove: {state.die_label(die_id)} moves from the BUA to "
                                    f"{state.zone_name(to)}", events)


RULE_RUNNERS = {"castle": _castle, "city": _city, "temple": _temple,
                "dragons_lair": _dragons_lair, "grove": _grove, "summon": _summon}
