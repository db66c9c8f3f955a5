"""Which icons, spells and species abilities the rules engine handles
(``dragondice rules-coverage``).

``rules_coverage() -> list[(icon, status, reason)]``: one row per icon printed on any die of
the catalog, sorted by icon name. ``spell_coverage() -> list[(name, status, reason)]``: one
row per spell of the catalog; ``species_coverage()`` one per species ability (digest §6).
status is "handled", "partial" (the reason says which part is not) or "not handled" (the
reason says why). A "partial" or "not handled" part is never
dropped in play: it is reported as "Not resolved" in the log and the roll breakdown, or never
offered (spells).
"""

from __future__ import annotations

from collections.abc import Callable

from ..catalog.loader import load_catalog
from ..catalog.model import (
    ACTION_ICONS, DRAGON_ICONS, EIGHTH_FACE_ICONS, MINOR_TERRAIN_ICONS, DieKind, Icon,
)
from . import spells
from .sai.results import SAI_HANDLERS

HANDLED, PARTIAL, NOT_HANDLED = "handled", "partial", "not handled"

DRAGON_FACE = "a dragon's face in the Dragon Attack phase (digest §1.7, §5.4)"

# SAIs whose handler and game effect cover only part of their text: the part missing.
_PARTIAL = {
    Icon.LOGO: ("Gold, Silver and Bronze Medallions, Elemental Relic, the Eldarim champions "
                "(ID worth 2; tame, slay, control) and the Dragonkin champions (4 saves, "
                "dragon move) "
                "are handled; the Earthfang relic's logo has no rules text available"),
}

# Spells the engine applies only in part: the part missing (digest §7).
_PARTIAL_SPELLS: dict[str, str] = {}

# Eighth-face powers (digest §8, seed 003): status and how the engine applies each.
_EIGHTH_FACES = {
    Icon.CITY: (HANDLED, "recruit a small unit or promote one unit in the Eighth Face phase "
                         "(digest §8)"),
    Icon.TEMPLE: (HANDLED, "another player buries a unit of their choice from their DUA in the "
                           "Eighth Face phase; immune to opponents' death magic (digest §8)"),
    Icon.STANDING_STONES: (HANDLED, "the holding army's magic may pay spells of the terrain's "
                                    "elements (digest §8)"),
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
        return icon, HANDLED, _MINOR_FACES[icon]
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


def spell_coverage() -> list[tuple[str, str, str]]:
    """One (spell name, status, reason) row per spell of the catalog, by name."""
    unavailable = spells.unavailable()
    rows = []
    for spell in sorted(load_catalog().spells.values(), key=lambda s: s.name):
        if spell.name in unavailable:
            rows.append((spell.name, NOT_HANDLED, unavailable[spell.name]))
        elif spell.name in _PARTIAL_SPELLS:
            rows.append((spell.name, PARTIAL, _PARTIAL_SPELLS[spell.name]))
        else:
            rows.append((spell.name, HANDLED, spells.SPELLS[spell.name].effect))
    return rows


_MINOR_FACES = {
    **dict.fromkeys((Icon.BRIDGE, Icon.KNOLL, Icon.VILLAGE, Icon.WOODS),
                    "a minor terrain's ID face: turned to the action face the player chooses "
                    "(digest §1.6)"),
    Icon.DOUBLE_MANEUVERS: "the army's ID results doubled in its maneuver rolls (digest §1.6)",
    Icon.DOUBLE_SAVES: "the army's ID results doubled in its save rolls (digest §1.6)",
    Icon.FLOOD: "halves the army's maneuver; buried at its next march (digest §1.6)",
    Icon.FLANKED: "halves the army's saves; buried at its next march (digest §1.6)",
    Icon.DUST_STORM: "halves the army's missile; buried at its next march (digest §1.6)",
    Icon.REVOLT: "halves the army's melee; buried at its next march (digest §1.6)",
}

# Every species ability of digest §6 and how the engine applies it.
_ABILITIES = (
    ("Amazons", "Javelin Charge", HANDLED, "charge javelin: bury the minor terrain"),
    ("Amazons", "Kukri Charge", HANDLED, "charge kukri: bury the minor terrain"),
    ("Amazons", "Terrain Harmony", HANDLED, "their magic takes the terrain's elements"),
    ("Coral Elves", "Coastal Dodge", HANDLED, "counts as, species/counts_as.py"),
    ("Coral Elves", "Defensive Volley", HANDLED, "missile counter-attack at an air terrain"),
    ("Dwarves", "Mountain Mastery", HANDLED, "counts as, species/counts_as.py"),
    ("Dwarves", "Dwarven Might", HANDLED, "counts as, species/counts_as.py"),
    ("Feral", "Feralization", HANDLED, "Species Abilities phase"),
    ("Feral", "Stampede", HANDLED, "counts as, species/counts_as.py"),
    ("Firewalkers", "Air Flight", HANDLED, "fly in the retreat step"),
    ("Firewalkers", "Flaming Shields", HANDLED, "counts as, species/counts_as.py"),
    ("Frostwings", "Winter's Fortitude", HANDLED, "Species Abilities phase"),
    ("Frostwings", "Magic Negation", HANDLED, "before an opponent's spells"),
    ("Goblins", "Swamp Mastery", HANDLED, "counts as, species/counts_as.py (rules revision 2)"),
    ("Goblins", "Foul Stench", HANDLED, "before a counter-attack (rules revision 2)"),
    ("Lava Elves", "Volcanic Adaptation", HANDLED, "counts as, species/counts_as.py"),
    ("Lava Elves", "Cursed Bullets", HANDLED, "missile damage only spell saves reduce"),
    ("Scalders", "Scorching Touch", HANDLED, "damage back to a melee attacker"),
    ("Scalders", "Intangibility", HANDLED, "counts as, species/counts_as.py"),
    ("Swamp Stalkers", "Born of the Swamp", HANDLED, "counts as, species/counts_as.py"),
    ("Swamp Stalkers", "Mutate", HANDLED, "Species Abilities phase"),
    ("Treefolk", "Rapid Growth", HANDLED, "re-roll when counter-maneuvering"),
    ("Treefolk", "Replanting", HANDLED, "a roll before being killed"),
    ("Undead", "Stepped Damage", HANDLED, "exchange with a smaller Undead when killed"),
    ("Undead", "Bone Magic", HANDLED, "extra magic in a magic action"),
    ("Eldarim", "Resist Fear", HANDLED, "Dragonkin roll against dragons"),
    ("Eldarim", "Dragonkin Handlers", HANDLED, "Species Abilities phase"),
)


def species_coverage() -> list[tuple[str, str, str]]:
    """One ("Species: Ability", status, reason) row per species ability (digest §6)."""
    return [(f"{species}: {name}", status, reason)
            for species, name, status, reason in _ABILITIES]


def _table(rows: list[tuple[str, str, str]], what: str,
           words: Callable[[str], str]) -> list[str]:
    width = max(len(name) for name, _, _ in rows)
    counts = {s: sum(1 for _, status, _ in rows if status == s)
              for s in (HANDLED, PARTIAL, NOT_HANDLED)}
    lines = [f"{name:<{width}}  {status:<11}  {words(reason)}" for name, status, reason in rows]
    return lines + [f"{len(rows)} {what}: " + ", ".join(f"{n} {s}" for s, n in counts.items())]


def coverage_text(words: Callable[[str], str] = str) -> str:
    """The coverage as plain-text tables for the command line: species abilities, spells,
    then icons. ``words`` rewrites each reason for its readers (the command line passes the
    helper that drops the developers' references to the rules text)."""
    icons = [(icon.value, status, reason) for icon, status, reason in rules_coverage()]
    return "\n".join(_table(species_coverage(), "species abilities", words) + [""]
                     + _table(spell_coverage(), "spells", words) + [""]
                     + _table(icons, "icons", words))
