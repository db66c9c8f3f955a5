"""Rout in the 1996 game (TSR digest §11, OP-18): a hook after each melee exchange (an attack
or counter-attack, the save roll against it and its damage).

The 1996 rout rule could not be read. By default no army routs; Screech, which the 1996 icon
list counts "for purposes of rout" only (seed 002), then does nothing, and the log says so.
The house rule CLASSIC_PROVISIONAL_ROUT plays a provisional rule of this app instead: the army
that rolled saves routs when its rout-save total — its save results less the Screech amount
against it — is below half the melee hits against it; its surviving units flee to its owner's
Reserve Area.
"""

from __future__ import annotations

from ..core.events import Event
from ..core.house_rules import CLASSIC_PROVISIONAL_ROUT
from ..core.state import Exchange, GameState, Zone, ZoneKind
from ..rolls.model import RollResult, RollType
from .forms import register_exchange_kind

Events = list[Event]

# The effect kind a Screech gives a melee roll of a classic game (the icons' side, seed 002):
# its amount is the saves taken from the opposing army's roll for judging rout only.
ROUT_SCREECH = "classic_rout_screech"
register_exchange_kind(ROUT_SCREECH, "counts against the opposing army's saves when rout is "
                                     "judged after the exchange")


def routs(hits: int, saves: int, screech: int) -> bool:
    """The provisional rout test: an army routs when `saves` less `screech` is below half
    the `hits` against it (3 hits need 2 saves to hold); with no hits nothing routs.
    Raises ValueError for negative numbers."""
    if min(hits, saves, screech) < 0:
        raise ValueError("hits, saves and Screech are never negative")
    return hits > 0 and 2 * (saves - screech) < hits


def rout_step(state: GameState, ex: Exchange, attack: RollResult | None,
              save: RollResult | None, events: Events) -> GameState:
    """After the melee exchange `ex` (attack roll `attack`, the save roll `save` against it,
    damage done): apply the rout hook. Off by default (the log names any Screech it leaves
    without effect); under the house rule the saving army may rout to its Reserve Area."""
    if ex.kind != "melee" or attack is None:
        return state
    screech = sum(e.amount for e in attack.effects_of(ROUT_SCREECH))
    if not state.options.house_rule(CLASSIC_PROVISIONAL_ROUT):
        if screech:
            events.append(Event("message", f"Screech ({screech} saves for rout): no effect — "
                                           "the 1996 rout rule is not known, so no army routs "
                                           "(house rule \"provisional rout rule\" off)"))
        return state
    units = state.units_in(ex.defender_zone, ex.defender)
    if not units or ex.defender_zone.kind is not ZoneKind.TERRAIN:
        return state
    hits = attack.total(RollType.MELEE)
    saves = save.total(RollType.SAVE) if save is not None else 0
    name = state.players[ex.defender].name
    if not routs(hits, saves, screech):
        events.append(Event("message", f"{name}'s army holds: {saves} saves"
                                       + (f" − {screech} (Screech)" if screech else "")
                                       + f" against {hits} hits (provisional rout rule)",
                            player=ex.defender))
        return state
    from ..units.fates import move_unit

    events.append(Event("message", f"{name}'s army routs: {saves} saves"
                                   + (f" − {screech} (Screech)" if screech else "")
                                   + f" is below half of {hits} hits; its units flee to the "
                                     f"Reserve Area (provisional rout rule)", player=ex.defender))
    reserve = Zone(ZoneKind.RESERVE, ex.defender)
    for unit in units:
        state = move_unit(state, unit.id, reserve, events, "routs to the Reserve Area")
    return state
