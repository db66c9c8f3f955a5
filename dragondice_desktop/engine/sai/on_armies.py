"""SAI effects that last on an opposing army "until the beginning of your next turn" (seed 000):
the runner Frost Breath, Wither and Galeforce share, each with its own kind, words and reach
from its file under ``sai/icons/``. The lasting effects themselves (what each kind does to the
army's rolls, when they end) are ``sai/lasting.py``.
"""

from __future__ import annotations

from ..core.state import GameState, LastingEffect, Zone, ZoneKind
from ..tasks.effect_steps import ask, Events, finish, resume, Runner
from ..tasks.kinds import ChooseAsk, EffectTask, zone_answer
from .lasting import add, has_dividing


def lasting_on_army(kind: str, does: str, anywhere: bool = False) -> Runner:
    """The effect of Frost Breath ("halve"), Wither ("subtract_all") and Galeforce
    ("galeforce"): the roller picks an opposing army at this terrain (`anywhere`: at any
    terrain), which is affected until the beginning of the roller's next turn — the lasting
    effect of `kind` (``sai/lasting.py`` turns it into the army's roll modifiers). `does` says
    what the army does, in players' words ("{amount}" stands for the effect's amount). An army
    an SAI already halves cannot be halved again (seed 000 Targeting)."""

    def run(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
        icon = task.effect.icon
        if task.stage == "start":
            zones = ([Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))]
                     if anywhere else [task.zone])
            options = tuple((z, p) for z in zones for p in range(state.player_count)
                            if p != task.owner and state.has_army(z, p)
                            and not (kind == "halve" and has_dividing(state, z, p)))
            if not options:
                reason = ("no opposing army it may target (an army already halved by an SAI "
                          "cannot be halved again, seed 000 Targeting)" if kind == "halve"
                          else "no opposing army to target")
                return finish(state, task, f"{icon.value}: {reason}", events)
            question = ChooseAsk(task.owner, f"{icon.value}: choose the opposing army",
                                 tuple(z for z, _ in options), options[0][0])
            return ask(state, task, question, stage="pick", data=options)
        if (waiting := resume(state, task)) is not None:
            return waiting
        zone = zone_answer(task)
        player = next(p for z, p in task.data if z == zone)
        what = does.format(amount=task.effect.amount)
        text = (f"{icon.value}: {state.players[player].name}'s {state.army_name(zone, player)} at "
                f"{state.zone_name(zone)} {what} until the beginning of "
                f"{state.players[task.owner].name}'s next turn")
        state = add(state, LastingEffect(task.owner, icon, kind, text, player=player, zone=zone,
                                         amount=task.effect.amount,
                                         source_die=task.effect.die_id), events)
        return finish(state, task, text, events)

    return run
