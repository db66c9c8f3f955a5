"""Magic in the 1996 game (TSR digest §9.3, OP-14 to OP-16): the terrain bonus doubles the magic
of the terrain's colours; black magic is doubled by burying the dead; the spells are today's
spells of the same name (the 1996 list could not be read: "classic spells incomplete").

- Terrain bonus (OP-14): a unit's magic (normal icons and ID alike) whose colours are all
  colours of the terrain the army stands on is doubled. Amazons, who cast the terrain's
  colours, double theirs only while their player holds a Standing Stones terrain (F4, CK1).
  Magic in the Reserve Area is never doubled. A unit with one colour the terrain has and one it
  has not has its magic doubled too, and the doubled magic pays only spells of the shared
  colour (rulings: the magic of the terrain's colour is what doubles).
- Black magic (OP-15): doubling by burying dead units is not applied; when the army rolled
  black magic and some Dead Unit Area holds units it could bury, the log says so (not
  resolved).
- Doubling comes after any halving (the pipeline's order) and only matters for magic spent;
  nothing is buried for the terrain bonus.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...catalog.model import Icon, Species
from ..core.events import Event
from ..core.state import GameState, Zone, ZoneKind
from ..spells.pool import MagicSource

Events = list[Event]

DEATH = "death"


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
        return tuple(sources)
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
    if any(DEATH in s.elements and s.amount for s in out) and any(
            state.units_in(Zone(ZoneKind.DUA, p), p) for p in range(state.player_count)):
        events.append(Event("unresolved", "Not resolved: black magic may be doubled by "
                                          "burying dead units (1996 rules); not applied",
                            player=player))
    events.append(Event("message", "Classic spells incomplete: the spells offered are "
                                   "today's spells of the same name", player=player))
    return tuple(out)
