"""What an SAI does in the army's combination melee + missile + save roll answering a dragon
attack (seed 000, seed 001; digest §5.4 step 6): the dispatch that reads each SAI's "Dragon
Attack" sentence from its record.

SAIs whose Applies column lists "Dragon Attack" use that sentence: the results it generates
(the record's ``dragon_attack``) or the SAI's own code (its ``in_dragon_attack``). A dragon
attack is also a non-maneuver roll, so SAIs listing "Non-Maneuver" (Regenerate, Ferry, Cantrip,
the medallions, the Elemental Relic ...) or "Any" without a dragon-attack sentence of their own
work as in any combination roll (the `fallback`). Other SAIs have no effect in a dragon attack.
Sentences that act on the attacking dragons become effects for the game: Decapitate and Impale
kill a dragon that rolled Jaws, Bash hits back a dragon that did damage, the Eldarim champions
tame, slay or control a dragon. Counted outside a game (the resolve command), where the
dragons' rolls are not known, they are reported as Unresolved.
"""

from __future__ import annotations

from ..rolls.model import SaiOutcome
from .builders import dragon_results
from .icon_roll import NO_RULES_TEXT, Handler, SaiRoll, applies_to


def dragon_attack_outcome(sai: SaiRoll, fallback: Handler) -> SaiOutcome:
    """The SAI's Dragon Attack sentence, or `fallback` (the combination-roll reading) for an
    SAI that applies to every non-maneuver roll, or why it does nothing in a dragon attack."""
    record = sai.record
    column = record.applies
    if not column and record.in_dragon_attack is not None:  # the die decides (the logo)
        out = record.in_dragon_attack(sai)
        return fallback(sai) if out is None else out
    if not column:
        return sai.unresolved(NO_RULES_TEXT)
    if "dragon attack" not in column.lower() and not record.any_sentence_in_dragon_attack:
        if applies_to(column, sai.ctx):
            return fallback(sai)
        return sai.ignored(f"{sai.name} has no effect in a dragon attack (seed 000 Applies "
                           f"column: {column})")
    if not applies_to(column, sai.ctx):
        return sai.ignored(f"{sai.name} has no effect in a dragon attack (seed 000 Applies "
                           f"column: {column})")
    if record.dragon_attack is not None:
        return dragon_results(sai, record.dragon_attack.parts, record.dragon_attack.rerolls)
    if record.in_dragon_attack is not None:
        out = record.in_dragon_attack(sai)
        return fallback(sai) if out is None else out
    raise AssertionError(f"{sai.name} lists Dragon Attack but has no sentence in its record")
