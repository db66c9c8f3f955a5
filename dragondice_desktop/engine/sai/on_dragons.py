"""SAI effects that act on dragons (seed 000, seed 001; digest §5.4, §5.5, §5.7), the parts
several SAIs share: which dragons of the attack are still open to an effect, asking for one,
Decapitate's and Impale's Jaws sentence and the kill it passes on, and what happens when a White
Dragon is slain. The effects only one SAI has are in its file under ``sai/icons/``: Bash hitting
back a dragon (``bash.py``), the Eldarim champions' tame, slay and control and the Dragonkin
champions' dragon move (``logo.py``), the Dragon Staff's summoning (``summon_dragon.py``).

A dragon killed here counts as killed by the army (it promotes, digest §5.4 step 8); a slain
dragon leaves the game and nobody promotes for it; a White Dragon that is slain rolls, and on
Jaws the slaying unit is buried (seed 000).
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog.model import Icon
from ..tasks.effect_steps import Events, ask, finish, resume
from ..core.events import Event
from ..units.fates import kill
from ..rolls.throwing import Thrower
from ..core.state import GameState
from ..rolls.model import RollType, SaiOutcome
from ..tasks.kinds import EffectTask, PickAsk, picks_of
from .icon_roll import SaiRoll
from .records import SentenceHandler

# Why a sentence about the attacking dragons cannot be applied when the roll is counted on its
# own (the resolve command): the dragons' rolls are not part of it.
NOT_IN_GAME = "the attacking dragons' rolls are not known outside a game's dragon attack"


def attack_open(state: GameState, dragon: int) -> bool:
    """The dragon attacks the army and is not killed or slain yet."""
    attack = state.current_dragon_attack
    return dragon in attack.at_army and dragon not in attack.killed + attack.slain


def _rolled(state: GameState, dragon: int, icon: Icon) -> bool:
    """The dragon showed `icon` in this attack."""
    die = state.dice[dragon].die
    return any(die.faces[f].icon is icon for f in state.current_dragon_attack.faces(dragon))


def rolled_belly(state: GameState, dragon: int) -> bool:
    """The dragon showed its Belly in this attack."""
    return _rolled(state, dragon, Icon.BELLY)


def pick_dragon(state: GameState, task: EffectTask, candidates: list[int], prompt: str,
                events: Events, must: bool) -> tuple[GameState, bool] | None:
    """Ask the army's owner for one of `candidates` (None once answered)."""
    if task.ask is None:
        if not candidates:
            return finish(state, task, f"{task.effect.icon.value}: no dragon it can act on",
                          events)
        question = PickAsk(task.owner, prompt, tuple(candidates),
                           tuple(1 for _ in candidates), max_units=1, maximize=must)
        return ask(state, task, question)
    return resume(state, task)


def run_kill_jaws_dragon(state: GameState, task: EffectTask,
                         events: Events) -> tuple[GameState, bool]:
    """Decapitate / Impale in a dragon attack: kill one dragon that rolled Jaws (seed 001)."""
    name = task.effect.icon.value
    if state.dragon_attack is None:
        return finish(state, task, f"{name}: no dragon attack in progress", events)
    jaws = [d for d in state.current_dragon_attack.at_army
            if attack_open(state, d) and _rolled(state, d, Icon.JAWS)]
    if (waiting := pick_dragon(state, task, jaws, f"{name}: kill one attacking dragon that "
                                                  f"rolled Jaws", events, True)) is not None:
        return waiting
    dragon = picks_of(task)[0]
    attack = state.dragon_attack
    state = state.with_(dragon_attack=replace(attack, killed=attack.killed + (dragon,)))
    return finish(state, task, f"{name}: {state.die_label(dragon)} is killed", events,
                  (dragon,), ((dragon, "killed"),))


def white_slain(state: GameState, dragon: int, unit: int, text: str,
                events: Events) -> tuple[GameState, str]:
    """A White Dragon slain rolls; on Jaws the slaying unit is buried (seed 000)."""
    die = state.dice[dragon].die
    dice = Thrower(state, resume=None, speculate=True)
    face = dice.face(len(die.faces), state.throw(dragon, "as it is slain"))
    assert face is not None  # not yet a resumable step: a face is always given
    state = dice.settled(state)
    events.append(Event("roll", f"{state.die_label(dragon)} rolls as it is slain: "
                                f"{die.faces[face].to_text()}", player=state.dice[dragon].owner))
    if die.faces[face].icon is not Icon.JAWS:
        return state, text
    state = kill(state, unit, events, "the slain White Dragon rolled Jaws (seed 000)",
                 and_bury=True)
    return state, text + f"; it rolled Jaws, so {state.die_label(unit)} is buried"


def jaws_sentence(fallback: RollType) -> SentenceHandler:
    """Decapitate's (`fallback` melee) or Impale's (missile) Dragon Attack sentence: see
    ``jaws_killer``; the dragon is killed by ``run_kill_jaws_dragon`` (``JAWS_RUNNERS``)."""
    def sentence(sai: SaiRoll) -> SaiOutcome:
        return jaws_killer(sai, fallback)
    return sentence


def jaws_killer(sai: SaiRoll, fallback: RollType) -> SaiOutcome:
    """Decapitate / Impale in a dragon attack: kill one dragon that rolled Jaws; if none did,
    three results of the `fallback` type (seed 001)."""
    jaws = sai.ctx.dragon_rolled_jaws
    if jaws is False:
        return sai.generate(fallback, f"{sai.name}: no dragon rolled Jaws, so three "
                                      f"{fallback.value} results (seed 001 {sai.name})", amount=3)
    if jaws:
        return sai.effect("kill_jaws_dragon", f"{sai.name}: kill one attacking dragon that "
                                              f"rolled Jaws (seed 001 {sai.name})", amount=1)
    return sai.unresolved(f"kill one attacking dragon that rolled Jaws; if none did, three "
                          f"{fallback.value} results — {NOT_IN_GAME}")


# The runners of Decapitate's and Impale's effect in a dragon attack.
JAWS_RUNNERS = {"kill_jaws_dragon": run_kill_jaws_dragon}
