"""The magic a roll makes available for spells, and whether announced spells can be paid
(digest §5.3).

A roll's magic is split into sources: the magic of one die, with the elements it may pay and
the species that produced it.
- A unit's magic belongs to its elements (a two-element unit splits its magic between them as
  its owner likes); White = all five; Ivory magic pays only Elemental spells.
- Amazons' Terrain Harmony (digest §6): their magic takes the elements of the terrain they
  stand on; in reserves it is Ivory.
- Standing Stones (digest §8): the army holding it may convert any of its magic to an element
  of that terrain.
- Items' magic has no species: it pays a species spell if the army holds a unit of that
  species. Attune and the Bronze Medallion give magic of any element; the Bronze Medallion's
  cantrip ignores species too.
- Magic taken away by modifiers (Magic Drain, halving ...) comes off the sources in a fixed
  order, as ``RollResult.magic_by_color`` does.

Paying: each casting is paid with magic of one element ("mixed" for Summon White Dragon) and,
for a species spell, magic of that species. Whether all announced castings can be paid at once
is a small transportation problem, solved exactly as a maximum flow (``payable``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.rule_homes import eighth_face_power
from ..species.registry import Hook, first
from ...catalog.model import ELEMENTS, Color, Icon, Species
from ..turn.flow import holds_power
from ..rolls.model import ANY_COLOR, DieOutcome, Origin, RollResult, RollType
from ..core.state import GameState, Zone, ZoneKind

ELEMENT_NAMES = tuple(c.value for c in ELEMENTS)
IVORY = "ivory"
MIXED = "mixed"  # Summon White Dragon: "any mix of elements" (digest §7)


@dataclass(frozen=True)
class MagicSource:
    """Magic results of one die: how many, the elements (names, "ivory") they may pay, the
    species that made them (None: an item), `any_species` for the Bronze Medallion."""

    amount: int
    elements: frozenset[str]
    species: Species | None
    any_species: bool = False
    label: str = ""


@dataclass(frozen=True)
class Demand:
    """One casting to pay: its cost, the element paying it, the species whose magic it needs."""

    cost: int
    element: str
    species: Species | None


@eighth_face_power(Icon.STANDING_STONES,
                   "the holding army's magic may pay spells of the terrain's elements (digest "
                   "§8)")
def _elements(key: frozenset[Color] | str, die_species: Species | None, state: GameState, zone: Zone,
              player: int) -> frozenset[str]:
    """The elements a magic key may pay, with the species abilities on that hook (Terrain
    Harmony) and Standing Stones."""
    if key == ANY_COLOR:
        names = set(ELEMENT_NAMES)
    else:
        names = {c.value for c in key if c in ELEMENTS}
        if Color.IVORY in key:
            names.add(IVORY)
    at_terrain = zone.kind is ZoneKind.TERRAIN
    harmony = first(Hook.MAGIC_ELEMENTS, state, names, die_species, zone)
    if harmony is not None:
        names = set(harmony)
    if at_terrain and holds_power(state, zone, player, Icon.STANDING_STONES):
        names |= {c.value for c in state.terrains[zone.index].die.elements}
    return frozenset(names)


def trim(sources: list[MagicSource], total: int) -> tuple[MagicSource, ...]:
    """Take away magic the modifiers removed, from the sources in order, so they add up to
    the roll's magic total."""
    excess = sum(s.amount for s in sources) - total
    out = []
    for source in sources:
        take = min(source.amount, max(0, excess))
        excess -= take
        if source.amount - take:
            out.append(MagicSource(source.amount - take, source.elements, source.species,
                                   source.any_species, source.label))
    return tuple(out)


def magic_sources(state: GameState, result: RollResult, zone: Zone,
                  player: int) -> tuple[MagicSource, ...]:
    """The magic of a magic roll, by die (digest §5.3)."""
    factor = result.context.id_multiplier if result.context else 1
    sources = []
    for die in result.dice:
        if die.excluded:
            continue
        catalog_die = state.dice[die.die_id].die
        for c in die.contributions:
            if c.result_type is not RollType.MAGIC or not c.amount:
                continue
            amount = c.amount * (factor if c.origin is Origin.ID else 1)
            key = c.color if c.color is not None else frozenset({Color.IVORY})
            sources.append(MagicSource(amount, _elements(key, catalog_die.species, state, zone,
                                                         player),
                                       catalog_die.species if catalog_die.kind.is_unit
                                       else None, label=state.die_label(die.die_id)))
    return trim(sources, result.total(RollType.MAGIC))


def cantrip_sources(state: GameState, dice: Sequence[DieOutcome], zone: Zone,
                    player: int) -> tuple[MagicSource, ...]:
    """Cantrip-only magic of a roll that is not a magic action (digest §5.3): the Cantrip
    SAI's magic belongs to its die's elements and species; the Bronze Medallion's to any
    element and any species."""
    sources = []
    for die in dice:
        if die.excluded or not die.cantrip_magic:
            continue
        catalog_die = state.dice[die.die_id].die
        bronze = catalog_die.kind.is_item and Color.BRONZE in catalog_die.colors
        key = ANY_COLOR if bronze else (catalog_die.elements or frozenset({Color.IVORY}))
        sources.append(MagicSource(
            die.cantrip_magic, _elements(key, catalog_die.species, state, zone, player),
            catalog_die.species if catalog_die.kind.is_unit else None, any_species=bronze,
            label=state.die_label(die.die_id)))
    return tuple(sources)


def _pays(source: MagicSource, demand: Demand, present: frozenset[Species | None]) -> bool:
    if demand.element == MIXED:
        element_ok = bool(source.elements)
    else:
        element_ok = demand.element in source.elements
    if not element_ok:
        return False
    if demand.species is None or source.any_species or source.species is demand.species:
        return True
    return source.species is None and demand.species in present


def payable(sources: Sequence[MagicSource], demands: Sequence[Demand],
            present: frozenset[Species | None]) -> bool:
    """True if every demand can be paid at once from the sources (a maximum flow from the
    sources to the castings reaches the total cost). `present`: the species of the units in
    the casting army (item magic may pay their spells)."""
    need = sum(d.cost for d in demands)
    if need > sum(s.amount for s in sources):
        return False
    if need == 0:
        return True
    if len(demands) == 1:
        # One casting: the flow is the magic of the sources that may pay it (the common
        # case, asked for every spell of the book while nothing is announced yet).
        demand = demands[0]
        return sum(s.amount for s in sources
                   if s.amount > 0 and _pays(s, demand, present)) >= need
    # Sources that can pay exactly the same demands are one source of their summed magic: the
    # flow network is the same, with far fewer nodes (an army's dice share a few elements).
    merged: dict[tuple[bool, ...], int] = {}
    for s in sources:
        if s.amount > 0:
            pays = tuple(_pays(s, d, present) for d in demands)
            merged[pays] = merged.get(pays, 0) + s.amount
    network = (tuple(sorted(merged.items())), tuple(d.cost for d in demands))
    known = _FLOWS.get(network)
    if known is None:
        if len(_FLOWS) >= _FLOWS_KEPT:
            _FLOWS.clear()
        known = _FLOWS[network] = _max_flow_pays(merged, demands, need)
    return known


# Answers of the flow by network (which demands each merged source pays, its magic; each
# demand's cost): castings of different spells, elements and species often build the same
# network. The answer depends on nothing else, so keeping it changes no answer.
_FLOWS: dict[tuple[tuple[tuple[tuple[bool, ...], int], ...], tuple[int, ...]], bool] = {}
_FLOWS_KEPT = 4096


def _max_flow_pays(merged: dict[tuple[bool, ...], int], demands: Sequence[Demand],
                   need: int) -> bool:
    """True if a maximum flow from the merged sources (which demands each pays -> magic) to
    the demands (their costs) reaches `need`."""
    sources = list(merged.items())
    n_src, n_dem = len(sources), len(demands)
    size = n_src + n_dem + 2
    sink = size - 1
    cap = [[0] * size for _ in range(size)]
    for i, (pays, amount) in enumerate(sources):
        cap[0][1 + i] = amount
        for j, ok in enumerate(pays):
            if ok:
                cap[1 + i][1 + n_src + j] = need
    for j, d in enumerate(demands):
        cap[1 + n_src + j][sink] = d.cost
    flow = 0
    while True:  # Edmonds-Karp: breadth-first augmenting paths
        parent = [-1] * size
        parent[0] = 0
        queue = [0]
        for u in queue:
            for v in range(size):
                if parent[v] == -1 and cap[u][v] > 0:
                    parent[v] = u
                    queue.append(v)
        if parent[sink] == -1:
            return flow == need
        push, v = need, sink
        while v:
            push = min(push, cap[parent[v]][v])
            v = parent[v]
        v = sink
        while v:
            cap[parent[v]][v] -= push
            cap[v][parent[v]] += push
            v = parent[v]
        flow += push


def describe(sources: Sequence[MagicSource]) -> str:
    """The magic available, e.g. "6 magic (air/water 4, ivory 2)"."""
    total = sum(s.amount for s in sources)
    parts: dict[str, int] = {}
    for s in sources:
        key = "/".join(sorted(s.elements)) or "alloy"
        parts[key] = parts.get(key, 0) + s.amount
    return f"{total} magic (" + ", ".join(f"{k} {n}" for k, n in sorted(parts.items())) + ")"
