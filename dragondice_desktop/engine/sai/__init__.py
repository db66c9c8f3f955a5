"""Special action icons (SAIs): what each does in a roll, its effects and targets, its lasting effects and its column in a dragon attack."""
