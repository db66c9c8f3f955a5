"""One SAI icon shown in one roll (``SaiRoll``), with the facts every SAI handler needs: the
seed 000 / seed 001 "Applies" column, the paraphrased effect texts and the X rule's helpers.

X is the icon's count in the catalog, which already follows seed 000's X rule (a d6 counts its
icons; large equipment and large Dragonkin 3; monsters, artifacts, medallions, relics and
champions 4). SAIs with a fixed number (Tail, Gore, Double Strike, Flame) ignore X.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...catalog.model import Color, Die, Icon
from ..rolls.model import (
    ChoicePoint, Contribution, Effect, MagicKey, Origin, RollChoice, RollContext, RollKind,
    RollType, SaiOutcome, Unresolved,
)

# The "Applies" column of seed 000 / seed 001, verbatim. A roll type not listed means the SAI
# has no effect in that roll.
APPLIES: dict[Icon, str] = {
    Icon.ATTUNE: "Magic", Icon.BASH: "Dragon Attack, Save*", Icon.BELLY: "Any",
    Icon.BREATH: "Melee", Icon.BULLSEYE: "Dragon Attack, Missile",
    Icon.CANTRIP: "Magic, Non-Maneuver", Icon.CHARGE: "Melee*", Icon.CHARM: "Melee",
    Icon.CHOKE: "Melee", Icon.CLOAK: "Dragon Attack, Individual, Magic, Save",
    Icon.COIL: "Dragon Attack, Melee", Icon.CONFUSE: "Melee, Missile", Icon.CONVERT: "Melee",
    Icon.COUNTER: "Dragon Attack, Melee, Save*", Icon.CREATE_FIREMINIONS: "Any Non-Individual",
    Icon.CRUSH: "Dragon Attack, Missile", Icon.DECAPITATE: "Dragon Attack, Melee",
    Icon.DISPEL_MAGIC: "Special", Icon.DOUBLE_STRIKE: "Dragon Attack, Melee",
    Icon.ELEVATE: "Dragon Attack, Maneuver, Missile, Save*", Icon.ENTANGLE: "Melee",
    Icon.FERRY: "Non-Maneuver", Icon.FIREBREATH: "Melee", Icon.FIRECLOUD: "Melee, Missile",
    Icon.FIREWALKING: "Maneuver, Non-Maneuver", Icon.FLAME: "Melee",
    Icon.FLAMING_ARROW: "Dragon Attack, Missile", Icon.FLURRY: "Dragon Attack, Melee, Save*",
    Icon.FLY: "Any", Icon.FROST_BREATH: "Melee, Missile",
    Icon.GALEFORCE: "Magic*, Melee, Missile", Icon.GORE: "Dragon Attack, Melee",
    Icon.HOOF: "Dragon Attack, Maneuver, Save", Icon.HOWL: "Melee, Missile",
    Icon.HUG: "Dragon Attack, Melee", Icon.HYPNOTIC_GLARE: "Melee",
    Icon.ILLUSION: "Magic, Melee, Missile", Icon.IMPALE: "Dragon Attack, Missile",
    Icon.KICK: "Dragon Attack, Melee, Save", Icon.NET: "Individual, Melee, Missile",
    Icon.PLAGUE: "Melee", Icon.POISON: "Melee", Icon.REGENERATE: "Non-Maneuver",
    Icon.REND: "Dragon Attack, Maneuver, Melee", Icon.RISE_FROM_THE_ASHES: "Save, Special",
    Icon.ROAR: "Melee", Icon.SCARE: "Melee", Icon.SCREECH: "Melee",
    Icon.SEIZE: "Melee, Missile", Icon.SLAY: "Melee", Icon.SLEEP: "Melee",
    Icon.SMITE: "Dragon Attack, Melee", Icon.SMOTHER: "Melee",
    Icon.SNEAK_ATTACK: "Dragon Attack, Magic, Melee, Missile",
    Icon.SORTIE: "Dragon Attack, Melee, Save", Icon.STOMP: "Dragon Attack, Melee",
    Icon.STONE: "Dragon Attack, Melee, Missile", Icon.STUN: "Melee", Icon.SUMMON_DRAGON: "Magic",
    Icon.SURPRISE: "Melee", Icon.SWALLOW: "Melee", Icon.TAIL: "Dragon Attack, Melee",
    Icon.TELEPORT: "Maneuver, Non-Maneuver", Icon.TRAMPLE: "Any",
    Icon.TRUMPET: "Dragon Attack, Melee, Save", Icon.VANISH: "Save",
    Icon.VOLLEY: "Dragon Attack, Missile, Save*", Icon.WAVE: "Melee, Maneuver",
    Icon.WAYFARE: "Dragon Attack, Maneuver", Icon.WEB: "Melee, Missile",
    Icon.WILD_GROWTH: "Non-Maneuver", Icon.WITHER: "Melee",
    Icon.ELEMENT_AIR: "Non-Maneuver", Icon.ELEMENT_DEATH: "Non-Maneuver",
    Icon.ELEMENT_EARTH: "Non-Maneuver", Icon.ELEMENT_FIRE: "Non-Maneuver",
    Icon.ELEMENT_WATER: "Non-Maneuver",
}

# What each SAI that acts on the game does (seed 000 / 001, paraphrased): effect notes.
SAI_TEXT: dict[Icon, str] = {
    Icon.BREATH: "target X health-worth of units in the defending army; they are killed",
    Icon.BULLSEYE: "target X health-worth of defending units: each saves or is killed",
    Icon.CHARGE: "the attacking army counts maneuver results as melee; the defender makes a "
                 "combination save and melee roll instead of saving or counter-attacking, and "
                 "its melee results damage the attacker (only spell saves reduce it)",
    Icon.CHARM: "target up to X health-worth of defending units; they do not save this march "
                "and their melee results are added to the attacking army's",
    Icon.CHOKE: "delayed: up to X health-worth of defending units that roll ID on their save "
                "roll are killed, their ID results not counted",
    Icon.COIL: "target one defending unit: it takes X damage and makes a save and melee roll; "
               "its melee results damage the coiling unit with no save",
    Icon.CONFUSE: "delayed: up to X health-worth of defending units are re-rolled after their "
                  "save roll, ignoring the previous results",
    Icon.CONVERT: "target up to X health-worth of defending units: save or be killed; the "
                  "attacker may return that much health-worth from its DUA",
    Icon.CRUSH: "target up to X health-worth of defending units: maneuver or be killed; the "
                "killed save or are buried",
    Icon.DECAPITATE: "delayed: one defending unit that rolls its ID on the save roll is "
                     "killed, its results not counted",
    Icon.DOUBLE_STRIKE: "target four health-worth of defending units: each saves or is killed",
    Icon.ENTANGLE: "target up to X health-worth of defending units; they are killed",
    Icon.FERRY: "this unit may move itself and up to four health-worth of its army to any "
                "terrain",
    Icon.FIREBREATH: "X damage to the defending army with no save; the killed save or are "
                     "buried",
    Icon.FIRECLOUD: "target up to X health-worth of defending units: maneuver or be killed",
    Icon.FIREWALKING: "this unit may move itself and up to three health-worth of its army to "
                      "any terrain",
    Icon.FLAME: "target up to two health-worth of defending units; they are killed and buried",
    Icon.FLAMING_ARROW: "target X health-worth of defending units: save or be killed; the "
                        "killed save again or are buried",
    Icon.FROST_BREATH: "an opposing army at this terrain halves all its results until the "
                       "beginning of your next turn",
    Icon.GALEFORCE: "an opposing army at any terrain subtracts four save and four maneuver "
                    "results from all rolls until the beginning of your next turn",
    Icon.GORE: "target one defending unit: it takes two damage (it may save) and is buried if "
               "killed",
    Icon.HOWL: "the defending army subtracts X save results",
    Icon.HUG: "target one defending unit: X damage with no save; its melee roll damages the "
              "hugging unit with no save",
    Icon.HYPNOTIC_GLARE: "delayed: defending units that roll ID on their save roll are "
                         "hypnotized until your next turn and their results do not count",
    Icon.ILLUSION: "one of your armies cannot be targeted by opposing missile attacks or spells "
                   "until the beginning of your next turn",
    Icon.IMPALE: "delayed: one defending unit that rolls its ID on the save roll is killed, "
                 "its results not counted",
    Icon.KICK: "target one defending unit: it takes X damage (it may save)",
    Icon.NET: "target up to X health-worth of defending units: maneuver or be netted",
    Icon.PLAGUE: "target defending units one by one: save or be killed, until one saves",
    Icon.POISON: "target X health-worth of defending units: save or be killed; the killed save "
                 "again or are buried",
    Icon.ROAR: "up to X health-worth of defending units go to their Reserve Area before saving",
    Icon.SCARE: "up to X health-worth of defending units save or go to their Reserve Area; "
                "those rolling their ID are killed",
    Icon.SCREECH: "the defending army subtracts X save results",
    Icon.SEIZE: "roll up to X health-worth of defending units: an ID goes to the Reserve Area, "
                "any other face is killed",
    Icon.SLAY: "target one defending unit; roll it: unless it rolls its ID it is killed",
    Icon.SLEEP: "target one opposing unit at this terrain: asleep until your next turn",
    Icon.SMITE: "X damage to the defending army with no save possible",
    Icon.SMOTHER: "target up to X health-worth of defending units: maneuver or be killed",
    Icon.SNEAK_ATTACK: "X damage to an opposing army at this terrain with no save; Dragonkin "
                       "killed are buried",
    Icon.STOMP: "target up to X health-worth of defending units: maneuver or be killed; the "
                "killed save or are buried",
    Icon.STONE: "X damage to the defending army with no save possible",
    Icon.STUN: "target up to X health-worth of defending units: maneuver or be stunned",
    Icon.SURPRISE: "the defending army cannot counter-attack",
    Icon.SWALLOW: "target one defending unit; roll it: unless it rolls its ID it is killed "
                  "and buried",
    Icon.TELEPORT: "this unit may move itself and up to three health-worth of its army to any "
                   "terrain",
    Icon.TRUMPET: "each Feral unit in this army doubles its melee and save results",
    Icon.WAVE: "the defending army subtracts X save results",
    Icon.WEB: "target up to X health-worth of defending units: melee or be webbed",
    Icon.WITHER: "an opposing army at this terrain subtracts X results from all its rolls "
                 "until the beginning of your next turn",
}

NO_RULES_TEXT = "its rules text was not retrieved (digest §9), so the engine cannot apply it"
CANTRIP_ALONE = ("the game offers Cantrip spells for rolls made in play only, not for a roll "
                 "counted outside a game")

# Limits written in an SAI's text rather than its column: (condition, reason it does nothing).
TEXT_LIMITS: dict[Icon, tuple[Callable[[RollContext], bool], str]] = {
    Icon.CHARGE: (lambda ctx: ctx.counter_attack,
                  "Charge has no effect during a counter-attack (seed 000 Charge)"),
    Icon.SURPRISE: (lambda ctx: ctx.counter_attack,
                    "Surprise has no effect during a counter-attack (seed 000 Surprise)"),
    Icon.GALEFORCE: (lambda ctx: ctx.roll_type is RollType.MAGIC and ctx.in_reserve,
                     "Galeforce works only in a magic action at a terrain, not in reserves "
                     "(seed 000 Galeforce)"),
}


def applies_to(column: str, ctx: RollContext) -> bool:
    """True if an "Applies" column (seed 000) lists this roll (a single-type context)."""
    rt = ctx.roll_type
    dragon = ctx.kind is RollKind.DRAGON_ATTACK  # a roll type of its own (seed 000)
    for tag in (t.strip().rstrip("*").lower() for t in column.split(",")):
        if tag == "any":
            return True
        if tag == "any non-individual" and ctx.kind is not RollKind.INDIVIDUAL:
            return True
        if tag == "non-maneuver" and not ctx.is_maneuver_roll:
            return True
        if tag == rt.value and not dragon:
            return True
        if tag == "individual" and ctx.kind is RollKind.INDIVIDUAL:
            return True
        if tag == "dragon attack" and ctx.kind is RollKind.DRAGON_ATTACK:
            return True
    return False  # "special" is never a roll of its own kind here


def magic_key(die: Die) -> frozenset[Color]:
    """The element set a die's magic belongs to (digest §5.3): its elements (White = all five),
    else its alloy (Dracolem alloy magic pays alloy spells), else Ivory."""
    if die.elements:
        return die.elements
    return frozenset(die.colors) or frozenset({Color.IVORY})


@dataclass(frozen=True)
class SaiRoll:
    """One SAI icon shown in one roll, with helpers that build its SaiOutcome.

    x: the results the icon gives (seed 000 X rule; already the catalog count).
    choices: every choice made for the roll (``choice()`` finds this die's).
    """

    die: Die
    die_id: int
    icon: Icon
    x: int
    ctx: RollContext
    choices: tuple[RollChoice, ...] = ()

    @property
    def name(self) -> str:
        return self.icon.value

    @property
    def roll_type(self) -> RollType:
        return self.ctx.roll_type

    @property
    def counts_maneuver_as_melee(self) -> bool:
        """Charge is in force: maneuver results this die generates count as melee."""
        return (RollType.MANEUVER, RollType.MELEE) in self.ctx.counts_as

    def choice(self) -> str | None:
        """The value chosen for this die's icon, or None when no choice was given."""
        for c in self.choices:
            if c.die_id == self.die_id and c.icon is self.icon:
                return c.value
        return None

    def generate(self, result_type: RollType, why: str, amount: int | None = None,
                 color: MagicKey | None = None, alternative: str = "",
                 rerolls: bool = False, origin: Origin = Origin.SAI) -> SaiOutcome:
        """X (or `amount`) SAI results of `result_type`; magic defaults to the die's elements."""
        if result_type is RollType.MAGIC and color is None:
            color = magic_key(self.die)
        n = self.x if amount is None else amount
        return SaiOutcome(
            contributions=(Contribution(result_type, n, self.icon, why, origin, color,
                                        alternative),),
            rerolls=rerolls,
        )

    def unresolved(self, what: str, rerolls: bool = False) -> SaiOutcome:
        tail = "; the die is rolled again (step 3)" if rerolls else ""
        reason = f"{self.name}: {what}{tail}"
        return SaiOutcome(unresolved=(Unresolved(self.die_id, self.icon, self.x, reason),),
                          rerolls=rerolls)

    def ignored(self, reason: str) -> SaiOutcome:
        return SaiOutcome(ignored=(reason,))

    def not_applicable(self) -> SaiOutcome:
        """The SAI has no effect in this roll type (its Applies column does not list it)."""
        column = APPLIES.get(self.icon, "?")
        return self.ignored(f"{self.name} has no effect in a {self.roll_type.value} roll "
                            f"(seed 000 Applies column: {column})")

    def effect(self, kind: str, note: str | None = None, amount: int | None = None,
               rerolls: bool = False, target: int | None = None) -> SaiOutcome:
        """An effect for the game to apply; the note defaults to the SAI's text."""
        n = self.x if amount is None else amount
        rule = SAI_TEXT.get(self.icon, "see seed 000")
        uses_x = " X " in f" {rule} ".replace(",", " ").replace(":", " ")
        text = note or f"{self.name}: {rule}" + (f" (X = {n})" if uses_x else "")
        return SaiOutcome(effects=(Effect(self.die_id, self.icon, kind, n, text, target),),
                          rerolls=rerolls)

    def choice_point(self, options: tuple[str, ...], default: str, prompt: str,
                     kind: str = "option") -> ChoicePoint:
        return ChoicePoint(self.die_id, self.icon, options, default, prompt, kind)


Handler = Callable[[SaiRoll], SaiOutcome]


def relic_element(icon: Icon) -> Color | None:
    """The element an Elemental Relic face names; None for the logo (it matches everything)."""
    return {Icon.ELEMENT_AIR: Color.AIR, Icon.ELEMENT_DEATH: Color.DEATH,
            Icon.ELEMENT_EARTH: Color.EARTH, Icon.ELEMENT_FIRE: Color.FIRE,
            Icon.ELEMENT_WATER: Color.WATER}.get(icon)
