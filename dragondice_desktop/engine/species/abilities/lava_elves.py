"""Lava Elves (digest §6): Volcanic Adaptation, Cursed Bullets."""

from __future__ import annotations

from ....catalog.model import Color, Species
from ...core.state import Exchange, GameState
from ...rolls.model import RollResult, RollType
from ..counts_as import CURSED_BULLETS, Conversion, dua_count
from ..registry import Hook, ability, conversion

VOLCANIC_ADAPTATION = conversion(
    Conversion(Species.LAVA_ELVES, "Volcanic Adaptation", frozenset({Color.FIRE}),
               RollType.MANEUVER, RollType.SAVE),
    "at a fire terrain, maneuver counts as saves", __name__)


@ability(Species.LAVA_ELVES, "Cursed Bullets", Hook.IN_DAMAGE,
         "up to N missile results are reduced only by spell saves, against a target at the "
         "same terrain (N: the Lava Elves in the DUA)")
def cursed_bullets(state: GameState, ex: Exchange, attack: RollResult) -> int:
    """In a missile attack on an army at the same terrain, up to N missile results (N = Lava
    Elves in the attacker's DUA, max 3 †) are reduced only by spell saves — when Lava Elves
    rolled in the attack (digest §6)."""
    if ex.kind != "missile" or ex.attacker_zone != ex.defender_zone:
        return 0
    if not any(state.dice[d.die_id].die.species is Species.LAVA_ELVES and not d.excluded
               for d in attack.dice):
        return 0
    return dua_count(state, ex.attacker, CURSED_BULLETS.species, CURSED_BULLETS.cap)
