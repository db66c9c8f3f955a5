"""Melee in the 1996 game: a skirmish or a charge, declared before the attack rolls (TSR digest
§7, §18 rows 13-15; OP-8 to OP-11), and the eighth face's doubled maneuvers (OP-20).

- Any army that may take a melee action declares its form: ``action melee`` is a skirmish,
  ``action charge`` a charge (OP-8).
- Skirmish: the attack, the defender's save roll, then the defender may counter-attack (a
  skirmish counter-attack, which the attacker saves against) — the melee every v4.01 game
  plays.
- Charge: the charging army's maneuver results count as melee hits (§7.3); the defender makes
  one roll that counts saves and melee together; its melee hits the charger, which makes no
  save roll: only automatic spell saves reduce them (OP-9); there is no counter-attack.
- The holder of a terrain's eighth face doubles its maneuver results there, in maneuver and
  counter-maneuver rolls (OP-20's known minimum), instead of v4.01's doubled ID results.
"""

from __future__ import annotations

from ...catalog.model import Icon, Species
from ..core.house_rules import CLASSIC_EIGHTH_FACE_IDS
from ..core.state import GameState, Zone, ZoneKind
from ..rolls.model import Modifier, ModOp, RollResult, RollType
from .forms import CHARGE, SKIRMISH, register_exchange_kind

# The action a charge is declared with (``action charge``); ``action melee`` is a skirmish.
CHARGE_ACTION = CHARGE
# The 1996 Surprise (seed 002, the icons' side): the surprised army makes no return attacks;
# the march reads it (no counter-attack; in a charge its melee does no damage).
NO_RETURN_ATTACKS = "classic_no_return_attacks"
register_exchange_kind(NO_RETURN_ATTACKS, "the surprised army makes no return attacks")

# A charge counts the charging army's maneuver results as melee (§7.3).
CHARGE_COUNTS = ((RollType.MANEUVER, RollType.MELEE),)


def with_melee_forms(actions: list[str]) -> list[str]:
    """The actions of a classic march: where melee is allowed, the skirmish ("melee") and the
    charge ("charge"), right after it (OP-8)."""
    if "melee" not in actions:
        return actions
    at = actions.index("melee") + 1
    return actions[:at] + [CHARGE_ACTION] + actions[at:]


def is_charge(state: GameState) -> bool:
    """Whether the march under way declared a charge (its MarchState.charge is "charge")."""
    march = state.march
    return march is not None and march.charge == CHARGE


def melee_form(state: GameState) -> str:
    """The form of the march's melee: "charge" or "skirmish"."""
    return CHARGE if is_charge(state) else SKIRMISH


def amazon_missiles(state: GameState, zone: Zone, player: int
                    ) -> tuple[tuple[Species, RollType, RollType, str], ...]:
    """The Amazons' 1996 bonus (TSR digest §8, F4 A-D): in a missile attack by an army in a
    Flatland, Amazons count their maneuver results as missile results (only what they roll:
    maneuvers added by spells are not converted). A conversion for ``RollContext.converts``."""
    if zone.kind is not ZoneKind.TERRAIN:
        return ()
    return amazon_missiles_at(state.terrains[zone.index].die.name)


def amazon_missiles_at(terrain_name: str) -> tuple[tuple[Species, RollType, RollType, str], ...]:
    """The Amazons' 1996 missile conversion (``amazon_missiles``) for a missile attack by an
    army at the terrain named `terrain_name` (any Flatland, TSR digest §8, F4 A-D); () at
    another terrain. Count a roll and the odds ask this, as the game does."""
    if not terrain_name.startswith("Flatland"):
        return ()
    return ((Species.AMAZONS, RollType.MANEUVER, RollType.MISSILE, AMAZON_MISSILES),)


AMAZON_MISSILES = "Amazons in a Flatland: maneuver counts as missile (1996 rules)"


def amazon_eighth_face_missiles(state: GameState, zone: Zone, player: int,
                                attack: RollResult) -> int:
    """F4 D: the eighth face's doubled maneuvers pass into the Amazons' missiles. The extra
    missile results (as many again as the maneuvers the Amazons' conversion counted) when
    `player`'s army at `zone` holds that terrain's eighth face; 0 otherwise."""
    from ..turn.flow import controls_eighth_face

    if not controls_eighth_face(state, zone, player) or state.options.house_rule(
            CLASSIC_EIGHTH_FACE_IDS):
        return 0
    return sum(c.amount for d in attack.dice if not d.excluded for c in d.contributions
               if c.result_type is RollType.MISSILE and c.source.endswith(AMAZON_MISSILES))


def maneuver_doubling(state: GameState, zone: Zone, player: int) -> tuple[Modifier, ...]:
    """The eighth face's doubled maneuvers (OP-20): `player`'s army at `zone` holding the
    terrain's eighth face multiplies its maneuver results by 2 in a maneuver roll."""
    from ..turn.flow import controls_eighth_face

    if not controls_eighth_face(state, zone, player) or state.options.house_rule(
            CLASSIC_EIGHTH_FACE_IDS):
        return ()
    face = state.terrains[zone.index].die.eighth_face
    name = face.value if isinstance(face, Icon) else "eighth face"
    return (Modifier(ModOp.MULTIPLY, 2, f"{name} held: maneuver results doubled (1996 rules)",
                     types=(RollType.MANEUVER,)),)
