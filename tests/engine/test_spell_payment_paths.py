"""Paying one spell (issue 17's speed-up): with nothing else announced, whether the magic can
pay a spell is the magic of the dice that may pay it — the same answer as the maximum flow
that pays several spells at once (digest §5.3: each die's magic pays spells of its elements
and, for species spells, of its species; an item's magic pays the spells of the species in
its army)."""

import random

from dragondice_desktop.catalog.model import Species
from dragondice_desktop.engine.spells.pool import (
    ELEMENT_NAMES, IVORY, MIXED, Demand, MagicSource, _max_flow_pays, _pays, payable,
)


def _flow(sources, demand, present):
    merged: dict[tuple[bool, ...], int] = {}
    for s in sources:
        if s.amount > 0:
            key = (_pays(s, demand, present),)
            merged[key] = merged.get(key, 0) + s.amount
    return _max_flow_pays(merged, [demand], demand.cost)


def test_one_spell_is_payable_exactly_when_the_flow_pays_it():
    rnd = random.Random(17)
    species = [None, Species.AMAZONS, Species.DWARVES, Species.GOBLINS]
    words = list(ELEMENT_NAMES) + [IVORY]
    checked = 0
    for _ in range(3000):
        sources = [MagicSource(rnd.randint(0, 4), frozenset(rnd.sample(words, rnd.randint(0, 2))),
                               rnd.choice(species), any_species=rnd.random() < 0.1)
                   for _ in range(rnd.randint(0, 6))]
        present = frozenset(rnd.sample(species, rnd.randint(0, 3)))
        demand = Demand(rnd.randint(1, 8), rnd.choice(words + [MIXED]), rnd.choice(species))
        if demand.cost > sum(s.amount for s in sources):
            continue
        checked += 1
        assert payable(sources, [demand], present) == _flow(sources, demand, present)
    assert checked > 1000


def test_one_spell_is_paid_only_by_dice_of_its_element_and_species():
    # 3 fire magic of Amazons, 2 water magic of Dwarves: a 4-point fire spell is too dear,
    # a 3-point fire spell is paid; a Dwarf species spell of water costing 3 is not.
    sources = [MagicSource(3, frozenset({"fire"}), Species.AMAZONS),
               MagicSource(2, frozenset({"water"}), Species.DWARVES)]
    present = frozenset({Species.AMAZONS, Species.DWARVES})
    assert not payable(sources, [Demand(4, "fire", None)], present)
    assert payable(sources, [Demand(3, "fire", None)], present)
    assert payable(sources, [Demand(2, "water", Species.DWARVES)], present)
    assert not payable(sources, [Demand(3, "water", Species.DWARVES)], present)
    assert not payable(sources, [Demand(2, "water", Species.AMAZONS)], present)
