"""One record per icon of the 1996 action-icon list (seed 002, Dragon Dice Action Icons
12/13/96): what it gives in each roll of the 1996 game, the effect it passes on to the game,
its targets, its meaning in the answer to a dragon attack and the one line players read.

They sit beside the v4.01 records (``sai/records.py``) and are keyed by the same ``Icon``
(``BY_ICON``); Swoop is on no die of the app's catalog, so its record has no icon. The code
that counts an icon in a roll is its handler in ``classic/counting.py`` (``HANDLERS``), which
reads its number, effect kind and targets here; the classic rules coverage, Count a roll and
the odds read the same records.

Numbers. ``amount`` is the icon's fixed number when seed 002 gives one ("four health worth",
"2 hits"), else None: one result per icon, the icon's count on the face (seed 002 Bullseye
"each bullseye icon", Scare "for each scare icon", Wither "-1 for each wither icon"). On a
ten-sided unit every icon counts four, as the catalog already says (the 1996 digest's default
for monsters' icons).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...catalog.model import Icon
from ..sai.records import TargetSpec
from .contexts import (
    CHARGE_ATTACK, CHARGE_DEFENCE, COUNTER_ATTACK, DRAGON, MAGIC, MANEUVER, MELEE_SAVE, MISSILE,
    SAVE, SKIRMISH_ATTACK,
)

BASIC, COMMON, SPECIAL = "basic", "common", "special"
ANY = "any roll"
MELEE_ANY = "melee (skirmish or charge)"


@dataclass(frozen=True)
class ClassicIcon:
    """Everything data-like about one icon of seed 002.

    name / code: seed 002's "Ability" and "Code" columns; group: BASIC, COMMON or SPECIAL
    (seed 002's three tables); icon: the catalog's icon (None: no die of the catalog shows it);
    summary: the players' one line; rolls: (roll, what the icon gives there) for every roll
    seed 002 names (a roll of ``classic.contexts.ROLLS``, or ANY / MELEE_ANY); dragon: what it
    does in the army's answer to a dragon attack ("" when seed 002 is silent: then its melee,
    missile or save meaning, the 1996 digest's default); amount: its fixed number, None for
    one per icon; effect_kind: the ``Effect.kind`` it hands to the game ("" when it only gives
    results); targets: how the game treats its targets when it reuses the v4.01 target
    procedure (``sai/effects.py`` "targets"), None otherwise; rerolls: the die is rolled again
    in the rolls that say so.
    """

    name: str
    code: str
    group: str
    icon: Icon | None
    summary: str
    rolls: tuple[tuple[str, str], ...]
    dragon: str = ""
    amount: int | None = None
    effect_kind: str = ""
    targets: TargetSpec | None = None
    rerolls: bool = False


def _r(*pairs: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return pairs


RECORDS: tuple[ClassicIcon, ...] = (
    # ---- Basic action icons ----------------------------------------------------------------
    ClassicIcon("ID", "ID", BASIC, Icon.ID,
                "As many results of whatever is being rolled as the unit has health.",
                _r((ANY, "results equal to the unit's health, of the type rolled for"))),
    ClassicIcon("Magic", "Mag", BASIC, Icon.MAGIC, "One magic point in a magic roll.",
                _r((MAGIC, "one magic point"))),
    ClassicIcon("Maneuver", "Man", BASIC, Icon.MANEUVER,
                "One maneuver point in a maneuver roll (and one hit in a charge).",
                _r((MANEUVER, "one maneuver point"),
                   (CHARGE_ATTACK, "one maneuver point, counted as a melee hit"))),
    ClassicIcon("Melee", "Mel", BASIC, Icon.MELEE, "One hit in a melee roll.",
                _r((MELEE_ANY, "one hit"))),
    ClassicIcon("Missile", "Mis", BASIC, Icon.MISSILE, "One hit in a missile roll.",
                _r((MISSILE, "one hit"))),
    ClassicIcon("Save", "Sav", BASIC, Icon.SAVE, "One save in a save roll.",
                _r((SAVE, "one save"))),
    # ---- Common action icons ---------------------------------------------------------------
    ClassicIcon("Bullseye", "Bulls", COMMON, Icon.BULLSEYE,
                "In a missile attack, one damage per icon to one unit you pick; only it saves, "
                "and it dies before the army saves if the damage reaches its health.",
                _r((MISSILE, "1 damage per icon to one target unit of the shooter's choice; "
                             "only the target saves; it is killed before the army's save roll "
                             "if the damage left reaches its health")),
                dragon="normal missile damage, one per icon", effect_kind="classic_bullseye"),
    ClassicIcon("Cantrip", "Cantr", COMMON, Icon.CANTRIP,
                "Magic in a magic roll; nothing when maneuvering; in any other roll it buys "
                "spells at once.",
                _r((MAGIC, "one magic point per icon"), (MANEUVER, "nothing"),
                   (ANY, "magic that buys spells at once (any spell)")),
                dragon="magic that buys spells at once"),
    ClassicIcon("Counter", "Count", COMMON, Icon.COUNTER,
                "A hit when attacking; a save when saving; saving in melee it is also a hit "
                "back that the attacker cannot save against.",
                _r((SKIRMISH_ATTACK, "one hit"), (COUNTER_ATTACK, "one hit"),
                   (CHARGE_ATTACK, "one hit"), (SAVE, "one save"),
                   (MELEE_SAVE, "one save and one hit on the attacking army, which may not "
                                "roll saves against it"),
                   (CHARGE_DEFENCE, "one save and one hit on the charging army, which may not "
                                    "roll saves against it")),
                dragon="one save and one hit on the dragon",
                effect_kind="damage_to_attacker"),
    ClassicIcon("Fly", "Fly", COMMON, Icon.FLY,
                "Maneuvers or saves, whichever is needed (never both).",
                _r((MANEUVER, "one maneuver point per icon"), (SAVE, "one save per icon"),
                   (CHARGE_ATTACK, "maneuver points, which hit in a charge")),
                dragon="saves"),
    ClassicIcon("Rend", "Rend", COMMON, Icon.REND,
                "Hits in melee, and the unit rolls again while Rend shows; maneuvers (no "
                "re-roll) when maneuvering.",
                _r((MELEE_ANY, "one hit per icon; the unit is rolled again and the new result "
                               "applied, again and again while Rend comes up"),
                   (MANEUVER, "one maneuver point per icon, no re-roll")),
                dragon="melee hits, rolled again while Rend comes up", rerolls=True),
    ClassicIcon("Smite", "Smite", COMMON, Icon.SMITE,
                "In a skirmish attack, hits no save can stop (spells included), removed before "
                "the army saves; ordinary hits in a charge.",
                _r((SKIRMISH_ATTACK, "hits no save can stop, spells included; the owner picks "
                                     "the units killed and splits the hits as they like; they "
                                     "are removed before the army's save roll"),
                   (COUNTER_ATTACK, "as in a skirmish attack"),
                   (CHARGE_ATTACK, "ordinary melee hits, which saves can stop")),
                dragon="ordinary melee hits", effect_kind="damage_no_save"),
    ClassicIcon("Trample", "Tramp", COMMON, Icon.TRAMPLE,
                "A maneuver or a hit, as needed; in a charge both (double damage).",
                _r((MANEUVER, "one maneuver point per icon"),
                   (SKIRMISH_ATTACK, "one hit per icon"), (COUNTER_ATTACK, "one hit per icon"),
                   (CHARGE_ATTACK, "one maneuver point and one hit per icon: double damage")),
                dragon="melee or maneuver, as the owner sees fit (a maneuver does nothing "
                       "against a dragon)"),
    # ---- Special action icons --------------------------------------------------------------
    ClassicIcon("Attune", "Atune", SPECIAL, Icon.ATTUNE,
                "One magic point of any colour; it can also recolour one unit's magic.",
                _r((MAGIC, "1 magic point of any colour; it may also turn the magic results "
                           "(not the ID) of one unit of the army into that colour; never a "
                           "spell the army is barred from")), amount=1),
    ClassicIcon("Bash", "Bash", SPECIAL, Icon.BASH,
                "Saving in melee, turns one attacking die's melee back on that die, which saves "
                "against its own attack.",
                _r((MELEE_SAVE, "the melee results of one attacking die, the basher's choice, "
                                "are turned back on that die, which rolls to save against them"),
                   (CHARGE_DEFENCE, "as in any save roll in melee")),
                effect_kind="bash"),
    ClassicIcon("Charm", "Charm", SPECIAL, Icon.CHARM,
                "In melee, four health of opposing units roll for your side.",
                _r((MELEE_ANY, "four health-worth of opposing units (your choice) add their "
                               "rolls to your side")), amount=4, effect_kind="charm"),
    ClassicIcon("Coil", "Coil", SPECIAL, Icon.COIL,
                "In melee, 4 damage to one unit; its melee on its save roll hurts the coiler, "
                "which cannot save.",
                _r((MELEE_ANY, "4 damage on one target unit, which rolls to save; melee results "
                               "on its save roll damage the coiling unit, which cannot save")),
                amount=4, effect_kind="coil"),
    ClassicIcon("Confuse", "Conf", SPECIAL, Icon.CONFUSE,
                "After your opponent rolls, four health of their units roll again.",
                _r((MELEE_ANY, "after the opponent rolls, four health-worth of their units "
                               "(your choice) reroll"),
                   (MISSILE, "as in melee")), amount=4, effect_kind="delayed"),
    ClassicIcon("Convert", "Conv", SPECIAL, Icon.CONVERT,
                "In melee, one unit of less health than your Convert icons saves or dies, and "
                "an Undead unit comes back from your dead.",
                _r((MELEE_ANY, "one target unit of less health than the number of Convert icons "
                               "is killed unless it saves; an undead unit of equal or lesser "
                               "health joins the army from its dead unit area")),
                effect_kind="classic_convert"),
    ClassicIcon("Create", "Creat", SPECIAL, Icon.CREATE_FIREMINIONS,
                "Four results of whatever the army needs.",
                _r((ANY, "four points of magic, melee, missile, maneuver or saves, whichever "
                         "the acting army needs")), amount=4),
    ClassicIcon("Crush", "Crush", SPECIAL, Icon.CRUSH,
                "In a missile attack, four health of opposing units maneuver or die; the dead "
                "save or are buried.",
                _r((MISSILE, "four health-worth of opposing units (your choice) roll maneuvers "
                             "or are killed; the killed roll a save or are buried")),
                amount=4, effect_kind="targets",
                targets=TargetSpec(test="maneuver", then_save=True)),
    ClassicIcon("Decapitate", "Decap", SPECIAL, Icon.DECAPITATE,
                "In a skirmish attack or counter-attack, after the defender saves, one of its "
                "units that rolled its ID dies.",
                _r((SKIRMISH_ATTACK, "the defender rolls to save normally, then the attacker "
                                     "picks one unit that rolled its ID: it is killed"),
                   (COUNTER_ATTACK, "as in a skirmish attack"),
                   (CHARGE_ATTACK, "nothing (its words name skirmishes only)")),
                effect_kind="delayed"),
    ClassicIcon("Dispel Magic", "Disp", SPECIAL, Icon.DISPEL_MAGIC,
                "When magic targets this unit, its army or its terrain, roll it: on this face "
                "the spells are cancelled.",
                _r(("its own roll", "rolled right after all spells are declared; on this face "
                                    "the spells aimed at it, its army or its terrain are "
                                    "negated"))),
    ClassicIcon("Double Strike", "Doubl", SPECIAL, Icon.DOUBLE_STRIKE,
                "In melee, four hits and the die rolls again.",
                _r((MELEE_ANY, "four hits; the unit is rolled again and the new result "
                               "counted too")), amount=4, rerolls=True),
    ClassicIcon("Elevate", "Elev", SPECIAL, Icon.ELEVATE,
                "In a melee attack, one unit's missile results count as hits.",
                _r((MELEE_ANY, "the normal missile results of one unit count in the melee")),
                effect_kind="classic_elevate"),
    ClassicIcon("Entangle", "Entan", SPECIAL, Icon.ENTANGLE,
                "In melee, four health of opposing units are paralysed until your next turn.",
                _r((MELEE_ANY, "four health-worth of the opposing army (your choice) cannot "
                               "make any further rolls until the beginning of your next turn; "
                               "killing the monster ends it")),
                amount=4, effect_kind="classic_paralyse"),
    ClassicIcon("Ferry", "Ferry", SPECIAL, Icon.FERRY,
                "The monster may move to another terrain, and may come back with four health "
                "of six-sided units.",
                _r((ANY, "the monster may move at once to another terrain, stay there, or "
                         "return at once with four health of six-sided units; troops moved "
                         "into combat are rolled at once and counted")),
                amount=4, effect_kind="classic_ferry"),
    ClassicIcon("Firebreath", "FiBre", SPECIAL, Icon.FIREBREATH,
                "In melee, two health of enemy units die, with no save.",
                _r((MELEE_ANY, "two health-worth of enemy units are killed; they cannot save")),
                amount=2, effect_kind="classic_kill_health"),
    ClassicIcon("Firecloud", "FiClo", SPECIAL, Icon.FIRECLOUD,
                "In a missile attack, four health of opposing units must each maneuver or die.",
                _r((MISSILE, "four health-worth of opposing dice (your choice) must each roll "
                             "at least one maneuver or be killed")),
                amount=4, effect_kind="targets", targets=TargetSpec(test="maneuver")),
    ClassicIcon("Firewalking", "FiWlk", SPECIAL, Icon.FIREWALKING,
                "The monster may move itself and three health of allies to any terrain.",
                _r((ANY, "the monster may move itself and up to three health of allied units "
                         "from its terrain to any other in play, whatever the terrain shows")),
                amount=3, effect_kind="move_units"),
    ClassicIcon("Flame", "Flame", SPECIAL, Icon.FLAME,
                "In melee, one unit of two health or less is killed and buried, no save.",
                _r((MELEE_ANY, "one unit of two health or less is killed and buried, with no "
                               "save possible")),
                amount=2, effect_kind="classic_flame"),
    ClassicIcon("Flurry", "Flury", SPECIAL, Icon.FLURRY,
                "Attacking, four hits and the die rolls again; defending in melee, four saves.",
                _r((SKIRMISH_ATTACK, "four hits, and the die is rolled again at once"),
                   (COUNTER_ATTACK, "as in a skirmish attack"),
                   (CHARGE_ATTACK, "as in a skirmish attack (the app's reading)"),
                   (MELEE_SAVE, "four saves"), (CHARGE_DEFENCE, "four saves")),
                amount=4, rerolls=True),
    ClassicIcon("Galeforce", "Gale", SPECIAL, Icon.GALEFORCE,
                "The target army ignores its Fly results until the end of your next turn.",
                _r((ANY, "the target army ignores all its flying results until the end of the "
                         "monster controller's next turn")),
                effect_kind="classic_galeforce"),
    ClassicIcon("Gore", "Gore", SPECIAL, Icon.GORE,
                "In melee, two hits on one unit (it may save); buried if it dies.",
                _r((MELEE_ANY, "2 hits on a target unit, which may roll saves; if killed it is "
                               "buried at once")),
                amount=2, effect_kind="unit_damage"),
    ClassicIcon("Hug", "Hug", SPECIAL, Icon.HUG,
                "In melee, four hits on one unit with no save; it strikes back at once, and "
                "the hugger cannot save.",
                _r((MELEE_ANY, "4 hits on a target unit with no save; the unit rolls at once to "
                               "counter-attack the hugging unit, which cannot save")),
                amount=4, effect_kind="hug"),
    ClassicIcon("Illusion", "Illus", SPECIAL, Icon.ILLUSION,
                "In melee, four health of the enemy are attacked by the rest of their own army "
                "after this round.",
                _r((MELEE_ANY, "four health-worth of the enemy are attacked by the rest of their "
                               "army, in a separate roll after the current round of melee")),
                amount=4, effect_kind="classic_illusion"),
    ClassicIcon("Impale", "Impal", SPECIAL, Icon.IMPALE,
                "In a missile attack, after the defender saves, one of its units that rolled "
                "its ID dies.",
                _r((MISSILE, "the defender rolls to save normally, then the attacker picks one "
                             "unit that rolled its ID: it is killed")),
                effect_kind="delayed"),
    ClassicIcon("Kick", "Kick", SPECIAL, Icon.KICK,
                "In melee, four damage to one unit of your choice.",
                _r((MELEE_ANY, "4 damage on a unit of your choice")),
                amount=4, effect_kind="unit_damage"),
    ClassicIcon("Plague", "Plag", SPECIAL, Icon.PLAGUE,
                "In melee, one unit becomes a plague bearer unless it rolls its ID; each bearer "
                "attacks another unit of its army and dies, the chain going on while it kills.",
                _r((MELEE_ANY, "an opposing unit becomes plagued unless it rolls its ID; its "
                               "owner picks another unit of the army; the bearer makes a melee "
                               "attack on it and perishes; a unit killed becomes the next "
                               "bearer, until a bearer fails to kill")),
                effect_kind="classic_plague"),
    ClassicIcon("Poison", "Pois", SPECIAL, Icon.POISON,
                "In melee, four health of opposing units save or die; the dead save again or "
                "are buried.",
                _r((MELEE_ANY, "four health-worth of opposing units (your choice) save or are "
                               "killed; the killed save again or are buried")),
                amount=4, effect_kind="targets", targets=TargetSpec(test="save", then_save=True)),
    ClassicIcon("Regenerate", "Regen", SPECIAL, Icon.REGENERATE,
                "Four saves, or four health of your dead come back here.",
                _r((SAVE, "four saves, or (your choice) four health of units back from your "
                          "dead to this location"),
                   (ANY, "four health of units back from your dead to this location; they are "
                         "rolled at once and counted")),
                amount=4, effect_kind="classic_regenerate"),
    ClassicIcon("Rise from the Ashes", "Rise", SPECIAL, Icon.RISE_FROM_THE_ASHES,
                "Four saves; if the monster is killed or buried, a roll of this face sends it to "
                "the reserves instead.",
                _r((SAVE, "four saves"),
                   ("its own roll", "when the monster is killed or buried it is rolled: on this "
                                    "face it goes to the reserve area instead")),
                amount=4),
    ClassicIcon("Roar", "Roar", SPECIAL, Icon.ROAR,
                "In melee, four health of opposing units flee to their reserves.",
                _r((MELEE_ANY, "four health-worth of opposing units (your choice) flee at once "
                               "to their reserves")),
                amount=4, effect_kind="targets", targets=TargetSpec(fail="reserve", leaves=True)),
    ClassicIcon("Scare", "Scare", SPECIAL, Icon.SCARE,
                "In melee, one health of units per icon must save (not with the ID) or flee; an "
                "ID kills them.",
                _r((MELEE_ANY, "for each icon, one health-worth of target units; each must roll "
                               "a non-ID save or flee to its reserves; those rolling their ID "
                               "are killed")),
                effect_kind="targets", targets=TargetSpec(test="save", fail="reserve",
                                                          on_id="kill")),
    ClassicIcon("Screech", "Scree", SPECIAL, Icon.SCREECH,
                "In melee, takes four from the opponent's saves, for judging rout only.",
                _r((MELEE_ANY, "four is subtracted from the opponent's saves for purposes of "
                               "rout only")),
                amount=4, effect_kind="classic_rout_screech"),
    ClassicIcon("Seize", "Seize", SPECIAL, Icon.SEIZE,
                "In a missile attack, four health of units die unless each saves; those that "
                "save go back to their reserves.",
                _r((MISSILE, "four health-worth of units of the target army (your choice) are "
                             "killed unless each rolls a save; those that save return to their "
                             "owner's reserves")),
                amount=4, effect_kind="classic_seize"),
    ClassicIcon("Slay", "Slay", SPECIAL, Icon.SLAY,
                "In melee, one unit you pick dies unless it rolls its ID.",
                _r((MELEE_ANY, "the unit of your choice in the opposing army is killed unless "
                               "it rolls its ID")),
                effect_kind="targets", targets=TargetSpec(one_unit=True, test="id")),
    ClassicIcon("Smother", "Smoth", SPECIAL, Icon.SMOTHER,
                "In melee, four health of opposing units must each maneuver or die.",
                _r((MELEE_ANY, "four health-worth of opposing units (your choice) must each roll "
                               "a maneuver or be killed")),
                amount=4, effect_kind="targets", targets=TargetSpec(test="maneuver")),
    ClassicIcon("Sortie", "Sorti", SPECIAL, Icon.SORTIE,
                "Four saves or four hits, as needed; defending against a charge, both.",
                _r((MELEE_ANY, "four hits"), (SAVE, "four saves"),
                   (CHARGE_DEFENCE, "four saves and four hits")),
                amount=4),
    ClassicIcon("Stone", "Stone", SPECIAL, Icon.STONE,
                "In a missile attack, four damage to the target army, with no save.",
                _r((MISSILE, "4 damage on the target army, with no possible saves")),
                amount=4, effect_kind="damage_no_save"),
    ClassicIcon("Stun", "Stun", SPECIAL, Icon.STUN,
                "In a skirmish, four health of opposing units maneuver or cannot roll for the "
                "rest of your turn; the monster rolls again.",
                _r((SKIRMISH_ATTACK, "four health-worth of opposing units (your choice) are "
                                     "stunned unless each rolls a maneuver: they make no further "
                                     "rolls for the rest of your turn; this monster is rolled "
                                     "again"),
                   (COUNTER_ATTACK, "as in a skirmish attack"),
                   (CHARGE_ATTACK, "nothing (its words name skirmishes only)")),
                amount=4, effect_kind="classic_stun", rerolls=True),
    ClassicIcon("Summon Dragon", "SumDr", SPECIAL, Icon.SUMMON_DRAGON,
                "In a magic roll, brings the dragon of your choice, any colour, to this die's "
                "terrain, whether you wish it or not.",
                _r((MAGIC, "the dragon of your choice, regardless of colour, comes to the "
                           "terrain this die occupies; it happens whether the player wishes it "
                           "or not")),
                effect_kind="classic_summon_dragon"),
    ClassicIcon("Surprise", "Surpr", SPECIAL, Icon.SURPRISE,
                "In a melee attack, the surprised army makes no return attacks.",
                _r((SKIRMISH_ATTACK, "the opposing army has been surprised: no return attacks"),
                   (CHARGE_ATTACK, "the defender's melee results in its charge roll do no "
                                   "damage; its saves still count (the app's reading)")),
                effect_kind="classic_no_return_attacks"),
    ClassicIcon("Swoop", "Swoop", SPECIAL, None,
                "In a missile attack, four damage to one enemy unit, with no save.",
                _r((MISSILE, "4 damage on a single unit of the enemy army, with no saves "
                             "possible")),
                amount=4, effect_kind="classic_unit_damage_no_save"),
    ClassicIcon("Tail", "Tail", SPECIAL, Icon.TAIL,
                "In melee, two hits against the army, and the die rolls again.",
                _r((MELEE_ANY, "2 points of damage against the target army, and the die is "
                               "rolled again, counting the next result as well")),
                amount=2, rerolls=True),
    ClassicIcon("Trumpet", "Trump", SPECIAL, Icon.TRUMPET,
                "Rolling for melee or saves, every Feral at the terrain doubles its results.",
                _r((MELEE_ANY, "all Feral at that terrain double their results"),
                   (SAVE, "all Feral at that terrain double their results"))),
    ClassicIcon("Vanish", "Vanis", SPECIAL, Icon.VANISH,
                "Saving, each icon is a save, and the unit may then move to any terrain or its "
                "reserves.",
                _r((SAVE, "one save per icon, and the unit may at once move to any other "
                          "terrain or its reserves")),
                effect_kind="vanish"),
    ClassicIcon("Wave", "Wave", SPECIAL, Icon.WAVE,
                "When an opposing army saves or maneuvers at its terrain, you may roll it: on "
                "this face they lose four.",
                _r(("its own roll", "when any opposing army rolls for saves (or to maneuver) at "
                                    "its terrain, its owner may roll it: on this face that "
                                    "army loses 4 saves (or 4 maneuver)")),
                amount=4),
    ClassicIcon("Web", "Web", SPECIAL, Icon.WEB,
                "In melee, four health of opposing units are paralysed until your next turn "
                "unless each saves at once.",
                _r((MELEE_ANY, "four health-worth of the opposing army (your choice) cannot make "
                               "any further rolls until the beginning of your next turn, unless "
                               "they immediately roll a save")),
                amount=4, effect_kind="classic_web"),
    ClassicIcon("Wayfare", "Wayfa", SPECIAL, Icon.WAYFARE,
                "Maneuvering, the die may move to any terrain or its reserves, taking one unit "
                "along.",
                _r((MANEUVER, "the wayfaring die may move at once to any other terrain or its "
                              "reserves, taking one unit along; only if the player wishes")),
                effect_kind="wayfare"),
    ClassicIcon("Wither", "Withr", SPECIAL, Icon.WITHER,
                "In melee, one unit takes -1 per icon on all its rolls until your next turn; "
                "0 or less kills it.",
                _r((MELEE_ANY, "one target unit suffers -1 per Wither icon to all its rolls "
                               "until the beginning of your next turn; an adjusted result of 0 "
                               "or less kills it")),
                effect_kind="classic_wither"),
)

BY_NAME: dict[str, ClassicIcon] = {r.name: r for r in RECORDS}
BY_ICON: dict[Icon, ClassicIcon] = {r.icon: r for r in RECORDS if r.icon is not None}
# The icons the 1996 game knows (a die showing any other icon did not exist in 1996).
CLASSIC_ICONS = frozenset(BY_ICON)


def record(icon: Icon) -> ClassicIcon | None:
    """The 1996 record of `icon`, or None when the 1996 icon list does not have it."""
    return BY_ICON.get(icon)
