"""The values of die-roll resolution: what a roll is for, what goes into counting it, and the
result object that says per die what each face gave and why.

Shared by the SAIs' code (each SAI's file in ``sai/icons/``, dispatched by
``sai/results.py``), the pipeline (``rolls/pipeline.py``), the engine's
rolls in play (``rolls/army_roll.py``, ``rolls/individual_roll.py``) and the resolve command (``rolls/count_a_roll.py``).
Everything is a frozen value so a roll in progress can live inside the game state.

Sources: rules digest §0 (result types), §4.2 (the ten steps), §4.3 (modifiers), §4.5
(combination rolls), §4.7 (automatic saves); seed 000 (SAIs and the roll types of the
"Applies" column).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...catalog.model import Color, Die, Icon, IdentityEnum, Species

# Magic of any colour (Attune, the Bronze medallion) is recorded under this key.
ANY_COLOR = "any"
MagicKey = frozenset[Color] | str


class RollType(IdentityEnum):
    """The five result types (digest §0 "Result types")."""

    MANEUVER = "maneuver"
    MELEE = "melee"
    MISSILE = "missile"
    MAGIC = "magic"
    SAVE = "save"


class RollKind(IdentityEnum):
    """Who rolls and why (seed 000 "Application").

    ARMY: an army roll (maneuver, melee, missile, magic, save, or a combination of them).
    INDIVIDUAL: one unit rolling against an effect that targets it (save or die, maneuver or
        die ...) or rolling on its own for an effect (a charmed unit's melee roll). Army
        modifiers never apply (digest §4.3), nor the eighth-face doubling (digest §10 #5).
    DRAGON_ATTACK: the army's combination melee + missile + save roll answering a dragon attack
        (digest §5.4 step 6); each SAI's "Dragon Attack" sentence applies; the eighth face
        doubles its ID results as on any army roll (digest §8).
    """

    ARMY = "army"
    INDIVIDUAL = "individual"
    DRAGON_ATTACK = "dragon attack"


class Origin(IdentityEnum):
    """Where a result comes from, which decides the pipeline step that counts it (§4.2)."""

    ACTION = "action"        # normal action icons and results added from other rolls: step 5
    ID = "id"                # ID icons: step 5 subtotal, the only results the eighth face doubles
    SAI = "sai"              # SAI-generated results: added at step 8
    AUTOMATIC = "automatic"  # adding modifiers (automatic saves, Cloak): step 10


ACTION_ROLL_TYPES = {
    Icon.MANEUVER: RollType.MANEUVER, Icon.MELEE: RollType.MELEE,
    Icon.MISSILE: RollType.MISSILE, Icon.MAGIC: RollType.MAGIC, Icon.SAVE: RollType.SAVE,
}


@dataclass(frozen=True)
class RollContext:
    """What the roll is for.

    roll_type: the (first) type of results counted.
    also: further types a combination roll counts (digest §4.5), e.g. (MELEE,) for the save +
        melee roll of a Coil target or of an army charged.
    kind: ARMY, INDIVIDUAL or DRAGON_ATTACK (see RollKind).
    id_multiplier: 2 when the rolling army controls the terrain's eighth face (digest §8);
        a multiplying modifier applied to ID results at step 9. Army rolls only.
    save_against: MELEE or MISSILE when saving against that attack ("Save*" SAIs), else None.
    counter_attack: this melee roll is a counter-attack (Charge and Surprise do nothing).
    counter_maneuver: this maneuver roll is a counter-maneuver (Wave does nothing).
    in_reserve: the rolling army is in the Reserve Area (Summon Dragon gives magic there).
    in_dua: the unit rolls in the Dead Unit Area: only SAIs that generate saves work (seed 000).
    against_individual: a save roll against an individual-targeting effect (SFR logos, Net).
    attacker_melee: (die id, melee results) of each attacking unit, for Bash (seed 001).
    counts_as: (from, to) result conversions applied at step 10 (Charge: maneuver as melee).
    dragon_rolled_jaws: in a dragon attack, whether an attacking dragon rolled Jaws (Decapitate
        and Impale), None when not known.
    ignore_sai_effects: Horde roll-off at setup (digest §2 step 4): only SAIs that produce
        maneuver results count; every other SAI effect is ignored by rule.
    ignore_ids: why ID results do not count in this roll ("" when they do): a Tower's missile
        attack on a Reserve army counts only non-ID results (digest §8); Dragon Plague
        ignores all ID results (digest §5.4).
    dragon_damage: in a dragon attack, (dragon id, non-breath damage it rolled) of each dragon
        attacking the army (Bash hits one back, seed 000).
    cantrip_spells: the game offers Cantrip spells for this roll's cantrip-only magic once it
        is counted (a roll in play by an army or by a unit of one, digest §5.3, seed 000
        Cantrip); otherwise that magic is reported as not resolved (the resolve command, the
        odds).
    normal_results_only: why only effects that generate normal results of the counted types
        count in this roll ("" when everything counts): Tidal Wave's save and maneuver roll
        (digest §7). An SAI then gives only the results it generates; its other effects,
        re-rolls, modifiers and cantrip magic do not count.
    converts: (species, from, to, why): the normal results of type `from` that units of that
        species roll count as `to` — an adding modifier at step 10 (species abilities and
        spells like Berserker Rage, digest §4.4). A roll that counts `from` itself keeps them.
    split_ids: in a combination roll, the owner chooses for each die showing its ID how its
        ID results count, and may split them (digest §4.5); when False one choice places
        every ID result of the roll on one type (games under rules revision 1).
    unit_multipliers: several multiplying modifiers on single units (Elevate) may multiply
        the same result type, each a different unit — no army or unit is multiplied twice
        (seed 000 Targeting; rules revision 3); the roller picks each one's unit. When False,
        at most one multiplying modifier per result type for the whole roll (revisions 1-2,
        and the house rule).
    ruleset: "v4.01" (the default) or "classic": in a 1996 game every SAI means what the
        1996 action-icon list says (``engine/classic``; build such contexts with
        ``classic.contexts``, never by hand).
    melee_form: in a classic roll, the form of the melee the roll belongs to: "skirmish" or
        "charge" (the attack, its counter-attack, the save roll against it, the defender's
        roll during a charge); "" outside melee and in v4.01.
    ignore_fly: in a classic roll, why the army ignores its Fly results ("" when it does
        not): Galeforce (seed 002).

    Raises ValueError for contradictory settings (e.g. save_against without a save count).
    """

    roll_type: RollType
    id_multiplier: int = 1
    save_against: RollType | None = None
    counter_attack: bool = False
    counter_maneuver: bool = False
    in_reserve: bool = False
    ignore_sai_effects: bool = False
    also: tuple[RollType, ...] = ()
    kind: RollKind = RollKind.ARMY
    in_dua: bool = False
    against_individual: bool = False
    attacker_melee: tuple[tuple[int, int], ...] = ()
    counts_as: tuple[tuple[RollType, RollType], ...] = ()
    dragon_rolled_jaws: bool | None = None
    ignore_ids: str = ""
    dragon_damage: tuple[tuple[int, int], ...] = ()
    converts: tuple[tuple[Species, RollType, RollType, str], ...] = ()
    cantrip_spells: bool = False
    normal_results_only: str = ""
    split_ids: bool = False
    unit_multipliers: bool = False
    ruleset: str = "v4.01"
    melee_form: str = ""
    ignore_fly: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.roll_type, RollType):
            raise ValueError(f"roll_type must be a RollType, got {self.roll_type!r}")
        if not isinstance(self.id_multiplier, int) or self.id_multiplier < 1:
            raise ValueError(
                f"id_multiplier must be a whole number >= 1, got {self.id_multiplier!r}")
        if self.roll_type in self.also or len(set(self.also)) != len(self.also):
            raise ValueError("a combination roll counts each result type once")
        counted = self.counted
        if self.save_against is not None:
            if RollType.SAVE not in counted:
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
        if self.kind is RollKind.INDIVIDUAL and self.id_multiplier != 1:
            raise ValueError("the eighth face doubles ID results of army rolls only, never "
                             "individual unit rolls (digest §10 #5)")
        if self.against_individual and (self.kind is not RollKind.INDIVIDUAL
                                        or RollType.SAVE not in counted):
            raise ValueError("against_individual is an individual save roll")
        if self.in_dua and self.kind is not RollKind.INDIVIDUAL:
            raise ValueError("only a single unit rolls in the DUA (an individual roll)")
        if self.ruleset not in ("v4.01", "classic"):
            raise ValueError(f"ruleset must be 'v4.01' or 'classic', got {self.ruleset!r}")
        if (self.melee_form or self.ignore_fly) and self.ruleset != "classic":
            raise ValueError("melee_form and ignore_fly only make sense in a classic (1996) roll")
        if self.melee_form not in ("", "skirmish", "charge"):
            raise ValueError(f"melee_form must be 'skirmish' or 'charge', got {self.melee_form!r}")
        if self.kind is RollKind.DRAGON_ATTACK and set(counted) != {
                RollType.MELEE, RollType.MISSILE, RollType.SAVE}:
            raise ValueError("a dragon-attack roll counts melee, missile and save (digest §5.4)")

    @classmethod
    def dragon_attack(cls, **kwargs: Any) -> "RollContext":
        """The army's answer to a dragon attack: save + melee + missile (digest §5.4 step 6)."""
        return cls(RollType.SAVE, also=(RollType.MELEE, RollType.MISSILE),
                   kind=RollKind.DRAGON_ATTACK, **kwargs)

    @property
    def counted(self) -> tuple[RollType, ...]:
        """Every result type this roll counts, in the owner's default order of preference."""
        return (self.roll_type,) + self.also

    @property
    def is_combination(self) -> bool:
        """True for a roll that counts more than one result type (digest §4.5)."""
        return bool(self.also)

    @property
    def is_maneuver_roll(self) -> bool:
        """True if the roll includes maneuver results ("Non-Maneuver" SAIs do nothing)."""
        return RollType.MANEUVER in self.counted

    def single(self, roll_type: RollType) -> "RollContext":
        """This context narrowed to one counted type (a combination roll asks each SAI what it
        does for each counted type, then the roller picks one sentence: digest §4.5). A
        dragon-attack roll narrowed to one type reads an SAI's ordinary sentences."""
        against = self.save_against if roll_type is RollType.SAVE else None
        kind = RollKind.ARMY if self.kind is RollKind.DRAGON_ATTACK else self.kind
        return replace(self, roll_type=roll_type, also=(), save_against=against, kind=kind,
                       counter_attack=self.counter_attack and roll_type is RollType.MELEE,
                       counter_maneuver=self.counter_maneuver and roll_type is RollType.MANEUVER,
                       against_individual=self.against_individual and roll_type is RollType.SAVE)

    def describe(self) -> str:
        """Plain words, e.g. "save roll against melee", "melee roll (counter-attack)"."""
        types = " + ".join(t.value for t in self.counted)
        if self.kind is RollKind.DRAGON_ATTACK:
            text = f"dragon-attack roll ({types})"
        elif self.kind is RollKind.INDIVIDUAL:
            text = f"individual {types} roll"
        else:
            text = f"{types} roll" if not self.also else f"combination {types} roll"
        if self.save_against is not None:
            text += f" against {self.save_against.value}"
        extras = [name for flag, name in (
            (self.counter_attack, "counter-attack"), (self.counter_maneuver, "counter-maneuver"),
            (self.in_reserve, "in the Reserve Area"), (self.in_dua, "in the DUA"),
            (self.against_individual, "against an individual-targeting effect"),
            (self.ignore_sai_effects, "setup roll-off"),
            (self.id_multiplier != 1, f"ID x{self.id_multiplier} from the eighth face"),
            (bool(self.ignore_ids), "ID results ignored"),
            (bool(self.normal_results_only), "normal results only"),
            (self.ruleset == "classic", "1996 rules"
             + (f", {self.melee_form}" if self.melee_form else "")
             + (f", Fly ignored: {self.ignore_fly}" if self.ignore_fly else "")),
            (bool(self.counts_as), ", ".join(f"{a.value} counts as {b.value}"
                                             for a, b in self.counts_as)),
        ) if flag]
        return text + (f" ({', '.join(extras)})" if extras else "")


# --------------------------------------------------------------------------------------------
# What one icon gives
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contribution:
    """Results one icon gives: e.g. (MELEE, 3, Icon.ID, "ID = health 3").

    origin: ACTION / ID / SAI / AUTOMATIC (inferred from the icon when not given); it decides
        the pipeline step (5, 8 or 10) and keeps SAI results apart until step 8.
    color: for magic results, the element set the magic belongs to, or ANY_COLOR.
    alternative: a choice the rules offer instead of these results (kept for the explanation).
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
    """An SAI that applies in this roll but whose effect the engine cannot resolve (the reason
    says why: e.g. spells or dragons in play are not implemented)."""

    die_id: int
    icon: Icon
    count: int
    reason: str


@dataclass(frozen=True)
class Effect:
    """Something an SAI does beyond generating results, for the game to apply after (or, for
    the delayed effects, during) the roll. `kind` names the procedure (``sai/effects.py``
    lists them all); `amount` is X or the SAI's fixed number; `note` quotes the rule;
    `target`: a die the roller already chose while counting (Bash's attacking unit)."""

    die_id: int
    icon: Icon
    kind: str
    amount: int
    note: str
    target: int | None = None


class ModOp(IdentityEnum):
    """The four kinds of modifiers, in the pipeline step that applies them (digest §4.2)."""

    SUBTRACT = "subtract"   # step 6
    DIVIDE = "divide"       # step 7, rounding down
    MULTIPLY = "multiply"   # step 9
    ADD = "add"             # step 10


@dataclass(frozen=True)
class Modifier:
    """A modifier on a roll (digest §4.3).

    op / amount: subtract or add `amount` results, or divide / multiply by `amount`.
    types: the result types it changes (() = every counted type). A SUBTRACT or ADD on a
        combination roll with () is placed on the first counted type (digest §4.5: placed as the
        owner chooses).
    ids_only: MULTIPLY only the ID results (the eighth face, digest §8).
    unit: MULTIPLY one unit's results: a die id, ``"best"`` (the unit that gains most: Elevate)
        or ``"feral"`` (each Feral unit: Trumpet). None: the army's results.
    icon: the SAI that created it, if any.
    one_type: the modifier changes only the first of its `types` that the roll counts (Fiery
        Weapon: +2 melee or missile).
    """

    op: ModOp
    amount: int
    source: str
    types: tuple[RollType, ...] = ()
    ids_only: bool = False
    unit: int | str | None = None
    icon: Icon | None = None
    one_type: bool = False


@dataclass(frozen=True)
class ChoicePoint:
    """A choice the roller must make while counting (seed 000: Regenerate, Wild Growth,
    Wayfare, Bash's target; digest §4.5: ID and sentence choices in combination rolls).

    die_id: the die whose icon offers it, -1 for the whole roll. options are the legal values
    (strings); default is the value counted when no choice was given. kind "unit": the values
    are die ids (as text) of the units to pick from.
    """

    die_id: int
    icon: Icon
    options: tuple[str, ...]
    default: str
    prompt: str
    kind: str = "option"


@dataclass(frozen=True)
class RollChoice:
    """A choice made for a ChoicePoint: (die id or -1, icon, value)."""

    die_id: int
    icon: Icon
    value: str


@dataclass(frozen=True)
class SaiOutcome:
    """What one icon does in one roll; handlers return it and outcomes add up with ``+``.

    rerolls: the die is rolled again and the new result applied as well (step 3).
    cantrip_magic: magic usable only for cantrip spells (Cantrip outside magic rolls).
    cancels_automatic_saves: Belly: the unit loses its automatic saves for this roll.
    modifiers: roll modifiers the SAI creates (Elevate, Trumpet).
    choices: choice points it offers.
    """

    contributions: tuple[Contribution, ...] = ()
    unresolved: tuple[Unresolved, ...] = ()
    ignored: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    rerolls: bool = False
    cantrip_magic: int = 0
    cancels_automatic_saves: bool = False
    modifiers: tuple[Modifier, ...] = ()
    choices: tuple[ChoicePoint, ...] = ()

    def __add__(self, other: "SaiOutcome") -> "SaiOutcome":
        return SaiOutcome(
            self.contributions + other.contributions, self.unresolved + other.unresolved,
            self.ignored + other.ignored, self.effects + other.effects,
            self.rerolls or other.rerolls, self.cantrip_magic + other.cantrip_magic,
            self.cancels_automatic_saves or other.cancels_automatic_saves,
            self.modifiers + other.modifiers, self.choices + other.choices,
        )

    @property
    def is_empty(self) -> bool:
        """True when the icon does nothing at all in this roll (only ignored reasons)."""
        return not (self.contributions or self.unresolved or self.effects or self.rerolls
                    or self.cantrip_magic or self.cancels_automatic_saves or self.modifiers
                    or self.choices)


@dataclass(frozen=True)
class FaceOutcome(SaiOutcome):
    """Everything one face of one die gives in one roll (see ``rolls.face_results``)."""

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


# --------------------------------------------------------------------------------------------
# What goes into counting a roll
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DieRoll:
    """One rolled die as counted: `faces` is the chain shown (the first roll, then each
    re-roll in order, step 3). `replaced`: earlier chains that a re-roll "ignoring the previous
    result" threw away (Confuse, Vortex, the Elemental Relic), with why in `notes`.
    `excluded`: when not empty, the die's results do not count, and why (Choke, Decapitate,
    Impale, Hypnotic Glare)."""

    die_id: int
    die: Die
    faces: tuple[int, ...]
    replaced: tuple[tuple[int, ...], ...] = ()
    excluded: str = ""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Addition:
    """Results another roll adds to this one as normal results (step 5): e.g. the melee
    results of units charmed by Charm join the attacking army's results (seed 000 Charm)."""

    result_type: RollType
    amount: int
    source: str


@dataclass(frozen=True)
class RollInput:
    """Everything that decides a roll's count: the context, the dice with the faces they
    showed, modifiers (from lasting effects and the opposing roll), results added from other
    rolls, the choices made, and what step 2 did (for the trace)."""

    ctx: RollContext
    dice: tuple[DieRoll, ...]
    modifiers: tuple[Modifier, ...] = ()
    additions: tuple[Addition, ...] = ()
    choices: tuple[RollChoice, ...] = ()
    step2: tuple[str, ...] = ()

    def with_choice(self, choice: RollChoice) -> "RollInput":
        """The input with `choice` made (replacing an earlier one for the same icon)."""
        kept = tuple(c for c in self.choices
                     if (c.die_id, c.icon) != (choice.die_id, choice.icon))
        return replace(self, choices=kept + (choice,))

    def die(self, die_id: int) -> DieRoll:
        """The DieRoll of `die_id`. Raises KeyError if it is not in the roll."""
        for d in self.dice:
            if d.die_id == die_id:
                return d
        raise KeyError(die_id)

    def replace_die(self, new: DieRoll) -> "RollInput":
        """The input with the DieRoll of the same die id replaced by `new`."""
        return replace(self, dice=tuple(new if d.die_id == new.die_id else d for d in self.dice))


# --------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Applied:
    """What the game did with an SAI effect after the roll: who was targeted and what became
    of each target ("killed", "buried", "moved to the Reserve Area", "stunned" ...)."""

    icon: Icon
    text: str
    targets: tuple[int, ...] = ()
    fates: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class DieOutcome:
    """One die's part of the roll: every face it showed (first roll, then each re-roll).

    automatic_saves: the Dragonkin automatic saves this die adds at step 10 (0 after Belly).
    modifiers: the roll modifiers its SAIs create (Elevate, Trumpet).
    excluded: why the die's results do not count ("" when they do). replaced: chains thrown
    away by a re-roll that ignores the previous result. applied: what the game did with the
    die's SAI effects (filled in as they resolve).
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
    modifiers: tuple[Modifier, ...] = ()
    excluded: str = ""
    replaced: tuple[tuple[str, ...], ...] = ()
    notes: tuple[str, ...] = ()
    applied: tuple[Applied, ...] = ()

    def amount(self, result_type: RollType) -> int:
        """Raw results of that type from this die (before modifiers); 0 when excluded."""
        if self.excluded:
            return 0
        return sum(c.amount for c in self.contributions if c.result_type is result_type)


@dataclass(frozen=True)
class RollResult:
    """The resolved roll.

    roll_type: the (first) type rolled for; dice: one DieOutcome per rolled die, input order.
    subtotal: step 5 subtotal (non-SAI results) of the rolled type; subtotal_id: the part of
        it that came from ID results; sai_results: SAI results added at step 8.
    totals: (RollType, final total) for every type, in RollType order (0 for types not
        counted).
    magic_by_color: (element set or ANY_COLOR, magic results) — magic is tracked per source
        so spells can be paid by element (digest §5.3); ivory magic is frozenset({IVORY}).
    cantrip_magic: magic usable only for cantrip spells (Cantrip / Bronze medallion outside
        magic rolls; also reported Unresolved: spells are not implemented yet).
    steps: a trace of the ten steps as applied. context: the RollContext.
    modifiers: every modifier that changed the count, in step order (as text).
    choices: choice points, each with the value taken (chosen, or the default).
    open_choices: the choice points for which no choice was given (the default was counted).
    additions: results added from other rolls (Charm).
    source: the RollInput it was counted from (to count again after a change, e.g. Charm).
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
    modifiers: tuple[str, ...] = ()
    choices: tuple[tuple[ChoicePoint, str], ...] = ()
    open_choices: tuple[ChoicePoint, ...] = ()
    additions: tuple[Addition, ...] = field(default=())
    source: RollInput | None = field(default=None, compare=False, repr=False)

    def total(self, result_type: RollType | None = None) -> int:
        """The final total of that result type (default: the rolled type)."""
        wanted = self.roll_type if result_type is None else result_type
        return dict(self.totals).get(wanted, 0)

    @property
    def unresolved(self) -> tuple[Unresolved, ...]:
        """Every unresolved SAI of every counted die, in die order."""
        return tuple(u for d in self.dice if not d.excluded for u in d.unresolved)

    @property
    def effects(self) -> tuple[Effect, ...]:
        """Every effect for the game to apply, from dice whose results count, in die order."""
        return tuple(e for d in self.dice if not d.excluded for e in d.effects)

    def effects_of(self, *kinds: str) -> tuple[Effect, ...]:
        """The effects of the given kinds."""
        return tuple(e for e in self.effects if e.kind in kinds)

    def outcome(self, die_id: int) -> DieOutcome | None:
        """The DieOutcome of `die_id`, or None if that die did not roll."""
        return next((d for d in self.dice if d.die_id == die_id), None)

    def with_applied(self, die_id: int, applied: Applied) -> "RollResult":
        """The result with what the game did for one of `die_id`'s effects recorded."""
        dice = tuple(replace(d, applied=d.applied + (applied,)) if d.die_id == die_id else d
                     for d in self.dice)
        return replace(self, dice=dice)

    def explain(self) -> str:
        """A multi-line, plain-words breakdown per die, for the "explain this roll" panel."""
        ctx = self.context or RollContext(self.roll_type)
        what = ctx.describe()
        counted = ctx.counted
        totals = ", ".join(f"{self.total(t)} {t.value}" for t in counted)
        lines = [f"{what[:1].upper()}{what[1:]}: {totals}"]
        for die in self.dice:
            shown = " -> rolled again -> ".join(f.face_text for f in die.face_outcomes)
            lines.append(f"Die {die.die_id} {die.key}: {shown or 'no faces'}")
            for chain in die.replaced:
                lines.append(f"  ignored earlier result: {' -> '.join(chain)}")
            lines += [f"  note: {n}" for n in die.notes]
            if die.excluded:
                lines.append(f"  not counted: {die.excluded}")
            for c in die.contributions:
                sign = f"+{c.amount}" if c.amount else " 0"
                lines.append(f"  {sign} {c.result_type.value}: {c.source} (step {c.step})")
            lines += [f"  modifier: {mod.source} (step 9)" for mod in die.modifiers]
            lines += [f"  effect: {e.note}" for e in die.effects]
            lines += [f"  applied: {a.text}" for a in die.applied]
            lines += [f"  (!) {u.reason}" for u in die.unresolved]
            lines += [f"  no effect: {reason}" for reason in die.ignored]
        for add in self.additions:
            lines.append(f"Added: +{add.amount} {add.result_type.value} from {add.source}")
        for point, value in self.choices:
            chosen = "default" if point in self.open_choices else "chosen"
            lines.append(f"Choice: {point.prompt}: {value} ({chosen})")
        if self.modifiers:
            lines.append("Modifiers: " + "; ".join(self.modifiers))
        if self.magic_by_color:
            lines.append("Magic by element: " + ", ".join(
                f"{key_text(k)} {n}" for k, n in self.magic_by_color))
        if self.cantrip_magic:
            lines.append(f"Cantrip-only magic: {self.cantrip_magic}")
        lines.append("Steps:")
        lines += [f"  {s}" for s in self.steps]
        return "\n".join(lines)


def key_text(key: MagicKey) -> str:
    """A magic key as text: "air+water", "ivory", "any"."""
    if isinstance(key, str):
        return key
    return "+".join(sorted(c.value for c in key))
