"""Dragons: their kinds, what kills them, and the Dragon Attack phase."""
