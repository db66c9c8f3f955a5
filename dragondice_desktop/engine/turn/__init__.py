"""The turn: setup, the start of a turn and its phases, the march and its rolls, the Reserves phase, and the end of the game."""
