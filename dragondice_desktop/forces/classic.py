"""The 1996 game's force rules (the "classic" ruleset, issue 18): which dice and terrains a
classic force may bring, and the one-race rule for the Home and Campaign armies.

Pure Python, no Qt. Read with the TSR-era digest: §2.3 (terrain types), §2.4 (single-colour
dragons), §2.5 (races and dice of 1996), §3.2 (one race at Home and in the Campaign), §18 rows
2-6 and the open points OP-28 (dice of no race), OP-29 (Frostwings and Scalders), OP-30 (items
and Dragonkin), OP-31 (minor terrains). The v4.01 setup checks (force size, army size, dragon
count, carrying) still apply; ``validate.validate_force(..., classic=ClassicSwitches())`` adds
these on top.

The switches are the classic game's house rules (their ids are in
``engine/core/house_rules.py``; ``switches_from`` turns a game's house rules into them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..catalog.loader import Catalog
from ..catalog.model import ADVANCED_EIGHTH_FACES, ELEMENTS, Die, DieKind, Icon, Species
from .model import ARMY_NAMES, Force

if TYPE_CHECKING:
    from .validate import Problem

# House-rule ids of the classic game's force switches (the same strings as in
# engine/core/house_rules.py, which forces/ may not import).
DICE_OF_1997 = "classic-1997-dice"
ITEMS_AND_DRAGONKIN = "classic-items-and-dragonkin"
NO_RACE_NEUTRAL = "classic-no-race-dice-neutral"
FORCE_SWITCHES = (DICE_OF_1997, ITEMS_AND_DRAGONKIN, NO_RACE_NEUTRAL)

# Races whose dice were printed for the 1996 game (digest §2.5).
TSR_RACES = frozenset({
    Species.AMAZONS, Species.CORAL_ELVES, Species.DWARVES, Species.FERAL, Species.FIREWALKERS,
    Species.GOBLINS, Species.LAVA_ELVES, Species.SWAMP_STALKERS, Species.UNDEAD,
})
# Printed by TSR but probably only in 1997 (OP-29): refused unless the switch is on.
RACES_OF_1997 = frozenset({Species.FROSTWINGS, Species.SCALDERS})
# The dice of no race TSR printed (digest §2.5: Dragonlord, Dragonslayer, the five
# Dragonmasters); the catalog files them as Eldarim champions.
NO_RACE_DICE = frozenset({
    "Eldarim/Dragonlord (White)", "Eldarim/Dragonslayer (White)",
    "Eldarim/Air Dragon Master (Air)", "Eldarim/Death Dragon Master (Death)",
    "Eldarim/Earth Dragon Master (Earth)", "Eldarim/Fire Dragon Master (Fire)",
    "Eldarim/Water Dragon Master (Water)",
})
# The terrain types TSR printed (digest §2.3).
TSR_TERRAIN_TYPES = ("Coastland", "Flatland", "Highland", "Swampland")

RULE_DICE = "tsr §2.5"
RULE_TERRAINS = "tsr §2.3"
RULE_DRAGONS = "tsr §2.4"
RULE_RACE = "tsr §3.2"
CLASSIC_TOPICS = {
    RULE_DICE: "dice of the 1996 game",
    RULE_TERRAINS: "terrains of the 1996 game",
    RULE_DRAGONS: "dragons of the 1996 game",
    RULE_RACE: "one race per army (1996 game)",
}


@dataclass(frozen=True)
class ClassicSwitches:
    """The classic game's force house rules, all off by default (the digest's defaults).

    dice_of_1997: Frostwings and Scalders may be brought (OP-29).
    items_and_dragonkin: equipment, artifacts, medallions and Dragonkin may be brought (OP-30).
    no_race_neutral: dice of no race (Dragonlords ...) may join a one-race Home or Campaign
        army without breaking it (OP-28; strict by default).
    """

    dice_of_1997: bool = False
    items_and_dragonkin: bool = False
    no_race_neutral: bool = False


def switches_from(house_rules: Iterable[str]) -> ClassicSwitches:
    """The force switches a game's house-rule ids turn on (unknown ids are ignored)."""
    rules = set(house_rules)
    return ClassicSwitches(DICE_OF_1997 in rules, ITEMS_AND_DRAGONKIN in rules,
                           NO_RACE_NEUTRAL in rules)


def terrain_type(die: Die) -> str:
    """The terrain type of a terrain or minor terrain die, from its name ("Coastland City" ->
    "Coastland")."""
    return die.name.split()[0]


def race_of(die: Die) -> Species | None:
    """The 1996 race of a unit die: its species, or None for the dice of no race."""
    return None if die.key in NO_RACE_DICE else die.species


def classic_die_fault(die: Die, switches: ClassicSwitches = ClassicSwitches()) -> str | None:
    """Why `die` cannot be part of a classic force (a sentence completing "<die key> ..."),
    or None when the 1996 game had it (digest §2.3-2.5, OP-29 to OP-31)."""
    kind = die.kind
    if kind is DieKind.TERRAIN:
        if terrain_type(die) not in TSR_TERRAIN_TYPES:
            return (f"is a {terrain_type(die)} terrain; the 1996 game has only "
                    f"{', '.join(TSR_TERRAIN_TYPES)} terrains")
        if die.eighth_face in ADVANCED_EIGHTH_FACES:
            assert die.eighth_face is not None
            return (f"is an advanced terrain ({die.eighth_face.value}), which the 1996 game "
                    "does not have; use a City, Standing Stones, Temple or Tower terrain")
        return None
    if kind is DieKind.MINOR_TERRAIN:
        return "is a minor terrain; the 1996 rules have no minor terrains"
    if kind is DieKind.DRAGON:
        if len(die.colors) != 1 or die.colors[0] not in ELEMENTS:
            return ("is not a single-colour drake or wyrm; the 1996 game has only blue, "
                    "green, red, gold and black dragons")
        return None
    if kind.is_item:
        if kind is DieKind.RELIC:
            return "is a relic; relics were not made for the 1996 game"
        if not switches.items_and_dragonkin:
            return ("is an item; items are left out of the 1996 game unless the house rule "
                    "\"items and Dragonkin\" is on")
        return None
    if die.species is Species.DRAGONKIN:
        if not switches.items_and_dragonkin:
            return ("is Dragonkin; Dragonkin are left out of the 1996 game unless the house "
                    "rule \"items and Dragonkin\" is on")
        return None
    if die.species in TSR_RACES or die.key in NO_RACE_DICE:
        return None
    if die.species in RACES_OF_1997:
        if switches.dice_of_1997:
            return None
        return (f"is a {die.species.value} die; {die.species.value} came after the 1996 game "
                "(house rule \"1997 dice\" allows them)")
    name = die.species.value if die.species else die.kind.value
    if die.species is Species.ELDARIM:
        return ("is an Eldarim die; only the Dragonlord, Dragonslayer and Dragonmasters of "
                "the Eldarim were made for the 1996 game")
    return f"is a {name} die; {name} were not made for the 1996 game"


def classic_problems(force: Force, catalog: Catalog,
                     switches: ClassicSwitches = ClassicSwitches()) -> list[Problem]:
    """Every way `force` breaks the 1996 force rules: dice the 1996 game did not have (named
    with their slot and the reason) and Home or Campaign armies of more than one race
    (digest §3.2; with dice of no race, OP-28). Keys missing from the catalog are left to
    ``validate_force``. An empty list: the force may play a classic game."""
    from .validate import ERROR, Problem

    problems: list[Problem] = []
    slots: list[tuple[str, str]] = [("Home terrain", force.home_terrain),
                                    ("Frontier terrain", force.frontier_terrain)]
    slots += [(f"{army.capitalize()} army", key) for army in ARMY_NAMES
              for key in force.army(army)]
    slots += [("Dragons", key) for key in force.dragons]
    slots += [("Dragonkin", key) for key in force.dragonkin]
    slots += [("Minor terrains", key) for key in force.minor_terrains]
    seen: set[tuple[str, str]] = set()
    for label, key in slots:
        die = catalog.dice.get(key)
        if die is None or (label, key) in seen:
            continue
        seen.add((label, key))
        fault = classic_die_fault(die, switches)
        if fault:
            rule = {DieKind.TERRAIN: RULE_TERRAINS, DieKind.DRAGON: RULE_DRAGONS}.get(
                die.kind, RULE_DICE)
            problems.append(Problem(ERROR, rule, f"{label}: {key!r} {fault}. Remove it, or "
                                                 "play the v4.01 rules."))
    problems += _race_problems(force, catalog, switches)
    return problems


def _race_problems(force: Force, catalog: Catalog,
                   switches: ClassicSwitches) -> Iterator[Problem]:
    """Digest §3.2 (F1 B1): the Home and Campaign armies each hold units of one race; the
    Horde may mix. Dice of no race make a one-race army only on their own, unless the
    "no-race dice are neutral" house rule is on (OP-28)."""
    from .validate import ERROR, Problem

    for army in ("home", "campaign"):
        dice = [catalog.dice[k] for k in force.army(army) if k in catalog.dice]
        units = [d for d in dice if d.kind.is_unit]
        races = {race_of(d) for d in units}
        if switches.no_race_neutral:
            races.discard(None)
        if len(races) <= 1:
            continue
        names = sorted("no race" if r is None else r.value for r in races)
        hint = (" (dice of no race, such as Dragonlords, count as a race of their own unless "
                "the house rule \"no-race dice are neutral\" is on)" if None in races else "")
        yield Problem(ERROR, RULE_RACE, f"{army.capitalize()} army mixes "
                      f"{', '.join(names)}; in the 1996 game the Home and Campaign armies "
                      f"each hold one race{hint}. Move units to the Horde army, which may "
                      "mix races.")


# --- classic versions of forces (sample forces for classic games) --------------------------

_TYPE_FOR = {"Wasteland": "Highland", "Feyland": "Coastland"}
_FACE_FOR = {Icon.CASTLE: Icon.CITY, Icon.DRAGONS_LAIR: Icon.TOWER, Icon.GROVE: Icon.TEMPLE,
             Icon.VORTEX: Icon.STANDING_STONES}
_DRAGON_FOR = {"Ivory": "Red"}


def classic_version(force: Force, catalog: Catalog) -> Force:
    """`force` made fit for the 1996 game where that is a matter of swapping like for like:
    a Wasteland or Feyland terrain becomes a Highland or Coastland one, an advanced terrain
    the basic terrain of its type (Castle -> City, Dragon's Lair -> Tower, Grove -> Temple,
    Vortex -> Standing Stones), a dragon of several colours or Ivory a single-colour one of
    the same form, a White Dragon (which counts two) a black and a red one; minor terrains, Dragonkin and items are left out. Units are kept as
    they are (``classic_problems`` still names any the 1996 game did not have). Used to build
    the sample forces of classic games."""
    terrains = {d.key: d for d in catalog if d.kind is DieKind.TERRAIN}

    def terrain(key: str) -> str:
        die = catalog.dice[key]
        kind = _TYPE_FOR.get(terrain_type(die), terrain_type(die))
        face = _FACE_FOR.get(die.eighth_face, die.eighth_face) if die.eighth_face else None
        for other in terrains.values():
            if terrain_type(other) == kind and other.eighth_face is face:
                return other.key
        return key

    def dragon(key: str) -> tuple[str, ...]:
        die = catalog.dice[key]
        if len(die.colors) == 1 and die.colors[0] in ELEMENTS:
            return (key,)
        form = die.name.split()[-1]  # Drake or Wyrm
        first = die.name.split()[0].split("/")[0]
        if first == "White":  # a White Dragon counts as two dragons (v4): bring two
            return (f"Dragons/Black {form}", f"Dragons/Red {form}")
        candidate = f"Dragons/{_DRAGON_FOR.get(first, first)} {form}"
        return (candidate if candidate in catalog.dice else f"Dragons/Red {form}",)

    def units(keys: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(k for k in keys if k in catalog.dice and catalog.dice[k].kind.is_unit)

    return replace(
        force, home_terrain=terrain(force.home_terrain),
        frontier_terrain=terrain(force.frontier_terrain),
        home_army=units(force.home_army), horde_army=units(force.horde_army),
        campaign_army=units(force.campaign_army),
        dragons=tuple(d for k in force.dragons if k in catalog.dice for d in dragon(k)),
        dragonkin=(), minor_terrains=())
