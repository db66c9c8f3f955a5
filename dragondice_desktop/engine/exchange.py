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

from dataclasses import replace

from ..catalog.model import Icon
from .events import Event
from .flow import army_context, end_march, holds_power, wait
from .lasting import protected_from
from .roll_model import Applied, Modifier, ModOp, RollResult, RollType
from .state import DamageDue, Exchange, GameState, Step, Zone, ZoneKind
from .task_queue import pop_head, push_front, record_applied
from .tasks import RollTask, StepTask

Events = list[Event]

ACTION_NAMES = {Icon.MELEE: "melee", Icon.MISSILE: "missile", Icon.MAGIC: "magic"}


# --- whose armies are where ---------------------------------------------------------------

def opponents_at(state: GameState, zone: Zone, player: int) -> list[int]:
    """Opponents of `player` with an army at `zone`, in seat order."""
    return [p for p in range(state.player_count) if p != player and state.has_army(zone, p)]


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


def allowed_actions(state: GameState, zone: Zone, player: int) -> list[str]:
    """Actions the army at `zone` may take (digest §3.5 table), keeping only those with a
    legal target: melee needs an opposing army there, missile a target army in range."""
    terrain = state.terrains[zone.index]
    if terrain.face == 8:
        options = (["melee", "missile", "magic"] if terrain.controller == player else ["melee"])
    else:
        options = [ACTION_NAMES[terrain.action_icon]]
    if not opponents_at(state, zone, player) and "melee" in options:
        options.remove("melee")
    if not missile_targets(state, zone, player) and "missile" in options:
        options.remove("missile")
    return options


def to_action_step(state: GameState) -> GameState:
    """Wait for the marching army's action (or for the end of the march)."""
    zone, player = state.march.zone, state.turn_player
    if not state.has_army(zone, player):
        return wait(state, player, Step.ACTION, "The marching army is gone: end the march")
    if not allowed_actions(state, zone, player):
        return wait(state, player, Step.ACTION, "No action is possible here: end the march")
    return wait(state, player, Step.ACTION, "Choose the action (or none)")


# --- starting the rolls -----------------------------------------------------------------------

def start_maneuver(state: GameState, events: Events) -> GameState:
    """Both sides roll for maneuver, the marcher first (digest §3.5, §4.1)."""
    zone, player = state.march.zone, state.turn_player
    roll = RollTask("maneuver", player, zone, army_context(state, zone, player, RollType.MANEUVER))
    return push_front(state, [roll, StepTask("counter_maneuver")])


def start_melee(state: GameState, counter_attack: bool, events: Events) -> GameState:
    """A melee attack, or the defender's counter-attack (digest §5.1)."""
    zone, marcher = state.march.zone, state.turn_player
    defender = opponents_at(state, zone, marcher)[0]
    attacker, target = (defender, marcher) if counter_attack else (marcher, defender)
    exchange = Exchange("melee", attacker, zone, target, zone, counter_attack=counter_attack)
    state = state.with_(march=replace(state.march, exchange=exchange, target=zone,
                                      counter_attacked=counter_attack))
    label = "counter-attacks" if counter_attack else "attacks"
    events.append(Event("message", f"{state.players[attacker].name} {label} in melee",
                        player=attacker))
    purpose = "counter-attack" if counter_attack else "attack"
    ctx = army_context(state, zone, attacker, RollType.MELEE, counter_attack=counter_attack)
    return push_front(state, [RollTask(purpose, attacker, zone, ctx), StepTask("after_attack")])


def start_missile(state: GameState, target_zone: Zone, events: Events) -> GameState:
    """A missile attack at `target_zone`: roll, the target saves, damage; no counter-attack
    (digest §5.2)."""
    zone, attacker = state.march.zone, state.turn_player
    target = next(p for p in opponents_at(state, target_zone, attacker)
                  if not protected_from(state, target_zone, p, attacker))
    exchange = Exchange("missile", attacker, zone, target, target_zone)
    state = state.with_(march=replace(state.march, exchange=exchange, target=target_zone,
                                      counter_attacked=True))
    events.append(Event("message", f"{state.players[attacker].name} shoots at "
                                   f"{state.players[target].name}'s "
                                   f"{state.army_name(target_zone, target)} at "
                                   f"{state.zone_name(target_zone)}", player=attacker))
    ids = ("a Tower's missile attack on a Reserve army counts only non-ID missile results "
           "(digest §8)") if target_zone.kind is ZoneKind.RESERVE else ""
    ctx = army_context(state, zone, attacker, RollType.MISSILE, ignore_ids=ids)
    return push_front(state, [RollTask("attack", attacker, zone, ctx), StepTask("after_attack")])


def start_magic(state: GameState, events: Events) -> GameState:
    """A magic action: roll for magic; its SAIs act; spells are not implemented yet."""
    zone, player = state.march.zone, state.turn_player
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


def _counter_maneuver(state: GameState, events: Events) -> tuple[GameState, bool]:
    zone, marcher = state.march.zone, state.turn_player
    mine = state.march.result("maneuver")
    opponent = opponents_at(state, zone, marcher)
    if mine is None or not opponent:
        return _maneuver_result(state, mine, None, events)
    wave = mine.effects_of("subtract_from_counter_maneuver")
    mods = tuple(Modifier(ModOp.SUBTRACT, e.amount, f"Wave: -{e.amount} maneuver (seed 000)",
                          types=(RollType.MANEUVER,), icon=Icon.WAVE) for e in wave)
    if wave:
        state = _note(state, "maneuver", mine, ("subtract_from_counter_maneuver",),
                      "subtracted from the counter-maneuvering army's maneuver results", events)
    ctx = army_context(state, zone, opponent[0], RollType.MANEUVER, counter_maneuver=True)
    roll = RollTask("counter-maneuver", opponent[0], zone, ctx, modifiers=mods)
    return pop_head(state, [roll, StepTask("maneuver_compare")]), False


def _maneuver_result(state: GameState, mine: RollResult | None, theirs: RollResult | None,
                     events: Events) -> tuple[GameState, bool]:
    """Ties go to the marcher (digest §3.5); success turns the terrain."""
    state = pop_head(state)
    player = state.turn_player
    if not state.has_army(state.march.zone, player):
        events.append(Event("message", "The marching army is gone: the maneuver fails"))
        return to_action_step(state), True
    my_total = mine.total(RollType.MANEUVER) if mine else 0
    their_total = theirs.total(RollType.MANEUVER) if theirs else 0
    if my_total >= their_total:
        events.append(Event("message", f"Maneuver succeeds ({my_total} vs {their_total})"))
        return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down"), True
    events.append(Event("message", f"Maneuver fails ({my_total} vs {their_total})"))
    return to_action_step(state), True


def _after_attack(state: GameState, events: Events) -> tuple[GameState, bool]:
    """The attack roll and its SAI effects are resolved: the defending army saves."""
    ex = state.march.exchange
    purpose = "counter-attack" if ex.counter_attack else "attack"
    save_purpose = "counter-save" if ex.counter_attack else "save"
    attack = state.march.result(purpose)
    rt = RollType.MELEE if ex.kind == "melee" else RollType.MISSILE
    after = "counter_offer" if ex.kind == "melee" else "end_march"
    if attack is None:
        return pop_head(state, [StepTask(after)]), False
    surprise = bool(attack.effects_of("surprise"))
    charge = bool(attack.effects_of("charge"))
    ex = replace(ex, surprise=surprise, charge=charge)
    state = state.with_(march=replace(state.march, exchange=ex))
    state = _note(state, purpose, attack, ("surprise",), "the defending army cannot "
                  "counter-attack", events)
    state = _note(state, purpose, attack, ("charge",), "maneuver counted as melee; the "
                  "defender makes a combination save and melee roll", events)
    if not state.has_army(ex.defender_zone, ex.defender):
        events.append(Event("message", "The defending army is gone: no save roll"))
        return pop_head(state, [StepTask(after)]), False
    total = attack.total(rt)
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
    ctx = army_context(state, ex.defender_zone, ex.defender, RollType.SAVE, also=also,
                       save_against=rt, attacker_melee=attacker_melee)
    roll = RollTask(save_purpose, ex.defender, ex.defender_zone, ctx, modifiers=mods,
                    delayed=delayed, exclude=tuple(
                        (i, "charmed: it does not roll to save this march (seed 000 Charm)")
                        for i in ex.charmed))
    return pop_head(state, [roll, StepTask("damage")]), False


def _damage(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Damage = attack − saves to the defender; Counter / Volley and a Charge's melee to the
    attacker (assigned after, in that fixed order: digest §10 #8)."""
    ex = state.march.exchange
    rt = RollType.MELEE if ex.kind == "melee" else RollType.MISSILE
    attack = state.march.result("counter-attack" if ex.counter_attack else "attack")
    save = state.march.result("counter-save" if ex.counter_attack else "save")
    total = attack.total(rt)
    saves = save.total(RollType.SAVE) if save else 0
    dues = [DamageDue(ex.defender, ex.defender_zone, max(0, total - saves),
                      f"{rt.value} {total} − saves {saves}")]
    if save is not None:
        back = save.effects_of("damage_to_attacker")
        if back:
            names = " and ".join(sorted({e.icon.value for e in back}))
            dues.append(DamageDue(ex.attacker, ex.attacker_zone, sum(e.amount for e in back),
                                  f"{names} on the save roll; only spell saves reduce it"))
        if ex.charge and save.total(RollType.MELEE):
            dues.append(DamageDue(ex.attacker, ex.attacker_zone, save.total(RollType.MELEE),
                                  "Charge: the defending army's melee results; only spell "
                                  "saves reduce them"))
    state = state.with_(damage=state.damage + tuple(dues))
    return pop_head(state, [StepTask("counter_offer" if ex.kind == "melee" else "end_march")]), \
        False


def _counter_offer(state: GameState, events: Events) -> tuple[GameState, bool]:
    """After a melee attack the defender may counter-attack (digest §5.1), unless Surprise or
    Charge forbids it, it has no units left, or this was the counter-attack."""
    ex = state.march.exchange
    state = pop_head(state)
    if ex.counter_attack or not state.has_army(ex.defender_zone, ex.defender):
        return end_march(state, events), True
    if ex.surprise or ex.charge:
        why = "Surprise" if ex.surprise else "Charge"
        events.append(Event("message", f"{why}: the defending army cannot counter-attack"))
        return end_march(state, events), True
    return wait(state, ex.defender, Step.COUNTER_ATTACK, "Counter-attack?"), True


def _after_magic(state: GameState, events: Events) -> tuple[GameState, bool]:
    player = state.turn_player
    result = state.march.result("magic")
    magic = result.total(RollType.MAGIC) if result else 0
    events.append(Event("unresolved", f"{magic} magic results: casting spells is not "
                                      f"implemented yet (issue 6), so they go unused",
                        player=player))
    return end_march(pop_head(state), events), True


def _maneuver_compare(state: GameState, events: Events) -> tuple[GameState, bool]:
    return _maneuver_result(state, state.march.result("maneuver"),
                            state.march.result("counter-maneuver"), events)


def _end(state: GameState, events: Events) -> tuple[GameState, bool]:
    return end_march(pop_head(state), events), True


def _action_step(state: GameState, events: Events) -> tuple[GameState, bool]:
    return to_action_step(pop_head(state)), True


# The march's steps by StepTask kind; each returns (state, waiting for a player or the march
# is over). ``resolution.STEP_RUNNERS`` runs them.
MARCH_STEPS = {
    "counter_maneuver": _counter_maneuver, "maneuver_compare": _maneuver_compare,
    "after_attack": _after_attack, "damage": _damage, "counter_offer": _counter_offer,
    "after_magic": _after_magic, "end_march": _end, "action_step": _action_step,
}
