"""Which icons of the catalog the rules engine handles (``dragondice rules-coverage``).

``rules_coverage() -> list[(icon, status, reason)]``: one row per icon printed on any die of
the catalog, sorted by icon name. status is "handled", "partial" (the reason says which part
is not) or "not handled" (the reason says why). A "partial" or "not handled" part is never
dropped in play: it is reported as "Not resolved" in the log and the roll breakdown.
"""

from __future__ import annotations

from ..catalog.loader import load_catalog
from ..catalog.model import (
    ACTION_ICONS, DRAGON_ICONS, EIGHTH_FACE_ICONS, MINOR_TERRAIN_ICONS, DieKind, Icon,
)
from .sai_results import SAI_HANDLERS

HANDLED, PARTIAL, NOT_HANDLED = "handled", "partial", "not handled"

DRAGON_FACE = "a dragon's face in the Dragon Attack phase (digest §1.7, §5.4)"

SPELLS = "spells: issue 6"

# SAIs whose handler and game effect cover only part of their text: the part missing.
_PARTIAL = {
    Icon.CANTRIP: f"cantrip-only magic outside magic actions buys cantrip spells ({SPELLS})",
    Icon.LOGO: ("Gold Medallion, Elemental Relic, the Eldarim champions (ID worth 2; tame, "
                "slay, control) and the Dragonkin champions' dragon move are handled; the "
                f"Bronze Medallion's cantrip magic needs spells ({SPELLS}), the Silver "
                "Medallion's Dragonkin summoning needs Dragonkin in play (issue 6); the "
                "Earthfang relic's logo has no rules text available"),
}

# Eighth-face powers (digest §8, seed 003): status and how the engine applies each.
_EIGHTH_FACES = {
    Icon.CITY: (HANDLED, "recruit a small unit or promote one unit in the Eighth Face phase "
                         "(digest §8)"),
    Icon.TEMPLE: (PARTIAL, "another player buries a unit of their choice from their DUA in the "
                           f"Eighth Face phase; immunity to opponents' death magic needs "
                           f"{SPELLS}"),
    Icon.STANDING_STONES: (NOT_HANDLED, f"converts magic to the terrain's elements for spells "
                                        f"({SPELLS})"),
    Icon.TOWER: (HANDLED, "missile attacks on any opposing army, Reserve armies with non-ID "
                          "results only (digest §8)"),
    Icon.CASTLE: (HANDLED, "becomes City, Standing Stones, Temple or Tower on capture until "
                           "its face moves (seed 003)"),
    Icon.DRAGONS_LAIR: (HANDLED, "summons a matching, Ivory or Ivory Hybrid dragon in the "
                                 "Eighth Face phase (seed 003)"),
    Icon.GROVE: (HANDLED, "moves one unit, Dragonkin, minor terrain or item out of a BUA in "
                          "the Eighth Face phase (seed 003)"),
    Icon.VORTEX: (HANDLED, "re-roll one unit in non-maneuver rolls (seed 003)"),
}

_NOT_HANDLED = {
    Icon.DISPEL_MAGIC: f"it works only against spells ({SPELLS})",
    Icon.FABRICATE: "Dracolem (v4.02): rules text not available (digest §9)",
    Icon.GATE: "Dracolem (v4.02): rules text not available (digest §9)",
    Icon.MAGIC_SUPPRESSION: "Dracolem (v4.02): rules text not available (digest §9)",
    Icon.SPELL_DISRUPTION: "Dracolem (v4.02): rules text not available (digest §9)",
}



def _row(icon: Icon, kinds: set[DieKind]) -> tuple[Icon, str, str]:
    if icon is Icon.ID or icon in ACTION_ICONS:
        if kinds <= {DieKind.TERRAIN, DieKind.MINOR_TERRAIN}:
            return icon, HANDLED, "the terrain face decides the army's action (digest §3.5)"
        return icon, HANDLED, "counted in every roll (digest §1.2)"
    if icon in EIGHTH_FACE_ICONS:
        return (icon,) + _EIGHTH_FACES[icon]
    if icon in MINOR_TERRAIN_ICONS:
        return icon, NOT_HANDLED, "minor terrains in play: issue 6"
    unit_faces = kinds & {DieKind.UNIT, DieKind.MONSTER, DieKind.CHAMPION, DieKind.EQUIPMENT,
                          DieKind.ARTIFACT, DieKind.MEDALLION, DieKind.RELIC}
    if icon in DRAGON_ICONS and not unit_faces:
        return icon, HANDLED, DRAGON_FACE
    if icon in _NOT_HANDLED:
        return icon, NOT_HANDLED, _NOT_HANDLED[icon]
    if icon not in SAI_HANDLERS:
        return icon, NOT_HANDLED, "no handler"
    dragon_note = f"; on dragons: {DRAGON_FACE}" if DieKind.DRAGON in kinds else ""
    if icon in _PARTIAL:
        return icon, PARTIAL, _PARTIAL[icon] + dragon_note
    if icon in (Icon.NET, Icon.WEB):
        dragon_note += "; it does nothing in a Tower's missile attack on a Reserve army"
    return icon, HANDLED, "seed 000 / 001: every roll type in its Applies column" + dragon_note


def rules_coverage() -> list[tuple[Icon, str, str]]:
    """One (icon, status, reason) row per icon printed on a die of the catalog."""
    kinds: dict[Icon, set[DieKind]] = {}
    for die in load_catalog():
        for face in die.faces:
            for icon, _ in face.icons:
                kinds.setdefault(icon, set()).add(die.kind)
    return sorted((_row(icon, k) for icon, k in kinds.items()), key=lambda r: r[0].value)


def coverage_text() -> str:
    """The coverage as a plain-text table for the command line."""
    rows = rules_coverage()
    width = max(len(icon.value) for icon, _, _ in rows)
    counts = {s: sum(1 for _, status, _ in rows if status == s)
              for s in (HANDLED, PARTIAL, NOT_HANDLED)}
    lines = [f"{icon.value:<{width}}  {status:<11}  {reason}" for icon, status, reason in rows]
    lines.append(f"{len(rows)} icons: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    return "\n".join(lines)
