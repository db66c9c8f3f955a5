"""Which die moves the legal actions allow, and why a drop elsewhere is refused.

Pure Python (no Qt): the board, the die context menu and the decision panel all ask this
module, so a drag, a menu entry and a button always offer the same moves. Four kinds of
action move a die by hand: reinforce (Reserve Area → a terrain), retreat (a terrain → the
Reserve Area), kill (a damaged army → its owner's DUA) and carry (an item follows the unit
that was moved, to that unit's zone). ``pick <die>`` (units chosen for an SAI) names a die
without moving it: the board offers it as a click.

SAIs that move units of the roller's army (Ferry, Teleport, Firewalking, Vanish, Wayfare)
ask first where to go (``choose <terrain>``), then which units go along (``pick <die>`` ...
``done``). On the board that is one drag: the unit whose SAI it is, with the units going
along (selected, or the whole army by its title), dropped on a terrain, is one request made
of those answers (`effect_group_move`). The engine judges every answer (it plays them in
turn on a copy of the state): one it refuses refuses the whole drop, with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.core.actions import Action, Verb, act
from ..engine.game import IllegalAction, legal_actions, play
from ..engine.core.state import GameState, Step, Zone, ZoneKind
from ..engine.refusals import why_not_move
from ..engine.tasks.kinds import ChooseAsk, EffectTask
from ..player_text import area_name, player_text



def verb_named(value: str) -> Verb | None:
    """The Verb whose text form is `value`, or None if the engine has no such verb. Newer
    verbs are looked up this way so the window keeps working while the engine grows."""
    return next((verb for verb in Verb if verb.value == value), None)


CHOSEN_TIP = "chosen as a casualty: removed with the others once all the damage is assigned"


def chosen_casualties(state: GameState) -> tuple[int, ...]:
    """The units chosen so far as casualties of the damage being assigned, in the order
    chosen: they stay in their army until the whole set is chosen, then go together (the
    engine's record of the damage due, ``DamageDue.marked``). Empty outside a damage step."""
    if state.step is Step.DAMAGE and state.damage:
        return state.damage[0].marked
    return ()


CARRY = verb_named("carry")
PICK = verb_named("pick")
MOVE_VERBS = frozenset(v for v in (Verb.REINFORCE, Verb.RETREAT, Verb.KILL, CARRY) if v)


@dataclass(frozen=True)
class DieMove:
    """One legal move of one die: the action that makes it, where the die lands, a label."""

    action: Action
    die_id: int
    target: Zone
    label: str


# The SAI effects (``sai_effects``' kinds) that move units of the roller's own army, asked
# where to go and then who goes along.
EFFECT_MOVE_KINDS = frozenset({"move_units", "vanish", "wayfare"})


def effect_move_task(state: GameState) -> EffectTask | None:
    """The SAI move waiting to be told where to go (Ferry, Teleport, Firewalking, Vanish,
    Wayfare), or None."""
    if state.step is not Step.SAI_CHOOSE or not state.tasks:
        return None
    task = state.tasks[0]
    if (isinstance(task, EffectTask) and task.effect.kind in EFFECT_MOVE_KINDS
            and task.stage == "where" and isinstance(task.ask, ChooseAsk)):
        return task
    return None


def effect_moves(state: GameState) -> tuple[DieMove, ...]:
    """The drags an SAI move allows now: the unit (or item) whose SAI it is, and the units
    of its army that might go along, to each terrain or Reserve Area it may go to. Whether
    a unit may really go along is the engine's to say when the dice are dropped."""
    task = effect_move_task(state)
    if task is None:
        return ()
    own = task.effect.die_id
    dice = [own] + [u.id for u in state.units_in(task.zone, task.owner) if u.id != own]
    name = task.effect.icon.value
    zones = [z for z in task.ask.options if isinstance(z, Zone)]
    return tuple(DieMove(act(Verb.CHOOSE, zone), die_id, zone,
                         f"{name}: to {state.zone_name(zone)}" if die_id == own else
                         f"Go along with {name} to {state.zone_name(zone)}")
                 for die_id in dice for zone in zones)


def _same_effect(state: GameState, task: EffectTask) -> bool:
    head = state.tasks[0] if state.tasks else None
    return isinstance(head, EffectTask) and head.effect == task.effect


def effect_group_move(state: GameState, die_ids, zone: Zone) -> tuple[tuple[str, ...], str]:
    """The answers that drop dice `die_ids` on `zone` for the SAI move waiting now: the
    destination, a pick for every other die, and ``done`` when more might have gone. Returns
    (action texts, "") or ((), why the drop is refused). The engine plays them in turn on a
    copy of `state`; the first it refuses (a unit that may not go along, more health-worth
    than the SAI moves, a destination it does not offer) refuses the drop, with its reason."""
    task = effect_move_task(state)
    if task is None:
        return (), "No SAI is moving units now"
    name, own = task.effect.icon.value, task.effect.die_id
    die_ids = list(dict.fromkeys(die_ids))
    if own not in die_ids:
        return (), (f"{name} moves the {state.die_label(own)} whose SAI it is: drag it with "
                    f"the units going along")
    choose = act(Verb.CHOOSE, zone).to_text()
    texts = [choose]
    try:
        sim, _ = play(state, choose)
    except IllegalAction:
        places = ", ".join(state.zone_name(z) for z in task.ask.options if isinstance(z, Zone))
        return (), f"{name} moves to {places}, not to {state.zone_name(zone)}"
    asked = ""  # the question of who goes along, as the engine asked it
    for die_id in (d for d in die_ids if d != own):
        if _same_effect(sim, task) and sim.step is Step.SAI_PICK:
            asked = player_text(sim.pending.prompt)
        elif sim.zones[die_id] == zone:
            continue  # the only unit that could go along: the engine sent it already
        else:
            more = f" — {asked}" if asked else f": {name} takes no more units"
            return (), f"{state.die_label(die_id)} cannot go along{more}"
        pick = f"{Verb.PICK.value} {die_id}"
        try:
            sim, _ = play(sim, pick)
        except IllegalAction:
            return (), f"{state.die_label(die_id)} cannot go along — {asked}"
        texts.append(pick)
    if _same_effect(sim, task) and sim.step is Step.SAI_PICK:
        done = act(Verb.DONE)
        if done not in legal_actions(sim):
            return (), f"Drag them together — {player_text(sim.pending.prompt)}"
        texts.append(done.to_text())
    return tuple(texts), ""


def move_of(state: GameState, action: Action) -> DieMove | None:
    """The die move an action makes, or None for actions that move no die by hand."""
    if action.verb is Verb.REINFORCE:
        die_id, zone = action.args
        return DieMove(action, die_id, zone, f"Reinforce to {state.zone_name(zone)}")
    if action.verb is Verb.RETREAT:
        die_id = action.args[0]
        owner = state.dice[die_id].owner
        return DieMove(action, die_id, Zone(ZoneKind.RESERVE, owner), "Retreat to Reserve Area")
    if action.verb is Verb.KILL:
        die_id = action.args[0]
        owner = state.dice[die_id].owner
        return DieMove(action, die_id, Zone(ZoneKind.DUA, owner),
                       f"Send to {area_name('DUA', state.options.ruleset)}")
    if CARRY is not None and action.verb is CARRY:
        item_id, unit_id = action.args
        zone = state.zones[unit_id]
        return DieMove(action, item_id, zone, f"Carry with the {state.dice[unit_id].die.name} "
                                              f"to {state.zone_name(zone)}")
    return None


def die_moves(state: GameState, legal: Iterable[Action], die_id: int) -> tuple[DieMove, ...]:
    """Every legal move of die `die_id`, in the order of `legal` (then an SAI move's)."""
    moves = (move_of(state, a) for a in legal if a.verb in MOVE_VERBS)
    return tuple(m for m in moves if m is not None and m.die_id == die_id) + tuple(
        m for m in effect_moves(state) if m.die_id == die_id)


def movable_dice(state: GameState, legal: Iterable[Action]) -> tuple[int, ...]:
    """Ids of the dice that some legal action moves, in id order."""
    ids = {m.die_id for m in (move_of(state, a) for a in legal if a.verb in MOVE_VERBS) if m}
    ids |= {m.die_id for m in effect_moves(state)}
    return tuple(sorted(ids))


def pickable_dice(legal: Iterable[Action]) -> tuple[int, ...]:
    """Ids of the dice a legal ``pick <die id>`` names (units to choose for an SAI)."""
    if PICK is None:
        return ()
    return tuple(sorted({a.args[0] for a in legal if a.verb is PICK and a.args}))


def refusal(state: GameState, legal: Iterable[Action], die_id: int, zone: Zone) -> str:
    """Why dropping die `die_id` on `zone` is not a legal move now (one sentence that names
    the rule, the engine's: ``engine.refusals.why_not_move``), for the cursor's tooltip and the
    status bar. Returns "" when the die is dropped where it already is."""
    if state.zones[die_id] == zone:
        return ""
    task = effect_move_task(state)
    if task is not None and any(m.die_id == die_id for m in effect_moves(state)):
        places = ", ".join(state.zone_name(z) for z in task.ask.options if isinstance(z, Zone))
        return f"{task.effect.icon.value} moves units to {places}, not to {state.zone_name(zone)}"
    return why_not_move(state, die_id, zone)
