"""The rules engine: a pure reducer over actions (no Qt, no files, no clocks).

Its folders follow the rulebook's chapters:

- ``game``: the reducer everything else calls: ``legal_actions``, ``chance_outcomes`` (a
  dice roll waiting: each face with its probability), ``apply``, ``play``, ``replay``;
- ``core/``: the values of a game: its state, actions and their text form, events, the seeded
  RNG, the options and house rules it is played with, and the game record (its file form);
- ``turn/``: setup, the start of a turn and its phases, the march and the rolls it makes, the
  Reserves phase, and the end of the game;
- ``rolls/``: counting dice: the roll pipeline and its values, army and individual rolls, and
  counting a roll made with physical dice ("Count a roll");
- ``sai/``: special action icons: what each does in a roll, the effects it passes on and their
  targets, lasting effects, and what SAIs do in and to dragon attacks;
- ``units/``: damage and its assignment, what happens to a unit (killed, buried, moved), items;
- ``species/``: species abilities, one file per species, each ability on the hook where the game
  asks for it (results that count as others, a unit killed, the Species Abilities phase ...);
- ``spells/``: the spell book, paying for spells, their targets and effects, by element;
- ``dragons/``: dragon kinds, what kills them, and the Dragon Attack phase;
- ``terrains/``: eighth-face powers and minor terrains;
- ``tasks/``: the queue of what is still to resolve in a march and the runner that resolves it;
- ``policy``: a simple automatic player; ``coverage``: which rules the engine handles.
"""
