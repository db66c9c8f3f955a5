"""Seeded, position-addressed randomness held inside the game state.

A game is fully defined by (setup, seed, actions) (architecture guide), so the RNG is a value:
``Rng(seed, position)``. Drawing returns the result and the advanced Rng; nothing global is
touched. Each draw hashes (seed, position) with BLAKE2b, so a draw never depends on how many
bits earlier draws consumed and is the same on every machine and Python version.

Every die the game throws goes through one routine, ``rolls/throwing.py`` (``Thrower``):
in an app-rolled game it draws here, in order. In a manual-dice game a roll that needs a
die leaves a pending chance request in the state (``GameState.awaiting``) that the players
answer, and the step that threw resumes; the faces entered live in that request, not here.

Rolls not yet made resumable steps (the Horde roll-off, and a roll an action makes itself
outside the task queue, such as a Firebreath save when a casualty is chosen) still use the
older way (issue 7 §3): while ``game.apply`` applies an action of a manual-dice game, the
Rng also holds the faces the players entered for that action (`entered`, consumed in roll
order) and the `manual` flag. ``roll_face`` then gives the next entered face, draws from the
seeded hash for an entry of None (the player let the app roll that die), and raises
``FaceNeeded`` when no entered face is left: the game asks for it, and applies the action
again with one more face. Between actions the Rng in a game state never holds entered
faces. Replaying a record applies such an action once with all the faces its ``face``
actions give (``game.play_all``): the Rng then also notes each entered face it gives out in
`log`, so the replay knows which die each face was for.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace


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


class FaceNeeded(Exception):
    """Raised by ``Rng.roll_face`` in a manual-dice game when the players have not entered the
    face of this die yet: `face_count` faces, `throw` says which die, `position` is the Rng's
    position at the ask (where the app draws if the players let it roll this die)."""

    def __init__(self, face_count: int, throw: Throw, position: int, used: int = 0) -> None:
        super().__init__(f"enter the face {throw.label} shows (0-{face_count - 1})")
        self.face_count = face_count
        self.throw = throw
        self.position = position
        self.used = used  # entered faces given out before this ask


@dataclass(frozen=True)
class GivenFace:
    """An entered face the Rng gave out while an action was applied (noted in ``Rng.log``):
    `index` in the entered faces, the die (`throw`, `face_count` faces), the Rng `position`
    at the ask and the `face` given (drawn from the seeded hash for an entry of None)."""

    index: int
    throw: Throw
    face_count: int
    position: int
    face: int


@dataclass(frozen=True)
class Rng:
    """Deterministic random source. `seed`: any int; `position`: number of draws made so far;
    `manual`: a manual-dice game (a face nobody entered raises FaceNeeded); `entered`: the
    faces entered for the action being applied, in roll order (None: the app rolls it);
    `used`: how many of them were given out; `log`: None, or a list noting each face given
    out (a GivenFace; ``game.play_all``), which is also where an entered face the die does
    not have raises FaceNeeded instead of ValueError (the replay then stops there)."""

    seed: int
    position: int = 0
    manual: bool = False
    entered: tuple[int | None, ...] = ()
    used: int = 0
    log: list[GivenFace] | None = field(default=None, compare=False, repr=False)

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
                return value % n, Rng(self.seed, position, self.manual, self.entered,
                                      self.used, self.log)

    def roll_face(self, face_count: int, what: Throw) -> tuple[int, "Rng"]:
        """Roll die `what` with `face_count` faces: returns (face index 0..face_count-1, new
        Rng). The next entered face when there is one (None: drawn from the seeded hash);
        otherwise a manual-dice game raises FaceNeeded and an app-rolled game draws.
        Raises ValueError for an entered face the die does not have."""
        if self.used < len(self.entered):
            face = self.entered[self.used]
            if face is None:
                face, rng = self.randbelow(face_count)
            elif not 0 <= face < face_count:
                if self.log is not None:  # a replay: the face action is refused as played
                    raise FaceNeeded(face_count, what, self.position, self.used)
                raise ValueError(f"{what.label} has no face {face} (faces 0-{face_count - 1})")
            else:
                rng = self
            if self.log is not None:
                self.log.append(GivenFace(self.used, what, face_count, self.position, face))
            return face, replace(rng, used=self.used + 1)
        if self.manual:
            raise FaceNeeded(face_count, what, self.position, self.used)
        return self.randbelow(face_count)
