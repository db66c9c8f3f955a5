"""The SFR/TSR logo (seed 000, seed 001): its record and everything it does, which depends on
the die that shows it — the Bronze, Silver and Gold Medallions, the Elemental Relic (its re-
roll, recruits and promotions, ``elemental_relic.py``), the Eldarim champions (an ID worth
two results; in a dragon attack, tame, slay or control a dragon) and the Dragonkin champions
(four saves against individual effects; move a summoned dragon). The Earthfang relic's logo
has no rules text available and is reported as not resolved.

Units return from the DUA through ``sai/own_army.py``.
"""

from __future__ import annotations

from dataclasses import replace

from ....catalog.model import Color, DieKind, Icon, Species
from ...core.dice_moves import move_die
from ...core.state import DragonBond, GameState, Zone, ZoneKind
from ...dragons.kinds import destinations, dragon_kind, DragonKind, end_bonds, move_dragon
from ...rolls.model import ANY_COLOR, Contribution, Origin, RollType, SaiOutcome
from ...tasks.effect_steps import ask, Events, finish, resume
from ...tasks.kinds import Ask, ChooseAsk, EffectTask, PickAsk, picks_of, word_answer, zone_answer
from ...units.fates import promote, promotion_partners
from ...units.items import army_items, fits
from ..icon_roll import logo_counts_as_id, magic_key, NO_RULES_TEXT, relic_element, SaiRoll
from ..on_dragons import attack_open, pick_dragon, white_slain
from ..own_army import run_return_from_dua
from ..records import SaiRecord
from .cantrip import cantrip_only
from .elemental_relic import elemental_relic, run_relic


def _in_roll(sai: SaiRoll) -> SaiOutcome:
    """The SFR/TSR logo means something different on each kind of die (seed 000, seed 001)."""
    die, rt = sai.die, sai.roll_type
    non_maneuver = not sai.ctx.is_maneuver_roll
    if die.kind is DieKind.MEDALLION:
        alloy = next((c for c in die.colors if c in (Color.BRONZE, Color.SILVER, Color.GOLD)), None)
        if not non_maneuver:
            return sai.ignored("SFR Logo (medallion) has no effect in a maneuver roll "
                               "(seed 001 Applies column: Non-Maneuver)")
        if alloy is Color.BRONZE:
            if rt is RollType.MAGIC:
                return sai.generate(RollType.MAGIC, f"SFR Logo (Bronze Medallion): "
                                                    f"{sai.results('magic')} of any elemental "
                                                    f"colour (seed 001)", color=ANY_COLOR)
            return cantrip_only(sai, " (Bronze Medallion: any species or colour)")
        if alloy is Color.SILVER:
            return sai.effect("silver_medallion", "SFR Logo (Silver Medallion): return an item "
                                                  "from your BUA to this army, or a Dragonkin "
                                                  "or minor terrain from your BUA to your "
                                                  "Summoning Pool, or summon/promote Dragonkin "
                                                  "(seed 001)", amount=1)
        if alloy is Color.GOLD:
            return sai.effect("return_from_dua", "SFR Logo (Gold Medallion): you may return up "
                                                 "to four health-worth of units from your DUA "
                                                 "to this army (seed 001)", amount=4)
        return sai.unresolved(NO_RULES_TEXT)
    if die.kind is DieKind.RELIC:
        if not any(relic_element(icon) for f in die.faces for icon, _ in f.icons):
            return sai.unresolved(NO_RULES_TEXT + " (the Earthfang relic's FAQ entry)")
        if not non_maneuver:
            return sai.ignored("SFR Logo (Elemental Relic) has no effect in a maneuver roll "
                               "(seed 001 Applies column: Non-Maneuver)")
        return elemental_relic(sai)
    if die.species is Species.DRAGONKIN:
        if rt is RollType.MELEE:
            return sai.effect("move_dragon", "SFR Logo (Dragonkin champion): you may move a "
                                             "summoned dragon containing this champion's "
                                             "colour from one terrain to another (seed 000)",
                              amount=1)
        return sai.ignored(f"SFR Logo (Dragonkin champion) has no effect in a {rt.value} roll "
                           f"(seed 000 Applies column: Melee, Individual)")
    if die.species is Species.ELDARIM:
        if Color.WHITE in die.colors:  # Dragonlord, Dragonslayer, Dragoncrusader
            return sai.ignored(f"SFR Logo (White Eldarim champion) has no effect in a {rt.value} "
                               f"roll (seed 000 Applies column: Dragon Attack, Individual)")
        return logo_as_id(sai)
    return sai.unresolved(NO_RULES_TEXT)


def logo_as_id(sai: SaiRoll) -> SaiOutcome:
    """Dragonmaster, Dragonhunter, Dragonzealot: "During any other roll, this SAI is
    considered to be an ID icon which generates two results" (seed 000) — an ID result, so
    the eighth face doubles it at step 9 like any ID."""
    rt = sai.roll_type
    if sai.ctx.ignore_ids:
        return sai.ignored(f"SFR Logo (counts as an ID icon): not counted: {sai.ctx.ignore_ids}")
    return SaiOutcome(contributions=(Contribution(
        rt, 2, Icon.LOGO, "SFR Logo (single-element Eldarim champion): counts as an ID icon "
                          "worth 2 results outside dragon attacks (seed 000)",
        Origin.ID, magic_key(sai.die) if rt is RollType.MAGIC else None),))


def _individual(sai: SaiRoll) -> SaiOutcome | None:
    """The champions' logo in individual rolls (seed 000): four saves against an
    individual-targeting effect; the single-element Eldarim champions' logo counts as an ID
    icon; otherwise nothing. None for the other dice (their logo reads as in army rolls)."""
    if sai.die.kind is not DieKind.CHAMPION:
        return None
    rt = sai.roll_type
    if rt is RollType.SAVE and sai.ctx.against_individual:
        return sai.generate(rt, "SFR Logo (champion): four save results when saving against "
                                "an individual-targeting effect (seed 000)", amount=4)
    if logo_counts_as_id(sai.die):
        return logo_as_id(sai)
    return sai.ignored("SFR Logo (champion) does nothing in this individual roll (seed 000)")


_CHAMPION_POWERS = {
    "Dragonlord": ("tame", "ANY type of dragon"), "Dragonmaster": ("tame", "a dragon of its "
                                                                            "colour"),
    "Dragonslayer": ("slay", "ANY type of dragon"), "Dragonhunter": ("slay", "a dragon of its "
                                                                             "colour"),
    "Dragoncrusader": ("control", "ANY type of dragon"),
    "Dragonzealot": ("control", "a dragon of its colour"),
}


def _champion_name(sai: SaiRoll) -> str:
    """The Eldarim champion's title in its die's name ("Dragonlord" ...), or "" if none."""
    name = sai.die.name.replace(" ", "")
    return next((title for title in _CHAMPION_POWERS if title.lower() in name.lower()), "")


def _in_dragon_attack(sai: SaiRoll) -> SaiOutcome | None:
    """The logo in a dragon attack: an Eldarim champion may tame, slay or control a dragon that
    attacked its army (seed 000); a medallion's or a relic's logo reads as in any non-maneuver
    roll (None; seed 001); other dice have no Dragon Attack sentence."""
    if sai.die.kind is DieKind.CHAMPION and sai.die.species is Species.ELDARIM:
        title = _champion_name(sai)
        if title not in _CHAMPION_POWERS:
            return sai.unresolved(NO_RULES_TEXT)
        kind, which = _CHAMPION_POWERS[title]
        return sai.effect(kind, f"{title}: may {kind} {which} that attacked this army; "
                                f"its non-breath damage is ignored (seed 000)")
    if sai.die.kind in (DieKind.MEDALLION, DieKind.RELIC):  # Non-Maneuver (seed 001)
        return None
    return sai.ignored("SFR Logo has no Dragon Attack sentence on this die (seed 000)")


def _run_silver_medallion(state: GameState, task: EffectTask,
                          events: Events) -> tuple[GameState, bool]:
    """Silver Medallion (seed 001), one of: return an item from your BUA to this army
    ("item"); a Dragonkin or minor terrain from your BUA to your Summoning Pool ("pool"); at a
    terrain, summon a small Dragonkin from your Summoning Pool to this army ("summon") or
    promote one of its Dragonkin ("promote") — one health-worth of Dragonkin."""
    player, zone = task.owner, task.zone
    bua = state.dice_in(Zone(ZoneKind.BUA, player), player)
    units = [u.die for u in state.units_in(zone, player)]
    carried_now = [d.die for d in army_items(state, zone, player)]
    at_terrain = zone.kind is ZoneKind.TERRAIN
    choices = {
        "item": [d for d in bua if d.die.kind.is_item and fits(units, carried_now + [d.die])],
        "pool": [d for d in bua if d.die.species is Species.DRAGONKIN
                 or d.die.kind is DieKind.MINOR_TERRAIN],
        "summon": [d for d in state.units_in(Zone(ZoneKind.SUMMONING, player), player)
                   if at_terrain and d.die.species is Species.DRAGONKIN and d.die.health == 1],
        "promote": [u for u in state.units_in(zone, player) if at_terrain
                    and u.die.species is Species.DRAGONKIN and promotion_partners(state, u.id)],
    }
    if task.stage == "start":
        options = tuple(o for o, dice in choices.items() if dice)
        if not options:
            return finish(state, task, "Silver Medallion: nothing to return, summon or promote",
                          events)
        question: Ask  # a pick or a choice, by stage
        question = ChooseAsk(player, "Silver Medallion: return an item from your BUA to this "
                                     "army (item), a Dragonkin or minor terrain from your BUA "
                                     "to your Summoning Pool (pool), summon a small Dragonkin "
                                     "to this army (summon) or promote one of its Dragonkin "
                                     "(promote)?", options + ("none",), options[0])
        return ask(state, task, question, stage="mode")
    if task.stage == "mode":
        if (waiting := resume(state, task)) is not None:
            return waiting
        mode = word_answer(task)
        if mode == "none":
            return finish(state, task, "Silver Medallion: not used", events)
        dice = choices[mode]
        question = PickAsk(player, "Silver Medallion: which one", tuple(d.id for d in dice),
                           tuple(1 for _ in dice), max_units=1, maximize=True)
        return ask(state, task, question, stage="pick", data=(mode,))
    if (waiting := resume(state, task)) is not None:
        return waiting
    die_id, mode = picks_of(task)[0], task.data[0]
    if mode == "promote":
        partner = promotion_partners(state, die_id)[0]
        state = promote(state, die_id, partner, events, "Silver Medallion")
        return finish(state, task, f"Silver Medallion: {state.die_label(partner)} replaces "
                                   f"{state.die_label(die_id)}", events, (die_id,))
    to = Zone(ZoneKind.SUMMONING, player) if mode == "pool" else zone
    state = move_die(state, die_id, to, events)
    return finish(state, task, f"Silver Medallion: {state.die_label(die_id)} goes to "
                               f"{state.zone_name(to)}", events, (die_id,),
                  ((die_id, "returned"),))


def champion_targets(state: GameState, unit: int) -> list[int]:
    """Dragons an Eldarim champion's logo may act on: any that attacked its army for a White
    champion; one containing its colour, never a White Dragon, for the others (seed 000)."""
    die = state.dice[unit].die
    white = Color.WHITE in die.colors
    return [d for d in state.current_dragon_attack.at_army if attack_open(state, d)
            and (white or (dragon_kind(state.dice[d].die) is not DragonKind.WHITE
                           and state.dice[d].die.elements & die.elements))]


def _run_champion(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Tame, slay or control a dragon that attacked the army (seed 000 SFR Logo)."""
    kind, unit = task.effect.kind, task.effect.die_id
    if state.dragon_attack is None:
        return finish(state, task, f"{kind.capitalize()}: no dragon attack in progress", events)
    candidates = champion_targets(state, unit)
    if (waiting := pick_dragon(state, task, candidates, f"{state.die_label(unit)} may {kind} "
                                                        f"a dragon that attacked this army",
                               events, False)) is not None:
        return waiting
    if not picks_of(task):
        return finish(state, task, f"{state.die_label(unit)} does not {kind} a dragon", events)
    dragon = picks_of(task)[0]
    attack = state.dragon_attack
    attack = replace(attack, spared=attack.spared + (dragon,))
    label = state.die_label(dragon)
    if kind == "slay":
        state = state.with_(dragon_attack=replace(attack, slain=attack.slain + (dragon,)))
        text = f"{state.die_label(unit)} slays {label}: it leaves the game"
        if dragon_kind(state.dice[dragon].die) is DragonKind.WHITE:
            state, text = white_slain(state, dragon, unit, text, events)
        return finish(state, task, text, events, (dragon,), ((dragon, "slain"),))
    state = state.with_(dragon_attack=attack)
    state = end_bonds(state, dragon=dragon, events=events, why=f"{kind} anew")
    state = end_bonds(state, unit=unit, events=events, why="its champion took another dragon")
    words = "tamed" if kind == "tame" else "controlled"
    state = state.with_(bonds=state.bonds + (DragonBond(dragon, unit, words),))
    return finish(state, task, f"{state.die_label(unit)} {kind}s {label}: its non-breath "
                               f"damage is ignored", events, (dragon,), ((dragon, words),))


def _run_move_dragon(state: GameState, task: EffectTask, events: Events) -> tuple[GameState, bool]:
    """Dragonkin champion's logo in a melee attack: you may move a summoned dragon containing
    its colour from one terrain to another (seed 000)."""
    colours = state.dice[task.effect.die_id].die.elements
    if task.stage == "start":
        dragons = [d.id for d, z in zip(state.dice, state.zones)
                   if z.kind is ZoneKind.TERRAIN and d.die.kind is DieKind.DRAGON
                   and d.die.elements & colours]
        if not dragons:
            return finish(state, task, "Dragonkin champion: no summoned dragon of its colour",
                          events)
        question = PickAsk(task.owner, "Dragonkin champion: you may move a summoned dragon of "
                                       "its colour to another terrain", tuple(dragons),
                           tuple(1 for _ in dragons), max_units=1)
        return ask(state, task, question, stage="dragon")
    if (waiting := resume(state, task)) is not None:
        return waiting
    if task.stage == "dragon":
        if not picks_of(task):
            return finish(state, task, "Dragonkin champion: no dragon moved", events)
        dragon = picks_of(task)[0]
        places = destinations(state, dragon)
        where = ChooseAsk(task.owner, f"Where does {state.die_label(dragon)} go?", places,
                          places[0])
        return ask(state, task, where, stage="place", targets=(dragon,))
    dragon, to = task.targets[0], zone_answer(task)
    state = move_dragon(state, dragon, to, events, f"moved to {state.zone_name(to)} by a "
                                                   f"Dragonkin champion (seed 000)")
    return finish(state, task, f"Dragonkin champion: {state.die_label(dragon)} moves to "
                               f"{state.zone_name(to)}", events, (dragon,))


RECORDS: dict[Icon, SaiRecord] = {
    Icon.LOGO: SaiRecord(
        applies='',
        summary=('The SFR/TSR logo: what it does depends on the die (medallions, relics, '
                 'champions); see the die inspector.'),
        in_roll=_in_roll,
        individual=_individual,
        in_dragon_attack=_in_dragon_attack,
        runners={
            "return_from_dua": run_return_from_dua, "silver_medallion": _run_silver_medallion,
            "relic": run_relic, "tame": _run_champion, "slay": _run_champion,
            "control": _run_champion, "move_dragon": _run_move_dragon,
        },
    ),
}
