"""The rolls of a march and what follows each (digest §3.5, §5.1-5.3; seed 000): which
actions an army may take, the opposed maneuver, melee attacks with saves, damage and the
counter-attack, missile attacks, magic. Each roll is a ``RollTask``; what the march does once a
roll and its SAI effects are resolved is a ``StepTask`` run here.

SAI effects that change the exchange itself are read from the attack roll here:
- Screech, Howl, Wave (melee): the defending army subtracts X save results (step 6);
- Choke, Confuse, Decapitate, Impale, Hypnotic Glare: step 2 of the defender's save roll;
- Surprise: no counter-attack; Charge: the defender makes a combination save and melee roll
  instead of its save roll and counter-attack, and its melee results damage the attacker (only
  spell saves reduce them: no save roll);
- Counter (save against melee), Volley (save against missile): X damage to the attacking army
  with no save roll (only spell saves could reduce it);
- Wave (maneuver): each counter-maneuvering army subtracts X maneuver results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dataclasses import replace

from ...player_text import count_of
from ..core.rule_homes import eighth_face_power
from ...catalog.model import Icon, Species
from ..tasks.effect_steps import ask, resume, units_pick
from ..core.events import Event
from .flow import army_context, end_march, holds_power, wait
from ..core.house_rules import CLASSIC_CHARGER_SAVES, NO_COUNTER_AFTER_NOTHING
from ..sai.lasting import has_effect, protected_from, spell_saves, zone_amount
from ..terrains.minor import minor_action
from ..species.registry import Hook, add_up, any_of, collect, find
from ..classic.melee_forms import (
    CHARGE_COUNTS, NO_RETURN_ATTACKS, amazon_eighth_face_missiles, amazon_missiles, is_charge,
    maneuver_doubling, melee_form, with_melee_forms,
)
from ..classic.magic import BLACK_MAGIC, black_magic
from ..classic.rout import rout_step
from ..classic.effect_runners import illusion_rolls
from ..spells import magic_action_tasks
from ..rolls.model import Applied, Modifier, ModOp, RollResult, RollType
from ..core.state import DamageDue, Exchange, GameState, Step, Zone, ZoneKind
from ..tasks.queue_ops import pop_head, push_front, record_applied
from ..tasks.kinds import PickAsk, RollTask, RuleTask, StepTask, Task, picks_of

Events = list[Event]

ACTION_NAMES = {Icon.MELEE: "melee", Icon.MISSILE: "missile", Icon.MAGIC: "magic"}


# --- whose armies are where ---------------------------------------------------------------

def opponents_at(state: GameState, zone: Zone, player: int) -> list[int]:
    """Opponents of `player` with an army at `zone`, in seat order."""
    return [p for p in range(state.player_count) if p != player and state.has_army(zone, p)]


@eighth_face_power(Icon.TOWER,
                   "missile attacks on any opposing army; against Reserve armies only non-ID "
                   "results count (digest §8)")
def missile_targets(state: GameState, zone: Zone, player: int) -> list[Zone]:
    """Opposing armies a missile attack from `zone` may target (digest §5.2): any opposing
    army at a terrain, except that from a Home Terrain an army at another Home Terrain cannot
    be targeted, and never a Reserve army — unless the attacking army holds a Tower there:
    then any opposing army, Reserve armies included (digest §8); never an army under an
    opponent's Illusion (seed 000 Illusion)."""
    tower = holds_power(state, zone, player, Icon.TOWER)
    from_home = state.terrains[zone.index].home
    places = [Zone(ZoneKind.TERRAIN, i) for i in range(len(state.terrains))]
    if tower:
        places += [Zone(ZoneKind.RESERVE, p) for p in range(state.player_count) if p != player]
    targets = []
    for target in places:
        if (not tower and from_home and target != zone
                and state.terrains[target.index].home):
            continue
        if any(not protected_from(state, target, p, player)
               for p in opponents_at(state, target, player)):
            targets.append(target)
    return targets


def shootable(state: GameState, zone: Zone, player: int) -> list[int]:
    """Opponents whose army at `zone` `player`'s missiles may target there (not under their
    Illusion)."""
    return [p for p in opponents_at(state, zone, player)
            if not protected_from(state, zone, p, player)]


def allowed_actions(state: GameState, zone: Zone, player: int) -> list[str]:
    """Actions the army at `zone` may take (digest §3.5 table), its minor terrain's action
    face included, keeping only those with a legal target: melee needs an opposing army there,
    missile a target army in range. A Reserve army may only take a magic action."""
    if zone.kind is ZoneKind.RESERVE:
        return ["magic"]
    terrain = state.terrains[zone.index]
    if terrain.face == 8:
        options = (["melee", "missile", "magic"] if terrain.controller == player else ["melee"])
    else:
        options = [ACTION_NAMES[terrain.action_icon]]
    extra = minor_action(state, zone, player)  # a minor terrain's action face (digest §1.6)
    if extra and extra not in options:
        options.append(extra)
    if not opponents_at(state, zone, player) and "melee" in options:
        options.remove("melee")
    if not missile_targets(state, zone, player) and "missile" in options:
        options.remove("missile")
    if state.options.classic:  # the 1996 melee is a skirmish or a charge (OP-8)
        options = with_melee_forms(options)
    return options


def to_action_step(state: GameState) -> GameState:
    """Wait for the marching army's action (or for the end of the march)."""
    zone, player = state.current_march.zone, state.turn_player
    if not state.has_army(zone, player):
        return wait(state, player, Step.ACTION, "The marching army is gone: end the march")
    if not allowed_actions(state, zone, player):
        return wait(state, player, Step.ACTION, "No action is possible here: end the march")
    return wait(state, player, Step.ACTION, "Choose the action (or none)")


# --- starting the rolls -----------------------------------------------------------------------

def start_maneuver(state: GameState, events: Events) -> GameState:
    """Both sides roll for maneuver, the marcher first (digest §3.5, §4.1)."""
    zone, player = state.current_march.zone, state.turn_player
    doubling = maneuver_doubling(state, zone, player) if state.options.classic else ()
    roll = RollTask("maneuver", player, zone, army_context(state, zone, player, RollType.MANEUVER),
                    modifiers=doubling)
    return push_front(state, [roll, StepTask("counter_maneuver")])


def start_melee(state: GameState, counter_attack: bool, events: Events,
                defender: int | None = None) -> GameState:
    """A melee attack on `defender`'s army at the marching army's terrain (the only opposing
    army there when not given), or the attacked army's counter-attack (digest §5.1) — first
    held back by Foul Stench when the attacking army holds Goblins (digest §6)."""
    zone, marcher = state.current_march.zone, state.turn_player
    if counter_attack:
        attacker, target = state.current_march.current_attack.defender, marcher
        if foul_stench(state, zone, marcher):  # the defender picks (``abilities/goblins.py``)
            pick = find(Species.GOBLINS, "Foul Stench").task
            return push_front(state, [RuleTask(pick, attacker, zone)])
    else:
        attacker = marcher
        target = defender if defender is not None else opponents_at(state, zone, marcher)[0]
    return melee_roll(state, attacker, target, zone, counter_attack, (), events)


def melee_roll(state: GameState, attacker: int, target: int, zone: Zone,
               counter_attack: bool, exclude: tuple[tuple[int, str], ...],
               events: Events) -> GameState:
    """The melee attack or counter-attack roll of `attacker`'s army at `zone` on `target`'s;
    `exclude`: (die id, why) of units that may not take part."""
    exchange = Exchange("melee", attacker, zone, target, zone, counter_attack=counter_attack)
    state = state.with_(march=replace(state.current_march, exchange=exchange, target=zone,
                                      counter_attacked=counter_attack))
    label = "counter-attacks" if counter_attack else "attacks"
    events.append(Event("message", f"{state.players[attacker].name} {label} in melee",
                        player=attacker))
    purpose = "counter-attack" if counter_attack else "attack"
    classic: dict[str, Any] = {}
    if state.options.classic:  # the 1996 skirmish or charge (``classic.melee_forms``)
        classic["melee_form"] = melee_form(state)
        if is_charge(state) and not counter_attack:
            classic["counts_as"] = CHARGE_COUNTS
            events.append(Event("message", f"{state.players[attacker].name} charges: "
                                           f"maneuver results count as melee", player=attacker))
    ctx = army_context(state, zone, attacker, RollType.MELEE, counter_attack=counter_attack,
                       converts=() if counter_attack else march_converts(state, RollType.MELEE),
                       **classic)
    return push_front(state, [RollTask(purpose, attacker, zone, ctx, exclude=exclude),
                              StepTask("after_attack")])


def foul_stench(state: GameState, zone: Zone, attacker: int) -> int:
    """How many units of the army `attacker`'s army at `zone` attacks in melee may not
    counter-attack: the abilities on the before-counter-attack hook (Foul Stench, digest
    §6)."""
    return add_up(Hook.BEFORE_COUNTER_ATTACK, state, zone, attacker)


def march_converts(state: GameState, roll_type: RollType
                   ) -> tuple[tuple[Species, RollType, RollType, str], ...]:
    """What the marching army's units count as in its `roll_type` attack this march: the
    abilities on the in-march hook (Amazons' Javelin and Kukri Charges, digest §6)."""
    return tuple(collect(Hook.IN_MARCH, state, roll_type))


def start_missile(state: GameState, target_zone: Zone, events: Events,
                  target: int | None = None) -> GameState:
    """A missile attack at `target`'s army at `target_zone` (the only army it may shoot
    there when not given): roll, the target saves, damage; no counter-attack but a Defensive
    Volley (digest §5.2, §6)."""
    zone, attacker = state.current_march.zone, state.turn_player
    if target is None:
        target = shootable(state, target_zone, attacker)[0]
    exchange = Exchange("missile", attacker, zone, target, target_zone)
    state = state.with_(march=replace(state.current_march, exchange=exchange, target=target_zone,
                                      counter_attacked=True))
    events.append(Event("message", f"{state.players[attacker].name} shoots at "
                                   f"{state.players[target].name}'s "
                                   f"{state.army_name(target_zone, target)} at "
                                   f"{state.zone_name(target_zone)}", player=attacker))
    ids = RESERVE_TARGET_IDS if target_zone.kind is ZoneKind.RESERVE else ""
    converts = march_converts(state, RollType.MISSILE)
    if state.options.classic:  # the Amazons' 1996 missile bonus in a Flatland
        converts = amazon_missiles(state, zone, attacker)
    ctx = army_context(state, zone, attacker, RollType.MISSILE, ignore_ids=ids,
                       converts=converts)
    fog = zone_amount(state, target_zone, "wall_of_fog")
    mods = (Modifier(ModOp.SUBTRACT, fog, f"Wall of Fog at the target's terrain: −{fog} "
                                          f"missile (spell)", types=(RollType.MISSILE,)),
            ) if fog else ()
    return push_front(state, [RollTask("attack", attacker, zone, ctx, modifiers=mods),
                              StepTask("after_attack")])


def start_volley(state: GameState, events: Events) -> GameState:
    """Defensive Volley: the army shot at counter-attacks the shooting army with missile
    results; the shooting army saves (digest §6)."""
    ex = state.current_march.current_attack
    volley = Exchange("missile", ex.defender, ex.defender_zone, ex.attacker, ex.attacker_zone,
                      counter_attack=True)
    state = state.with_(march=replace(state.current_march, exchange=volley))
    events.append(Event("message", f"{state.players[ex.defender].name} counter-attacks with a "
                                   f"Defensive Volley", player=ex.defender))
    ctx = army_context(state, ex.defender_zone, ex.defender, RollType.MISSILE)
    return push_front(state, [RollTask("counter-attack", ex.defender, ex.defender_zone, ctx),
                              StepTask("after_attack")])


def start_magic(state: GameState, events: Events) -> GameState:
    """A magic action: roll for magic; its SAIs act; then the army casts spells."""
    zone, player = state.current_march.zone, state.turn_player
    ctx = army_context(state, zone, player, RollType.MAGIC)
    return push_front(state, [RollTask("magic", player, zone, ctx), StepTask("after_magic")])


# --- what follows each roll -------------------------------------------------------------------

def _note(state: GameState, purpose: str, result: RollResult, kinds: tuple[str, ...],
          words: str, events: Events) -> GameState:
    """Record on the roll what the march did with its exchange-level effects."""
    for effect in result.effects_of(*kinds):
        state = record_applied(state, purpose, effect.die_id,
                               Applied(effect.icon, f"{effect.icon.value}: {words}"), events)
    return state


def counter_purpose(player: int) -> str:
    """The purpose of `player`'s counter-maneuver roll in ``MarchState.results``."""
    return f"counter-maneuver {player}"


def _counter_maneuver(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Each counter-maneuvering army rolls, after the marcher (digest §3.5, §4.1)."""
    zone = state.current_march.zone
    mine = state.current_march.result("maneuver")
    counters = [p for p in state.current_march.counters if state.has_army(zone, p)]
    if mine is None or not counters:
        return _maneuver_compare(state, events)
    wave = mine.effects_of("subtract_from_counter_maneuver")
    mods = tuple(Modifier(ModOp.SUBTRACT, e.amount, f"Wave: -{e.amount} maneuver (seed 000)",
                          types=(RollType.MANEUVER,), icon=Icon.WAVE) for e in wave)
    if wave:
        state = _note(state, "maneuver", mine, ("subtract_from_counter_maneuver",),
                      "subtracted from the counter-maneuvering army's maneuver results", events)
    rolls = [RollTask(counter_purpose(p), p, zone,
                      army_context(state, zone, p, RollType.MANEUVER, counter_maneuver=True),
                      modifiers=mods + (maneuver_doubling(state, zone, p)
                                        if state.options.classic else ()))
             for p in counters]
    return pop_head(state, rolls + [StepTask("maneuver_compare")]), False


def maneuver_succeeds(mine: int, theirs: Sequence[int], ties_to_counter: bool = False) -> bool:
    """The maneuver succeeds when its total equals or beats every counter-maneuver total
    (ties go to the marcher, digest §3.5, §10 #3; under Fields of Ice, `ties_to_counter`, they
    go to the counter-maneuvering army)."""
    return all(mine > t or (mine == t and not ties_to_counter) for t in theirs)


RESERVE_TARGET_IDS = ("a Tower's missile attack on a Reserve army counts only non-ID missile "
                      "results (digest §8)")


def _maneuver_compare(state: GameState, events: Events) -> tuple[GameState, bool]:
    """The marcher must equal or beat every counter-maneuvering army (ties go to the marcher,
    digest §3.5, §10 #3); success turns the terrain."""
    state = pop_head(state)
    player = state.turn_player
    if not state.has_army(state.current_march.zone, player):
        events.append(Event("message", "The marching army is gone: the maneuver fails"))
        return to_action_step(state), True
    mine = state.current_march.result("maneuver")
    my_total = mine.total(RollType.MANEUVER) if mine else 0
    theirs = [r.total(RollType.MANEUVER) for p in state.current_march.counters
              if (r := state.current_march.result(counter_purpose(p))) is not None]
    # Fields of Ice: ties at that terrain go to the counter-maneuvering army (digest §3.5).
    ice = bool(theirs) and has_effect(state, state.current_march.zone, "modifiers",
                                      spell="Fields of Ice")
    versus = ", ".join(map(str, theirs)) or "0"
    if maneuver_succeeds(my_total, theirs, ice):
        events.append(Event("message", f"Maneuver succeeds ({my_total} vs {versus})"))
        return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down"), True
    events.append(Event("message", f"Maneuver fails ({my_total} vs {versus})"))
    return to_action_step(state), True


def _after_attack(state: GameState, events: Events) -> tuple[GameState, bool]:
    """The attack roll and its SAI effects are resolved: the defending army saves."""
    ex = state.current_march.current_attack
    purpose = "counter-attack" if ex.counter_attack else "attack"
    save_purpose = "counter-save" if ex.counter_attack else "save"
    attack = state.current_march.result(purpose)
    rt = RollType.MELEE if ex.kind == "melee" else RollType.MISSILE
    after = "counter_offer"
    if attack is None:
        return pop_head(state, [StepTask(after)]), False
    surprise = bool(attack.effects_of("surprise", NO_RETURN_ATTACKS))
    charge = bool(attack.effects_of("charge")) or (
        state.options.classic and ex.kind == "melee" and not ex.counter_attack
        and is_charge(state))
    ex = replace(ex, surprise=surprise, charge=charge)
    state = state.with_(march=replace(state.current_march, exchange=ex))
    state = _note(state, purpose, attack, ("surprise",), "the defending army cannot "
                  "counter-attack", events)
    state = _note(state, purpose, attack, ("charge",), "maneuver counted as melee; the "
                  "defender makes a combination save and melee roll", events)
    if not state.has_army(ex.defender_zone, ex.defender):
        events.append(Event("message", "The defending army is gone: no save roll"))
        return pop_head(state, [StepTask(after)]), False
    total = attack.total(rt) + _amazon_extra(state, ex, attack, events)
    if total <= 0 and not charge:
        events.append(Event("message", f"No {rt.value} results: no save roll, no damage"))
        return pop_head(state, [StepTask(after)]), False
    minus = attack.effects_of("subtract_saves")
    mods = tuple(Modifier(ModOp.SUBTRACT, e.amount, f"{e.icon.value}: -{e.amount} saves "
                                                    f"(seed 000)", types=(RollType.SAVE,),
                          icon=e.icon) for e in minus)
    state = _note(state, purpose, attack, ("subtract_saves",), "the defending army subtracts "
                  "save results", events)
    delayed = tuple((e, ex.attacker) for e in attack.effects_of("delayed"))
    attacker_melee = tuple((d.die_id, d.amount(RollType.MELEE)) for d in attack.dice
                           if not d.excluded and state.dice[d.die_id].die.kind.is_unit
                           ) if rt is RollType.MELEE else ()
    also = (RollType.MELEE,) if charge else ()
    classic: dict[str, Any] = {"melee_form": melee_form(state)} if (
        state.options.classic and rt is RollType.MELEE) else {}
    ctx = army_context(state, ex.defender_zone, ex.defender, RollType.SAVE, also=also,
                       save_against=rt, attacker_melee=attacker_melee, **classic)
    roll = RollTask(save_purpose, ex.defender, ex.defender_zone, ctx, modifiers=mods,
                    delayed=delayed, exclude=tuple(
                        (i, "charmed: it does not roll to save this march (seed 000 Charm)")
                        for i in ex.charmed))
    return pop_head(state, [roll, StepTask("damage")]), False


def _amazon_extra(state: GameState, ex: Exchange, attack: RollResult,
                  events: Events | None) -> int:
    """Classic games: the missile results the eighth face's doubling adds to the Amazons'
    maneuvers-as-missiles (F4 D, ``classic.melee_forms``); logged once, when `events`."""
    if not state.options.classic or ex.kind != "missile" or ex.counter_attack:
        return 0
    extra = amazon_eighth_face_missiles(state, ex.attacker_zone, ex.attacker, attack)
    if extra and events is not None:
        events.append(Event("message", f"Eighth face: the Amazons' maneuvers are doubled, "
                                       f"{extra} missile more", player=ex.attacker))
    return extra


def _damage(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Damage = attack − saves to the defender; Counter / Volley, a Charge's melee and
    Scorching Touch to the attacker (assigned after, in that fixed order: digest §10 #8).
    Cursed Bullets keep some missile results from being saved against (digest §6)."""
    ex = state.current_march.current_attack
    rt = RollType.MELEE if ex.kind == "melee" else RollType.MISSILE
    attack = state.current_march.result("counter-attack" if ex.counter_attack else "attack")
    save = state.current_march.result("counter-save" if ex.counter_attack else "save")
    assert attack is not None  # the attack was rolled before its damage is counted
    total = attack.total(rt) + _amazon_extra(state, ex, attack, None)
    saves = save.total(RollType.SAVE) if save else 0
    cursed = min(total, add_up(Hook.IN_DAMAGE, state, ex, attack))
    if state.options.since(3):
        spell = min(saves, spell_saves(state, ex.defender_zone, ex.defender))
        amount = max(0, total - min(saves - spell, total - cursed) - spell)
    else:  # revisions 1-2: no save reduced the Cursed Bullets' part
        amount = cursed + max(0, total - cursed - saves)
    why = f"{rt.value} {total} − saves {saves}" + (
        f" ({cursed} Cursed Bullets: only spell saves reduce them)" if cursed else "")
    if amount == 0:
        # Every result saved: say so, for a melee and a missile attack alike.
        events.append(Event("message", f"All saved ({why}): no damage"))
    dues = [DamageDue(ex.defender, ex.defender_zone, amount, why, after_save=save is not None)]
    charger_saves = False
    back_from = len(dues)
    if save is not None:
        back = save.effects_of("damage_to_attacker")
        if back:
            names = " and ".join(sorted({e.icon.value for e in back}))
            dues.append(DamageDue(ex.attacker, ex.attacker_zone, sum(e.amount for e in back),
                                  f"{names} on the save roll; only spell saves reduce it"))
        if ex.charge and ex.surprise and save.total(RollType.MELEE):
            events.append(Event("message", "Surprise: the charged army's melee results do no "
                                           "damage (its saves still count)"))
        elif ex.charge and save.total(RollType.MELEE) and state.options.house_rule(
                CLASSIC_CHARGER_SAVES) and state.has_army(ex.attacker_zone, ex.attacker):
            charger_saves = True
        elif ex.charge and save.total(RollType.MELEE):
            dues.append(DamageDue(ex.attacker, ex.attacker_zone, save.total(RollType.MELEE),
                                  "Charge: the defending army's melee results; only spell "
                                  "saves reduce them"))
        scorch = add_up(Hook.AFTER_SAVE_ROLL, state, ex, save)
        if scorch:
            dues.append(DamageDue(ex.attacker, ex.attacker_zone, scorch,
                                  "Scorching Touch: the Scalders' save results; only spell "
                                  "saves reduce them (digest §6)"))
    if state.options.since(3):
        dues[back_from:] = _spell_saved(state, ex, dues[back_from:], events)
    state = state.with_(damage=state.damage + tuple(dues))
    # In a classic game the rout hook follows each melee exchange (``classic.rout``).
    rout: list[Task] = (
        [StepTask("classic_rout")] if state.options.classic and ex.kind == "melee" else [])
    if charger_saves:  # house rule: the charger saves against the charged army's melee
        ctx = army_context(state, ex.attacker_zone, ex.attacker, RollType.SAVE,
                           save_against=RollType.MELEE, melee_form=melee_form(state))
        charger: list[Task] = [RollTask(CHARGER_SAVE, ex.attacker, ex.attacker_zone, ctx),
                               StepTask("charger_damage")]
        rout = charger + rout
    return pop_head(state, rout + [StepTask("counter_offer")]), False


CHARGER_SAVE = "charger-save"


def _charger_damage(state: GameState, events: Events) -> tuple[GameState, bool]:
    """House rule CLASSIC_CHARGER_SAVES (OP-9): the charged army's melee results less the
    charger's saves damage the charging army."""
    ex = state.current_march.current_attack
    defence = state.current_march.result("save")
    saves = state.current_march.result(CHARGER_SAVE)
    melee = defence.total(RollType.MELEE) if defence else 0
    stopped = saves.total(RollType.SAVE) if saves else 0
    amount = max(0, melee - stopped)
    state = pop_head(state)
    if amount == 0:
        events.append(Event("message", f"All saved (melee {melee} − saves {stopped}): the "
                                       f"charging army takes no damage"))
        return state, False
    return state.with_(damage=state.damage + (DamageDue(
        ex.attacker, ex.attacker_zone, amount, f"the charged army's melee {melee} − saves "
                                              f"{stopped} (house rule)", after_save=True),)), False


def _classic_rout(state: GameState, events: Events) -> tuple[GameState, bool]:
    """The rout hook after a melee exchange of a classic game, once its damage is done."""
    ex = state.current_march.current_attack
    attack = state.current_march.result("counter-attack" if ex.counter_attack else "attack")
    save = state.current_march.result("counter-save" if ex.counter_attack else "save")
    return rout_step(pop_head(state), ex, attack, save, events), False


def _spell_saved(state: GameState, ex: Exchange, dues: list[DamageDue],
                 events: Events) -> list[DamageDue]:
    """The damage back to the attacking army, less the save results spells give it (Stone
    Skin, Watery Double ...): only those may reduce it (seed 000 Counter, Volley, Charge;
    digest §6 Scorching Touch). The attacker makes no save roll: its spell saves in effect are
    counted once, against the damages in their order of assignment (rulings)."""
    spell = spell_saves(state, ex.attacker_zone, ex.attacker)
    if not spell or not dues:
        return dues
    reduced = []
    for due in dues:
        used = min(spell, due.amount)
        spell -= used
        if used:
            events.append(Event("damage", f"{used} of {due.amount} damage back stopped by "
                                          f"spell saves on the attacking army",
                                player=ex.attacker))
            due = replace(due, amount=due.amount - used,
                          reason=f"{due.reason}; {used} stopped by spell saves")
        reduced.append(due)
    return reduced


def _counter_offer(state: GameState, events: Events) -> tuple[GameState, bool]:
    """After a melee attack the defender may counter-attack (digest §5.1), unless Surprise or
    Charge forbids it, it has no units left, or this was the counter-attack; after a missile
    attack only with Defensive Volley (digest §6). Even after an attack with no results
    (digest §10 #4), unless the house rule NO_COUNTER_AFTER_NOTHING is in force."""
    ex = state.current_march.current_attack
    state = pop_head(state)
    if ex.counter_attack or not state.has_army(ex.defender_zone, ex.defender):
        return round_over(state, events)
    if ex.kind == "missile":
        if (not any_of(Hook.MISSILE_COUNTER, state, ex)
                or _nothing_to_answer(state, ex, events)):
            return end_march(state, events), True
        return wait(state, ex.defender, Step.COUNTER_ATTACK, "Defensive Volley: counter-attack "
                                                             "with missile results?"), True
    if ex.surprise or ex.charge:
        why = "Surprise" if ex.surprise else "Charge"
        events.append(Event("message", f"{why}: the defending army cannot counter-attack"))
        return round_over(state, events)
    if _nothing_to_answer(state, ex, events):
        return round_over(state, events)
    if foul_stench(state, ex.attacker_zone, ex.attacker) >= len(
            state.units_in(ex.defender_zone, ex.defender)):
        events.append(Event("message", "Foul Stench: none of the defending army's units may "
                                       "counter-attack (Goblins, digest §6)"))
        return round_over(state, events)
    return wait(state, ex.defender, Step.COUNTER_ATTACK, "Counter-attack?"), True


def round_over(state: GameState, events: Events) -> tuple[GameState, bool]:
    """The round of melee is over (an attack and its counter-attack, or one charge exchange:
    TSR digest OP-36), or the missile exchange: the march ends. In a 1996 game each Illusion
    rolled during the round first gets its separate roll (seed 002 Illusion,
    ``classic.effect_runners.illusion_rolls``), then the march ends. Returns (state, waiting
    for a player), as a march step does."""
    queued = illusion_rolls(state, events) if state.options.classic else state
    if queued is state:
        return end_march(state, events), True
    new = len(queued.tasks) - len(state.tasks)
    return queued.with_(tasks=queued.tasks[:new] + (StepTask("end_march"),)
                        + queued.tasks[new:]), False


def _nothing_to_answer(state: GameState, ex: Exchange, events: Events) -> bool:
    """House rule NO_COUNTER_AFTER_NOTHING (digest §10 #4): an attack that generated no melee
    results (no missile results, for Defensive Volley) draws no counter-attack; the log says
    so."""
    if not state.options.house_rule(NO_COUNTER_AFTER_NOTHING):
        return False
    rt = RollType.MELEE if ex.kind == "melee" else RollType.MISSILE
    attack = state.current_march.result("attack")
    if attack is not None and attack.total(rt) > 0:
        return False
    events.append(Event("message", f"No {rt.value} results in the attack: no counter-attack "
                                   f"(house rule)"))
    return True


def _after_magic(state: GameState, events: Events) -> tuple[GameState, bool]:
    """The magic roll and its SAI effects are resolved: the army casts spells (digest §5.3);
    a magic action draws no counter-attack."""
    player, zone = state.turn_player, state.current_march.zone
    result = state.current_march.result("magic")
    casting = magic_action_tasks(state, player, zone, result, events) if result else []
    return pop_head(state, casting + [StepTask("end_march")]), False


def _end(state: GameState, events: Events) -> tuple[GameState, bool]:
    return end_march(pop_head(state), events), True


def _action_step(state: GameState, events: Events) -> tuple[GameState, bool]:
    return to_action_step(pop_head(state)), True


def thorns_tasks(state: GameState) -> list[Task]:
    """Wall of Thorns at the terrain the marching army just maneuvered at: it rolls melee,
    which reduces the damage (digest §7)."""
    zone, player = state.current_march.zone, state.turn_player
    if not zone_amount(state, zone, "wall_of_thorns") or not state.has_army(zone, player):
        return []
    return [RollTask("thorns", player, zone, army_context(state, zone, player, RollType.MELEE)),
            StepTask("thorns")]


def _thorns(state: GameState, events: Events) -> tuple[GameState, bool]:
    zone, player = state.current_march.zone, state.turn_player
    thorns = zone_amount(state, zone, "wall_of_thorns")
    roll = state.current_march.result("thorns")
    melee = roll.total(RollType.MELEE) if roll else 0
    if state.has_army(zone, player):
        state = state.with_(damage=state.damage + (DamageDue(
            player, zone, max(0, thorns - melee), f"Wall of Thorns {thorns} − melee {melee}"),))
    return pop_head(state), False


def mire_tasks(state: GameState) -> list[Task]:
    """Mire at the marching army's terrain: it first rolls maneuver (digest §7)."""
    zone, player = state.current_march.zone, state.turn_player
    if zone.kind is not ZoneKind.TERRAIN or not has_effect(state, zone, "mire"):
        return []
    ctx = army_context(state, zone, player, RollType.MANEUVER)
    return [RollTask("mire", player, zone, ctx), RuleTask("mire", player, zone)]


def _mire(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Only as much health-worth of the army as its Mire roll's maneuver results take part in
    the march's rolls; the player picks them (digest §7)."""
    zone, player = task.zone, task.player
    assert zone is not None  # the Mire task names the marching army's zone
    roll = state.current_march.result("mire")
    budget = roll.total(RollType.MANEUVER) if roll else 0
    units = state.units_in(zone, player)
    if task.ask is None:
        question = units_pick(player, f"Mire: choose up to {budget} health-worth of units to "
                                      f"take part in this march", units, budget=budget)
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    mired = tuple(u.id for u in units if u.id not in picks_of(task))
    state = state.with_(march=replace(state.current_march, mired=mired))
    events.append(Event("message", "Mire: no part in this march for "
                                   f"{count_of(len(mired), 'unit')}",
                        player=player))
    state = pop_head(state)
    return wait(state, player, Step.MANEUVER, "Maneuver? (turn the terrain one step)"), True


# The march's steps by StepTask kind; each returns (state, waiting for a player or the march
# is over). ``tasks/runner.STEP_RUNNERS`` runs them.
MARCH_STEPS = {
    "counter_maneuver": _counter_maneuver, "maneuver_compare": _maneuver_compare,
    "after_attack": _after_attack, "damage": _damage, "counter_offer": _counter_offer,
    "after_magic": _after_magic, "end_march": _end, "action_step": _action_step,
    "thorns": _thorns, "classic_rout": _classic_rout, "charger_damage": _charger_damage,
}
RULE_RUNNERS = {"mire": _mire, BLACK_MAGIC: black_magic}
