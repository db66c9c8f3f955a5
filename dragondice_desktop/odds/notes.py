"""The "not modelled" list: every SAI effect, unresolved SAI, default choice, unmodelled
modifier and combination roll an effect causes (Coil's target, a Charge's defender: the odds
count one result type per roll) the dice of a roll can show, with the chance it comes up in
one roll.

Read from the engine's FaceOutcomes (``effects``, ``unresolved``, ``choices``,
``modifiers``), so the list follows the engine: whatever the engine reports as acting beyond
results is listed here (architecture guide: never dropped).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.sai.registry import COMBINATION_ROLLS
from .chains import DieChain, mult_kind
from .dist import NotModelled


def shown_chance(chain: DieChain, faces: Iterable[int]) -> float:
    """Chance that at least one of `faces` shows in the die's roll-again chain.

    With n faces, r of them rolling again, and the group holding g_r roll-again and g_t other
    faces: P(none of the group) = (n - r - g_t) / (n - r + g_r) (the chain ends on a face
    outside the group before any group face).
    """
    group = set(faces)
    n = len(chain.faces)
    r = len(chain.rerolling_faces)
    g_r = sum(1 for f in group if f in chain.rerolling_faces)
    g_t = len(group) - g_r
    return 1.0 - (n - r - g_t) / (n - r + g_r)


def die_notes(chain: DieChain, preview: bool = False) -> list[tuple[str, str, str, set[int]]]:
    """(category, what, text, faces) for one die: everything its faces do that the odds do
    not count. `preview`: the attack preview counts "subtract_saves" effects."""
    found: dict[tuple[str, str, str], set[int]] = {}

    def note(category: str, what: str, text: str, face: int) -> None:
        found.setdefault((category, what, text), set()).add(face)

    for out in chain.faces:
        f = out.face_index
        for u in out.unresolved:
            note("unresolved", u.icon.value, u.reason, f)
        for e in out.effects:
            if e.kind == "subtract_saves":
                where = ("counted in the attack preview" if preview else
                         "counted only in the attack preview (the defender's save roll)")
                note("effect", e.icon.value, f"{e.note} — {where}", f)
            else:
                note("effect", e.icon.value, e.note, f)
            if e.kind in COMBINATION_ROLLS:
                who, types = COMBINATION_ROLLS[e.kind]
                names = " and ".join(t.value for t in types)
                note("combination", e.icon.value,
                     f"{who} then makes a combination {names} roll; the odds do not model "
                     f"combination rolls (they count one result type per roll)", f)
        for point in out.choices:
            if point.kind == "unit":
                continue  # Bash's target: reported with its effect
            note("choice", point.icon.value,
                 f"{point.prompt}: the odds count the engine's default ({point.default})", f)
        for mod in out.modifiers:
            kind = mult_kind(mod)
            if kind is None:
                note("modifier", mod.icon.value if mod.icon else "modifier",
                     f"{mod.source}: a modifier the odds do not model", f)
    return [(c, w, t, faces) for (c, w, t), faces in found.items()]


def roll_notes(chains: Sequence[DieChain], preview: bool = False) -> list[NotModelled]:
    """The merged list for an army: one entry per (category, what, text), its chance of
    coming up in one roll (dice are independent: 1 - product of (1 - p) over the dice), and
    the dice it comes from. Sorted by chance, most likely first."""
    merged: dict[tuple[str, str, str], tuple[float, list[str]]] = {}
    for chain in chains:
        for category, what, text, faces in die_notes(chain, preview):
            p = shown_chance(chain, faces)
            none, keys = merged.get((category, what, text), (1.0, []))
            merged[(category, what, text)] = (none * (1.0 - p), keys + [chain.die.key])
    out = [NotModelled(c, w, t, 1.0 - none, tuple(dict.fromkeys(keys)))
           for (c, w, t), (none, keys) in merged.items()]
    return sorted(out, key=lambda n: (-(n.probability or 0.0), n.what, n.text))
