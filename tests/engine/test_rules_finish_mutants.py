"""Tests for mutants that survived last session's mutation run (issue 11 §5), each worked out
from the rules text the mutated line implements:

- sai_effects ``_unit_takes``: a unit targeted on its own takes the damage left after its
  saves, never less than none (digest §4.7) — a mutant leaving 1 damage after an over-save
  killed a 1-health unit that saved everything;
- sai_results ``_combination``: an SAI whose own sentence is already a choice (Regenerate:
  "choose one: X saves OR return units", seed 000) is that one choice in a combination roll,
  not a second question about the result type (digest §4.5);
- fates ``_exchange_instead``: Stepped Damage exchanges a killed Undead with the *largest
  smaller* Undead of the DUA (digest §6; rulings).
"""

from __future__ import annotations

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.engine.units.fates import kill
from dragondice_desktop.engine.rolls.model import RollChoice, RollContext, RollInput, RollType
from dragondice_desktop.engine.rolls.pipeline import DieRoll, count_roll
from dragondice_desktop.engine.core.state import Zone, ZoneKind

from engine_helpers import battle, die_ids, moved, position, run, scripted, texts

CAT = load_catalog()
T2 = Zone(ZoneKind.TERRAIN, 2)
DUA0, BUA1 = Zone(ZoneKind.DUA, 0), Zone(ZoneKind.BUA, 1)
RHINO, WARDER = "Feral/Rhino-folk", "Eldarim/Morehl Warder (Air)"


def F(key: str, text: str) -> int:
    return [f.to_text() for f in CAT.die(key).faces].index(text)


# --- a unit's own save against damage (digest §4.7; seed 000 Gore) --------------------------


def _gored(warder_face: str):
    """Ann's Rhino-folk rolls Gore (two damage, buried if killed: seed 000) at Bob's lone
    Morehl Warder (1 health), which saves with `warder_face`."""
    state = battle([RHINO], [WARDER])
    state = scripted(state, F(RHINO, "4 Gore"), F(WARDER, warder_face))
    state, events = run(state, "march t2", "no-maneuver", "action melee")
    return state, events, die_ids(state, WARDER, player=1)[0]


def test_gore_fully_saved_leaves_no_damage():
    """Digest §4.7: damage less saves; 2 Gore damage against 2 saves leaves 0 — the 1-health
    Warder survives (a mutant leaving at least 1 damage killed it)."""
    state, events, warder = _gored("2 Save")
    assert state.zones[warder] == T2
    assert "Gore: Bob's Morehl Warder takes 0 damage: survives" in texts(events, "sai")


def test_gore_one_save_short_kills_and_buries():
    """Boundary: 2 damage against 1 save leaves 1, the Warder's health: killed, and Gore buries
    what it kills (seed 000 Gore)."""
    state, events, warder = _gored("1 Save")
    assert state.zones[warder] == BUA1
    assert "Gore: Bob's Morehl Warder takes 1 damage: killed and buried" in texts(events, "sai")


# --- Regenerate's own choice in a combination roll (seed 000 Regenerate; digest §4.5) -------

TROLL = "Goblins/Troll"


def _regenerate(*choices):
    """A Troll showing Regenerate (X = 4) in the save + melee roll answering a Charge."""
    ctx = RollContext(RollType.SAVE, also=(RollType.MELEE,), save_against=RollType.MELEE)
    dice = (DieRoll(1, CAT.die(TROLL), (F(TROLL, "4 Regenerate"),)),)
    return count_roll(RollInput(ctx, dice, choices=tuple(choices)))


def test_regenerate_in_a_combination_roll_is_one_choice():
    """Seed 000 Regenerate: "choose one: Regenerate generates X save results, OR ... return up
    to X health-worth of units from your DUA". In a combination roll that choice is the only
    question (no second one about the result type, digest §4.5); by default 4 saves."""
    result = _regenerate()
    points = result.open_choices
    assert [(p.icon.value, p.options, p.default) for p in points] == [
        ("Regenerate", ("saves", "return"), "saves")]
    assert (result.total(RollType.SAVE), result.total(RollType.MELEE)) == (4, 0)


def test_regenerate_takes_no_result_type_answer():
    """Digest §4.5 + seed 000 Regenerate: the roller's pick for Regenerate is between its own
    two halves (saves or return); a result-type answer ("melee", the question asked of SAIs
    with one sentence per type) is not one of them and leaves the default, 4 saves. A mutant
    that asked both questions took "melee" as the melee sentence: no saves, units returned."""
    from dragondice_desktop.catalog.model import Icon

    result = _regenerate(RollChoice(1, Icon.REGENERATE, "melee"))
    assert result.total(RollType.SAVE) == 4
    assert not [e for d in result.dice for e in d.effects]


def test_regenerate_returning_units_gives_no_saves():
    """The other half of "choose one": returning units generates no saves."""
    from dragondice_desktop.catalog.model import Icon

    result = _regenerate(RollChoice(1, Icon.REGENERATE, "return"))
    assert result.total(RollType.SAVE) == 0 and not result.open_choices
    assert [e.kind for d in result.dice for e in d.effects] == ["return_from_dua"]


# --- Stepped Damage: the largest smaller Undead (digest §6) ---------------------------------


def test_stepped_damage_takes_the_largest_smaller_undead():
    """Digest §6 Stepped Damage: a killed Undead may instead be exchanged with a smaller
    Undead from the DUA; the app takes the largest smaller one (rulings). A Death Knight (3)
    killed with a Ghoul (1), a Ghast (2) and a Ghost (3, not smaller) in the DUA is exchanged
    with the Ghast (mutants took the Ghoul, the smallest, or the Ghost, as large)."""
    state = position(ann={"home": ("Undead/Death Knight",),
                          "horde": ("Undead/Ghoul", "Undead/Ghast", "Undead/Ghost")})
    knight = die_ids(state, "Undead/Death Knight")[0]
    ghoul, ghast, ghost = (die_ids(state, k)[0] for k in
                           ("Undead/Ghoul", "Undead/Ghast", "Undead/Ghost"))
    state = moved(state, [ghoul, ghast, ghost], DUA0)
    home = state.zones[knight]
    events = []
    state = kill(state, knight, events, "test")
    assert state.zones[ghast] == home and state.zones[knight] == DUA0
    assert state.zones[ghoul] == DUA0 and state.zones[ghost] == DUA0
    assert any("Stepped Damage exchanges it with Ann's Ghast" in e.text for e in events)


def test_stepped_damage_between_equal_undead_takes_the_first_in_the_dua():
    """Two smaller Undead of the same health (Ghast and Wight, 2): the app takes the first in
    the DUA (the lower die number), so a game replays the same way."""
    state = position(ann={"home": ("Undead/Death Knight",),
                          "horde": ("Undead/Wight", "Undead/Ghast")})
    knight = die_ids(state, "Undead/Death Knight")[0]
    wight, ghast = die_ids(state, "Undead/Wight")[0], die_ids(state, "Undead/Ghast")[0]
    first, second = sorted((wight, ghast))
    state = moved(state, [wight, ghast], DUA0)
    home = state.zones[knight]
    state = kill(state, knight, [], "test")
    assert state.zones[first] == home and state.zones[second] == DUA0
