"""Rules the engine applied with no test of their own (found by the rule marks of
``tests/rule_index.py``): the Amazons' Kukri Charge and the Eldarim's Resist Fear (digest §6),
and the ID faces of the Knoll, Village and Woods minor terrains (digest §1.6, seed 003).

Expected values come from the rules text: Kukri Charge — instead of the maneuver step the
army buries its minor terrain, and that turn its Amazons count maneuver as melee in a melee
action; Resist Fear — Dragonkin up to the total Eldarim health in the army may roll in a
dragon attack although a dragon of their element (or an Ivory one) attacks; a minor
terrain's ID face — the army's player turns it to the action face of their choice.
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.dragons.attack_phase import afraid_dragonkin
from dragondice_desktop.engine.game import legal_actions
from dragondice_desktop.engine.rolls.pipeline import RollType
from dragondice_desktop.engine.core.options import checked
from dragondice_desktop.engine.core.state import Step, Zone, ZoneKind

from engine_helpers import die_ids, position, run, scripted, turn

T0 = Zone(ZoneKind.TERRAIN, 0)
BUA0 = Zone(ZoneKind.BUA, 0)
CAT = load_catalog()
GAME = checked()  # a v4.01 game (the species abilities play)


def _options(state):
    return sorted(a.to_text() for a in legal_actions(state))


@pytest.mark.rule("species", "Amazons", "Kukri Charge")
def test_kukri_charge_counts_amazon_maneuver_as_melee():
    """Digest §6 Kukri Charge: instead of the maneuver, bury the army's minor terrain; this
    turn its Amazons count maneuver as melee in a melee action. Highland City face 6: melee
    (Bob's Horde stands at Ann's Home). Charioteer face 2: 1 Maneuver -> 1 melee."""
    bridge_key = "Minor Terrains/Highland Bridge"
    state = position(ann={"home": ("Amazons/Charioteer",), "minor_terrains": (bridge_key,)},
                     faces=(6, 3, 3))
    bridge = die_ids(state, bridge_key)[0]
    state = state.with_(zones=tuple(T0 if i == bridge else z for i, z in enumerate(state.zones)),
                        minors=((bridge, 5),))
    state, _ = turn(state)
    state, _ = run(state, "march t0")
    assert "charge kukri" in _options(state)
    state, events = run(scripted(state, 2, 2), "charge kukri", "action melee")
    roll = [e.roll for e in events if e.kind == "roll" and e.roll][0]
    assert roll.total(RollType.MELEE) == 1 and "Kukri Charge" in roll.explain()
    assert state.zones[bridge] == BUA0


def _units(*keys):
    return [(i, CAT.die(k)) for i, k in enumerate(keys)]


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_lets_dragonkin_up_to_the_eldarim_health_roll():
    """Digest §5.6: a Dragonkin cannot roll against a dragon of its element; digest §6
    Resist Fear: Dragonkin up to the Eldarim health in the army (an Air Dragon Hunter: 4)
    roll anyway. Two Air Dragonchamps (3 health each) face an Air dragon: the first fits
    within 4, the second (3 more: 6 > 4) does not."""
    dragon = next(d for d in CAT if d.key.startswith("Dragons/Blue ")
                  and {e.value for e in d.elements} == {"air"})
    champ = "Dragonkin/Dragonchamp (Air)"
    alone = afraid_dragonkin(GAME, _units(champ, champ), [dragon])
    assert [i for i, _ in alone] == [0, 1]
    with_hunter = afraid_dragonkin(GAME, _units("Eldarim/Air Dragon Hunter (Air)", champ, champ),
                                   [dragon])
    assert [i for i, _ in with_hunter] == [2]


@pytest.mark.rule("species", "Eldarim", "Resist Fear")
def test_resist_fear_leaves_dragonkin_of_other_elements_alone():
    """Digest §5.6: a Dragonkin of another element than the dragon's is not afraid at all."""
    dragon = next(d for d in CAT if d.key.startswith("Dragons/Blue ")
                  and {e.value for e in d.elements} == {"air"})
    assert afraid_dragonkin(GAME, _units("Dragonkin/Dragonchamp (Fire)"), [dragon]) == ()


@pytest.mark.parametrize("key", [
    pytest.param("Minor Terrains/Highland Knoll", marks=pytest.mark.rule("minor_terrain", "Knoll")),
    pytest.param("Minor Terrains/Highland Village",
                 marks=pytest.mark.rule("minor_terrain", "Village")),
    pytest.param("Minor Terrains/Highland Woods", marks=pytest.mark.rule("minor_terrain", "Woods")),
])
def test_a_minor_terrains_id_face_is_turned_to_the_action_face_of_choice(key):
    """Digest §1.6: a minor terrain brought in play on its ID face is turned to the action
    face (magic, melee or missile) its player chooses. Ann marches her Home army (Highland
    City); the minor terrain's face 0 is its ID (catalog)."""
    assert CAT.die(key).faces[0].icon.value == key.rsplit(" ", 1)[1]
    state = position(ann={"minor_terrains": (key,)}, faces=(3, 3, 3))
    state, _ = turn(state)
    state, _ = run(state, "march t0")
    minor = die_ids(state, key)[0]
    state, _ = run(scripted(state, 0), f"bring {minor}")
    assert _options(state) == ["choose magic", "choose melee", "choose missile"]
    state, _ = run(state, "choose melee")
    shown = dict(state.minors)[minor]
    assert CAT.die(key).faces[shown].icon.value == "Melee"
    assert state.step is Step.ACTION
