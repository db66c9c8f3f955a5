"""Magic in the 1996 game (TSR digest §9.3, OP-14 to OP-16): the terrain bonus doubles the magic
of the terrain's colours; black magic is doubled by burying the dead; the spells are the 1996
spells retrieved (``spells.py``) and today's spells of the same name for the others (the 1996
list could not be read whole: "classic spells incomplete").

- Terrain bonus (OP-14): a unit's magic (normal icons and ID alike) whose colours are all
  colours of the terrain the army stands on is doubled. Amazons, who cast the terrain's
  colours, double theirs only while their player holds a Standing Stones terrain (F4, CK1).
  Magic in the Reserve Area is never doubled. A unit with one colour the terrain has and one it
  has not has its magic doubled too, and the doubled magic pays only spells of the shared
  colour (rulings: the magic of the terrain's colour is what doubles).
- Black magic (OP-15): before announcing its spells, the caster may bury dead units from one
  player's Dead Unit Area; each health buried doubles one black magic point (``black_magic``).
- Doubling comes after any halving (the pipeline's order) and only matters for magic spent;
  nothing is buried for the terrain bonus.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...catalog.model import Icon, Species
from ..core.events import Event
from ..core.state import GameState, Zone, ZoneKind
from ..spells.pool import MagicSource
from ..tasks.kinds import RuleTask

Events = list[Event]

DEATH = "death"

# Terrain spells that harm every army at their terrain (damage, or a penalty on its rolls). In
# the 1996 game no magic may harm an army of the caster's own player (TSR digest §9.4, §16 #20,
# §18 row 24): they may not be aimed at a terrain where the caster has an army.
HARMS_EVERY_ARMY = frozenset({"Firestorm", "Ash Storm", "Blizzard", "Fields of Ice",
                              "Magic Drain"})


def harms_own_army(state: GameState, spell_name: str, caster: int, terrain: Zone) -> bool:
    """Whether casting `spell_name` on `terrain` would harm an army of `caster` in a 1996 game
    (``HARMS_EVERY_ARMY``): the caster has an army there."""
    return spell_name in HARMS_EVERY_ARMY and state.has_army(terrain, caster)


def holds_standing_stones(state: GameState, player: int) -> bool:
    """Whether `player` holds the eighth face of a Standing Stones terrain (any terrain)."""
    return any(t.face == 8 and t.controller == player
               and t.die.eighth_face is Icon.STANDING_STONES for t in state.terrains)


def terrain_bonus(state: GameState, sources: Sequence[MagicSource], zone: Zone, player: int,
                  events: Events) -> tuple[MagicSource, ...]:
    """`sources` (a magic action's magic, per die) with the 1996 terrain bonus applied: each
    source with a colour of the terrain doubled, paying only the terrain's colours (see the
    module docstring); the log names each doubling and what is not resolved."""
    if zone.kind is not ZoneKind.TERRAIN:
        # Amazons cannot cast magic from reserves (F4); nothing is doubled there.
        amazons = [s for s in sources if s.species is Species.AMAZONS and s.amount]
        if amazons:
            events.append(Event("message", f"Amazons cast no magic from the Reserve Area: "
                                           f"{sum(s.amount for s in amazons)} magic unused",
                                player=player))
        return tuple(s for s in sources if s.species is not Species.AMAZONS)
    terrain = state.terrains[zone.index]
    colours = frozenset(c.value for c in terrain.die.elements)
    stones = holds_standing_stones(state, player)
    out = []
    for source in sources:
        names = source.elements
        if source.species is Species.AMAZONS and not stones:
            out.append(source)
            continue
        shared = names & colours
        if shared and source.amount:
            out.append(MagicSource(source.amount * 2, shared, source.species,
                                   source.any_species, source.label))
            only = "" if shared == names else f", to pay {'/'.join(sorted(shared))} spells"
            events.append(Event("message", f"Terrain bonus: {source.label}'s "
                                           f"{source.amount} magic doubled to "
                                           f"{source.amount * 2}{only} ({terrain.die.name})",
                                player=player))
            continue
        out.append(source)
    events.append(Event("message", "Classic spells incomplete: besides the 1996 spells "
                                   "known, the spells offered are today's spells of the "
                                   "same name", player=player))
    return tuple(out)


# --- black magic doubled by burying the dead (OP-15) -----------------------------------------

BLACK_MAGIC = "classic_black_magic"
NO_BURIAL = "none"


def _black(sources: Sequence[MagicSource]) -> int:
    return sum(s.amount for s in sources if DEATH in s.elements)


def _dead_piles(state: GameState) -> list[Zone]:
    return [Zone(ZoneKind.DUA, p) for p in range(state.player_count)
            if state.units_in(Zone(ZoneKind.DUA, p), p)]


def black_magic_tasks(state: GameState, player: int, zone: Zone,
                      sources: Sequence[MagicSource]) -> list[RuleTask]:
    """The choice to double black magic by burying dead units, before the spells of a
    classic magic action are announced (OP-15): none without black magic or dead units."""
    if not _black(sources) or not _dead_piles(state):
        return []
    return [RuleTask(BLACK_MAGIC, player, zone, stage="pile")]


def black_magic(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """OP-15: the caster may bury dead units from one player's Dead Unit Area (never
    dragons); each health buried doubles one black magic point, up to the black magic
    rolled. The choice is made before the spells are announced (rulings). The extra magic is
    black and joins the casting that follows."""
    from ..tasks.effect_steps import ask, resume, units_pick
    from ..tasks.kinds import ChooseAsk, answer_of, picks_of
    from ..tasks.queue_ops import pop_head
    from ..units.fates import bury

    casting = _casting(state).data[0]
    black = _black(casting.sources)
    player = task.player
    if task.stage == "pile":
        piles = _dead_piles(state)
        options: tuple[str | Zone, ...] = (NO_BURIAL, *piles)
        which = ChooseAsk(player, f"Double up to {black} black magic: bury dead units from "
                                  f"which Dead Unit Area?", options, NO_BURIAL)
        return ask(state, task, which, stage="chosen")
    if task.stage == "chosen":
        if (waiting := resume(state, task)) is not None:
            return waiting
        pile = answer_of(task)
        if not isinstance(pile, Zone):
            return pop_head(state), False
        units = state.units_in(pile, pile.index)
        pick = units_pick(player, f"Bury up to {black} health-worth from "
                                  f"{state.zone_name(pile)}: each health doubles one "
                                  f"black magic point", units, budget=black)
        return ask(state, task, pick, stage="bury")
    if (waiting := resume(state, task)) is not None:
        return waiting
    picked = picks_of(task)
    health = sum(state.dice[i].die.health for i in picked)
    for die_id in picked:
        state = bury(state, die_id, events, "to double black magic")
    extra = min(health, black)
    if extra:
        first = next(s for s in casting.sources if DEATH in s.elements)
        more = MagicSource(extra, frozenset({DEATH}), first.species, first.any_species,
                           "black magic doubled by burial")
        events.append(Event("message", f"{health} health buried: {extra} black magic more",
                            player=player))
        from dataclasses import replace

        head = _casting(state)
        now = head.data[0]
        grown = replace(head, data=(replace(now, sources=now.sources + (more,)),)
                        + head.data[1:])
        state = state.with_(tasks=tuple(grown if t is head else t for t in state.tasks))
    return pop_head(state), False


def _casting(state: GameState) -> RuleTask:
    """The casting task the black-magic choice comes before (queued right after it)."""
    return next(t for t in state.tasks if isinstance(t, RuleTask) and t.kind == "casting")
