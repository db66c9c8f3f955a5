"""The species abilities (digest §6), each registered once, on the hook where the game asks
for it. The engine's call sites ask a hook ("run every ability on the unit-killed hook") and
never name a species; the coverage report (``dragondice rules-coverage``) reads the same
entries, so its file column is the file that holds the ability.

Every species' abilities are in one file, ``species/abilities/<species>.py``:

    @ability(Species.UNDEAD, "Stepped Damage", Hook.UNIT_KILLED,
             "a killed Undead may be exchanged with a smaller Undead from the DUA",
             task="stepped_damage", runner=choose_stand_in)
    def stepped_damage(state, killing, events): ...

A "counts as" ability is a data entry (a ``counts_as.Conversion``), registered with
``conversion``. The hooks and what their abilities are called with (each returns what its
hook's call site combines: ``collect`` joins the results, ``add_up`` adds them, ``any_of``
asks whether one says yes, ``first`` takes the first that is not None). Each runner, and
``on``, is given the game first (its GameState; outside a game, the RollContext of the roll
counted) and passes it to the abilities first: in a game of the 1996 rules no hook has any
ability (``plays_species_abilities``), so no call site asks for the ruleset:

- COUNTS_AS — a terrain's "counts as" conversion (``counts_as.conversions_at``): data;
- IN_MARCH — (state, roll type) -> conversions this march (Amazons' charges, instead of the
  maneuver step), with ``offers(state, zone, player)`` -> True when the army may take it
  (``charge <task>``);
- UNIT_KILLED — (state, killing, events) -> (state, handled): a unit is about to be killed
  (``units.fates.kill``, ``Killing``); the first that handles it decides its fate;
- BEFORE_COUNTER_ATTACK — (state, attacking army's zone, attacker) -> units of the defending
  army that may not counter-attack;
- MISSILE_COUNTER — (state, exchange) -> True when the army shot at may counter-attack;
- AFTER_SAVE_ROLL — (state, exchange, save roll) -> damage back to the attacker;
- IN_DAMAGE — (state, exchange, attack roll) -> missile results only spell saves reduce;
- IN_ROLL_STEPS — (state, roll task) -> the dice that may roll again, all together;
- IN_RETREAT — (state) -> moves the marching player may make in the retreat step;
- MAGIC_ELEMENTS — (state, elements, species, zone) -> the elements a unit's magic pays;
- IN_MAGIC — (state, magic roll, player, events) -> magic the army's own action gains;
- OPPOSING_MAGIC — (state, zone, caster) -> rolls opponents make against a magic action,
  with ``then`` taking their share of the caster's magic;
- IN_DRAGON_ATTACK — (game, units) -> health-worth of Dragonkin that may roll against dragons
  they would fear, with ``then(state, player, units, feared, chosen, done)`` -> (the owner's
  next pick or None, the Dragonkin that roll or None for die order);
- SPECIES_PHASE — (state, task, events) -> (state, waiting): a RuleTask runner, with
  ``offers(state, player)`` -> the RuleTasks that may act this Species Abilities phase.

An ability that asks its owner outside the hook's own call (Stepped Damage's choice, made
after the kill) names the RuleTask kind it queues (`task`) and its runner (`runner`); the
task queue runs them (``rule_runners``).

The abilities on a hook come in the order of digest §6's table (the order the species'
files are loaded in, ``abilities/__init__.py``), then the order of their file. Registering
the same ability twice raises ValueError (one rule, one place).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any, TypeVar

from ...catalog.model import IdentityEnum, Species
from ..core.options import CLASSIC
from ..core.rule_homes import SPECIES, register, species_name

F = TypeVar("F", bound=Callable[..., Any])


class Hook(IdentityEnum):
    """Where the game asks for species abilities (the module docstring gives each hook's
    call)."""

    COUNTS_AS = "counts as, at a terrain"
    IN_MARCH = "in the march, instead of the maneuver step"
    UNIT_KILLED = "on a unit killed"
    BEFORE_COUNTER_ATTACK = "before a counter-attack"
    MISSILE_COUNTER = "after a missile attack"
    AFTER_SAVE_ROLL = "after a save roll"
    IN_DAMAGE = "in an attack's damage"
    IN_ROLL_STEPS = "in a roll's steps"
    IN_RETREAT = "in the retreat"
    MAGIC_ELEMENTS = "in the elements of magic"
    IN_MAGIC = "in a magic action"
    OPPOSING_MAGIC = "in an opponent's magic action"
    IN_DRAGON_ATTACK = "in a dragon attack"
    SPECIES_PHASE = "in the Species Abilities phase"


@dataclass(frozen=True)
class Ability:
    """One species ability: `species`, `name` (digest §6), its `hook`, `says` (what it does,
    in players' words), `source` (the rules text it comes from), `run` (the function the hook
    calls, or a Conversion for COUNTS_AS), `since` (the rules revision that applies it,
    ``options.RULES_REVISIONS``), `offers` (SPECIES_PHASE: the tasks that may act; IN_MARCH:
    whether the army may take it), `task` (SPECIES_PHASE: the RuleTask kind its runner
    answers; IN_MARCH: the word of its action), `home` (the module that holds it,
    for a data entry), `then` (OPPOSING_MAGIC: (state, zone, caster, magic sources, events)
    -> the caster's magic sources once the ability's rolls have taken their share;
    IN_DRAGON_ATTACK: the owner's choice of the Dragonkin that roll), `in_1996` (the 1996
    rules' source when they give the race the same rule, so a 1996 game plays it too; "" for
    every other ability: OP-26),
    `runner` (the runner of the RuleTasks of kind `task`: a SPECIES_PHASE ability's is `run`;
    Stepped Damage's asks the owner's choice)."""

    species: Species
    name: str
    hook: Hook
    says: str
    run: Any
    source: str = "digest §6"
    since: int = 1
    offers: Callable[..., Any] | None = None
    task: str = ""
    home: Any = None
    then: Callable[..., Any] | None = None
    runner: Callable[..., Any] | None = None
    in_1996: str = ""

    @property
    def row_name(self) -> str:
        """The ability's name in the coverage report: "Undead: Stepped Damage"."""
        return species_name(self.species, self.name)


ABILITIES: list[Ability] = []
_LOADED = False


def add(entry: Ability) -> Ability:
    """Register `entry` (and its row of the coverage report). Raises ValueError if that
    ability is registered already."""
    if any(a.species is entry.species and a.name == entry.name for a in ABILITIES):
        raise ValueError(f"species ability {entry.row_name!r} is registered twice")
    register(SPECIES, entry.row_name, f"{entry.says} ({entry.source})",
             entry.home if entry.home is not None else entry.run, entry.since)
    ABILITIES.append(entry)
    return entry


def ability(species: Species, name: str, hook: Hook, says: str, source: str = "digest §6",
            since: int = 1, offers: Callable[..., Any] | None = None, task: str = "",
            then: Callable[..., Any] | None = None,
            runner: Callable[..., Any] | None = None,
            in_1996: str = "") -> Callable[[F], F]:
    """Decorator: the function is `species`' ability `name` on `hook` (see ``Ability``)."""
    def decorate(run: F) -> F:
        runs = runner if runner is not None else run if hook is Hook.SPECIES_PHASE else None
        add(Ability(species, name, hook, says, run, source, since, offers, task, then=then,
                    runner=runs, in_1996=in_1996))
        return run
    return decorate


def conversion(entry: Any, says: str, module: str, source: str = "digest §6") -> Any:
    """Register a "counts as" ability: `entry` (a ``counts_as.Conversion``) held in module
    `module` (the caller's ``__name__``: its file is the coverage report's). Returns
    `entry`."""
    add(Ability(entry.species, entry.name, Hook.COUNTS_AS, says, entry, source, entry.since,
                home=sys.modules[module]))
    return entry


def load() -> None:
    """Import every species' file (once), so the registry is full."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        import_module(f"{__package__}.abilities")


def plays_species_abilities(game: Any) -> bool:
    """Whether `game` plays the species abilities at all: a game of the 1996 rules has none of
    them (classic ruleset; the digest's default for racial abilities, OP-26, recorded on the
    Rulings page). `game`: a GameState, or what says its ruleset outside a game (its
    GameOptions, or a roll's RollContext: Count a roll). Every hook runner below asks this
    itself, so no call site needs to."""
    ruleset = getattr(game, "ruleset", None)
    if ruleset is None:
        ruleset = game.options.ruleset
    return bool(ruleset != CLASSIC)


def on(hook: Hook, game: Any) -> tuple[Ability, ...]:
    """The abilities on `hook` that `game` plays (see ``plays_species_abilities``: in a 1996
    game only those the 1996 rules give the race too, ``Ability.in_1996``), in digest §6's
    order."""
    load()
    if not plays_species_abilities(game):
        # the 1996 game's one racial rule that is also today's (``in_1996``, OP-26)
        return tuple(a for a in ABILITIES if a.hook is hook and a.in_1996)
    return tuple(a for a in ABILITIES if a.hook is hook)


def every() -> tuple[Ability, ...]:
    """Every species ability, in digest §6's order (whatever the ruleset: the coverage
    report and the help list them)."""
    load()
    return tuple(ABILITIES)


def find(species: Species, name: str) -> Ability:
    """The ability `name` of `species`. Raises KeyError when there is none."""
    for entry in every():
        if entry.species is species and entry.name == name:
            return entry
    raise KeyError(species_name(species, name))


def collect(hook: Hook, game: Any, *args: Any) -> list[Any]:
    """Every result of the abilities on `hook` that `game` plays, called with (`game`,
    *`args`), joined in order (each returns a sequence); [] in a 1996 game."""
    out: list[Any] = []
    for entry in on(hook, game):
        out.extend(entry.run(game, *args))
    return out


def add_up(hook: Hook, game: Any, *args: Any) -> int:
    """The sum of what the abilities on `hook` that `game` plays return when called with
    (`game`, *`args`); 0 in a 1996 game."""
    return sum(int(entry.run(game, *args)) for entry in on(hook, game))


def any_of(hook: Hook, game: Any, *args: Any) -> bool:
    """True when an ability on `hook` that `game` plays, called with (`game`, *`args`), says
    yes; False in a 1996 game."""
    return any(entry.run(game, *args) for entry in on(hook, game))


def first(hook: Hook, game: Any, *args: Any) -> Any:
    """The first result that is not None of the abilities on `hook` that `game` plays,
    called with (`game`, *`args`); None when none answers (always in a 1996 game)."""
    for entry in on(hook, game):
        result = entry.run(game, *args)
        if result is not None:
            return result
    return None


def rule_runners() -> dict[str, Callable[..., Any]]:
    """RuleTask kind -> runner, for every species ability that runs RuleTasks (the Species
    Abilities phase's, Stepped Damage's choice)."""
    return {entry.task: entry.runner for entry in every() if entry.task and entry.runner}

