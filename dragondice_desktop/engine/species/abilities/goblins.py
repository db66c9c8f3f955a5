"""Goblins (digest §6): Swamp Mastery, Foul Stench (both from rules revision 2): how many
units Foul Stench keeps out of the counter-attack, and the defender's pick of them."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ....player_text import count_of
from ...core.events import Event
from ...core.state import GameState, Zone
from ...rolls.model import RollType
from ...tasks.effect_steps import Events, ask, resume
from ...tasks.kinds import PickAsk, RuleTask, picks_of
from ...tasks.queue_ops import pop_head
from ..counts_as import FOUL_STENCH, Conversion, dua_count
from ..registry import Hook, ability, conversion

SWAMP_MASTERY = conversion(
    Conversion(Species.GOBLINS, "Swamp Mastery", frozenset({Color.EARTH}), RollType.MELEE,
               RollType.MANEUVER, since=2),
    "at an earth terrain, melee counts as maneuver", __name__)


def defender_picks(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """The counter-attacking player (`task.player`, at `task.zone`) picks the N units Foul
    Stench keeps out of the counter-attack (digest §6: "the opponent must pick N of its
    units"; rulings: the pick is made when the defender counter-attacks, from the units the
    attack left), then rolls the counter-attack without them. A RuleTask runner (kind
    ``foul_stench``), queued by the march (``turn/march_rolls.start_melee``)."""
    from ...turn.march_rolls import melee_roll  # the march imports the registry that loads this

    zone, player, goblins = task.zone, task.player, state.turn_player
    assert zone is not None  # the task names the counter-attacking army's zone
    units = state.units_in(zone, player)
    if task.ask is None:
        n = foul_stench(state, zone, goblins)
        question = PickAsk(player, f"Foul Stench: pick {min(n, len(units))} of your units; "
                                   f"they may not counter-attack", tuple(u.id for u in units),
                           tuple(1 for _ in units), budget=n, max_units=n, maximize=True)
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    why = "Foul Stench: it may not counter-attack (Goblins, digest §6)"
    held = tuple((die_id, why) for die_id in picks_of(task))
    events.append(Event("message", f"Foul Stench: {count_of(len(held), 'unit')} of "
                                   f"{state.players[player].name} may not counter-attack",
                        player=player))
    state = pop_head(state)
    return melee_roll(state, player, goblins, zone, True, held, events), False


@ability(Species.GOBLINS, "Foul Stench", Hook.BEFORE_COUNTER_ATTACK,
         "N units of the defending army may not counter-attack (N: the Goblins in the DUA)",
         since=2, task="foul_stench", runner=defender_picks)
def foul_stench(state: GameState, zone: Zone, goblin_player: int) -> int:
    """When `goblin_player`'s army at `zone` holding Goblins takes a melee action, N units of
    the defending army may not counter-attack; N = Goblins in the player's DUA, max 3 †
    (digest §6). 0 under rules revision 1."""
    if not state.options.since(FOUL_STENCH.since) or not any(
            u.die.species is Species.GOBLINS for u in state.units_in(zone, goblin_player)):
        return 0
    return dua_count(state, goblin_player, FOUL_STENCH.species, FOUL_STENCH.cap)
