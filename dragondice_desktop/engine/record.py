"""The game record — (player setups, seed, actions) — and its versioned JSON form.

Saving writes the record, loading replays it: a loaded game reaches the identical state
(architecture guide). This module only converts text; writing files belongs to the caller.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields

from .actions import Action
from .game import IllegalAction, replay
from .setup import SetupError
from .state import GameState, PlayerSetup

FORMAT = "dragondice-desktop-game"
VERSION = 1
MAX_BYTES = 5_000_000  # a real game record is a few kB; refuse anything absurd
MAX_TEXT = 200         # longest player name, force name or die key a game file may hold


class GameFileError(ValueError):
    """A game file that cannot be loaded; the message names the problem."""


@dataclass(frozen=True)
class GameRecord:
    """Everything that defines a game: the players' setups, the RNG seed and the actions."""

    players: tuple[PlayerSetup, ...]
    seed: int
    actions: tuple[Action, ...] = ()

    def with_action(self, action: Action) -> "GameRecord":
        """The record with one more action."""
        return GameRecord(self.players, self.seed, self.actions + (action,))

    def without_last(self) -> "GameRecord":
        """The record with its last action removed (undo = replay all but the last)."""
        return GameRecord(self.players, self.seed, self.actions[:-1])

    def state(self) -> GameState:
        """Replay the record. Raises IllegalAction or SetupError on a bad record."""
        return replay(self.players, self.seed, self.actions)[0]

    def to_json(self) -> str:
        """The save-file text (format name, version, setup, seed, action texts)."""
        return json.dumps({
            "format": FORMAT, "version": VERSION, "seed": self.seed,
            "players": [asdict(p) for p in self.players],
            "actions": [a.to_text() for a in self.actions],
        }, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """Parse and check save-file text by replaying it.

        Raises GameFileError naming the problem: too large, not JSON, another format, a newer
        version, missing or mistyped fields, unknown dice, or an action that is not legal when
        replayed.
        """
        if len(text) > MAX_BYTES:
            raise GameFileError(f"the file is {len(text)} bytes; a game file is at most {MAX_BYTES}")
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise GameFileError(f"not a game file: it is not valid JSON ({exc})") from None
        except RecursionError:
            raise GameFileError("not a game file: its JSON is nested far too deeply") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise GameFileError("not a Dragon Dice Desktop game file (format name missing)")
        version = data.get("version")
        # bool is an int in Python: true/false are not versions.
        if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= VERSION:
            raise GameFileError(f"the game file has version {version!r}; this app reads up "
                                f"to version {VERSION} — update the app to open it")
        try:
            players = tuple(_player(p) for p in data["players"])
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError("seed must be a whole number")
            actions = tuple(Action.from_text(a) for a in data["actions"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise GameFileError(f"the game file is damaged: {exc}") from None
        record = cls(players, seed, actions)
        try:
            record.state()
        except (IllegalAction, SetupError) as exc:
            raise GameFileError(f"the game file does not replay: {exc}") from None
        return record


def _player(data: dict) -> PlayerSetup:
    names = {f.name for f in fields(PlayerSetup)}
    if not isinstance(data, dict) or not names >= set(data):
        raise ValueError(f"bad player entry {str(data)[:80]!r}")
    values = {}
    for key, value in data.items():
        texts = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in texts):
            raise TypeError(f"player field {key!r} must be text or a list of die keys")
        if any(len(v) > MAX_TEXT for v in texts):
            raise ValueError(f"player field {key!r} holds text longer than {MAX_TEXT} characters")
        values[key] = tuple(value) if isinstance(value, list) else value
    return PlayerSetup(**values)
