"""Every SAI of seed 000 and seed 001 in every kind of roll (each SAI's file in
engine/sai/icons/, read through engine/sai/results.py and engine/sai/in_dragon_attack.py).

One row per SAI: a real catalog die and face showing it, and for each roll what the icon does,
taken from the SAI's text and its "Applies" column. Rolls not listed in a row: the SAI has no
effect there (seed 000: "If a type of roll is not listed in the 'Applies' column description,
that SAI has no effect in that type of roll"), so the icon is only reported as ignored.

Expectation atoms: "melee:4" (4 melee results from the icon), "effect:targets=4" (an effect of
that kind passed on to the game, with its amount), "modifier", "unresolved", "choice",
"reroll", "cantrip:3" (cantrip-only magic), "belly" (automatic saves lost).
"""

from __future__ import annotations

import pytest

from dragondice_desktop.catalog.loader import load_catalog
from dragondice_desktop.catalog.model import Icon
from dragondice_desktop.engine.rolls.model import RollKind
from dragondice_desktop.engine.rolls.pipeline import (
    DieRoll, RollContext, RollInput, RollType, count_roll, face_results,
)
from dragondice_desktop.engine.rolls.individual_roll import unit_context

CAT = load_catalog()
MAN, MEL, MIS, MAG, SAV = (RollType.MANEUVER, RollType.MELEE, RollType.MISSILE,
                           RollType.MAGIC, RollType.SAVE)

CTX = {
    "man": RollContext(MAN), "cman": RollContext(MAN, counter_maneuver=True),
    "mel": RollContext(MEL), "cmel": RollContext(MEL, counter_attack=True),
    "mis": RollContext(MIS), "mag": RollContext(MAG), "rmag": RollContext(MAG, in_reserve=True),
    "sav": RollContext(SAV), "svm": RollContext(SAV, save_against=MEL),
    "svs": RollContext(SAV, save_against=MIS),
    "ind": unit_context((SAV,)), "indm": unit_context((MAN,)),
    "dua": unit_context((SAV,), in_dua=True), "da": RollContext.dragon_attack(),
}
NON_MANEUVER = ("mel", "cmel", "mis", "mag", "rmag", "sav", "svm", "svs")

# (SAI, die key, face index, {roll: expectation}); the seed's values.
ROWS = [
    ("Attune", "Items/Air Magi Crown", 3, {"mag": "magic:3", "rmag": "magic:3"}),
    ("Bash", "Items/Air Mithril Shield", 3, {"sav": "save:3", "svs": "save:3",
                                             "svm": "unresolved", "da": "unresolved"}),
    ("Belly", "Dragonkin/Dragonhero (Fire)", 1, {"sav": "belly", "svm": "belly", "svs": "belly",
                                                 "ind": "belly", "dua": "belly", "da": "belly"}),
    ("Breath", "Dragonkin/Dragonchamp (Air)", 4, {"mel": "effect:targets=3",
                                                  "cmel": "effect:targets=3"}),
    ("Bullseye", "Coral Elves/Sharpshooter", 5, {"mis": "effect:targets=4,reroll",
                                                 "da": "missile:4"}),
    ("Cantrip", "Amazons/Oracle", 5, {
        "mag": "magic:3", "rmag": "magic:3", "mel": "unresolved,cantrip:3",
        "cmel": "unresolved,cantrip:3", "mis": "unresolved,cantrip:3",
        "sav": "unresolved,cantrip:3", "svm": "unresolved,cantrip:3",
        "svs": "unresolved,cantrip:3", "ind": "unresolved,cantrip:3",
        "da": "unresolved,cantrip:3"}),
    ("Charge", "Dwarves/Behemoth", 7, {"mel": "effect:charge"}),
    ("Charm", "Lava Elves/Beholder", 4, {"mel": "effect:charm=4", "cmel": "effect:charm=4"}),
    ("Choke", "Treefolk/Strangle Vine", 4, {"mel": "effect:delayed=4", "cmel": "effect:delayed"}),
    ("Cloak", "Lava Elves/Lurker in the Deep", 7, {
        "mag": "magic:4", "rmag": "magic:4", "sav": "save:4,effect:cloak=4",
        "svm": "save:4,effect:cloak", "svs": "save:4,effect:cloak", "ind": "save:4",
        "indm": "maneuver:4", "dua": "save:4", "da": "save:4,effect:cloak"}),
    ("Coil", "Swamp Stalkers/Ormyrr", 5, {"mel": "effect:coil=4", "cmel": "effect:coil",
                                          "da": "melee:4"}),
    ("Confuse", "Dwarves/Umber Hulk", 4, {"mel": "effect:delayed=4", "cmel": "effect:delayed",
                                          "mis": "effect:delayed=4"}),
    ("Convert", "Undead/Vampire", 5, {"mel": "effect:targets=3", "cmel": "effect:targets"}),
    ("Counter", "Amazons/Harbinger", 5, {
        "mel": "melee:4", "cmel": "melee:4", "sav": "save:4",
        "svm": "save:4,effect:damage_to_attacker=4", "svs": "save:4", "ind": "save:4",
        "dua": "save:4", "da": "save:4,melee:4"}),
    ("Create Fireminions", "Firewalkers/Fireshadow", 2, {
        "man": "maneuver:4", "cman": "maneuver:4", "mel": "melee:4", "cmel": "melee:4",
        "mis": "missile:4", "mag": "magic:4", "rmag": "magic:4", "sav": "save:4",
        "svm": "save:4", "svs": "save:4", "da": "save:4,choice"}),
    ("Crush", "Items/Air Trebuchet", 1, {"mis": "effect:targets=4", "da": "missile:4"}),
    ("Decapitate", "Items/Air Vorpal Sword", 3, {"mel": "effect:delayed=3",
                                                 "cmel": "effect:delayed", "da": "unresolved"}),
    ("Dispel Magic", "Dwarves/Gargoyle", 5, {}),
    ("Double Strike", "Amazons/Hydra", 5, {"mel": "effect:targets=4,reroll",
                                           "cmel": "effect:targets=4,reroll", "da": "melee:4"}),
    ("Elevate", "Items/Air Flying Carpet", 1, {"man": "maneuver:4", "cman": "maneuver:4",
                                               "mis": "modifier", "svm": "modifier",
                                               "da": "modifier"}),
    ("Entangle", "Coral Elves/Tako", 1, {"mel": "effect:targets=4", "cmel": "effect:targets"}),
    ("Ferry", "Coral Elves/Gryphon", 4, dict.fromkeys(NON_MANEUVER + ("da",),
                                                      "effect:move_units=4")),
    ("Firebreath", "Amazons/Nightmare", 2, {"mel": "effect:damage_no_save=4",
                                            "cmel": "effect:damage_no_save"}),
    ("Firecloud", "Firewalkers/Genie", 4, {"mel": "effect:targets=4", "cmel": "effect:targets",
                                           "mis": "effect:targets=4"}),
    ("Firewalking", "Amazons/Nightmare", 1, {
        **dict.fromkeys(NON_MANEUVER + ("da",), "effect:move_units=3"), "man": "maneuver:4",
        "cman": "maneuver:4", "indm": "maneuver:4"}),
    ("Flame", "Amazons/Chimera", 6, {"mel": "effect:targets=2", "cmel": "effect:targets=2"}),
    ("Flaming Arrow", "Scalders/Blazer", 1, {"mis": "effect:targets=4", "da": "missile:4"}),
    ("Flurry", "Items/Air Blade Golem", 1, {"mel": "melee:4,reroll", "cmel": "melee:4,reroll",
                                            "svm": "save:4", "da": "save:4,choice"}),
    ("Fly", "Coral Elves/Eagle Knight", 2, {
        "man": "maneuver:3", "cman": "maneuver:3", "sav": "save:3", "svm": "save:3",
        "svs": "save:3", "ind": "save:3", "indm": "maneuver:3", "dua": "save:3",
        "da": "save:3"}),
    ("Frost Breath", "Frostwings/Cryohydra", 9, {"mel": "effect:army_lasting",
                                                 "cmel": "effect:army_lasting",
                                                 "mis": "effect:army_lasting"}),
    ("Galeforce", "Firewalkers/Genie", 1, {"mel": "effect:army_lasting=4",
                                           "cmel": "effect:army_lasting",
                                           "mis": "effect:army_lasting",
                                           "mag": "effect:army_lasting"}),
    ("Gore", "Feral/Rhino-folk", 4, {"mel": "effect:unit_damage=2",
                                     "cmel": "effect:unit_damage=2", "da": "melee:4"}),
    ("Hoof", "Treefolk/Satyr", 3, {"man": "maneuver:4", "cman": "maneuver:4", "sav": "save:4",
                                   "svm": "save:4", "svs": "save:4", "ind": "save:4",
                                   "indm": "maneuver:4", "dua": "save:4", "da": "save:4"}),
    ("Howl", "Frostwings/Wolf Pack", 1, {"mel": "effect:subtract_saves=4",
                                         "cmel": "effect:subtract_saves",
                                         "mis": "effect:subtract_saves=4"}),
    ("Hug", "Feral/Bear-folk", 2, {"mel": "effect:hug=4", "cmel": "effect:hug",
                                   "da": "melee:4"}),
    ("Hypnotic Glare", "Coral Elves/Leviathan", 7, {"mel": "effect:delayed",
                                                    "cmel": "effect:delayed"}),
    ("Illusion", "Lava Elves/Rakshasa", 2, {"mel": "effect:illusion", "cmel": "effect:illusion",
                                            "mis": "effect:illusion", "mag": "effect:illusion",
                                            "rmag": "effect:illusion"}),
    ("Impale", "Items/Air Heartseeker", 3, {"mis": "effect:delayed=3", "da": "unresolved"}),
    ("Kick", "Amazons/Centaur", 3, {"mel": "effect:unit_damage=4", "cmel": "effect:unit_damage",
                                    "sav": "save:4", "svm": "save:4", "svs": "save:4",
                                    "ind": "save:4", "dua": "save:4", "da": "melee:4,save:4"}),
    ("Net", "Goblins/Cannibal", 7, {"mel": "effect:targets=4", "cmel": "effect:targets",
                                    "mis": "effect:targets=4", "ind": "save:4", "dua": "save:4"}),
    ("Plague", "Undead/Minor Death", 2, {"mel": "effect:plague", "cmel": "effect:plague"}),
    ("Poison", "Goblins/Death Naga", 3, {"mel": "effect:targets=4", "cmel": "effect:targets"}),
    ("Regenerate", "Goblins/Troll", 1, {
        "mel": "effect:return_from_dua=4", "cmel": "effect:return_from_dua",
        "mis": "effect:return_from_dua", "mag": "effect:return_from_dua",
        "rmag": "effect:return_from_dua", "sav": "save:4,choice", "svm": "save:4,choice",
        "svs": "save:4,choice", "ind": "save:4", "dua": "save:4", "da": "save:4,choice"}),
    ("Rend", "Coral Elves/Gryphon", 2, {"man": "maneuver:4", "cman": "maneuver:4",
                                        "mel": "melee:4,reroll", "cmel": "melee:4,reroll",
                                        "indm": "maneuver:4", "da": "melee:4,reroll"}),
    ("Rise from the Ashes", "Firewalkers/Phoenix", 2, {"sav": "save:4", "svm": "save:4",
                                                       "svs": "save:4", "ind": "save:4",
                                                       "dua": "save:4"}),
    ("Roar", "Dwarves/Androsphinx", 1, {"mel": "effect:targets=4", "cmel": "effect:targets"}),
    ("Scare", "Undead/Death Knight", 5, {"mel": "effect:targets=3", "cmel": "effect:targets"}),
    ("Screech", "Feral/Owl-folk", 4, {"mel": "effect:subtract_saves=4",
                                      "cmel": "effect:subtract_saves"}),
    ("Seize", "Dwarves/Roc", 4, {"mel": "effect:targets=4", "cmel": "effect:targets",
                                 "mis": "effect:targets=4"}),
    ("Slay", "Undead/Minor Death", 4, {"mel": "effect:targets", "cmel": "effect:targets"}),
    ("Sleep", "Goblins/Cannibal", 9, {"mel": "effect:sleep", "cmel": "effect:sleep"}),
    ("Smite", "Amazons/War Chief", 5, {"mel": "effect:damage_no_save=4",
                                       "cmel": "effect:damage_no_save", "da": "melee:4"}),
    ("Smother", "Goblins/Shambler", 4, {"mel": "effect:targets=4", "cmel": "effect:targets"}),
    ("Sneak Attack", "Eldarim/Air Dragon Hunter (Air)", 4, {
        "mel": "melee:4", "cmel": "melee:4", "mis": "effect:damage_no_save=4",
        "mag": "effect:damage_no_save=4", "rmag": "effect:damage_no_save", "da": "melee:4"}),
    ("Sortie", "Items/Air Mantlet", 1, {"mel": "melee:4", "cmel": "melee:4", "sav": "save:4",
                                        "svm": "save:4", "svs": "save:4", "da": "save:4,melee:4"}),
    ("Stomp", "Dwarves/Behemoth", 1, {"mel": "effect:targets=4", "cmel": "effect:targets",
                                      "da": "melee:4"}),
    ("Stone", "Amazons/Medusa", 2, {"mel": "effect:damage_no_save=4",
                                    "cmel": "effect:damage_no_save",
                                    "mis": "effect:damage_no_save=4", "da": "missile:4"}),
    ("Stun", "Goblins/Cannibal", 3, {"mel": "effect:targets=4,reroll",
                                     "cmel": "effect:targets,reroll"}),
    ("Summon Dragon", "Items/Air Dragonstaff", 1, {"mag": "effect:summon_dragon=1,reroll",
                                                   "rmag": "magic:4"}),
    ("Surprise", "Frostwings/Yeti", 6, {"mel": "effect:surprise"}),
    ("Swallow", "Coral Elves/Leviathan", 1, {"mel": "effect:targets", "cmel": "effect:targets"}),
    ("Tail", "Coral Elves/Leviathan", 3, {"mel": "melee:2,reroll", "cmel": "melee:2,reroll",
                                          "da": "melee:2,reroll"}),
    ("Teleport", "Treefolk/Unicorn", 3, {
        **dict.fromkeys(NON_MANEUVER + ("da",), "effect:move_units=3"), "man": "maneuver:4",
        "cman": "maneuver:4", "indm": "maneuver:4"}),
    ("Trample", "Amazons/Centaur", 9, {"man": "maneuver:4", "cman": "maneuver:4",
                                       "mel": "melee:4", "cmel": "melee:4", "indm": "maneuver:4",
                                       "da": "melee:4"}),
    ("Trumpet", "Feral/Elephant-folk", 6, {"mel": "modifier", "cmel": "modifier",
                                           "sav": "modifier", "svm": "modifier",
                                           "svs": "modifier", "da": "modifier"}),
    ("Vanish", "Undead/Ghost", 5, {"sav": "save:3,effect:vanish", "svm": "save:3,effect:vanish",
                                   "svs": "save:3,effect:vanish", "ind": "save:3",
                                   "dua": "save:3"}),
    ("Volley", "Frostwings/Assailer", 1, {
        "mis": "missile:4", "sav": "save:4", "svm": "save:4",
        "svs": "save:4,effect:damage_to_attacker=4", "ind": "save:4", "dua": "save:4",
        "da": "save:4,missile:4"}),
    ("Wave", "Coral Elves/Leviathan", 5, {"man": "effect:subtract_from_counter_maneuver=4",
                                          "mel": "effect:subtract_saves=4",
                                          "cmel": "effect:subtract_saves"}),
    ("Wayfare", "Items/Air Seven League Boots", 3, {"man": "maneuver:3,choice",
                                                    "cman": "maneuver:3,choice",
                                                    "da": "effect:wayfare"}),
    ("Web", "Lava Elves/Drider", 1, {"mel": "effect:targets=4", "cmel": "effect:targets",
                                     "mis": "effect:targets=4"}),
    ("Wild Growth", "Treefolk/Noble Willow", 2, {
        "mel": "effect:promote=4", "cmel": "effect:promote", "mis": "effect:promote",
        "mag": "effect:promote", "rmag": "effect:promote", "sav": "save:4,choice",
        "svm": "save:4,choice", "svs": "save:4,choice", "ind": "save:4", "dua": "save:4",
        "da": "save:4,choice"}),
    ("Wither", "Undead/Mummy", 4, {"mel": "effect:army_lasting=3",
                                   "cmel": "effect:army_lasting=3"}),
    *[(f"Element {e}", "Items/Elemental Relic", face,
       dict.fromkeys(NON_MANEUVER + ("da",), "choice,effect:relic=4"))
      for e, face in (("Death", 1), ("Earth", 2), ("Air", 3), ("Fire", 4), ("Water", 5))],
    ("SFR Logo", "Items/Elemental Relic", 0, dict.fromkeys(NON_MANEUVER + ("da",),
                                                           "choice,effect:relic=4")),
    ("SFR Logo", "Items/Gold Medallion", 0, dict.fromkeys(NON_MANEUVER + ("da",),
                                                          "effect:return_from_dua=4")),
    ("SFR Logo", "Items/Silver Medallion", 0, dict.fromkeys(NON_MANEUVER + ("da",),
                                                            "effect:silver_medallion")),
    ("SFR Logo", "Items/Bronze Medallion", 0, {
        **dict.fromkeys(NON_MANEUVER + ("da",), "unresolved,cantrip:4"), "mag": "magic:4",
        "rmag": "magic:4"}),
    ("SFR Logo", "Items/Earthfang", 0, dict.fromkeys(CTX, "unresolved")),
    ("SFR Logo", "Eldarim/Air Dragon Hunter (Air)", 5, {
        "man": "maneuver:2", "cman": "maneuver:2", "mel": "melee:2", "cmel": "melee:2",
        "mis": "missile:2", "mag": "magic:2", "rmag": "magic:2", "sav": "save:2",
        "svm": "save:2", "svs": "save:2", "ind": "save:4", "indm": "maneuver:2",
        "dua": "save:4", "da": "effect:slay"}),
    ("SFR Logo", "Eldarim/Dragonslayer (White)", 5, {"ind": "save:4", "dua": "save:4",
                                                     "da": "effect:slay"}),
    ("SFR Logo", "Eldarim/Dragonlord (White)", 5, {"ind": "save:4", "dua": "save:4",
                                                   "da": "effect:tame"}),
    ("SFR Logo", "Eldarim/Water Dragon Zealot (Water)", 5, {
        "man": "maneuver:2", "cman": "maneuver:2", "mel": "melee:2", "cmel": "melee:2",
        "mis": "missile:2", "mag": "magic:2", "rmag": "magic:2", "sav": "save:2",
        "svm": "save:2", "svs": "save:2", "ind": "save:4", "indm": "maneuver:2",
        "dua": "save:4", "da": "effect:control"}),
    ("SFR Logo", "Dragonkin/Dragonstallion (Air)", 5, {"mel": "effect:move_dragon=1",
                                                       "cmel": "effect:move_dragon=1",
                                                       "ind": "save:4", "dua": "save:4"}),
]


def _outcome(key: str, face: int, ctx: RollContext):
    die = CAT.die(key)
    chain = [face]
    while face_results(die, chain[-1], ctx, 1).rerolls:
        chain.append(next(i for i in range(len(die.faces))
                          if not face_results(die, i, ctx, 1).rerolls))
    result = count_roll(RollInput(ctx, (DieRoll(1, die, tuple(chain)),)))
    return result, result.dice[0]


def _check(icon: Icon, result, outcome, expected: str) -> None:
    atoms = [a for a in expected.split(",") if a]
    from_icon = [c for c in outcome.contributions if c.icon is icon]
    effects = [e for e in outcome.effects if e.icon is icon]
    made = {c.result_type.value: 0 for c in from_icon}
    for c in from_icon:
        made[c.result_type.value] += c.amount
    wanted_results, wanted_effects = {}, {}
    for atom in atoms:
        name, _, value = atom.partition(":")
        if name in {t.value for t in RollType}:
            wanted_results[name] = int(value)
        elif name == "effect":
            kind, _, amount = value.partition("=")
            wanted_effects[kind] = int(amount) if amount else None
        elif name == "modifier":
            assert any(m.icon is icon for m in outcome.modifiers)
        elif name == "unresolved":
            assert any(u.icon is icon for u in outcome.unresolved)
        elif name == "choice":
            assert any(p.icon is icon for p, _ in result.choices)
        elif name == "reroll":
            assert outcome.face_outcomes[0].rerolls and len(outcome.faces) == 2
        elif name == "cantrip":
            assert outcome.cantrip_magic == int(value)
        elif name == "belly":
            assert outcome.automatic_saves == 0
        else:
            raise AssertionError(f"unknown atom {atom}")
    if "belly" not in atoms:
        assert made == wanted_results
    assert {e.kind for e in effects} == set(wanted_effects)
    for e in effects:
        if wanted_effects[e.kind] is not None:
            assert e.amount == wanted_effects[e.kind], e
    if not atoms:
        assert not from_icon and not effects
        assert any(icon.value in reason for reason in outcome.ignored), outcome.ignored
        assert not any(m.icon is icon for m in outcome.modifiers)
        assert not any(u.icon is icon for u in outcome.unresolved)


CASES = [(name, key, face, ctx_name, expected.get(ctx_name, ""))
         for name, key, face, expected in ROWS for ctx_name in CTX]


@pytest.mark.parametrize("name, key, face, ctx_name, expected",
                         [pytest.param(*c, marks=pytest.mark.rule("sai", c[0])) for c in CASES],
                         ids=[f"{n}-{k.split('/')[-1]}-{c}" for n, k, _, c, _ in CASES])
def test_sai_in_each_roll(name, key, face, ctx_name, expected):
    """Seed 000 / seed 001: what each SAI does in each kind of roll (rows above)."""
    die = CAT.die(key)
    icon = Icon(name)
    assert any(i is icon for i, _ in die.faces[face].icons), (key, face)
    ctx = CTX[ctx_name]
    if die.kind.is_item and ctx.kind is RollKind.INDIVIDUAL:
        with pytest.raises(ValueError, match="items are never rolled in an individual roll"):
            _outcome(key, face, ctx)
        return
    result, outcome = _outcome(key, face, ctx)
    _check(icon, result, outcome, expected)


def test_every_sai_of_the_catalog_has_a_row():
    """Every SAI printed on a unit or item of the catalog is in the table (the Dracolem icons,
    whose rules text is unknown, have their own test)."""
    dracolem = {Icon.FABRICATE, Icon.GATE, Icon.MAGIC_SUPPRESSION, Icon.SPELL_DISRUPTION}
    shown = {icon for d in CAT if d.kind.is_unit or d.kind.is_item
             for f in d.faces for icon, _ in f.icons if icon.is_sai}
    assert shown - {Icon(name) for name, *_ in ROWS} == dracolem


@pytest.mark.parametrize("icon", [Icon.FABRICATE, Icon.GATE, Icon.MAGIC_SUPPRESSION,
                                  Icon.SPELL_DISRUPTION])
def test_dracolem_icons_are_reported_unresolved(icon):
    """Digest §9: the Dracolem's rules text was not retrieved: reported, never dropped."""
    die, face = next((d, i) for d in CAT for i, f in enumerate(d.faces)
                     if any(x is icon for x, _ in f.icons))
    for ctx in (CTX["mel"], CTX["sav"], CTX["da"]):
        result, outcome = _outcome(die.key, face, ctx)
        assert any(u.icon is icon and "not retrieved" in u.reason for u in outcome.unresolved)
