"""Army die-roll resolution: one pipeline for maneuver, melee, missile, magic and save rolls.

Sources: rules digest §1.2 (ID and icon counts), §4.2 (the ten steps of v4.01d), §4.3
(modifiers), §4.4 (counts as), §4.6 (SAIs), §4.7 (automatic saves); seed 000 (every SAI, its
"Applies" column and the X rule) and seed 001 (items).

Public API
----------
- ``roll_army(dice, ctx, rng) -> (RollResult, Rng)``: roll every die once in the given order,
  then resolve re-rolls die by die (step 3), then count with ``count_faces``.
- ``count_faces(shown, ctx) -> RollResult``: count faces already shown (physical dice typed
  in, tests). ``roll_army`` is "roll, then count_faces", so both give the same result.
- ``face_results(die, face_index, ctx) -> FaceOutcome``: what one face gives in one roll; the
  odds module reuses it so there is one source of truth for per-face semantics.
- ``SAI_HANDLERS``: Icon -> handler. An icon without a handler falls back to the seed 000
  "Applies" column: Unresolved where it applies, ignored (with the reason) where it does not.
- ``handled_icons()``: the icons whose handlers resolve them completely in army rolls.

Invariant: every SAI icon on a shown face ends up in its die's contributions, effects,
unresolved or ignored. Nothing is dropped silently (architecture guide).

The module is pure: all randomness comes from the ``Rng`` value passed in.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..catalog.model import Color, Die, DieKind, Icon, Species
from .rng import Rng

__all__ = [
    "ANY_COLOR", "MAX_REROLLS", "SAI_HANDLERS", "APPLIES",
    "RollType", "Origin", "RollContext", "Contribution", "Unresolved", "Effect",
    "SaiRoll", "SaiOutcome", "FaceOutcome", "DieOutcome", "RollResult",
    "roll_army", "count_faces", "face_results", "magic_key", "handled_icons",
]

# A re-roll chain (Rend, Rend, Rend ...) stops after this many re-rolls. The odds of reaching
# it are negligible; the cap only guarantees that a loop always ends.
MAX_REROLLS = 100

# Magic of any colour (Attune, the Bronze medallion) is recorded under this key.
ANY_COLOR = "any"
MagicKey = frozenset[Color] | str


class RollType(enum.Enum):
    """The five army roll types (digest §0 "Result types")."""

    MANEUVER = "maneuver"
    MELEE = "melee"
    MISSILE = "missile"
    MAGIC = "magic"
    SAVE = "save"


class Origin(enum.Enum):
    """Where a result comes from, which decides the pipeline step that counts it (§4.2)."""

    ACTION = "action"        # normal action icons: step 5 subtotal
    ID = "id"                # ID icons: step 5 subtotal, the only results doubled at step 9
    SAI = "sai"              # SAI-generated results: added at step 8
    AUTOMATIC = "automatic"  # adding modifiers such as Dragonkin automatic saves: step 10


ACTION_ROLL_TYPES = {
    Icon.MANEUVER: RollType.MANEUVER, Icon.MELEE: RollType.MELEE,
    Icon.MISSILE: RollType.MISSILE, Icon.MAGIC: RollType.MAGIC, Icon.SAVE: RollType.SAVE,
}


@dataclass(frozen=True)
class RollContext:
    """What the roll is for.

    roll_type: the type of results the army rolls for.
    id_multiplier: 2 when the rolling army controls the terrain's eighth face (digest §8);
        a multiplying modifier applied to ID results only at step 9.
    save_against: MELEE or MISSILE for a save roll against that attack, else None.
    counter_attack: this melee roll is a counter-attack (Charge and Surprise do nothing).
    counter_maneuver: this maneuver roll is a counter-maneuver (Wave does nothing).
    in_reserve: the rolling army is in the Reserve Area (Summon Dragon gives magic there).
    ignore_sai_effects: Horde roll-off at setup (digest §2 step 4): only SAIs that produce
        maneuver results count; every other SAI effect is ignored by rule.

    Raises ValueError for contradictory settings (e.g. save_against on a melee roll).
    """

    roll_type: RollType
    id_multiplier: int = 1
    save_against: RollType | None = None
    counter_attack: bool = False
    counter_maneuver: bool = False
    in_reserve: bool = False
    ignore_sai_effects: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.roll_type, RollType):
            raise ValueError(f"roll_type must be a RollType, got {self.roll_type!r}")
        if not isinstance(self.id_multiplier, int) or self.id_multiplier < 1:
            raise ValueError(
                f"id_multiplier must be a whole number >= 1, got {self.id_multiplier!r}")
        if self.save_against is not None:
            if self.roll_type is not RollType.SAVE:
                raise ValueError("save_against only makes sense for a save roll")
            if self.save_against not in (RollType.MELEE, RollType.MISSILE):
                raise ValueError(f"save_against must be MELEE or MISSILE, got {self.save_against}")
        if self.counter_attack and self.roll_type is not RollType.MELEE:
            raise ValueError("counter_attack only makes sense for a melee roll")
        if self.counter_maneuver and self.roll_type is not RollType.MANEUVER:
            raise ValueError("counter_maneuver only makes sense for a maneuver roll")
        if self.ignore_sai_effects and self.roll_type is not RollType.MANEUVER:
            raise ValueError(
                "ignore_sai_effects is the Horde roll-off, a maneuver roll (digest §2)")

    def describe(self) -> str:
        """Plain words, e.g. "save roll against melee", "melee roll (counter-attack)"."""
        text = f"{self.roll_type.value} roll"
        if self.save_against is not None:
            text += f" against {self.save_against.value}"
        extras = [name for flag, name in (
            (self.counter_attack, "counter-attack"), (self.counter_maneuver, "counter-maneuver"),
            (self.in_reserve, "in the Reserve Area"),
            (self.ignore_sai_effects, "setup roll-off"),
            (self.id_multiplier != 1, f"ID x{self.id_multiplier} from the eighth face"),
        ) if flag]
        return text + (f" ({', '.join(extras)})" if extras else "")


# --------------------------------------------------------------------------------------------
# Result objects
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contribution:
    """Results one icon gives: e.g. (MELEE, 3, Icon.ID, "ID = health 3").

    origin: ACTION / ID / SAI / AUTOMATIC (inferred from the icon when not given); it decides
        the pipeline step (5, 8 or 10) and keeps SAI results apart until step 8.
    color: for magic results, the element set the magic belongs to (see ``magic_key``), or
        ANY_COLOR.
    alternative: a choice the rules offer instead of these results, recorded so the UI can
        offer it later (e.g. Regenerate's return from the DUA).
    amount is 0 only for Belly, which cancels a Dragonkin's automatic saves.
    """

    result_type: RollType
    amount: int
    icon: Icon
    source: str
    origin: Origin = None  # type: ignore[assignment]  # inferred in __post_init__
    color: MagicKey | None = None
    alternative: str = ""

    def __post_init__(self) -> None:
        if self.origin is None:
            inferred = (Origin.ID if self.icon is Icon.ID
                        else Origin.ACTION if self.icon.is_action else Origin.SAI)
            object.__setattr__(self, "origin", inferred)

    @property
    def step(self) -> int:
        """The pipeline step that adds these results (digest §4.2)."""
        return {Origin.ACTION: 5, Origin.ID: 5, Origin.SAI: 8, Origin.AUTOMATIC: 10}[self.origin]


@dataclass(frozen=True)
class Unresolved:
    """An SAI that applies in this roll but whose effect the engine does not resolve yet."""

    die_id: int
    icon: Icon
    count: int
    reason: str


@dataclass(frozen=True)
class Effect:
    """An effect the caller applies after the roll.

    Kinds so far: "damage_to_attacker" (Counter in a save roll against melee, Volley against
    missile: X damage that only spell saves reduce) and "subtract_from_counter_maneuver"
    (Wave on the marcher's maneuver roll: each counter-maneuvering army loses X).
    """

    die_id: int
    icon: Icon
    kind: str
    amount: int
    note: str


@dataclass(frozen=True)
class SaiOutcome:
    """What one icon does in one roll; handlers return it and outcomes add up with ``+``.

    rerolls: the die is rolled again and the new result applied as well (step 3).
    cantrip_magic: magic usable only for cantrip spells (Cantrip outside magic rolls).
    cancels_automatic_saves: Belly: the unit loses its automatic saves for this roll.
    """

    contributions: tuple[Contribution, ...] = ()
    unresolved: tuple[Unresolved, ...] = ()
    ignored: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    rerolls: bool = False
    cantrip_magic: int = 0
    cancels_automatic_saves: bool = False

    def __add__(self, other: "SaiOutcome") -> "SaiOutcome":
        return SaiOutcome(
            self.contributions + other.contributions, self.unresolved + other.unresolved,
            self.ignored + other.ignored, self.effects + other.effects,
            self.rerolls or other.rerolls, self.cantrip_magic + other.cantrip_magic,
            self.cancels_automatic_saves or other.cancels_automatic_saves,
        )


@dataclass(frozen=True)
class FaceOutcome(SaiOutcome):
    """Everything one face of one die gives in one roll (see ``face_results``)."""

    die_id: int = 0
    face_index: int = 0
    face_text: str = ""
    icons: tuple[Icon, ...] = ()  # the icons printed on the face

    def amount(self, result_type: RollType) -> int:
        """Raw results of that type on this face (before step 9 multiplies ID results)."""
        return sum(c.amount for c in self.contributions if c.result_type is result_type)

    def id_amount(self, result_type: RollType) -> int:
        """The part of ``amount`` that comes from ID results (step 9 multiplies it)."""
        return sum(c.amount for c in self.contributions
                   if c.result_type is result_type and c.origin is Origin.ID)


@dataclass(frozen=True)
class DieOutcome:
    """One die's part of the roll: every face it showed (first roll, then each re-roll).

    automatic_saves: the Dragonkin automatic saves this die adds at step 10 (0 after Belly).
    """

    die_id: int
    key: str
    faces: tuple[int, ...]
    contributions: tuple[Contribution, ...]
    unresolved: tuple[Unresolved, ...]
    ignored: tuple[str, ...]
    effects: tuple[Effect, ...]
    face_outcomes: tuple[FaceOutcome, ...] = ()
    automatic_saves: int = 0
    cantrip_magic: int = 0

    def amount(self, result_type: RollType) -> int:
        """Raw results of that type from this die (before multiplying modifiers)."""
        return sum(c.amount for c in self.contributions if c.result_type is result_type)


@dataclass(frozen=True)
class RollResult:
    """The resolved army roll.

    roll_type: what the army rolled for; dice: one DieOutcome per rolled die, input order.
    subtotal: step 5 subtotal (non-SAI results) of the rolled type; subtotal_id: the part of
        it that came from ID results (ID results are removed last by later modifiers, and
        only they are multiplied at step 9); sai_results: SAI results added at step 8.
    totals: (RollType, final total) for every type, in RollType order.
    magic_by_color: (element set or ANY_COLOR, magic results) — magic is tracked per source
        so spells can be paid by element (digest §5.3); ivory magic is frozenset({IVORY}).
    cantrip_magic: magic usable only for cantrip spells, from Cantrip / the Bronze medallion
        in non-magic rolls (also reported as Unresolved: spells are not implemented yet).
    steps: a short trace of the ten steps as applied.
    """

    roll_type: RollType
    dice: tuple[DieOutcome, ...]
    subtotal_id: int
    subtotal: int = 0
    sai_results: int = 0
    totals: tuple[tuple[RollType, int], ...] = ()
    magic_by_color: tuple[tuple[MagicKey, int], ...] = ()
    cantrip_magic: int = 0
    steps: tuple[str, ...] = ()
    context: RollContext | None = None

    def total(self, result_type: RollType | None = None) -> int:
        """The final total of that result type (default: the rolled type)."""
        wanted = self.roll_type if result_type is None else result_type
        return dict(self.totals).get(wanted, 0)

    @property
    def unresolved(self) -> tuple[Unresolved, ...]:
        """Every unresolved SAI of every die, in die order."""
        return tuple(u for d in self.dice for u in d.unresolved)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Every effect for the caller to apply, in die order."""
        return tuple(e for d in self.dice for e in d.effects)

    def explain(self) -> str:
        """A multi-line, plain-words breakdown per die, for the "explain this roll" panel."""
        ctx = self.context or RollContext(self.roll_type)
        what = ctx.describe()
        lines = [f"{what[:1].upper()}{what[1:]}: {self.total()} {self.roll_type.value}"]
        for die in self.dice:
            shown = " -> rolled again -> ".join(f.face_text for f in die.face_outcomes)
            lines.append(f"Die {die.die_id} {die.key}: {shown or 'no faces'}")
            for c in die.contributions:
                sign = f"+{c.amount}" if c.amount else " 0"
                lines.append(f"  {sign} {c.result_type.value}: {c.source} (step {c.step})")
            lines += [f"  effect: {e.note}" for e in die.effects]
            lines += [f"  (!) {u.reason}" for u in die.unresolved]
            lines += [f"  no effect: {reason}" for reason in die.ignored]
        if self.magic_by_color:
            lines.append("Magic by element: " + ", ".join(
                f"{_key_text(k)} {n}" for k, n in self.magic_by_color))
        if self.cantrip_magic:
            lines.append(f"Cantrip-only magic: {self.cantrip_magic}")
        lines.append("Steps:")
        lines += [f"  {s}" for s in self.steps]
        return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# SAI application: the seed 000 "Applies" column
# --------------------------------------------------------------------------------------------

# The "Applies" column of seed 000 / seed 001, verbatim. A roll type not listed means the SAI
# has no effect in that roll. Army rolls never are dragon-attack or individual rolls.
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

# Limits written in an SAI's text rather than its column: (condition, reason it does nothing).
_TEXT_LIMITS: dict[Icon, tuple[Callable[[RollContext], bool], str]] = {
    Icon.CHARGE: (lambda ctx: ctx.counter_attack,
                  "Charge has no effect during a counter-attack (seed 000 Charge)"),
    Icon.SURPRISE: (lambda ctx: ctx.counter_attack,
                    "Surprise has no effect during a counter-attack (seed 000 Surprise)"),
    Icon.GALEFORCE: (lambda ctx: ctx.roll_type is RollType.MAGIC and ctx.in_reserve,
                     "Galeforce works only in a magic action at a terrain, not in reserves "
                     "(seed 000 Galeforce)"),
}


def _applies_to(column: str, ctx: RollContext) -> bool:
    """True if an "Applies" column (seed 000) lists this army roll."""
    rt = ctx.roll_type
    for tag in (t.strip().rstrip("*").lower() for t in column.split(",")):
        if tag in ("any", "any non-individual"):
            return True
        if tag == "non-maneuver" and rt is not RollType.MANEUVER:
            return True
        if tag == rt.value:
            return True
    return False  # "dragon attack", "individual" and "special" are never army rolls


# What each SAI without a full handler does, for the Unresolved reason (seed 000, paraphrased).
SAI_TEXT: dict[Icon, str] = {
    Icon.BREATH: "target X health-worth of units in the defending army; they are killed",
    Icon.CHARGE: "the attacking army counts maneuver results as melee; the defender makes a "
                 "combination save and melee roll instead of saving or counter-attacking",
    Icon.CHARM: "target up to X health-worth of defending units; they roll with the attacker "
                "instead of saving",
    Icon.CHOKE: "delayed: defending units that roll ID (up to X health-worth) are killed",
    Icon.COIL: "target one defending unit: it takes X damage and makes a save and melee roll",
    Icon.CONFUSE: "delayed: re-roll up to X health-worth of defending units after their save roll",
    Icon.CONVERT: "target up to X health-worth of defending units: save or be killed; return "
                  "that much from your DUA",
    Icon.CRUSH: "target up to X health-worth of defending units: maneuver or be killed, then "
                "save or be buried",
    Icon.DECAPITATE: "delayed: kill one defending unit that rolled its ID",
    Icon.DISPEL_MAGIC: "a special roll when magic targets this unit",
    Icon.ENTANGLE: "target up to X health-worth of defending units; they are killed",
    Icon.FERRY: "this unit may move itself and up to four health-worth of its army to any terrain",
    Icon.FIREBREATH: "X damage to the defending army with no save; killed units save or are buried",
    Icon.FIRECLOUD: "target up to X health-worth of defending units: maneuver or be killed",
    Icon.FLAME: "target up to two health-worth of defending units; they are killed and buried",
    Icon.FLAMING_ARROW: "target X health-worth of defending units: save or be killed, then "
                        "save again or be buried",
    Icon.FROST_BREATH: "an opposing army here halves all its results until your next turn",
    Icon.GALEFORCE: "an opposing army subtracts four save and four maneuver results from all "
                    "rolls until your next turn",
    Icon.GORE: "target one defending unit: it takes two damage and is buried if killed",
    Icon.HOWL: "the defending army subtracts X save results",
    Icon.HUG: "target one defending unit: X damage with no save; it rolls melee back at this unit",
    Icon.HYPNOTIC_GLARE: "delayed: defending units that roll ID are hypnotized and their "
                         "results do not count",
    Icon.ILLUSION: "one of your armies cannot be targeted by opposing missile attacks or spells "
                   "until your next turn",
    Icon.IMPALE: "delayed: kill one defending unit that rolled its ID",
    Icon.NET: "target up to X health-worth of defending units: maneuver or be netted",
    Icon.PLAGUE: "target defending units one by one: save or be killed, until one saves",
    Icon.POISON: "target X health-worth of defending units: save or be killed, then save again "
                 "or be buried",
    Icon.ROAR: "up to X health-worth of defending units go to their Reserve Area before saving",
    Icon.SCARE: "up to X health-worth of defending units save or go to reserves; those rolling "
                "ID are killed",
    Icon.SCREECH: "the defending army subtracts X save results",
    Icon.SEIZE: "roll up to X health-worth of defending units: ID goes to reserves, others die",
    Icon.SLAY: "target one unit in the defending army; roll it: unless it rolls its ID it is "
               "killed",
    Icon.SLEEP: "target one opposing unit here: asleep until your next turn",
    Icon.SMITE: "X damage to the defending army with no save possible",
    Icon.SMOTHER: "target up to X health-worth of defending units: maneuver or be killed",
    Icon.STOMP: "target up to X health-worth of defending units: maneuver or be killed, then "
                "save or be buried",
    Icon.STONE: "X damage to the defending army with no save possible",
    Icon.SURPRISE: "the defending army cannot counter-attack",
    Icon.SWALLOW: "target one defending unit; roll it: unless it rolls its ID it is killed and "
                  "buried",
    Icon.TRUMPET: "each Feral unit in this army doubles its melee and save results",
    Icon.WEB: "target up to X health-worth of defending units: melee or be webbed",
    Icon.WITHER: "an opposing army here subtracts X results from all rolls until your next turn",
}

_NO_RULES_TEXT = "its rules text was not retrieved (digest §9), so the engine cannot apply it"


# --------------------------------------------------------------------------------------------
# Handlers
# --------------------------------------------------------------------------------------------


def magic_key(die: Die) -> frozenset[Color]:
    """The element set a die's magic belongs to (digest §5.3): its elements (White = all five),
    else its alloy (Dracolem alloy magic pays alloy spells), else Ivory."""
    if die.elements:
        return die.elements
    return frozenset(die.colors) or frozenset({Color.IVORY})


@dataclass(frozen=True)
class SaiRoll:
    """One SAI icon shown in one roll, with helpers that build its SaiOutcome."""

    die: Die
    die_id: int
    icon: Icon
    x: int  # results the icon gives (seed 000 X rule; already in the catalog count)
    ctx: RollContext

    @property
    def name(self) -> str:
        return self.icon.value

    @property
    def roll_type(self) -> RollType:
        return self.ctx.roll_type

    def generate(self, result_type: RollType, why: str, amount: int | None = None,
                 color: MagicKey | None = None, alternative: str = "",
                 rerolls: bool = False) -> SaiOutcome:
        """X (or `amount`) SAI results of `result_type`; magic defaults to the die's elements."""
        if result_type is RollType.MAGIC and color is None:
            color = magic_key(self.die)
        n = self.x if amount is None else amount
        return SaiOutcome(
            contributions=(Contribution(result_type, n, self.icon, why, Origin.SAI, color,
                                        alternative),),
            rerolls=rerolls,
        )

    def unresolved(self, what: str, rerolls: bool = False) -> SaiOutcome:
        tail = "; the die is rolled again (step 3)" if rerolls else ""
        reason = f"{self.name}: {what} — not resolved yet (issue 3){tail}"
        return SaiOutcome(unresolved=(Unresolved(self.die_id, self.icon, self.x, reason),),
                          rerolls=rerolls)

    def ignored(self, reason: str) -> SaiOutcome:
        return SaiOutcome(ignored=(reason,))

    def not_applicable(self) -> SaiOutcome:
        """The SAI has no effect in this roll type (its Applies column does not list it)."""
        column = APPLIES.get(self.icon, "?")
        return self.ignored(f"{self.name} has no effect in a {self.roll_type.value} roll "
                            f"(seed 000 Applies column: {column})")

    def effect(self, kind: str, note: str, amount: int | None = None) -> SaiOutcome:
        n = self.x if amount is None else amount
        return SaiOutcome(effects=(Effect(self.die_id, self.icon, kind, n, note),))


Handler = Callable[[SaiRoll], SaiOutcome]


def _generic(sai: SaiRoll) -> SaiOutcome:
    """Fallback for SAIs without a handler: Unresolved where the Applies column lists the roll,
    ignored where it does not."""
    if sai.icon not in APPLIES:
        return sai.unresolved(_NO_RULES_TEXT)
    limit = _TEXT_LIMITS.get(sai.icon)
    if limit and limit[0](sai.ctx):
        return sai.ignored(limit[1])
    if not _applies_to(APPLIES[sai.icon], sai.ctx):
        return sai.not_applicable()
    return sai.unresolved(SAI_TEXT.get(sai.icon, "see seed 000"))


def _results_in(types: dict[RollType, str], other_types: str = "") -> Handler:
    """A handler for SAIs that only generate X results: `types` maps each roll type in which
    it works to the citation; other rolls are ignored (with `other_types` as the reason when
    the SAI applies there but makes results that the roll does not count)."""

    def handler(sai: SaiRoll) -> SaiOutcome:
        rt = sai.roll_type
        if rt in types:
            return sai.generate(rt, f"{sai.name}: X = {sai.x} {rt.value} results ({types[rt]})")
        if other_types:
            return sai.ignored(f"{sai.name} {other_types}, which do not count in a "
                               f"{rt.value} roll (seed 000 {sai.name})")
        return sai.not_applicable()

    return handler


_fly = _results_in({RollType.MANEUVER: "seed 000 Fly", RollType.SAVE: "seed 000 Fly"},
                   "gives maneuver or save results")
_trample = _results_in({RollType.MANEUVER: "seed 000 Trample", RollType.MELEE: "seed 000 Trample"},
                       "gives maneuver and melee results")
_hoof = _results_in({RollType.MANEUVER: "seed 000 Hoof", RollType.SAVE: "seed 000 Hoof"})
_sortie = _results_in({RollType.MELEE: "seed 000 Sortie", RollType.SAVE: "seed 000 Sortie"})
_rise = _results_in({RollType.SAVE: "seed 000 Rise from the Ashes; its other power works when "
                                    "the unit is killed, not in a roll"})


def _rend(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee and roll again; maneuver: X maneuver, no re-roll (seed 000 Rend)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, f"Rend: X = {sai.x} melee results, and the unit is "
                                            f"rolled again (seed 000 Rend)", rerolls=True)
    if sai.roll_type is RollType.MANEUVER:
        return sai.generate(RollType.MANEUVER, f"Rend: X = {sai.x} maneuver results; no re-roll "
                                               f"in a maneuver roll (seed 000 Rend)")
    return sai.not_applicable()


def _flurry(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee and roll the item again; save against melee: X saves (seed 000 Flurry)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, f"Flurry: X = {sai.x} melee results, and the item is "
                                            f"rolled again (seed 000 Flurry)", rerolls=True)
    if sai.roll_type is RollType.SAVE:
        if sai.ctx.save_against is RollType.MELEE:
            return sai.generate(RollType.SAVE, f"Flurry: X = {sai.x} save results against a "
                                               f"melee attack (seed 000 Flurry)")
        return sai.ignored("Flurry gives saves only in a save roll against a melee attack "
                           "(seed 000 Applies column: Save*)")
    return sai.not_applicable()


def _tail(sai: SaiRoll) -> SaiOutcome:
    """Melee: exactly two melee results (no X) and roll again (seed 000 Tail)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE, "Tail: two melee results (a fixed number, not X), and "
                                            "the unit is rolled again (seed 000 Tail)",
                            amount=2, rerolls=True)
    return sai.not_applicable()


def _reroll_unresolved(roll_type: RollType) -> Handler:
    """Bullseye, Double Strike, Stun: the targeting effect is not resolved yet, but the unit is
    rolled again all the same (seed 000), so the re-roll's results count."""

    def handler(sai: SaiRoll) -> SaiOutcome:
        if sai.roll_type is roll_type:
            text = {
                Icon.BULLSEYE: "target X health-worth of units in the defending army; those "
                               "that do not roll a save result are killed",
                Icon.DOUBLE_STRIKE: "target four health-worth of units in the defending army; "
                                    "those that do not roll a save result are killed",
                Icon.STUN: "target up to X health-worth of defending units; those that do not "
                           "roll a maneuver result are stunned",
            }[sai.icon]
            return sai.unresolved(text, rerolls=True)
        return sai.not_applicable()

    return handler


def _summon_dragon(sai: SaiRoll) -> SaiOutcome:
    """Magic at a terrain: summon a dragon (not resolved) and roll again; magic in reserves:
    X magic results (seed 000 Summon Dragon)."""
    if sai.roll_type is not RollType.MAGIC:
        return sai.not_applicable()
    if sai.ctx.in_reserve:
        return sai.generate(RollType.MAGIC, f"Summon Dragon: X = {sai.x} magic results in a "
                                            f"magic action in reserves (seed 000 Summon Dragon)")
    return sai.unresolved("summon a dragon containing this item's colour (or an Ivory dragon) "
                          "to any terrain", rerolls=True)


def _counter(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee. Save: X saves; against a melee attack also X damage to the attacking
    army that only spell saves reduce (seed 000 Counter)."""
    if sai.roll_type is RollType.MELEE:
        return sai.generate(RollType.MELEE,
                            f"Counter: X = {sai.x} melee results (seed 000 Counter)")
    if sai.roll_type is RollType.SAVE:
        out = sai.generate(RollType.SAVE, f"Counter: X = {sai.x} save results (seed 000 Counter)")
        if sai.ctx.save_against is RollType.MELEE:
            out += sai.effect("damage_to_attacker",
                              f"Counter: {sai.x} damage to the attacking army; only save results "
                              f"generated by spells may reduce it (seed 000 Counter)")
        return out
    return sai.not_applicable()


def _volley(sai: SaiRoll) -> SaiOutcome:
    """Missile: X missile. Save: X saves; against a missile attack also X damage to the
    attacking army that only spell saves reduce (seed 000 Volley)."""
    if sai.roll_type is RollType.MISSILE:
        return sai.generate(RollType.MISSILE,
                            f"Volley: X = {sai.x} missile results (seed 000 Volley)")
    if sai.roll_type is RollType.SAVE:
        out = sai.generate(RollType.SAVE, f"Volley: X = {sai.x} save results (seed 000 Volley)")
        if sai.ctx.save_against is RollType.MISSILE:
            out += sai.effect("damage_to_attacker",
                              f"Volley: {sai.x} damage to the attacking army; only save results "
                              f"generated by spells may reduce it (seed 000 Volley)")
        return out
    return sai.not_applicable()


def _bash(sai: SaiRoll) -> SaiOutcome:
    """Save against melee: hits back one attacking unit (not resolved); other saves: X saves."""
    if sai.roll_type is not RollType.SAVE:
        return sai.not_applicable()
    if sai.ctx.save_against is RollType.MELEE:
        return sai.unresolved("target one unit of the attacking army: it takes damage equal to "
                              "its melee results, and Bash generates that many saves")
    return sai.generate(RollType.SAVE, f"Bash: X = {sai.x} save results in a save roll not "
                                       f"against melee (seed 000 Bash)")


def _kick(sai: SaiRoll) -> SaiOutcome:
    """Save: X saves; melee: one defending unit takes X damage (seed 000 Kick)."""
    if sai.roll_type is RollType.SAVE:
        return sai.generate(RollType.SAVE, f"Kick: X = {sai.x} save results (seed 000 Kick)")
    if sai.roll_type is RollType.MELEE:
        return sai.unresolved("target one unit in the defending army; it takes X damage")
    return sai.not_applicable()


def _cantrip_only(sai: SaiRoll, what: str) -> SaiOutcome:
    """Magic in a non-magic roll that can only buy cantrip spells (digest §5.3)."""
    out = sai.unresolved(f"{sai.x} magic results usable only for cantrip spells{what}; "
                         f"spells are not implemented yet")
    return out + SaiOutcome(cantrip_magic=sai.x)


def _cantrip(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic. Other non-maneuver rolls: X cantrip-only magic (seed 000 Cantrip)."""
    if sai.roll_type is RollType.MAGIC:
        return sai.generate(RollType.MAGIC,
                            f"Cantrip: X = {sai.x} magic results (seed 000 Cantrip)")
    if sai.roll_type is RollType.MANEUVER:
        return sai.not_applicable()
    return _cantrip_only(sai, "")


def _cloak(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic. Save: X lasting non-magical saves on the army (seed 000 Cloak)."""
    if sai.roll_type is RollType.MAGIC:
        return sai.generate(RollType.MAGIC, f"Cloak: X = {sai.x} magic results (seed 000 Cloak)")
    if sai.roll_type is RollType.SAVE:
        return sai.unresolved("add X non-magical save results to this army until the beginning "
                              "of your next turn (a lasting effect)")
    return sai.not_applicable()


def _create_fireminions(sai: SaiRoll) -> SaiOutcome:
    """Any army roll: X results of one of the five types; the rolled type is the useful choice."""
    rt = sai.roll_type
    return sai.generate(rt, f"Create Fireminions: X = {sai.x} {rt.value} results, the type "
                            f"being rolled for (seed 000 Create Fireminions)",
                        alternative="magic, maneuver, melee, missile or save results")


def _elevate(sai: SaiRoll) -> SaiOutcome:
    """Maneuver: X maneuver. Missile: double one unit's missile results. Save against melee:
    double one unit's saves (seed 000 Elevate; the doublings are not resolved yet)."""
    rt = sai.roll_type
    if rt is RollType.MANEUVER:
        return sai.generate(rt, f"Elevate: X = {sai.x} maneuver results (seed 000 Elevate)")
    if rt is RollType.MISSILE:
        return sai.unresolved("double one unit's missile results (a multiplying modifier)")
    if rt is RollType.SAVE:
        if sai.ctx.save_against is RollType.MELEE:
            return sai.unresolved("double one unit's save results (a multiplying modifier)")
        return sai.ignored("Elevate works in a save roll only against a melee attack "
                           "(seed 000 Applies column: Save*)")
    return sai.not_applicable()


def _move_anywhere(sai: SaiRoll) -> SaiOutcome:
    """Firewalking, Teleport: maneuver: X maneuver; other rolls: the unit may move itself and
    up to three health-worth of its army to any terrain (seed 000)."""
    if sai.roll_type is RollType.MANEUVER:
        return sai.generate(RollType.MANEUVER,
                            f"{sai.name}: X = {sai.x} maneuver results (seed 000 {sai.name})")
    return sai.unresolved("this unit may move itself and up to three health-worth of units in "
                          "its army to any terrain")


def _wayfare(sai: SaiRoll) -> SaiOutcome:
    """Maneuver: X maneuver, or instead move the item and a carrier (seed 001 Wayfare)."""
    if sai.roll_type is RollType.MANEUVER:
        return sai.generate(
            RollType.MANEUVER,
            f"Wayfare: X = {sai.x} maneuver results — taken by default; the alternative is to "
            f"move this item and one unit able to carry it to another terrain or the Reserve "
            f"Area (seed 001 Wayfare)",
            alternative="move the item and one carrier to another terrain or the Reserve Area",
        )
    return sai.not_applicable()


def _saves_or(alternative: str, other_rolls: str) -> Handler:
    """Regenerate, Wild Growth: X saves or another benefit. In a save roll the saves are taken
    by default and the choice recorded; in other non-maneuver rolls the saves would not count,
    so only the other benefit matters and it is not resolved yet."""

    def handler(sai: SaiRoll) -> SaiOutcome:
        rt = sai.roll_type
        if rt is RollType.MANEUVER:
            return sai.not_applicable()
        if rt is RollType.SAVE:
            return sai.generate(
                rt, f"{sai.name}: X = {sai.x} save results — chosen by default over: "
                    f"{alternative} (seed 000 {sai.name})",
                alternative=alternative,
            )
        return sai.unresolved(other_rolls)

    return handler


_regenerate = _saves_or("return up to X health-worth of units from the DUA to this army",
                        "choose: X save results (which do not count in this roll) or return "
                        "up to X health-worth of units from your DUA to this army")
_wild_growth = _saves_or("promote X health-worth of units in this army (or split)",
                         "promote up to X health-worth of units in this army (its save results "
                         "do not count in this roll)")


def _vanish(sai: SaiRoll) -> SaiOutcome:
    """Save: X saves; the unit may then move to any terrain or reserves (seed 000 Vanish)."""
    if sai.roll_type is not RollType.SAVE:
        return sai.not_applicable()
    return (sai.generate(RollType.SAVE, f"Vanish: X = {sai.x} save results (seed 000 Vanish)")
            + sai.unresolved("the unit may then move to any terrain or its Reserve Area (its "
                             "saves still count for this army)"))


def _sneak_attack(sai: SaiRoll) -> SaiOutcome:
    """Melee: X melee. Missile or magic: X damage to an opposing army with no save."""
    rt = sai.roll_type
    if rt is RollType.MELEE:
        return sai.generate(rt, f"Sneak Attack: X = {sai.x} melee results (seed 000 Sneak Attack)")
    if rt in (RollType.MISSILE, RollType.MAGIC):
        return sai.unresolved("X damage to an opposing army at this terrain with no save "
                              "possible; Dragonkin killed are buried")
    return sai.not_applicable()


def _attune(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic of any colour (seed 001 Attune)."""
    if sai.roll_type is not RollType.MAGIC:
        return sai.not_applicable()
    return sai.generate(
        RollType.MAGIC,
        f"Attune: X = {sai.x} magic results of any colour (seed 001 Attune); it may also count "
        f"one unit's normal magic results as the same colour when spells are paid",
        color=ANY_COLOR,
    )


def _wave(sai: SaiRoll) -> SaiOutcome:
    """Maneuver (marching): each counter-maneuvering army subtracts X; counter-maneuver: no
    effect. Melee: the defending army subtracts X saves (not resolved yet). Seed 000 Wave."""
    rt = sai.roll_type
    if rt is RollType.MANEUVER:
        if sai.ctx.counter_maneuver:
            return sai.ignored(
                "Wave does nothing if rolled during a counter-maneuver (seed 000 Wave)")
        return sai.effect("subtract_from_counter_maneuver",
                          f"Wave: each counter-maneuvering army subtracts {sai.x} from its "
                          f"maneuver results (seed 000 Wave)")
    if rt is RollType.MELEE:
        return sai.unresolved("the defending army subtracts X from its save results")
    return sai.not_applicable()


def _belly(sai: SaiRoll) -> SaiOutcome:
    """The unit loses its automatic saves for this roll (seed 000 Belly, digest §4.7). Only
    save rolls count automatic saves, so Belly only matters there."""
    saves = sai.die.autosaves
    if sai.roll_type is not RollType.SAVE:
        return sai.ignored(f"Belly only removes automatic saves, which count only in save "
                           f"rolls (digest §4.7)")
    if not saves:
        return sai.ignored("Belly: this unit has no automatic saves to lose (seed 000 Belly)")
    return SaiOutcome(
        contributions=(Contribution(RollType.SAVE, 0, Icon.BELLY,
                                    f"Belly: the unit loses its {saves} automatic saves for "
                                    f"this roll (seed 000 Belly, digest §4.7)",
                                    Origin.AUTOMATIC),),
        cancels_automatic_saves=True,
    )


def _relic_power(matching: str) -> str:
    return (f"X health-worth of units containing {matching} in this army may be re-rolled "
            f"once, or recruit X small or promote X health-worth of such units (seed 001 "
            f"Elemental Relic)")


def _element(sai: SaiRoll) -> SaiOutcome:
    """Elemental Relic element faces: a non-maneuver power over matching units (seed 001)."""
    if sai.roll_type is RollType.MANEUVER:
        return sai.not_applicable()
    return sai.unresolved(_relic_power(sai.name.removeprefix("Element ").lower()))


def _logo(sai: SaiRoll) -> SaiOutcome:
    """The SFR/TSR logo means something different on each kind of die (seed 000, seed 001)."""
    die, rt = sai.die, sai.roll_type
    non_maneuver = rt is not RollType.MANEUVER
    if die.kind is DieKind.MEDALLION:
        alloy = next((c for c in die.colors if c in (Color.BRONZE, Color.SILVER, Color.GOLD)), None)
        if not non_maneuver:
            return sai.ignored("SFR Logo (medallion) has no effect in a maneuver roll "
                               "(seed 001 Applies column: Non-Maneuver)")
        if alloy is Color.BRONZE:
            if rt is RollType.MAGIC:
                return sai.generate(RollType.MAGIC, f"SFR Logo (Bronze Medallion): X = {sai.x} "
                                                    f"magic results of any elemental colour "
                                                    f"(seed 001)", color=ANY_COLOR)
            return _cantrip_only(sai, " (Bronze Medallion: any species or colour)")
        if alloy is Color.SILVER:
            return sai.unresolved("choose: return an item from your BUA to this army, return a "
                                  "Dragonkin or minor terrain from your BUA to the Summoning "
                                  "Pool, or summon/promote one health-worth of Dragonkin "
                                  "(Silver Medallion, seed 001)")
        if alloy is Color.GOLD:
            return sai.unresolved("you may return up to four health-worth of units from your DUA "
                                  "to this army (Gold Medallion, seed 001)")
        return sai.unresolved(_NO_RULES_TEXT)
    if die.kind is DieKind.RELIC:
        is_elemental = any(icon.value.startswith("Element ")
                           for f in die.faces for icon, _ in f.icons)
        if not is_elemental:  # the Earthfang relic's FAQ entry was not retrieved (digest §9)
            return sai.unresolved(_NO_RULES_TEXT)
        if not non_maneuver:
            return sai.ignored("SFR Logo (Elemental Relic) has no effect in a maneuver roll "
                               "(seed 001 Applies column: Non-Maneuver)")
        return sai.unresolved(_relic_power("any element or ivory (the logo matches all)"))
    if die.species is Species.DRAGONKIN:
        if rt is RollType.MELEE:
            return sai.unresolved("you may move a summoned dragon containing this champion's "
                                  "colour from one terrain to another (seed 000)")
        return sai.ignored(f"SFR Logo (Dragonkin champion) has no effect in a {rt.value} roll "
                           f"(seed 000 Applies column: Melee, Individual)")
    if die.species is Species.ELDARIM:
        if Color.WHITE in die.colors:  # Dragonlord, Dragonslayer, Dragoncrusader
            return sai.ignored(f"SFR Logo (White Eldarim champion) has no effect in a {rt.value} "
                               f"roll (seed 000 Applies column: Dragon Attack, Individual)")
        # Dragonmaster, Dragonhunter, Dragonzealot: "During any other roll, this SAI is
        # considered to be an ID icon which generates two results" — so it is an ID result,
        # doubled by the eighth face at step 9 like any ID.
        return SaiOutcome(contributions=(Contribution(
            rt, 2, Icon.LOGO, "SFR Logo (single-element Eldarim champion): counts as an ID icon "
                              "worth 2 results outside dragon attacks (seed 000)",
            Origin.ID, magic_key(die) if rt is RollType.MAGIC else None),))
    return sai.unresolved(_NO_RULES_TEXT)


SAI_HANDLERS: dict[Icon, Handler] = {
    Icon.ATTUNE: _attune, Icon.BASH: _bash, Icon.BELLY: _belly,
    Icon.BULLSEYE: _reroll_unresolved(RollType.MISSILE), Icon.CANTRIP: _cantrip,
    Icon.CLOAK: _cloak, Icon.COUNTER: _counter, Icon.CREATE_FIREMINIONS: _create_fireminions,
    Icon.DOUBLE_STRIKE: _reroll_unresolved(RollType.MELEE), Icon.ELEVATE: _elevate,
    Icon.FIREWALKING: _move_anywhere, Icon.FLURRY: _flurry, Icon.FLY: _fly, Icon.HOOF: _hoof,
    Icon.KICK: _kick, Icon.REGENERATE: _regenerate, Icon.REND: _rend,
    Icon.RISE_FROM_THE_ASHES: _rise, Icon.SNEAK_ATTACK: _sneak_attack, Icon.SORTIE: _sortie,
    Icon.STUN: _reroll_unresolved(RollType.MELEE), Icon.SUMMON_DRAGON: _summon_dragon,
    Icon.TAIL: _tail, Icon.TELEPORT: _move_anywhere, Icon.TRAMPLE: _trample,
    Icon.VANISH: _vanish, Icon.VOLLEY: _volley, Icon.WAVE: _wave, Icon.WAYFARE: _wayfare,
    Icon.WILD_GROWTH: _wild_growth, Icon.LOGO: _logo,
    Icon.ELEMENT_AIR: _element, Icon.ELEMENT_DEATH: _element, Icon.ELEMENT_EARTH: _element,
    Icon.ELEMENT_FIRE: _element, Icon.ELEMENT_WATER: _element,
}

# Handlers that never report Unresolved in an army roll (checked by the tests against every
# catalog face in every roll context). The others resolve part of their SAI.
_FULLY_HANDLED = frozenset({
    Icon.ATTUNE, Icon.BELLY, Icon.COUNTER, Icon.CREATE_FIREMINIONS, Icon.FLURRY, Icon.FLY,
    Icon.HOOF, Icon.REND, Icon.RISE_FROM_THE_ASHES, Icon.SORTIE, Icon.TAIL, Icon.TRAMPLE,
    Icon.VOLLEY, Icon.WAYFARE,
})


def handled_icons() -> frozenset[Icon]:
    """Icons whose handlers resolve them completely in army rolls (for a coverage command).

    Icons in ``SAI_HANDLERS`` but not here are partly resolved (e.g. Bullseye re-rolls but its
    targeting is Unresolved); icons in neither go through the Applies-column fallback.
    """
    return frozenset(icon for icon in _FULLY_HANDLED if icon in SAI_HANDLERS)


def _setup_rolloff(sai: SaiRoll, out: SaiOutcome) -> SaiOutcome:
    """Horde roll-off (digest §2 step 4): keep the maneuver results an SAI produces; every
    other effect is ignored by rule, so report it as ignored rather than unresolved."""
    kept = tuple(c for c in out.contributions if c.result_type is RollType.MANEUVER)
    dropped = (len(kept) < len(out.contributions) or out.unresolved or out.effects
               or out.rerolls or out.cantrip_magic or out.ignored)
    reason = (f"{sai.name} ignored — setup roll-off: only maneuver results count (digest §2)",)
    return SaiOutcome(contributions=kept, ignored=reason if dropped else ())


def _icon_results(die: Die, die_id: int, icon: Icon, count: int, ctx: RollContext) -> SaiOutcome:
    """What one (icon, count) pair of a face gives in this roll."""
    rt = ctx.roll_type
    color = magic_key(die) if rt is RollType.MAGIC else None
    if icon is Icon.ID:
        # ID: results of whatever type is rolled, equal to the unit's health (digest §1.2).
        what = "artifact ID = 4" if die.kind is DieKind.ARTIFACT else f"ID = health {count}"
        return SaiOutcome(contributions=(Contribution(rt, count, icon, what, Origin.ID, color),))
    if icon in ACTION_ROLL_TYPES:
        if ACTION_ROLL_TYPES[icon] is rt:
            return SaiOutcome(contributions=(Contribution(
                rt, count, icon, f"{count} {icon.value} result{'s' * (count != 1)}",
                Origin.ACTION, color),))
        return SaiOutcome(ignored=(f"{count} {icon.value}: not counted in a {rt.value} roll",))
    sai = SaiRoll(die, die_id, icon, count, ctx)
    out = SAI_HANDLERS.get(icon, _generic)(sai)
    return _setup_rolloff(sai, out) if ctx.ignore_sai_effects else out


def _check_army_die(die: Die) -> None:
    if not (die.kind.is_unit or die.kind.is_item):
        raise ValueError(f"{die.key} is a {die.kind.value}: only units and items roll in an "
                         f"army roll")


def face_results(die: Die, face_index: int, ctx: RollContext, die_id: int = 0) -> FaceOutcome:
    """What face `face_index` of `die` gives in a roll described by `ctx` (pure; steps 1-4
    for one face). Raises ValueError for a die that is not a unit or item, or a bad index."""
    _check_army_die(die)
    if not 0 <= face_index < len(die.faces):
        raise ValueError(f"{die.key} has faces 0-{len(die.faces) - 1}, not {face_index}")
    face = die.faces[face_index]
    total = SaiOutcome()
    for icon, count in face.icons:
        total += _icon_results(die, die_id, icon, count, ctx)
    return FaceOutcome(**vars(total), die_id=die_id, face_index=face_index,
                       face_text=face.to_text(), icons=tuple(icon for icon, _ in face.icons))


# --------------------------------------------------------------------------------------------
# One die: its faces, re-roll chain and automatic saves
# --------------------------------------------------------------------------------------------


def _check_chain(die_id: int, die: Die, outcomes: Sequence[FaceOutcome]) -> bool:
    """Check that the shown faces form a legal re-roll chain (step 3); returns True when the
    chain was cut by MAX_REROLLS. Raises ValueError naming the problem."""
    if not outcomes:
        raise ValueError(f"die {die_id} ({die.key}): no face shown; a rolled die shows one")
    if len(outcomes) > MAX_REROLLS + 1:
        raise ValueError(f"die {die_id} ({die.key}): more than {MAX_REROLLS} re-rolls")
    for i, out in enumerate(outcomes[:-1]):
        if not out.rerolls:
            raise ValueError(f"die {die_id} ({die.key}): face {out.face_index} ({out.face_text}) "
                             f"on roll {i + 1} does not roll the die again, but "
                             f"{len(outcomes) - i - 1} more face(s) were given")
    last = outcomes[-1]
    if last.rerolls and len(outcomes) <= MAX_REROLLS:
        raise ValueError(f"die {die_id} ({die.key}): face {last.face_index} ({last.face_text}) "
                         f"rolls the die again in this roll; give the re-rolled face too")
    return last.rerolls


def _die_outcome(die_id: int, die: Die, faces: Sequence[int], ctx: RollContext) -> DieOutcome:
    outcomes = tuple(face_results(die, f, ctx, die_id) for f in faces)
    capped = _check_chain(die_id, die, outcomes)
    merged = SaiOutcome()
    for out in outcomes:
        merged += out
    ignored = merged.ignored
    if capped:
        ignored += (f"re-roll chain stopped after {MAX_REROLLS} re-rolls (a safety cap)",)
    contributions = merged.contributions
    autosaves = 0
    # Dragonkin automatic saves count only in save rolls, only for dice that were rolled, and
    # not for a die that showed Belly (digest §4.7; they are an adding modifier, step 10).
    if ctx.roll_type is RollType.SAVE and die.autosaves and not merged.cancels_automatic_saves:
        autosaves = die.autosaves
        contributions += (Contribution(
            RollType.SAVE, autosaves, Icon.SAVE,
            f"automatic saves = {autosaves} (Dragonkin health, digest §4.7)", Origin.AUTOMATIC),)
    return DieOutcome(
        die_id=die_id, key=die.key, faces=tuple(faces), contributions=contributions,
        unresolved=merged.unresolved, ignored=ignored, effects=merged.effects,
        face_outcomes=outcomes, automatic_saves=autosaves, cantrip_magic=merged.cantrip_magic,
    )


# --------------------------------------------------------------------------------------------
# The pipeline (digest §4.2, v4.01d ten steps)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tally:
    """Results of one type kept apart by origin until the step that adds them."""

    action: int = 0   # non-SAI, non-ID results (step 5)
    ids: int = 0      # ID results (step 5; removed last by subtract/divide; doubled at step 9)
    sai: int = 0      # SAI-generated results (step 8)
    adding: int = 0   # adding modifiers: automatic saves, counts-as (step 10)


def _tallies(dice: Iterable[DieOutcome]) -> dict[RollType, _Tally]:
    tallies = {rt: _Tally() for rt in RollType}
    field_of = {Origin.ACTION: "action", Origin.ID: "ids", Origin.SAI: "sai",
                Origin.AUTOMATIC: "adding"}
    for die in dice:
        for c in die.contributions:
            t = tallies[c.result_type]
            name = field_of[c.origin]
            tallies[c.result_type] = replace(t, **{name: getattr(t, name) + c.amount})
    return tallies


def _describe(amounts: dict[RollType, int], rolled: RollType) -> str:
    """"melee 7" — the rolled type always, other types only when they are not 0."""
    return ", ".join(f"{rt.value} {n}" for rt, n in amounts.items() if n or rt is rolled)


def _pipeline(dice: tuple[DieOutcome, ...], ctx: RollContext,
              ) -> tuple[dict[RollType, int], dict[RollType, _Tally], tuple[str, ...]]:
    """Run steps 1-10 over the counted dice; returns (final totals, tallies, step trace)."""
    rt = ctx.roll_type
    steps = []
    first = ", ".join(f"{d.key} {d.face_outcomes[0].face_text}" for d in dice)
    steps.append(f"step 1: rolled {len(dice)} dice" + (f": {first}" if dice else ""))
    if rt is RollType.SAVE and ctx.save_against is not None:
        steps.append("step 2: delayed SAIs from the attacker's roll (Choke, Confuse, Decapitate, "
                     "Impale, Hypnotic Glare) are the attack's to resolve; none applied here")
    else:
        steps.append("step 2: no delayed effects (only save rolls against an attack have them)")
    rerolled = [f"{d.key} " + " -> ".join(f.face_text for f in d.face_outcomes)
                for d in dice if len(d.faces) > 1]
    steps.append("step 3: re-rolls: " + "; ".join(rerolled) if rerolled else "step 3: no re-rolls")
    sai_count = sum(1 for d in dice for f in d.face_outcomes for icon in f.icons if icon.is_sai)
    unresolved = sum(len(d.unresolved) for d in dice)
    effects = sum(len(d.effects) for d in dice)
    shown = f"{sai_count} SAI icon(s) shown" if sai_count else "no SAIs shown"
    steps.append(f"step 4: {shown}" + (
        f"; {effects} effect(s) passed on for after the roll" if effects else "") + (
        f"; {unresolved} not resolved yet" if unresolved else ""))

    tallies = _tallies(dice)
    subtotal = {t: tallies[t].action + tallies[t].ids for t in RollType}
    id_part = ", ".join(f"{t.value} {tallies[t].ids}" for t in RollType if tallies[t].ids)
    steps.append(f"step 5: subtotal of non-SAI results: {_describe(subtotal, rt)}"
                 + (f" (from ID: {id_part})" if id_part else ""))
    # Steps 6 and 7 have no sources yet (spells, species abilities and terrain effects arrive
    # with issue 3). When they do, they act on (action, ids) with ID results removed last.
    steps.append("step 6: no subtracting modifiers")
    steps.append("step 7: no dividing modifiers")
    after8 = {t: subtotal[t] + tallies[t].sai for t in RollType}
    added = [f"{t.value} {subtotal[t]} + {tallies[t].sai} = {after8[t]}"
             for t in RollType if tallies[t].sai]
    steps.append("step 8: add SAI results: " + "; ".join(added) if added
                 else "step 8: no SAI-generated results")
    after9 = dict(after8)
    if ctx.id_multiplier != 1:
        verb = "doubles" if ctx.id_multiplier == 2 else f"multiplies by {ctx.id_multiplier}"
        changes = []
        for t in RollType:
            if tallies[t].ids:
                after9[t] += tallies[t].ids * (ctx.id_multiplier - 1)
                changes.append(f"{tallies[t].ids} -> {tallies[t].ids * ctx.id_multiplier}")
        steps.append(f"step 9: eighth face {verb} ID results: " + ("; ".join(changes)
                                                                   or "no ID results rolled"))
    else:
        steps.append("step 9: no multiplying modifiers")
    final = {t: after9[t] + tallies[t].adding for t in RollType}
    adds = [f"{t.value} {after9[t]} + {tallies[t].adding} = {final[t]}"
            for t in RollType if tallies[t].adding]
    steps.append("step 10: add automatic saves: " + "; ".join(adds) if adds
                 else "step 10: no adding modifiers")
    steps.append(f"total: {rt.value} {final[rt]}")
    return final, tallies, tuple(steps)


def _key_text(key: MagicKey) -> str:
    if isinstance(key, str):
        return key
    return "+".join(sorted(c.value for c in key))


def _magic_by_color(dice: Iterable[DieOutcome],
                    ctx: RollContext) -> tuple[tuple[MagicKey, int], ...]:
    """Magic per element source, with ID magic multiplied like the total (step 9), so the
    amounts add up to the magic total."""
    by_key: dict[MagicKey, int] = {}
    for die in dice:
        for c in die.contributions:
            if c.result_type is RollType.MAGIC and c.amount:
                n = c.amount * (ctx.id_multiplier if c.origin is Origin.ID else 1)
                key = c.color if c.color is not None else frozenset({Color.IVORY})
                by_key[key] = by_key.get(key, 0) + n
    return tuple(sorted(by_key.items(), key=lambda kv: _key_text(kv[0])))


# --------------------------------------------------------------------------------------------
# Entry points
# --------------------------------------------------------------------------------------------


def count_faces(shown: Sequence[tuple[int, Die, Sequence[int]]], ctx: RollContext) -> RollResult:
    """Count faces already shown: (die_id, die, every face index shown by that die — the first
    roll, then each re-roll in order).

    Raises ValueError for a duplicate die id, a die that is not a unit or item, a bad face
    index, or faces that do not form the re-roll chain the rules demand (a re-roll face must be
    followed by the re-rolled face; a face that does not re-roll must be the last one).
    """
    seen: set[int] = set()
    outcomes = []
    for die_id, die, faces in shown:
        if die_id in seen:
            raise ValueError(f"die id {die_id} appears twice in one roll")
        seen.add(die_id)
        outcomes.append(_die_outcome(die_id, die, tuple(faces), ctx))
    dice = tuple(outcomes)
    final, tallies, steps = _pipeline(dice, ctx)
    rt = ctx.roll_type
    return RollResult(
        roll_type=rt, dice=dice, subtotal_id=tallies[rt].ids,
        subtotal=tallies[rt].action + tallies[rt].ids, sai_results=tallies[rt].sai,
        totals=tuple((t, final[t]) for t in RollType),
        magic_by_color=_magic_by_color(dice, ctx) if rt is RollType.MAGIC else (),
        cantrip_magic=sum(d.cantrip_magic for d in dice), steps=steps, context=ctx,
    )


def roll_army(dice: Sequence[tuple[int, Die]], ctx: RollContext,
              rng: Rng) -> tuple[RollResult, Rng]:
    """Roll every die once, in the given order (step 1), then resolve re-rolls one die at a
    time in the same order, each chain until its re-roll icon stops coming up (step 3), then
    count with ``count_faces``. Returns (result, advanced rng).

    Raises ValueError for dice that are not units or items, or duplicate ids.
    """
    for _, die in dice:
        _check_army_die(die)
    shown: list[list[int]] = []
    for _, die in dice:
        face, rng = rng.roll_face(len(die.faces))
        shown.append([face])
    for (die_id, die), faces in zip(dice, shown):
        while (len(faces) <= MAX_REROLLS
               and face_results(die, faces[-1], ctx, die_id).rerolls):
            face, rng = rng.roll_face(len(die.faces))
            faces.append(face)
    result = count_faces([(die_id, die, tuple(f)) for (die_id, die), f in zip(dice, shown)], ctx)
    return result, rng
