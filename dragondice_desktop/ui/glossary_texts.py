"""The glossary's general notes, and its one-line explanation of every Special Action Icon,
which lives with the SAI's record in the engine (each SAI's file in ``engine/sai/icons/``).

The lines are written in our own plain words from the rules' SAI list (seed 000) and item
rules (seed 001), paraphrased, never quoted. X is the icon's number of results:
on a d6 the icons printed, on large items and large Dragonkin 3, on monsters, artifacts,
medallions, relics and Dragonkin champions 4. The roll-by-roll details come from the engine
(`glossary.py`); these lines only say the idea.
"""

from __future__ import annotations

from ..catalog.model import Icon
from ..engine.sai.registry import SAI_RECORDS

# Each SAI's one line, kept with the SAI's record in the engine (the rule lives there).
SUMMARY: dict[Icon, str] = {i: r.summary for i, r in SAI_RECORDS.items() if r.summary}

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
# The same for a 1996 game: its spells, gold for earth, and Cantrip magic buying any spell.
SPELLS_NOTE_1996 = ("The spells of the 1996 game. Spells are cast after a magic roll: the "
                    "Decision panel lists every spell by colour with its cost and what it "
                    "does, and greys those your magic cannot pay now; pick one, then its "
                    "target on the board. Gold is the earth colour. R: a Reserve army may "
                    "cast it. Cantrip results in other rolls may buy any spell, cast at once. "
                    "A spell that puts an effect on an army, a unit or a terrain lasts until "
                    "the beginning of the caster's next turn; the effect shows on the table "
                    "while it lasts.")
