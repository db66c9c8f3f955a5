"""Attack preview: a small case by hand, the kill table against the engine's
``best_kill_total``, and an exact check of Screech (saves subtracted) by enumerating every
face of both armies through the engine."""

import itertools

import numpy as np
import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.units.damage import best_kill_total
from dragondice_desktop.engine.rolls.model import (
    DieRoll, Modifier, ModOp, RollContext, RollInput, RollType,
)
from dragondice_desktop.engine.rolls.pipeline import count_roll
from dragondice_desktop.odds import attack_preview, halve, kill_table

CAT = load_catalog()


def test_footman_against_footman_by_hand():
    foot = CAT.die("Dwarves/Footman")
    preview = attack_preview([foot], [foot], RollType.MELEE)
    # Melee: P(0)=2/6, P(1)=3/6, P(2)=1/6. Saves against melee: ID or a Save face, 1 with 3/6.
    assert list(preview.attack.pmf) == pytest.approx([2 / 6, 3 / 6, 1 / 6])
    assert list(preview.saves.pmf) == pytest.approx([1 / 2, 1 / 2])
    # Damage 2: melee 2, no save. Damage 1: (1, 0) or (2, 1).
    assert list(preview.damage.pmf) == pytest.approx([7 / 12, 4 / 12, 1 / 12])
    # One unit of health 1: any damage kills it.
    assert list(preview.killed.pmf) == pytest.approx([7 / 12, 5 / 12])
    assert preview.defender_health == 1
    assert preview.damage.mean == pytest.approx(6 / 12)


def test_kill_table_is_the_maximal_subset_sum():
    rnd = np.random.default_rng(3)
    for _ in range(40):
        healths = list(rnd.integers(1, 5, rnd.integers(0, 9)))
        table = kill_table(healths, 30)
        for damage in range(31):
            assert table[damage] == best_kill_total(healths, damage)


def test_items_have_no_health_to_kill():
    foot = CAT.die("Dwarves/Footman")
    carpet = CAT.die("Items/Air Flying Carpet")
    preview = attack_preview([foot, foot], [foot, carpet], RollType.MELEE)
    assert preview.defender_health == 1
    assert preview.killed.max_value <= 1


def _engine_preview(att_keys, def_keys, attack, def_mods=()):
    """Exact damage pmf by counting every face of both armies with the engine, the march's
    way: the attacker's "subtract_saves" effects become SUBTRACT modifiers on the save roll."""
    att = [CAT.die(k) for k in att_keys]
    dfn = [CAT.die(k) for k in def_keys]
    a_ctx = RollContext(attack)
    d_ctx = RollContext(RollType.SAVE, save_against=attack)
    weight = 1.0 / np.prod([len(d.faces) for d in att + dfn])
    damage = np.zeros(200)
    for a_faces in itertools.product(*(range(len(d.faces)) for d in att)):
        a_res = count_roll(RollInput(a_ctx, tuple(DieRoll(i, d, (f,)) for i, (d, f)
                                                  in enumerate(zip(att, a_faces)))))
        total = a_res.total(attack)
        minus = tuple(Modifier(ModOp.SUBTRACT, e.amount, "test", types=(RollType.SAVE,))
                      for e in a_res.effects_of("subtract_saves"))
        for d_faces in itertools.product(*(range(len(d.faces)) for d in dfn)):
            d_res = count_roll(RollInput(d_ctx, tuple(DieRoll(i, d, (f,)) for i, (d, f)
                                                      in enumerate(zip(dfn, d_faces))),
                                         minus + tuple(def_mods)))
            damage[max(0, total - d_res.total(RollType.SAVE))] += weight
    return damage


@pytest.mark.parametrize("def_mods", [(), (halve(RollType.SAVE),)])
def test_screech_against_engine_enumeration(def_mods):
    att = ("Goblins/Harpies", "Dwarves/Footman")       # Screech: the defender subtracts 4 saves
    dfn = ("Dragonkin/Dragonfoal (Air)", "Goblins/Troll")  # automatic saves; ID removed last
    preview = attack_preview([CAT.die(k) for k in att], [CAT.die(k) for k in dfn],
                             RollType.MELEE, defender_modifiers=def_mods)
    want = _engine_preview(att, dfn, RollType.MELEE, def_mods)
    got = np.zeros_like(want)
    got[: len(preview.damage.pmf)] = preview.damage.pmf
    assert np.abs(got - want).max() < 1e-12
    healths = [CAT.die(k).health for k in dfn]
    killed = np.zeros(20)
    for d, p in enumerate(want):
        killed[best_kill_total(healths, d)] += p
    got_k = np.zeros(20)
    got_k[: len(preview.killed.pmf)] = preview.killed.pmf
    assert np.abs(got_k - killed).max() < 1e-12
    assert any(n.what == "Screech" and "counted in the attack preview" in n.text
               for n in preview.notes)


def test_only_melee_or_missile_attacks():
    foot = CAT.die("Dwarves/Footman")
    with pytest.raises(ValueError, match="melee or missile"):
        attack_preview([foot], [foot], RollType.MAGIC)
