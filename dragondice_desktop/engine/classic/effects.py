"""The effects the 1996 icons hand to the game (``Effect.kind`` of a classic roll), and the
pure rules that decide their outcome (seed 002; the 1996 digest's open points for the
defaults the app takes, recorded on the Rulings page).

Kinds the v4.01 effect procedures apply the same way keep their v4.01 kind (``sai/effects.py``:
"targets", "unit_damage", "hug", "coil", "charm", "damage_no_save", "damage_to_attacker",
"bash", "delayed" (Decapitate, Impale: after the defender's save roll the attacker picks one
unit that rolled its ID, and it is killed), "move_units", "vanish", "wayfare"); the
amount is the 1996 number. The 1996-only kinds are ``CLASSIC_EFFECT_KINDS``, each with what
the game does with it. Those that need the turn (paralysis until your next turn, a stun for the
rest of your turn, rout, Illusion's separate roll, Galeforce) are the classic game's to apply.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

# kind -> what the game does with an Effect of that kind (amount: the effect's number).
CLASSIC_EFFECT_KINDS: dict[str, str] = {
    "classic_bullseye": "one unit of the target army, the shooter's choice, takes `amount` "
                        "damage (one per Bullseye icon) and rolls saves alone; it is killed "
                        "when the damage left reaches its health (bullseye_kills), before the "
                        "army's save roll; less does nothing",
    "classic_convert": "one opposing unit of less health than `amount` (the Convert icons) is "
                       "killed unless it saves; an Undead unit of equal or lesser health "
                       "joins the army from its owner's dead (convert_targets)",
    "classic_paralyse": "`amount` health-worth of the opposing army, the roller's choice, "
                        "cannot roll until the beginning of the roller's next turn; killing "
                        "the Entangling monster ends it",
    "classic_web": "`amount` health-worth of the opposing army, the roller's choice, each "
                   "rolls a save at once; those that fail cannot roll until the beginning of "
                   "the roller's next turn",
    "classic_stun": "`amount` health-worth of opposing units, the roller's choice, each rolls "
                    "for a maneuver; those that fail make no further rolls for the rest of the "
                    "roller's turn",
    "classic_kill_health": "`amount` health-worth of enemy units, the roller's choice, are "
                           "killed with no save (Firebreath)",
    "classic_flame": "one enemy unit of at most `amount` health is killed and buried, with no "
                     "save (flame_targets)",
    "classic_plague": "the plague chain: an opposing unit is plagued unless it rolls its ID; "
                      "its owner picks another unit of the army; the bearer makes a melee "
                      "attack on it and dies; a unit killed becomes the next bearer, until a "
                      "bearer fails to kill",
    "classic_seize": "`amount` health-worth of the target army, the shooter's choice, each "
                     "rolls a save: those that fail are killed, those that save go to their "
                     "owner's reserves",
    "classic_unit_damage_no_save": "one unit of the target army takes `amount` damage with no "
                                   "save (Swoop)",
    "classic_rout_screech": "`amount` is subtracted from the opposing army's saves when rout is "
                            "judged, never from the saves that cancel damage (rout_saves)",
    "classic_no_return_attacks": "Surprise: the surprised army makes no return attacks — no "
                                 "skirmish counter-attack; in a charge the defender's melee "
                                 "results do no damage, its saves still count",
    "classic_illusion": "`amount` health-worth of the enemy, the roller's choice, are attacked "
                        "by the rest of their own army in a separate melee roll after the "
                        "current round of melee",
    "classic_galeforce": "the target army ignores its Fly results (contexts.without_fly) until "
                         "the end of the roller's next turn",
    "classic_wither": "one opposing unit takes -`amount` on every roll until the beginning of "
                      "the roller's next turn; an adjusted result of 0 or less kills it "
                      "(withered)",
    "classic_elevate": "the normal missile results of one unit of the army, the roller's "
                       "choice, count as melee in this melee",
    "classic_ferry": "the monster may move to another terrain, and may return at once with "
                     "`amount` health of six-sided units; units moved into combat are rolled "
                     "at once and counted",
    "classic_regenerate": "Regenerate's return: `amount` health of the roller's units come back "
                          "from their dead to this army; in a combat they are rolled at once "
                          "and counted in its totals",
    "classic_summon_dragon": "the dragon of the roller's choice, any colour, from any dead "
                             "pile, comes to the terrain of the die — wished for or not",
}


def bullseye_kills(damage: int, health: int, saves: int) -> bool:
    """Bullseye (seed 002): the target saves alone; it is killed when the damage left after
    its saves equals or exceeds its health. Less does nothing, and never adds to the army's
    damage (the app's reading). Raises ValueError for negative numbers or health below 1."""
    if damage < 0 or saves < 0 or health < 1:
        raise ValueError(f"Bullseye needs damage, saves >= 0 and health >= 1, got damage "
                         f"{damage}, health {health}, saves {saves}")
    return damage - saves >= health


def convert_targets(convert_icons: int, healths: Sequence[int]) -> tuple[int, ...]:
    """The indexes of the units Convert may target: health less than the number of Convert
    icons rolled (seed 002 Convert)."""
    return tuple(i for i, h in enumerate(healths) if h < convert_icons)


def flame_targets(healths: Sequence[int], limit: int = 2) -> tuple[int, ...]:
    """The indexes of the units Flame may kill and bury: two health or less (seed 002)."""
    return tuple(i for i, h in enumerate(healths) if h <= limit)


def rout_saves(saves: int, screech_amounts: Sequence[int]) -> int:
    """The saves that count when rout is judged: the army's saves less each Screech's
    amount, never below 0 (seed 002 Screech: "for purposes of rout only")."""
    return max(0, saves - sum(screech_amounts))


def withered(result: int, penalty: int) -> tuple[int, bool]:
    """A withered unit's roll (seed 002 Wither): (the adjusted result, killed?). Every roll of
    the unit is lowered by `penalty`; an adjusted result of 0 or less kills it."""
    adjusted = result - penalty
    return max(0, adjusted), adjusted <= 0


def wave_loss(shows_wave: bool, amount: int = 4) -> int:
    """Wave's own roll (seed 002): when an opposing army rolls saves (or maneuvers) at its
    terrain its owner may roll it; on the Wave face that army loses `amount` results."""
    return amount if shows_wave else 0


# The procedures that apply a 1996-only effect kind in play, registered by the code that
# applies it (``classic/effect_runners.py``, the classic game): kind -> the runner, with the
# v4.01 runners' signature (state, EffectTask, events) -> (state, waiting); the task runner
# asks here first (``tasks/runner.py``). The classic rules coverage reads it: an icon whose effect kind has no
# runner is "partial" there (counted, its effect not yet applied in play).
RUNNERS: dict[str, Callable[..., Any]] = {}


def register_runner(kind: str, runner: Callable[..., Any]) -> None:
    """Register the procedure that applies effects of `kind` in play. Raises ValueError for
    a kind that is not a 1996 effect kind, or one registered twice (one rule, one place)."""
    if kind not in CLASSIC_EFFECT_KINDS:
        raise ValueError(f"{kind!r} is not a 1996 effect kind ({', '.join(CLASSIC_EFFECT_KINDS)})")
    if kind in RUNNERS:
        raise ValueError(f"the 1996 effect {kind!r} is registered twice")
    RUNNERS[kind] = runner
