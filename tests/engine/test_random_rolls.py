"""Random rolls of every kind (engine/rolls/pipeline.py): random catalog dice showing random faces
(with the re-roll chains the rules demand), in every kind of roll — army rolls of each type,
combination, individual, DUA and dragon-attack rolls — are counted without losing anything:
every SAI shown is accounted for, totals are never negative, magic adds up by element, and
only counted types have results."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.rolls.individual_roll import unit_context
from dragondice_desktop.engine.rolls.pipeline import (
    MAX_REROLLS, DieRoll, Modifier, ModOp, RollContext, RollInput, RollKind, RollType,
    count_roll, face_results,
)

CAT = load_catalog()
UNITS = tuple(d for d in CAT if d.kind.is_unit)
ARMY_DICE = UNITS + tuple(d for d in CAT if d.kind.is_item)
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)

CONTEXTS = (
    RollContext(MAN), RollContext(MAN, counter_maneuver=True), RollContext(MEL),
    RollContext(MEL, counter_attack=True), RollContext(MIS), RollContext(MAG),
    RollContext(MAG, in_reserve=True), RollContext(SAV), RollContext(SAV, save_against=MEL),
    RollContext(SAV, save_against=MIS), RollContext(MEL, id_multiplier=2),
    RollContext(SAV, also=(MEL,), save_against=MEL), RollContext(SAV, also=(MAN,)),
    RollContext.dragon_attack(), RollContext.dragon_attack(dragon_rolled_jaws=False),
    unit_context((SAV,)), unit_context((MAN,)), unit_context((MEL,)),
    unit_context((SAV, MEL)), unit_context((SAV,), in_dua=True),
)
MODIFIERS = (Modifier(ModOp.SUBTRACT, 2, "minus"), Modifier(ModOp.DIVIDE, 2, "halve"),
             Modifier(ModOp.ADD, 1, "plus", types=(SAV,)),
             Modifier(ModOp.MULTIPLY, 2, "double ids", ids_only=True))


def _chain(die, faces, ctx):
    chain = []
    for face in faces:
        chain.append(face)
        if not face_results(die, face, ctx).rerolls or len(chain) > MAX_REROLLS:
            return tuple(chain)
    stop = next(i for i in range(len(die.faces)) if not face_results(die, i, ctx).rerolls)
    return tuple(chain) + (stop,)


def _accounted(outcome, icon) -> bool:
    return (any(c.icon is icon for c in outcome.contributions)
            or any(e.icon is icon for e in outcome.effects)
            or any(u.icon is icon for u in outcome.unresolved)
            or any(m.icon is icon for m in outcome.modifiers)
            or any(icon.value in reason for reason in outcome.ignored))


@settings(max_examples=400, deadline=None)
@given(data=st.data(), ctx=st.sampled_from(CONTEXTS),
       mods=st.lists(st.sampled_from(MODIFIERS), max_size=3))
def test_random_rolls_of_every_kind_lose_nothing(data, ctx, mods):
    pool = UNITS if ctx.kind is RollKind.INDIVIDUAL else ARMY_DICE
    count = 1 if ctx.kind is RollKind.INDIVIDUAL else data.draw(st.integers(1, 6))
    dice = []
    for die_id in range(count):
        die = data.draw(st.sampled_from(pool))
        faces = data.draw(st.lists(st.integers(0, len(die.faces) - 1), min_size=1, max_size=3))
        dice.append(DieRoll(die_id, die, _chain(die, faces, ctx)))
    modifiers = () if ctx.kind is RollKind.INDIVIDUAL else tuple(mods)
    result = count_roll(RollInput(ctx, tuple(dice), modifiers))
    for roll, outcome in zip(dice, result.dice):
        assert outcome.faces == roll.faces
        for face in roll.faces:
            for icon, _ in roll.die.faces[face].icons:
                if icon.is_sai:
                    assert _accounted(outcome, icon), (roll.die.key, face, ctx.describe())
    for rt in RollType:
        assert result.total(rt) >= 0
        if rt not in ctx.counted:
            assert result.total(rt) == 0
    if MAG in ctx.counted:
        assert sum(n for _, n in result.magic_by_color) == result.total(MAG)
    for point, value in result.choices:
        assert value == point.default or point not in result.open_choices
    assert result.explain()
