"""Seeded, position-addressed randomness held inside the game state.

A game is fully defined by (setup, seed, actions) (architecture guide), so the RNG is a value:
``Rng(seed, position)``. Drawing returns the result and the advanced Rng; nothing global is
touched. Each draw hashes (seed, position) with BLAKE2b, so a draw never depends on how many
bits earlier draws consumed and is the same on every machine and Python version.

Every die the game throws goes through one routine, ``rolls/throwing.py`` (``Thrower``):
in an app-rolled game it draws here, in order (``roll_face``). In a manual-dice game the
players give the faces: a roll that needs a die leaves a pending chance request in the state
(``GameState.awaiting``), and the faces entered live there, never here: the Rng stays a plain
value (seed, position) and a manual-dice game's Rng moves only for the dice the players let
the app roll (``face roll``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Throw:
    """The die a chance step rolls, as a player is asked for its face (manual dice).

    what: the die, e.g. "Ann's Footman", "Bob's Highland City";
    key: the catalog key of the die, so the window can draw its faces ("" when unknown);
    player: who rolls it, so who is asked (None: the player of the decision being answered);
    note: what the roll is for, e.g. "melee roll", "starting distance", "melee roll, rolled
        again after 3 Rend" ("" when it goes without saying).
    die_id: the game die rolled, so the board can show which one (None for a terrain or
        a die outside the game's dice).
    """

    what: str
    key: str = ""
    player: int | None = None
    note: str = ""
    die_id: int | None = None

    @property
    def label(self) -> str:
        """The die with the note: "Ann's Wolf-folk (melee roll, rolled again after 3 Rend)"."""
        return f"{self.what} ({self.note})" if self.note else self.what

    def again(self, why: str) -> "Throw":
        """The same die rolled again, `why` saying what made it roll ("after 3 Rend")."""
        again = f"rolled again {why}"
        return replace(self, note=f"{self.note}, {again}" if self.note else again)


@dataclass(frozen=True)
class Rng:
    """Deterministic random source. `seed`: any int; `position`: number of draws made so
    far."""

    seed: int
    position: int = 0

    def randbelow(self, n: int) -> tuple[int, "Rng"]:
        """Return (a value in 0..n-1, the advanced Rng). Raises ValueError if n < 1.

        Uses rejection sampling on 64-bit hashes, so every value is exactly equally likely.
        """
        if n < 1:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        limit = (1 << 64) - (1 << 64) % n
        position = self.position
        while True:
            digest = hashlib.blake2b(
                f"{self.seed}:{position}".encode(), digest_size=8
            ).digest()
            position += 1
            value = int.from_bytes(digest, "big")
            if value < limit:
                return value % n, Rng(self.seed, position)

    def roll_face(self, face_count: int, what: Throw) -> tuple[int, "Rng"]:
        """Roll die `what` with `face_count` faces: returns (face index 0..face_count-1, new
        Rng), drawn from the seeded hash. Raises ValueError if face_count < 1."""
        return self.randbelow(face_count)
