"""The 1996 TSR game's icons (issue 18): every icon of the 1996 action-icon list (seed 002),
one record each (``records.py``), counted in the rolls of the 1996 game (``contexts.py``:
skirmish, charge, saves, missile, magic, maneuver, the answer to a dragon; ``counting.py``),
and the effects they hand to the game (``effects.py``)."""
