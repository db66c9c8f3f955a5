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

SPELLS_NOTE = ("Spells are cast after a magic roll: the Decision panel lists every spell by "
               "element with its cost and what it does, and greys those your magic cannot pay "
               "now; pick one, then its target on the board. R: a Reserve army may cast it; "
               "C: Cantrip results in other rolls may buy it. A spell that puts an effect on "
               "an army, a unit or a terrain lasts until the beginning of the caster's next "
               "turn; the effect shows on the table while it lasts.")
