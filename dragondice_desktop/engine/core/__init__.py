"""The core values of the game: state, actions and their text form, events, the seeded RNG, options, house rules and the game record."""
