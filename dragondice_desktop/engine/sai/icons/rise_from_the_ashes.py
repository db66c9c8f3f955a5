"""Rise from the Ashes (seed 000), with its other power: when a unit with this SAI is killed or
buried, it rolls, and on this face goes to its Reserve Area instead. An effect that kills and
buries lets it roll once when killed and again when buried; a first success saves it from the
burial (seed 000). ``units/fates.py`` asks that power
(``SaiRecord.when_killed``) wherever a unit is killed or buried.
"""

from __future__ import annotations

from ....catalog.model import Die, Icon
from ...core.events import Event
from ...core.state import GameState, Zone, ZoneKind
from ...rolls.individual_roll import face_roll
from ...rolls.model import RollType
from ...units.fates import move_unit
from ..builders import results_in
from ..records import SaiRecord


def rises_from_ashes(die: Die) -> bool:
    """True if `die` has the Rise from the Ashes SAI: killed or buried, it rolls, and on that
    face goes to its Reserve Area instead (seed 000)."""
    return any(icon is Icon.RISE_FROM_THE_ASHES for face in die.faces for icon, _ in face.icons)


def rises(state: GameState, die_id: int, events: list[Event],
          when: str) -> tuple[GameState, bool]:
    """Unit `die_id`, being killed or buried (`when`: "killed" or "buried"), rolls; on its
    Rise from the Ashes face it goes to its Reserve Area instead (seed 000). Returns (state,
    True when it rose)."""
    if not rises_from_ashes(state.dice[die_id].die):
        return state, False
    state, hit = face_roll(state, die_id, Icon.RISE_FROM_THE_ASHES, events,
                           f"Rise from the Ashes when {when}")
    if hit:
        player = state.dice[die_id].owner
        state = move_unit(state, die_id, Zone(ZoneKind.RESERVE, player), events,
                          "rises from the ashes to the Reserve Area (seed 000)", settle=False)
    return state, hit


RECORDS: dict[Icon, SaiRecord] = {
    Icon.RISE_FROM_THE_ASHES: SaiRecord(
        applies='Save, Special',
        summary=('X saves; when the unit dies or is buried, a lucky roll sends it to your Reserve'
                 ' Area instead.'),
        in_roll=results_in({RollType.SAVE: "seed 000 Rise from the Ashes; its other power "
                                           "works when the unit is killed or buried, not in "
                                           "a roll"}),
        when_killed=rises,
    ),
}
