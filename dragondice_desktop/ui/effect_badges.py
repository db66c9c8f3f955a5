"""Lasting effects on the table: which army, unit or terrain each effect in force sits on and
the badge it shows there ("+1 save · Stone Skin · until Bob's turn").

Pure Python (no Qt): the board asks `table_badges(state)` on every snapshot, so a badge is
there exactly while the engine keeps the effect in ``GameState.effects`` and goes when the
effect ends. What an effect does comes from the engine's record of it (its modifiers through
``lasting.effect_modifiers``, its kind, its own text for the tooltip); nothing here decides a
rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.sai.lasting import KIND_SUMMARIES, effect_modifiers
from ..engine.rolls.model import ModOp, Modifier
from ..engine.core.state import GameState, LastingEffect, Zone, ZoneKind
from .game_log import player_text

_SYMBOL = {ModOp.ADD: "+", ModOp.SUBTRACT: "−", ModOp.MULTIPLY: "×", ModOp.DIVIDE: "÷"}


@dataclass(frozen=True)
class Badge:
    """One lasting effect as a badge: `label` (short, on the table) and `tooltip` (the
    effect in full, in the engine's words)."""

    label: str
    tooltip: str


def modifier_words(modifier: Modifier) -> str:
    """ "+1 save", "−3 melee", "÷2 all results", "−1 (non-maneuver rolls)" ..."""
    what = "/".join(t.value for t in modifier.types) if modifier.types else "all results"
    return f"{_SYMBOL[modifier.op]}{modifier.amount} {what}"


def effect_name(effect: LastingEffect) -> str:
    """The spell or SAI that made the effect ("Stone Skin", "Web"), or "Dragon breath"."""
    if effect.spell:
        return effect.spell
    if effect.icon is not None:
        return effect.icon.value
    return "Dragon breath"


def badge_of(state: GameState, effect: LastingEffect) -> Badge:
    """The badge of one lasting effect: what it does · who made it · until when."""
    mods = effect_modifiers(effect)
    does = ", ".join(modifier_words(m) for m in mods) if mods else KIND_SUMMARIES.get(
        effect.kind, effect.kind.replace("_", " "))
    if effect.rolls == "non-maneuver" and mods:
        does += " (non-maneuver rolls)"
    until = f"until {state.players[effect.creator].name}'s turn"
    label = f"{does} · {effect_name(effect)} · {until}"
    return Badge(label, player_text(effect.text))


def effect_place(effect: LastingEffect) -> tuple:
    """Where an effect's badge goes: ("die", id) for a unit, ("terrain", index) for a
    terrain effect (every army there), ("zone", zone, player) for an army or a player's DUA
    (Accelerated Growth); ("player", maker) for an effect on none of these (never dropped)."""
    if effect.die_id is not None:
        return ("die", effect.die_id)
    zone = effect.zone
    if zone is not None and zone.kind is ZoneKind.TERRAIN and effect.player is None:
        return ("terrain", zone.index)
    if zone is not None and effect.player is not None:
        return ("zone", zone, effect.player)
    if zone is None and effect.player is not None:
        return ("zone", Zone(ZoneKind.DUA, effect.player), effect.player)
    if zone is not None:
        return ("zone", zone, zone.index)
    return ("player", effect.creator)  # on nothing at the table: its maker's name plate


def table_badges(state: GameState) -> dict[tuple, tuple[Badge, ...]]:
    """Every lasting effect in force, as badges grouped by where they go (see
    `effect_place`), in the order the effects were made."""
    placed: dict[tuple, list[Badge]] = {}
    for effect in state.effects:
        placed.setdefault(effect_place(effect), []).append(badge_of(state, effect))
    return {place: tuple(badges) for place, badges in placed.items()}
