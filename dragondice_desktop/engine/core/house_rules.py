"""House rules: the alternative readings of ambiguous rules that players may choose for a
game (issue 6 §7). Each is off unless a game's options name it (`options.GameOptions`); the
default reading is the one on the Rulings page, the house rule is the alternative.

Only ambiguities where players really disagree and the other reading is clear have one (rules
digest §10): the engine asks `state.options.house_rule(<id>)` where the readings part. The
Rulings page lists every entry of HOUSE_RULES (ui/help_texts.py); the Preferences offer each
one as a default for new games (ui/preferences_dialog.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    """An alternative ruling. `rule_id`: the short name game files store; `title`: what the
    house rule does, in a few words (the label of the checkbox that turns it on); `default`:
    what the app does without it; `alternative`: what it does with it; `source`: where the
    ambiguity is recorded (digest section); `ruleset`: "" when it applies to every game,
    else the ruleset whose games it belongs to ("classic" for the 1996 game's open points,
    issue 18)."""

    rule_id: str
    title: str
    default: str
    alternative: str
    source: str
    ruleset: str = ""


# The ids the engine asks about. Game files store them: never rename one.
WHITE_DRAGON_TEN_SAVES = "white-dragon-10-saves"
NO_SPELLS_ON_RESERVES = "no-spells-on-reserve-armies"
OWN_ARMIES_ONLY = "army-spells-own-armies-only"
NO_COUNTER_AFTER_NOTHING = "no-counter-attack-after-no-results"
PROMOTION_ONE_STEP = "promotion-one-step"
ONE_MULTIPLIER_PER_TYPE = "one-multiplier-per-result-type"
# The 1996 (classic) game's open points (TSR digest §19); the force switches' ids are also
# spelt in forces/classic.py, which may not import the engine.
CLASSIC_1997_DICE = "classic-1997-dice"
CLASSIC_ITEMS_AND_DRAGONKIN = "classic-items-and-dragonkin"
CLASSIC_NO_RACE_NEUTRAL = "classic-no-race-dice-neutral"
CLASSIC_PROVISIONAL_ROUT = "classic-provisional-rout"
CLASSIC_CHARGER_SAVES = "classic-charger-rolls-saves"
CLASSIC_EIGHTH_FACE_IDS = "classic-eighth-face-doubles-ids"

_RULES = (
    HouseRule(
        WHITE_DRAGON_TEN_SAVES, "White Dragons have 10 automatic saves",
        "A White Dragon has 10 health and 5 automatic saves (rulebook, 2021 wiki): 15 melee "
        "or 15 missile results kill it, 10 after it rolled Belly.",
        "A White Dragon has 10 automatic saves, as in the OCTGN dice data: 20 melee or 20 "
        "missile results kill it, still 10 after it rolled Belly.",
        "digest §10 #1"),
    HouseRule(
        NO_SPELLS_ON_RESERVES, "No spell targets a Reserve army",
        "Spells have no range: a spell may target an army in a Reserve Area, or a unit in "
        "one (terrain spells never reach the Reserve Area).",
        "No spell may target an army in a Reserve Area or a unit in one. A Reserve army "
        "still casts its R spells: army spells on armies at terrains; spells that act for "
        "the casting army or player (Resurrect Dead, Path ...) are unchanged.",
        "digest §10 #2"),
    HouseRule(
        NO_COUNTER_AFTER_NOTHING, "No counter-attack after a 0-result attack",
        "An army attacked in melee may counter-attack even when the attack had no melee "
        "results (\"may then counter-attack\"), as long as it still has units.",
        "An attack with no melee results draws no counter-attack; for Defensive Volley, a "
        "missile attack with no missile results.",
        "digest §10 #4"),
    HouseRule(
        PROMOTION_ONE_STEP, "Promotions: one size per unit",
        "\"Promote X health-worth\" (Wild Growth, the Elemental Relic) promotes one size per "
        "health-worth; a unit may be promoted again to jump sizes (dd_solo).",
        "Such an effect promotes each unit at most once, one size: X health-worth promotes up "
        "to X units. A unit the Elemental Relic recruited is not promoted by it.",
        "digest §10 #9, §4.8"),
    HouseRule(
        ONE_MULTIPLIER_PER_TYPE, "Several Elevates: one doubling per result type",
        "Two Elevates (or Wilding and an Elevate) in one roll double two different units, "
        "each chosen by the roller: no army or unit is multiplied twice for one result.",
        "A roll uses at most one multiplying effect per result type, whatever it multiplies: "
        "of several Elevates only the one that gains most counts (the app's reading before "
        "rules revision 3).",
        "seed 000 Targeting"),
    HouseRule(
        OWN_ARMIES_ONLY, "Helpful army spells on your own armies only",
        "A beneficial army spell (\"Army: ...\": Stone Skin, Wind Walk, Watery Double ...) "
        "may target any army, an opponent's included, as the letter of the rules allows.",
        "Beneficial army spells target only the caster's own armies (as dd_solo plays them).",
        "digest §10 #12"),
    HouseRule(
        CLASSIC_1997_DICE, "1996 game: Frostwings and Scalders may play",
        "Frostwings and Scalders are refused in a 1996 game: they were printed by TSR, but "
        "probably only in 1997, and no 1996 text needs them.",
        "Frostwings and Scalders may be brought to a 1996 game.",
        "tsr §19 OP-29", ruleset="classic"),
    HouseRule(
        CLASSIC_ITEMS_AND_DRAGONKIN, "1996 game: items and Dragonkin may play",
        "Items (equipment, artifacts, medallions) and Dragonkin are refused in a 1996 game: "
        "they existed by the end of 1996, but their rules of the time are not known.",
        "Equipment, artifacts, medallions and Dragonkin may be brought, under today's "
        "carrying and Dragonkin rules (their 1996 rules are not known).",
        "tsr §19 OP-30", ruleset="classic"),
    HouseRule(
        CLASSIC_NO_RACE_NEUTRAL, "1996 game: dice of no race join any army",
        "Dice of no race (Dragonlords, Dragonslayers, Dragonmasters) count as a race of "
        "their own: a Home or Campaign army is all of them or holds none.",
        "Dice of no race may join a one-race Home or Campaign army without breaking the "
        "one-race rule.",
        "tsr §19 OP-28", ruleset="classic"),
    HouseRule(
        CLASSIC_PROVISIONAL_ROUT, "1996 game: provisional rout rule",
        "No army routs: the 1996 rout rule is not known, so Screech (which counts only for "
        "rout) does nothing, and the log says so.",
        "After each melee attack the army that rolled saves routs if its saves, less 4 for "
        "each Screech against it, are fewer than half the hits against it: its surviving "
        "units flee to its Reserve Area. A provisional rule of this app, not the 1996 text.",
        "tsr §19 OP-18", ruleset="classic"),
    HouseRule(
        CLASSIC_CHARGER_SAVES, "1996 game: a charging army rolls saves",
        "A charging army makes no save roll against the melee of the army it charges: only "
        "saves from spells reduce that damage.",
        "A charging army rolls for saves against the charged army's melee results, like any "
        "army attacked in melee.",
        "tsr §19 OP-9", ruleset="classic"),
    HouseRule(
        CLASSIC_EIGHTH_FACE_IDS, "1996 game: the eighth face doubles ID results",
        "The army holding a terrain's eighth face doubles its maneuver results there (the one "
        "1996 eighth-face bonus known), not its ID results.",
        "The army holding a terrain's eighth face doubles the ID results of its rolls there, "
        "as in today's rules, and not its maneuvers.",
        "tsr §19 OP-20", ruleset="classic"),
)

HOUSE_RULES: dict[str, HouseRule] = {rule.rule_id: rule for rule in _RULES}
