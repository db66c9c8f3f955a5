"""Per-die odds: pmfs worked out by hand from the catalog faces, roll-again chains (geometric,
closed-form mean), eighth-face ID doubling, automatic saves and Belly, magic by element, and
every catalog die's distribution summing to 1."""

from fractions import Fraction

import numpy as np
import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Color, Icon
from dragondice_desktop.engine.rolls.model import RollContext, RollType
from dragondice_desktop.odds import (
    OddsSpec, chain_mean, die_distribution, die_stats, named_specs, spec_from_name,
)

CAT = load_catalog()


def faces_text(key):
    return [f.to_text() for f in CAT.die(key).faces]


def assert_pmf(dist, expected, tol=1e-12):
    expected = [float(Fraction(x)) for x in expected]
    got = np.zeros(max(len(dist.pmf), len(expected)))
    got[: len(dist.pmf)] = dist.pmf
    want = np.zeros_like(got)
    want[: len(expected)] = expected
    assert np.allclose(got, want, atol=tol, rtol=0), (got, want)


def test_footman_melee_by_hand():
    # The catalog's Dwarves/Footman: 1 ID, 1 Save, 1 Melee, 1 Melee, 1 Save, 2 Melee.
    assert faces_text("Dwarves/Footman") == ["1 ID", "1 Save", "1 Melee", "1 Melee", "1 Save",
                                             "2 Melee"]
    dist = die_distribution(CAT.die("Dwarves/Footman"), "melee")
    assert_pmf(dist, ["2/6", "3/6", "1/6"])  # ID = health 1 counts as a melee result
    assert dist.mean == pytest.approx(5 / 6)
    assert dist.sd == pytest.approx(np.sqrt(7 / 6 - (5 / 6) ** 2))
    assert list(dist.at_least()) == pytest.approx([1, 4 / 6, 1 / 6])
    assert dist.notes == ()


def test_footman_save_and_maneuver_by_hand():
    footman = CAT.die("Dwarves/Footman")
    assert_pmf(die_distribution(footman, "save"), ["3/6", "3/6"])      # ID + two Save faces
    assert_pmf(die_distribution(footman, "maneuver"), ["5/6", "1/6"])  # only the ID face


def _hand_pmf(die, rt, id_multiplier=1):
    """A die whose faces are only action icons and ID: results per face counted by hand."""
    icon = {RollType.MELEE: Icon.MELEE, RollType.SAVE: Icon.SAVE, RollType.MISSILE: Icon.MISSILE,
            RollType.MAGIC: Icon.MAGIC, RollType.MANEUVER: Icon.MANEUVER}[rt]
    values = []
    for face in die.faces:
        v = 0
        for i, n in face.icons:
            if i is icon:
                v += n
            elif i is Icon.ID:
                v += die.health * id_multiplier
        values.append(v)
    pmf = np.zeros(max(values) + 1)
    for v in values:
        pmf[v] += 1 / len(values)
    return pmf


@pytest.mark.parametrize("rt", list(RollType))
def test_plain_d6_units_match_hand_counts(rt):
    plain = [d for d in CAT if d.kind.is_unit and d.die_type.value == 6 and not d.autosaves
             and all(i.is_action or i is Icon.ID for f in d.faces for i, _ in f.icons)]
    assert len(plain) > 50
    for die in plain[::7]:
        for mult in (1, 2):
            dist = die_distribution(die, OddsSpec(rt, id_multiplier=mult))
            want = _hand_pmf(die, rt, mult)
            assert np.allclose(np.pad(dist.pmf, (0, max(0, len(want) - len(dist.pmf)))),
                               np.pad(want, (0, max(0, len(dist.pmf) - len(want))))), die.key


def test_rend_monster_is_an_exact_geometric_chain():
    chimera = CAT.die("Amazons/Chimera")
    assert faces_text("Amazons/Chimera") == ["4 ID", "4 Melee", "4 Smite", "4 Rend", "4 Melee",
                                             "4 Save", "2 Flame", "4 Save", "4 Fly", "4 Melee"]
    dist = die_distribution(chimera, "melee")
    # k Rends (4 melee each, chance 1/10 each) then a face that ends the chain: 5 faces give
    # 0 melee, 4 faces (ID and three Melee) give 4.
    for k in range(8):
        want = (0.1 ** k) * 0.5 + (0.1 ** (k - 1) * 0.4 if k else 0.0)
        assert dist.p(4 * k) == pytest.approx(want, rel=1e-9, abs=1e-15)
        assert dist.p(4 * k + 2) == 0.0
    # Closed form: the sum of every face's results over the faces that end the chain.
    assert dist.mean == pytest.approx(20 / 9, abs=1e-10)
    assert chain_mean(chimera, RollContext(RollType.MELEE), RollType.MELEE) == pytest.approx(20 / 9)
    # ... and the variance of a compound geometric sum.
    assert dist.truncated_mass < 1e-12
    assert dist.total_mass + dist.truncated_mass == pytest.approx(1.0, abs=1e-15)
    assert any(n.category == "truncation" for n in dist.notes)


def test_truncation_is_stated_and_follows_eps():
    chimera = CAT.die("Amazons/Chimera")
    coarse = die_distribution(chimera, OddsSpec(RollType.MELEE, eps=1e-4))
    assert 0 < coarse.truncated_mass < 1e-4
    assert coarse.total_mass == pytest.approx(1 - coarse.truncated_mass)
    note = next(n for n in coarse.notes if n.category == "truncation")
    assert "0.0001" in note.text and note.probability == pytest.approx(coarse.truncated_mass)


@pytest.mark.parametrize("key", ["Amazons/Chimera", "Frostwings/Wolf Pack",
                                 "Coral Elves/Leviathan"])
@pytest.mark.parametrize("mult", [1, 2])
def test_closed_form_mean_of_roll_again_dice(key, mult):
    die = CAT.die(key)
    ctx = RollContext(RollType.MELEE, id_multiplier=mult)
    dist = die_distribution(die, OddsSpec(RollType.MELEE, id_multiplier=mult))
    assert dist.mean == pytest.approx(chain_mean(die, ctx, RollType.MELEE, mult), abs=1e-9)


def test_tail_gives_two_and_rolls_again():
    leviathan = CAT.die("Coral Elves/Leviathan")  # two "2 Tail" faces, no other melee
    dist = die_distribution(leviathan, "melee")
    # ID (4 melee) ends the chain; each Tail adds 2 (a fixed number) and rolls again.
    assert dist.mean == pytest.approx((4 + 2 + 2) / 8)
    assert dist.p(0) == pytest.approx(7 / 10)     # first roll: one of 7 faces without melee
    assert dist.p(2) == pytest.approx(0.2 * 0.7)  # a Tail, then one of those 7


def test_eighth_face_doubles_only_id_results():
    footman = CAT.die("Dwarves/Footman")
    dist = die_distribution(footman, OddsSpec(RollType.MELEE, id_multiplier=2))
    assert_pmf(dist, ["2/6", "2/6", "2/6"])  # the ID face now gives 2, like the 2 Melee face
    chimera = CAT.die("Amazons/Chimera")
    plain = die_distribution(chimera, "melee").mean
    doubled = die_distribution(chimera, OddsSpec(RollType.MELEE, id_multiplier=2)).mean
    assert doubled - plain == pytest.approx(4 / 9)   # one ID face of 4 among 9 chain ends
    # A die whose SAIs give results: the eighth face does not double them (step 9, ID only).
    centaur = CAT.die("Amazons/Centaur")  # Trample (SAI) gives 4 melee
    assert (die_distribution(centaur, OddsSpec(RollType.MELEE, id_multiplier=2)).mean
            - die_distribution(centaur, "melee").mean) == pytest.approx(0.4)


def test_dragonkin_automatic_saves_and_belly():
    foal = CAT.die("Dragonkin/Dragonfoal (Air)")
    assert faces_text(foal.key)[:2] == ["1 ID", "1 Belly"] and foal.autosaves == 1
    # ID: 1 save + 1 automatic; Belly: loses the automatic save; other faces: 1 automatic.
    assert_pmf(die_distribution(foal, "save"), ["1/6", "4/6", "1/6"])
    # Automatic saves count only in save rolls.
    assert_pmf(die_distribution(foal, "melee"), ["4/6", "2/6"])
    ctx = RollContext(RollType.SAVE)
    assert chain_mean(foal, ctx, RollType.SAVE) == pytest.approx(1.0)


def test_magic_by_element():
    lurker = CAT.die("Lava Elves/Lurker in the Deep")   # a Lava Elf: fire and death
    assert set(lurker.elements) == {Color.FIRE, Color.DEATH}
    all_magic = die_distribution(lurker, "magic")
    assert die_distribution(lurker, "magic:fire").mean == pytest.approx(all_magic.mean)
    assert die_distribution(lurker, "magic:death").mean == pytest.approx(all_magic.mean)
    assert die_distribution(lurker, "magic:water").mean == 0.0
    crown = next(d for d in CAT if d.kind.is_item
                 and any(i is Icon.ATTUNE for f in d.faces for i, _ in f.icons))
    # Attune gives magic of any colour: it counts for every element.
    for element in ("air", "water"):
        assert die_distribution(crown, f"magic:{element}").mean > 0


def test_every_catalog_die_sums_to_one_in_every_roll():
    dice = [d for d in CAT if d.kind.is_unit or d.kind.is_item]
    worst = 0.0
    for name in ("maneuver", "melee", "missile", "magic", "save", "save-vs-melee",
                 "save-vs-missile", "dragon-attack:save", "dragon-attack:melee", "magic:fire"):
        for die in dice:
            dist = die_distribution(die, name)
            worst = max(worst, abs(dist.total_mass + dist.truncated_mass - 1))
            assert dist.truncated_mass < 1e-11
            assert (dist.pmf >= 0).all()
    assert worst < 1e-12


def test_die_stats_useful_face():
    footman = CAT.die("Dwarves/Footman")
    stats = die_stats(footman, "melee")
    assert stats.p_useful == pytest.approx(4 / 6) and stats.p_results == pytest.approx(4 / 6)
    assert stats.mean == pytest.approx(5 / 6) and stats.max == 2
    # Smite (damage) and Regenerate (return from the DUA) act in a melee roll without giving
    # melee results: useful, but no results.
    troll = CAT.die("Goblins/Troll")
    stats = die_stats(troll, "melee")
    assert stats.p_results == pytest.approx(0.3)
    assert stats.p_useful == pytest.approx(0.7)


def test_roll_names_and_errors():
    for name in named_specs():
        assert spec_from_name(name).name == name
    with pytest.raises(ValueError, match="known rolls"):
        spec_from_name("meele")
    with pytest.raises(ValueError):
        OddsSpec(RollType.MELEE, save_against=RollType.MELEE)  # the engine refuses it
    # the eighth face doubles a dragon-attack answer's IDs too (digest §8): accepted
    spec_from_name("dragon-attack:save", id_multiplier=2)
    dragon = next(d for d in CAT if d.kind.value == "dragon")
    with pytest.raises(ValueError):
        die_distribution(dragon, "melee")
