"""The options a game is played with, fixed when it starts and saved in its game file.

A game is defined by (setups, seed, options, actions): the options change what the engine
does, so a game file must carry them for a saved game to replay to the identical state.

- `rules`: the engine's rules revision the game was started under. A game file keeps the
  revision it was recorded with and replays under it, so a later rules change (a species
  ability the engine did not apply before, say) never breaks an older saved game. Each
  revision's changes are listed in RULES_REVISIONS (and on the Rulings page).
- `manual_dice`: players roll their own physical dice and enter each face (issue 7 §3).
- `house_rules`: the ids of the house rules in force (see `core/house_rules.py`), sorted.
- `assemble_armies`: before the Horde roll-off each player in turn divides their army dice
  between the Home, Horde and Campaign armies (digest §2.2, secretly; the force's own split is
  where they start). A game without it (every game file written before it) starts with the
  force's split as it is.
- `ruleset`: which game is played: SFR's v4.01 rules (the default) or the 1996 TSR game
  ("classic", issue 18), whose icons mean what the 1996 action-icon list says. A game
  without it (every file written before it) is a v4.01 game.
"""

from __future__ import annotations

from dataclasses import dataclass

# What each rules revision changed; the last one is what new games use.
RULES_REVISIONS = {
    1: "the rules as first released (game files of format version 1)",
    2: "Goblins' Swamp Mastery and Foul Stench are applied (digest §6); a unit showing "
       "Cantrip in a roll of its own buys Cantrip spells (seed 000); Tidal Wave's roll counts "
       "only normal save and maneuver results (digest §7); in a combination roll each ID is "
       "placed, and may be split, die by die (digest §4.5)",
    3: "damage back to an attacker (Counter, Volley, Charge, Scorching Touch) and Cursed "
       "Bullets' damage are reduced by spell saves (seed 000, digest §6); the casualties "
       "of a damage are chosen as one set and removed together (digest §4.7); the eighth face "
       "doubles the ID results of the holding army's answer to a dragon attack (digest §8); "
       "several Elevates in one roll double different units, chosen by the roller (seed 000 "
       "Targeting); the force size behind \"per 24 points\" caps prices a pair of medium "
       "equipment at 3 (seed 001)",
    4: "the target of Coil chooses what its ID and Counter results count as (seed 000 Coil, "
       "digest §4.5); the owner of an army with more items than it can carry chooses which "
       "are buried, and only the excess goes (seed 001); an army answering a dragon attack "
       "at a fire terrain may count its Firewalkers' saves as melee (Flaming Shields, digest "
       "§6)",
    5: "when Stepped Damage exchanges a killed Undead, its owner chooses the smaller Undead "
       "from the DUA that takes its place, or none (digest §6: \"you may\"); when Resist "
       "Fear lets only some of an army's feared Dragonkin roll against a dragon attack, "
       "their owner picks which (digest §6)",
}
RULES = max(RULES_REVISIONS)

# The rulesets a game can be played under: id -> the name players see.
V401 = "v4.01"
CLASSIC = "classic"
RULESETS = {V401: "SFR v4.01", CLASSIC: "TSR 1996 (classic)"}


@dataclass(frozen=True)
class GameOptions:
    """How a game is played. `rules`: a key of RULES_REVISIONS; `manual_dice`: faces are
    entered by the players instead of rolled by the app; `house_rules`: sorted ids of the
    house rules in force; `assemble_armies`: the players assemble their armies at setup;
    `ruleset`: a key of RULESETS (V401 or CLASSIC). Build from untrusted input with
    `checked`."""

    rules: int = RULES
    manual_dice: bool = False
    house_rules: tuple[str, ...] = ()
    assemble_armies: bool = False
    ruleset: str = V401

    @property
    def classic(self) -> bool:
        """True when the game plays the 1996 TSR rules (issue 18)."""
        return self.ruleset == CLASSIC

    def since(self, revision: int) -> bool:
        """True when the game plays under rules revision `revision` or later."""
        return self.rules >= revision

    def house_rule(self, rule_id: str) -> bool:
        """True when house rule `rule_id` is in force."""
        return rule_id in self.house_rules


def options_problem(options: GameOptions) -> str | None:
    """Why `options` cannot start or replay a game (None when it can): an unknown rules
    revision or house rule, a house rule named twice, or values of the wrong type."""
    from .house_rules import HOUSE_RULES

    if isinstance(options.rules, bool) or options.rules not in RULES_REVISIONS:
        return (f"rules revision {options.rules!r} is unknown; this app knows revisions "
                f"{min(RULES_REVISIONS)} to {RULES}")
    if not isinstance(options.manual_dice, bool):
        return "'manual_dice' must be true or false"
    if not isinstance(options.assemble_armies, bool):
        return "'assemble_armies' must be true or false"
    if not isinstance(options.ruleset, str) or options.ruleset not in RULESETS:
        return (f"ruleset {str(options.ruleset)[:40]!r} is unknown; this app plays "
                f"{' and '.join(repr(r) for r in RULESETS)}")
    if not isinstance(options.house_rules, tuple):
        return "'house_rules' must be a list of house rule names"
    for rule_id in options.house_rules:
        if rule_id not in HOUSE_RULES:
            return f"house rule {str(rule_id)[:40]!r} is unknown to this app"
    if len(set(options.house_rules)) != len(options.house_rules):
        return "a house rule is named twice"
    return None


def checked(rules: int = RULES, manual_dice: bool = False,
            house_rules: tuple[str, ...] = (), assemble_armies: bool = False,
            ruleset: str = V401) -> GameOptions:
    """GameOptions with the house rules sorted; raises ValueError naming the problem."""
    try:
        rules_in_force = tuple(sorted(house_rules))
    except TypeError:
        raise ValueError("'house_rules' must be a list of house rule names") from None
    options = GameOptions(rules, manual_dice, rules_in_force, assemble_armies, ruleset)
    problem = options_problem(options)
    if problem:
        raise ValueError(problem)
    return options
