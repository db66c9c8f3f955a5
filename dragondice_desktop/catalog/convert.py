"""Development-time converter: OCTGN set files -> our catalog data (JSON in our own schema).

Run from the repository root with the shared reference data beside it::

    python -m dragondice_desktop.catalog.convert ../shared/reference/octgn-sets

It rewrites ``dragondice_desktop/catalog/data/*.json``. The installed app never runs this; it
loads the committed JSON (see ``catalog.load``). Where the source data and the rules disagree,
the rules win and the correction is applied here and named in ``CORRECTIONS`` (reference
README, "Known doubtful points"; tests/catalog checks each one).
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .model import Color, DieKind, Icon, Size, Species

DATA_DIR = Path(__file__).with_name("data")

Record = dict[str, Any]  # one catalog record as written to the JSON data files
Props = dict[str, str]  # a card's property name -> value

# Source icon spellings that differ from ours (art variants and plural forms).
ICON_ALIASES = {
    "Fire Breath": Icon.FIREBREATH,
    "Dragons Lair": Icon.DRAGONS_LAIR,
    "Jaw": Icon.JAWS,
    "Claw": Icon.CLAWS,
    "Wing": Icon.WINGS,
    "Logo": Icon.LOGO,
}

COLOR_NAMES = {
    "Blue (Air)": Color.AIR, "Black (Death)": Color.DEATH, "Yellow (Earth)": Color.EARTH,
    "Red (Fire)": Color.FIRE, "Green (Water)": Color.WATER, "Ivory": Color.IVORY,
    "White": Color.WHITE, "Bronze": Color.BRONZE, "Silver": Color.SILVER, "Gold": Color.GOLD,
    "Blue": Color.AIR, "Black": Color.DEATH, "Yellow": Color.EARTH, "Red": Color.FIRE,
    "Green": Color.WATER,
}

SPECIES_NAMES = {s.value: s for s in Species} | {"Fire Walkers": Species.FIREWALKERS}

UNIT_HEALTH = {Size.SMALL: 1, Size.MEDIUM: 2, Size.LARGE: 3, Size.CHAMPION: 4, Size.MONSTER: 4}

# Item point costs, seed 001 "Items" table (medium equipment: 2 for the first of a pair).
ITEM_COST = {"Small": 1, "Medium": 2, "Large": 2, "Artifact": 3, "Medallion": 4, "Relic": 4}

CORRECTIONS = {
    "white-dragon": "White dragons: 10 health, 5 automatic saves and doubled jaws, claws, tail, "
                    "wings, breath and treasure (digest §1.7, §10 item 1); source stores 10 saves "
                    "and single values on the White Drake.",
    "tail-fixed": "Tail on a unit is a fixed two melee results (seed 000); source stores 4 Tail "
                  "on the Leviathan.",
    "logo-x": "Eldarim champion logo faces are single-icon champion faces, X = 4 (seed 000 "
              "X rule); source stores 1 Logo.",
    "names": "Trailing spaces removed from Dragonkin names.",
    "willowling": "The Treefolk die the source spells \"Willowing\" is the Willowling.",
}

# Die names the source misspells (CORRECTIONS["willowling"]); loader.RENAMED keeps the old keys.
NAME_FIXES = {"Willowing": "Willowling"}


def _icon(name: str) -> Icon:
    if name in ICON_ALIASES:
        return ICON_ALIASES[name]
    return Icon(name)  # raises ValueError for an unknown icon: fail loudly


def _colors(text: str) -> list[Color]:
    if text in ("None", ""):
        return []
    return [COLOR_NAMES[part.strip()] for part in text.split(",")]


def _cards(path: Path) -> Iterator[tuple[ET.Element, Props, list[str]]]:
    for card in ET.parse(path).getroot().iter("card"):
        props = {p.get("name", ""): v for p in card.findall("property")
                 if (v := p.get("value")) is not None}
        faces = [props.get("Icons")] + [
            _alt_face(alt) for alt in card.findall("alternate")
        ]
        yield card, props, [f for f in faces if f is not None]


def _alt_face(alt: ET.Element) -> str | None:
    prop = alt.find("property")
    if prop is None:
        raise ValueError(f"alternate face {alt.get('name')!r} has no property")
    return prop.get("value")


def _split_face(text: str) -> tuple[int, Icon]:
    count, _, name = text.partition(" ")
    return int(count), _icon(name)


def _face_text(count: int, icon: Icon) -> str:
    return f"{count} {icon.value}"


def _unit_record(card: ET.Element, props: Props, faces: list[str], group: str) -> Record:
    name = card.get("name", "").strip()
    name = NAME_FIXES.get(name, name)
    species = SPECIES_NAMES[props["Species"]]
    size = Size.MONSTER if props["Size"] == "Monster" else Size(props["Size"].lower())
    colors = _colors(props["Element"])
    kind = {Size.MONSTER: DieKind.MONSTER, Size.CHAMPION: DieKind.CHAMPION}.get(size, DieKind.UNIT)
    key_name = name
    if species in (Species.ELDARIM, Species.DRAGONKIN):
        # Eldarim and Dragonkin reuse names across elements: the element makes the key unique.
        key_name = f"{name} ({colors[0].value.title()})"
    out_faces = []
    for text in faces:
        count, icon = _split_face(text)
        if icon is Icon.TAIL:
            count = 2  # CORRECTIONS["tail-fixed"]
        if icon is Icon.LOGO and kind is DieKind.CHAMPION:
            count = 4  # CORRECTIONS["logo-x"]
        out_faces.append(_face_text(count, icon))
    record = {
        "key": f"{group}/{key_name}", "name": name, "kind": kind.value,
        "species": species.value, "colors": [c.value for c in colors],
        "size": size.value, "health": UNIT_HEALTH[size], "cost": UNIT_HEALTH[size],
        "die": f"d{10 if size is Size.MONSTER else 6}", "class": props.get("Class", ""),
        "faces": out_faces, "octgn_id": card.get("id"),
    }
    if props.get("Autosaves"):
        record["autosaves"] = int(props["Autosaves"])
    return record


def _item_record(card: ET.Element, props: Props, faces: list[str]) -> Record:
    name = card.get("name", "").strip()
    item_type = props["Type"]
    if item_type == "Item":
        kind, size, die = DieKind.EQUIPMENT, props["Size"], "d4"
    elif item_type == "Artifact":
        kind, size, die = DieKind.ARTIFACT, "Artifact", "d10"
    elif item_type == "Medallion":
        kind, size, die = DieKind.MEDALLION, "Medallion", "d4"
    else:
        kind, size, die = DieKind.RELIC, "Relic", "d6"
    colors = _colors(props["Element"])
    if kind is DieKind.RELIC:
        colors = []  # relics are non-elemental star metal (seed 001)
    return {
        "key": f"Items/{name}", "name": name, "kind": kind.value, "species": None,
        "colors": [c.value for c in colors],
        "size": size.lower() if kind is DieKind.EQUIPMENT else None,
        "health": 0, "cost": ITEM_COST[size], "die": die,
        "class": "" if props.get("Class") == "None" else props.get("Class", ""),
        "faces": [_face_text(*_split_face(f)) for f in faces], "octgn_id": card.get("id"),
    }


def _dragon_record(card: ET.Element, props: Props, faces: list[str]) -> Record:
    name = card.get("name", "").strip().replace(" / ", "/")
    colors = _colors(props["Element"])
    white = Color.WHITE in colors
    out_faces = []
    for text in faces:
        count, icon = _split_face(text)
        if white and name.endswith("Drake") and icon is not Icon.JAWS:
            count *= 2  # CORRECTIONS["white-dragon"]: the source's White Drake is undoubled
        out_faces.append(_face_text(count, icon))
    return {
        "key": f"Dragons/{name}", "name": name, "kind": DieKind.DRAGON.value, "species": None,
        "colors": [c.value for c in colors], "size": None,
        "health": 10 if white else 5, "cost": 0, "die": "d12",
        "class": props["Type"], "autosaves": 5, "faces": out_faces, "octgn_id": card.get("id"),
    }


def _terrain_record(card: ET.Element, props: Props, faces: list[str]) -> Record:
    name = card.get("name", "").strip()
    minor = props["Type"] == "Minor Terrain"
    colors = [c for c in _colors(props["Element"]) if c is not Color.IVORY]
    parsed = [_split_face(f) for f in faces]
    if minor:
        out_faces = [_face_text(1, icon) for _, icon in parsed]
        eighth = None
    else:
        # Faces ordered by their number 1..8; the count is the face number.
        out_faces = [_face_text(n, icon) for n, icon in sorted(parsed, key=lambda p: p[0])]
        eighth = _icon(props["Eighth Face"]).value
    record = {
        "key": f"{'Minor Terrains' if minor else 'Terrains'}/{name}", "name": name,
        "kind": (DieKind.MINOR_TERRAIN if minor else DieKind.TERRAIN).value, "species": None,
        "colors": [c.value for c in colors], "size": None, "health": 0, "cost": 0,
        "die": "d8", "class": props.get("Subtype", ""), "faces": out_faces,
        "octgn_id": card.get("id"),
    }
    if eighth:
        record["eighth_face"] = eighth
    return record


def _spell_record(card: ET.Element, props: Props) -> Record:
    color = props["Color"]
    species = props["Species"]
    return {
        "key": f"Spells/{card.get('name', '').strip()}", "name": card.get("name", "").strip(),
        "cost": int(props["Cost"]),
        "color": COLOR_NAMES[color].value if color in COLOR_NAMES else color.lower(),
        "species": None if species == "Basic" else SPECIES_NAMES[species].value,
        "reserve": props["Reserve"] == "Yes", "cantrip": props["Cantrip"] == "Yes",
    }


def convert(source: Path) -> dict[str, list[Record]]:
    """Read the OCTGN set files in `source` and return {data file stem: records}.

    Raises ValueError on an unknown icon, colour or species (the data must be fixed first).
    """
    out: dict[str, list[Record]] = {}
    for stem, group in (("species", None), ("eldarim", "Eldarim"), ("dragonkin", "Dragonkin"),
                        ("dracolem", "Dracolem")):
        records = []
        for card, props, faces in _cards(source / f"{stem}.xml"):
            grp = group or SPECIES_NAMES[props["Species"]].value
            records.append(_unit_record(card, props, faces, grp))
        out["units" if stem == "species" else stem] = records
    out["items"] = [_item_record(*c) for c in _cards(source / "items.xml")]
    out["dragons"] = [_dragon_record(*c) for c in _cards(source / "dragons.xml")]
    terrains = [_terrain_record(*c) for c in _cards(source / "terrains.xml")]
    out["terrains"] = [t for t in terrains if t["kind"] == DieKind.TERRAIN.value]
    out["minor_terrains"] = [t for t in terrains if t["kind"] == DieKind.MINOR_TERRAIN.value]
    out["spells"] = [_spell_record(c, p) for c, p, _ in _cards(source / "spells.xml")]
    for records in out.values():
        records.sort(key=lambda r: r["key"])
    return out


def write(data: dict[str, list[Record]], target: Path = DATA_DIR) -> None:
    """Write one JSON file per group, one record per line (diff-friendly)."""
    for stem, records in data.items():
        lines = ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in records)
        (target / f"{stem}.json").write_text("[\n" + lines + "\n]\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry: convert SOURCE_DIR into the package's data directory."""
    args = sys.argv[1:] if argv is None else argv
    source = Path(args[0] if args else "../shared/reference/octgn-sets")
    write(convert(source))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
