"""The OCTGN Dragon Dice deck format (``.o8d``): import and export.

Pure Python, no Qt. An OCTGN deck is XML: ``<deck>`` holding ``<section name="Home Army">``
elements of ``<card qty="N" id="GUID">Name</card>``, and a free-text ``<notes>`` element.
The deck has no field for the force size or name, so ``export_octgn_deck`` writes them (and
the force's problems, if any) into the notes in a small ``Key: value`` form that
``import_octgn_deck`` reads back; a deck made by OCTGN itself has no such notes and gets the
smallest standard size it is legal at.

Parsing is defensive: a DOCTYPE or entity declaration is refused before the parser sees the
text (no entity expansion, no external fetches), quantities are capped, and every failure is
a ``ForceFileError`` naming the problem. Nothing is changed by a failed import.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

from ..catalog.loader import Catalog, load_catalog
from .errors import (
    MAX_COUNT, MAX_FILE_BYTES, MAX_POINTS, ForceFileError, check_dice_count, check_name,
    parse_whole_number, shown,
)
from .model import STANDARD_POINTS, Force
from .validate import Problem, choose_points

# OCTGN deck section -> Force field (the Dragon Dice module's section names).
OCTGN_SECTIONS = {
    "Home Terrain": "home_terrain",
    "Frontier Terrain": "frontier_terrain",
    "Home Army": "home_army",
    "Horde Army": "horde_army",
    "Campaign Army": "campaign_army",
    "Dragons": "dragons",
    "Dragonkin": "dragonkin",
    "Minor Terrain": "minor_terrains",
}
# Items start in an army (seed 001), so this section of the module must be empty.
OCTGN_POOL_ITEMS = "Items (Summoning Pool)"
# The Dragon Dice game id of the OCTGN module (every sample deck carries it).
OCTGN_GAME_ID = "0000ac4a-0bf6-4c10-8f05-e32e53e57518"
# First line of the notes we write; only notes starting with it are read back.
NOTES_HEADER = "Dragon Dice Desktop force"

_FORBIDDEN = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def import_octgn_deck(xml_text: str | bytes, name: str | None = None,
                      catalog: Catalog | None = None, points: int | None = None) -> Force:
    """Convert an OCTGN Dragon Dice deck (``.o8d`` XML text) into a Force.

    Each ``<card qty="N" id="GUID">Name</card>`` becomes N keys; the GUID is looked up with
    ``catalog.by_octgn_id`` and, failing that, the card name with ``catalog.die``.
    ``name`` defaults to the name in our notes, else "Imported deck". ``points`` defaults to
    the size in our notes, else the smallest standard force size the force is legal at
    (``choose_points``). A deck without a terrain section gives an empty terrain (validation
    then reports it). Raises ForceFileError for XML that does not parse, declares a DOCTYPE
    or entities, or is not a deck; an unknown section; a quantity that is not a whole number
    from 1 to 999; a terrain section with more than one terrain; items in the Summoning Pool
    section; or cards not in the catalog (all listed at once).
    """
    catalog = catalog or load_catalog()
    root = _octgn_root(xml_text)
    fields = _octgn_fields(root, catalog)
    notes = read_notes(root)
    name = name if name is not None else notes.get("name", "Imported deck")
    check_name(name, "OCTGN deck")
    if points is None and "points" in notes:
        points = notes["points"]
    if points is not None:
        return Force(name=name, points=points, **fields)
    force = Force(name=name, points=max(STANDARD_POINTS), **fields)
    return replace(force, points=choose_points(force, catalog))


def _octgn_root(xml_text: str | bytes) -> ET.Element:
    if isinstance(xml_text, bytes):
        if len(xml_text) > MAX_FILE_BYTES:
            raise ForceFileError(f"OCTGN deck is {len(xml_text)} bytes; a deck is at most "
                                 f"{MAX_FILE_BYTES}")
        # Decoding ourselves drops the BOM OCTGN writes and keeps ParseError the only failure.
        xml_text = xml_text.decode("utf-8-sig", errors="replace")
    if len(xml_text) > MAX_FILE_BYTES:
        raise ForceFileError(f"OCTGN deck is {len(xml_text)} characters; a deck is at most "
                             f"{MAX_FILE_BYTES}")
    found = _FORBIDDEN.search(xml_text)
    if found:
        raise ForceFileError(f"OCTGN deck contains a <!{found.group(1).upper()}> declaration; "
                             "decks never do, and such files are refused for safety")
    try:
        root = ET.fromstring(xml_text.lstrip("\ufeff"))
    except ET.ParseError as exc:
        raise ForceFileError(f"OCTGN deck is not valid XML: {exc}") from None
    if root.tag != "deck":
        raise ForceFileError(f"not an OCTGN deck: the root element is <{root.tag}>, "
                             "expected <deck>")
    return root


def _octgn_fields(root: ET.Element, catalog: Catalog) -> dict:
    keys: dict[str, list[str]] = {field: [] for field in OCTGN_SECTIONS.values()}
    missing: list[str] = []
    total = 0
    for section in root.iter("section"):
        title = section.get("name", "")
        cards = section.findall("card")
        if title == OCTGN_POOL_ITEMS:
            if cards:
                raise ForceFileError(f"OCTGN deck: section {title!r} holds {len(cards)} "
                                     "cards; items start in an army (seed 001), move them to "
                                     "an army section")
            continue
        if title not in OCTGN_SECTIONS:
            raise ForceFileError(f"OCTGN deck: unknown section {title!r}; expected "
                                 f"{', '.join(map(repr, OCTGN_SECTIONS))}")
        for card in cards:
            qty = _quantity(card, title)
            total += qty
            check_dice_count(total, "OCTGN deck")
            key = _card_key(card, catalog, title, missing)
            keys[OCTGN_SECTIONS[title]] += [key] * qty
    if missing:
        raise ForceFileError("OCTGN deck: cards not in the catalog: " + "; ".join(missing))
    fields: dict = {field: tuple(found) for field, found in keys.items()}
    for field, title in (("home_terrain", "Home Terrain"),
                         ("frontier_terrain", "Frontier Terrain")):
        if len(keys[field]) > 1:
            raise ForceFileError(f"OCTGN deck: section {title!r} must hold exactly one terrain, "
                                 f"found {len(keys[field])}")
        fields[field] = keys[field][0] if keys[field] else ""
    return fields


def _card_key(card: ET.Element, catalog: Catalog, section: str, missing: list[str]) -> str:
    guid, title = card.get("id", ""), (card.text or "").strip()
    try:
        return catalog.by_octgn_id(guid).key
    except KeyError:
        pass
    try:
        # Older decks may carry ids the module has since changed; names are the fallback.
        return catalog.die(title).key
    except KeyError as exc:
        missing.append(f"{title!r} (id {guid}) in {section!r}: {exc.args[0]}")
        return ""


def _quantity(card: ET.Element, section: str) -> int:
    qty = card.get("qty", "1").strip()
    count = parse_whole_number(qty, 1, MAX_COUNT)
    if count is None:
        raise ForceFileError(f"OCTGN deck: card {(card.text or '').strip()[:60]!r} in "
                             f"{section!r} has quantity {shown(qty)}; expected a whole number "
                             f"from 1 to {MAX_COUNT} (written with the digits 0-9)")
    return count


def deck_notes(xml_text: str | bytes) -> dict:
    """The name and size our notes in a deck hold (``read_notes``); ForceFileError for XML
    that ``import_octgn_deck`` would refuse."""
    return read_notes(_octgn_root(xml_text))


def read_notes(root: ET.Element) -> dict:
    """``{"name": str, "points": int}`` from notes we wrote; ``{}`` for any other notes."""
    notes = root.find("notes")
    text = (notes.text or "") if notes is not None else ""
    lines = text.strip().splitlines()
    if not lines or lines[0].strip() != NOTES_HEADER:
        return {}
    found: dict = {}
    for line in lines[1:]:
        label, sep, value = line.partition(":")
        if not sep:
            continue
        label, value = label.strip().casefold(), value.strip()
        if label == "name" and value:
            found["name"] = value
        elif label == "force size":
            number = value.split()[0] if value.split() else ""
            points = parse_whole_number(number, 1, MAX_POINTS)
            if points is None:
                raise ForceFileError(f"OCTGN deck notes: force size {shown(value)} is not a "
                                     f"whole number of points from 1 to {MAX_POINTS} (written "
                                     "with the digits 0-9)")
            found["points"] = points
    return found


# --- export --------------------------------------------------------------------------------

def export_octgn_deck(force: Force, catalog: Catalog | None = None,
                      problems: list[Problem] | None = None) -> str:
    """The force as OCTGN deck XML text (with the XML declaration, no BOM).

    Consecutive copies of one die become one ``<card qty="N">``; the card text is the die's
    printed name and the id its OCTGN GUID, so OCTGN and ``import_octgn_deck`` read it back
    to the same force. The notes hold the force's name and size and, when ``problems`` is
    not empty, the problems (an invalid force says so in the file). Raises KeyError for a key
    missing from the catalog.
    """
    from xml.sax.saxutils import quoteattr  # loads urllib: only when a deck is written

    catalog = catalog or load_catalog()
    lines = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
             f"<deck game={quoteattr(OCTGN_GAME_ID)}>"]
    for title, field in OCTGN_SECTIONS.items():
        value = getattr(force, field)
        keys = ((value,) if value else ()) if isinstance(value, str) else value
        cards = [_card_xml(catalog, key, count) for key, count in runs(keys)]
        if cards:
            lines.append(f"  <section name={quoteattr(title)} shared=\"False\">")
            lines += cards
            lines.append("  </section>")
        else:
            lines.append(f"  <section name={quoteattr(title)} shared=\"False\" />")
    lines.append(f"  <section name={quoteattr(OCTGN_POOL_ITEMS)} shared=\"False\" />")
    notes = [NOTES_HEADER, f"Name: {force.name}", f"Force size: {force.points} points"]
    if problems:
        notes.append("Problems (this force is not ready to play):")
        notes += [f"- {p}" for p in problems]
    body = "\n".join(notes).replace("]]>", "]] >")  # keep the CDATA section closed
    lines.append(f"  <notes><![CDATA[{body}]]></notes>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"


def _card_xml(catalog: Catalog, key: str, count: int) -> str:
    from xml.sax.saxutils import escape, quoteattr

    die = catalog.dice[key]
    return (f"    <card qty=\"{count}\" id={quoteattr(die.octgn_id)}>"
            f"{escape(die.name)}</card>")


def runs(keys) -> list[tuple[str, int]]:
    """Consecutive repeats of keys as (key, count) pairs, in order: a, a, b, a -> a2 b1 a1."""
    out: list[tuple[str, int]] = []
    for key in keys:
        if out and out[-1][0] == key:
            out[-1] = (key, out[-1][1] + 1)
        else:
            out.append((key, 1))
    return out
