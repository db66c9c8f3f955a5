"""Check a force against the setup rules: ``validate_force(force, catalog) -> list[Problem]``.

Pure Python, no Qt. Every problem names the rule it comes from (rules digest section or seed
document), the numbers involved and a fix. Errors make a force unplayable; warnings do not
(e.g. unused points). The rules checked, in the order problems are reported:

- every key is in the catalog and fits its slot (digest §0, §1.5, §1.6, §1.7, §2.1, §5.6);
- force total <= force size (digest §2.1; items: digest §1.3, seed 001);
- each army has >= 1 unit and <= floor(size / 2) points (digest §2.2);
- dragons = ceil(size / 24), a White Dragon counting 2 (digest §2.1, §1.7): more or fewer is
  an error (fewer was a warning before issue 11; ``dragons_required=False`` keeps that for
  game files of rules revisions 1-2);
- Dragonkin health <= floor(size / 3) (digest §2.1);
- minor terrains <= terrains in play + 1 (digest §1.6, seed 003);
- every item can be carried in its army (seed 001, digest §1.3).
"""

from __future__ import annotations

import difflib
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Final, Literal

from ..catalog.carrying import can_carry, carrier_elements
from ..catalog.loader import Catalog
from ..catalog.model import ADVANCED_EIGHTH_FACES, Color, Die, DieKind, Species
from .classic import CLASSIC_TOPICS, ClassicSwitches, classic_problems
from .model import ARMY_NAMES, STANDARD_POINTS, Force

ERROR: Final = "error"
WARNING: Final = "warning"

# Two players bring two Home Terrains and the Frontier that is kept (digest §2.3-2.4).
TWO_PLAYER_TERRAINS = 3

# Carrying limits (seed 001): up to two equipment/artifacts per unit, or one medallion/relic alone.
SLOTS_PER_UNIT = 2


@dataclass(frozen=True)
class Problem:
    """One rule a force breaks.

    severity: "error" (the force cannot be used) or "warning" (legal but worth a look).
    rule: where the rule is written, e.g. "digest §2.1" or "seed 001".
    message: what is wrong, with the numbers, and how to fix it.
    """

    severity: Literal["error", "warning"]
    rule: str
    message: str

    @property
    def topic(self) -> str:
        """The rule in words, for players ("force size", "army size" ...); ``rule`` is the
        developers' reference to the rules text and is never shown."""
        return rule_topic(self.rule)

    def __str__(self) -> str:
        return f"{self.severity}: {self.message} [{self.topic}]"


# What each rule reference is about, in the words players see beside a problem.
RULE_TOPICS = {
    "catalog": "the dice catalog",
    "collection": "your collection",
    "digest §0": "what an army holds",
    "digest §1.5": "terrains",
    "digest §1.6": "minor terrains",
    "digest §1.7": "dragons",
    "digest §2.1": "force size and allowances",
    "digest §2.2": "army size",
    "digest §5.6": "Dragonkin",
    "seed 001": "items",
    **CLASSIC_TOPICS,
}


def rule_topic(rule: str) -> str:
    """The words players see for a rule reference ("digest §2.2" -> "army size")."""
    return RULE_TOPICS.get(rule, "setup rules")


def validate_force(force: Force, catalog: Catalog,
                   terrains_in_play: int = TWO_PLAYER_TERRAINS,
                   dragons_required: bool = True,
                   classic: ClassicSwitches | None = None) -> list[Problem]:
    """Every problem of ``force`` under the setup rules, errors and warnings, in rule order.

    ``terrains_in_play`` sets the minor terrain allowance (terrains in play + 1); it is 3 in
    a two-player game (two Home Terrains and the Frontier), which allows 4 minor terrains
    (``terrains_for_players``: 4 and 5 terrains for 3 and 4 players).
    ``dragons_required``: too few dragons is an error (digest §2.1); False makes it a
    warning, as the app read the rule before (older game files).
    ``classic``: the force is for a 1996 (classic) game with these house rules: the 1996
    force rules are checked too (``forces.classic.classic_problems``: dice the 1996 game did
    not have, one race at Home and in the Campaign), after the slot checks.
    An empty list means the force is legal. Keys missing from the catalog or in the wrong
    slot are reported once and left out of the counting checks.
    """
    problems = list(_slot_problems(force, catalog))
    if classic is not None:
        problems += classic_problems(force, catalog, classic)
    if force.points <= 0:
        # Every allowance below is a share of the force size; without one they say nothing.
        return problems + [Problem(ERROR, "digest §2.1", f"Force size is {force.points}; it "
                                   "must be a positive number of points (suggested: "
                                   f"{_sizes_text()}).")]
    usable = _usable_part(force, catalog)
    problems += _points_problems(usable, catalog)
    problems += _army_problems(usable, catalog)
    problems += _dragon_problems(usable, catalog, dragons_required)
    problems += _dragonkin_problems(usable, catalog)
    problems += _minor_terrain_problems(usable, terrains_in_play)
    problems += _carrying_problems(usable, catalog)
    return problems


def errors(problems: list[Problem]) -> list[Problem]:
    """Only the errors of a problem list."""
    return [p for p in problems if p.severity == ERROR]


def choose_points(force: Force, catalog: Catalog, sizes: tuple[int, ...] = STANDARD_POINTS,
                  terrains_in_play: int = TWO_PLAYER_TERRAINS) -> int:
    """The force size in ``sizes`` that suits ``force`` best.

    The smallest size at which the force has no errors; when every size gives errors, the
    one with the fewest (the smaller on a tie), so the caller can report what still fails.
    """
    def error_count(points: int) -> int:
        return len(errors(validate_force(replace(force, points=points), catalog,
                                         terrains_in_play)))

    return min(sizes, key=lambda points: (error_count(points), points))


def closest_keys(ref: str, catalog: Catalog, n: int = 3) -> list[str]:
    """Up to ``n`` catalog keys that ``ref`` may have meant, best first.

    A unique name or a key in the wrong case resolves exactly ("Seer" -> "Amazons/Seer");
    otherwise keys and names are compared by spelling (difflib).
    """
    found = []
    try:
        found.append(catalog.die(ref.strip()).key)
    except KeyError:
        pass
    keys = {key.casefold(): key for key in catalog.dice}
    for match in difflib.get_close_matches(ref.casefold(), list(keys), n=n, cutoff=0.6):
        found.append(keys[match])
    names: dict[str, list[str]] = {}
    for die in catalog:
        names.setdefault(die.name.strip().casefold(), []).append(die.key)
    last = ref.rpartition("/")[2].strip().casefold()
    for match in difflib.get_close_matches(last, list(names), n=n, cutoff=0.75):
        found.extend(names[match])
    return list(dict.fromkeys(found))[:n]


# --- slots: every key exists and is the right kind of die --------------------------------

def _slot_problems(force: Force, catalog: Catalog) -> Iterator[Problem]:
    for label, key, accepts in _slots(force):
        die = catalog.dice.get(key)
        if not key and accepts in (_home_terrain_fault, _frontier_fault):
            yield Problem(ERROR, "digest §2.1", f"{label}: none chosen; each player brings a "
                          "Home Terrain and a proposed Frontier Terrain. Pick a terrain die.")
            continue
        if die is None:
            yield Problem(ERROR, "catalog", f"{label}: no die {key!r} in the catalog"
                          f"{_did_you_mean(key, catalog)}. Pick a die from the catalog.")
            continue
        wrong = accepts(die)
        if wrong:
            yield Problem(ERROR, wrong[0], f"{label}: {key!r} {wrong[1]}")


# A slot check returns None when the die fits, else (rule, complaint completing "<key> ...").
SlotCheck = Callable[[Die], "tuple[str, str] | None"]


def _slots(force: Force) -> Iterator[tuple[str, str, SlotCheck]]:
    """(label for messages, key, check returning None or (rule, complaint)) per die."""
    yield "Home terrain", force.home_terrain, _home_terrain_fault
    yield "Frontier terrain", force.frontier_terrain, _frontier_fault
    for army in ARMY_NAMES:
        for key in force.army(army):
            yield f"{army.capitalize()} army", key, _army_die_fault
    for key in force.dragons:
        yield "Dragons", key, _dragon_fault
    for key in force.dragonkin:
        yield "Dragonkin", key, _dragonkin_fault
    for key in force.minor_terrains:
        yield "Minor terrains", key, _minor_terrain_fault


def _home_terrain_fault(die: Die) -> tuple[str, str] | None:
    if die.kind is not DieKind.TERRAIN:
        return "digest §2.1", f"is a {die.kind.value}, not a terrain. Pick a terrain die."
    if die.eighth_face in ADVANCED_EIGHTH_FACES:
        return ("digest §1.5", f"is an advanced terrain ({die.eighth_face.value}); advanced "
                "terrains may only be the Frontier. Use a City, Standing Stones, Temple or Tower "
                "terrain at home.")
    return None


def _frontier_fault(die: Die) -> tuple[str, str] | None:
    if die.kind is not DieKind.TERRAIN:
        return "digest §2.1", f"is a {die.kind.value}, not a terrain. Pick a terrain die."
    return None


def _army_die_fault(die: Die) -> tuple[str, str] | None:
    if die.species is Species.DRAGONKIN:
        # Dragonkin start in the Summoning Pool, never in an army (digest §2.1, §5.6).
        return ("digest §2.1", "is Dragonkin; Dragonkin start in the Summoning Pool. "
                "Move it to Dragonkin.")
    if not (die.kind.is_unit or die.kind.is_item):
        return ("digest §0", f"is a {die.kind.value}; armies hold only units and items. "
                "Move it to its own list.")
    return None


def _dragon_fault(die: Die) -> tuple[str, str] | None:
    if die.kind is not DieKind.DRAGON:
        return "digest §1.7", f"is a {die.kind.value}, not a dragon. Move it to its own list."
    return None


def _dragonkin_fault(die: Die) -> tuple[str, str] | None:
    if die.species is not Species.DRAGONKIN:
        return ("digest §5.6", f"is a {die.kind.value}, not a Dragonkin unit. "
                "Move it to its own list.")
    return None


def _minor_terrain_fault(die: Die) -> tuple[str, str] | None:
    if die.kind is not DieKind.MINOR_TERRAIN:
        return ("digest §1.6", f"is a {die.kind.value}, not a minor terrain. "
                "Move it to its own list.")
    return None


def _did_you_mean(key: str, catalog: Catalog) -> str:
    close = closest_keys(key, catalog)
    return f"; did you mean {', '.join(repr(k) for k in close)}?" if close else ""


def _usable_part(force: Force, catalog: Catalog) -> Force:
    # The counting checks only look at dice that fit their slot, so one bad key gives one
    # problem rather than a cascade of knock-on ones.
    def keep(keys: tuple[str, ...], fault: SlotCheck) -> tuple[str, ...]:
        return tuple(k for k in keys if k in catalog.dice and not fault(catalog.dice[k]))

    return replace(
        force,
        home_army=keep(force.home_army, _army_die_fault),
        horde_army=keep(force.horde_army, _army_die_fault),
        campaign_army=keep(force.campaign_army, _army_die_fault),
        dragons=keep(force.dragons, _dragon_fault),
        dragonkin=keep(force.dragonkin, _dragonkin_fault),
        minor_terrains=keep(force.minor_terrains, _minor_terrain_fault),
    )


# --- force size and army limits ------------------------------------------------------------

def _points_problems(force: Force, catalog: Catalog) -> Iterator[Problem]:
    """Digest §2.1: units and items may not exceed the agreed force size."""
    total = force.total_points(catalog)
    if total > force.points:
        excess = _n(total - force.points, "point")
        yield Problem(ERROR, "digest §2.1", f"Force has {total} points; the force size is "
                      f"{force.points}. Remove {excess} of units or items, or raise the "
                      "force size.")
    elif total < force.points:
        yield Problem(WARNING, "digest §2.1", f"Force has {total} of {force.points} points; "
                      f"{_n(force.points - total, 'point')} unused. Add units or items, or lower "
                      "the force size.")


def _army_problems(force: Force, catalog: Catalog) -> Iterator[Problem]:
    """Digest §2.2: every army has at least one unit and at most half the force size."""
    cap = force.points // 2
    for army in ARMY_NAMES:
        label = f"{army.capitalize()} army"
        units = [k for k in force.army(army) if catalog.dice[k].kind.is_unit]
        if not units:
            yield Problem(ERROR, "digest §2.2", f"{label} has no units; every army needs at "
                          "least 1 unit. Move or add a unit.")
        points = force.army_points(army, catalog)
        if points > cap:
            yield Problem(ERROR, "digest §2.2", f"{label} has {points} points; the most is "
                          f"{cap} (half of {force.points}). Move {_n(points - cap, 'point')} "
                          "to another army.")


def dragon_allowance(points: int) -> int:
    """Digest §2.1: one dragon per 24 points of force or part thereof, ceil(points / 24)."""
    return math.ceil(points / 24)


def dragon_count(die: Die) -> int:
    """How many dragons a dragon die counts as: a White Dragon counts 2 (digest §1.7, §2.1)."""
    return 2 if Color.WHITE in die.colors else 1


def terrains_for_players(players: int) -> int:
    """Terrains in play in a game of `players`: each player's Home Terrain and the one
    Frontier (digest §2.3-2.4): 3, 4, 5 for 2, 3, 4 players."""
    return players + 1


def _dragon_problems(force: Force, catalog: Catalog,
                     required: bool = True) -> Iterator[Problem]:
    allowed = dragon_allowance(force.points)
    dice = [catalog.dice[k] for k in force.dragons]
    count = sum(dragon_count(d) for d in dice)
    if count > allowed:
        white = " (a White Dragon counts 2)" if count > len(dice) else ""
        yield Problem(ERROR, "digest §2.1", f"Dragons count {count}{white}; "
                      f"a {force.points}-point force may bring {allowed} (1 per 24 points or part "
                      f"thereof). Remove {count - allowed}.")
    elif count < allowed:
        # Dragons are not optional (unlike Dragonkin and minor terrains): a force brings
        # exactly one per 24 points or part, so a force short of them cannot start a game.
        yield Problem(ERROR if required else WARNING, "digest §2.1",
                      f"Force brings {_n(count, 'dragon')}; a {force.points}-point force "
                      f"brings {allowed} (1 per 24 points or part thereof). Add "
                      f"{_n(allowed - count, 'dragon')}.")


def dragonkin_allowance(points: int) -> int:
    """Digest §2.1: 1 health-worth of Dragonkin per full 3 points, floor(points / 3)."""
    return points // 3


def _dragonkin_problems(force: Force, catalog: Catalog) -> Iterator[Problem]:
    allowed = dragonkin_allowance(force.points)
    health = sum(catalog.dice[k].health for k in force.dragonkin)
    if health > allowed:
        yield Problem(ERROR, "digest §2.1", f"Dragonkin total {health} health; a "
                      f"{force.points}-point force may bring {allowed} (1 per full 3 points). "
                      f"Remove {health - allowed} health of Dragonkin.")


def _minor_terrain_problems(force: Force, terrains_in_play: int) -> Iterator[Problem]:
    allowed = terrains_in_play + 1  # digest §1.6, seed 003: terrains in the game plus one
    count = len(force.minor_terrains)
    if count > allowed:
        yield Problem(ERROR, "digest §1.6", f"{count} minor terrains; a game with "
                      f"{terrains_in_play} terrains allows {allowed} (terrains in play + 1). "
                      f"Remove {count - allowed}.")


def _n(count: int, noun: str) -> str:
    """ "1 point", "3 points": messages read as sentences."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _sizes_text() -> str:
    return ", ".join(str(p) for p in STANDARD_POINTS)


# --- items and their carriers --------------------------------------------------------------

def _carrying_problems(force: Force, catalog: Catalog) -> Iterator[Problem]:
    """Seed 001 / digest §1.3: every item needs a unit of its army able to carry it."""
    for army in ARMY_NAMES:
        dice = [catalog.dice[k] for k in force.army(army)]
        units = [d for d in dice if d.kind.is_unit]
        items = [d for d in dice if d.kind.is_item]
        carriable = []
        for item in items:
            if any(can_carry(unit, item) for unit in units):
                carriable.append(item)
            else:
                yield Problem(ERROR, "seed 001", f"{army.capitalize()} army: {item.key!r} has "
                              f"no unit that can carry it ({_carrier_need(item)}). Add such a "
                              "unit or move the item to another army.")
        if carriable and not _all_carried(units, carriable):
            yield Problem(ERROR, "seed 001", f"{army.capitalize()} army has "
                          f"{_n(len(carriable), 'item')} but its {_n(len(units), 'unit')} "
                          "cannot carry them all: a unit carries up to 2 equipment or "
                          "artifacts, or one medallion or relic alone, and equipment needs a "
                          "unit of its colour. Add units or move items to another army.")


def _carrier_need(item: Die) -> str:
    colours = "/".join(sorted(c.value for c in item.elements)) or "no"
    return (f"equipment needs a unit containing {colours}; Amazons carry any colour, "
            "Undead only death")


def _all_carried(units: list[Die], items: list[Die]) -> bool:
    """Whether all ``items`` fit on ``units`` at once under the carrying limits.

    Units with the same equipment colours are interchangeable, so we try every way of
    putting the medallions/relics (one per unit, nothing else on it) on those groups, then
    check the remaining two slots per unit with Hall's condition: for every set S of
    equipment colours, the equipment of colours in S fits the slots of units carrying any
    colour in S, and all equipment plus artifacts fits all slots (artifacts go anywhere).
    """
    groups = Counter(carrier_elements(u) for u in units)
    lone = sum(1 for i in items if i.kind in (DieKind.MEDALLION, DieKind.RELIC))
    artifacts = sum(1 for i in items if i.kind is DieKind.ARTIFACT)
    # Equipment is made of a single elemental colour (seed 001).
    equipment = Counter(next(iter(i.elements)) for i in items if i.kind is DieKind.EQUIPMENT)
    profiles = list(groups)
    for taken in _spread(lone, [groups[p] for p in profiles]):
        slots = {p: SLOTS_PER_UNIT * (groups[p] - t) for p, t in zip(profiles, taken)}
        if _hall_holds(slots, equipment, artifacts):
            return True
    return False


def _spread(total: int, limits: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to split ``total`` into len(limits) parts, part i at most limits[i]."""
    for parts in itertools.product(*(range(min(total, n) + 1) for n in limits)):
        if sum(parts) == total:
            yield parts


def _hall_holds(slots: dict[frozenset[Color], int], equipment: Counter, artifacts: int) -> bool:
    colours = list(equipment)
    for size in range(1, len(colours) + 1):
        for chosen in itertools.combinations(colours, size):
            need = sum(equipment[c] for c in chosen)
            room = sum(n for profile, n in slots.items() if profile & set(chosen))
            if need > room:
                return False
    return sum(equipment.values()) + artifacts <= sum(slots.values())


# --- one die in one slot (used by the force builder to refuse a drop) -----------------------

_SLOT_CHECKS: dict[str, SlotCheck] = {
    "home_terrain": _home_terrain_fault,
    "frontier_terrain": _frontier_fault,
    "home_army": _army_die_fault,
    "horde_army": _army_die_fault,
    "campaign_army": _army_die_fault,
    "dragons": _dragon_fault,
    "dragonkin": _dragonkin_fault,
    "minor_terrains": _minor_terrain_fault,
}


def slot_fault(slot: str, die: Die,
               classic: ClassicSwitches | None = None) -> tuple[str, str] | None:
    """None if ``die`` may go in ``slot`` (a Force field name such as "horde_army"), else
    (rule, complaint) with the complaint completing "<key> ...", as validation reports it.
    ``classic``: the force is for a 1996 game with these house rules, so dice the 1996 game
    did not have are refused too (``forces.classic.classic_die_fault``). Raises KeyError for
    an unknown slot."""
    fault = _SLOT_CHECKS[slot](die)
    if fault is None and classic is not None:
        from .classic import RULE_DICE, RULE_DRAGONS, RULE_TERRAINS, classic_die_fault

        why = classic_die_fault(die, classic)
        if why:
            rule = {DieKind.TERRAIN: RULE_TERRAINS, DieKind.DRAGON: RULE_DRAGONS}.get(
                die.kind, RULE_DICE)
            return rule, why
    return fault
