"""House rules: the alternative readings of ambiguous rules that players may choose for a
game (issue 6 §7). Each is off unless a game's options name it (`options.GameOptions`); the
default reading is the one on the Rulings page, the house rule is the alternative.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    """An alternative ruling. `rule_id`: the short name game files store; `title`: the
    question it answers; `default`: what the app does without it; `alternative`: what it
    does with it; `source`: where the ambiguity is recorded (digest section)."""

    rule_id: str
    title: str
    default: str
    alternative: str
    source: str


HOUSE_RULES: dict[str, HouseRule] = {}
