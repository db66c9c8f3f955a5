"""The state behind "Count a roll": the roll type, the eighth face, and each die the player
rolled on the table with the faces it showed, turned into the resolve format
(``engine/rolls/count_a_roll.py``) and counted there.

Pure Python (no Qt) so the rules of the form — when a die still needs a face, when a re-roll
face asks for the next one, what a changed face throws away — are tested without a window.
The dialog (``count_roll_dialog.py``) only draws this state.

Re-rolls follow the rolls module: a face "rolls the die again" when ``face_results(...)
.rerolls`` says so in this roll's context (Rend in melee, not in maneuver), so the form asks
for exactly the faces ``resolve`` will demand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..catalog.loader import load_catalog
from ..catalog.model import Die, DieKind
from ..engine.core.options import CLASSIC, RULESETS, V401
from ..engine.rolls.count_a_roll import ResolveError, description_context, resolve
from ..engine.rolls.pipeline import RollContext, RollType, face_results
from ..forces.classic import classic_die_fault
from ..forces.text_list import short_name

DEFAULT_TERRAIN = "Terrains/Coastland Tower"


@dataclass(frozen=True)
class RollKindChoice:
    """One entry of the roll-type list: its label and how the resolve format spells it."""

    label: str
    roll: str
    against: str | None = None

    @property
    def is_dragon_attack(self) -> bool:
        return self.roll == "dragon-attack"


ROLL_KINDS = (
    RollKindChoice("Maneuver", "maneuver"),
    RollKindChoice("Melee", "melee"),
    RollKindChoice("Missile", "missile"),
    RollKindChoice("Magic", "magic"),
    RollKindChoice("Save", "save"),
    RollKindChoice("Save against melee", "save", "melee"),
    RollKindChoice("Save against missile", "save", "missile"),
    RollKindChoice("Dragon attack (save + melee + missile)", "dragon-attack"),
)


def rollable_dice(ruleset: str = V401) -> list[Die]:
    """Every die that can take part in an army roll (units and items) of a game of `ruleset`,
    in key order: under the 1996 rules only the dice a classic force may bring."""
    return [d for d in load_catalog() if (d.kind.is_unit or d.kind.is_item)
            and ruleset_fault(d, ruleset) is None]


def ruleset_fault(die: Die, ruleset: str) -> str | None:
    """Why `die` (a unit, item or terrain) is not part of a game of `ruleset`, as a sentence
    for the player ("Sprout is a Treefolk die; ..."), or None when it is. The 1996 game asks
    the force rules the force builder uses (``forces.classic.classic_die_fault``, with the
    digest's default house rules); every die of the catalog belongs to the v4.01 game."""
    if ruleset != CLASSIC:
        return None
    fault = classic_die_fault(die)
    return f"{die.name} {fault}" if fault else None


def terrains() -> list[Die]:
    """Every terrain with an eighth face, in key order (minor terrains have none)."""
    return load_catalog().of_kind(DieKind.TERRAIN)


def find_die(text: str) -> Die:
    """The unit or item `text` names (a key, or a name that is unique). Raises ValueError
    with a message for the player: unknown, ambiguous, or not a die that rolls in an army."""
    text = text.strip()
    if not text:
        raise ValueError("type the name of a unit or item, e.g. Footman")
    try:
        die = load_catalog().die(text)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    if not (die.kind.is_unit or die.kind.is_item):
        raise ValueError(f"{die.name} is a {die.kind.value}: only units and items roll in an "
                         f"army roll")
    return die


@dataclass
class RolledDie:
    """One die on the table: the faces it showed, the first roll then each re-roll."""

    die: Die
    faces: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Count:
    """What the form counts to right now.

    ``report`` is resolve's answer, or None when nothing can be counted; ``hints`` are the
    faces still missing, in plain words; ``error`` is resolve's own complaint, if any. While
    faces are missing, ``report`` counts the dice that are complete (``partial``), so the
    player sees the count grow; only a complete roll is ``ok``.
    """

    report: dict[str, Any] | None
    hints: tuple[str, ...] = ()
    error: str = ""

    @property
    def ok(self) -> bool:
        """The whole roll is counted: every die shows its faces and resolve accepted it."""
        return self.report is not None and not self.hints

    @property
    def partial(self) -> bool:
        """Only the complete dice are counted; others still need a face."""
        return self.report is not None and bool(self.hints)

    def die_report(self, index: int) -> dict[str, Any] | None:
        """Resolve's breakdown of die `index` (position in the army), None if not counted."""
        if self.report is None:
            return None
        return next((d for d in self.report["dice"] if d["id"] == index + 1), None)


class CountRollState:
    """The roll being described. Dice are addressed by their position in the army (0, 1 ...);
    in the resolve format they get the ids 1, 2 ... in the same order."""

    def __init__(self) -> None:
        self.kind: RollKindChoice = ROLL_KINDS[1]
        self.eighth_face = False
        self.terrain: str | None = None  # where the army rolls (None: not given)
        self.dice: list[RolledDie] = []
        self.ruleset = V401    # the game whose rules count the roll (RULESETS)
        self.charge = False    # classic: the melee is a charge (not a skirmish)

    # ---------------------------------------------------------------- editing

    def set_ruleset(self, ruleset: str) -> None:
        """Count under `ruleset` (a key of RULESETS); leaving the 1996 game forgets the
        charge. Chains that no longer re-roll are cut (Bullseye re-rolls only in v4.01).
        Raises ValueError for an unknown ruleset."""
        if ruleset not in RULESETS:
            raise ValueError(f"no ruleset {ruleset!r}")
        self.ruleset = ruleset
        if ruleset != CLASSIC:
            self.charge = False
        self._trim_all()

    def set_charge(self, charge: bool) -> None:
        """The 1996 melee is a charge (True) or a skirmish: a melee roll is then the charging
        army's, a save roll the defender's roll during the charge."""
        self.charge = charge and self.allows_charge
        self._trim_all()

    @property
    def allows_charge(self) -> bool:
        """Only the 1996 game has charges, and only its melee and save rolls are part of one."""
        return self.ruleset == CLASSIC and self.kind.roll in ("melee", "save") \
            and self.kind.against != "missile"

    def set_kind(self, kind: RollKindChoice) -> None:
        """Change the roll type; chains that no longer re-roll in it are cut (Rend re-rolls in
        melee only), so the form never shows faces that would not be counted."""
        self.kind = kind
        if not self.allows_charge:
            self.charge = False
        self._trim_all()

    def set_eighth_face(self, held: bool, terrain: str | None = None) -> None:
        """The army holds (or not) the eighth face of `terrain` (or of the terrain already
        chosen; holding one with none chosen picks DEFAULT_TERRAIN, shown to the player)."""
        self.eighth_face = held
        if terrain:
            self.terrain = terrain
        if held and self.terrain is None:
            self.terrain = DEFAULT_TERRAIN
        self._trim_all()

    def set_terrain(self, terrain: str | None) -> None:
        """Where the army rolls (a terrain key, or None when not given): its elements bring
        the species abilities that count results as others."""
        self.terrain = terrain or None
        if self.terrain is None:
            self.eighth_face = False
        self._trim_all()

    def add(self, die: Die) -> int:
        """Add `die` to the rolling army with no face picked yet; returns its position.
        Raises ValueError (the reason, for the player) for a die the game of this ruleset
        does not have (``ruleset_fault``)."""
        fault = ruleset_fault(die, self.ruleset)
        if fault:
            raise ValueError(f"{fault}.")
        self.dice.append(RolledDie(die))
        return len(self.dice) - 1

    def remove(self, index: int) -> None:
        del self.dice[index]

    def clear(self) -> None:
        self.dice.clear()

    def set_face(self, index: int, slot: int, face: int) -> None:
        """Die `index` showed `face` on roll `slot` (0: the first roll, 1: its first re-roll
        ...). Later re-rolls are kept while the faces before them still re-roll, so picking
        Rend again keeps the follow-up, and picking a plain face drops it."""
        rolled = self.dice[index]
        if not 0 <= slot <= len(rolled.faces):
            raise IndexError(f"die {index} has no roll {slot} to set yet")
        if not 0 <= face < len(rolled.die.faces):
            raise IndexError(f"{rolled.die.key} has no face {face}")
        rolled.faces[slot:slot + 1] = [face]
        self._trim(rolled)

    # ---------------------------------------------------------------- reading

    @property
    def allows_eighth_face(self) -> bool:
        """The eighth face doubles ID results of army rolls; the engine does not apply it to a
        dragon-attack roll (digest §10 #5), and neither does resolve."""
        return not self.kind.is_dragon_attack

    def context(self) -> RollContext:
        """The RollContext resolve builds for this form (used to ask which faces re-roll):
        resolve's own (``engine.resolve.description_context``)."""
        data = self.to_data()
        del data["army"]
        return description_context(data)

    def rerolls(self, die: Die, face: int) -> bool:
        """Does `face` of `die` roll the die again in this roll (step 3)?"""
        return face_results(die, face, self.context()).rerolls

    def next_slot(self, index: int) -> int | None:
        """The roll of die `index` that still needs its face, or None when it is complete."""
        rolled = self.dice[index]
        if not rolled.faces or self.rerolls(rolled.die, rolled.faces[-1]):
            return len(rolled.faces)
        return None

    def faults(self) -> list[str]:
        """What this ruleset's game does not have among the dice added and the terrain (dice
        added before the ruleset changed stay in the form, refused here, so nothing typed is
        lost), one sentence each; empty when the roll can be counted under it."""
        dice = [r.die for r in self.dice]
        if self.terrain:
            dice.append(load_catalog().die(self.terrain))
        faults = [ruleset_fault(d, self.ruleset) for d in dice]
        return list(dict.fromkeys(f for f in faults if f))

    def label(self, index: int) -> str:
        """The die's name for the player: "Footman", or "Footman (die 2)" when the army has
        more than one die of that name."""
        catalog = load_catalog()
        name = short_name(self.dice[index].die, catalog)
        same = [r for r in self.dice if short_name(r.die, catalog) == name]
        return name if len(same) == 1 else f"{name} (die {index + 1})"

    def hints(self) -> list[str]:
        """What is missing before the roll can be counted, one line per die."""
        out = []
        if not self.dice:
            out.append("Add the dice you rolled: type a unit or item name above.")
        for index, rolled in enumerate(self.dice):
            slot = self.next_slot(index)
            if slot is None:
                continue
            if slot == 0:
                out.append(f"Click the face {self.label(index)} shows.")
            else:
                face = rolled.die.faces[rolled.faces[-1]]
                icon = next((i.value for i, _ in face.icons if i.is_sai), face.to_text())
                again = "its re-roll" if slot == 1 else f"its re-roll #{slot}"
                out.append(f"{icon} on {self.label(index)} needs the face of {again}.")
        return out

    def to_data(self, complete_only: bool = False) -> dict[str, Any]:
        """The roll in the resolve format (``dragondice resolve FILE`` counts the same).
        Faces are written as printed ("4 Rend") so the file reads like the table.

        `complete_only` leaves out the dice still missing a face and gives the others their
        ids (1, 2 ... by position) explicitly, so the report still names them by position."""
        data: dict[str, Any] = {"roll": self.kind.roll}
        if self.kind.against:
            data["against"] = self.kind.against
        if self.ruleset != V401:
            data["ruleset"] = self.ruleset
        if self.charge and self.allows_charge:
            data["melee_form"] = "charge"
        if self.eighth_face and self.allows_eighth_face:
            data["terrain"] = {"die": self.terrain, "face": 8, "held": True}
        elif self.terrain:
            data["terrain"] = {"die": self.terrain}
        army = []
        for index, rolled in enumerate(self.dice):
            if complete_only and self.next_slot(index) is not None:
                continue
            entry = {"die": rolled.die.key,
                     "faces": [rolled.die.faces[f].to_text() for f in rolled.faces]}
            army.append({"id": index + 1, **entry} if complete_only else entry)
        data["army"] = army
        return data

    def count(self) -> Count:
        """Count the roll with resolve, or say what is missing (counting the complete dice
        meanwhile). Never raises for a roll the form can describe: resolve's complaints come
        back as ``Count.error``."""
        hints = tuple(self.hints())
        faults = self.faults()
        if faults:
            return Count(None, hints, error=" ".join(f"{f}." for f in faults)
                         + " Take out what the 1996 game lacks, or count under the v4.01 "
                           "rules.")
        data = self.to_data(complete_only=bool(hints))
        if not data["army"]:
            return Count(None, hints)
        try:
            return Count(resolve(data), hints)
        except ResolveError as exc:
            return Count(None, hints, error=str(exc))

    # ---------------------------------------------------------------- helpers

    def _trim(self, rolled: RolledDie) -> None:
        """Cut the chain after the first face that does not re-roll."""
        for n, face in enumerate(rolled.faces):
            if not self.rerolls(rolled.die, face):
                del rolled.faces[n + 1:]
                return

    def _trim_all(self) -> None:
        for rolled in self.dice:
            self._trim(rolled)
