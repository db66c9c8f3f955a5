"""One-line explanations of every Special Action Icon, in our own plain words.

Written for the glossary (Help ▸ SAI and spell glossary) from the rules' SAI list (seed 000)
and item rules (seed 001), paraphrased, never quoted. X is the icon's number of results:
on a d6 the icons printed, on large items and large Dragonkin 3, on monsters, artifacts,
medallions, relics and Dragonkin champions 4. The roll-by-roll details come from the engine
(`glossary.py`); these lines only say the idea.
"""

from __future__ import annotations

from ..catalog.model import Icon

SUMMARY: dict[Icon, str] = {
    Icon.ATTUNE: "Magic of any element you like; it can also recolour one unit's plain magic.",
    Icon.BASH: "When saving against melee, hits back one attacking unit with its own melee "
               "and saves that much; otherwise X saves.",
    Icon.BELLY: "The unit gives up its automatic saves for this roll.",
    Icon.BREATH: "In melee, X health-worth of defenders die outright.",
    Icon.BULLSEYE: "In a missile attack, X health-worth of defenders must save or die; the die "
                   "rolls again.",
    Icon.CANTRIP: "X magic in a magic action; in other non-maneuver rolls, X magic good only "
                  "for cantrip spells.",
    Icon.CHARGE: "The attackers' maneuver counts as melee, and the defenders strike back with "
                 "a save-and-melee roll instead of a normal save.",
    Icon.CHARM: "Up to X health-worth of defenders skip their save and roll for the attacker "
                "instead.",
    Icon.CHOKE: "Defenders that show ID on their save roll (up to X health-worth) die, and "
                "their IDs do not count.",
    Icon.CLOAK: "Adds X lasting saves to its army; X magic in a magic action; any X results "
                "against an individual effect.",
    Icon.COIL: "One defender takes X damage, saves and strikes back at the coiling unit with "
               "its melee.",
    Icon.CONFUSE: "After the defenders roll saves, up to X health-worth of them roll again and "
                  "keep the new faces.",
    Icon.CONVERT: "Up to X health-worth of defenders save or die; the attacker may bring back "
                  "as much health from its DUA.",
    Icon.COUNTER: "Saves that also hurt the melee attacker (X damage); X melee when attacking.",
    Icon.CREATE_FIREMINIONS: "X results of whichever type the army is rolling for.",
    Icon.CRUSH: "In a missile attack, up to X health-worth of defenders maneuver or die, then "
                "save or are buried.",
    Icon.DECAPITATE: "One defender that shows ID on its save roll dies, its results lost.",
    Icon.DISPEL_MAGIC: "Rolled against magic aimed at its unit, army or terrain: showing this "
                       "icon cancels that magic.",
    Icon.DOUBLE_STRIKE: "In melee, four health-worth of defenders save or die; the die rolls "
                        "again.",
    Icon.ELEMENT_AIR: "Elemental Relic: picks air units of the army to re-roll, recruit or "
                      "promote (X health-worth).",
    Icon.ELEMENT_DEATH: "Elemental Relic: picks death units of the army to re-roll, recruit "
                        "or promote (X health-worth).",
    Icon.ELEMENT_EARTH: "Elemental Relic: picks earth units of the army to re-roll, recruit "
                        "or promote (X health-worth).",
    Icon.ELEMENT_FIRE: "Elemental Relic: picks fire units of the army to re-roll, recruit or "
                       "promote (X health-worth).",
    Icon.ELEMENT_WATER: "Elemental Relic: picks water units of the army to re-roll, recruit "
                        "or promote (X health-worth).",
    Icon.ELEVATE: "X maneuver when maneuvering; otherwise doubles one unit's missile or "
                  "(against melee) save results.",
    Icon.ENTANGLE: "In melee, up to X health-worth of defenders die outright.",
    Icon.FABRICATE: "Dracolem icon: its rules text is not available, so the app cannot "
                    "explain it yet.",
    Icon.FERRY: "Moves itself and up to four health-worth of its army to any terrain.",
    Icon.FIREBREATH: "X damage to the defenders with no save; units it kills save or are "
                     "buried.",
    Icon.FIRECLOUD: "Up to X health-worth of defenders maneuver or die.",
    Icon.FIREWALKING: "X maneuver when maneuvering; otherwise moves itself and three "
                      "health-worth of its army anywhere.",
    Icon.FLAME: "In melee, two health-worth of defenders die and are buried.",
    Icon.FLAMING_ARROW: "In a missile attack, X health-worth of defenders save or die, then "
                        "save again or are buried.",
    Icon.FLURRY: "X melee and the die rolls again; against melee, X saves.",
    Icon.FLY: "X maneuver or X saves, in any roll.",
    Icon.FROST_BREATH: "An enemy army at this terrain halves all its results until your next "
                       "turn.",
    Icon.GALEFORCE: "An enemy army anywhere loses four saves and four maneuver from every roll "
                    "until your next turn.",
    Icon.GATE: "Dracolem icon: its rules text is not available, so the app cannot explain it "
               "yet.",
    Icon.GORE: "One defender takes two damage (it may save) and is buried if it dies.",
    Icon.HOOF: "X maneuver when maneuvering, X saves when saving.",
    Icon.HOWL: "The defenders lose X saves.",
    Icon.HUG: "One defender takes X damage with no save and strikes back at the hugging unit.",
    Icon.HYPNOTIC_GLARE: "Defenders that show ID on their save roll are frozen until your next "
                         "turn; their results do not count.",
    Icon.ILLUSION: "One of your armies cannot be shot at or targeted by enemy spells until "
                   "your next turn.",
    Icon.IMPALE: "In a missile attack, one defender that shows ID on its save roll dies.",
    Icon.KICK: "One defender takes X damage (it may save); X saves when saving.",
    Icon.LOGO: "The SFR/TSR logo: what it does depends on the die (medallions, relics, "
               "champions); see the die inspector.",
    Icon.MAGIC_SUPPRESSION: "Dracolem icon: its rules text is not available, so the app cannot "
                            "explain it yet.",
    Icon.NET: "Up to X health-worth of defenders maneuver or are netted until your next turn.",
    Icon.PLAGUE: "Defenders save or die one at a time, until one of them saves.",
    Icon.POISON: "X health-worth of defenders save or die, then save again or are buried.",
    Icon.REGENERATE: "X saves, or bring back up to X health-worth from your DUA.",
    Icon.REND: "X melee (or X maneuver) and the die rolls again.",
    Icon.RISE_FROM_THE_ASHES: "X saves; when the unit dies or is buried, a lucky roll sends it "
                              "to your Reserve Area instead.",
    Icon.ROAR: "Up to X health-worth of defenders are driven to their Reserve Area before "
               "saving.",
    Icon.SCARE: "Up to X health-worth of defenders save or flee to reserve; those showing ID "
                "die.",
    Icon.SCREECH: "The defenders lose X saves.",
    Icon.SEIZE: "Up to X health-worth of defenders roll: ID sends them to reserve, anything "
                "else kills them.",
    Icon.SLAY: "One defender rolls: anything but its ID kills it.",
    Icon.SLEEP: "One enemy unit at this terrain falls asleep until your next turn.",
    Icon.SMITE: "X damage to the defenders with no save.",
    Icon.SMOTHER: "Up to X health-worth of defenders maneuver or die.",
    Icon.SNEAK_ATTACK: "X damage with no save to an enemy army here (missile or magic); X melee "
                       "in melee.",
    Icon.SORTIE: "X melee when attacking, X saves when saving.",
    Icon.SPELL_DISRUPTION: "Dracolem icon: its rules text is not available, so the app cannot "
                           "explain it yet.",
    Icon.STOMP: "Up to X health-worth of defenders maneuver or die, then save or are buried.",
    Icon.STONE: "X damage to the defenders with no save.",
    Icon.STUN: "Up to X health-worth of defenders maneuver or are stunned; the die rolls "
               "again.",
    Icon.SUMMON_DRAGON: "Summons a dragon of its colour to a terrain; X magic in reserves.",
    Icon.SURPRISE: "The defenders may not counter-attack.",
    Icon.SWALLOW: "One defender rolls: anything but its ID kills and buries it.",
    Icon.TAIL: "Two melee and the die rolls again.",
    Icon.TELEPORT: "X maneuver when maneuvering; otherwise moves itself and three health-worth "
                   "of its army anywhere.",
    Icon.TRAMPLE: "X maneuver and X melee, in any roll.",
    Icon.TRUMPET: "Every Feral unit in the army doubles its melee and save results.",
    Icon.VANISH: "X saves, then the unit may slip away to any terrain or its Reserve Area.",
    Icon.VOLLEY: "Saves that also hurt the missile attacker (X damage); X missile when "
                 "shooting.",
    Icon.WAVE: "The defenders lose X saves; when marching, counter-maneuvering armies lose X "
               "maneuver.",
    Icon.WAYFARE: "X maneuver, or the item and a unit carrying it move to another terrain or "
                  "to reserve.",
    Icon.WEB: "Up to X health-worth of defenders roll for melee or are webbed until your next "
              "turn.",
    Icon.WILD_GROWTH: "X saves, or promote X health-worth of units, split as you like.",
    Icon.WITHER: "An enemy army at this terrain loses X results from every roll until your "
                 "next turn.",
}

X_RULE = ("X is the number of results an icon gives: on a six-sided die, the number of "
          "icons printed on the face; on large items and large Dragonkin, 3; on monsters, "
          "artifacts, medallions, relics and Dragonkin champions, 4. Icons with a fixed "
          "number (Tail, Gore, Double Strike, Flame) ignore X.")

SPELLS_NOTE = ("Spells cannot be cast in the app yet: magic results are counted, but "
               "spending them comes in a later version. Each spell below shows its cost, "
               "element, who may cast it and what it does, so you can plan a force. R: a "
               "Reserve army may cast it; C: Cantrip results may buy it.")

_UNTIL = "until your next turn"

# What each spell does, in a few plain words of our own (from the rules digest §7, reworded).
# The Dracolem alloy spells have no known text.
SPELL_SUMMARY: dict[str, str] = {
    "Hailstorm": "One enemy army takes 1 damage; it may save.",
    "Blizzard": f"Every army at a terrain rolls 3 melee fewer, {_UNTIL}.",
    "Wilding": f"After each roll one unit of the army doubles its melee and saves, {_UNTIL}.",
    "Wind Walk": f"An army gets 4 extra maneuver, {_UNTIL}.",
    "Fields of Ice": f"Every army at a terrain loses 4 maneuver and maneuver ties go to the "
                     f"defender, {_UNTIL}.",
    "Mirage": "Up to 5 health-worth of units at a terrain save or run to their Reserve Area.",
    "Lightning Strike": "One enemy unit saves or dies (once per unit per magic action).",
    "Palsy": f"An enemy army loses 1 from its non-maneuver rolls, {_UNTIL}.",
    "Decay": f"An enemy army loses 2 melee, {_UNTIL}.",
    "Evil Eye": f"An enemy army loses 2 saves, {_UNTIL}.",
    "Magic Drain": f"Every army at a terrain rolls 2 magic fewer, {_UNTIL}.",
    "Restless Dead": f"An army gets 3 extra maneuver, {_UNTIL}.",
    "Swamp Fever": "Up to 3 health-worth of enemy units roll: ID kills them, and a second ID "
                   "buries them.",
    "Finger of Death": "One enemy unit takes 1 damage that cannot be saved.",
    "Necromantic Wave": f"An army's magic counts as melee or missile, {_UNTIL}.",
    "Exhume": "Up to 3 health-worth in an enemy DUA save or are buried; you may raise as much "
              "from your own DUA.",
    "Open Grave": f"Units of an army killed after a save roll go to reserve instead of the DUA, "
                  f"{_UNTIL}.",
    "Soiled Ground": f"Units killed at a terrain save or are buried, {_UNTIL}.",
    "Stone Skin": f"An army gets 1 extra save, {_UNTIL}.",
    "Path": "Move one of your units to another terrain where you have an army.",
    "Berserker Rage": f"Feral units of an army count saves as melee when counter-attacking, "
                      f"{_UNTIL}.",
    "Higher Ground": f"An enemy army loses 5 melee, {_UNTIL}.",
    "Scent of Fear": "Up to 3 health-worth of enemy units at a terrain flee to reserve, no roll.",
    "Wall of Thorns": f"An army that maneuvers at a terrain takes 6 damage, reduced by melee, "
                      f"{_UNTIL}.",
    "Transmute Rock to Mud": f"An enemy army loses 6 maneuver, {_UNTIL}.",
    "Ash Storm": f"Every army roll at a terrain loses 1, {_UNTIL}.",
    "Fearful Flames": "One enemy unit takes 1 damage; if it saves it must save again or flee "
                      "to reserve.",
    "Firebolt": "One enemy unit takes 1 damage; it may save.",
    "Firestorm": "Every army at a terrain takes 2 damage.",
    "Flashfire": f"In each non-maneuver roll an army may re-roll one unit, {_UNTIL}.",
    "Fiery Weapon": f"An army gets 2 extra melee or missile, {_UNTIL}.",
    "Dancing Lights": f"An enemy army loses 6 melee, {_UNTIL}.",
    "Watery Double": f"An army gets 1 extra save, {_UNTIL}.",
    "Accelerated Growth": f"A killed Treefolk of 2+ health may swap with a 1-health Treefolk "
                          f"from your DUA, {_UNTIL}.",
    "Flash Flood": "A terrain turns down one step unless an enemy army there rolls 6 maneuver.",
    "Deluge": f"Every army at a terrain loses 3 maneuver and 3 missile, {_UNTIL}.",
    "Mire": f"An army marching to a terrain fights only with as much health as it rolls "
            f"maneuver, {_UNTIL}.",
    "Tidal Wave": "Every army at a terrain takes 4 damage, and the terrain may turn down.",
    "Wall of Fog": f"Missile attacks at armies at a terrain lose 6 missile, {_UNTIL}.",
    "Esfah's Gift": "Move a minor terrain from your BUA to your Summoning Pool.",
    "Evolve Dragonkin": "Promote one of your Dragonkin of the casting element.",
    "Resurrect Dead": "Bring back 1 health-worth of units of the casting element from your DUA.",
    "Summon Dragonkin": "1 health-worth of Dragonkin of the casting element joins the army.",
    "Rally": "Up to 3 of your Amazons at a terrain move to another terrain with your Amazons.",
    "Rise of the Eldarim": "Promote one Eldarim of the casting element.",
    "Summon Dragon": "Summon a dragon of the casting element to a terrain.",
    "Summon White Dragon": "Summon a White Dragon to any terrain (magic of any elements).",
}
