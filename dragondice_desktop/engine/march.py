"""A march (digest §3.5, §5): choose an army, maneuver with optional counter-maneuver, turn the
terrain, then the action the terrain allows — melee with saves, damage and counter-attack;
missile at a legal target; a magic roll. Damage is assigned one unit at a time (damage.py)."""

from __future__ import annotations

from dataclasses import replace

from ..catalog.model import Icon
from .actions import Action, Verb, act
from .damage import best_kill_total, legal_casualties
from .events import Event
from .flow import (
    bury_orphan_items, check_victory, controls_eighth_face, drop_lost_captures, end_march,
    marchable_zones, move_die, roll_for, start_march, wait,
)
from .rolls import RollType
from .state import DamageDue, GameState, MarchState, Phase, Step, Zone, ZoneKind

Events = list[Event]

ACTION_NAMES = {Icon.MELEE: "melee", Icon.MISSILE: "missile", Icon.MAGIC: "magic"}


# --- whose armies are where ---------------------------------------------------------------

def opponents_at(state: GameState, zone: Zone, player: int) -> list[int]:
    """Opponents of `player` with an army at `zone`, in seat order."""
    return [p for p in range(state.player_count) if p != player and state.has_army(zone, p)]


def missile_targets(state: GameState, zone: Zone, player: int) -> list[Zone]:
    """Opposing armies a missile attack from `zone` may target (digest §5.2): any opposing
    army at a terrain, except that from a Home Terrain an army at another Home Terrain cannot
    be targeted; Reserve armies never (the Tower exception is not implemented yet)."""
    targets = []
    from_home = state.terrains[zone.index].home
    for index, terrain in enumerate(state.terrains):
        target = Zone(ZoneKind.TERRAIN, index)
        if from_home and terrain.home and target != zone:
            continue
        if opponents_at(state, target, player):
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


# --- legal actions per step -----------------------------------------------------------------

def legal_march_actions(state: GameState) -> list[Action]:
    """Choices open during a march, by step."""
    step, march, player = state.step, state.march, state.turn_player
    if step is Step.CHOOSE_ARMY:
        return [act(Verb.MARCH, z) for z in marchable_zones(state)] + [act(Verb.SKIP_MARCH)]
    if step is Step.MANEUVER:
        return [act(Verb.MANEUVER), act(Verb.NO_MANEUVER)]
    if step is Step.COUNTER_MANEUVER:
        return [act(Verb.COUNTER), act(Verb.NO_COUNTER)]
    if step is Step.TURN_TERRAIN:
        face = state.terrains[march.zone.index].face
        return [act(Verb.TURN, d) for d, ok in (("up", face < 8), ("down", face > 1)) if ok]
    if step is Step.ACTION:
        return ([act(Verb.ACTION, a) for a in allowed_actions(state, march.zone, player)]
                + [act(Verb.NO_ACTION)])
    if step is Step.MISSILE_TARGET:
        return [act(Verb.TARGET, z) for z in missile_targets(state, march.zone, player)]
    if step is Step.DAMAGE:
        due = state.damage[0]
        units = state.units_in(due.zone, due.player)
        return [act(Verb.KILL, units[i].id)
                for i in legal_casualties([u.die.health for u in units], due.amount, due.killed)]
    if step is Step.COUNTER_ATTACK:
        return [act(Verb.COUNTER_ATTACK), act(Verb.NO_COUNTER_ATTACK)]
    return []


# --- applying ---------------------------------------------------------------------------------

def apply_march(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a march action (already checked legal)."""
    verb, player = action.verb, state.turn_player
    if verb is Verb.MARCH:
        zone = action.args[0]
        events.append(Event("message", f"{state.players[player].name} marches the "
                                       f"{state.army_name(zone, player)} at {state.zone_name(zone)}",
                            player=player))
        state = state.with_(march=MarchState(zone))
        return wait(state, player, Step.MANEUVER, "Maneuver? (turn the terrain one step)")
    if verb is Verb.SKIP_MARCH:
        events.append(Event("message", f"{state.players[player].name} skips the march"))
        if state.phase is Phase.FIRST_MARCH:
            return start_march(state.with_(phase=Phase.SECOND_MARCH), Phase.SECOND_MARCH, events)
        return end_march(state, events)
    if verb is Verb.MANEUVER:
        return _announce_maneuver(state, events)
    if verb is Verb.NO_MANEUVER:
        return _to_action_step(state)
    if verb is Verb.COUNTER:
        return _opposed_maneuver(state, events)
    if verb is Verb.NO_COUNTER:
        events.append(Event("message", "No counter-maneuver: the maneuver succeeds"))
        return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down")
    if verb is Verb.TURN:
        return _turn_terrain(state, action.args[0], events)
    if verb is Verb.NO_ACTION:
        return end_march(state, events)
    if verb is Verb.ACTION:
        return _take_action(state, action.args[0], events)
    if verb is Verb.TARGET:
        return _missile(state, action.args[0], events)
    if verb is Verb.KILL:
        return _kill(state, action.args[0], events)
    if verb is Verb.COUNTER_ATTACK:
        return _melee_exchange(state, counter_attack=True, events=events)
    if verb is Verb.NO_COUNTER_ATTACK:
        return end_march(state, events)
    raise AssertionError(f"not a march action: {action}")


def _announce_maneuver(state: GameState, events: Events) -> GameState:
    """Opponents at the terrain may counter-maneuver; with none, the maneuver just succeeds."""
    zone, player = state.march.zone, state.turn_player
    state = state.with_(march=replace(state.march, maneuvered=True))
    opposing = opponents_at(state, zone, player)
    if not opposing:
        events.append(Event("message", "No opposing army here: the maneuver succeeds"))
        return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down")
    return wait(state, opposing[0], Step.COUNTER_MANEUVER,
                f"{state.players[player].name} maneuvers at {state.zone_name(zone)}: counter-maneuver?")


def _opposed_maneuver(state: GameState, events: Events) -> GameState:
    """Both roll maneuver, the marcher resolving first; ties go to the marcher (digest §3.5).
    Wave on the marcher's roll subtracts from the counter-maneuvering army (seed 000 Wave)."""
    zone, player = state.march.zone, state.turn_player
    opponent = state.pending.player
    state, mine = roll_for(state, zone, player, RollType.MANEUVER, events)
    state, theirs = roll_for(state, zone, opponent, RollType.MANEUVER, events,
                             counter_maneuver=True)
    wave = sum(e.amount for d in mine.dice for e in d.effects
               if e.kind == "subtract_from_counter_maneuver")
    their_total = max(0, theirs.total(RollType.MANEUVER) - wave)
    if wave:
        events.append(Event("message", f"Wave: the counter-maneuver loses {wave} → {their_total}"))
    my_total = mine.total(RollType.MANEUVER)
    if my_total >= their_total:
        events.append(Event("message", f"Maneuver succeeds ({my_total} vs {their_total})"))
        return wait(state, player, Step.TURN_TERRAIN, "Turn the terrain up or down")
    events.append(Event("message", f"Maneuver fails ({my_total} vs {their_total})"))
    return _to_action_step(state)


def _turn_terrain(state: GameState, direction: str, events: Events) -> GameState:
    """Turn the terrain one step; reaching 8 captures it (digest §3.5, §8)."""
    zone, player = state.march.zone, state.turn_player
    terrain = state.terrains[zone.index]
    face = terrain.face + (1 if direction == "up" else -1)
    controller = player if face == 8 else None
    terrains = list(state.terrains)
    terrains[zone.index] = replace(terrain, face=face, controller=controller)
    state = state.with_(terrains=tuple(terrains))
    events.append(Event("terrain", f"{terrain.die.name} turned {direction} to {face}",
                        player=player, zone=zone))
    if face == 8:
        events.append(Event("terrain", f"{state.players[player].name} captures "
                                       f"{terrain.die.name}!", player=player, zone=zone))
    state = check_victory(state, events)
    if state.winner is not None:
        return state
    return _to_action_step(state)


def _to_action_step(state: GameState) -> GameState:
    zone, player = state.march.zone, state.turn_player
    if not allowed_actions(state, zone, player):
        return wait(state, player, Step.ACTION, "No action is possible here: end the march")
    return wait(state, player, Step.ACTION, "Choose the action (or none)")


def _take_action(state: GameState, name: str, events: Events) -> GameState:
    player, zone = state.turn_player, state.march.zone
    state = state.with_(march=replace(state.march, action=name))
    if name == "melee":
        state = state.with_(march=replace(state.march, target=zone))
        return _melee_exchange(state, counter_attack=False, events=events)
    if name == "missile":
        return wait(state, player, Step.MISSILE_TARGET, "Choose the army to shoot at")
    state, result = roll_for(state, zone, player, RollType.MAGIC, events)
    magic = result.total(RollType.MAGIC)
    events.append(Event("unresolved", f"{magic} magic results: casting spells is not "
                                      f"implemented yet (issue 6), so they go unused",
                        player=player))
    return end_march(state, events)


def _melee_exchange(state: GameState, counter_attack: bool, events: Events) -> GameState:
    """One melee attack or counter-attack: roll melee; if above 0 the other side saves; the
    difference is damage (digest §5.1). Counter on the save roll hits back (seed 000)."""
    zone = state.march.zone
    marcher = state.turn_player
    defender = opponents_at(state, zone, marcher)[0]
    attacker, target = (defender, marcher) if counter_attack else (marcher, defender)
    state = state.with_(march=replace(state.march, counter_attacked=counter_attack))
    label = "counter-attacks" if counter_attack else "attacks"
    events.append(Event("message", f"{state.players[attacker].name} {label} in melee"))
    state, attack = roll_for(state, zone, attacker, RollType.MELEE, events,
                             counter_attack=counter_attack)
    melee = attack.total(RollType.MELEE)
    dues = []
    if melee > 0:
        state, save = roll_for(state, zone, target, RollType.SAVE, events,
                               save_against=RollType.MELEE)
        saves = save.total(RollType.SAVE)
        dues.append(DamageDue(target, zone, max(0, melee - saves), f"melee {melee} − saves {saves}"))
        back = sum(e.amount for d in save.dice for e in d.effects if e.kind == "damage_to_attacker")
        if back:
            dues.append(DamageDue(attacker, zone, back, "Counter on the save roll"))
    else:
        events.append(Event("message", "No melee results: no save roll, no damage"))
    return _queue_damage(state, dues, events)


def _missile(state: GameState, target_zone: Zone, events: Events) -> GameState:
    """Missile attack: roll, the target saves, damage; no counter-attack (digest §5.2)."""
    zone, attacker = state.march.zone, state.turn_player
    target = opponents_at(state, target_zone, attacker)[0]
    state = state.with_(march=replace(state.march, target=target_zone, counter_attacked=True))
    events.append(Event("message", f"{state.players[attacker].name} shoots at "
                                   f"{state.players[target].name}'s "
                                   f"{state.army_name(target_zone, target)} at "
                                   f"{state.zone_name(target_zone)}", player=attacker))
    state, attack = roll_for(state, zone, attacker, RollType.MISSILE, events)
    missile = attack.total(RollType.MISSILE)
    dues = []
    if missile > 0:
        state, save = roll_for(state, target_zone, target, RollType.SAVE, events,
                               save_against=RollType.MISSILE)
        saves = save.total(RollType.SAVE)
        dues.append(DamageDue(target, target_zone, max(0, missile - saves),
                              f"missile {missile} − saves {saves}"))
        back = sum(e.amount for d in save.dice for e in d.effects if e.kind == "damage_to_attacker")
        if back:
            dues.append(DamageDue(attacker, zone, back, "Volley on the save roll"))
    else:
        events.append(Event("message", "No missile results: no damage"))
    return _queue_damage(state, dues, events)


def _queue_damage(state: GameState, dues: list[DamageDue], events: Events) -> GameState:
    state = state.with_(damage=state.damage + tuple(dues))
    return _next_damage(state, events)


def _next_damage(state: GameState, events: Events) -> GameState:
    """Ask for the next damage assignment, or go on once all damage is assigned."""
    while state.damage:
        due = state.damage[0]
        healths = [u.die.health for u in state.units_in(due.zone, due.player)]
        remaining = due.amount - due.killed
        if best_kill_total(healths, remaining) > 0:
            if due.killed == 0:
                events.append(Event("damage", f"{state.players[due.player].name} takes "
                                              f"{due.amount} damage ({due.reason})",
                                    player=due.player))
            return wait(state, due.player, Step.DAMAGE,
                        f"Assign {remaining} damage: move units to your DUA")
        if due.amount and due.killed == 0:
            events.append(Event("damage", f"{due.amount} damage ({due.reason}) kills nothing",
                                player=due.player))
        state = state.with_(damage=state.damage[1:])
    return _after_damage(state, events)


def _kill(state: GameState, die_id: int, events: Events) -> GameState:
    """One casualty goes to its owner's DUA (digest §4.7)."""
    due = state.damage[0]
    state = move_die(state, die_id, Zone(ZoneKind.DUA, due.player), events)
    head = replace(due, killed=due.killed + state.dice[die_id].die.health)
    state = state.with_(damage=(head,) + state.damage[1:])
    state = bury_orphan_items(state, due.zone, due.player, events)
    state = drop_lost_captures(state, events)
    state = check_victory(state, events)
    if state.winner is not None:
        return state
    return _next_damage(state, events)


def _after_damage(state: GameState, events: Events) -> GameState:
    """All damage assigned: offer the counter-attack after a melee attack, else end."""
    march = state.march
    if march.action == "melee" and not march.counter_attacked:
        defenders = opponents_at(state, march.zone, state.turn_player)
        if defenders:
            return wait(state, defenders[0], Step.COUNTER_ATTACK, "Counter-attack?")
    return end_march(state, events)

