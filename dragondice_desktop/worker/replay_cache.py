"""A verified cache of replayed games, so opening a long game does not replay it again.

Pure Python (no Qt). The game file stays the record: this cache only remembers what
replaying a record gave (its last state, every action's events and the states before its
last actions) so the next opening of the same record can skip the replay. An entry is used
only when it verifies, and is otherwise ignored (the game is then replayed as usual):
- it is found by the SHA-256 of the record's save-file text and of the rules engine and
  catalog this app runs (`engine_fingerprint`): another record, or an app whose rules or
  dice differ in any byte, never finds it;
- it is signed with a key kept in the cache folder and made on this computer (HMAC-SHA256),
  and nothing of it is read before the signature checks, so an entry copied from elsewhere
  or damaged on the disk is never unpickled;
- the record it was made from is stored in it and must equal the record being opened.

The cache lives in the user data folder (``replay-cache``), holds at most `MAX_ENTRIES`
games (the oldest go first) and is only written for games of at least `MIN_ACTIONS` actions
(shorter ones replay fast enough). Every failure to read or write it is silent: a cache can
only make opening faster, never stop it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..engine.core.events import Event
from ..engine.core.record import GameRecord
from ..engine.core.state import GameState
from .atomic import write_bytes_atomically

MAGIC = b"dragondice-replay-cache 1\n"
KEY_FILE = "key"
SUFFIX = ".ddreplay"
MAX_ENTRIES = 8
MIN_ACTIONS = 500
MAX_BYTES = 200_000_000
KEPT = 100  # states before the last actions stored with an entry (for undo after opening)

_FINGERPRINT: str | None = None


def engine_fingerprint() -> str:
    """SHA-256 of the app's version and every file of the rules engine and the dice
    catalog (worked out once per run): an entry made by other rules code never verifies."""
    global _FINGERPRINT
    if _FINGERPRINT is None:
        digest = hashlib.sha256(__version__.encode())
        package = Path(__file__).resolve().parents[1]
        for part in ("engine", "catalog"):
            for path in sorted((package / part).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    digest.update(str(path.relative_to(package)).encode() + b"\0")
                    digest.update(path.read_bytes())
        _FINGERPRINT = digest.hexdigest()
    return _FINGERPRINT


@dataclass(frozen=True)
class ReplayedGame:
    """What replaying a record gave: `state` after all its actions, `history[i]` the events
    of action i + 1, `before` the states before its last actions (the last one last)."""

    state: GameState
    history: tuple[tuple[Event, ...], ...]
    before: tuple[GameState, ...]


class ReplayCache:
    """The replay cache in `folder` (created when first written)."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)

    def _entry_path(self, record: GameRecord) -> Path:
        digest = hashlib.sha256(engine_fingerprint().encode())
        digest.update(record.to_json().encode("utf-8"))
        return self.folder / (digest.hexdigest()[:40] + SUFFIX)

    def _key(self, create: bool) -> bytes | None:
        path = self.folder / KEY_FILE
        try:
            key = path.read_bytes()
            if len(key) == 32:
                return key
        except OSError:
            pass
        if not create:
            return None
        key = os.urandom(32)
        write_bytes_atomically(path, key)
        return key

    def fetch(self, record: GameRecord) -> ReplayedGame | None:
        """The replayed game of `record`, or None when there is no entry that verifies."""
        try:
            key = self._key(create=False)
            if key is None:
                return None
            path = self._entry_path(record)
            if path.stat().st_size > MAX_BYTES:
                return None
            data = path.read_bytes()
        except (OSError, UnicodeError):
            return None
        head = len(MAGIC) + 32
        if not data.startswith(MAGIC) or len(data) <= head:
            return None
        signature, payload = data[len(MAGIC):head], data[head:]
        if not hmac.compare_digest(signature, hmac.new(key, payload, "sha256").digest()):
            return None
        try:
            stored, game = pickle.loads(payload)  # signed here: made by this app
        except Exception:  # noqa: BLE001 — a cache can only make opening faster
            return None
        if stored != record or not isinstance(game, ReplayedGame) \
                or len(game.history) != len(record.actions):
            return None
        try:
            os.utime(path)  # recently used: pruned last
        except OSError:
            pass
        return game

    def store(self, record: GameRecord, game: ReplayedGame) -> bool:
        """Remember the replay of `record` (games of at least MIN_ACTIONS actions); True
        when it was written. Never raises (a folder that cannot be written, a state that
        cannot be pickled: nothing is remembered)."""
        if len(record.actions) < MIN_ACTIONS:
            return False
        game = ReplayedGame(game.state, game.history, game.before[-KEPT:])
        try:
            key = self._key(create=True)
            payload = pickle.dumps((record, game), protocol=pickle.HIGHEST_PROTOCOL)
            signature = hmac.new(key, payload, "sha256").digest()
            write_bytes_atomically(self._entry_path(record), MAGIC + signature + payload)
            self._prune()
        except Exception:  # noqa: BLE001 — a cache can only make opening faster
            return False
        return True

    def _prune(self) -> None:
        """Keep the MAX_ENTRIES entries used last."""
        def used(path: Path) -> float:
            try:
                return path.stat().st_mtime
            except OSError:
                return 0.0
        entries = sorted(self.folder.glob("*" + SUFFIX), key=used, reverse=True)
        for old in entries[MAX_ENTRIES:]:
            try:
                old.unlink()
            except OSError:
                pass
