"""Cloak (seed 000).

The saves it leaves on the army's later rolls are its lasting effect "cloak": what that adds
to the rolls is read here (``_adds_saves``); ``sai/lasting.py`` holds it and ends it.
"""

from __future__ import annotations

from ....catalog.model import Icon
from ....player_text import count_of
from ...core.state import GameState, LastingEffect
from ...rolls.model import Modifier, ModOp, Origin, RollType, SaiOutcome
from ...tasks.effect_steps import Events, finish
from ...tasks.kinds import EffectTask
from ..icon_roll import SaiRoll
from ..lasting import add
from ..records import SaiRecord


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """Magic: X magic. Save: X non-magical saves added to this army until the beginning of
    your next turn — an adding modifier (step 10) on this roll and a lasting effect on later
    ones (seed 000 Cloak)."""
    if sai.roll_type is RollType.MAGIC:
        return sai.generate(RollType.MAGIC, f"Cloak: {sai.results('magic')} (seed 000 Cloak)")
    if sai.roll_type is RollType.SAVE:
        return _lasting_saves(sai)
    return sai.not_applicable()


def _lasting_saves(sai: SaiRoll) -> SaiOutcome:
    """Cloak in a save roll, and in a dragon attack: X non-magical saves added to this army, an
    adding modifier (step 10) on this roll and a lasting effect on later ones (seed 000)."""
    return (sai.generate(RollType.SAVE, f"Cloak: {sai.x} non-magical save results added to "
                                        f"the army (an adding modifier, seed 000 Cloak)",
                         origin=Origin.AUTOMATIC)
            + sai.effect("cloak", f"Cloak: the army keeps {sai.x} extra save results until "
                                  f"the beginning of your next turn (seed 000 Cloak)"))


def _individual(sai: SaiRoll) -> SaiOutcome:
    """Cloak's sentence for individual rolls: X results of the type rolled, in a roll for an
    individual-targeting effect (seed 000 Cloak)."""
    rt = sai.roll_type
    return sai.generate(rt, f"Cloak: {sai.results(rt)} in a roll for an "
                            f"individual-targeting effect (seed 000 Cloak)")


def _run_cloak(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Cloak: X non-magical saves on the unit's army until the beginning of your next turn
    (this roll already counted them, seed 000 Cloak)."""
    zone, x = task.zone, task.effect.amount
    text = (f"Cloak: {state.players[task.owner].name}'s {state.army_name(zone, task.owner)} at "
            f"{state.zone_name(zone)} adds {count_of(x, 'save result')} to its save rolls "
            f"until the beginning of {state.players[task.owner].name}'s next turn")
    state = add(state, LastingEffect(task.owner, Icon.CLOAK, "cloak", text, player=task.owner,
                                     zone=zone, amount=x, source_die=task.effect.die_id), events)
    return finish(state, task, text, events)


def _adds_saves(effect: LastingEffect) -> tuple[Modifier, ...]:
    """While Cloak lasts, the army adds X save results to its save rolls."""
    return (Modifier(ModOp.ADD, effect.amount, effect.text, types=(RollType.SAVE,),
                     icon=effect.icon),)


RECORDS: dict[Icon, SaiRecord] = {
    Icon.CLOAK: SaiRecord(
        applies='Dragon Attack, Individual, Magic, Save',
        summary=('Adds X lasting saves to its army; X magic in a magic action; any X results '
                 'against an individual effect.'),
        in_roll=_in_roll,
        individual=_individual,
        in_dragon_attack=_lasting_saves,
        runners={"cloak": _run_cloak},
        lasting=("cloak", _adds_saves),
    ),
}
