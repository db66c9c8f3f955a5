"""Seeded, position-addressed randomness held inside the game state.

A game is fully defined by (setup, seed, actions) (architecture guide), so the RNG is a value:
``Rng(seed, position)``. Drawing returns the result and the advanced Rng; nothing global is
touched. Each draw hashes (seed, position) with BLAKE2b, so a draw never depends on how many
bits earlier draws consumed and is the same on every machine and Python version.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Rng:
    """Deterministic random source. `seed`: any int; `position`: number of draws made so far."""

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

    def roll_face(self, face_count: int) -> tuple[int, "Rng"]:
        """Roll a die with `face_count` faces: returns (face index 0..face_count-1, new Rng)."""
        return self.randbelow(face_count)
