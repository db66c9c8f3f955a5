"""The Dragon Attack phase (digest §3.3, §5.4): at every terrain where the marching player has
an army and dragons stand, every dragon there attacks, in the nine steps of the rules.

1. each dragon's target by the targeting table (``dragons.attacks_dragon``): a dragon it may
   attack, else the army; a dragon tamed by a unit of that army does not attack it, a
   controlled dragon does what its controller says (seed 000);
2. owners of dragons with several dragon targets pick one (openly, one after the other:
   rulings); a controlled dragon attacks the dragon its controller names, or does not roll,
   and then adds the damage it rolls to the melee of its controller's army when other dragons
   attack it (seed 000);
3. every attacking dragon rolls (chance steps): Tail rolls it again, and so does Breath against
   a dragon;
4. each Breath against the army kills 5 health-worth of units the army's owner chooses (10 for
   a White Dragon), then its elemental effect lasts until the beginning of that player's next
   turn: air halves melee, death ignores ID results, earth halves maneuver, water halves
   missile, fire buries the units it killed that fail a save roll; a White Dragon brings the
   effects of the terrain's two elements (Terrain Empathy);
5. each Treasure lets the army promote one unit (two for a White Dragon);
6. the army answers with one melee + missile + save roll (``rolls/army_roll.py``, each SAI's Dragon
   Attack sentence); Dragonkin facing a dragon of their element, or an Ivory, Ivory Hybrid or
   White dragon, do not roll (Eldarim Resist Fear lifts that for Dragonkin up to the Eldarim
   health in the army); the army's owner then gives its melee to some dragons and its missile
   to others: a dragon dies from 10 results of one type (5 after Belly; White 15 / 10, or
   20 / 10 under the house rule WHITE_DRAGON_TEN_SAVES);
7. damage at once: the army takes the Jaws, Claws, Tail and Wings damage of the dragons
   attacking it minus its saves (tamed, slain or controlled dragons' damage is ignored); a
   dragon attacked by dragons dies from their damage by the same thresholds; killed dragons go
   back to their owner's Summoning Pool, slain ones leave the game;
8. an army that killed a dragon may promote as many units as possible;
9. surviving dragons that rolled Wings fly back to their owner's Summoning Pool.

Each terrain's attack is one ``RuleTask`` ("dragon_attack") going through stages; the state of
the attack is ``GameState.dragon_attack``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...player_text import count_of
from ..species.registry import Hook, add_up, on
from ...catalog.model import Color, Die, Icon, Species
from ..classic.forms import roll_fields
from ..core.house_rules import CLASSIC_EIGHTH_FACE_IDS
from .kinds import (
    DragonKind, attacks_dragon, breath_elements, dragon_kind, dragons_at, face_icons,
    kill_threshold, move_dragon, to_pool,
)
from ..tasks.effect_steps import Events, ask, finish_rule, resume, units_pick
from ..core.events import Event
from ..units.fates import promote, promotion_partners
from ..turn.flow import controls_eighth_face, unit_multipliers
from ..sai.lasting import add, prune_armies, roll_changes
from ..rolls.model import Modifier, ModOp, RollContext, RollType
from ..rolls.pipeline import MAX_REROLLS
from ..rolls.throwing import Thrower
from ..species.counts_as import conversions
from ..core.state import (
    DamageDue, DragonAttackState, DragonBond, GameState, LastingEffect, Zone, ZoneKind,
)
from ..tasks.queue_ops import pop_head, replace_head
from ..tasks.kinds import ChooseAsk, PickAsk, RollTask, RuleTask, answer_of, picks_of, zone_answer

MEL, MIS, SAV = RollType.MELEE, RollType.MISSILE, RollType.SAVE

# Icons whose value is damage to an army (step 7); Breath kills instead (step 4).
_ARMY_DAMAGE = (Icon.JAWS, Icon.CLAWS, Icon.TAIL, Icon.WINGS)

# The elemental breath effects on an army (digest §5.4): name and the result type halved.
_HALVING = {Color.AIR: ("Lightning Bolt", MEL), Color.EARTH: ("Petrify", RollType.MANEUVER),
            Color.WATER: ("Poisonous Cloud", MIS)}


def phase_tasks(state: GameState, events: Events) -> list[RuleTask]:
    """The Dragon Attack phase: one attack per terrain where the marching player has an army
    and dragons stand; with several, the player chooses the order (digest §5.4)."""
    player = state.turn_player
    zones = tuple(z for z in state.army_zones(player)
                  if z.kind is ZoneKind.TERRAIN and dragons_at(state, z))
    if not zones:
        events.append(Event("phase", "Dragon Attack: no dragon where you have an army",
                            player=player))
        return []
    if len(zones) == 1:
        return [RuleTask("dragon_attack", player, zones[0])]
    return [RuleTask("dragon_order", player, data=zones)]


def _order(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """The marching player picks the terrain whose dragons attack next."""
    if task.ask is None:
        question = ChooseAsk(task.player, "Dragon Attack: at which terrain do the dragons "
                                          "attack next?", task.data, task.data[0])
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    zone = zone_answer(task)
    rest = tuple(z for z in task.data if z != zone)
    then = [RuleTask("dragon_attack", task.player, zone)]
    if rest:
        then.append(RuleTask("dragon_order", task.player, data=rest) if len(rest) > 1
                    else RuleTask("dragon_attack", task.player, rest[0]))
    return pop_head(state, then), False


# --- steps 1-2: targets ----------------------------------------------------------------------


def _bond(state: GameState, dragon: int) -> DragonBond | None:
    return next((b for b in state.bonds if b.dragon == dragon), None)


def _dragon_options(state: GameState, dragon: int, zone: Zone, player: int
                    ) -> tuple[str, tuple[int, ...]]:
    """How a dragon may attack: ("dragons", the dragons it may attack), else ("army", ());
    ("none", ()) for a dragon tamed by a unit of the army with no dragon to attack (it does
    not attack, seed 000); ("controlled", every other dragon) for a controlled dragon: it
    attacks the one its controller names, or does not roll (seed 000)."""
    others = [d for d in dragons_at(state, zone) if d != dragon]
    bond = _bond(state, dragon)
    if bond is not None and bond.kind == "controlled":
        return "controlled", tuple(others)
    targets = tuple(d for d in others if attacks_dragon(state.dice[dragon].die,
                                                        state.dice[d].die))
    if targets:
        return "dragons", targets
    tamer_here = bond is not None and state.zones[bond.unit] == zone \
        and state.dice[bond.unit].owner == player
    return ("none", ()) if tamer_here else ("army", ())


def _targets(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Steps 1-2, one dragon at a time (task.data: the dragons still to place)."""
    zone, player = task.zone, task.player
    assert zone is not None  # a dragon-attack task names its terrain
    attack = state.current_dragon_attack
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        dragon = task.data[0]
        picked = picks_of(task)
        target = picked[0] if picked else -1
        if target == -1:
            events.append(Event("message", f"{state.die_label(dragon)} does not roll: its "
                                           f"controller keeps it back (seed 000)"))
        else:
            attack = replace(attack, targets=attack.targets + ((dragon, target),))
            events.append(Event("message", f"{state.die_label(dragon)} attacks "
                                           f"{state.die_label(target)}"))
        state = state.with_(dragon_attack=attack)
        task = replace(task, ask=None, data=task.data[1:])
    for i, dragon in enumerate(task.data):
        how, options = _dragon_options(state, dragon, zone, player)
        label = state.die_label(dragon)
        if how in ("dragons", "controlled") and (len(options) > 1 or how == "controlled"):
            if how == "dragons":
                chooser = state.dice[dragon].owner
            else:
                bond = _bond(state, dragon)
                assert bond is not None  # a controlled dragon has the bond that controls it
                chooser = state.dice[bond.unit].owner
            prompt = (f"{label} attacks a dragon: which one? (step 2)" if how == "dragons"
                      else f"{label} is controlled: pick the dragon it attacks, or none to "
                           f"keep it from rolling (seed 000)")
            question = PickAsk(chooser, prompt, options, tuple(1 for _ in options),
                               max_units=1, maximize=how == "dragons")
            state = state.with_(dragon_attack=attack)
            return ask(state, replace(task, data=task.data[i:]), question)
        if how == "dragons":
            attack = replace(attack, targets=attack.targets + ((dragon, options[0]),))
            events.append(Event("message", f"{label} attacks {state.die_label(options[0])}"))
        elif how == "army":
            attack = replace(attack, targets=attack.targets + ((dragon, None),))
            events.append(Event("message", f"{label} attacks {state.players[player].name}'s "
                                           f"{state.army_name(zone, player)}"))
        else:
            events.append(Event("message", f"{label} does not attack: the unit that tamed it "
                                           f"is in this army (seed 000)"))
    state = state.with_(dragon_attack=attack)
    return replace_head(state, replace(task, stage="roll", data=())), False


# --- step 3: the dragons roll ----------------------------------------------------------------


def _roll_dragon(state: GameState, dragon: int, at_dragon: bool, dice: Thrower,
                 events: Events) -> tuple[int, ...] | None:
    """One dragon's roll (a chance step), thrown by `dice`: Tail rolls it again, and so does
    Breath when it attacks a dragon (digest §5.4 step 3). None while a manual-dice game waits
    for a face."""
    die = state.dice[dragon].die
    throw = state.throw(dragon, "dragon attack")
    face = dice.face(len(die.faces), throw)
    if face is None:
        return None
    chain = [face]
    while len(chain) <= MAX_REROLLS and (
            die.faces[chain[-1]].icon is Icon.TAIL
            or (die.faces[chain[-1]].icon is Icon.BREATH and at_dragon)):
        face = dice.face(len(die.faces), throw.again(f"after {die.faces[chain[-1]].to_text()}"))
        if face is None:
            return None
        chain.append(face)
    shown = " -> rolled again -> ".join(die.faces[f].to_text() for f in chain)
    events.append(Event("roll", f"{state.die_label(dragon)} rolls: {shown}",
                        player=state.dice[dragon].owner))
    return tuple(chain)


def _roll_dragons(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Step 3: every attacking dragon rolls; in a manual-dice game the step waits for each
    face and resumes here."""
    rolls: list[tuple[int, tuple[int, ...]]] = []
    dice, rolled = Thrower(state), Events()
    for dragon, target in state.current_dragon_attack.targets:
        chain = _roll_dragon(state, dragon, target is not None, dice, rolled)
        if chain is None:
            assert dice.waiting is not None
            return dice.waiting, True
        rolls.append((dragon, chain))
    events.extend(rolled)
    attack = replace(state.current_dragon_attack, rolls=tuple(rolls))
    state = dice.settled(state)
    return replace_head(state.with_(dragon_attack=attack), replace(task, stage="breath")), False


def _shown(state: GameState, dragon: int, icon: Icon) -> list[int]:
    """The values of the faces showing `icon` that `dragon` rolled in this attack."""
    return [n for i, n in face_icons(state.dice[dragon].die, state.current_dragon_attack.faces(dragon))
            if i is icon]


def army_damage(state: GameState, dragon: int) -> int:
    """A dragon's Jaws, Claws, Tail and Wings damage to the army in this attack (step 7)."""
    return faces_army_damage(state.dice[dragon].die, state.current_dragon_attack.faces(dragon))


def faces_army_damage(die: Die, faces: Sequence[int]) -> int:
    """The Jaws, Claws, Tail and Wings damage to an army of dragon `die` showing `faces`
    (face indexes, every roll of its chain; step 7)."""
    return sum(n for i, n in face_icons(die, faces) if i in _ARMY_DAMAGE)


def dragon_damage(state: GameState, dragon: int) -> int:
    """A dragon's damage to the dragon it attacks: every face's value, Breath included
    (digest §1.7: Breath against a dragon is 5 damage, 10 for a White Dragon)."""
    return sum(n for _, n in face_icons(state.dice[dragon].die,
                                        state.current_dragon_attack.faces(dragon)))


def rolled_belly(state: GameState, dragon: int) -> bool:
    return bool(_shown(state, dragon, Icon.BELLY))


def _lair(state: GameState) -> str:
    """Where a dragon goes back to, in words: the Summoning Pool, or in a classic game its
    owner's dead pile (TSR digest §12, OP-23)."""
    return "Dead Unit Area" if state.options.classic else "Summoning Pool"


# --- step 4: breath against the army ---------------------------------------------------------


def _breath(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Each Breath kills health-worth of units the army's owner picks (a DamageDue nobody saves
    against), then puts its elemental effects on the army."""
    zone, player = task.zone, task.player
    assert zone is not None  # a dragon-attack task names its terrain
    attack = state.current_dragon_attack
    dues = []
    for dragon in attack.at_army:
        for amount in _shown(state, dragon, Icon.BREATH):
            # The 1996 breath kills and brings no elemental effect after (OP-23).
            elements = (frozenset() if state.options.classic
                        else breath_elements(state, dragon, zone))
            label = state.die_label(dragon)
            fire = Color.FIRE in elements
            dues.append(DamageDue(player, zone, amount, f"{label}'s breath kills {amount} "
                                                        f"health-worth (digest §5.4)",
                                  on_kill="save_or_bury" if fire else ""))
            state = _breath_effects(state, dragon, elements, zone, player, events)
    state = state.with_(damage=state.damage + tuple(dues))
    return replace_head(state, replace(task, stage="treasure")), False


def _breath_effects(state: GameState, dragon: int, elements: frozenset[Color], zone: Zone,
                    player: int, events: Events) -> GameState:
    label = state.die_label(dragon)
    owner = state.players[player].name
    until = f"until the beginning of {owner}'s next turn"
    for element in sorted(elements, key=lambda c: c.value):
        if element in _HALVING:
            name, rt = _HALVING[element]
            text = (f"{name} ({label}'s breath): {owner}'s army at {state.zone_name(zone)} "
                    f"halves its {rt.value} results {until}")
            mod = Modifier(ModOp.DIVIDE, 2, text, types=(rt,))
            state = add(state, LastingEffect(player, None, "modifiers", text, player=player,
                                             zone=zone, modifiers=(mod,)), events)
        elif element is Color.DEATH:
            text = (f"Dragon Plague ({label}'s breath): {owner}'s army at "
                    f"{state.zone_name(zone)} ignores its ID results {until}")
            state = add(state, LastingEffect(player, None, "ignore_ids", text, player=player,
                                             zone=zone), events)
        elif element is Color.FIRE:
            events.append(Event("effect", f"Dragon Fire ({label}'s breath): the units it kills "
                                          f"roll to save; those without a save are buried",
                                player=player))
    if not elements:
        events.append(Event("effect", f"Life Drain ({label}'s breath): no further effect",
                            player=player))
    return state


# --- step 5: treasure -----------------------------------------------------------------------


def _treasure(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Treasure: the army may promote one unit (two for a White Dragon), one at a time."""
    zone, player = task.zone, task.player
    assert zone is not None  # a dragon-attack task names its terrain
    count = task.data[0] if task.data else sum(
        n for d in state.current_dragon_attack.at_army for n in _shown(state, d, Icon.TREASURE))
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        if not picks_of(task):
            count = 0
        else:
            unit = picks_of(task)[0]
            state = promote(state, unit, promotion_partners(state, unit)[0], events,
                            "a dragon's Treasure, digest §5.4")
            count -= 1
        task = replace(task, ask=None)
    units = [u for u in state.units_in(zone, player) if promotion_partners(state, u.id)]
    if count > 0 and units:
        question = units_pick(player, f"Treasure: you may promote a unit ({count} left)", units,
                              max_units=1)
        return ask(state, task, question, data=(count,))
    return replace_head(state, replace(task, stage="response", data=(), ask=None)), False


# --- step 6: the army answers ----------------------------------------------------------------


def _cannot_roll(state: GameState, zone: Zone, player: int) -> tuple[tuple[int, str], ...]:
    """Dragonkin that cannot roll in this attack: one of the dragons attacking the army is of
    their element, or Ivory, Ivory Hybrid or White (digest §5.6); Resist Fear lets Dragonkin up
    to the Eldarim health in the army roll anyway, in die order (digest §6, rulings)."""
    dragons = [state.dice[d].die for d in state.current_dragon_attack.at_army]
    return afraid_dragonkin(state, [(u.id, u.die) for u in state.units_in(zone, player)],
                            dragons)


def feared_dragonkin(units: Sequence[tuple[int, Die]], dragons: Sequence[Die]
                     ) -> list[tuple[int, Die, Die]]:
    """(die id, Die, the dragon it fears) of the Dragonkin among `units` ((die id, Die) of the
    army, in die order) that one of the attacking `dragons` keeps from rolling: a dragon of
    their element, or an Ivory, Ivory Hybrid or White dragon (digest §5.6)."""
    out = []
    for die_id, unit in units:
        if unit.species is not Species.DRAGONKIN:
            continue
        feared = next((d for d in dragons if dragon_kind(d) in (
            DragonKind.IVORY, DragonKind.IVORY_HYBRID, DragonKind.WHITE)
            or d.elements & unit.elements), None)
        if feared is not None:
            out.append((die_id, unit, feared))
    return out


def afraid_dragonkin(game: object, units: Sequence[tuple[int, Die]], dragons: Sequence[Die],
                     fearless: Sequence[int] | None = None) -> tuple[tuple[int, str], ...]:
    """(die id, why) of the Dragonkin among `units` ((die id, Die) of the army, in die order)
    that cannot roll against the attacking `dragons` (Dies), in `game` (its GameState, or
    the RollContext of a roll counted outside a game): see ``_cannot_roll``. The
    abilities on the dragon-attack hook (Resist Fear) let some health-worth of them roll:
    those in `fearless` (their owner's choice), or when not given, in die order."""
    budget = add_up(Hook.IN_DRAGON_ATTACK, game, units)
    out = []
    for die_id, unit, feared in feared_dragonkin(units, dragons):
        if fearless is not None:
            if die_id in fearless:
                continue
        elif unit.health <= budget:
            budget -= unit.health
            continue
        out.append((die_id, f"Dragonkin cannot roll against the {feared.name} (digest §5.6)"))
    return tuple(out)


def response_context(state: GameState, zone: Zone, player: int) -> RollContext:
    """The army's melee + missile + save roll against the dragons (step 6): Decapitate and
    Impale see whether a dragon rolled Jaws, Bash the damage each dragon did. From rules
    revision 3 the army controlling the terrain's eighth face doubles its ID results in it, as
    on every roll there (digest §8; only individual unit rolls are exempt, §10 #5)."""
    at_army = state.current_dragon_attack.at_army
    changes = roll_changes(state, zone, player, (SAV, MEL, MIS))
    doubled = state.options.since(3) and controls_eighth_face(state, zone, player)
    classic: dict[str, object] = {}
    if state.options.classic:
        # The 1996 eighth face doubles maneuvers, not IDs; the roll is marked as a classic
        # one (the icons' dragon-answer meanings, ``classic.forms``).
        doubled = doubled and state.options.house_rule(CLASSIC_EIGHTH_FACE_IDS)
        classic = roll_fields()
    ctx = RollContext.dragon_attack(
        dragon_rolled_jaws=any(_shown(state, d, Icon.JAWS) for d in at_army),
        dragon_damage=tuple((d, army_damage(state, d)) for d in at_army), cantrip_spells=True,
        id_multiplier=2 if doubled else 1, unit_multipliers=unit_multipliers(state), **changes,
        **classic)
    return replace(ctx, converts=ctx.converts + conversions(state, zone, player, ctx))


def _helpers(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Dragons the army's champions control that did not attack: each rolls, and the damage
    it does (Wings ignored) adds to the army's melee results (seed 000 control). Returns
    (state, waiting): a manual-dice game may wait for a face (the step resumes here)."""
    attack = state.current_dragon_attack
    attacking = {d for d, _ in attack.targets}
    extra, dice, said = 0, Thrower(state), Events()
    for bond in state.bonds:
        if (bond.kind == "controlled" and state.zones[bond.dragon] == attack.zone
                and bond.dragon not in attacking
                and state.zones[bond.unit] == attack.zone
                and state.dice[bond.unit].owner == attack.player):
            chain = _roll_dragon(state, bond.dragon, True, dice, said)
            if chain is None:
                assert dice.waiting is not None
                return dice.waiting, True
            damage = sum(n for i, n in face_icons(state.dice[bond.dragon].die, chain)
                         if i is not Icon.WINGS)
            said.append(Event("message", f"{state.die_label(bond.dragon)}, controlled by "
                                         f"{state.die_label(bond.unit)}, adds {damage} to the "
                                         f"army's melee results (seed 000)"))
            extra += damage
    events.extend(said)
    state = dice.settled(state)
    attack = replace(state.current_dragon_attack, extra_melee=extra)
    return state.with_(dragon_attack=attack), False


def _response(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """The army rolls its answer. First, when the dragon-attack hook's abilities let only
    some of the feared Dragonkin roll, their owner may pick them one at a time (Resist Fear,
    rules revision 5: ``species/abilities/eldarim.py``; `task.data`: the picks so far, and
    whether the owner is done)."""
    zone, player = task.zone, task.player
    assert zone is not None  # a dragon-attack task names its terrain
    next_task = replace(task, stage="allocate", ask=None, data=())
    if not state.current_dragon_attack.at_army or not state.has_army(zone, player):
        return replace_head(state, replace(task, stage="damage")), False
    exclude = _cannot_roll(state, zone, player)
    chooser = next((e for e in on(Hook.IN_DRAGON_ATTACK, state) if e.then is not None), None)
    if chooser is not None:
        chosen, over = task.data if task.data else ((), False)
        if task.ask is not None:
            if (asked := resume(state, task)) is not None:
                return asked
            chosen, over = chosen + picks_of(task), not picks_of(task)
            task = replace(task, ask=None, data=(chosen, over))
        units = [(u.id, u.die) for u in state.units_in(zone, player)]
        dragons = [state.dice[d].die for d in state.current_dragon_attack.at_army]
        assert chooser.then is not None  # found above
        question, fearless = chooser.then(state, player, units,
                                          feared_dragonkin(units, dragons), chosen, over)
        if question is not None:
            return ask(state, task, question, data=(chosen, over))
        if fearless is not None:
            exclude = afraid_dragonkin(state, units, dragons, fearless)
    state, helpers_wait = _helpers(state, events)
    if helpers_wait:
        return state, True
    roll = RollTask("dragon-attack", player, zone, response_context(state, zone, player),
                    exclude=exclude)
    return pop_head(state, [roll, next_task]), False


def _allocate(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """The army's owner gives all its melee, or all its missile, to each dragon it kills
    (digest §5.4 step 6, §10 #6). task.data: (melee left, missile left, dragons to go)."""
    player, attack = task.player, state.current_dragon_attack
    if not task.data:
        roll = attack.result("dragon-attack")
        melee, missile = (roll.total(MEL), roll.total(MIS)) if roll else (0, 0)
        melee += attack.extra_melee
        gone = set(attack.killed) | set(attack.spared)
        todo = tuple(d for d in attack.at_army if d not in gone)
        task = replace(task, data=(melee, missile, todo))
    melee, missile, todo = task.data
    if task.ask is not None:
        if (waiting := resume(state, task)) is not None:
            return waiting
        dragon, answer = todo[0], answer_of(task)
        threshold = _threshold(state, dragon)
        if answer != "none":
            state = state.with_(dragon_attack=replace(
                attack, killed=attack.killed + (dragon,)))
            events.append(Event("message", f"{state.die_label(dragon)} is killed by "
                                           f"{threshold} {answer} results", player=player))
            melee -= threshold if answer == "melee" else 0
            missile -= threshold if answer == "missile" else 0
        task = replace(task, ask=None, data=(melee, missile, todo[1:]))
        todo = todo[1:]
    for i, dragon in enumerate(todo):
        threshold = _threshold(state, dragon)
        options = tuple(o for o, left in (("melee", melee), ("missile", missile))
                        if left >= threshold)
        if options:
            question = ChooseAsk(player, f"{state.die_label(dragon)} dies from {threshold} "
                                         f"melee or {threshold} missile results (you have "
                                         f"{melee} melee, {missile} missile left): kill it with",
                                 options + ("none",), options[0])
            return ask(state, replace(task, data=(melee, missile, todo[i:])), question)
    return replace_head(state, replace(task, stage="damage", data=(), ask=None)), False


def _threshold(state: GameState, dragon: int) -> int:
    return kill_threshold(state.dice[dragon].die, rolled_belly(state, dragon), state.options)


# --- steps 7-9 -------------------------------------------------------------------------------


def _damage(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Step 7: all damage at once."""
    zone, player = task.zone, task.player
    assert zone is not None  # a dragon-attack task names its terrain
    attack = state.current_dragon_attack
    hitting = [d for d in attack.at_army if d not in attack.spared]
    total = sum(army_damage(state, d) for d in hitting)
    roll = attack.result("dragon-attack")
    saves = roll.total(SAV) if roll else 0
    if total and state.has_army(zone, player):
        state = state.with_(damage=state.damage + (DamageDue(
            player, zone, max(0, total - saves),
            f"dragons' jaws, claws, tail and wings {total} − saves {saves}"),))
    killed = list(attack.killed)
    for target in dict.fromkeys(t for _, t in attack.targets if t is not None):
        hit = sum(dragon_damage(state, d) for d, t in attack.targets if t == target)
        threshold = _threshold(state, target)
        label = state.die_label(target)
        if hit >= threshold and target not in killed:
            killed.append(target)
            events.append(Event("message", f"{label} takes {hit} damage from dragons "
                                           f"(dies from {threshold}): killed"))
        else:
            events.append(Event("message", f"{label} takes {hit} damage from dragons "
                                           f"(dies from {threshold}): survives"))
    for dragon in killed:
        if dragon not in attack.slain:
            state = to_pool(state, dragon, events, f"killed: back to its owner's "
                                                   f"{_lair(state)}")
    for dragon in attack.slain:
        state = move_dragon(state, dragon, Zone(ZoneKind.BUA, state.dice[dragon].owner),
                            events, "slain: removed from the game (seed 000)")
    return replace_head(state, replace(task, stage="promote")), False


def promotion_pairs(state: GameState, zone: Zone, player: int) -> list[tuple[int, int]]:
    """Promote as many units as possible (digest §4.8): every unit of the army paired with a
    DUA unit of its species and one more health, each DUA unit used once. Units of one
    species and health compete for the same partners, so taking them in order is as good as
    any pairing."""
    pairs: list[tuple[int, int]] = []
    used: tuple[int, ...] = ()
    for unit in state.units_in(zone, player):
        partners = promotion_partners(state, unit.id, used)
        if partners:
            pairs.append((unit.id, partners[0]))
            used += (partners[0],)
    return pairs


def _promote(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Step 8: an army that killed a dragon may promote as many units as possible, all at
    once."""
    zone, player = task.zone, task.player
    assert zone is not None  # a dragon-attack task names its terrain
    attack = state.current_dragon_attack
    army_kills = [d for d in attack.killed if d not in attack.slain and d in attack.at_army]
    pairs = promotion_pairs(state, zone, player) if army_kills else []
    if not pairs:
        return replace_head(state, replace(task, stage="wings", ask=None)), False
    if task.ask is None:
        question = ChooseAsk(player, f"Your army killed {count_of(len(army_kills), 'dragon')}: "
                                     "promote "
                                     f"as many units as possible ({len(pairs)})?",
                             ("promote", "no"), "promote")
        return ask(state, task, question)
    if (waiting := resume(state, task)) is not None:
        return waiting
    if answer_of(task) == "promote":
        for unit, partner in pairs:
            state = promote(state, unit, partner, events, "the army killed a dragon, "
                                                          "digest §5.4")
    return replace_head(state, replace(task, stage="wings", ask=None)), False


def _wings(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    """Step 9: surviving dragons that rolled Wings fly back to their owner's pool; then the
    attack at this terrain is over."""
    assert task.zone is not None  # a dragon-attack task names its terrain
    for dragon, _ in state.current_dragon_attack.targets:
        if state.zones[dragon] == task.zone and _shown(state, dragon, Icon.WINGS):
            state = to_pool(state, dragon, events, f"rolled Wings: flies back to its owner's "
                                                   f"{_lair(state)}")
    state = prune_armies(state.with_(dragon_attack=None), events)
    return finish_rule(state, task, f"Dragon attack at {state.zone_name(task.zone)} is over",
                       events)


_STAGES = {"roll": _roll_dragons, "breath": _breath, "treasure": _treasure,
           "response": _response, "allocate": _allocate, "damage": _damage,
           "promote": _promote, "wings": _wings}


def _dragon_attack(state: GameState, task: RuleTask, events: Events) -> tuple[GameState, bool]:
    if task.stage == "start":
        zone, player = task.zone, task.player
        assert zone is not None  # a dragon-attack task names its terrain
        dragons = dragons_at(state, zone)
        if not dragons or not state.has_army(zone, player):
            return finish_rule(state, task, "", events)
        events.append(Event("phase", f"Dragon Attack at {state.zone_name(zone)}: "
                                     f"{', '.join(state.die_label(d) for d in dragons)}",
                            player=player))
        state = state.with_(dragon_attack=DragonAttackState(zone, player))
        return _targets(state, replace(task, stage="targets", data=dragons), events)
    if task.stage == "targets":
        return _targets(state, task, events)
    return _STAGES[task.stage](state, task, events)


RULE_RUNNERS = {"dragon_order": _order, "dragon_attack": _dragon_attack}
