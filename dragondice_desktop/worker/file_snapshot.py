"""The snapshot a long game's file carries, so opening it shows the game without waiting for
the replay.

Pure Python (no Qt). The game file stays the record: its actions are what the game is. The
snapshot (the file's optional ``"snapshot"`` field) is only a cache of what replaying them
gave when the file was saved — the last state and every action's events — and is used only
while it verifies, and otherwise ignored:
- it names the SHA-256 of the rules engine and dice catalog that made it
  (`replay_cache.engine_fingerprint`) and of the record's own text: a file saved by other
  rules, or whose actions were changed after the save, is simply replayed;
- it is read with an unpickler that builds nothing but the engine's and catalog's own
  dataclasses, enums and named tuples and a few plain value types (no function, no other
  class), so a hand-made snapshot cannot run code; anything else is ignored;
- the worker shows it at once, then replays the record all the same before it answers
  anything else (`EngineWorker.load`): a snapshot that differs from the replay is dropped
  for the replayed game (the player is told), and a record that does not replay is refused
  as before. The verified replay also goes into this computer's replay cache.

Only games of at least `replay_cache.MIN_ACTIONS` actions carry one (shorter ones replay
fast enough), and none is written when it would make the file larger than a game file may be.
"""

from __future__ import annotations

import base64
import binascii
import copy
import dataclasses
import enum
import hashlib
import io
import json
import pickle
import zlib
from fractions import Fraction

from ..engine.core.events import Event
from ..engine.core.record import MAX_BYTES, GameRecord
from ..engine.core.state import GameDie, GameState, TerrainState
from .replay_cache import MIN_ACTIONS, ReplayedGame, engine_fingerprint

PREFIX = "dds1:"  # the snapshot format's name and version, then the digest, then the data
_SEPARATOR = ":"
_TRUSTED_MODULES = ("dragondice_desktop.engine.", "dragondice_desktop.catalog.")
_VALUE_TYPES = {("fractions", "Fraction"): Fraction,
                ("builtins", "frozenset"): frozenset, ("builtins", "set"): set,
                ("builtins", "complex"): complex}
MAX_UNPACKED = 64_000_000  # bytes a snapshot may unpack to (a 20,000-action game: ~5 MB)


def _digest(record: GameRecord, payload: bytes) -> str:
    digest = hashlib.sha256(engine_fingerprint().encode())
    digest.update(b"\0" + record.to_json().encode("utf-8") + b"\0")
    digest.update(payload)
    return digest.hexdigest()


def encode_snapshot(record: GameRecord, state: GameState,
                    history: tuple[tuple[Event, ...], ...]) -> str:
    """The ``"snapshot"`` text for a file of `record`, whose replay gave `state` and
    `history` (history[i]: the events of action i + 1); "" for a game too short to need one,
    or when the snapshot cannot be made (the file is then saved without it)."""
    if len(record.actions) < MIN_ACTIONS or len(history) != len(record.actions):
        return ""
    try:
        payload = zlib.compress(pickle.dumps((_fields_only(state), tuple(history)),
                                             protocol=pickle.HIGHEST_PROTOCOL), 6)
    except Exception:  # noqa: BLE001 — a snapshot can only make opening faster
        return ""
    return (PREFIX + _digest(record, payload) + _SEPARATOR
            + base64.b64encode(payload).decode("ascii"))


def game_file_text(record: GameRecord, state: GameState | None,
                   history: tuple[tuple[Event, ...], ...]) -> str:
    """The save-file text of `record`, with the snapshot of (`state`, `history`) when the
    game is long enough and the file stays within a game file's size (else without it)."""
    plain = record.to_json()
    snapshot = encode_snapshot(record, state, history) if state is not None else ""
    if not snapshot or len(plain) + len(snapshot) + 32 > MAX_BYTES:
        return plain
    return record.to_json(snapshot=snapshot)


def _fields_only(state: GameState) -> GameState:
    """`state` without what the engine keeps beside its fields (its legal actions, worked
    out once): a snapshot holds the game, never a ready-made answer to what is legal."""
    names = {f.name for f in dataclasses.fields(GameState)}
    if all(name in names for name in state.__dict__):
        return state
    bare = copy.copy(state)
    for name in [n for n in bare.__dict__ if n not in names]:
        del bare.__dict__[name]
    return bare


class _EngineUnpickler(pickle.Unpickler):
    """Builds only the engine's and catalog's classes (dataclasses, enums, named tuples)
    and a few value types; any other global (a function, a module's object, another
    class) raises pickle.UnpicklingError."""

    def find_class(self, module: str, name: str) -> type:
        if (module, name) in _VALUE_TYPES:
            return _VALUE_TYPES[(module, name)]
        if module.startswith(_TRUSTED_MODULES) and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type) and found.__module__ == module and (
                    dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)
                    or (issubclass(found, tuple) and hasattr(found, "_fields"))):
                return found
        raise pickle.UnpicklingError(f"a snapshot cannot hold {module}.{name}")


def decode_snapshot(text: object, record: GameRecord) -> ReplayedGame | None:
    """The game the snapshot field `text` says `record` replays to (no states before its
    last actions: the worker's replay brings those), or None when it is missing, made by
    other rules or for another record, damaged, or holds anything but the engine's values.
    Never raises."""
    if not isinstance(text, str) or not text.startswith(PREFIX):
        return None
    digest, _, data = text[len(PREFIX):].partition(_SEPARATOR)
    try:
        payload = base64.b64decode(data.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeError):
        return None
    if digest != _digest(record, payload):
        return None
    try:
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(payload, MAX_UNPACKED)
        if unpacker.unconsumed_tail:
            return None
        state, history = _EngineUnpickler(io.BytesIO(raw)).load()
    except Exception:  # noqa: BLE001 — a snapshot can only make opening faster
        return None
    if not isinstance(state, GameState) or not isinstance(history, tuple) \
            or len(history) != len(record.actions) \
            or not all(isinstance(step, tuple) for step in history):
        return None
    try:
        state = _fields_only(state)
        if not _plain_values((state, history)):
            return None
    except Exception:  # noqa: BLE001 — a snapshot can only make opening faster
        return None
    return ReplayedGame(state, history, ())


# What the engine keeps on its values beside their fields (worked out from the fields), and
# that a snapshot may carry: a game die's or terrain's catalog die. A snapshot's own copy
# is dropped.
_KEPT_ON: dict[type, tuple[str, ...]] = {GameDie: ("die",), TerrainState: ("die",)}
_ATOM, _CONTAINER, _MAPPING, _DATACLASS, _FOREIGN = range(5)
_KINDS: dict[type, tuple[int, frozenset[str]]] = {}
_NO_NAMES: frozenset[str] = frozenset()


def _kind(cls: type) -> tuple[int, frozenset[str]]:
    """How `_plain_values` treats a value of class `cls` (and a dataclass's field names)."""
    kind = _KINDS.get(cls)
    if kind is None:
        if cls in (str, int, float, bool, complex, bytes, type(None), Fraction) \
                or issubclass(cls, enum.Enum):
            kind = (_ATOM, _NO_NAMES)
        elif cls in (tuple, list, frozenset, set) or (issubclass(cls, tuple)
                                                       and hasattr(cls, "_fields")):
            kind = (_CONTAINER, _NO_NAMES)
        elif cls is dict:
            kind = (_MAPPING, _NO_NAMES)
        elif dataclasses.is_dataclass(cls) and not hasattr(cls, "__slots__"):
            kind = (_DATACLASS, frozenset(f.name for f in dataclasses.fields(cls)))
        else:
            kind = (_FOREIGN, _NO_NAMES)
        _KINDS[cls] = kind
    return kind


def _plain_values(root: object) -> bool:
    """True when every value under `root` is a plain value (text, number, enum, Fraction,
    tuple, list, set, dict) or an engine dataclass holding its fields and nothing else (an
    attribute beside them could stand in for a method); a game die's kept catalog die is
    dropped on the way (it is looked up again)."""
    seen: set[int] = set()
    stack = [root]
    kinds = _KINDS
    while stack:
        value = stack.pop()
        cls = type(value)
        kind = kinds.get(cls) or _kind(cls)
        what = kind[0]
        if what == _ATOM:
            continue
        if id(value) in seen:
            continue
        seen.add(id(value))
        if what == _CONTAINER:
            stack.extend(value)  # type: ignore[call-overload]
        elif what == _DATACLASS:
            attributes = value.__dict__
            if cls in _KEPT_ON:
                for kept in _KEPT_ON[cls]:
                    attributes.pop(kept, None)
            if attributes.keys() != kind[1]:
                return False
            stack.extend(attributes.values())
        elif what == _MAPPING:
            stack.extend(value.keys())  # type: ignore[attr-defined]
            stack.extend(value.values())  # type: ignore[attr-defined]
        else:
            return False
    return True


def snapshot_field(text: str) -> object:
    """The ``"snapshot"`` field of save-file text that parsed as a game file (None when it
    has none)."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except Exception:  # noqa: BLE001 — the file was parsed already; this is only a cache
        return None
    return data.get("snapshot") if isinstance(data, dict) else None
