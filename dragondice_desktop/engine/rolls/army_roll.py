"""An army roll in play, step by step (digest §4.2), as a ``RollTask`` that may wait for the
players:

1. roll every die that can roll (``flow.rolling_dice``: units that are not asleep, webbed,
   netted, stunned, hypnotized or charmed; items with a rolled unit able to carry them),
   thrown by ``throwing.throw_dice``: in a manual-dice game the task waits at this stage
   for each face and resumes here;
2. in a save roll against an attack, apply the attacker's delayed effects: Hypnotic Glare
   (every unit showing its ID is hypnotized), Choke (up to X health-worth of units showing
   their ID are killed), Decapitate / Impale (one unit showing its ID is killed), Confuse (up
   to X health-worth of units are rolled again, ignoring the earlier result) — the attacker
   picks; the units killed this way, and the hypnotized, do not count;
   then Vortex (seed 003): the army holding a Vortex eighth face may re-roll one unit in a
   non-maneuver roll, before the re-roll step ("step 2" in seed 003 is the re-roll step); and
   Flashfire (digest §7): an army under it may re-roll one unit per casting in a non-maneuver
   army roll; and Rapid Growth (digest §6): counter-maneuvering at an earth terrain, the
   Treefolk that rolled no SAI may be re-rolled all together;
3. re-rolls: each die's chain of Rend, Tail, Bullseye ... is rolled out;
4. the roller's choices (Regenerate, Wild Growth, Wayfare, Bash's target, ID results in a
   combination roll ...) are asked, the roll counted again after each;
then the roll is counted (steps 5-10, ``rolls.count_roll``), logged, kept in the march, and
its SAI effects are queued (``sai/effects.follow_ups``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.rule_homes import eighth_face_power
from ..species.registry import Hook, on
from ...catalog.model import Icon, Species
from ..core.events import Event
from ..units.fates import kill
from ..turn.flow import controls_eighth_face, log_roll, rolling_dice
from .individual_roll import shows_id
from ..sai.lasting import add, army_modifiers, on_army
from .model import (
    Applied, DieRoll, Effect, RollChoice, RollContext, RollInput, RollResult, RollType,
)
from .pipeline import chain_faces, count_roll, roll_note
from .throwing import Thrower, throw_dice
from ..sai.icon_roll import relic_element
from ..sai.effects import follow_ups
from ..classic.effect_runners import classic_counted
from ..spells import cantrip_tasks
from ..core.state import GameState, LastingEffect, Zone, ZoneKind
from ..tasks.queue_ops import (
    answered, pop_head, record_applied, replace_head, settle_ask, store_result, wait_on,
)
from ..tasks.kinds import Ask, ChooseAsk, PickAsk, RollTask, answer_of, picks_of

Events = list[Event]


def attack_purpose(purpose: str) -> str:
    """The attack roll a save roll answers ("save" answers "attack")."""
    return "counter-attack" if purpose == "counter-save" else "attack"


def _ask(state: GameState, task: RollTask, ask: Ask, **changes: Any) -> tuple[GameState, bool]:
    ask = settle_ask(ask)
    task = replace(task, ask=ask, **changes)
    state = replace_head(state, task)
    if answered(ask):
        return state, False
    return wait_on(state, ask), True


def _units_showing_id(state: GameState, task: RollTask) -> list[DieRoll]:
    return [d for d in task.rolled.dice if not d.excluded and d.die.kind.is_unit
            and shows_id(d.die, d.faces[:1])]


def _rerolled(state: GameState, inp: RollInput, die_ids: tuple[int, ...],
              why: str) -> tuple[GameState, RollInput | None]:
    """Roll the dice `die_ids` again, each ignoring its previous result (Confuse, Vortex,
    Flashfire, Rapid Growth, the Elemental Relic): (state, the roll with their new faces), or
    (the state waiting for a face, None) in a manual-dice game (``throwing.throw_dice``; the
    stage asking resumes when it is given)."""
    note = f"{roll_note(inp.ctx)}, rolled again"
    state, faces = throw_dice(state, [(len(inp.die(i).die.faces), state.throw(i, note))
                                      for i in die_ids])
    if faces is None:
        return state, None
    for die_id, face in zip(die_ids, faces):
        old = inp.die(die_id)
        inp = inp.replace_die(replace(old, faces=(face,), replaced=old.replaced + (old.faces,),
                                      notes=old.notes + (why,)))
    return state, inp


def _exclude(inp: RollInput, die_id: int, why: str) -> RollInput:
    return inp.replace_die(replace(inp.die(die_id), excluded=why))


def _delayed(state: GameState, task: RollTask, events: Events) -> tuple[GameState, bool]:
    """Step 2: the first delayed effect still to apply (seed 000 Choke, Confuse, Hypnotic
    Glare; seed 001 Decapitate, Impale)."""
    (effect, owner), rest = task.delayed[0], task.delayed[1:]
    icon, x = effect.icon, effect.amount
    inp = task.rolled
    if icon is Icon.HYPNOTIC_GLARE:
        hit = _units_showing_id(state, task)
        for d in hit:
            inp = _exclude(inp, d.die_id, "hypnotized by Hypnotic Glare: its results do not "
                                          "count")
            text = (f"{state.die_label(d.die_id)} is hypnotized by Hypnotic Glare until the "
                    f"beginning of {state.players[owner].name}'s next turn")
            state = add(state, LastingEffect(owner, icon, "hypnotized", text, die_id=d.die_id,
                                             source_die=effect.die_id), events)
        names = ", ".join(state.die_label(d.die_id) for d in hit) or "no unit"
        return _delayed_done(state, task, inp, rest, effect, owner,
                             f"Hypnotic Glare: {names} hypnotized", tuple(d.die_id for d in hit),
                             events)
    budget: int | None
    most: int | None
    if task.ask is None:
        if icon is Icon.CONFUSE:
            candidates = [d for d in inp.dice if not d.excluded and d.die.kind.is_unit]
            prompt = f"Confuse: re-roll up to {x} health-worth of the defending units"
            budget, most = x, None
        else:
            candidates = _units_showing_id(state, task)
            one = icon in (Icon.DECAPITATE, Icon.IMPALE)
            budget, most = (None, 1) if one else (x, None)
            what = "one unit" if one else f"up to {x} health-worth of units"
            prompt = f"{icon.value}: kill {what} that rolled their ID"
        if not candidates:
            return _delayed_done(state, task, inp, rest, effect, owner,
                                 f"{icon.value}: no unit to target", (), events)
        ask = PickAsk(owner, prompt, tuple(d.die_id for d in candidates),
                      tuple(d.die.health for d in candidates), budget=budget, max_units=most,
                      maximize=True)
        return _ask(state, task, ask)
    if not answered(task.ask):
        return _ask(state, task, task.ask)
    picked = picks_of(task)
    if icon is Icon.CONFUSE:
        state, again = _rerolled(state, inp, picked, "rolled again by Confuse, ignoring the "
                                                     "earlier result (seed 000)")
        if again is None:  # waiting for a face (manual dice): this stage resumes
            return state, True
        inp, words = again, "re-rolled"
    else:
        for die_id in picked:
            inp = _exclude(inp, die_id, f"killed by {icon.value} after rolling its ID: its "
                                        f"results do not count")
            state = kill(state, die_id, events, f"{icon.value}, seed 000/001")
        words = "killed"
    names = ", ".join(state.die_label(i) for i in picked) or "no unit"
    return _delayed_done(state, task, inp, rest, effect, owner,
                         f"{icon.value}: {names} {words}", picked, events)


def _delayed_done(state: GameState, task: RollTask, inp: RollInput,
                  rest: tuple[tuple[Effect, int], ...], effect: Effect, owner: int,
                  text: str, targets: tuple[int, ...], events: Events) -> tuple[GameState, bool]:
    state = record_applied(state, attack_purpose(task.purpose), effect.die_id,
                           Applied(effect.icon, text, targets), events, owner)
    inp = replace(inp, step2=inp.step2 + (text,))
    state = replace_head(state, replace(task, inp=inp, delayed=rest, ask=None))
    return state, False


def _vortex_applies(state: GameState, task: RollTask) -> bool:
    """Seed 003 Vortex: the army holding a Vortex eighth face, in a non-maneuver army roll
    there."""
    zone = task.zone
    return (zone.kind is ZoneKind.TERRAIN
            and controls_eighth_face(state, zone, task.player)
            and vortex_applies(state.terrains[zone.index].die.eighth_face, task.ctx))


@eighth_face_power(Icon.VORTEX,
                   "re-roll one unit in non-maneuver rolls (seed 003)")
def vortex_applies(power: Icon | None, ctx: RollContext) -> bool:
    """True when an army holding an eighth face of power `power` may re-roll one unit in the
    roll `ctx` there (seed 003 Vortex: non-maneuver rolls)."""
    return power is Icon.VORTEX and not ctx.is_maneuver_roll


def _vortex(state: GameState, task: RollTask, events: Events) -> tuple[GameState, bool]:
    if task.ask is None:
        units = [d for d in task.rolled.dice if not d.excluded and d.die.kind.is_unit]
        if not units:
            return replace_head(state, replace(task, stage="flashfire")), False
        ask = PickAsk(task.player, "Vortex: you may re-roll one unit, ignoring its result",
                      tuple(d.die_id for d in units), tuple(1 for _ in units), max_units=1)
        return _ask(state, task, ask)
    if not answered(task.ask):
        return _ask(state, task, task.ask)
    state, inp = _rerolled(state, task.rolled, picks_of(task), "rolled again by the Vortex, "
                                                              "ignoring the earlier result "
                                                              "(seed 003)")
    if inp is None:  # waiting for a face (manual dice): this stage resumes
        return state, True
    for die_id in picks_of(task):
        events.append(Event("sai", f"Vortex: {state.die_label(die_id)} is rolled again",
                            player=task.player))
    return replace_head(state, replace(task, inp=inp, ask=None, stage="flashfire")), False


def _flashfire(state: GameState, task: RollTask, events: Events) -> tuple[GameState, bool]:
    """Flashfire (digest §7): in a non-maneuver army roll, the owner may re-roll one unit
    once per casting in force on the army."""
    left = task.flashfire
    if left is None:
        left = 0 if task.ctx.is_maneuver_roll else sum(
            e.amount for e in on_army(state, task.zone, task.player) if e.kind == "flashfire")
    inp = task.rolled
    if task.ask is not None:
        if not answered(task.ask):
            return _ask(state, task, task.ask)
        state, again = _rerolled(state, inp, picks_of(task), "rolled again by Flashfire, "
                                                             "ignoring the earlier result "
                                                             "(spell)")
        if again is None:  # waiting for a face (manual dice): this stage resumes
            return state, True
        inp = again
        for die_id in picks_of(task):
            events.append(Event("sai", f"Flashfire: {state.die_label(die_id)} is rolled again",
                                player=task.player))
        left = left - 1 if picks_of(task) else 0
    units = [d for d in inp.dice if not d.excluded and d.die.kind.is_unit]
    task = replace(task, inp=inp, ask=None, flashfire=left)
    if left <= 0 or not units:
        return replace_head(state, replace(task, stage="growth")), False
    ask = PickAsk(task.player, f"Flashfire: you may re-roll one unit ({left} left)",
                  tuple(d.die_id for d in units), tuple(1 for _ in units), max_units=1)
    return _ask(state, task, ask)


def _rerolls(state: GameState, task: RollTask) -> tuple[GameState, bool]:
    """Step 3: roll out every counted die's re-roll chain (thrown by a ``Thrower``: in a
    manual-dice game the stage waits for each face and resumes). A die that left the army
    before its results are used (an item buried when Choke killed its carrier) contributes
    nothing (digest §4.2)."""
    inp, dice = task.rolled, Thrower(state)
    note = roll_note(inp.ctx)
    for d in inp.dice:
        if not d.excluded and state.zones[d.die_id] != task.zone:
            inp = _exclude(inp, d.die_id, "it left the army before its results were used "
                                          "(digest §4.2)")
            continue
        if d.excluded:
            continue
        chain = chain_faces(d.die, d.die_id, d.faces, inp.ctx, dice.face, inp.choices,
                            throw=state.throw(d.die_id, note))
        if chain is None:  # waiting for a face (manual dice): this stage resumes
            assert dice.waiting is not None
            return dice.waiting, True
        if chain != d.faces:  # most dice roll no re-roll icon: their entry stays as it is
            inp = inp.replace_die(replace(d, faces=chain))
    return replace_head(dice.settled(state), replace(task, inp=inp, stage="choices")), False


def _choices(state: GameState, task: RollTask,
             events: Events) -> tuple[GameState, bool] | RollResult:
    """Step 4: ask the roller each open choice; returns the final count when none is left."""
    if task.ask is not None:
        if not answered(task.ask):
            return _ask(state, task, task.ask)
        point, inp = task.ask_point, task.rolled
        assert point is not None  # the question answers this choice point
        if point.kind == "reroll":
            state, again = _rerolled(state, inp, picks_of(task), "rolled again by the "
                                                                 "Elemental Relic, ignoring "
                                                                 "the earlier result (seed 001)")
            if again is None:  # waiting for a face (manual dice): this stage resumes
                return state, True
            inp = again
            assert isinstance(task.ask, PickAsk)  # a re-roll choice is a pick
            value = str(task.ask.spent())
        elif isinstance(task.ask, PickAsk):
            value = str(picks_of(task)[0])
        else:
            value = str(task.ask.answer)
        inp = inp.with_choice(RollChoice(point.die_id, point.icon, value))
        return replace_head(state, replace(task, inp=inp, ask=None, ask_point=None,
                                           stage="rerolls")), False
    result = count_roll(task.rolled)
    if not result.open_choices:
        return result
    point = result.open_choices[0]
    assert result.context is not None  # count_roll keeps the context
    totals = ", ".join(f"{result.total(t)} {t.value}" for t in result.context.counted)
    prompt = f"{point.prompt} (the roll counts {totals} so far)"
    if point.kind == "unit":
        ids = tuple(int(v) for v in point.options)
        # Elevate's unit: the one that gains most is offered as the default (rulings)
        default = (int(point.default) if point.icon is Icon.ELEVATE
                   and point.default.isdigit() else None)
        ask: Ask = PickAsk(task.player, prompt, ids, tuple(1 for _ in ids), max_units=1,
                           maximize=True, default=default)
    elif point.kind == "reroll":
        units = relic_matches(task.rolled, point.die_id)
        ask = PickAsk(task.player, prompt, tuple(d.die_id for d in units),
                      tuple(d.die.health for d in units), budget=int(point.options[0]))
    else:
        ask = ChooseAsk(task.player, prompt, point.options, point.default)
    return _ask(state, task, ask, ask_point=point)


def relic_matches(inp: RollInput, relic_id: int) -> list[DieRoll]:
    """Rolled units that contain the element the Elemental Relic `relic_id` shows (the logo:
    every unit, ivory included; seed 001)."""
    relic = inp.die(relic_id)
    element = relic_element(relic.die.faces[relic.faces[-1]].icons[0][0])
    return [d for d in inp.dice if not d.excluded and d.die.kind.is_unit
            and (element is None or element in d.die.elements)]


def left_out(state: GameState, zone: Zone, player: int,
             ctx: RollContext) -> tuple[tuple[int, str], ...]:
    """(die id, why) of the units of `player`'s army at `zone` that take no part in its roll
    `ctx` besides those ``flow.rolling_dice`` leaves out: Dragonkin in a magic or missile roll
    (digest §5.6) and the units the Mire holds back in the marching army's rolls (digest §7).
    The odds ask this too, so they roll the dice play rolls."""
    return _mired(state, zone, player) + _dragonkin(state, zone, player, ctx)


def _dragonkin(state: GameState, zone: Zone, player: int,
               ctx: RollContext) -> tuple[tuple[int, str], ...]:
    """Dragonkin never roll for magic or missile (digest §5.6)."""
    if ctx.is_combination or ctx.roll_type not in (RollType.MAGIC, RollType.MISSILE):
        return ()
    return tuple((u.id, "Dragonkin never roll for magic or missile (digest §5.6)")
                 for u in state.units_in(zone, player)
                 if u.die.species is Species.DRAGONKIN)


def _mired(state: GameState, zone: Zone, player: int) -> tuple[tuple[int, str], ...]:
    """The marching army's units that take no part in its march's rolls (Mire, digest §7)."""
    march = state.march
    if march is None or player != state.turn_player or zone != march.zone:
        return ()
    return tuple((i, "held back by the Mire: it takes no part in this march (digest §7)")
                 for i in march.mired)


def _rapid_growth(state: GameState, task: RollTask, events: Events) -> tuple[GameState, bool]:
    """The species abilities in the roll's steps (Rapid Growth, digest §6): the dice they
    name may be re-rolled once, all together, ignoring their results."""
    entry = next((e for e in on(Hook.IN_ROLL_STEPS, state) if e.run(state, task)), None)
    if entry is None:
        return replace_head(state, replace(task, stage="rerolls")), False
    growers = entry.run(state, task)
    species = entry.species.value
    if task.ask is None:
        ask = ChooseAsk(task.player, f"{entry.name}: re-roll your {len(growers)} {species} "
                                     f"that rolled no SAI, all together?", ("re-roll", "keep"),
                        "keep")
        return _ask(state, task, ask)
    if not answered(task.ask):
        return _ask(state, task, task.ask)
    inp = task.rolled
    if answer_of(task) == "re-roll":
        state, again = _rerolled(state, inp, tuple(d.die_id for d in growers),
                                 f"rolled again by {entry.name}, ignoring the earlier result "
                                 f"({entry.source})")
        if again is None:  # waiting for a face (manual dice): this stage resumes
            return state, True
        inp = again
        events.append(Event("sai", f"{entry.name}: {len(growers)} {species} rolled again",
                            player=task.player))
    return replace_head(state, replace(task, inp=inp, ask=None, stage="rerolls")), False


def run_roll(state: GameState, task: RollTask, events: Events) -> tuple[GameState, bool]:
    """Advance a roll task; returns (state, waiting for a player)."""
    if task.stage == "roll":
        if not state.has_army(task.zone, task.player):
            events.append(Event("message", f"{state.players[task.player].name} has no army "
                                           f"there any more: no {task.purpose} roll"))
            return pop_head(state), False
        dice, notes = rolling_dice(state, task.zone, task.player,
                                   task.exclude + left_out(state, task.zone, task.player, task.ctx))
        note = roll_note(task.ctx)
        state, faces = throw_dice(state, [(len(die.faces), state.throw(die_id, note))
                                          for die_id, die in dice])
        if faces is None:  # a manual-dice game waits for a face: this stage resumes then
            return state, True
        for text in notes:
            events.append(Event("message", text, player=task.player))
        rolled = [DieRoll(die_id, die, (face,)) for (die_id, die), face in zip(dice, faces)]
        mods = task.modifiers + army_modifiers(state, task.zone, task.player, task.ctx)
        inp = RollInput(task.ctx, tuple(rolled), mods)
        stage = "delayed" if task.delayed else "vortex"
        return replace_head(state, replace(task, inp=inp, stage=stage)), False
    if task.stage == "delayed":
        if not task.delayed:
            return replace_head(state, replace(task, stage="vortex")), False
        return _delayed(state, task, events)
    if task.stage == "vortex":
        if not _vortex_applies(state, task):
            return replace_head(state, replace(task, stage="flashfire")), False
        return _vortex(state, task, events)
    if task.stage == "flashfire":
        return _flashfire(state, task, events)
    if task.stage == "growth":
        return _rapid_growth(state, task, events)
    if task.stage == "rerolls":
        return _rerolls(state, task)
    outcome = _choices(state, task, events)
    if isinstance(outcome, tuple):
        return outcome
    return finish_roll(state, task, outcome, events), False


def finish_roll(state: GameState, task: RollTask, result: RollResult,
                events: Events) -> GameState:
    """Log the counted roll, keep it in the march (or dragon attack) and queue its SAI
    effects; cantrip-only magic first buys Cantrip spells, which resolve at once (digest
    §5.3)."""
    wave: Events = []  # Wave's own roll, logged after the army's roll it answers
    if state.options.classic:  # a 1996 game: Wither, Wave's own roll (seed 002)
        state, result = classic_counted(state, task.zone, task.player, result, events, wave)
    log_roll(state, task.zone, task.player, result, events)
    events.extend(wave)
    state = store_result(state, task.purpose, result)
    cantrips = cantrip_tasks(state, task.player, task.zone, result) if result.cantrip_magic \
        else []
    return pop_head(state, cantrips + follow_ups(task, result))
