"""The exact odds against a large seeded Monte-Carlo run of the real engine (``roll_army``
with ``engine.rng.Rng``) for random armies — roll-again chains, SAIs, items, the eighth
face, Elevate, Trumpet, Charge and dragon attacks all included.

Tolerances come from the standard error: the sample mean must lie within 4.5 standard
errors of the exact mean, and the Kolmogorov distance between the sampled and the exact
cumulative distribution must stay below 2.2 / sqrt(n) (for a continuous law that bound is
passed with probability ~0.9999; a discrete law is passed more often). Seeds are fixed, so
the test is deterministic.
"""

import random

import numpy as np

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.units.damage import best_kill_total
from dragondice_desktop.engine.core.rng import Rng, Throw
from dragondice_desktop.engine.rolls.model import (
    DieRoll, Modifier, ModOp, RollContext, RollInput, RollType,
)
from dragondice_desktop.engine.rolls.pipeline import count_roll, extend_chain, roll_army
from dragondice_desktop.odds import OddsSpec, attack_preview, army_distribution, halve, subtract

CAT = load_catalog()
POOL = [d for d in CAT if d.kind.is_unit or d.kind.is_item]
# Dice whose rarer rules must show up in the sample armies.
SPICE = ["Items/Air Flying Carpet", "Feral/Elephant-folk", "Dwarves/Behemoth",
         "Frostwings/Wolf Pack", "Amazons/Chimera", "Dragonkin/Dragonchamp (Air)",
         "Coral Elves/Leviathan", "Lava Elves/Lurker in the Deep", "Amazons/Centaur"]
ROLLS = 4000
ARMIES = 20


def check(samples: np.ndarray, dist, what: str) -> None:
    n = len(samples)
    assert abs(dist.total_mass + dist.truncated_mass - 1) < 1e-12, what
    se = dist.sd / np.sqrt(n)
    assert abs(samples.mean() - dist.mean) <= 4.5 * se + 1e-12, (
        what, samples.mean(), dist.mean, se)
    top = max(int(samples.max()) + 1, len(dist.pmf))
    exact = np.zeros(top)
    exact[: len(dist.pmf)] = dist.pmf
    sampled = np.bincount(samples, minlength=top) / n
    ks = np.abs(np.cumsum(sampled) - np.cumsum(exact)).max()
    assert ks < 2.2 / np.sqrt(n), (what, ks * np.sqrt(n))


def random_army(rnd: random.Random) -> list:
    size = rnd.randint(2, 6)
    dice = [rnd.choice(POOL) for _ in range(size - 1)]
    dice.append(CAT.die(rnd.choice(SPICE)))
    rnd.shuffle(dice)
    return dice


def random_spec(rnd: random.Random) -> OddsSpec:
    kind = rnd.choice(["maneuver", "melee", "missile", "magic", "save", "save-melee",
                       "save-missile", "dragon"])
    if kind == "dragon":
        return OddsSpec(rnd.choice([RollType.SAVE, RollType.MELEE, RollType.MISSILE]),
                        dragon_attack=True)
    mult = rnd.choice([1, 2])
    if kind.startswith("save-"):
        return OddsSpec(RollType.SAVE, id_multiplier=mult,
                        save_against=RollType(kind.split("-")[1]))
    return OddsSpec(RollType(kind), id_multiplier=mult)


def test_random_armies_match_the_engine():
    rnd = random.Random(20240605)
    for army_no in range(ARMIES):
        dice = random_army(rnd)
        spec = random_spec(rnd)
        dist = army_distribution(dice, spec)
        ctx, rng = spec.context(), Rng(1000 + army_no)
        pairs = list(enumerate(dice))
        samples = np.empty(ROLLS, dtype=np.int64)
        for k in range(ROLLS):
            result, rng = roll_army(pairs, ctx, rng)
            samples[k] = result.total(spec.roll_type)
        check(samples, dist, f"{spec.name} {[d.key for d in dice]}")


def _roll_with_modifiers(pairs, ctx, modifiers, rng):
    """roll_army, but counted with game-state modifiers (as the engine's army rolls do)."""
    firsts = []
    for _, die in pairs:
        face, rng = rng.roll_face(len(die.faces), Throw(die.name, die.key))
        firsts.append(face)
    rolls = []
    for (die_id, die), first in zip(pairs, firsts):
        chain, rng = extend_chain(die, die_id, (first,), ctx, rng, throw=Throw(die.name, die.key))
        rolls.append(DieRoll(die_id, die, chain))
    return count_roll(RollInput(ctx, tuple(rolls), modifiers)), rng


def test_modifiers_match_the_engine():
    rnd = random.Random(77)
    options = [(subtract(3),), (halve(),), (subtract(2), halve()),
               (subtract(4, RollType.SAVE), subtract(4, RollType.MANEUVER))]
    for army_no in range(6):
        dice = random_army(rnd)
        spec = random_spec(rnd)
        if spec.dragon_attack:
            spec = OddsSpec(RollType.MELEE, id_multiplier=2)
        spec = OddsSpec(spec.roll_type, id_multiplier=spec.id_multiplier,
                        save_against=spec.save_against, modifiers=rnd.choice(options))
        dist = army_distribution(dice, spec)
        ctx, rng = spec.context(), Rng(50 + army_no)
        pairs = list(enumerate(dice))
        samples = np.empty(2000, dtype=np.int64)
        for k in range(len(samples)):
            result, rng = _roll_with_modifiers(pairs, ctx, spec.modifiers, rng)
            samples[k] = result.total(spec.roll_type)
        check(samples, dist, f"{spec.label} {[d.key for d in dice]}")


def test_attack_preview_matches_the_engine():
    rnd = random.Random(9)
    for pair_no in range(3):
        attackers = random_army(rnd) + [CAT.die("Frostwings/Wolf Pack")]  # Howl and Rend
        defenders = random_army(rnd)
        attack = rnd.choice([RollType.MELEE, RollType.MISSILE])
        preview = attack_preview(attackers, defenders, attack)
        a_ctx = RollContext(attack)
        d_ctx = RollContext(RollType.SAVE, save_against=attack)
        healths = [d.health for d in defenders if d.kind.is_unit]
        rng = Rng(300 + pair_no)
        damage = np.empty(2500, dtype=np.int64)
        killed = np.empty(2500, dtype=np.int64)
        for k in range(len(damage)):
            a_res, rng = roll_army(list(enumerate(attackers)), a_ctx, rng)
            minus = tuple(Modifier(ModOp.SUBTRACT, e.amount, "test", types=(RollType.SAVE,))
                          for e in a_res.effects_of("subtract_saves"))
            d_res, rng = _roll_with_modifiers(list(enumerate(defenders)), d_ctx, minus, rng)
            damage[k] = max(0, a_res.total(attack) - d_res.total(RollType.SAVE))
            killed[k] = best_kill_total(healths, int(damage[k]))
        check(damage, preview.damage, f"damage {pair_no}")
        check(killed, preview.killed, f"killed {pair_no}")
