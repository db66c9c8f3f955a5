"""Individual rolls: one unit rolling on its own — against an effect that targets it (save or
be killed, maneuver or be killed, roll your ID or be killed ...), after being killed (the
second save roll of Poison, in the DUA), or for an effect (a charmed unit's melee roll).

Rules (digest §4.3, §4.7, §10 #5; seed 000, seed 001; rulings):
- the unit rolls alone, through the same pipeline as army rolls (``rolls.count_roll``) with
  an INDIVIDUAL context: army modifiers and the eighth-face doubling never apply; species
  "counts as" abilities do (digest §6, ``species/counts_as.py``);
- items are never rolled in, or targeted by, individual rolls (seed 001);
- a unit that cannot be rolled (asleep, webbed, netted, hypnotized) shows nothing and so
  fails the roll (rulings: "can't" beats "can"); a stunned unit still rolls when an
  individual-targeting effect forces it (seed 000 Stun);
- an "ID roll" (Slay, Swallow, Seize) only asks whether the unit shows its ID icon; the
  single-element Eldarim champions' logo "is considered to be an ID icon" outside dragon
  attacks and save rolls against individual effects (seed 000), so it counts as one;
- Cantrip in a non-maneuver individual roll gives X magic that buys only Cantrip spells (seed
  000 Cantrip, digest §5.3): the unit's owner casts them with the army the unit rolled in (a
  Reserve army: R spells only), with the unit's elements and species, once the effect that
  made it roll is resolved (rulings) — a ``cantrip`` rule task queued right after the task in
  progress (``spells/casting.py``). In a maneuver roll or in the DUA Cantrip gives nothing.

Pure helpers (``count_unit_roll``, ``shows_id``) are shared with the resolve command.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...catalog.model import Die, Icon
from ..core.events import Event
from ..sai.icon_roll import logo_counts_as_id
from ..sai.lasting import cannot_roll, unit_rolled
from .model import DieRoll, RollChoice, RollContext, RollInput, RollKind, RollResult, RollType
from .pipeline import chain_faces, count_roll
from .throwing import Thrower
from ..species.counts_as import conversions
from ..core.state import GameState, Zone, ZoneKind
from ..tasks.kinds import RuleTask

Events = list[Event]


def shows_id(die: Die, faces: Sequence[int]) -> bool:
    """True if any face shown is the die's ID icon (or counts as one: the single-element
    Eldarim champions' logo, seed 000)."""
    logo_is_id = logo_counts_as_id(die)
    for f in faces:
        icons = [icon for icon, _ in die.faces[f].icons]
        if Icon.ID in icons or (logo_is_id and Icon.LOGO in icons):
            return True
    return False


def unit_context(types: Sequence[RollType], in_dua: bool = False,
                 against_individual: bool = True,
                 save_against: RollType | None = None) -> RollContext:
    """The context of one unit's roll counting `types` (first type first)."""
    types = tuple(types)
    return RollContext(types[0], also=types[1:], kind=RollKind.INDIVIDUAL, in_dua=in_dua,
                       against_individual=against_individual and RollType.SAVE in types,
                       save_against=save_against)


def count_unit_roll(die: Die, die_id: int, faces: Sequence[int], ctx: RollContext,
                    choices: tuple[RollChoice, ...] = ()) -> RollResult:
    """Count one unit's individual roll from the faces it showed (re-rolls included)."""
    return count_roll(RollInput(ctx, (DieRoll(die_id, die, tuple(faces)),), choices=choices))


@dataclass(frozen=True)
class UnitRoll:
    """What one unit's individual roll showed.

    faces: the faces shown (empty when it could not be rolled, with `reason`); result: the
    counted roll (None for an ID roll or when it could not roll); text: one log line.
    """

    die_id: int
    faces: tuple[int, ...]
    result: RollResult | None
    reason: str
    text: str
    rolled_id: bool = False

    def total(self, result_type: RollType) -> int:
        """Results of that type (0 when the unit could not roll)."""
        return self.result.total(result_type) if self.result else 0


def _blocked(state: GameState, die_id: int, forced: bool) -> str:
    return cannot_roll(state, die_id, forced_individual=forced)


def unit_roll(state: GameState, die_id: int, types: Sequence[RollType], events: Events,
              why: str, in_dua: bool = False, against_individual: bool = True,
              forced: bool = True) -> tuple[GameState, UnitRoll]:
    """Roll unit `die_id` alone for `types` (a chance step); returns (state, UnitRoll).

    `why` names the effect in the log; `forced`: an individual-targeting effect makes it roll
    (a stunned unit then rolls). Raises ValueError for an item (seed 001).
    """
    die = state.dice[die_id].die
    if die.kind.is_item:
        raise ValueError(f"{die.key} is an item: items are never rolled in an individual roll")
    label = state.die_label(die_id)
    what = " + ".join(t.value for t in types)
    blocked = _blocked(state, die_id, forced)
    if blocked:
        text = f"{label} cannot be rolled ({blocked}): no {what} result ({why})"
        events.append(Event("roll", text, player=state.dice[die_id].owner))
        return state, UnitRoll(die_id, (), None, blocked, text)
    zone, owner = state.zones[die_id], state.dice[die_id].owner
    ctx = unit_context(types, in_dua=in_dua, against_individual=against_individual)
    ctx = replace(ctx, converts=conversions(state, zone, owner, ctx),
                  cantrip_spells=not in_dua and _in_army(zone) and state.options.since(2))
    if state.options.classic:  # a 1996 game: the unit's icons mean what the 1996 list says;
        # a unit of an army under Galeforce ignores its Fly results alone too (seed 002)
        from ..classic.contexts import fly_ignored

        ctx = replace(ctx, ruleset=state.options.ruleset, **fly_ignored(state, zone, owner))
    throw, dice = state.throw(die_id, f"{what} roll"), Thrower(state, resume=None, speculate=True)
    first = dice.face(len(die.faces), throw)
    assert first is not None  # not yet a resumable step: a face is always given
    faces = chain_faces(die, die_id, (first,), ctx, dice.face, throw=throw)
    assert faces is not None
    state = unit_rolled(dice.settled(state), die_id, events)
    result = count_unit_roll(die, die_id, faces, ctx)
    if state.options.classic:  # a 1996 game: a withered unit rolls lower (seed 002 Wither)
        from ..classic.effect_runners import withered_roll
        state, result = withered_roll(state, result, events)
    shown = " -> ".join(die.faces[f].to_text() for f in faces)
    totals = ", ".join(f"{result.total(t)} {t.value}" for t in types)
    text = f"{label} rolls {what} ({why}): {shown} = {totals}"
    events.append(Event("roll", text, player=owner, roll=result))
    if result.cantrip_magic and ctx.cantrip_spells:
        state = queue_cantrip(state, RuleTask("cantrip", owner, zone, data=(result,),
                                              text=f"{label}: {result.cantrip_magic} magic "
                                                   f"for Cantrip spells"))
    return state, UnitRoll(die_id, faces, result, "", text, shows_id(die, faces))


def _in_army(zone: Zone) -> bool:
    """A unit at a terrain or in its Reserve Area belongs to an army (digest §0)."""
    return zone.kind in (ZoneKind.TERRAIN, ZoneKind.RESERVE)


def queue_cantrip(state: GameState, task: RuleTask) -> GameState:
    """Queue the casting of an individual roll's cantrip magic right after the task in
    progress (the effect that made the unit roll), after the castings queued before it."""
    tasks = state.tasks
    at = 1 if tasks else 0
    while at < len(tasks) and isinstance(queued := tasks[at], RuleTask) and queued.kind == "cantrip":
        at += 1
    return state.with_(tasks=tasks[:at] + (task,) + tasks[at:])


def id_roll(state: GameState, die_id: int, events: Events,
            why: str) -> tuple[GameState, UnitRoll]:
    """Roll unit `die_id` to see whether it shows its ID icon (Slay, Swallow, Seize)."""
    die = state.dice[die_id].die
    if die.kind.is_item:
        raise ValueError(f"{die.key} is an item: items are never rolled in an individual roll")
    label = state.die_label(die_id)
    blocked = _blocked(state, die_id, True)
    if blocked:
        text = f"{label} cannot be rolled ({blocked}): it does not roll its ID ({why})"
        events.append(Event("roll", text, player=state.dice[die_id].owner))
        return state, UnitRoll(die_id, (), None, blocked, text)
    dice = Thrower(state, resume=None, speculate=True)
    face = dice.face(len(die.faces), state.throw(die_id, why))
    assert face is not None  # not yet a resumable step: a face is always given
    state = unit_rolled(dice.settled(state), die_id, events)
    hit = shows_id(die, (face,))
    text = (f"{label} rolls ({why}): {die.faces[face].to_text()} — "
            f"{'its ID' if hit else 'not its ID'}")
    events.append(Event("roll", text, player=state.dice[die_id].owner))
    return state, UnitRoll(die_id, (face,), None, "", text, hit)


def face_roll(state: GameState, die_id: int, icon: Icon, events: Events,
              why: str) -> tuple[GameState, bool]:
    """Roll a unit just to see whether it shows `icon` (Rise from the Ashes, seed 000)."""
    die = state.dice[die_id].die
    dice = Thrower(state, resume=None, speculate=True)
    face = dice.face(len(die.faces), state.throw(die_id, why))
    assert face is not None  # not yet a resumable step: a face is always given
    hit = any(i is icon for i, _ in die.faces[face].icons)
    events.append(Event("roll", f"{state.die_label(die_id)} rolls ({why}): "
                                f"{die.faces[face].to_text()}", player=state.dice[die_id].owner))
    return dice.settled(state), hit
