"""What roll the odds are asked about: ``OddsSpec``, and the named rolls the CLI and the app
offer ("melee", "save-vs-melee", "magic:fire", "dragon-attack:missile" ...).

An OddsSpec is the odds module's view of the engine's ``RollContext`` (rules digest §4.2, seed
000 "Application") plus the roll modifiers the game state puts on the roll (the engine's own
``Modifier`` values: ``engine.lasting.effect_modifiers`` makes them from Wither, Galeforce,
Frost Breath, Cloak; the march makes them from Howl, Screech and Wave). Pure Python, no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..catalog.model import Color
from ..engine.rolls.model import Modifier, ModOp, RollContext, RollKind, RollType
from .dist import NotModelled

# Chains of roll-again faces (Rend, Bullseye, Tail ...) are unrolled until the chance of
# still rolling again falls below this; the mass left out is reported, never hidden.
DEFAULT_EPS = 1e-12

ROLL_TYPE_NAMES = tuple(rt.value for rt in RollType)


@dataclass(frozen=True)
class OddsSpec:
    """One roll to compute odds for.

    roll_type: the result type reported (for a dragon attack: SAVE, MELEE or MISSILE, one of the
        three types that roll counts, digest §5.4 step 6).
    dragon_attack: the army's combination roll answering a dragon attack; ID results and
        sentence choices follow the engine's defaults (IDs count as saves, digest §4.5).
    id_multiplier: 2 when the army holds the terrain's eighth face (digest §8: ID results
        doubled, a multiplying modifier at step 9). Army rolls only (not dragon attacks).
    save_against: MELEE or MISSILE for a save roll against that attack ("Save*" SAIs).
    counter_attack / counter_maneuver / in_reserve: as in ``RollContext``.
    element: for a magic roll, count only the magic usable as this element (results whose
        element set contains it, and magic "of any colour"); None counts all magic.
    modifiers: roll modifiers from the game state (engine ``Modifier`` values), applied at
        the pipeline steps the engine applies them (subtract step 6, divide step 7, multiply
        step 9, add step 10).
    eps: chains of roll-again faces are cut where the chance of rolling again drops below
        eps; the cut mass is reported as ``truncated_mass``.
    base: the engine's own RollContext of the roll (``of_context``), with everything the
        fields above do not say: species abilities' "counts as", Dragon Plague's ignored IDs,
        Necromantic Wave ... None: the bare roll the fields describe.
    notes: what the roll does in play that the odds do not count (listed with the
        distribution).

    Raises ValueError for combinations the engine rejects (through ``RollContext``) and for an
    element on a roll that is not magic.
    """

    roll_type: RollType
    dragon_attack: bool = False
    id_multiplier: int = 1
    save_against: RollType | None = None
    counter_attack: bool = False
    counter_maneuver: bool = False
    in_reserve: bool = False
    element: Color | None = None
    modifiers: tuple[Modifier, ...] = field(default=())
    eps: float = DEFAULT_EPS
    base: RollContext | None = None
    notes: tuple[NotModelled, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.roll_type, str):
            object.__setattr__(self, "roll_type", RollType(self.roll_type))
        if self.element is not None and self.roll_type is not RollType.MAGIC:
            raise ValueError("an element only makes sense for a magic roll")
        if self.dragon_attack and self.roll_type not in (
                RollType.SAVE, RollType.MELEE, RollType.MISSILE):
            raise ValueError("a dragon-attack roll counts save, melee and missile results")
        if not 0 < self.eps < 1e-3:
            raise ValueError(f"eps must be a small positive probability, got {self.eps}")
        for mod in self.modifiers:
            if not isinstance(mod, Modifier):
                raise ValueError(f"modifiers must be engine Modifier values, got {mod!r}")
        if self.base is not None:
            self._check_base(self.base)
        self.context()  # the engine validates the rest (e.g. save_against on a melee roll)

    def _check_base(self, base: RollContext) -> None:
        """The spec's own fields must say what its engine context says (the odds count the
        engine's roll, never a different one)."""
        if not isinstance(base, RollContext):
            raise ValueError(f"base must be an engine RollContext, got {base!r}")
        if self.dragon_attack != (base.kind is RollKind.DRAGON_ATTACK):
            raise ValueError("base: a dragon-attack spec needs the engine's dragon-attack "
                             "context, and only it")
        if not self.dragon_attack:
            if base.kind is not RollKind.ARMY:
                raise ValueError("the odds count army rolls and dragon-attack rolls")
            mine = (self.roll_type, self.save_against, self.counter_attack,
                    self.counter_maneuver, self.in_reserve)
            theirs = (base.roll_type, base.save_against, base.counter_attack,
                      base.counter_maneuver, base.in_reserve)
            if mine != theirs:
                raise ValueError("base: the engine context is for another roll than the spec "
                                 "(use OddsSpec.of_context)")
        elif self.roll_type not in base.counted:
            raise ValueError(f"base: the roll does not count {self.roll_type.value}")

    @classmethod
    def of_context(cls, ctx: RollContext, roll_type: RollType | None = None,
                   modifiers: tuple[Modifier, ...] = (), element: Color | None = None,
                   eps: float = DEFAULT_EPS, notes: tuple[NotModelled, ...] = ()) -> "OddsSpec":
        """The odds of the engine's own roll `ctx` (built by ``engine.flow.army_context`` in
        play, ``engine.flow.place_context`` at a table): every field of the context counts
        (species abilities' "counts as", Dragon Plague, Necromantic Wave, the eighth face
        ...). `roll_type`: the type reported (default the context's; for a dragon attack
        save, melee or missile); `modifiers`: the game state's roll modifiers
        (``engine.lasting.army_modifiers``); `notes`: what the roll does in play that the odds
        do not count. Raises ValueError for a context the odds do not count (an individual
        roll, a combination roll other than a dragon attack)."""
        dragon = ctx.kind is RollKind.DRAGON_ATTACK
        if ctx.is_combination and not dragon:
            raise ValueError("the odds count one result type per roll; a combination roll is "
                             "not modelled")
        return cls(roll_type or ctx.roll_type, dragon_attack=dragon,
                   id_multiplier=ctx.id_multiplier, save_against=ctx.save_against,
                   counter_attack=ctx.counter_attack, counter_maneuver=ctx.counter_maneuver,
                   in_reserve=ctx.in_reserve, element=element, modifiers=tuple(modifiers),
                   eps=eps, base=ctx, notes=tuple(notes))

    def context(self) -> RollContext:
        """The engine's RollContext for this roll (raises ValueError when contradictory): the
        `base` context when given (its eighth-face multiplier set to the spec's)."""
        if self.base is not None:
            if self.base.id_multiplier == self.id_multiplier:
                return self.base
            return replace(self.base, id_multiplier=self.id_multiplier)
        if self.dragon_attack:
            # The engine refuses an eighth-face multiplier here (digest §10 #5): let it say so.
            return RollContext.dragon_attack(id_multiplier=self.id_multiplier)
        return RollContext(self.roll_type, id_multiplier=self.id_multiplier,
                           save_against=self.save_against, counter_attack=self.counter_attack,
                           counter_maneuver=self.counter_maneuver, in_reserve=self.in_reserve)

    @property
    def name(self) -> str:
        """The short name the CLI and the app use, e.g. "save-vs-melee", "magic:fire"."""
        if self.dragon_attack:
            return f"dragon-attack:{self.roll_type.value}"
        base = self.roll_type.value
        if self.save_against is not None:
            base += f"-vs-{self.save_against.value}"
        if self.element is not None:
            base += f":{self.element.value}"
        return base

    @property
    def label(self) -> str:
        """Plain words for charts and tables, e.g. "melee roll (eighth face: ID x2)"."""
        if self.dragon_attack:
            text = f"dragon attack: {self.roll_type.value} results"
        else:
            text = self.context().describe()
        if self.element is not None:
            text += f", {self.element.value} magic"
        if self.modifiers:
            text += "; " + "; ".join(modifier_text(m) for m in self.modifiers)
        return text


def modifier_text(mod: Modifier) -> str:
    """A modifier in a few words: "-4 save", "halved", "+2 save", "x2 ID"."""
    what = "/".join(t.value for t in mod.types) or "all results"
    if mod.op is ModOp.SUBTRACT:
        return f"-{mod.amount} {what}"
    if mod.op is ModOp.DIVIDE:
        return f"{what} / {mod.amount}"
    if mod.op is ModOp.ADD:
        return f"+{mod.amount} {what}"
    return f"{what} x{mod.amount}" + (" (ID only)" if mod.ids_only else "")


def subtract(amount: int, *types: RollType, source: str = "subtract") -> Modifier:
    """A subtracting modifier (step 6), e.g. Wither's X (all types) or Galeforce's 4 saves."""
    return Modifier(ModOp.SUBTRACT, amount, source, types=tuple(types))


def halve(*types: RollType, source: str = "halved") -> Modifier:
    """A dividing modifier by 2 (step 7), e.g. Frost Breath (all types) or a breath halving."""
    return Modifier(ModOp.DIVIDE, 2, source, types=tuple(types))


def add(amount: int, *types: RollType, source: str = "add") -> Modifier:
    """An adding modifier (step 10), e.g. Cloak's X saves."""
    return Modifier(ModOp.ADD, amount, source, types=tuple(types))


def named_specs() -> tuple[str, ...]:
    """Every roll name ``spec_from_name`` understands (elements listed for magic)."""
    names = ["maneuver", "melee", "missile", "magic", "save", "save-vs-melee",
             "save-vs-missile"]
    names += [f"magic:{c.value}" for c in (Color.AIR, Color.DEATH, Color.EARTH, Color.FIRE,
                                           Color.WATER, Color.IVORY)]
    names += [f"dragon-attack:{t}" for t in ("save", "melee", "missile")]
    return tuple(names)


def spec_from_name(name: str, id_multiplier: int = 1,
                   modifiers: tuple[Modifier, ...] = (), eps: float = DEFAULT_EPS,
                   **flags) -> OddsSpec:
    """The OddsSpec for a roll name (see ``named_specs``). Raises ValueError for an unknown
    name, naming the known ones."""
    text = name.strip().lower()
    # Only the name's own errors blame the name; a bad eps or modifier names itself.
    try:
        if text.startswith("dragon-attack"):
            _, _, what = text.partition(":")
            parts: dict[str, Any] = {"dragon_attack": True}  # OddsSpec fields by name
            roll_type = RollType(what or "save")
        else:
            base, _, element = text.partition(":")
            roll, _, against = base.partition("-vs-")
            roll_type = RollType(roll)
            parts = {"save_against": RollType(against) if against else None,
                     "element": Color(element) if element else None}
        spec = OddsSpec(roll_type, id_multiplier=id_multiplier, **parts, **flags)
    except ValueError as exc:
        known = ", ".join(named_specs())
        raise ValueError(f"unknown roll {name!r} ({exc}); known rolls: {known}") from None
    return replace(spec, modifiers=modifiers, eps=eps)
