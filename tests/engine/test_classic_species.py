"""No v4.01 species ability in a 1996 game (issue 12, issue 18): the 1996 races have no racial
abilities (TSR digest, OP-26; the digest's default recorded on the Rulings page). The hook
runners of ``species/registry.py`` ask the ruleset themselves, so no hook (unit killed,
retreat, magic, counts-as, damage, save, counter-attack ...) ever fires in a classic game,
whatever its call site.

Each behaviour test plays a position where the v4.01 ability fires (as in
``test_species.py``, whose rules text each names) and the same position under the 1996 rules,
where it must not.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from dragondice_desktop.catalog.model import Species
from dragondice_desktop.engine.core.options import checked
from dragondice_desktop.engine.core.state import Zone, ZoneKind
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.model import RollContext, RollType
from dragondice_desktop.engine.species import registry
from dragondice_desktop.engine.species.counts_as import conversions
from dragondice_desktop.engine.species.registry import Ability, Hook
from dragondice_desktop.engine.units.fates import kill

from engine_helpers import die_ids, moved, position, texts, turn, run

T0, T1, T2 = (Zone(ZoneKind.TERRAIN, i) for i in range(3))
DUA0 = Zone(ZoneKind.DUA, 0)


def classic(state):
    """The position played under the 1996 rules."""
    return state.with_(options=checked(state.options.rules, ruleset="classic"))


def options(state):
    return sorted(a.to_text() for a in legal_actions(state))


def test_no_hook_runs_an_ability_in_a_classic_game(monkeypatch):
    """Every hook, asked through every runner (``on``, ``collect``, ``add_up``, ``any_of``,
    ``first``) of a classic game's state, options or roll context: no ability is run or
    listed; the same abilities run in a v4.01 game."""
    calls: list[Hook] = []

    class Said(list):  # what a spy says: [1] to join, 1 to add up, yes to ask
        def __int__(self):
            return 1

    def spy(hook):
        def run(*args):
            calls.append(hook)
            return Said([1])
        return run

    spies = [Ability(Species.GOBLINS, f"spy {h.name}", h, "a test's spy", spy(h)) for h in Hook]
    monkeypatch.setattr(registry, "ABILITIES", spies)
    monkeypatch.setattr(registry, "_LOADED", True)
    v401 = position()
    games = [classic(v401), classic(v401).options, RollContext(RollType.MELEE, ruleset="classic")]
    runners = (registry.collect, registry.add_up, registry.any_of, registry.first)
    for game in games:
        for hook in Hook:
            assert registry.on(hook, game) == ()
            assert [runner(hook, game) for runner in runners] == [[], 0, False, None]
    assert calls == []
    for hook in Hook:
        assert registry.on(hook, v401) == (spies[list(Hook).index(hook)],)
        assert [runner(hook, v401) for runner in runners] == [[1], 1, True, [1]]
    assert calls == [hook for hook in Hook for _ in runners]


def test_the_amazons_cast_their_terrains_colours_in_a_classic_game_too():
    """TSR digest §9.2 (F4, CK1) and OP-26: the one racial rule the 1996 game keeps is the
    Amazons' — they cast the colours of the terrain they stand on ("in a coastland that is
    blue and green"). Ann's Amazon ivory magic at the Coastland Frontier (t2: air, water) pays
    air and water spells under both rulesets; every other species ability stays off."""
    v401 = position()
    for game in (v401, classic(v401)):
        assert registry.first(Hook.MAGIC_ELEMENTS, game, {"ivory"}, Species.AMAZONS,
                              T2) == frozenset({"air", "water"})
    kept = [a.row_name for h in Hook for a in registry.on(h, classic(v401))]
    assert kept == ["Amazons: Terrain Harmony"]


@pytest.mark.rule("species", "Undead", "Stepped Damage")
def test_no_stepped_damage_on_a_unit_killed_in_a_classic_game():
    """Digest §6 Stepped Damage (unit-killed hook): a killed Ghast is exchanged with the
    smaller Ghoul from the DUA; in a 1996 game it is killed and the Ghoul stays dead."""
    state = position(ann={"home": ("Undead/Ghast",), "horde": ("Undead/Ghoul",)})
    ghast, ghoul = die_ids(state, "Undead/Ghast")[0], die_ids(state, "Undead/Ghoul")[0]
    state = moved(state, [ghoul], DUA0)
    v401 = kill(state, ghast, [], "test")
    assert v401.zones[ghast] == DUA0 and v401.zones[ghoul] == T0
    events = []
    old = kill(classic(state), ghast, events, "test")
    assert old.zones[ghast] == DUA0 and old.zones[ghoul] == DUA0
    assert not any("Stepped Damage" in t for t in texts(events))


@pytest.mark.rule("species", "Firewalkers", "Air Flight")
def test_no_air_flight_in_the_retreat_of_a_classic_game():
    """Digest §6 Air Flight (retreat hook): Firewalkers at an air terrain may fly to another
    air terrain where their owner has a Firewalker; a 1996 game offers no such move."""
    state = position(ann={"horde": ("Firewalkers/Explorer",),
                          "campaign": ("Firewalkers/Explorer",)},
                     frontier="Terrains/Coastland Tower")
    walker = die_ids(state, "Firewalkers/Explorer", "t1", 0)[0]
    for game, offered in ((state, True), (classic(state), False)):
        game, _ = turn(game)
        game, _ = run(game, "skip-march", "skip-march", "end-reinforce")
        assert (f"fly {walker} t2" in options(game)) is offered


@pytest.mark.rule("species", "Coral Elves", "Coastal Dodge")
def test_no_counts_as_conversion_in_a_classic_game():
    """Digest §6 Coastal Dodge (counts-as at a terrain): Coral Elves at Coastland (water)
    count maneuver as saves; in a 1996 game no conversion applies, from play's context or a
    roll counted under the classic ruleset."""
    state = position(ann={"campaign": ("Coral Elves/Courier",)},
                     frontier="Terrains/Coastland Tower")
    ctx = RollContext(RollType.SAVE)
    assert Species.CORAL_ELVES in [c[0] for c in conversions(state, T2, 0, ctx)]
    assert conversions(classic(state), T2, 0, replace(ctx, ruleset="classic")) == ()


@pytest.mark.rule("species", "Undead", "Bone Magic")
def test_no_bone_magic_in_a_classic_game():
    """Digest §6 Bone Magic (magic hook): Undead that rolled magic add death magic, capped by
    the Undead in the DUA; the magic hook gives a 1996 game's army nothing."""
    from dragondice_desktop.engine.rolls.pipeline import DieRoll, RollInput, count_roll
    from dragondice_desktop.engine.spells.species_magic import opposing_rolls, own_magic
    from dragondice_desktop.engine.turn.flow import army_context

    state = position(ann={"campaign": ("Undead/Apparition",), "horde": ("Undead/Ghoul",)},
                     frontier="Terrains/Coastland Tower")
    state = moved(state, die_ids(state, "Undead/Ghoul"), DUA0)
    apparition = die_ids(state, "Undead/Apparition")[0]
    die = state.dice[apparition].die
    face = [f.to_text() for f in die.faces].index("2 Magic")
    # the Apparition's '2 Magic', as the magic action counts it
    roll = count_roll(RollInput(army_context(state, T2, 0, RollType.MAGIC),
                                (DieRoll(apparition, die, (face,)),)))
    assert own_magic(state, roll, 0, [])  # v4.01: Bone Magic adds death magic
    assert own_magic(classic(state), roll, 0, []) == ()
    assert opposing_rolls(classic(state), T2, 0) == []


@pytest.mark.rule("species", "Treefolk", "Rapid Growth")
def test_no_rapid_growth_in_a_classic_roll():
    """Digest §6 Rapid Growth (the roll-steps hook, which the odds ask directly): counter-
    maneuvering at an earth terrain, Treefolk may roll again; not in a 1996 game's roll."""
    from dragondice_desktop.catalog.model import Color
    from dragondice_desktop.engine.species.abilities.treefolk import rapid_growth_applies

    ctx = RollContext(RollType.MANEUVER, counter_maneuver=True)
    assert rapid_growth_applies(frozenset({Color.EARTH}), ctx)
    assert not rapid_growth_applies(frozenset({Color.EARTH}), replace(ctx, ruleset="classic"))
