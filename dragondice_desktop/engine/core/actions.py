"""Actions: every decision a player makes, as a small value with a text form that round-trips.

``Action.from_text(a.to_text()) == a`` for every action (architecture guide, after
python-chess's ``Move.uci()``). The text form is what the log, save files, tests and the CLI
use, e.g. ``march t2``, ``turn up``, ``kill 17``, ``reinforce 12 t0``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...catalog.model import IdentityEnum
from .state import Zone


class Verb(IdentityEnum):
    """What kind of decision an action answers. Values are the text form's first word."""

    ARMY = "army"                    # army <die id> <terrain>: assembling, to another army
    ARMIES_READY = "armies-ready"    # the player's Home, Horde and Campaign armies are set
    ROLLOFF = "rolloff"              # roll the Horde armies for the setup roll-off
    GO_FIRST = "go-first"            # roll-off winner: take the first turn
    PICK_FRONTIER = "pick-frontier"  # roll-off winner: choose the Frontier instead
    FRONTIER = "frontier"            # the picker names the Frontier: frontier <proposal index>
    MARCH = "march"                  # march <zone>
    SKIP_MARCH = "skip-march"        # no (further) march this turn
    MANEUVER = "maneuver"
    NO_MANEUVER = "no-maneuver"
    COUNTER = "counter"              # counter-maneuver
    NO_COUNTER = "no-counter"
    TURN = "turn"                    # turn up | turn down
    ACTION = "action"                # action melee | missile | magic
    NO_ACTION = "no-action"
    TARGET = "target"                # target <zone> (missile)
    KILL = "kill"                    # kill <die id>: one unit taking damage goes to the DUA
    COUNTER_ATTACK = "counter-attack"
    NO_COUNTER_ATTACK = "no-counter-attack"
    REINFORCE = "reinforce"          # reinforce <die id> <terrain zone>
    END_REINFORCE = "end-reinforce"
    RETREAT = "retreat"              # retreat <die id>
    RIDE = "ride"                    # ride <unit id> <terrain>: a tamer rides its dragon
    FLY = "fly"                      # fly <unit id> <terrain>: Firewalkers' Air Flight
    BRING = "bring"                  # bring <minor terrain id>: into play, instead of maneuvering
    ROLL_MINOR = "roll-minor"        # roll the army's minor terrain, then maneuver
    KEEP_MINOR = "keep-minor"        # keep its face and forfeit the maneuver
    BURY_MINOR = "bury-minor"        # bury it instead of maneuvering
    CHARGE = "charge"                # charge javelin | kukri: Amazons bury it to charge
    CARRY = "carry"                  # carry <item id> <unit id>: the item follows a unit moved
    END_TURN = "end-turn"
    PICK = "pick"                    # pick <die id>: one more unit for an SAI (targets, returns)
    DONE = "done"                    # stop picking (when fewer units are allowed)
    CHOOSE = "choose"                # choose <option or zone>: an SAI choice (saves, return, t1)
    CAST = "cast"                    # cast <spell> <element> [<target>]: announce a spell
    UNCAST = "uncast"                # uncast <n>: take back the n-th spell announced (1 = first)
    FACE = "face"                    # face <index> | face roll: a die's face (manual dice)


ActionArg = int | str | Zone  # what an action names: a number, a word or a zone


@dataclass(frozen=True, order=True)
class Action:
    """A decision: `verb` plus its arguments (strings, ints or Zones), all in `args`."""

    verb: Verb
    # Any: each verb reads its own kinds of argument, which legal_actions checked before any
    # action is applied (an int die id, a Zone, a word).
    args: tuple[Any, ...] = ()

    def to_text(self) -> str:
        """The short text form, e.g. ``reinforce 12 t0``."""
        # `_value_` is the member's own attribute (`.value` goes through a property): the
        # texts of every legal action are written for each state.
        if not self.args:
            return self.verb._value_
        return self.verb._value_ + " " + " ".join(
            [arg.to_text() if isinstance(arg, Zone) else str(arg) for arg in self.args])

    @classmethod
    def from_text(cls, text: str) -> "Action":
        """Parse the text form. Raises ValueError naming what is wrong."""
        words = text.split()
        if not words:
            raise ValueError("empty action")
        try:
            verb = Verb(words[0])
        except ValueError:
            raise ValueError(f"unknown action {words[0]!r}") from None
        return cls(verb, tuple(_parse_arg(w) for w in words[1:]))

    def __str__(self) -> str:
        return self.to_text()


def _parse_arg(word: str) -> ActionArg:
    if word.isdigit():
        return int(word)
    try:
        return Zone.from_text(word)
    except ValueError:
        return word


def act(verb: Verb, *args: ActionArg) -> Action:
    """Shorthand constructor: ``act(Verb.TURN, "up")``: the same Action as
    ``Action(verb, args)``."""
    # What the frozen dataclass's __init__ does (it has no __post_init__), without its
    # setattr per field: the rules build every legal action of every state with it.
    action = _new(Action)
    _set(action, "__dict__", {"verb": verb, "args": args})
    return action


_new = object.__new__
_set = object.__setattr__
