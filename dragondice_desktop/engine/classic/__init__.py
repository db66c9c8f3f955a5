"""The 1996 TSR game ("classic" ruleset, issue 18): its icons and the game around them."""
