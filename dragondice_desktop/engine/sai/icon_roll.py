"""One SAI icon shown in one roll (``SaiRoll``: the die, the icon, its X, the roll's context,
the choices made and the SAI's record), with the helpers every SAI's code uses to build what
it does (results, effects, choices, or why it does nothing), and the rules helpers many SAIs
share: the "Applies" column's reading (``applies_to``), the magic a die's results belong to
(``magic_key``), the element an Elemental Relic face names (``relic_element``) and whether a
die's logo counts as an ID icon (``logo_counts_as_id``: the logo's file and the individual
rolls' ID check ask it).

X is the icon's count in the catalog, which already follows seed 000's X rule (a d6 counts its
icons; large equipment and large Dragonkin 3; monsters, artifacts, medallions, relics and
champions 4). SAIs with a fixed number (Tail, Gore, Double Strike, Flame) ignore X.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...catalog.model import Color, Die, DieKind, Icon, Species
from ...player_text import count_of
from .records import NO_RECORD, Handler, SaiRecord
from ..rolls.model import (
    ChoicePoint, Contribution, Effect, MagicKey, Origin, RollChoice, RollContext, RollKind,
    RollType, SaiOutcome, Unresolved,
)

__all__ = ["CANTRIP_ALONE", "NO_RULES_TEXT", "Handler", "SaiRoll", "applies_to",
           "logo_counts_as_id", "magic_key", "relic_element"]

NO_RULES_TEXT = "its rules text was not retrieved (digest §9), so the engine cannot apply it"
CANTRIP_ALONE = ("the game offers Cantrip spells for rolls made in play only, not for a roll "
                 "counted outside a game")


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
    record: the SAI's record (``sai/records.py``; NO_RECORD for an icon without one).
    """

    die: Die
    die_id: int
    icon: Icon
    x: int
    ctx: RollContext
    choices: tuple[RollChoice, ...] = ()
    record: SaiRecord = NO_RECORD

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

    def results(self, kind: RollType | str, amount: int | None = None) -> str:
        """The results the icon gives, as players say it: "4 melee results", "1 maneuver
        result" (`amount`: another number than X; `kind`: a result type or its word)."""
        word = kind.value if isinstance(kind, RollType) else kind
        return count_of(self.x if amount is None else amount, f"{word} result")

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
        column = self.record.applies or "?"
        return self.ignored(f"{self.name} has no effect in a {self.roll_type.value} roll "
                            f"(seed 000 Applies column: {column})")

    def effect(self, kind: str, note: str | None = None, amount: int | None = None,
               rerolls: bool = False, target: int | None = None) -> SaiOutcome:
        """An effect for the game to apply; the note defaults to the SAI's text."""
        n = self.x if amount is None else amount
        rule = self.record.effect or "see seed 000"
        # The rule's X is the number this icon gives: "one unit takes 4 damage".
        text = note or f"{self.name}: {re.sub(r'(?<![A-Za-z])X(?![A-Za-z])', str(n), rule)}"
        return SaiOutcome(effects=(Effect(self.die_id, self.icon, kind, n, text, target),),
                          rerolls=rerolls)

    def choice_point(self, options: tuple[str, ...], default: str, prompt: str,
                     kind: str = "option") -> ChoicePoint:
        return ChoicePoint(self.die_id, self.icon, options, default, prompt, kind)


def relic_element(icon: Icon) -> Color | None:
    """The element an Elemental Relic face names; None for the logo (it matches everything)."""
    return {Icon.ELEMENT_AIR: Color.AIR, Icon.ELEMENT_DEATH: Color.DEATH,
            Icon.ELEMENT_EARTH: Color.EARTH, Icon.ELEMENT_FIRE: Color.FIRE,
            Icon.ELEMENT_WATER: Color.WATER}.get(icon)


def logo_counts_as_id(die: Die) -> bool:
    """The single-element Eldarim champions' (Dragonmaster, Dragonhunter, Dragonzealot) logo
    "is considered to be an ID icon" outside dragon attacks (seed 000); the White ones' is not."""
    return (die.kind is DieKind.CHAMPION and die.species is Species.ELDARIM
            and Color.WHITE not in die.colors)
