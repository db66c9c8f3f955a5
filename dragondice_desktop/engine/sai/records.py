"""The SAI record type (seed 000, seed 001): one ``SaiRecord`` per special action icon holds
everything the rules say about it, data and code side by side — the rolls it applies to (the
"Applies" column, verbatim), the one line players read in the glossary, the engine's paraphrase
of its effect, how it treats its targets, what it gives in each kind of roll (``in_roll``), its
sentence for individual rolls, its "Dragon Attack" sentence, the limits its text adds to its
column, and the code that applies each effect it passes on to the game (``runners``).

This module is the one place the record type is imported from (``SaiRecord``, ``TargetSpec``,
``DragonColumn``, ``Limit``); it holds no record. The records themselves live one SAI to a file
in ``sai/icons/`` (each module's ``RECORDS``: ``dict[Icon, SaiRecord]``), and
``sai/registry.py`` gathers them into ``SAI_RECORDS``, which the roll dispatch, the effect
dispatch, the glossary, the help, the rules coverage and the odds read — never a copy.
Another ruleset (the 1996 game) may build its own records of this type, keyed by the same
``Icon``.

X is the icon's count in the catalog, which already follows seed 000's X rule (a d6 counts its
icons; large equipment and large Dragonkin 3; monsters, artifacts, medallions, relics and
champions 4). SAIs with a fixed number (Tail, Gore, Double Strike, Flame) ignore X.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rolls.model import Modifier, RollContext, RollType, SaiOutcome

if TYPE_CHECKING:  # the record's code fields; those modules import this one
    from ..core.events import Event
    from ..core.state import GameState, LastingEffect
    from ..tasks.effect_steps import Runner
    from .icon_roll import SaiRoll


@dataclass(frozen=True)
class TargetSpec:
    """How a targeting SAI deals with its targets (seed 000).

    one_unit: "target one unit" (else X health-worth; Flame and Double Strike fix the number,
        which their handlers give as the effect's amount);
    test: the roll each target makes: "id", "save", "maneuver", "melee", or "" for none;
    fail: the fate of a target that fails the test (or of every target when there is none):
        "kill", "kill_bury", "reserve", "stunned", "netted", "webbed";
    success: the fate of a target that passes ("" = nothing happens; Seize: "reserve");
    on_id: the fate of a target that rolls its ID whatever else (Scare: "kill");
    then_save: killed targets make a second save roll or are buried (Poison, Stomp ...);
    leaves: every fate moves the unit out, so units that cannot leave are not targeted;
    spares_reserve_army: it does nothing to an army in its Reserve Area (a Tower's missile
        attack on a Reserve army: Net, Web);
    returns_killed: the attacker may then return as much health-worth as it killed from its
        DUA to the attacking army (Convert).
    """

    one_unit: bool = False
    test: str = ""
    fail: str = "kill"
    success: str = ""
    on_id: str = ""
    then_save: bool = False
    leaves: bool = False
    spares_reserve_army: bool = False
    returns_killed: bool = False

    def fate(self, passed: bool, rolled_id: bool) -> str:
        """The fate of a target that passed (or not) its test and showed (or not) its ID;
        "" when nothing happens to it."""
        if self.on_id and rolled_id:
            return self.on_id
        return self.success if passed else self.fail


@dataclass(frozen=True)
class DragonColumn:
    """An SAI's "Dragon Attack" sentence when it only generates results (seed 000): the
    (result type, amount) pairs it gives in the army's answer to a dragon attack (None as an
    amount means X), and whether the die rolls again."""

    parts: tuple[tuple[RollType, int | None], ...]
    rerolls: bool = False


# A limit written in an SAI's text rather than its column: (condition on the roll, the reason
# the SAI does nothing then).
Limit = tuple[Callable[[RollContext], bool], str]


# What an SAI does in one roll: the SaiRoll (the icon, its X, the roll's context) to its outcome.
Handler = Callable[["SaiRoll"], SaiOutcome]
# Its sentence for individual rolls, or its Dragon Attack sentence: an outcome, or None when
# the general rule applies (individual rolls) or the SAI reads as in any non-maneuver
# combination roll (a dragon attack: the logo of a medallion or a relic).
SentenceHandler = Callable[["SaiRoll"], "SaiOutcome | None"]
# Its lasting effect on an army: the effect's kind, and the modifiers an effect of that kind
# puts on the army's rolls while it lasts.
LastingReading = tuple[str, Callable[["LastingEffect"], tuple[Modifier, ...]]]


@dataclass(frozen=True)
class SaiRecord:
    """Everything about one SAI (seed 000 / seed 001).

    Data:
    applies: the "Applies" column, verbatim ("" when its rules text was not retrieved);
    summary: the glossary's one line for players;
    effect: the engine's paraphrase of what it does to the game ("" when it only adds results);
    targets: how it treats the units it targets (None: it targets none this way);
    buries_if_killed: a unit its damage kills is buried (Gore);
    dragon_attack: its dragon-attack sentence when that only generates results;
    any_sentence_in_dragon_attack: an "Any" SAI whose words for a dragon attack are fixed
        (Fly gives saves, Trample melee, Belly removes automatic saves, Create Fireminions any
        counted type);
    limit: a limit its text adds to its column (Charge and Surprise not in a counter-attack,
        Galeforce not in reserves);
    combination_roll: the combination roll its effect makes the other side roll, as
        (effect kind, who rolls, the types counted, the owner's default first): Coil's target,
        Charge's defending army.

    Code (``sai/results.py`` and ``sai/in_dragon_attack.py`` dispatch on the kind of roll,
    ``sai/effects.py`` on the effect):
    in_roll: what it does in an army roll of each type — results, effects, modifiers, choices
        (None: nothing is known of it but its column);
    individual: its sentence for individual rolls (Cloak, Net, the champions' logo), None when
        the general rule of individual rolls applies;
    in_dragon_attack: its Dragon Attack sentence when that does more than generate results
        (None: ``dragon_attack`` or its column says all);
    runners: the code that applies each kind of effect it passes on to the game, by the
        effect's kind (kinds the march reads from the roll itself have none);
    lasting: the lasting effect it leaves on an army and the modifiers that puts on the army's
        rolls until it ends (Frost Breath, Wither, Galeforce, Cloak; ``sai/lasting.py`` asks);
    when_killed: its power when a unit bearing it is killed or buried (Rise from the Ashes:
        the roll that sends it to the Reserve Area), as (state, die id, events, "killed" or
        "buried") -> (state, True when the unit went elsewhere instead); ``units/fates.py``
        asks it of every SAI the unit's die bears.
    """

    applies: str
    summary: str = ""
    effect: str = ""
    targets: TargetSpec | None = None
    buries_if_killed: bool = False
    dragon_attack: DragonColumn | None = None
    any_sentence_in_dragon_attack: bool = False
    limit: Limit | None = None
    combination_roll: tuple[str, str, tuple[RollType, ...]] | None = None
    in_roll: Handler | None = None
    individual: SentenceHandler | None = None
    in_dragon_attack: SentenceHandler | None = None
    runners: Mapping[str, "Runner"] = field(default_factory=dict)
    lasting: LastingReading | None = None
    when_killed: Callable[["GameState", int, list["Event"], str],
                          tuple["GameState", bool]] | None = None


# The record of an icon that has none (not an SAI): no column, no text, no code.
NO_RECORD = SaiRecord(applies="")
