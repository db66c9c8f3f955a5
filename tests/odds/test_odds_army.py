"""Army odds: convolution, the "at least N" curve, the not-modelled list, and an exact check
against the engine: for small armies without roll-again faces every combination of faces is
counted by the engine's own ``count_roll`` (modifiers included) and the resulting exact pmf
must equal the odds module's to 1e-12."""

import itertools

import numpy as np
import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.rolls.model import DieRoll, RollInput, RollType
from dragondice_desktop.engine.rolls.pipeline import count_roll, face_results
from dragondice_desktop.odds import (
    OddsSpec, add, army_distribution, die_distribution, halve, spec_from_name, subtract,
)

CAT = load_catalog()


def enumerate_engine(keys, spec):
    """The exact pmf by counting every face combination with the engine (no roll-again
    faces allowed: each combination has probability prod(1/faces))."""
    dice = [CAT.die(k) for k in keys]
    ctx = spec.context()
    for die in dice:
        assert not any(face_results(die, i, ctx).rerolls for i in range(len(die.faces))), die.key
    weight = 1.0 / np.prod([len(d.faces) for d in dice])
    pmf = np.zeros(400)
    for faces in itertools.product(*(range(len(d.faces)) for d in dice)):
        rolls = tuple(DieRoll(i, d, (f,)) for i, (d, f) in enumerate(zip(dice, faces)))
        result = count_roll(RollInput(ctx, rolls, spec.modifiers))
        pmf[result.total(spec.roll_type)] += weight
    return pmf


def assert_same(dist, pmf):
    got = np.zeros_like(pmf)
    got[: len(dist.pmf)] = dist.pmf
    assert np.abs(got - pmf).max() < 1e-12, (got[:30], pmf[:30])


FOOT, TROLL, CENTAUR = "Dwarves/Footman", "Goblins/Troll", "Amazons/Centaur"
ELEPHANT, CARPET, BEHEMOTH = "Feral/Elephant-folk", "Items/Air Flying Carpet", "Dwarves/Behemoth"
FOAL, LURKER = "Dragonkin/Dragonfoal (Air)", "Lava Elves/Lurker in the Deep"
HARPIES = "Goblins/Harpies"

CASES = [
    # plain sums, eighth face
    ((FOOT, FOOT, TROLL), OddsSpec(RollType.MELEE)),
    ((FOOT, FOOT, TROLL), OddsSpec(RollType.MELEE, id_multiplier=2)),
    # subtracting (ID removed last), halving, adding, with and without the eighth face
    ((FOOT, TROLL, CENTAUR), OddsSpec(RollType.MELEE, modifiers=(subtract(3),))),
    ((FOOT, TROLL, CENTAUR), OddsSpec(RollType.MELEE, id_multiplier=2,
                                      modifiers=(subtract(5),))),
    ((FOOT, TROLL, CENTAUR), OddsSpec(RollType.MELEE, id_multiplier=2,
                                      modifiers=(subtract(2), halve()))),
    ((FOOT, FOAL, LURKER), OddsSpec(RollType.SAVE, id_multiplier=2, modifiers=(
        subtract(4, RollType.SAVE), subtract(4, RollType.MANEUVER), add(3, RollType.SAVE)))),
    ((FOOT, FOAL, LURKER), OddsSpec(RollType.SAVE, modifiers=(halve(), halve(RollType.SAVE)))),
    # Elevate (the best unit doubled) against the eighth face at step 9
    ((CARPET, CENTAUR, FOOT), OddsSpec(RollType.MISSILE)),
    ((CARPET, CENTAUR, FOOT), OddsSpec(RollType.MISSILE, id_multiplier=2)),
    ((CARPET, CENTAUR, HARPIES), OddsSpec(RollType.SAVE, save_against=RollType.MELEE,
                                          id_multiplier=2, modifiers=(subtract(2),))),
    # Trumpet (Feral units doubled)
    ((ELEPHANT, FOOT, "Feral/Leopard-folk"), OddsSpec(RollType.MELEE)),
    ((ELEPHANT, "Feral/Rhino-folk", "Feral/Hound-folk"), OddsSpec(RollType.MELEE, id_multiplier=2)),
    ((ELEPHANT, "Feral/Antelope-folk"), OddsSpec(RollType.SAVE, id_multiplier=2,
                                                 modifiers=(halve(),))),
    # Charge: maneuver counted as melee once it shows
    ((BEHEMOTH, CENTAUR, FOOT), OddsSpec(RollType.MELEE)),
    ((BEHEMOTH, CENTAUR, FOAL), OddsSpec(RollType.MELEE, id_multiplier=2,
                                         modifiers=(subtract(3), halve()))),
    ((BEHEMOTH, CENTAUR), OddsSpec(RollType.MELEE, counter_attack=True)),
    # magic, maneuver, dragon attacks (a combination roll with the engine's defaults)
    ((LURKER, FOOT, "Items/Air Magi Crown"), OddsSpec(RollType.MAGIC, id_multiplier=2)),
    ((CENTAUR, FOAL, CARPET), OddsSpec(RollType.MANEUVER, modifiers=(subtract(4),))),
    ((CARPET, CENTAUR, ELEPHANT), OddsSpec(RollType.SAVE, dragon_attack=True)),
    ((CARPET, CENTAUR, ELEPHANT), OddsSpec(RollType.MISSILE, dragon_attack=True)),
    ((CARPET, CENTAUR, ELEPHANT), OddsSpec(RollType.MELEE, dragon_attack=True,
                                           modifiers=(halve(RollType.MELEE),))),
]


@pytest.mark.parametrize("keys,spec", CASES, ids=[f"{s.name}-{i}" for i, (_, s) in
                                                   enumerate(CASES)])
def test_exact_against_engine_enumeration(keys, spec):
    dist = army_distribution([CAT.die(k) for k in keys], spec)
    assert_same(dist, enumerate_engine(keys, spec))


def test_army_is_the_convolution_of_its_dice():
    dice = [CAT.die(k) for k in (FOOT, TROLL, "Amazons/Chimera")]
    army = army_distribution(dice, "melee")
    conv = np.ones(1)
    for die in dice:
        conv = np.convolve(conv, die_distribution(die, "melee").pmf)
    assert np.allclose(army.pmf, conv[: len(army.pmf)], atol=1e-15)
    assert army.mean == pytest.approx(sum(die_distribution(d, "melee").mean for d in dice))
    assert army.variance == pytest.approx(sum(die_distribution(d, "melee").variance
                                              for d in dice))


def test_at_least_curve():
    army = army_distribution([CAT.die(FOOT)] * 4 + [CAT.die("Amazons/Chimera")], "melee")
    tail = army.at_least()
    assert tail[0] == pytest.approx(1.0)
    assert (np.diff(tail) <= 1e-15).all()
    for k in range(len(tail)):
        assert tail[k] == pytest.approx(army.pmf[k:].sum(), abs=1e-15)
        assert army.p_at_least(k) == pytest.approx(tail[k], abs=1e-15)
    assert army.quantile(0.0) == 0 and army.quantile(1.0) <= army.max_value


def test_distributions_sum_to_one():
    rnd = np.random.default_rng(5)
    pool = [d for d in CAT if d.kind.is_unit or d.kind.is_item]
    for _ in range(30):
        dice = [pool[i] for i in rnd.integers(0, len(pool), rnd.integers(1, 31))]
        for name in ("melee", "save-vs-missile", "magic:water", "dragon-attack:missile"):
            spec = spec_from_name(name, modifiers=(subtract(2), halve()) if name == "melee"
                                  else ())
            dist = army_distribution(dice, spec)
            assert dist.total_mass + dist.truncated_mass == pytest.approx(1.0, abs=1e-12)


def test_not_modelled_list_with_chances():
    chimera = CAT.die("Amazons/Chimera")  # Smite and Flame act; Rend rolls again (1 in 10)
    notes = {n.what: n for n in army_distribution([chimera], "melee").notes}
    assert notes["Flame"].category == "effect"
    assert notes["Flame"].probability == pytest.approx(1 / 9)  # one face of the 9 ending ones
    two = {n.what: n for n in army_distribution([chimera, chimera], "melee").notes}
    assert two["Smite"].probability == pytest.approx(1 - (8 / 9) ** 2)
    assert two["Smite"].dice == ("Amazons/Chimera",)
    # Choices are listed with the default the engine counts.
    troll = {n.what: n for n in army_distribution([CAT.die(TROLL)], "save").notes}
    assert troll["Regenerate"].category == "choice" and "saves" in troll["Regenerate"].text
    # Unresolved SAIs (cantrip magic outside magic rolls) are listed too.
    lurker = {n.what: n for n in army_distribution([CAT.die(LURKER)], "save").notes}
    assert lurker["Cantrip"].category == "unresolved"
    # Howl's saves to subtract belong to the attack preview, and say so.
    howl = {n.what: n for n in army_distribution([CAT.die("Frostwings/Wolf Pack")],
                                                  "melee").notes}
    assert "attack preview" in howl["Howl"].text


def test_empty_army():
    dist = army_distribution([], "melee")
    assert list(dist.pmf) == [1.0] and dist.mean == 0.0
