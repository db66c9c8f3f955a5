"""Undead (digest §6): Stepped Damage, Bone Magic."""

from __future__ import annotations

from ....catalog.model import Species
from ...core.events import Event
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.model import Origin, RollResult, RollType
from ...spells.pool import MagicSource
from ...tasks.effect_steps import Events, ask, finish_rule, resume
from ...tasks.kinds import PickAsk, RuleTask, picks_of
from ...units.fates import Killing, exchange_killed, killed_after_all, queue_later, take_back
from ..counts_as import dua_count
from ..registry import Hook, ability

STEPPED_CHOICE_SINCE = 5  # the rules revision from which the owner chooses (RULES_REVISIONS)


def _smaller(state: GameState, die_id: int, together: tuple[int, ...]) -> list[int]:
    """The Undead of the owner's DUA smaller than unit `die_id`, less the casualties removed
    with it (`together`: they cannot stand in for one another), by die number."""
    unit = state.dice[die_id]
    return [d.id for d in state.units_in(Zone(ZoneKind.DUA, unit.owner), unit.owner)
            if d.id not in together and d.id != die_id
            and d.die.species is Species.UNDEAD and d.die.health < unit.die.health]


def _choice(state: GameState, candidates: list[int]) -> int:
    """The automatic choice (the only one before rules revision 5): the largest smaller
    Undead, the lowest die number among equals."""
    return max(candidates, key=lambda i: (state.dice[i].die.health, -i))


def choose_stand_in(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Rules revision 5: the owner of the Undead that Stepped Damage exchanged picks the
    smaller Undead that takes its place — the one already there (the automatic choice), another
    from the DUA — or none ("done"): then the unit is killed after all (digest §6 "you may")."""
    killing, stand_in = task.data
    die_id, origin, player = killing.die_id, killing.origin, task.player
    if state.zones[stand_in] != origin or state.zones[die_id] != Zone(ZoneKind.DUA, player):
        return finish_rule(state, task, "", events)  # the exchange was undone meanwhile
    if task.ask is None:
        options = [stand_in] + _smaller(state, die_id, killing.together + (stand_in,))
        question = PickAsk(player, f"Stepped Damage: your {state.dice[die_id].die.name} was "
                                   f"killed; pick the smaller Undead that takes its place "
                                   f"({state.die_label(stand_in)} stands in now), or Done "
                                   f"for none", tuple(options),
                           tuple(state.dice[i].die.health for i in options), max_units=1,
                           default=stand_in)
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    picked = picks_of(task)
    if picked == (stand_in,):
        return finish_rule(state, task, f"Stepped Damage: {state.die_label(stand_in)} takes "
                                        f"the place of {state.die_label(die_id)}", events)
    state = take_back(state, stand_in, origin, events)
    if picked:
        state = exchange_killed(state, None, picked[0], origin, events)
        return finish_rule(state, task, f"Stepped Damage: {state.die_label(picked[0])} takes "
                                        f"the place of {state.die_label(die_id)} instead",
                           events)
    events.append(Event("sai", "Stepped Damage: not used", player=player))
    state = killed_after_all(state, killing, events)
    return finish_rule(state, task, "", events)


@ability(Species.UNDEAD, "Stepped Damage", Hook.UNIT_KILLED,
         "a killed Undead may be exchanged with a smaller Undead from the DUA; from rules "
         "revision 5 its owner chooses which, or none", task="stepped_damage",
         runner=choose_stand_in)
def stepped_damage(state: GameState, killing: Killing,
                   events: Events) -> tuple[GameState, bool]:
    """An Undead about to be killed may instead be exchanged with a smaller Undead from its
    owner's DUA (digest §6). The exchange with the largest smaller Undead is made at once;
    from rules revision 5 its owner then chooses (a ``stepped_damage`` task, queued to come
    right after the step that killed it): keep it, take another smaller Undead, or no
    exchange. Returns (state, True) when the unit was exchanged."""
    die_id, origin = killing.die_id, killing.origin
    if state.dice[die_id].die.species is not Species.UNDEAD:
        return state, False
    candidates = _smaller(state, die_id, killing.together)
    if not candidates:
        return state, False
    stand_in = _choice(state, candidates)
    player = state.dice[die_id].owner
    events.append(Event("sai", f"{state.die_label(die_id)} would be killed ({killing.why}); "
                               f"Stepped Damage exchanges it with {state.die_label(stand_in)}",
                        player=player))
    state = exchange_killed(state, die_id, stand_in, origin, events)
    if state.options.since(STEPPED_CHOICE_SINCE):
        state = queue_later(state, RuleTask("stepped_damage", player, origin,
                                            data=(killing, stand_in)))
    return state, True


@ability(Species.UNDEAD, "Bone Magic", Hook.IN_MAGIC,
         "each Undead that rolled magic adds one death magic in a magic action")
def bone_magic(state: GameState, result: RollResult, player: int,
               events: Events) -> tuple[MagicSource, ...]:
    """When an army containing Undead takes a magic action, each Undead that rolled at least
    one non-ID magic result adds one death magic; at most as many as there are Undead in its
    owner's DUA, max 4 † (digest §6). It only helps, so the app always adds it (rulings)."""
    cap = dua_count(state, player, Species.UNDEAD, 4)
    boned = sum(1 for d in result.dice if not d.excluded
                and state.dice[d.die_id].die.species is Species.UNDEAD
                and any(c.result_type is RollType.MAGIC and c.amount
                        and c.origin is not Origin.ID for c in d.contributions))
    bonus = min(boned, cap)
    if not bonus:
        return ()
    events.append(Event("sai", f"Bone Magic: +{bonus} death magic ({boned} Undead rolled magic; "
                               f"at most {cap}, the Undead in the DUA)", player=player))
    return (MagicSource(bonus, frozenset({"death"}), Species.UNDEAD, label="Bone Magic"),)
