"""The species abilities a magic action asks (digest §6; each lives in its species' file,
``species/abilities/``): the magic an army's own action gains (Bone Magic), and the rolls
opponents make against it with what they take from its magic (Magic Negation)."""

from __future__ import annotations

from ..core.state import GameState, Zone
from ..rolls.model import RollResult
from ..species.registry import Hook, collect, on
from ..tasks.effect_steps import Events
from ..tasks.kinds import RollTask
from .pool import MagicSource


def own_magic(state: GameState, result: RollResult, player: int,
              events: Events) -> tuple[MagicSource, ...]:
    """The magic `player`'s army gains in its own magic action with roll `result` (every
    ability on the IN_MAGIC hook)."""
    return tuple(collect(Hook.IN_MAGIC, state, result, player, events))


def opposing_rolls(state: GameState, zone: Zone, caster: int) -> list[RollTask]:
    """The rolls opponents make against `caster`'s magic action at `zone` (every ability on
    the OPPOSING_MAGIC hook), before the caster totals."""
    return collect(Hook.OPPOSING_MAGIC, state, zone, caster)


def opposed(state: GameState, zone: Zone, caster: int, sources: tuple[MagicSource, ...],
            events: Events) -> tuple[MagicSource, ...]:
    """`caster`'s magic sources once the opposing rolls have taken their share."""
    for entry in on(Hook.OPPOSING_MAGIC, state):
        assert entry.then is not None  # an opposing roll says what it takes
        sources = entry.then(state, zone, caster, sources, events)
    return sources
