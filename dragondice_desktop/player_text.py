"""Engine texts as players read them: ``player_text(text) -> str`` drops the internal
references (rules-digest sections, seed documents, design issues) the engine's texts carry for
its developers. Pure Python, no Qt: the game log, the panels, the Rulings and Rules coverage
pages, the force problems and the command line all ask this one helper.

``count_of(n, "die", "dice")`` words a count with the right number ("1 die", "2 dice"): the
one helper the window's and the engine's texts use for counts of dice, units, effects ...
"""

from __future__ import annotations

import re

# Internal references the engine's texts carry for its developers: design issues, sections of
# the rules digest, rulings seeds ("issue 6", "digest §8", "seed 003 Cloak", "§4.2", "rulings").
_REFERENCE = re.compile(r"\b(?:issues?\s+#?\d+|digest\b|seeds?\s+\d{3}|rulings\b)|§\s*\d",
                        re.IGNORECASE)
_NOT_YET = re.compile(r"not\s+(?:resolved|implemented)(?:\s+by\s+the\s+engine)?(?:\s+yet)?"
                      r"\s*[(\[]\s*issues?\s+#?\d+\s*[)\]]", re.IGNORECASE)
_GROUP = re.compile(r"\s*\(([^()\[\]]*)\)|\s*\[([^()\[\]]*)\]")
_TRAILING = re.compile(r"\s*[,;:—–-]?\s*(?:issues?\s+#?\d+|digest\s+§[^()\[\]]*|seeds?\s+\d{3}"
                       r"[^()\[\].]*)\s*$", re.IGNORECASE)


# The names players read for the areas killed and buried units go to, by ruleset: today's game
# says DUA (Dead Unit Area) and BUA; the 1996 game calls the DUA the dead pile, and a buried
# unit is simply out of the game (TSR digest §1, §14). Rulesets not named use today's words.
_AREA_WORDS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "classic": ((re.compile(r"\bDead Unit Areas\b|\bDUAs\b"), "Dead piles"),
                (re.compile(r"\bDead Unit Area\b|\bDUA\b"), "Dead pile"),
                (re.compile(r"\bBUAs?\b"), "buried units")),
}
_AREA_NAMES = {"classic": {"DUA": "Dead pile", "BUA": "buried units"}}


def area_name(area: str, ruleset: str) -> str:
    """What players of `ruleset` call the area `area` ("DUA" or "BUA"): "DUA" / "BUA" in
    today's game, "Dead pile" / "buried units" in the 1996 game ("classic"). Raises KeyError
    for another area."""
    if area not in ("DUA", "BUA"):
        raise KeyError(area)
    return _AREA_NAMES.get(ruleset, {}).get(area, area)


def ruleset_words(text: str, ruleset: str) -> str:
    """`text` with the areas named as players of `ruleset` name them (``area_name``): in a
    1996 game "move units to your DUA" -> "move units to your Dead pile"; for today's rules
    the text comes back as it is."""
    for pattern, words in _AREA_WORDS.get(ruleset, ()):
        text = pattern.sub(words, text)
    return text


def count_of(n: int, one: str, many: str | None = None) -> str:
    """ "1 die" / "2 dice", "1 unit" / "0 units": `n` with `one` when n is 1, else `many`
    (`one` + "s" when not given: pass the plural of an irregular noun, "dice",
    "armies")."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def dice_count(n: int) -> str:
    """ "1 die", "2 dice" (`count_of` for the commonest count)."""
    return count_of(n, "die", "dice")


def player_text(text: str) -> str:
    """`text` from the engine without the internal references meant for its developers:
    "Species Abilities: not resolved yet (issue 6)" -> "Species Abilities: not in the app
    yet"; "City: recruited (digest §8)" -> "City: recruited"; "(Bash, seed 001)" -> "(Bash)";
    "... [digest §2.2]" -> "...". The rest of the text is kept as it is. The one helper the
    game log, the roll panel, the decision panel and the odds notes share."""
    if not text or not (_REFERENCE.search(text) or "issue" in text.lower()):
        return text
    text = _NOT_YET.sub("not in the app yet", text)

    def group(match: re.Match) -> str:
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        if not _REFERENCE.search(inner):
            return match.group(0)
        pieces = re.split(r"([;,])", inner)
        kept: list[str] = []
        for piece in pieces[::2]:
            found = _REFERENCE.search(piece)
            if found:
                piece = piece[:found.start()].rstrip(" :;,—–-")
            if piece.strip():
                kept.append(piece.strip())
        if not kept:
            return ""
        lead = match.group(0)[:len(match.group(0)) - len(match.group(0).lstrip())]
        opening, closing = ("(", ")") if match.group(1) is not None else ("[", "]")
        return f"{lead}{opening}{', '.join(kept)}{closing}"

    previous = None
    while previous != text:  # innermost groups first, then the groups around them
        previous, text = text, _GROUP.sub(group, text)
    text = _TRAILING.sub("", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def player_lines(text: str) -> str:
    """``player_text`` line by line, each line keeping its indentation (a roll's
    explanation: one step or one die a line)."""
    return "\n".join(line[:len(line) - len(line.lstrip())] + player_text(line.lstrip())
                     for line in text.split("\n"))


def player_markdown(text: str) -> str:
    """``player_text`` for a Markdown page: each paragraph or list item (with the lines that
    continue it) is cleaned as one text, so a reference that wraps across lines goes too;
    headings, blank lines and the list structure stay as they are."""
    blocks: list[list[str]] = []
    for line in text.split("\n"):
        continues = blocks and blocks[-1] and line.strip() and line.startswith("  ") \
            and not line.lstrip().startswith(("- ", "* ", "#"))
        if continues:
            blocks[-1].append(line.strip())
        else:
            blocks.append([line])
    out = []
    for block in blocks:
        first = block[0]
        lead = first[:len(first) - len(first.lstrip())]
        bullet = ""
        body = first.lstrip()
        for mark in ("- ", "* "):
            if body.startswith(mark):
                bullet, body = mark, body[len(mark):]
        joined = " ".join([body] + block[1:])
        out.append(lead + bullet + player_text(joined) if joined.strip() else first)
    return "\n".join(out)
