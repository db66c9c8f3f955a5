"""The phases of a turn before the marches (digest §3.2-3.4), each a StepTask on the queue so
its decisions wait like any other: Eighth Face, Dragon Attack, Species Abilities, then the
First March (``turn.begin_turn`` queues them)."""

from __future__ import annotations

from ..dragons.attack_phase import phase_tasks as dragon_attack_tasks
from ..terrains.eighth_faces import phase_tasks as eighth_face_tasks
from ..core.events import Event
from .flow import start_march
from ..species.phase import phase_tasks as species_tasks
from ..core.state import GameState, Phase
from ..tasks.queue_ops import pop_head

Events = list[Event]

TURN_START = ("eighth_face_phase", "dragon_attack_phase", "species_phase", "marches")


def _eighth_face(state: GameState, events: Events) -> tuple[GameState, bool]:
    state = state.with_(phase=Phase.EIGHTH_FACE)
    return pop_head(state, eighth_face_tasks(state, events)), False


def _dragon_attack(state: GameState, events: Events) -> tuple[GameState, bool]:
    state = state.with_(phase=Phase.DRAGON_ATTACK)
    return pop_head(state, dragon_attack_tasks(state, events)), False


def _species(state: GameState, events: Events) -> tuple[GameState, bool]:
    state = state.with_(phase=Phase.SPECIES_ABILITIES)
    return pop_head(state, species_tasks(state, events)), False


def _marches(state: GameState, events: Events) -> tuple[GameState, bool]:
    return start_march(pop_head(state), Phase.FIRST_MARCH, events), True


TURN_STEPS = {"eighth_face_phase": _eighth_face, "dragon_attack_phase": _dragon_attack,
              "species_phase": _species, "marches": _marches}
