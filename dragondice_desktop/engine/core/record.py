"""The game record — (player setups, seed, actions) — and its versioned JSON form.

Saving writes the record, loading replays it: a loaded game reaches the identical state
(architecture guide). This module only converts text; writing files belongs to the caller.

Loading is strict: a game file holds exactly the fields this app writes, with the types it
writes them in, and every problem is a GameFileError whose message names the field (and the
player or action number) and never quotes more than a short piece of the file.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import MISSING, asdict, dataclass, fields, replace
from typing import Any

from ...json_fields import (
    FieldStyle, first_repeated, is_whole, missing_fields, quote as fields_quote, unknown_fields,
)
from .actions import Action, Verb
from ..game import IllegalAction, replay
from ..turn.setup import SetupError
from .options import GameOptions, checked
from ..turn.setup import MAX_PLAYERS
from .state import GameState, PlayerSetup

FORMAT = "dragondice-desktop-game"
# Version 2 added "options" (rules revision, manual dice, house rules) and 3-4 players;
# a version 1 file is a two-player game with app-rolled dice under rules revision 1.
VERSION = 2
MAX_BYTES = 5_000_000  # a real game record is a few kB; refuse anything absurd
MAX_TEXT = 200         # longest player name, force name or die key a game file may hold
MAX_DICE = 500         # dice one player may bring (a 60-point force has a few dozen)
MAX_ACTIONS = 20_000   # actions in one game (a whole game takes a few hundred)
MAX_ACTION_TEXT = 200  # characters in one action's text form ("reinforce 12 t0")
MAX_SEED = 2 ** 64     # seeds are whole numbers with |seed| below this
MAX_QUOTE = 80         # characters of the file's own text quoted in a message
MAX_MESSAGE = 600      # characters of an engine message passed on

_VERBS = frozenset(verb.value for verb in Verb)
TOP_FIELDS = ("format", "version", "seed", "options", "players", "actions")
# Optional in version 2: who plays each seat (a person, or the computer at a level; issue
# 13). A file without it has a person at every seat; a game of persons only writes none.
# "notes": the computer's reasons for its moves, [[action index, text], ...] (0 = the first
# action); the replay never reads them, they only bring the log's reasons back.
# "snapshot": in a long game's file, a cache of what replaying its actions gave when it was
# saved (``worker/file_snapshot.py``: shown at once, then checked by the replay, ignored
# unless it verifies); the record never reads it, it only has to be text.
OPTIONAL_FIELDS = ("seats", "notes", "snapshot")
MAX_NOTE = 600         # characters in one note (a computer move's reason)
PERSON = "person"
SEAT_KINDS = (PERSON, "easy", "normal", "hard")
V1_FIELDS = ("format", "version", "seed", "players", "actions")
OPTION_FIELDS = tuple(f.name for f in fields(GameOptions))
# Options added after version 2 came out: a file without one plays without it (and a game
# without it writes none, so its file is what it was before the option existed).
LATER_OPTION_FIELDS = ("assemble_armies", "ruleset")
REQUIRED_OPTION_FIELDS = tuple(f for f in OPTION_FIELDS if f not in LATER_OPTION_FIELDS)
PLAYER_FIELDS = tuple(f.name for f in fields(PlayerSetup))
REQUIRED_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerSetup)
                               if f.default is MISSING and f.default_factory is MISSING)
TEXT_FIELDS = tuple(f.name for f in fields(PlayerSetup) if f.type in ("str", str))
LIST_FIELDS = tuple(name for name in PLAYER_FIELDS if name not in TEXT_FIELDS)
# Characters no name or key may hold: control characters (line breaks, tabs, NUL...), lone
# surrogates (not UTF-8: the file could not be saved again) and line/paragraph separators.
_BAD_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


class GameFileError(ValueError):
    """A game file that cannot be loaded; the message names the problem."""


def quote(text: Any, limit: int = MAX_QUOTE) -> str:
    """`text` quoted for a message, cut to `limit` characters (with "…") so a hostile file
    cannot fill the screen; characters that cannot be shown are escaped
    (``json_fields.quote``)."""
    return fields_quote(text, limit)


def _clip(message: str, limit: int = MAX_MESSAGE) -> str:
    return message if len(message) <= limit else message[:limit] + "…"


def _kind(value: Any) -> str:
    """What a JSON value is, in words (for "must be ..., not ...")."""
    return _FIELDS.kind(value)


def text_problem(text: str, what: str, allow_empty: bool = False) -> str | None:
    """Why `text` cannot be a name or die key in a game (None when it can): blank, longer
    than MAX_TEXT, or holding a control character, a line break or a lone surrogate."""
    if not text.strip() and not (allow_empty and not text):
        return f"{what} is empty"
    if len(text) > MAX_TEXT:
        return f"{what} is longer than {MAX_TEXT} characters"
    for ch in text:
        category = unicodedata.category(ch)
        if category in _BAD_CATEGORIES:
            kind = {"Cc": "a control character", "Cs": "a broken character (a lone surrogate)"
                    }.get(category, "a line break")
            return f"{what} holds {kind}, U+{ord(ch):04X}; names are one line of text"
    return None


def seed_problem(seed: Any) -> str | None:
    """Why `seed` cannot be a game's seed (None when it can): a whole number below 2**64 in
    size."""
    if not is_whole(seed):
        return f"the seed must be a whole number, not {_kind(seed)}"
    if not -MAX_SEED < seed < MAX_SEED:
        return f"the seed must be a whole number between -{MAX_SEED} and {MAX_SEED}"
    return None


def setup_problem(setup: PlayerSetup, number: int) -> str | None:
    """Why player `number` (1-based) cannot be in a game this app saves and loads, or None:
    the checks `from_json` makes on each player, for a new game's setups."""
    who = f"player {number}"
    for name in TEXT_FIELDS:
        value = getattr(setup, name)
        if not isinstance(value, str):
            return f"{who}'s {name!r} must be text, not {_kind(value)}"
        problem = text_problem(value, f"{who}'s {name!r}")
        if problem:
            return problem
    dice = 0
    for name in LIST_FIELDS:
        keys = getattr(setup, name)
        if not isinstance(keys, (tuple, list)):
            return f"{who}'s {name!r} must be a list of die names, not {_kind(keys)}"
        for n, key in enumerate(keys, start=1):
            if not isinstance(key, str):
                return (f"{who}'s {name!r} must be a list of die names: entry {n} is "
                        f"{_kind(key)}")
            problem = text_problem(key, f"{who}'s {name!r} entry {n}")
            if problem:
                return problem
        dice += len(keys)
    if dice > MAX_DICE:
        return f"{who} brings {dice} dice; a game allows at most {MAX_DICE} per player"
    return None


@dataclass(frozen=True)
class GameRecord:
    """Everything that defines a game: the players' setups (2 to 4), the RNG seed, the
    options (rules revision, manual dice, house rules) and the actions; and who plays each
    seat (`seats`: one of SEAT_KINDS per player, or empty for persons at every seat). The
    seats never change how the actions replay: every move, a computer's too, is in
    `actions`. `notes`: (action index, text) pairs, in order, each explaining the action
    at that index (a computer move's reason for the log); the replay ignores them."""

    players: tuple[PlayerSetup, ...]
    seed: int
    actions: tuple[Action, ...] = ()
    options: GameOptions = GameOptions()
    seats: tuple[str, ...] = ()
    notes: tuple[tuple[int, str], ...] = ()

    def seat(self, player: int) -> str:
        """Who plays seat `player`: "person", or a computer level ("easy", "normal",
        "hard")."""
        return self.seats[player] if player < len(self.seats) else PERSON

    def with_action(self, action: Action, note: str = "") -> "GameRecord":
        """The record with one more action, and `note` (when not empty) explaining it."""
        notes = self.notes + ((len(self.actions), note),) if note else self.notes
        return replace(self, actions=self.actions + (action,), notes=notes)

    def without_last(self) -> "GameRecord":
        """The record with its last action removed (undo = replay all but the last)."""
        return self.first(len(self.actions) - 1)

    def first(self, count: int) -> "GameRecord":
        """The record of its first `count` actions (and their notes): an undo."""
        count = max(0, count)
        return replace(self, actions=self.actions[:count],
                       notes=tuple(n for n in self.notes if n[0] < count))

    def notes_for(self, index: int) -> tuple[str, ...]:
        """The notes explaining the action at `index` (0 = the first), in order."""
        return tuple(text for at, text in self.notes if at == index)

    def state(self) -> GameState:
        """Replay the record. Raises IllegalAction or SetupError on a bad record."""
        return replay(self.players, self.seed, self.actions, self.options)[0]

    def to_json(self, snapshot: str = "") -> str:
        """The save-file text (format name, version, seed, options, setups, action texts),
        with `snapshot` (``worker/file_snapshot.py``) as its "snapshot" field when not
        empty."""
        options = asdict(self.options)
        options["house_rules"] = list(self.options.house_rules)
        for name in LATER_OPTION_FIELDS:
            if options[name] == getattr(GameOptions(), name):
                del options[name]
        data = {
            "format": FORMAT, "version": VERSION, "seed": self.seed, "options": options,
            "players": [asdict(p) for p in self.players],
            "actions": [a.to_text() for a in self.actions],
        }
        if any(seat != PERSON for seat in self.seats):
            data["seats"] = list(self.seats)
        if self.notes:
            data["notes"] = [[at, text] for at, text in self.notes]
        if snapshot:
            data["snapshot"] = snapshot
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes, *, check_replay: bool = True) -> "GameRecord":
        """Parse and check save-file text, then (unless `check_replay` is False) replay it.

        Raises GameFileError naming the problem — never anything else: too large, not JSON,
        another format, a newer version, missing, unknown or mistyped fields, names with
        control characters, too many dice or actions, unknown dice, or an action that is
        not legal when replayed. Without the replay the record is checked field by field
        only (the autosave's resume offer reads it that way; loading it replays it).
        """
        try:
            record = cls._parse(text)
        except GameFileError:
            raise
        except RecursionError:
            raise GameFileError("not a game file: its JSON is nested far too deeply") from None
        except Exception as exc:  # noqa: BLE001 — a hostile file must only give GameFileError
            raise GameFileError(_clip(f"the game file cannot be read "
                                      f"({type(exc).__name__}: {exc})")) from None
        if check_replay:
            record.check_replay()
        return record

    def check_replay(self) -> None:
        """Replay the record; GameFileError (never anything else) if it does not replay."""
        try:
            self.state()
        except (IllegalAction, SetupError) as exc:
            raise GameFileError(_clip(f"the game file does not replay: {exc}")) from None
        except RecursionError:
            raise GameFileError("the game file does not replay: the rules engine went too "
                                "deep") from None
        except Exception as exc:  # noqa: BLE001 — a rules bug on a file is still a message
            raise GameFileError(_clip(f"the game file does not replay: the rules engine "
                                      f"failed ({type(exc).__name__}: {exc})")) from None

    @classmethod
    def _parse(cls, text: str | bytes) -> "GameRecord":
        if not isinstance(text, (str, bytes, bytearray)):
            raise GameFileError("not a game file: it is not text")
        if len(text) > MAX_BYTES:
            raise GameFileError(f"the file is {len(text)} bytes; a game file is at most "
                                f"{MAX_BYTES}")
        if isinstance(text, str):
            text = text.removeprefix("\ufeff")  # a byte order mark some editors add
        try:
            data = json.loads(text, object_pairs_hook=_object)
        except GameFileError:
            raise
        except (ValueError, UnicodeDecodeError) as exc:
            raise GameFileError(_clip(f"not a game file: it is not valid JSON ({exc})")) from None
        except RecursionError:
            raise GameFileError("not a game file: its JSON is nested far too deeply") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise GameFileError("not a Dragon Dice Desktop game file (format name missing)")
        version = data.get("version")
        # bool is an int in Python: true/false are not versions.
        if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
            raise GameFileError(f"the game file has version {quote(version)}; this app reads "
                                f"up to version {VERSION} — update the app to open it")
        expected = TOP_FIELDS if version >= 2 else V1_FIELDS
        optional = OPTIONAL_FIELDS if version >= 2 else ()
        unknown = unknown_fields(data, expected + optional)
        if unknown:
            raise _damaged(f"it has an unknown field {quote(unknown[0])}")
        missing = missing_fields(data, expected)
        if missing:
            raise _damaged(f"the field {missing[0]!r} is missing")
        seed = data["seed"]
        problem = seed_problem(seed)
        if problem:
            raise _damaged(problem)
        options = _options(data["options"]) if version >= 2 else GameOptions(rules=1)
        players = data["players"]
        most = MAX_PLAYERS if version >= 2 else 2
        if not isinstance(players, list) or not 2 <= len(players) <= most:
            got = (f"{len(players)} entries" if isinstance(players, list) else _kind(players))
            allowed = f"2 to {most} players" if most > 2 else "two players"
            raise _damaged(f"'players' must be a list of {allowed}, not {got}")
        setups = tuple(_player(p, n) for n, p in enumerate(players, start=1))
        actions = data["actions"]
        if not isinstance(actions, list):
            raise _damaged(f"'actions' must be a list of action texts, not {_kind(actions)}")
        if len(actions) > MAX_ACTIONS:
            raise _damaged(f"it holds {len(actions)} actions; a game has at most {MAX_ACTIONS}")
        seats = _seats(data["seats"], len(setups)) if "seats" in data else ()
        notes = _notes(data["notes"], len(actions)) if "notes" in data else ()
        if not isinstance(data.get("snapshot", ""), str):
            raise _damaged(f"'snapshot' must be text, not {_kind(data['snapshot'])}")
        return cls(setups, seed, tuple(_action(a, n) for n, a in enumerate(actions, start=1)),
                   options, seats, notes)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of a game file as a dict; GameFileError if it names a field twice (the
    JSON reader would keep the last value, a hand edit the reader never sees)."""
    twice = first_repeated(pairs)
    if twice is not None:
        raise _damaged(f"the field {quote(twice)} appears twice in one object")
    return dict(pairs)


def _damaged(problem: str) -> GameFileError:
    return GameFileError(f"the game file is damaged: {problem}")


# The field checks are the app's one checker for JSON files (``json_fields``), in a game
# file's words ("... must be text, not a number"); every problem says the file is damaged.
_FIELDS = FieldStyle(_damaged, decimal="a number")


def _check_fields(data: Any, what: str, shape: str, known: tuple[str, ...],
                  required: tuple[str, ...]) -> None:
    """Raise GameFileError unless `data` is a JSON object with only `known` fields and every
    `required` one; `what` names it in the message ("player 2", "'options'")."""
    _FIELDS.obj(data, what, shape)
    unknown = unknown_fields(data, known)
    if unknown:
        raise _damaged(f"{what} has an unknown field {quote(unknown[0])}")
    missing = missing_fields(data, required)
    if missing:
        raise _damaged(f"{what} lacks the field {missing[0]!r}")


def _options(data: Any) -> GameOptions:
    """The "options" object of a version 2 game file: rules (a revision number),
    manual_dice (true/false), house_rules (a list of house rule names) and, when the players
    assembled their armies at setup, assemble_armies (true) and, for a game of another
    ruleset than v4.01, ruleset (its id: "classic")."""
    _check_fields(data, "'options'", "an object", OPTION_FIELDS, REQUIRED_OPTION_FIELDS)
    rules, manual, house = data["rules"], data["manual_dice"], data["house_rules"]
    assemble = data.get("assemble_armies", False)
    ruleset = data.get("ruleset", GameOptions().ruleset)
    if isinstance(rules, float):
        raise _damaged(f"'options' field 'rules' must be a whole number, not {quote(rules)}")
    if not is_whole(rules):
        raise _FIELDS.wrong("'options' field 'rules'", "a number", rules)
    _FIELDS.flag(manual, "'options' field 'manual_dice'")
    if not isinstance(house, list) or not all(isinstance(h, str) for h in house):
        raise _damaged("'options' field 'house_rules' must be a list of house rule names")
    if not isinstance(assemble, bool):
        raise _damaged(f"'options' field 'assemble_armies' must be true or false, not "
                       f"{_kind(assemble)}")
    if not isinstance(ruleset, str):
        raise _damaged(f"'options' field 'ruleset' must be text, not {_kind(ruleset)}")
    try:
        return checked(rules, manual, tuple(house), assemble, ruleset)
    except ValueError as exc:
        raise _damaged(_clip(str(exc), 160)) from None


def seats_problem(seats: Any, players: int) -> str | None:
    """Why `seats` cannot be a game's seats (None when it can): one of SEAT_KINDS per
    player."""
    if not isinstance(seats, (list, tuple)) or len(seats) != players:
        return f"'seats' must be a list of {players} seats (one per player)"
    for number, seat in enumerate(seats, start=1):
        if seat not in SEAT_KINDS or not isinstance(seat, str):
            return (f"seat {number} must be one of {', '.join(SEAT_KINDS)}, not "
                    f"{quote(seat, 40)}")
    return None


def _seats(data: Any, players: int) -> tuple[str, ...]:
    """The optional "seats" list of a version 2 game file."""
    problem = seats_problem(data, players)
    if problem:
        raise _damaged(problem)
    return tuple(data)


def _notes(data: Any, actions: int) -> tuple[tuple[int, str], ...]:
    """The optional "notes" list of a version 2 game file: [action index, text] pairs, the
    index one of the file's actions, in order, the text one line of at most MAX_NOTE
    characters."""
    if not isinstance(data, list):
        raise _damaged(f"'notes' must be a list of [action number, text] pairs, not "
                       f"{_kind(data)}")
    notes: list[tuple[int, str]] = []
    for number, note in enumerate(data, start=1):
        if (not isinstance(note, list) or len(note) != 2 or isinstance(note[0], bool)
                or not isinstance(note[0], int) or not isinstance(note[1], str)):
            raise _damaged(f"note {number} must be a pair [action number, text], not "
                           f"{quote(note, 40)}")
        at, text = note
        if not 0 <= at < actions or (notes and at < notes[-1][0]):
            raise _damaged(f"note {number} explains action {at}, which is not one of the "
                           f"{actions} actions after the notes before it")
        if len(text) > MAX_NOTE or any(unicodedata.category(ch) in _BAD_CATEGORIES
                                       for ch in text) or not text.strip():
            raise _damaged(f"note {number} must be one line of 1 to {MAX_NOTE} characters")
        notes.append((at, text))
    return tuple(notes)


def _player(data: Any, number: int) -> PlayerSetup:
    """Player `number` (1-based) of a game file: an object with PlayerSetup's fields, names
    and terrains as text, armies as lists of die keys."""
    who = f"player {number}"
    _check_fields(data, who, "an object with the player's fields", PLAYER_FIELDS,
                  REQUIRED_PLAYER_FIELDS)
    values: dict[str, Any] = {}  # PlayerSetup fields by name
    for key, value in data.items():
        if key in TEXT_FIELDS:
            values[key] = _FIELDS.string(value, f"{who}'s {key!r}")
        else:
            values[key] = tuple(_FIELDS.items(value, f"{who}'s {key!r}", "die names"))
    if sum(len(v) for k, v in values.items() if k in LIST_FIELDS) > MAX_DICE:
        dice = sum(len(v) for k, v in values.items() if k in LIST_FIELDS)
        raise _damaged(f"{who} brings {dice} dice; a game allows at most {MAX_DICE} per player")
    setup = PlayerSetup(**values)
    problem = setup_problem(setup, number)
    if problem:
        raise _damaged(problem)
    return setup


def _action(text: Any, number: int) -> Action:
    """Action `number` (1-based) of a game file: its text form, exactly as this app writes it."""
    where = f"action {number}"
    if not isinstance(text, str):
        raise _damaged(f"{where} is not text (it is {_kind(text)})")
    if len(text) > MAX_ACTION_TEXT:
        raise _damaged(f"{where} is {len(text)} characters long; an action is at most "
                       f"{MAX_ACTION_TEXT} ({quote(text)})")
    words = text.split()
    if not words:
        raise _damaged(f"{where} is empty")
    if words[0] not in _VERBS:
        raise _damaged(f"{where} {quote(text)} is an unknown action {quote(words[0], 40)}")
    try:
        action = Action.from_text(text)
        written = action.to_text()
    except ValueError as exc:
        raise _damaged(f"{where} {quote(text)} cannot be read: {_clip(str(exc), 80)}") from None
    if written != text:
        raise _damaged(f"{where} {quote(text)} is not written the way this app writes "
                       f"actions (expected {quote(written)})")
    return action
