"""The odds of the rolls the engine makes: in a game (the game dock) and at a table (the
``dragondice odds`` command given the terrain).

Nothing here decides a rule. The roll's context comes from the engine's own builders
(``engine.flow.army_context`` in play, ``engine.flow.place_context`` at a table: the eighth
face, species abilities' "counts as", Dragon Plague, Necromantic Wave, Berserker Rage ...),
the game state's modifiers from ``engine.lasting.army_modifiers``, and the dice that roll
from ``engine.flow.rolling_dice`` and ``engine.army_roll.left_out``. What the roll does in
play beyond its count (re-rolls a player may choose) is listed with the numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..catalog.model import Color, Die, Species
from ..engine.classic.melee_forms import CHARGE_COUNTS, amazon_missiles_at
from ..engine.rolls.army_roll import left_out, vortex_applies
from ..engine.species.abilities.treefolk import rapid_growth_applies
from ..engine.turn.flow import army_context, controls_eighth_face, place_context, rolling_dice
from ..engine.sai.lasting import army_modifiers, on_army
from ..engine.rolls.model import RollContext, RollType
from ..engine.species.counts_as import terrain_elements
from ..engine.core.state import GameState, Zone, ZoneKind
from ..engine.core.options import CLASSIC, RULESETS, V401
from .dist import NotModelled
from .spec import DEFAULT_EPS, OddsSpec


def _choice_notes(ctx: RollContext, dice: list[Die], vortex: bool, flashfire: int,
                  growth: bool) -> tuple[NotModelled, ...]:
    """The re-rolls a player may choose in this roll: the odds count the dice as first
    rolled (with their roll-again chains)."""
    notes = []
    if vortex:
        notes.append(NotModelled(
            "choice", "Vortex", "the army holding the Vortex may re-roll one unit, ignoring "
            "its result; the odds count the roll without it"))
    if flashfire:
        notes.append(NotModelled(
            "choice", "Flashfire", f"the army may re-roll {flashfire} unit"
            f"{'s' * (flashfire != 1)}, ignoring the results; the odds count the roll "
            f"without it"))
    if growth and any(d.species is Species.TREEFOLK for d in dice):
        notes.append(NotModelled(
            "choice", "Rapid Growth", "the Treefolk that rolled no SAI may be re-rolled all "
            "together; the odds count the roll without it"))
    return tuple(notes)


def army_dice(state: GameState, zone: Zone, player: int, ctx: RollContext) -> list[Die]:
    """The dice of `player`'s army at `zone` that roll in the roll `ctx`: the engine's own
    choice (units that can roll, items with a unit able to carry them, no Dragonkin in magic
    or missile rolls, none the Mire holds back)."""
    return [die for _, die in rolling_dice(state, zone, player,
                                           left_out(state, zone, player, ctx))[0]]


def game_roll(state: GameState, zone: Zone, player: int, roll_type: RollType,
              eps: float = DEFAULT_EPS, **context) -> tuple[list[Die], OddsSpec]:
    """(the dice that roll, the OddsSpec) of the army roll the engine would make for
    `player`'s army at `zone` (``engine.flow.army_context`` with `context`, e.g.
    counter_maneuver=True), with the lasting effects' modifiers on it. Raises ValueError for
    a roll the odds do not count (a combination roll)."""
    ctx = army_context(state, zone, player, roll_type, **context)
    dice = army_dice(state, zone, player, ctx)
    held = controls_eighth_face(state, zone, player)
    power = state.terrains[zone.index].eighth_face if zone.kind is ZoneKind.TERRAIN else None
    flashfire = 0 if ctx.is_maneuver_roll else sum(
        e.amount for e in on_army(state, zone, player) if e.kind == "flashfire")
    notes = _choice_notes(ctx, dice, held and vortex_applies(power, ctx), flashfire,
                          rapid_growth_applies(terrain_elements(state, zone, player), ctx))
    return dice, OddsSpec.of_context(ctx, modifiers=army_modifiers(state, zone, player, ctx),
                                     eps=eps, notes=notes)


def _ruleset(ctx: RollContext, ruleset: str, melee_form: str,
             terrain: Die | None = None) -> RollContext:
    """The context under `ruleset`: a classic roll counts the 1996 icon meanings and has none
    of the later species abilities, but the Amazons' 1996 missiles in a Flatland
    (``classic.melee_forms.amazon_missiles_at``, for a missile attack at `terrain`); in a
    charge the charging army's maneuver results hit (``classic.melee_forms.CHARGE_COUNTS``,
    as the game counts it). Raises ValueError for an unknown ruleset or form, or a form
    outside a classic melee roll."""
    if ruleset not in RULESETS:
        raise ValueError(f"ruleset {ruleset!r} is unknown; known: {', '.join(RULESETS)}")
    if ruleset != CLASSIC:
        if melee_form:
            raise ValueError("only the classic ruleset has skirmishes and charges")
        return ctx
    if melee_form and ctx.roll_type is not RollType.MELEE:
        raise ValueError("a skirmish or a charge is a melee roll")
    converts: tuple[tuple[Species, RollType, RollType, str], ...] = ()
    if terrain is not None and ctx.roll_type is RollType.MISSILE:
        converts = amazon_missiles_at(terrain.name)
    ctx = replace(ctx, ruleset=CLASSIC, melee_form=melee_form, converts=converts)
    if melee_form == "charge" and not ctx.counter_attack:
        ctx = replace(ctx, counts_as=ctx.counts_as + CHARGE_COUNTS)
    return ctx


def table_spec(roll: OddsSpec, terrain: Die | None = None, eighth_face: bool = False,
               dice: Sequence[Die] = (), ruleset: str = V401,
               melee_form: str = "") -> OddsSpec:
    """The OddsSpec of `roll` (a bare spec: roll type, save against, counter flags,
    modifiers) made by an army at `terrain` (a terrain die, or None for no terrain known),
    holding its eighth face or not: the engine's ``place_context`` adds what the place
    does (ID results doubled for the holder; species abilities of the terrain's elements).
    `dice`: the rolling army, for the notes. What the odds cannot know at a table (a minor
    terrain, lasting effects not given) is listed. Raises ValueError for a die that is not a
    terrain, or contradictory settings. `ruleset` CLASSIC counts the roll with the 1996 icon
    meanings (`melee_form` "skirmish" or "charge" for a melee roll); what a 1996 icon does
    beyond results is listed as not modelled, like any SAI effect."""
    if terrain is not None and not terrain.kind.value == "terrain":
        raise ValueError(f"{terrain.key} is not a terrain")
    if roll.base is not None:
        raise ValueError("the roll already has the engine's context")
    held = eighth_face or roll.id_multiplier == 2
    elements = terrain.elements if terrain is not None else frozenset()
    if roll.dragon_attack:
        ctx = RollContext.dragon_attack()
        ctx = place_context(ctx.roll_type, elements=elements, also=ctx.also, kind=ctx.kind)
    else:
        ctx = place_context(roll.roll_type, eighth_face=held, elements=elements,
                            in_reserve=roll.in_reserve, save_against=roll.save_against,
                            counter_attack=roll.counter_attack,
                            counter_maneuver=roll.counter_maneuver)
    ctx = _ruleset(ctx, ruleset, melee_form, terrain)
    power = terrain.eighth_face if terrain is not None else None
    notes = list(_choice_notes(ctx, list(dice), held and vortex_applies(power, ctx), 0,
                               rapid_growth_applies(elements, ctx)))
    if terrain is None and ruleset != CLASSIC:
        # Would a species ability of these dice change this roll at some terrain?
        species = {d.species for d in dice}
        anywhere = place_context(ctx.roll_type, elements=frozenset(Color), also=ctx.also,
                                 kind=ctx.kind, save_against=ctx.save_against,
                                 counter_attack=ctx.counter_attack,
                                 counter_maneuver=ctx.counter_maneuver)
        names = sorted({why.split(" (")[0] for sp, _, _, why in anywhere.converts
                        if sp in species})
        if names:
            notes.append(NotModelled(
                "assumption", "terrain", f"no terrain given: {', '.join(names)} (counting "
                f"some results as others at a terrain of the right element) not counted"))
    elif terrain is not None:
        notes.append(NotModelled(
            "assumption", "minor terrain", "a minor terrain the army holds there (its "
            "elements, its doubling faces) is not known here"))
    return OddsSpec.of_context(ctx, roll_type=roll.roll_type, modifiers=roll.modifiers,
                               element=roll.element, eps=roll.eps,
                               notes=roll.notes + tuple(notes))
